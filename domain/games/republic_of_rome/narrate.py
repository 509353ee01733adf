"""Narration: the notes an apply left in the state (state.note), worded for one viewer.

Each phase module registers the wording of its own note kinds with `@narrates("kind")`: a function
(teller, note) -> a Message, or None to say nothing to this viewer. Visibility is decided by those
functions through the teller (spec 16): a note with `to=<seat>` is private and is never shown to
another seat (the dispatcher enforces it); faction treasuries and hands are never named in a public
line. An unregistered kind is an error, so no note is silently dropped.
"""
from __future__ import annotations

from typing import Any, Callable

from domain.i18n import _
from domain.rules import REFEREE, comma_list, seat_name

from .names import card_name, office_name, phase_name, senator_name, talents

Narrator = Callable[["Teller", dict], Any]
NARRATORS: dict[str, Narrator] = {}


def narrates(kind: str) -> Callable[[Narrator], Narrator]:
    def register(fn: Narrator) -> Narrator:
        if kind in NARRATORS:
            raise ValueError(f"two narrators for note kind {kind!r}")
        NARRATORS[kind] = fn
        return fn
    return register


class Teller:
    """Words for one viewer: "You" to the seat concerned, its colour to everybody else."""

    def __init__(self, D: Any, state: dict, viewer: str | None):
        self.D, self.s, self.viewer = D, state, viewer

    def sees(self, seat: str | None) -> bool:
        """A seat's private facts: shown to that seat and to the referee."""
        return seat is not None and (self.viewer == seat or self.viewer == REFEREE)

    def you(self, seat: str | None) -> bool:
        return seat is not None and seat == self.viewer

    def who(self, seat: str | None) -> str:
        if seat is None:
            return _("Nobody")
        return _("You") if self.you(seat) else seat_name(seat)

    def senator(self, sid: str) -> str:
        return senator_name(self.D, self.s, sid)

    def card(self, card: str) -> str:
        return card_name(self.D, card)

    def office(self, office: str) -> str:
        return office_name(office)

    def phase(self, phase: str) -> str:
        return phase_name(phase)

    def talents(self, n: int) -> str:
        return talents(n)

    def list(self, items: Any) -> str:
        """A translatable list of names ('A, B, C')."""
        return comma_list(items)


def narrate(D: Any, state: dict, viewer: str | None) -> list[str]:
    teller = Teller(D, state, viewer)
    out = []
    for n in state["notes"]:
        private = n.get("to")
        if private is not None and not teller.sees(private):
            continue
        text = NARRATORS[n["k"]](teller, n)
        if text and private is not None and not teller.you(private):
            # the referee (everybody once the game is over) reads what the seat read, said to be its own
            text = _("Told only to %(seat)s: %(text)s", seat=seat_name(private), text=text)
        if text:
            out.append(text)
    return out


# ----------------------------------------------------------------------- the core's own notes
@narrates("phase")
def _phase(t: Teller, n: dict) -> str:
    return _("Turn %(turn)d: the %(phase)s Phase begins.", turn=n["turn"], phase=t.phase(n["phase"]))


@narrates("phase_not_built")
def _not_built(t: Teller, n: dict) -> str:
    return _("The %(phase)s Phase is not played yet on this server: the turn goes on.", phase=t.phase(n["phase"]))


@narrates("roll")
def _roll(t: Teller, n: dict) -> str:
    dice = comma_list(str(d) for d in n["dice"])
    return _("Dice for %(purpose)s: %(dice)s (total %(total)d).", purpose=ROLL_PURPOSES.get(n["purpose"], n["purpose"]),
             dice=dice, total=n["total"])


@narrates("chits")
def _chits(t: Teller, n: dict) -> str:
    if not n["chits"]:
        return _("No Mortality chit was drawn.")
    return _("Mortality chits drawn: %(chits)s.", chits=comma_list(CHIT_WORDS.get(c) or c for c in n["chits"]))


@narrates("dealt")
def _dealt(t: Teller, n: dict) -> str:
    return _("%(seat)s receives %(senators)s.", seat=t.who(n["seat"]),
             senators=comma_list(t.senator(sid) for sid in n["senators"]))


@narrates("temporary_rome_consul")
def _temporary(t: Teller, n: dict) -> str:
    return _("%(senator)s (%(seat)s) becomes Temporary Rome Consul.", senator=t.senator(n["senator"]), seat=t.who(n["seat"]))


@narrates("initial_hand")
def _initial_hand(t: Teller, n: dict) -> str:
    return _("%(seat)s draws three Faction cards.", seat=t.who(n["seat"]))


@narrates("set_aside_shown")
def _set_aside(t: Teller, n: dict) -> str:
    return _("Forum cards drawn for the initial hands, shown and shuffled back: %(cards)s.",
             cards=comma_list(t.card(c) for c in n["cards"]))


@narrates("faction_leader")
def _leader(t: Teller, n: dict) -> str:
    return _("%(seat)s names %(senator)s Faction Leader.", seat=t.who(n["seat"]), senator=t.senator(n["senator"]))


@narrates("tie_break")
def _tie(t: Teller, n: dict) -> None:
    return None  # the dice note says it all


ROLL_PURPOSES: dict[str, str] = {}  # purpose id -> its words (a Message); each phase module adds its own
CHIT_WORDS = {"blank": _("blank"), "draw2": _("Draw 2")}
ROLL_PURPOSES.update({"tie_break": _("a tie")})
