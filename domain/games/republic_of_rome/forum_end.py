"""The end of the Forum Phase (Rule 7.7, "putting Rome in order"), after the sixth Initiative: prosecution
eligibility of the office holders, the Tax Farmers of the 2nd Punic War (and Hannibal), the Curia's revival
and aging rolls, then Enemy Leader Dies (the HRAO's choice, event_choices.py), and on to the Population Phase.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from . import events
from .card_play import family_card_arrives
from .dice import evil_omens, roll
from .event_choices import enemy_leader_dies_pending
from .forum import ACTIVE, series_wars
from .machine import Step, call, goto, state
from .names import name_of
from .narrate import ROLL_PURPOSES, narrates
from .state import OFFICE_RANK, note
from .turn import end_phase


@state
class ForumEnd(Step):
    """Rule 7.7: prosecution eligibility of the office holders, the Tax Farmers of the 2nd Punic War (and
    Hannibal), the Curia, then Enemy Leader Dies (the HRAO's choice)."""

    name = "forum_end"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        for x in s["senators"].values():
            if x["office"] in OFFICE_RANK:
                x["major_eligible"] = x["minor_eligible"] = True
        tax_farmers(s, D, rng)
        curia(s, D, rng)
        if enemy_leader_dies_pending(s):
            call(s, D, "forum_enemy_leader_dies", rng, then="forum_end_done")
        else:
            goto(s, D, "forum_end_done", rng)


@state
class ForumEndDone(Step):
    name = "forum_end_done"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {}
        end_phase(s, D, rng)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        self.enter(s, D, rng)


def tax_farmers(s: dict, D: Any, rng: Random) -> None:
    """Rule 7.7 item 2: while the 2nd Punic War is Active the HRAO rolls 1d6 (never modified [A]); the Tax
    Farmer with that number is destroyed if in play. Hannibal with it: one more roll [A]."""
    war = s["forum"]["wars"].get("2nd_punic_war")
    if war is None or war["status"] not in ACTIVE:
        return
    causes = ["tax_farmer"] + (["hannibal"] if "hannibal" in s["forum"]["leaders"] else [])
    by_number = {str(c.get("tax_farmer_number")): cid for cid, c in D.concessions.items() if c.get("tax_farmer_number")}
    for cause in causes:
        die = roll(s, rng, 1, cause)[0]
        if str(die) in by_number:
            events.destroy_concession(s, by_number[str(die)], cause)


def curia(s: dict, D: Any, rng: Random) -> None:
    """Rule 7.7 item 3: the HRAO rolls 1d6 (-1 per Evil Omens level) for every card in the Curia: Senators
    and Concessions return to the Forum on 5-6; a Leader whose War is not in play dies on 5-6."""
    need = D.c("curia_revival_min_roll")
    for fid in list(s["curia"]["senators"]):
        if roll(s, rng, 1, "curia_senator", card="sen:" + fid)[0] - evil_omens(s) >= need:
            s["curia"] = {**s["curia"], "senators": [x for x in s["curia"]["senators"] if x != fid]}
            family_card_arrives(s, D, fid)
            note(s, "curia_returns", card="sen:" + fid)
    for cid in list(s["curia"]["concessions"]):
        if roll(s, rng, 1, "curia_concession", card="con:" + cid)[0] - evil_omens(s) >= need:
            s["curia"] = {**s["curia"], "concessions": [x for x in s["curia"]["concessions"] if x != cid]}
            s["forum"]["concessions"] = s["forum"]["concessions"] + [cid]
            note(s, "curia_returns", card="con:" + cid)
    dies = D.c("leader_aging_death_min_roll")
    for lid in list(s["curia"]["leaders"]):
        if series_wars(s, D, D.leaders[lid]["series"]):
            continue
        if roll(s, rng, 1, "leader_aging", card="ldr:" + lid)[0] - evil_omens(s) >= dies:
            s["curia"] = {**s["curia"], "leaders": [x for x in s["curia"]["leaders"] if x != lid]}
            s["discard"].append("ldr:" + lid)
            note(s, "leader_dies_of_age", leader=lid)


# ------------------------------------------------------------------------------------------ narration
@narrates("curia_returns")
def _curia_returns(t: Any, n: dict) -> str:
    return _("%(card)s returns from the Curia to the Forum.", card=t.card(n["card"]))


@narrates("leader_dies_of_age")
def _leader_age(t: Any, n: dict) -> str:
    return _("%(leader)s dies in the Curia and is discarded.", leader=name_of(t.D.leaders[n["leader"]]["name"]))


ROLL_PURPOSES.update({
    "tax_farmer": _("the Tax Farmers (2nd Punic War)"), "hannibal": _("the Tax Farmers (Hannibal)"),
    "curia_senator": _("a Senator in the Curia"), "curia_concession": _("a Concession in the Curia"),
    "leader_aging": _("a Leader in the Curia"),
})
