"""Worked example 19.2 (rulebook S 6.12): the undeveloped Hispania Ulterior, number for number.

Julius (#4, Blue) governs Hispania Ulterior (undeveloped: spoils 1d6-3, state income -1d6-1). He takes spoils
and rolls 2: -1, so he receives nothing and the State owes 1 T; the state income roll of 4 gives -5: the State
loses 6 T to the Province, the Governor gains nothing, and his development roll needs a natural 6.
"""
from __future__ import annotations

from domain.games.republic_of_rome.data import data_for
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, answer_defaults, at_phase,
                                                      bare, make_governor, make_state, narration)

BASE = make_state(3, seed=6)
RED, BLUE, GREEN = BASE["seats"]


def governed(developed: bool = False) -> dict:
    s = bare(BASE)
    for seat, (leader, other) in ((RED, ("1", "2")), (BLUE, ("3", "4")), (GREEN, ("5", "6"))):
        add_senator(s, leader, seat, leader=True)
        add_senator(s, other, seat)
    make_governor(s, "4", "hispania_ulterior", developed=developed)
    s["treasury"] = 100
    return s


def revenue_with(s: dict, spoils: str, dice: list[int]) -> tuple[dict, dict]:
    """Blue's order (spoils for Julius, income kept), the others' defaults; returns (before, after) of the reveal
    and the State accounts."""
    rng = ScriptedRandom(dice, strict=True)
    s = at_phase(s, "revenue", rng)
    s = answer(s, BLUE, {"spoils": {"4": spoils}, "income": {"3": "3", "4": "4"}}, rng)
    before = s
    return before, answer_defaults(s, rng)


def test_19_2_spoils_of_minus_1_and_state_income_of_minus_5_cost_the_state_6_and_give_the_governor_nothing():
    example = data_for(BASE).tables["revenue_example_hispania_ulterior"]
    before, s = revenue_with(governed(), "take", [example["spoils_roll"], 5, example["state_roll"]])
    notes = {n["k"]: n for n in s["notes"] if n["k"] in ("spoils", "province_income", "state_debits")}
    assert notes["spoils"]["result"] == example["spoils_result"] == -1
    assert notes["province_income"]["amount"] == example["state_result"] == -5
    assert notes["state_debits"]["spoils"] == 1
    assert s["treasury"] == 100 + 100 - 8 + example["state_treasury_change"] == 186
    assert s["senators"]["4"]["talents"] == 1 + example["governor_treasury_change"]  # his base income only
    assert s["senators"]["4"]["corrupt"]
    assert not s["provinces"]["hispania_ulterior"]["developed"]  # 5 without the +1: only a natural 6 develops
    words = narration(before, s, RED)
    assert "Julius (4), Governor of Hispania Ulterior, takes spoils: nothing, and the State owes 1 T." in words
    assert "Hispania Ulterior costs the State 5 T." in words


def test_19_2_had_he_declined_spoils_a_5_would_have_developed_the_province():
    before, s = revenue_with(governed(), "decline", [5, 4])
    assert not s["senators"]["4"]["corrupt"]
    assert s["provinces"]["hispania_ulterior"]["developed"]
    assert s["senators"]["4"]["inf"] == data_for(s).senators["4"]["influence"] + 3
    # developed now: the state income is the developed side's 1d6-1 = 3
    assert next(n for n in s["notes"] if n["k"] == "province_income")["amount"] == 3
    assert s["treasury"] == 100 + 100 + 3 - 8


def test_19_2_with_spoils_taken_a_natural_6_develops():
    before, s = revenue_with(governed(), "take", [6, 6, 1])
    assert s["provinces"]["hispania_ulterior"]["developed"] and s["senators"]["4"]["talents"] == 1 + 3
