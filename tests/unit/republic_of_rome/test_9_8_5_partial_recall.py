"""Rule 9.8.5 (spec 17.6 items 36-37, recall{commander_id, unit_ids}): part of a Commander's force may be
recalled if the minimum-force rules allow (below the War's strength, with his consent); the whole force is a
recall; a Commander sent or reinforced in this Senate is not recalled in it."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import add_senator, answer, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, kinds, propose, small_senate, votes_all


def legion(i: int, at: str, veteran: bool = False) -> dict:
    return {"id": i, "veteran": veteran, "loyal_to": None, "at": at}


GAUL = "war:1st_gallic_war"


def table(regular: int = 12, veterans: tuple[int, ...] = ()) -> dict:
    """Red: Cornelius (1) Rome Consul presiding. Blue: Julius (4) commands in Gaul (land strength 10)
    with `regular` Legions and the given Veterans. Green: Claudius (5)."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    s["senators"]["4"]["location"] = GAUL
    s["forum"]["wars"] = {"1st_gallic_war": {"status": "active", "naval_victory": False}}
    s["legions"] = [legion(i, GAUL) for i in range(1, regular + 1)] + [legion(i, GAUL, True) for i in veterans]
    s["commands"] = [{"commander": "4", "war": "1st_gallic_war", "legions": [u["id"] for u in s["legions"]],
                      "fleets": [], "order": 1, "master_of_horse": None, "turn": 0}]
    return at_step(s, "senate_other_business", stage="other")


def form_of(s: dict) -> dict:
    return {f.name: f for f in prompt_for(answer(s, "red", "recall_units"), "red").form.fields}


def test_9_8_5_part_of_a_force_comes_home_and_the_commander_stays():
    s = table()
    assert "recall_units" in kinds(s)
    s = votes_all(propose(s, "recall_units", {"commander": "4", "legions": 2, "fleets": 0}), "yes")
    assert s["commands"][0]["legions"] == list(range(1, 11)) and s["senators"]["4"]["location"] == GAUL
    assert [u["id"] for u in s["legions"] if u["at"] == "italy"] == [11, 12]


def test_9_8_5_a_partial_recall_below_the_war_s_strength_needs_the_commander_s_consent():
    s = propose(table(), "recall_units", {"commander": "4", "legions": 8, "fleets": 0})
    assert asked_kinds(s) == {"blue": "consent"}  # 4 Legions + MIL left against 10
    refused = answer(s, "blue", "refuse")
    assert refused["commands"][0]["legions"] == list(range(1, 13))
    with pytest.raises(IllegalAction):  # his refusal stands this turn
        propose(refused, "recall_units", {"commander": "4", "legions": 8, "fleets": 0})
    s = votes_all(answer(s, "blue", "consent"), "yes")
    assert s["commands"][0]["legions"] == [1, 2, 3, 4]


def test_9_8_5_veterans_are_named_and_the_whole_force_is_a_recall():
    s = table(regular=3, veterans=(20,))
    assert [o.value for o in form_of(s)["veterans"].options] == ["20"]
    with pytest.raises(IllegalAction):
        propose(s, "recall_units", {"commander": "4", "legions": 3, "fleets": 0, "veterans": ["20"]})
    with pytest.raises(IllegalAction):
        propose(s, "recall_units", {"commander": "4", "legions": 0, "fleets": 0, "veterans": []})
    s = propose(s, "recall_units", {"commander": "4", "legions": 0, "fleets": 0, "veterans": ["20"]})
    s = votes_all(answer(s, "blue", "consent"), "yes")  # 3 Legions + MIL are below 10
    assert s["commands"][0]["legions"] == [1, 2, 3] and [u["at"] for u in s["legions"] if u["id"] == 20] == ["italy"]


def test_9_8_5_no_partial_recall_of_a_force_sent_in_this_senate():
    s = table()
    s["senate"]["sent"] = ["4"]
    assert "recall_units" not in kinds(at_step(s, "senate_other_business", stage="other", sent=["4"]))
