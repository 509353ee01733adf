"""Rule 11.2 (decisions 52-53): a victorious Commander's loyalty test, laying down his command or declaring
revolt; one faction in revolt at a time (the stronger army stands); the Master of Horse follows only his
Dictator; secondary rebels; rebel status (readings: rebels.py's docstring)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.rebels import rebel_strength
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, asked, at_phase, bare,
                                                      make_state, narration)

WAR = "1st_punic_war"


def victorious(s: dict, sid: str, legions: list[int], fleets: list[int], order: int = 1, horse: str | None = None,
               veteran: int | None = None) -> None:
    """`sid` won at the War (still on the table, so his location stays valid) with these units."""
    s["legions"] = [{**u, "at": f"war:{WAR}" if u["id"] in legions else u["at"],
                     "veteran": u["id"] == veteran or u["veteran"], "loyal_to": sid if u["id"] == veteran else u["loyal_to"]}
                    for u in s["legions"]]
    s["fleets"] = [{**f, "at": f"war:{WAR}"} if f["id"] in fleets else f for f in s["fleets"]]
    s["commands"] = s.get("commands", []) + [{"commander": sid, "war": WAR, "legions": legions, "fleets": fleets,
                                              "order": order, "master_of_horse": horse, "turn": 1, "victorious": True}]
    for who in (sid, horse):
        if who:
            s["senators"][who]["location"] = f"war:{WAR}"


def table() -> dict:
    """Red: Fabius (2, MIL 4, 3 T, a Knight, Mining) the victorious Field Consul with Legions 1-4 (4 a Veteran
    loyal to him) and Fleet 1, Cornelius (1) Rome Consul, Valerius (3) in Rome; Blue: Julius (4); Green:
    Claudius (5)."""
    s = bare(make_state(3, seed=1))
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red", office="field_consul", talents=3, knights=1, concessions=["mining"])
    add_senator(s, "3", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    s["fleets"] = s["fleets"] + [{"id": 1, "at": "italy"}] if not s["fleets"] else s["fleets"]
    victorious(s, "2", [1, 2, 3, 4], [1], veteran=4)
    return s


def revolution(s: dict, rng=None) -> dict:
    return at_phase(s, "revolution", rng or ScriptedRandom())


def test_11_2_the_victorious_commander_is_asked_for_a_loyalty_test_then_declares():
    s = revolution(table())
    assert s["step"] == "revolution_loyalty_test" and list(asked(s)) == ["red"]
    assert asked(s)["red"].form.field("talents").max == 3  # 3 Legions tested, 3 T in his treasury
    assert RULES.default_choice(s, "red") == '{"talents":0,"test":"no"}'
    s = answer(s, "red", {"test": "no", "talents": 0})
    assert s["step"] == "revolution_declare_revolt" and [c.id for c in asked(s)["red"].choices] == ["lay_down", "revolt"]


def test_11_2_loyalty_test_one_die_a_legion_plus_a_talent_each_five_or_more_stays():
    s = revolution(table(), ScriptedRandom(dice=[4, 4, 5]))
    s = answer(s, "red", {"test": "yes", "talents": 1}, ScriptedRandom(dice=[4, 4, 5]))
    # Legion 1: 4 + 1 talent = 5 stays; Legion 2: 4 fails; Legion 3: 5 stays; Veteran 4 follows without a roll
    assert s["commands"][0]["legions"] == [1, 3, 4]
    assert next(u for u in s["legions"] if u["id"] == 2)["at"] == "italy"
    assert s["senators"]["2"]["talents"] == 2


def test_11_2_evil_omens_lower_the_loyalty_roll():
    s = table()
    s["evil_omens"] = 1
    s = revolution(s)
    s = answer(s, "red", {"test": "yes", "talents": 0}, ScriptedRandom(dice=[5, 6, 5]))
    assert s["commands"][0]["legions"] == [2, 4]


def test_11_2_laying_down_the_command_sends_the_units_to_italy_and_him_to_rome():
    s = revolution(table())
    s = answer(s, "red", {"test": "no", "talents": 0})
    s = answer(s, "red", "lay_down")
    assert not s.get("commands") and s["senators"]["2"]["location"] == "rome"
    assert all(u["at"] == "italy" for u in s["legions"]) and all(f["at"] == "italy" for f in s["fleets"])
    assert s["phase"] != "revolution" and not s.get("revolt")


def test_11_2_revolt_rebel_status_and_his_army():
    s = revolution(table())
    s = answer(s, "red", {"test": "no", "talents": 0})
    before = s
    s = answer(s, "red", "revolt")
    x = s["senators"]["2"]
    assert x["rebel"] and x["location"] == "rebel" and x["office"] is None and x["knights"] == 0
    assert x["concessions"] == [] and "mining" in s["forum"]["concessions"]
    assert s["revolt"] == {"seat": "red", "rebel": "2", "senators": ["2"], "turn": s["turn"]}
    assert sorted(u["id"] for u in s["legions"] if u["at"] == "rebel") == [1, 2, 3, 4]
    assert all(f["at"] == "italy" for f in s["fleets"]) and not s.get("commands")
    assert rebel_strength(s, _D(s)) == 5 + 4  # 3 Legions + a Veteran (2), MIL 4
    assert any("declares revolt" in line for line in narration(before, s, "blue"))
    RULES.check_invariants(s)


def test_11_2_secondary_rebels_join_or_stay_loyal():
    s = revolution(table())
    s = answer(s, "red", {"test": "no", "talents": 0})
    s = answer(s, "red", "revolt")
    assert s["step"] == "revolution_secondary_rebels"
    field = asked(s)["red"].form.field("senators")
    assert [o.value for o in field.items] == ["1", "3"]
    assert RULES.default_choice(s, "red") == '{"senators":{"1":"stay","3":"stay"}}'
    s = answer(s, "red", {"senators": {"1": "join", "3": "stay"}})
    assert s["senators"]["1"]["rebel"] and s["senators"]["1"]["office"] is None
    assert not s["senators"]["3"]["rebel"] and s["revolt"]["senators"] == ["2", "1"]
    assert s["phase"] != "revolution"


def test_11_2_only_one_revolt_the_stronger_army_stands():
    s = table()
    add_senator(s, "6", "blue", office="dictator")  # Manlius, MIL 3
    s["legions"] = s["legions"] + [{"id": i, "veteran": False, "loyal_to": None, "at": "italy"} for i in range(5, 12)]
    victorious(s, "6", [5, 6, 7, 8, 9, 10, 11], [], order=2)
    s = revolution(s)
    order = s["ctx"]["commanders"]
    assert set(order) == {"2", "6"}
    for sid in order:
        seat = s["senators"][sid]["faction"]
        s = answer(s, seat, {"test": "no", "talents": 0})
        s = answer(s, seat, "revolt")
    assert s["revolt"]["rebel"] == "6"  # 7 Legions + 3 beats 3 Legions + a Veteran + 4
    assert not s["senators"]["2"]["rebel"] and s["senators"]["2"]["location"] == "rome"


def test_11_2_nobody_revolts_while_a_rebel_exists():
    s = table()
    s["revolt"] = {"seat": "blue", "rebel": "4", "senators": ["4"], "turn": 1}
    s["senators"]["4"].update(rebel=True, location="rebel")
    s = revolution(s)
    assert s["phase"] != "revolution" and not s.get("commands")  # laid down without a question
    assert s["senators"]["2"]["location"] == "rome"


def test_11_2_the_master_of_horse_revolts_only_with_his_dictator():
    s = table()
    s["senators"]["2"]["office"] = "dictator"
    s["senators"]["3"]["office"] = "master_of_horse"
    s["commands"] = [{**s["commands"][0], "master_of_horse": "3"}]
    s["senators"]["3"]["location"] = f"war:{WAR}"
    s = revolution(s)
    s = answer(s, "red", {"test": "no", "talents": 0})
    s = answer(s, "red", "revolt")
    assert s["senators"]["3"]["rebel"] and s["revolt"]["senators"] == ["2", "3"]


def _D(s: dict):
    from domain.games.republic_of_rome.data import data_for
    return data_for(s)


def test_11_invariants_refuse_a_rebel_without_a_revolt_and_a_sixth_card_at_the_turn_start():
    s = table()
    s["senators"]["3"].update(rebel=True, location="rebel")
    with pytest.raises(AssertionError, match="without a revolt"):
        RULES.check_invariants(s)
    s = table()
    s.update(phase="mortality", turn=2)
    s["factions"]["blue"]["hand"] = ["int:tribune.1", "int:tribune.2", "int:tribune.3", "int:tribune.4",
                                     "int:assassin.1", "int:assassin.2"]
    with pytest.raises(AssertionError, match="starts the turn with 6 cards"):
        RULES.check_invariants(s)
    s["factions"]["blue"]["hand"] = s["factions"]["blue"]["hand"][:5]
    RULES.check_invariants(s)


def test_11_2_equal_armies_the_first_declaration_stands():
    s = table()
    add_senator(s, "6", "blue", office="dictator")  # Manlius, MIL 3
    s["legions"] = s["legions"] + [{"id": i, "veteran": False, "loyal_to": None, "at": "italy"} for i in range(5, 11)]
    victorious(s, "6", [5, 6, 7, 8, 9, 10], [], order=2)  # 6 + MIL 3 = 9, as Fabius's 3 + Veteran 2 + MIL 4
    s = revolution(s)
    first = s["ctx"]["commanders"][0]
    for sid in s["ctx"]["commanders"]:
        seat = s["senators"][sid]["faction"]
        s = answer(s, seat, {"test": "no", "talents": 0})
        s = answer(s, seat, "revolt")
    assert s["revolt"]["rebel"] == first
    other = "6" if first == "2" else "2"
    assert not s["senators"][other]["rebel"] and s["senators"][other]["location"] == "rome"
