"""The `scenario` option: a game starts from a prepared position (docs/rules-republic-of-rome.md)."""
from __future__ import annotations

import random

import pytest

from domain.games.republic_of_rome import RULES
from domain.rules import IllegalAction

SEATS = ["red", "blue", "green"]
POSITION = {
    "turn": 2, "phase": "forum", "treasury": 80, "unrest": 2,
    "factions": {"red": {"treasury": 10, "leader": "2", "hand": ["int:tribune.1"],
                         "senators": [{"id": "2", "talents": 9}, {"id": "1", "statesman": "1A"}]},
                 "blue": {"senators": [{"id": "3", "inf": 12}]}, "green": {"senators": [{"id": "22A"}]}},
    "forum": {"senators": [{"id": "5"}]},
    "deck_top": ["sen:7"],
}


def test_a_prepared_position_is_played_from_its_phase_with_every_card_once():
    s = RULES.setup(SEATS, {"scenario": POSITION}, random.Random(3))
    RULES.check_invariants(s)  # every card of the Early deck exactly once
    assert (s["seats"], s["turn"], s["phase"], s["treasury"], s["unrest"]) == (SEATS, 2, "forum", 80, 2)
    assert s["deck"][0] == "sen:7"
    assert s["senators"]["2"]["talents"] == 9 and s["senators"]["3"]["inf"] == 12
    assert s["senators"]["1"]["statesman"] == "1A" and s["senators"]["22A"]["family"] is None
    assert s["senators"]["5"]["faction"] is None
    assert s["factions"]["red"]["leader"] == "2" and s["factions"]["blue"]["leader"] == "3"
    assert s["factions"]["red"]["hand"] == ["int:tribune.1"] and s["factions"]["red"]["treasury"] == 10
    assert s["forum"]["wars"] == {"1st_punic_war": {"status": "inactive", "naval_victory": False}}
    assert [p.kind for p in RULES.prompts(s)] == ["roll_initiative"]


@pytest.mark.parametrize("position", [
    {"factions": {"purple": {}}},
    {"factions": {"red": {"senators": [{"id": "99"}]}}},
    {"forum": {"senators": [{"id": "5"}, {"id": "5"}]}},
    {"factions": {"red": {"hand": ["sen:7"]}}},
    {"factions": {"red": {"senators": [{"id": "2"}], "leader": "3"}}},
    {"deck_top": ["sen:2"], "factions": {"red": {"senators": [{"id": "2"}]}}},
    {"phase": "banquet"},
    {"treasury": "lots"},
])
def test_an_unusable_position_is_refused_with_a_sentence(position):
    with pytest.raises(IllegalAction) as refused:
        RULES.setup(SEATS, {"scenario": position}, random.Random(3))
    assert "starting position" in str(refused.value.reason)
