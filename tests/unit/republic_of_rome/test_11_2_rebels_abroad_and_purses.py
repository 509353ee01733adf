"""Rule 11.2: the loyalty test may spend the Master of Horse's Personal Treasury with his consent (his faction's,
when it is the Commander's); Governors of the rebel's faction are asked as secondary rebels like the Senators in
Rome (readings: rebels.py's docstring)."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, asked
from tests.unit.republic_of_rome.test_11_2_revolt import WAR, revolution, table


def with_horse(seat_of_horse: str) -> dict:
    """table(), Fabius (2, 3 T) a Dictator with Legions 1-4, and Manlius (6, 4 T) his Master of Horse."""
    s = table()
    s["senators"]["2"]["office"] = "dictator"
    add_senator(s, "6", seat_of_horse, office="master_of_horse", talents=4, location=f"war:{WAR}")
    s["commands"] = [{**s["commands"][0], "master_of_horse": "6"}]
    return s


def test_11_2_the_loyalty_test_spends_the_master_of_horses_talents_after_the_commanders():
    s = revolution(with_horse("red"))
    assert asked(s)["red"].form.field("talents").max == 3  # 3 Legions tested: at most one talent each
    s["senators"]["2"]["talents"] = 1
    assert asked(s)["red"].form.field("talents").max == 3  # 1 T of his + 4 T of his Master of Horse
    s = answer(s, "red", {"test": "yes", "talents": 3}, ScriptedRandom(dice=[4, 4, 4]))
    assert s["senators"]["2"]["talents"] == 0 and s["senators"]["6"]["talents"] == 2
    assert s["commands"][0]["legions"] == [1, 2, 3, 4]  # 4 + 1 each: all stay


def test_11_2_a_master_of_horse_of_another_faction_is_not_asked_to_pay():
    s = with_horse("blue")
    s["senators"]["2"]["talents"] = 1
    s = revolution(s)
    assert asked(s)["red"].form.field("talents").max == 1


def test_11_2_a_governor_of_the_rebels_faction_may_join_and_leaves_his_province():
    s = table()
    s["provinces"]["sicilia"] = {"developed": False, "governor": "3", "term": 2}
    s["senators"]["3"]["location"] = "province:sicilia"
    add_senator(s, "6", "red", location=f"captive:{WAR}")  # a captive is not asked
    s = revolution(s)
    s = answer(s, "red", {"test": "no", "talents": 0})
    s = answer(s, "red", "revolt")
    assert [o.value for o in asked(s)["red"].form.field("senators").items] == ["1", "3"]
    s = answer(s, "red", {"senators": {"1": "stay", "3": "join"}})
    assert s["senators"]["3"]["rebel"] and s["senators"]["3"]["location"] == "rebel"
    assert s["provinces"]["sicilia"]["governor"] is None and "sicilia" in s["forum"]["provinces"]
    RULES.check_invariants(s)
