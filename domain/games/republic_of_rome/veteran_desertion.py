"""Rule 11.2 and decision 50 (spec 17.7, `veteran_desertion`): Veterans loyal to a Senator who stays loyal to
Rome and who are in the rebel army (they marched with the rebel's command) may desert the rebel.

Readings [A] (docs/rules-republic-of-rome.md, "Revolution Phase"):
* "or vice versa" (Veterans loyal to a rebel in a loyal army) asks nothing: spec 11.2 says they join the rebel
  army wherever they are (rebels.make_rebel does it);
* asked once the revolt stands and its secondary rebels are known: of each loyal aligned owner, his faction
  (one question an owner, factions clockwise from the HRAO's, then by Senator); desert: his Veterans leave
  the rebel army for Italy; stay: they remain rebels (the rebel's upkeep, Rule 6.1, pays for them);
* a missed deadline deserts (Veterans follow the Senator they are loyal to); an unaligned owner has nobody to
  answer for him: his Veterans desert.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, n_

from .machine import Step, goto, state
from .names import senator_name
from .narrate import narrates
from .state import bump, clockwise_from, hrao_seat, note, sorted_ids
from .turn import end_phase

DESERT, STAY = "desert", "stay"


def deserters(s: dict, sid: str) -> list[int]:
    """The Veterans loyal to `sid` in the rebel army."""
    return [u["id"] for u in s["legions"] if u["veteran"] and u["loyal_to"] == sid and u["at"] == "rebel"]


def owners(s: dict, D: Any) -> list[str]:
    """The loyal Senators in play with Veterans in the rebel army: factions clockwise from the HRAO's."""
    order = clockwise_from(s, hrao_seat(s, D))
    found = [sid for sid in sorted_ids(s["senators"]) if not s["senators"][sid]["rebel"] and deserters(s, sid)]
    return sorted(found, key=lambda sid: order.index(s["senators"][sid]["faction"])
                  if s["senators"][sid]["faction"] in order else -1)


def desert(s: dict, sid: str) -> None:
    ids = set(deserters(s, sid))
    s["legions"] = [{**u, "at": "italy"} if u["id"] in ids else u for u in s["legions"]]
    note(s, "veterans_desert", senator=sid, legions=len(ids))


def after_revolt(s: dict, D: Any, rng: Random) -> None:
    """rebels.py, once the revolt and its secondary rebels stand: the owners' decisions, then the phase ends."""
    for sid in owners(s, D):
        if s["senators"][sid]["faction"] is None:
            desert(s, sid)
    if owners(s, D):
        goto(s, D, "revolution_veteran_desertion", rng)
        return
    end_phase(s, D, rng)


@state
class RevolutionVeteranDesertion(Step):
    """Decision 50: the faction of a loyal owner of Veterans in the rebel army: they desert, or stay rebels."""

    name = "revolution_veteran_desertion"
    short = "desert"
    kind = "veteran_desertion"
    forced_public = True  # where every Legion stands is public
    waiting = _("to decide whether Veterans desert the rebel")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"owners": owners(s, D)}

    def legal(self, s: dict, D: Any) -> dict:
        sid = s["ctx"]["owners"][0]
        return {s["senators"][sid]["faction"]: [DESERT, STAY]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("They desert the rebel and return to Italy") if cid == DESERT else _("They stay with the rebel")

    def text(self, s: dict, D: Any, seat: str) -> str:
        sid = s["ctx"]["owners"][0]
        n = len(deserters(s, sid))
        return n_("%(n)d Veteran Legion loyal to %(senator)s is in the army of the rebel %(rebel)s. Does it desert "
                  "him?", "%(n)d Veteran Legions loyal to %(senator)s are in the army of the rebel %(rebel)s. Do "
                  "they desert him?", n, senator=senator_name(D, s, sid),
                  rebel=senator_name(D, s, s["revolt"]["rebel"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return DESERT

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        sid = s["ctx"]["owners"].pop(0)
        if cid == DESERT:
            desert(s, sid)
        else:
            note(s, "veterans_stay_rebel", senator=sid)
        if not s["ctx"]["owners"]:  # else the next owner is asked
            end_phase(s, D, rng)


@narrates("veterans_desert")
def _desert(t: Any, n: dict) -> str:
    return n_("%(n)d Veteran Legion loyal to %(senator)s deserts the rebel and returns to Italy.",
              "%(n)d Veteran Legions loyal to %(senator)s desert the rebel and return to Italy.", n["legions"],
              senator=t.senator(n["senator"]))


@narrates("veterans_stay_rebel")
def _stay(t: Any, n: dict) -> str:
    return _("The Veterans loyal to %(senator)s stay with the rebel.", senator=t.senator(n["senator"]))
