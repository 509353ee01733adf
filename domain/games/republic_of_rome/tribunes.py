"""Tribunes (Rule 9.3): the veto, the proposal reserved with a Tribune, Cato's free use, the dice-off.

A Tribune is a card `int:tribune.N` in a faction's hand (secret until played: playing one discards it with
a public note that names it), or Cato the Elder's free use (Rule 9.3: Statesman 22A gives his faction one
use per turn without a card; it is used first, being lost at the end of the turn anyway). A card received
by trade outside the Revolution Phase is unplayable (spec 18.22).

How the vote engine offers a Tribune without an extra round trip (issue #15):
* **Veto** — "before or during its own turn to vote (not after it has voted)": an option of the faction's
  vote form when it is called, and a standing order ("veto ..." in standing_votes.py) that acts when the
  proposal is put on the floor. A faction that has voted is never offered one.
* **Propose** — a faction other than the PM's may reserve the next proposal with a Tribune, through its
  vote form, while a proposal the agenda marks `"reservable": True` is voted (not one made with a Tribune,
  not a prosecution). Spec 18.32's default reading of an amendment is the same thing: the Tribune
  holder's own (amended) proposal is voted right after the current one, which is not altered. The agenda
  reads `reserved(s)` when it next asks for a proposal and calls `clear_reservation(s)` once that
  faction has proposed (the proposal then carries `"tribune": True, "by": seat`).
* **Suspend** — during a vote that would send the PM to war (Rule 9.3, 9.8.5), a faction other than the PM's
  may suspend it through its vote form ("suspend": it does not vote); the vote ends "suspended", the
  faction proposes next as with a reservation, and the agenda then puts the suspended proposal to a new
  vote, unless the Tribune's proposal made it impossible (business.py).
* **Simultaneous Tribunes** (standing vetoes at the opening of a vote, sealed votes): they dice off, one
  die each, highest wins, ties roll again; the losers keep their cards.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .data import card_key
from .dice import roll
from .narrate import ROLL_PURPOSES, narrates
from .state import note

NOT_VETOABLE = ("consul_for_life", "special_prosecution")  # Rule 9.3
NOT_RESERVABLE_DURING = ("prosecution", "special_prosecution")  # Rule 9.3: prosecutions cannot be proposed


def intrigue_turn(s: dict) -> dict:
    """This turn's public intrigue facts: Cato's use, the assassination attempts (reset each turn)."""
    facts = s.get("intrigue_turn") or {}
    if facts.get("turn") != s["turn"]:
        facts = {"turn": s["turn"], "cato_used": [], "attempted": [], "targeted": []}
    return facts


def set_intrigue_turn(s: dict, **changes: Any) -> None:
    s["intrigue_turn"] = {**intrigue_turn(s), **changes}


def playable(s: dict, seat: str, kind: str) -> list[str]:
    """The faction's playable cards of an intrigue kind ('tribune', 'assassin', 'secret_bodyguard')."""
    f = s["factions"][seat]
    return [c for c in f["hand"] if c.startswith("int:") and card_key(c) == kind and c not in f["unplayable"]]


def play_card(s: dict, seat: str, card: str) -> None:
    """A played intrigue card leaves the hand for the discard pile (the note names it: it is revealed)."""
    f = s["factions"][seat]
    hand = list(f["hand"])
    hand.remove(card)
    f["hand"] = hand
    s["discard"] = s["discard"] + [card]


def free_tribune(D: Any, statesman: str | None) -> bool:
    """Whether a Statesman gives his faction a free Tribune use per turn (Cato the Elder, 22A: data)."""
    card = D.statesmen.get(statesman) if statesman else None
    return card is not None and any(a["type"] == "free_tribune_per_turn" for a in card.get("abilities", ()))


def cato_seat(s: dict, D: Any) -> str | None:
    """The faction holding Cato the Elder, whose free use is unused this turn (public facts)."""
    for x in s["senators"].values():
        if free_tribune(D, x["statesman"]) and x["faction"] is not None and not x["rebel"]:
            return None if x["faction"] in intrigue_turn(s)["cato_used"] else x["faction"]
    return None


def can_use(s: dict, D: Any, seat: str) -> bool:
    return cato_seat(s, D) == seat or bool(playable(s, seat, "tribune"))


