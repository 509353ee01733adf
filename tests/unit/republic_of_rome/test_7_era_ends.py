"""The Era Ends card (spec 0.2 `game_end`, VG 3.01.4 and 1.12.1): shuffled into the bottom of the deck at
setup, drawn in the Forum it records the turn (the game ends with that Forum Phase: turn.py) and persuasion
fails from an unmodified 9."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.invariants import check_every_card_once
from domain.games.republic_of_rome.persuasion import auto_fail
from tests.scenario.republic_of_rome.forum_position import forum, notes, phase_ends_here, roll, table
from tests.scenario.republic_of_rome.position import add_senator, make_state, narration

ERA = {"game_end": "era_ends_card_forum_phase"}


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_12_5_the_era_ends_card_is_shuffled_into_the_last_thirteen_cards(seed):
    s = make_state(4, seed, ERA)
    assert s["deck"].count("era:ends") == 1 and s["deck"].index("era:ends") >= len(s["deck"]) - 13
    check_every_card_once(s, data_for(s))  # the card count of the Early deck is untouched


def test_12_5_without_the_option_there_is_no_era_ends_card():
    assert "era:ends" not in make_state(4, 1)["deck"]


def test_12_5_drawing_era_ends_records_the_turn_and_nothing_goes_to_the_forum_or_a_hand():
    s = table(3, options=ERA, deck=("era:ends",))
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    s["turn"] = 4
    before, rng = forum(s, dice=[3, 5])
    s = roll(before, "red", rng)
    assert s["era_ends_revealed"] == 4 and notes(s, "era_ends")
    assert "era:ends" not in s["deck"] and s["factions"]["red"]["hand"] == [] and s["forum"] == before["forum"]
    assert any("Era Ends" in line for line in narration(before, s, "blue"))


def test_7_4_after_era_ends_an_unmodified_9_already_fails():
    s = table(3, options=ERA)
    D = data_for(s)
    assert auto_fail(s, D) == 10
    s["era_ends_revealed"] = 1
    assert auto_fail(s, D) == 9
    s["options"] = {**s["options"], "game_end": "end_of_turn_after_last_card_drawn"}
    assert auto_fail(s, D) == 10
