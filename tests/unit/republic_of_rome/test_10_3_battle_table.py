"""Rule 10.3 items 3-4: the battle arithmetic of battle.py (modifier, result, losses) against the spec's table."""
from __future__ import annotations

from domain.games.republic_of_rome import battle
from domain.games.republic_of_rome.data import compile_data

D = compile_data({})
ROWS = D.tables["combat_results"]["rows"]


def test_10_3_modifier_caps_mil_by_the_roman_strength():
    assert battle.modifier(10, 4, 10) == 4
    assert battle.modifier(2, 5, 10) == 2 + 2 - 10  # spec 18.17
    assert battle.modifier(6, 3, 5, adjustment=-9) == 6 + 3  # the War's strength never below 0
    assert battle.modifier(10, 4, 10, omens=1) == 3


def test_10_3_table_rows_number_for_number():
    expected = {3: ("defeat", "all"), 4: ("defeat", 4), 7: ("defeat", 1), 8: ("stalemate", 5), 12: ("stalemate", 1),
                13: ("stalemate", 0), 14: ("victory", 4), 17: ("victory", 1), 18: ("victory", 0), 30: ("victory", 0),
                -5: ("defeat", "all")}
    for total, (result, lost) in expected.items():
        r = battle.row(total, ROWS)
        assert (r["result"], r["losses"]) == (result, lost), total


def test_10_3_disaster_before_standoff_before_the_table():
    assert battle.resolve(13, [4, 4, 5], 4, {13}, {13, 15}) == "disaster"
    assert battle.resolve(15, [5, 5, 5], 4, {13}, {15}) == "standoff"
    assert battle.resolve(15, [5, 5, 5], 4, {13}, set()) == "victory"  # a used Standoff number: the table
    assert battle.resolve(3, [1, 1, 1], 4, {13}, {15}, ROWS) == "defeat"
    assert battle.resolve(10, [3, 3, 4], 4, {13}, {15}, ROWS) == "victory"


def test_10_3_losses_capped_halved_and_fractions_rounded_up():
    assert battle.losses("victory", 14, 10, 0, False, ROWS) == (4, 0)
    assert battle.losses("defeat", 7, 10, 3, False) == (1, 1)
    assert battle.losses("defeat", 2, 10, 3, False) == (10, 3)
    assert battle.losses("stalemate", 8, 3, 7, False) == (3, 5)
    assert battle.losses("disaster", 13, 10, 5, False) == (5, 3)
    assert battle.losses("standoff", 15, 10, 5, False) == (3, 2)
    assert battle.losses("victory", 14, 10, 5, True) == (2, 2)  # Fabius: 4 -> 2, 4 -> 2
    assert battle.losses("disaster", 13, 9, 0, True) == (3, 0)  # 5 -> 3
