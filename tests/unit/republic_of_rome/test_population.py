"""Rule 8 (the Population Phase): the Unrest adjustments and the State of the Republic, every row of the table."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.population import population_row
from tests.scenario.republic_of_rome.forum_position import notes, phase_ends_here, table, with_event
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, at_phase, chit_pick


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


def position(unrest: int = 0, popularity: int = 0, **options) -> dict:
    s = table(3, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul", pop=popularity)
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "3", "green", leader=True)
    s["unrest"] = unrest
    return s


def population(s: dict, dice: list[int], picks: list[int] = ()) -> dict:
    """The Population Phase with these dice (what the Senate then rolls is not scripted)."""
    return at_phase(s, "population", ScriptedRandom(dice, picks))


def speech(s: dict) -> dict:
    return notes(s, "state_of_the_republic")[0]


def test_8_1_unrest_rises_per_unprosecuted_war_and_per_drought_effect():
    s = position(unrest=1)
    s["forum"]["wars"]["1st_punic_war"]["status"] = "unprosecuted"
    s["forum"]["wars"]["1st_illyrian_war"] = {"status": "inactive", "naval_victory": False}  # drought symbol
    with_event(s, "drought", 2)
    s = population(s, [5, 5, 5])
    assert speech(s)["unrest"] == 1 + 1 + 3
    assert notes(s, "unrest_adjusted")[0] == {"k": "unrest_adjusted", "unprosecuted": 1, "drought": 3, "unrest": 5}


def test_8_2_the_speech_is_3d6_minus_unrest_plus_the_hraos_popularity():
    s = population(position(unrest=2, popularity=3), [4, 4, 4])
    assert speech(s)["result"] == 12 - 2 + 3


@pytest.mark.parametrize("result, change, ms, nr", [
    (18, -3, False, False), (17, -2, False, False), (16, -1, False, False), (13, 0, False, False),
    (10, 1, False, False), (9, 2, False, False), (8, 3, False, False), (7, 3, True, False), (6, 4, False, False),
    (5, 4, True, False), (4, 5, False, False), (3, 5, True, False), (2, 5, False, True)])
def test_8_2_every_row_of_the_population_table(result, change, ms, nr):
    unrest = 5 if result + 5 <= 18 else 0
    s = population(position(unrest=unrest), three_dice(result + unrest))
    assert speech(s)["result"] == result
    assert s["unrest"] == max(0, unrest + change)
    assert (s["manpower_shortage"] > 0, s["no_recruitment"]) == (ms, nr)


def three_dice(total: int) -> list[int]:
    dice = []
    for left in (2, 1, 0):
        dice.append(min(6, total - left))
        total -= dice[-1]
    return dice


def test_8_2_one_and_zero_bring_the_mob_six_chits_kill_the_drawn_senators_in_rome():
    s = position(unrest=6)
    add_senator(s, "7", None)
    add_senator(s, "8", "blue", location="province:sicilia")
    picks = [chit_pick(s, c, d) for c, d in (("7", []), ("8", ["7"]), ("blank", ["7", "8"]), ("blank", ["7", "8", "blank"]),
                                             ("blank", ["7", "8", "blank", "blank"]),
                                             ("blank", ["7", "8", "blank", "blank", "blank"]))]
    s = population(s, [1, 2, 4], picks)  # 7 - 6 = 1
    assert speech(s)["result"] == 1 and s["unrest"] == 11 and s["no_recruitment"]
    assert "7" not in s["senators"] and "8" in s["senators"]


def test_8_2_below_zero_the_people_revolt_and_everybody_loses():
    s = population(position(unrest=9), [1, 2, 3])
    assert s["finished"] and s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "people_revolt"


def test_8_2_row_10_is_an_option():
    D = data_for(position())
    assert population_row(D, position(), 10)["unrest_change"] == 1
    other = position(population_row_10="no_change")
    assert population_row(data_for(other), other, 10)["unrest_change"] == 0


def test_8_2_evil_omens_lower_the_speech_only_with_their_flag():
    for flag, result in ((False, 12), (True, 11)):
        s = position(evil_omens_affects_3d6=flag)
        with_event(s, "evil_omens")
        s = population(s, [4, 4, 4])
        assert speech(s)["result"] == result


def test_8_2_the_tables_shortage_and_no_recruitment_last_until_the_next_population_phase():
    s = population(position(unrest=4), [1, 2, 4])  # 7 - 4 = 3: Unrest +5, Manpower Shortage
    assert s["manpower_shortage"] == 1
    s = population(s, [6, 6, 6])
    assert s["manpower_shortage"] == 0 and not s["no_recruitment"]
