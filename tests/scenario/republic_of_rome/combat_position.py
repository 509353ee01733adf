"""Positions for the Combat Phase's tests (Rule 10): an army in the field, the phase run alone with scripted
dice and chits (its end stops at the step 'after_combat' instead of going on to the Revolution Phase)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import combat
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.invariants import check
from domain.games.republic_of_rome.turn import start_phase
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, bare, chit_pick, edit, make_state

BASE = make_state(3, seed=2)
RED, BLUE, GREEN = BASE["seats"]
GALLIC = "1st_gallic_war"


def position(war: str = GALLIC, legions: int = 10, fleets: int = 0, unrest: int = 3) -> dict:
    """Cornelius (1, MIL 4, INF 5), Red's Field Consul (Fulvius, 7, leads Red), in the field against `war`
    with `legions` Legions and `fleets` Fleets; Valerius (3) leads Blue, Claudius (5) Green."""
    s = bare(BASE)
    add_senator(s, "7", RED, leader=True)
    add_senator(s, "1", RED, office="field_consul", location="war:" + war)
    add_senator(s, "3", BLUE, leader=True)
    add_senator(s, "5", GREEN, leader=True)
    s["forum"]["wars"][war] = {"status": "active", "naval_victory": False}
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None, "at": "war:" + war} for i in range(1, legions + 1)]
    s["fleets"] = [{"id": i, "at": "war:" + war} for i in range(1, fleets + 1)]
    s["commands"] = [army("1", war, list(range(1, legions + 1)), list(range(1, fleets + 1)))]
    s.update(unrest=unrest, treasury=50, phase="senate", notes=[])
    return s


def army(sid: str, war: str, legions: list[int], fleets: list[int], order: int = 1, horse: str | None = None) -> dict:
    return {"commander": sid, "war": war, "legions": legions, "fleets": fleets, "order": order,
            "master_of_horse": horse, "turn": 1}


def add_army(s: dict, sid: str, war: str, legions: int, fleets: int = 0, order: int = 2) -> None:
    """Another army: new Legions and Fleets (numbered after those in play) with Commander `sid`."""
    first_l, first_f = len(s["legions"]) + 1, len(s["fleets"]) + 1
    ids_l, ids_f = list(range(first_l, first_l + legions)), list(range(first_f, first_f + fleets))
    s["legions"] = s["legions"] + [{"id": i, "veteran": False, "loyal_to": None, "at": "war:" + war} for i in ids_l]
    s["fleets"] = s["fleets"] + [{"id": i, "at": "war:" + war} for i in ids_f]
    s["senators"][sid]["location"] = "war:" + war
    s["commands"] = s["commands"] + [army(sid, war, ids_l, ids_f, order)]


@pytest.fixture
def combat_only(monkeypatch):
    monkeypatch.setattr(combat, "end_phase", lambda s, D, rng: s.update(step="after_combat"))


def fight(s: dict, dice: list[int], picks: list[int] = ()) -> dict:
    """A copy of `s` after the Combat Phase ran with these dice and chit picks (to its end or a prompt)."""
    s = edit(s)
    start_phase(s, data_for(s), "combat", ScriptedRandom(dice, picks))
    check(s, data_for(s))
    return s


def blanks(s: dict, n: int, last: str | None = None) -> list[int]:
    """Chit picks drawing numbers of nobody in play ('20', '21'...), then `last` if given."""
    chits = [str(20 + i) for i in range(n)] + ([last] if last else [])
    return [chit_pick(s, c, chits[:i]) for i, c in enumerate(chits)]
