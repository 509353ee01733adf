"""Rule 12 item 2 (last_stand.py): a rebel who wins while four or more Active Wars exist must fight them at once
with all remaining Roman forces; his faction wins only if the first battle is a Victory that brings the count
below four, otherwise the Republic falls and everybody loses."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES, victory
from domain.games.republic_of_rome.civil_war import fight
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.invariants import check
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, bare, make_state

WARS = ("1st_gallic_war", "1st_macedonian_war", "2nd_illyrian_war", "syrian_war")  # the 2nd Illyrian: 4, the weakest


def table(wars: tuple[str, ...] = WARS) -> dict:
    """Red: Fabius (2, MIL 4) in revolt since turn 1 with Legions 1-4; Julius (4, Blue) Field Consul against the
    1st Gallic War with Legions 5-8; Legions 9-14 in Italy; `wars` Active (the 1st Punic War Inactive unless
    named). Turn 2."""
    s = bare(make_state(3, seed=1))
    add_senator(s, "2", "red", leader=True, rebel=True, location="rebel")
    add_senator(s, "4", "blue", leader=True, office="field_consul", location="war:1st_gallic_war")
    add_senator(s, "5", "green", leader=True, office="rome_consul")
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None,
                     "at": "rebel" if i <= 4 else "war:1st_gallic_war" if i <= 8 else "italy"} for i in range(1, 15)]
    s["commands"] = [{"commander": "4", "war": "1st_gallic_war", "legions": [5, 6, 7, 8], "fleets": [], "order": 1,
                      "master_of_horse": None, "turn": 1}]
    for w in wars:
        s["forum"]["wars"][w] = {"status": "active", "naval_victory": False}
        if "war:" + w in s["deck"]:
            s["deck"].remove("war:" + w)
    s["revolt"] = {"seat": "red", "rebel": "2", "senators": ["2"], "turn": 1}
    s["turn"] = 2
    s["notes"] = []
    return s


def test_12_2_a_rebel_unopposed_with_four_active_wars_wins_by_beating_the_weakest_first():
    s = table()
    D = data_for(s)
    assert fight(s, D, ScriptedRandom([6, 6, 6], strict=True))  # 18 + 14: Victory, no losses
    assert s["battles"][0]["war"] == "2nd_illyrian_war" and s["battles"][0]["roman"] == 14
    assert s["battles"][0]["commander"] == "2" and s["battles"][0]["result"] == "victory"
    assert s["result"]["kind"] == "victory" and s["result"]["winners"] == ["red"]
    assert s["result"]["reason"] == "rebel_unopposed" and "2nd_illyrian_war" not in s["forum"]["wars"]
    assert s["senators"]["4"]["location"] == "rome"  # every Roman army went with the rebel
    check(s, D)


def test_12_2_a_rebel_whose_first_battle_is_not_a_victory_falls_with_the_republic():
    s = table()
    D = data_for(s)
    assert fight(s, D, ScriptedRandom([1, 2, 2]))  # 5: the 2nd Illyrian War's Disaster number
    assert s["battles"][0]["result"] == "disaster"
    assert s["result"]["kind"] == "collective_loss" and s["result"]["winners"] == []
    assert s["result"]["reason"] == "rebel_overwhelmed" and s["result"]["war"] == "2nd_illyrian_war"
    said = [str(x) for x in RULES.describe(s, "", "", s, None)]
    assert any("failed to win his first battle against the" in line for line in said)
    check(s, D)


def test_12_2_a_first_victory_that_leaves_four_wars_is_not_enough():
    s = table(WARS + ("1st_punic_war",))
    D = data_for(s)
    victory.republic_falls(s, D, "people_revolt", ScriptedRandom([6, 6, 6], strict=True))
    assert s["battles"][0]["result"] == "victory" and len(s["forum"]["wars"]) == 4
    assert s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "rebel_overwhelmed"


def test_12_2_with_three_active_wars_the_rebel_wins_outright():
    s = table(WARS[:3])
    victory.republic_falls(s, data_for(s), "people_revolt", ScriptedRandom(strict=True))  # no battle, no dice
    assert s["result"]["winners"] == ["red"] and "battles" not in s
