"""Spec 19.4 items 2-4: the constructed battles, number for number (Rule 10.3, 10.1)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import combat
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.forces import war_strength
from domain.games.republic_of_rome.invariants import check
from domain.games.republic_of_rome.turn import start_phase
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, asked, bare, chit_pick,
                                                      edit, make_state, narration)

BASE = make_state(3, seed=2)
RED, BLUE, GREEN = BASE["seats"]
GALLIC = "1st_gallic_war"


def position(war: str = GALLIC, legions: int = 10, fleets: int = 0, unrest: int = 3) -> dict:
    """Cornelius (1, MIL 4, INF 5), Red's Field Consul (Fulvius, 7, leads Red), in the field against `war` with `legions` Legions."""
    s = bare(BASE)
    add_senator(s, "7", RED, leader=True)
    add_senator(s, "1", RED, office="field_consul", location="war:" + war)
    add_senator(s, "3", BLUE, leader=True)
    add_senator(s, "5", GREEN, leader=True)
    s["forum"]["wars"][war] = {"status": "active", "naval_victory": False}
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None, "at": "war:" + war} for i in range(1, legions + 1)]
    s["fleets"] = [{"id": i, "at": "war:" + war} for i in range(1, fleets + 1)]
    s["commands"] = [{"commander": "1", "war": war, "legions": list(range(1, legions + 1)),
                      "fleets": list(range(1, fleets + 1)), "order": 1, "master_of_horse": None, "turn": 1}]
    s.update(unrest=unrest, treasury=50, phase="senate", notes=[])
    return s


@pytest.fixture
def combat_only(monkeypatch):
    """The Combat Phase alone: its end stops there (step 'after_combat') instead of going on to the Revolution."""
    monkeypatch.setattr(combat, "end_phase", lambda s, D, rng: s.update(step="after_combat"))


def fight(s: dict, dice: list[int], picks: list[int] = ()) -> dict:
    s = edit(s)
    start_phase(s, data_for(s), "combat", ScriptedRandom(dice, picks))
    check(s, data_for(s))
    return s


def blanks(s: dict, n: int, last: str | None = None) -> list[int]:
    """Chit picks drawing numbers of nobody in play ('20', '21'...), then `last` if given."""
    chits = [str(20 + i) for i in range(n)] + ([last] if last else [])
    return [chit_pick(s, c, chits[:i]) for i, c in enumerate(chits)]


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
