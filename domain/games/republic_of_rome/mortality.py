"""The Mortality Phase (Rule 5): Imminent Wars become Active (flag `imminent_wars`), then one Mortality chit
is drawn (a Draw 2 chit means two more: dice.draw_chits) and every Senator in play whose number is drawn dies
(deaths.kill_senator). No player decides anything in this phase.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .card_play import by_number
from .deaths import kill_senator
from .dice import draw_chits
from .machine import Step, state
from .narrate import narrates
from .state import note
from .turn import end_phase

@state
class MortalityDrawChits(Step):
    """Rule 5.1 (VG 1.05.1, flag `imminent_wars`): one Imminent War per series becomes Active. Rule 5.2: draw
    the chits; Rule 5.3: each number drawn kills the Senator in play with that number (a Statesman on his
    Family card is one Senator); a number not in play, a blank or a card in the deck, the Curia or a hand
    does nothing (spec 18.1)."""

    name = "mortality_draw_chits"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if s["options"]["imminent_wars"]:
            activate_imminent_wars(s, D)
        for chit in draw_chits(s, D, rng, D.c("mortality_chits_per_phase"), "mortality"):
            if chit == "blank":
                continue
            sid = by_number(s, D, chit)
            if sid is None:
                note(s, "chit_no_senator", number=chit)
            else:
                kill_senator(s, D, sid, rng, "mortality")
        end_phase(s, D, rng)


def activate_imminent_wars(s: dict, D: Any) -> None:
    """VG 1.05.1: for each series, the Imminent War earliest in the series becomes Active."""
    wars = s["forum"]["wars"]
    first: dict[str, str] = {}
    for wid, w in wars.items():
        if w["status"] != "imminent":
            continue
        series = D.wars[wid]["series"]
        if series not in first or D.wars[wid]["series_index"] < D.wars[first[series]]["series_index"]:
            first[series] = wid
    if not first:
        return
    s["forum"]["wars"] = {wid: ({**w, "status": "active"} if wid in first.values() else w) for wid, w in wars.items()}
    for wid in sorted(first.values(), key=lambda w: (D.wars[w]["series"], D.wars[w]["series_index"])):
        note(s, "imminent_war_active", war=wid)


@narrates("chit_no_senator")
def _no_senator(t: Any, n: dict) -> str:
    return _("No Senator numbered %(number)s is in play: nobody dies.", number=n["number"])


@narrates("imminent_war_active")
def _imminent(t: Any, n: dict) -> str:
    return _("The Imminent %(war)s becomes Active.", war=t.card("war:" + n["war"]))
