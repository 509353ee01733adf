"""Worked example 19.1 (rulebook S 7.514): Fabius persuades Claudius, number for number, and its variants.

Fabius (#2, Oratory 2, Influence 5, Red, in Rome, 16 T) targets Claudius (#5, Loyalty 7, unaligned, 0 T):
base 2 + 5 - 7 - 0 = 0; Fabius bribes 9 -> 9; Blue and Green counter-bribe 5 + 3 = 8 -> 1; Fabius adds his
remaining 7 -> 8; a full round brings no new money, so he rolls: 9 > 8 fails; Claudius keeps all 24 T.
"""
from __future__ import annotations

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.persuasion import base_number
from tests.scenario.republic_of_rome.forum_position import forum, notes, roll, table, with_event
from tests.scenario.republic_of_rome.position import add_senator, answer, asked, narration


def fabius_and_claudius(fabius_talents: int = 16) -> dict:
    s = table(4)
    add_senator(s, "2", "red", leader=True, talents=fabius_talents, office="rome_consul")  # Red has the HRAO
    for seat, sid in (("blue", "1"), ("green", "3"), ("yellow", "4")):
        add_senator(s, sid, seat, leader=True)
    add_senator(s, "5", None)
    for seat, money in (("blue", 5), ("green", 3), ("yellow", 0)):
        s["factions"][seat]["treasury"] = money
    return s


def persuade(s: dict, raise_by: int, dice: list[int], omens: int = 0) -> dict:
    """Red's first Initiative: roll 8 (a Concession is drawn), then the example's bidding; `dice` is the
    persuasion roll."""
    s, rng = forum(s, dice=[3, 5] + dice)
    if omens:
        with_event(s, "evil_omens", omens)
    s = roll(s, "red", rng)
    s = answer(s, "red", {"persuader": "2", "target": "5", "bribe": 9}, rng)
    assert s["ctx"]["bribes"] == 9 and base_number(s, data_for(s), s["ctx"]) == 9
    for seat, paid in (("blue", 5), ("green", 3), ("yellow", 0)):
        s = answer(s, seat, {"amount": paid}, rng)
    assert base_number(s, data_for(s), s["ctx"]) == 1
    assert s["step"] == "forum_persuasion_continue"
    s = answer(s, "red", {"add": raise_by}, rng)
    for seat in ("blue", "green", "yellow"):
        s = answer(s, seat, {"amount": 0}, rng)
    assert rng.dice == []
    return s


def result(s: dict) -> dict:
    return notes(s, "persuasion_result")[0]


def test_19_1_fabius_fails_with_9_against_8_and_claudius_keeps_24_talents():
    s = persuade(fabius_and_claudius(), raise_by=7, dice=[4, 5])
    assert (result(s)["base"], result(s)["natural"], result(s)["success"]) == (8, 9, False)
    assert s["senators"]["5"]["faction"] is None
    assert s["senators"]["5"]["talents"] == 24  # 9 + 8 + 7, paid whatever the result
    assert s["senators"]["2"]["talents"] == 0  # Fabius spent 16
    assert s["factions"]["blue"]["treasury"] + s["factions"]["green"]["treasury"] == 0  # 8 T of counter-bribes
    assert s["step"] == "forum_initiative_actions"  # the Initiative goes on with its last part
    words = " ".join(narration(s, s, "yellow"))
    assert "fails (9 against 8)" in words and "keeps 24 T" in words


def test_19_1_a_later_attempt_meets_loyalty_7_plus_24_talents():
    s = persuade(fabius_and_claudius(), raise_by=7, dice=[4, 5])
    ctx = {"persuader": "2", "target": "5", "bribes": 0, "counter": 0, "support": 0}
    assert base_number(s, data_for(s), ctx) == 2 + 5 - (7 + 24)


def test_19_1_variant_a_roll_of_8_succeeds_and_claudius_joins_with_24_talents():
    s = persuade(fabius_and_claudius(), raise_by=7, dice=[4, 4])
    assert result(s)["success"]
    assert s["senators"]["5"]["faction"] == "red" and s["senators"]["5"]["talents"] == 24


def test_19_1_variant_base_12_and_a_roll_of_10_fails_automatically():
    s = persuade(fabius_and_claudius(fabius_talents=20), raise_by=11, dice=[5, 5])
    assert (result(s)["base"], result(s)["natural"], result(s)["automatic"], result(s)["success"]) == (12, 10, True, False)
    assert s["senators"]["5"]["faction"] is None and s["senators"]["5"]["talents"] == 9 + 8 + 11
    assert "10 always fails" in " ".join(narration(s, s, None))


def test_19_1_variant_one_evil_omens_level_turns_8_into_9_and_fails():
    s = persuade(fabius_and_claudius(), raise_by=7, dice=[4, 4], omens=1)
    assert (result(s)["natural"], result(s)["modified"], result(s)["success"]) == (8, 9, False)
    assert s["senators"]["5"]["faction"] is None


def test_19_1_a_counter_bribe_form_is_bounded_by_the_payers_own_treasury_and_names_no_balance():
    s, rng = forum(fabius_and_claudius(), dice=[3, 5])
    s = roll(s, "red", rng)
    s = answer(s, "red", {"persuader": "2", "target": "5", "bribe": 9}, rng)
    prompt = asked(s)["blue"]
    assert prompt.kind == "counter_bribe" and prompt.form.fields[-1].max == 5  # only Blue sees its form
    assert "5 T" not in str(prompt.text) and "treasury holds" not in str(prompt.text)
