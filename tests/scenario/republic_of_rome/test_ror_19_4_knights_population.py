"""Worked examples 19.4 items 5 (Knights) and 6 (Population), number for number."""
from __future__ import annotations

import pytest

from tests.scenario.republic_of_rome.forum_position import forum, notes, phase_ends_here, roll, table, with_event
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, at_phase


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


def attract(paid: int, die: int, omens: int = 0) -> dict:
    """Red's Initiative (roll 8: a card), then Cornelius tries for a Knight paying `paid`."""
    s = table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", talents=10)
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "3", "green", leader=True)
    s, rng = forum(s, dice=[3, 5, die])
    if omens:
        with_event(s, "evil_omens", omens)
    s = roll(s, "red", rng)
    s = answer(s, "red", {"knights": "attract:1", "talents": paid, "leader_or_games": "none"}, rng)
    assert rng.dice == []
    return s


def test_19_4_5_paying_2_and_rolling_4_makes_6_and_wins_a_knight():
    s = attract(2, 4)
    assert s["senators"]["1"]["knights"] == 1 and s["senators"]["1"]["talents"] == 8
    assert notes(s, "knight_attract")[0]["total"] == 6


def test_19_4_5_paying_nothing_and_rolling_5_fails():
    s = attract(0, 5)
    assert s["senators"]["1"]["knights"] == 0 and s["senators"]["1"]["talents"] == 10


def test_19_4_5_with_one_evil_omens_paying_2_and_rolling_4_makes_5_and_fails():
    s = attract(2, 4, omens=1)
    assert s["senators"]["1"]["knights"] == 0 and s["senators"]["1"]["talents"] == 8
    assert notes(s, "knight_attract")[0]["total"] == 5


def speech(dice: list[int]) -> dict:
    """Unrest 3 after the adjustments, the HRAO's Popularity 2."""
    s = table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", pop=2)
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "3", "green", leader=True)
    s["unrest"] = 3
    return at_phase(s, "population", ScriptedRandom(dice))


def test_19_4_6_a_roll_of_9_gives_8_and_unrest_rises_by_3_to_6():
    s = speech([3, 3, 3])
    assert notes(s, "state_of_the_republic")[0]["result"] == 8
    assert s["unrest"] == 6 and s["manpower_shortage"] == 0


def test_19_4_6_a_roll_of_4_gives_3_unrest_rises_by_5_and_new_units_cost_20():
    s = speech([1, 1, 2])
    assert notes(s, "state_of_the_republic")[0]["result"] == 3
    assert s["unrest"] == 8 and s["manpower_shortage"] == 1
    from domain.games.republic_of_rome.data import data_for
    assert data_for(s).c("manpower_shortage_unit_cost")[s["manpower_shortage"] - 1] == 20