def use(s: dict, D: Any, seat: str, purpose: str) -> None:
    """Spend one Tribune use for `purpose` ('veto', 'propose'): Cato's free use first, else a card."""
    if cato_seat(s, D) == seat:
        set_intrigue_turn(s, cato_used=intrigue_turn(s)["cato_used"] + [seat])
        note(s, "tribune_used", seat=seat, card=None, purpose=purpose)
        return
    card = playable(s, seat, "tribune")[0]
    play_card(s, seat, card)
    note(s, "tribune_used", seat=seat, card=card, purpose=purpose)


def vetoable(s: dict, D: Any, proposal: dict) -> bool:
    """Rule 9.3: not a Consul for Life, not the special prosecution of a caught assassin, not a proposal by
    a Dictator, not what the agenda marks `"vetoable": False` (the last eligible candidates, the Consuls'
    joint Dictator)."""
    if not proposal.get("vetoable", True) or proposal["kind"] in NOT_VETOABLE:
        return False
    pm = proposal.get("pm")
    by_dictator = pm in s["senators"] and s["senators"][pm]["office"] == "dictator" and not proposal.get("tribune")
    return not by_dictator


def may_reserve(s: dict, D: Any, seat: str, proposal: dict, pm_seat: str | None) -> bool:
    """Rule 9.3: a faction other than the PM's may reserve the next proposal during one the agenda marks
    reservable, not during one made with a Tribune nor during prosecutions, once at a time."""
    return (bool(proposal.get("reservable")) and not proposal.get("tribune") and seat != pm_seat
            and proposal["kind"] not in NOT_RESERVABLE_DURING and reserved(s) is None and can_use(s, D, seat))


def sends_pm_away(entry: dict) -> bool:
    """Rule 9.8.5: the vote on the floor would send its Presiding Magistrate to war (closing the Senate)."""
    return entry["pm"] in (entry["proposal"].get("sends_to_war") or [])


def may_suspend(s: dict, D: Any, seat: str, entry: dict, pm_seat: str | None) -> bool:
    """Rule 9.3 "Suspend": during a vote that would send the PM to war, a faction other than his may suspend
    it with a Tribune and put its own proposal first (not during a Tribune's proposal; one at a time)."""
    proposal = entry["proposal"]
    return (sends_pm_away(entry) and entry["status"] == "open" and not proposal.get("tribune") and seat != pm_seat
            and reserved(s) is None and can_use(s, D, seat))


def suspend(s: dict, D: Any, seat: str) -> None:
    use(s, D, seat, "suspend")
    s["tribune_reserved"] = seat


def reserve(s: dict, D: Any, seat: str) -> None:
    use(s, D, seat, "propose")
    s["tribune_reserved"] = seat
    note(s, "tribune_reserved", seat=seat)


def reserved(s: dict) -> str | None:
    """The faction that reserved the next proposal with a Tribune, if any (the agenda asks it next)."""
    return s.get("tribune_reserved")


def clear_reservation(s: dict) -> None:
    s["tribune_reserved"] = None


def dice_off(s: dict, rng: Random, seats: list[str]) -> str:
    """Rule 9.3: Tribunes played at the same moment dice off (one die each, ties roll again)."""
    contenders = list(seats)
    while len(contenders) > 1:
        rolls = {seat: roll(s, rng, 1, "tribune_dice_off", seat=seat)[0] for seat in contenders}
        best = max(rolls.values())
        contenders = [seat for seat in contenders if rolls[seat] == best]
    return contenders[0]


@narrates("tribune_used")
def _tribune_used(t: Any, n: dict) -> str:
    free, veto = n["card"] is None, n["purpose"] == "veto"
    if t.you(n["seat"]):
        if free:
            return _("You veto with Cato's free Tribune.") if veto else \
                _("You use Cato's free Tribune to make the next proposal.")
        return _("You play a Tribune and veto.") if veto else _("You play a Tribune to make the next proposal.")
    if n["purpose"] == "suspend":
        if t.you(n["seat"]):
            return _("You play a Tribune: the vote is suspended and your proposal comes first.")
        return _("%(seat)s plays a Tribune: the vote is suspended and its proposal comes first.", seat=t.who(n["seat"]))
    seat = t.who(n["seat"])
    if free:
        return _("%(seat)s vetoes with Cato's free Tribune.", seat=seat) if veto else \
            _("%(seat)s uses Cato's free Tribune to make the next proposal.", seat=seat)
    return _("%(seat)s plays a Tribune and vetoes.", seat=seat) if veto else \
        _("%(seat)s plays a Tribune to make the next proposal.", seat=seat)


@narrates("tribune_reserved")
def _reserved(t: Any, n: dict) -> None:
    return None  # tribune_used says it


ROLL_PURPOSES.update({"tribune_dice_off": _("the Tribunes' dice-off")})
