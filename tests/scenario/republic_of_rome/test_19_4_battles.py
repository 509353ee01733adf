"""Spec 19.4 items 2-4: the constructed battles, number for number (Rule 10.3, 10.1)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.forces import war_strength
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.combat_position import (GALLIC, RED, ScriptedRandom, blanks, combat_only, fight,
                                                             position)
from tests.scenario.republic_of_rome.position import answer, asked, narration

__all__ = ["combat_only"]  # the fixture


def test_19_4_2_land_victory_10_14(combat_only):
    s = position()
    after = fight(s, [3, 3, 4], blanks(s, 4))
    battle = after["battles"][0]
    assert (battle["roman"], battle["mil"], battle["enemy"], battle["modifier"]) == (10, 4, 10, 4)
    assert (battle["total"], battle["modified"], battle["result"], battle["legions_lost"]) == (10, 14, "victory", 4)
    assert len(battle["chits"]) == 4
    x = after["senators"]["1"]
    assert (x["inf"], x["pop"]) == (5 + 5, 0 + 5)
    assert after["treasury"] == 50 + 20 and after["unrest"] == 2
    assert GALLIC not in after["forum"]["wars"] and "war:" + GALLIC in after["discard"]
    assert "gallia_cisalpina" in after["forum"]["provinces"] and "gallia_cisalpina" in after["provinces"]
    veterans = [u for u in after["legions"] if u["veteran"]]
    assert len(after["legions"]) == 6 and len(veterans) == 1 and veterans[0]["loyal_to"] == "1"
    assert after["commands"][0]["victorious"] is True and after["step"] == "after_combat"
    assert any("Victory" in line for line in narration(s, after, None))


def test_19_4_2_disaster_on_13(combat_only):
    s = position()
    after = fight(s, [4, 4, 5], blanks(s, 5))
    battle = after["battles"][0]
    assert (battle["result"], battle["legions_lost"], len(battle["chits"])) == ("disaster", 5, 5)
    assert after["unrest"] == 4 and len(after["legions"]) == 5
    assert after["senators"]["1"]["prior_consul"] is True  # Rule 10.4: Proconsul
    assert after["commands"][0]["commander"] == "1" and GALLIC in after["forum"]["wars"]


def test_19_4_2_standoff_on_15(combat_only):
    s = position()
    after = fight(s, [5, 5, 5], blanks(s, 3))
    battle = after["battles"][0]
    assert (battle["result"], battle["legions_lost"], len(battle["chits"])) == ("standoff", 3, 3)
    assert after["unrest"] == 3 and len(after["legions"]) == 7
    assert sum(u["veteran"] for u in after["legions"]) == 1  # Rule 10.3 item 6


def test_19_4_2_defeat_on_3(combat_only):
    s = position()
    after = fight(s, [1, 1, 1])
    battle = after["battles"][0]
    assert (battle["modified"], battle["result"], battle["legions_lost"], battle["chits"]) == (7, "defeat", 1, [])
    assert "1" not in after["senators"] and after["unrest"] == 5
    assert [u["at"] for u in after["legions"]] == ["war:" + GALLIC] * 9 and not after["commands"]
    assert after["forum"]["wars"][GALLIC]["status"] == "active"  # Legions on it: not Unprosecuted (spec 18.15)


def test_19_4_3_capture_on_the_last_of_two_chits_and_ransom(combat_only):
    s = position()
    s["senators"]["1"]["talents"] = 4
    after = fight(s, [2, 2, 3], blanks(s, 1, last="1"))  # 7 + 4 = 11: Stalemate, 2 Legions lost
    battle = after["battles"][0]
    assert (battle["result"], battle["legions_lost"], battle["fates"]) == ("stalemate", 2, {"1": "captured"})
    assert after["senators"]["1"]["location"] == "captive:" + GALLIC and not after["commands"]
    prompt = asked(after)[RED]
    assert prompt.kind == "pay_ransom"  # offered at the end of the Combat Phase
    with pytest.raises(IllegalAction, match="Insufficient funds"):
        answer(after, RED, {"pay": "yes", "personal": 4})  # ransom max(10, 2 x 5) = 10; Red's treasury is 0
    after["factions"][RED]["treasury"] = 6
    paid = answer(after, RED, {"pay": "yes", "personal": 4})
    assert paid["senators"]["1"]["location"] == "rome" and paid["senators"]["1"]["talents"] == 0
    assert paid["factions"][RED]["treasury"] == 0 and paid["step"] == "after_combat"


def test_19_4_3_the_captive_dies_with_his_war(combat_only):
    s = position()
    s["senators"]["3"].update(office="rome_consul", location="war:" + GALLIC)
    s["senators"]["1"]["location"] = "captive:" + GALLIC
    s["commands"][0]["commander"] = "3"
    offered = fight(s, [])
    assert asked(offered)[RED].kind == "pay_ransom" and not offered["battles"]  # offered at the start
    after = answer(offered, RED, {"pay": "no", "personal": 0}, ScriptedRandom([6, 6, 6]))  # Valerius (MIL 1): 19
    assert after["battles"][0]["result"] == "victory"
    assert "1" not in after["senators"]


def test_19_4_4_matching_punic_wars_with_hannibal():
    s = position(war="1st_punic_war")
    D = data_for(s)
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    assert war_strength(s, D, "1st_punic_war") == {"land": 20, "naval": 20}
    assert war_strength(s, D, "2nd_punic_war")["land"] == 30
    s["forum"]["leaders"] = {"hannibal": "2nd_punic_war"}
    assert war_strength(s, D, "1st_punic_war") == {"land": 27, "naval": 27}
    assert war_strength(s, D, "2nd_punic_war")["land"] == 37


def test_19_4_4_naval_battle_first_against_27_with_hannibal(combat_only):
    s = position(war="1st_punic_war", legions=4, fleets=10)
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    s["forum"]["leaders"] = {"hannibal": "2nd_punic_war"}
    after = fight(s, [6, 6, 5], blanks(s, 5))  # 17 + 10 + 4 - 27 = 4: Defeat, 4 + 4 lost
    battle = after["battles"][0]
    assert (battle["naval"], battle["roman"], battle["enemy"], battle["modifier"]) == (True, 10, 27, -13)
    assert (battle["result"], battle["legions_lost"], battle["fleets_lost"]) == ("defeat", 4, 4)
