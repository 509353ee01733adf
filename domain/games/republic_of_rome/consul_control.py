"""The Consul for Life controls the Senate (Rule 9.10: "his player controls all non-rebel Factions in the
Senate Phase"; issue #15).

Reading [A]: from the moment a Consul for Life exists (`s["consul_for_life"]`, this turn) and for the rest of
that Senate Phase, his faction decides every Senate vote for every non-rebel faction. When a vote starts, or
goes on once he has been made, the vote engine (voting.py) asks only his faction: its vote form (vote_form.py)
holds, besides its own Senators' votes while it has not voted, one more field, how the Senators of the
factions he controls vote (yes / no / abstain, one choice for all of them). Every other non-rebel faction
still to vote then has its Senators in Rome recorded as voting that way, with no talents spent
(`by: "consul_for_life"` on the floor, the note `controlled_vote`). The controlled factions are never asked:
they cannot veto or reserve with a Tribune, set off a standing veto or a standing assassination order, or
answer by their standing votes; the Consul for Life's own standing vote answers for all of them. A sealed or
immediate round under way when he is made is finished in order: the answers not yet revealed are set aside
(note `sealed_set_aside`) and his faction answers for the factions not yet voted. A faction with a rebel
is not controlled (it votes as usual). With no Senator of his faction left alive, nobody controls [A].
"""
from __future__ import annotations

from typing import Any

from domain.forms import OneOf, Option
from domain.i18n import _
from domain.rules import comma_list, seat_name

from . import floor, standing_votes
from .narrate import narrates
from .state import aligned, note


def rebel_seats(s: dict) -> set[str]:
    """The factions with a rebel Senator (Rule 11): not controlled by the Consul for Life."""
    return {x["faction"] for x in s["senators"].values() if x["rebel"] and x["faction"] is not None}


def controller(s: dict) -> str | None:
    """Rule 9.10: the faction of this turn's Consul for Life, while it has a Senator and is not in revolt."""
    cfl = s.get("consul_for_life")
    if not cfl or s["finished"] or cfl["turn"] != s["turn"] or s.get("phase") != "senate":
        return None
    seat = cfl["seat"]
    if seat not in s["seats"] or seat in rebel_seats(s) or not aligned(s, seat):
        return None
    return seat


def controlled(s: dict, entry: dict | None = None) -> list[str]:
    """The factions still to vote on the open proposal whose votes the Consul for Life casts."""
    seat = controller(s)
    if seat is None or not floor.is_open(s):
        return []
    entry = entry or floor.current(s)
    if entry["status"] != "open":
        return []
    rebels = rebel_seats(s)
    return [x for x in floor.remaining(s, entry) if x != seat and x not in rebels]


def asked(s: dict) -> str | None:
    """The faction asked for the whole vote while some controlled faction is still to vote, else None."""
    return controller(s) if controlled(s) else None


def field(s: dict, proposal: dict) -> OneOf:
    """The Consul for Life's one choice for the Senators of every faction he controls."""
    options = [Option("yes", _("Yes")), Option("no", _("No"))]
    if proposal["abstain"]:
        options.append(Option("abstain", _("Abstain")))
    return OneOf("controlled", _("As Consul for Life, the Senators of %(seats)s vote",
                                 seats=comma_list(seat_name(x) for x in controlled(s))), tuple(options))


def casts(s: dict, vote: str) -> list[dict]:
    """The engine's pending casts for every controlled faction, all its Senators in Rome voting `vote`."""
    return [{"do": "cast", "seat": seat, "by": "consul_for_life", "talents": {},
             "votes": {sid: vote for sid in floor.voters(s, seat)}} for seat in controlled(s)]


def call(s: dict, D: Any, rng: Any, seat: str) -> bool:
    """voting.proceed: call the Consul for Life's faction for the whole vote. A sealed round is finished in
    order; a compulsory Popular Appeal (Rule 9.11) is made first; his standing vote answers for all of them.
    Else his vote form is asked (False)."""
    from .machine import goto
    from .vote_form import appeal_due, appeal_required
    unseal(s)
    p = floor.update(s, called=seat)["proposal"]
    own = [seat] if seat in floor.remaining(s) else []
    due = [x for x in own + controlled(s) if appeal_due(s, x)]
    if due and appeal_required(p):
        s["ctx"]["todo"] = [{"do": "appeal", "seat": due[0]}]
        return True
    action = standing_votes.answer(s, seat, p, veto=False)
    if action is not None:
        mine = [{"do": "cast", "seat": seat, "by": "standing", "talents": {},
                 "votes": {sid: action for sid in floor.voters(s, seat)}}] if own else []
        s["ctx"]["todo"] = mine + casts(s, action)
        return True
    goto(s, D, "senate_faction_vote", rng)
    return False


def unseal(s: dict) -> None:
    """A sealed (or immediate) round becomes an ordered one: the answers not yet revealed are set aside."""
    if floor.current(s)["mode"] != "sealed":
        return
    if s.get("sealed"):
        note(s, "sealed_set_aside")
    s["sealed"] = {}
    floor.update(s, mode="in_order")


def answer(s: dict, seat: str, values: dict) -> list[dict]:
    """The pending actions of the Consul for Life's answer: his own (attempt, appeal, Tribune or vote, while
    his faction has not voted), then the votes of every controlled faction."""
    from .vote_form import answer_actions, default_vote
    todo = answer_actions(seat, values)
    if values.get("appeal") == "first":
        return todo  # asked again once the appeal is known
    if seat not in floor.remaining(s):
        todo = [a for a in todo if a["do"] not in ("cast", "veto", "suspend")]
    return todo + casts(s, values.get("controlled") or default_vote(floor.current(s)["proposal"]))


def prompt_text(s: dict) -> str:
    return _("As Consul for Life you decide this vote for %(seats)s: they are not asked.",
             seats=comma_list(seat_name(x) for x in controlled(s)))


def check_control(s: dict) -> None:
    """Invariants (Rule 9.10): the votes cast by the Consul for Life are this game's Consul for Life's, never
    his own faction's, one vote for all the faction's Senators and no talents."""
    entries = list(s.get("floor") or []) + ([s["floor_last"]] if s.get("floor_last") else [])
    for entry in entries:
        for seat, cast in entry["factions"].items():
            if cast["by"] != "consul_for_life":
                continue
            cfl = s.get("consul_for_life")
            assert cfl and cfl["seat"] != seat, f"{seat}'s votes cast by a Consul for Life of {cfl}"
            assert len({row["vote"] for row in cast["senators"]}) <= 1, f"{seat}'s controlled votes differ"
            assert not any(row["talents"] for row in cast["senators"]), f"{seat}'s controlled votes spent talents"


@narrates("controlled_vote")
def _controlled_vote(t: Any, n: dict) -> str:
    facts = dict(yes=n["yes"], no=n["no"], senator=t.senator(n["senator"]))
    if t.you(n["seat"]):
        return _("The Consul for Life, %(senator)s, casts your Senators' votes: %(yes)d for, %(no)d against.", **facts)
    if t.you(n["by"]):
        return _("As Consul for Life you cast the votes of %(seat)s: %(yes)d for, %(no)d against.",
                 seat=t.who(n["seat"]), **facts)
    return _("The Consul for Life, %(senator)s, casts the votes of %(seat)s: %(yes)d for, %(no)d against.",
             seat=t.who(n["seat"]), **facts)


@narrates("sealed_set_aside")
def _set_aside(t: Any, n: dict) -> str:
    return _("The Consul for Life now decides this vote: the sealed answers not yet revealed are set aside.")
