"""The Population Phase (Rule 8): the Unrest adjustments, then the HRAO's State of the Republic speech, read on
the Population table of the data file. No player decides anything here (decision list 17.5): the HRAO's roll
is automatic.

The table's Manpower Shortage and No Recruitment last until the next Population Phase: the shortage is kept
apart in `s["manpower_shortage_population"]` (events.refresh adds it to the event's), the No Recruitment
marker in `s["no_recruitment"]`; both are cleared when the next Population Phase begins.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from . import events
from .dice import draw_chits, evil_omens, roll
from .machine import Step, goto, state
from .narrate import ROLL_PURPOSES, narrates
from .revenue import drought_effects
from .state import hrao, in_rome, note
from .turn import end_phase
from .victory import republic_falls


@state
class PopulationUnrestAdjustments(Step):
    """Rule 8.1: +1 Unrest per War in the Unprosecuted box, +1 per Drought effect (the Drought level and every
    drought War in play, active or not). Unrest never goes below 0."""

    name = "population_unrest_adjustments"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["manpower_shortage_population"] = 0
        s["no_recruitment"] = False
        events.refresh(s)
        unprosecuted = sum(1 for w in s["forum"]["wars"].values() if w["status"] == "unprosecuted")
        drought = drought_effects(s, D)
        if unprosecuted or drought:
            s["unrest"] = max(0, s["unrest"] + unprosecuted + drought)
            note(s, "unrest_adjusted", unprosecuted=unprosecuted, drought=drought, unrest=s["unrest"])
        goto(s, D, "population_state_of_the_republic", rng)


def population_row(D: Any, s: dict, result: int) -> dict:
    """The table's row for `result` (rows with min None / max None are open-ended); option population_row_10
    reads the row of 10 as "no change" (its `alternative`)."""
    for row in D.tables["population"]["rows"]:
        low, high = row["min"], row["max"]
        if (low is None or result >= low) and (high is None or result <= high):
            if "alternative" in row and s["options"]["population_row_10"] == "no_change":
                return {**row, "unrest_change": row["alternative"]}
            return row
    raise ValueError(f"no Population table row for {result}")


@state
class PopulationStateOfTheRepublic(Step):
    """Rule 8.2: the HRAO rolls 3d6 - Unrest + his Popularity (- Evil Omens only with evil_omens_affects_3d6)
    and the table decides: Unrest change, Manpower Shortage, No Recruitment, the Mob, or People Revolt."""

    name = "population_state_of_the_republic"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        chief = hrao(s, D)
        popularity = s["senators"][chief]["pop"] if chief is not None else 0
        dice = roll(s, rng, 3, "state_of_the_republic", senator=chief)
        omens = evil_omens(s) if s["options"]["evil_omens_affects_3d6"] else 0
        result = sum(dice) - s["unrest"] + popularity - omens
        row = population_row(D, s, result)
        note(s, "state_of_the_republic", senator=chief, dice=sum(dice), unrest=s["unrest"], pop=popularity,
             omens=omens, result=result)
        if row["people_revolt"]:
            people_revolt(s, D, rng)
            return
        s["unrest"] = max(0, s["unrest"] + row.get("unrest_change", 0))
        note(s, "unrest_now", change=row.get("unrest_change", 0), unrest=s["unrest"])
        if row["manpower_shortage"]:
            s["manpower_shortage_population"] = 1
            events.refresh(s)
            note(s, "population_manpower_shortage", level=s["manpower_shortage"])
        if row["no_recruitment"]:
            s["no_recruitment"] = True
            note(s, "population_no_recruitment")
        if row["mob"]:
            mob(s, D, rng)
        end_phase(s, D, rng)


def mob(s: dict, D: Any, rng: Random) -> None:
    """Rule 8.2, Mob: six chits; every drawn Senator in Rome, aligned or not, dies."""
    from .deaths import kill_senator
    from .card_play import by_number
    drawn = draw_chits(s, D, rng, D.tables["population"]["mob_chits"], "population_mob")
    victims = []
    for chit in drawn:
        sid = by_number(s, D, chit) if chit.isdigit() else None
        if sid is not None and sid not in victims and in_rome(s, sid):
            victims.append(sid)
    if not victims:
        note(s, "population_mob_spares")
    for sid in victims:
        if sid in s["senators"]:
            kill_senator(s, D, sid, rng, "mob")


def people_revolt(s: dict, D: Any, rng: Random) -> None:
    """Rule 8.2 and 12: the government falls; a rebel in revolt wins, otherwise every player loses."""
    note(s, "people_revolt")
    republic_falls(s, D, "people_revolt", rng)


# ------------------------------------------------------------------------------------------ narration
@narrates("unrest_adjusted")
def _adjusted(t: Any, n: dict) -> str:
    return _("Unrest rises by %(wars)d for unprosecuted Wars and %(drought)d for Drought: it is now %(unrest)d.",
             wars=n["unprosecuted"], drought=n["drought"], unrest=n["unrest"])


@narrates("state_of_the_republic")
def _speech(t: Any, n: dict) -> str:
    if n["omens"]:
        return _("State of the Republic: %(dice)d - Unrest %(unrest)d + Popularity %(pop)d - Evil Omens %(omens)d "
                 "= %(result)d.", dice=n["dice"], unrest=n["unrest"], pop=n["pop"], omens=n["omens"],
                 result=n["result"])
    return _("State of the Republic: %(dice)d - Unrest %(unrest)d + Popularity %(pop)d = %(result)d.", dice=n["dice"],
             unrest=n["unrest"], pop=n["pop"], result=n["result"])


@narrates("unrest_now")
def _unrest(t: Any, n: dict) -> str:
    if not n["change"]:
        return _("Unrest stays at %(unrest)d.", unrest=n["unrest"])
    return _("Unrest changes by %(change)d to %(unrest)d.", change=n["change"], unrest=n["unrest"])


@narrates("population_manpower_shortage")
def _shortage(t: Any, n: dict) -> str:
    return _("Manpower Shortage: new Legions and Fleets cost more until the next Population Phase.")


@narrates("population_no_recruitment")
def _no_recruitment(t: Any, n: dict) -> str:
    return _("No Recruitment: no Legions or Fleets may be raised this turn.")


@narrates("population_mob_spares")
def _mob_spares(t: Any, n: dict) -> str:
    return _("The mob kills nobody.")


@narrates("people_revolt")
def _revolt(t: Any, n: dict) -> str:
    return _("The People Revolt: the government of Rome falls.")


ROLL_PURPOSES.update({"state_of_the_republic": _("the State of the Republic")})
