"""Rule 7.4 (Persuasion; decisions 19-21; edge cases 5, 6, 33): who may persuade whom, the base number, the
rounds of counter-bribes, the cards, the roll, and the secrecy of the faction treasuries."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.machine import STATES
from domain.games.republic_of_rome.persuasion import base_number, targets
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.forum_position import forum, notes, roll, table, with_event
from tests.scenario.republic_of_rome.position import add_senator, answer, asked, narration


def position(players: int = 3, **options) -> dict:
    """Red: Cornelius (1, Oratory 4, Influence 5 [printed]) Rome Consul with 20 T; Blue: Fabius (2) leader and
    Valerius (6) in Rome; Green: Julius (4) leader; Claudius (5) unaligned in the Forum."""
    s = table(players, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul", talents=20)
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "6", "blue", talents=2)
    add_senator(s, "4", "green", leader=True)
    add_senator(s, "5", None)
    s["factions"]["blue"]["treasury"] = 6
    s["factions"]["green"]["treasury"] = 0
    return s


def started(s: dict, dice: list[int] = ()) -> tuple[dict, object]:
    """Red's Initiative, rolled (8: a card), at its persuasion form."""
    s, rng = forum(s, dice=[3, 5] + list(dice))
    s = roll(s, "red", rng)
    assert s["step"] == "forum_persuasion"
    return s, rng


def test_7_4_targets_are_unaligned_senators_and_other_factions_senators_in_rome_but_no_faction_leader():
    s = position()
    s["senators"]["4"]["location"] = "province:sicilia"  # edge case 6: not in Rome
    add_senator(s, "7", "green", location="province:sardinia_et_corsica")
    assert targets(s, "red") == ["5", "6"]


def test_7_4_the_base_number_counts_the_aligned_target_s_seven_and_his_treasury():
    s, rng = started(position())
    D = data_for(s)
    ratings = D.senators["1"]
    ctx = {"persuader": "1", "target": "6", "bribes": 3, "counter": 1, "support": 0}
    expected = ratings["oratory"] + ratings["influence"] - D.senators["6"]["loyalty"] - 7 - 2 + 3 - 1
    assert base_number(s, D, ctx) == expected


def test_7_4_opposed_statesmen_in_one_faction_have_loyalty_0():
    s = position()
    add_senator(s, None, "blue", statesman="22A")
    add_senator(s, "18", "blue", statesman="18A")
    s, rng = started(s)
    ctx = {"persuader": "1", "target": "18", "bribes": 0, "counter": 0, "support": 0}
    D = data_for(s)
    assert base_number(s, D, ctx) == D.senators["1"]["oratory"] + D.senators["1"]["influence"] - 0 - 7


def test_7_4_a_bribe_above_the_persuader_s_treasury_is_refused():
    s, rng = started(position())
    with pytest.raises(IllegalAction) as refused:
        answer(s, "red", {"persuader": "1", "target": "5", "bribe": 21}, rng)
    assert "20" in str(refused.value.reason)


def test_7_4_no_persuasion_goes_on_to_the_rest_of_the_initiative():
    s, rng = started(position())
    s = answer(s, "red", RULES.default_choice(s, "red"), rng)
    assert s["step"] == "forum_initiative_actions" and notes(s, "persuasion_none")


def test_7_4_counter_bribes_go_clockwise_from_the_persuader_and_a_round_without_money_forces_the_roll():
    s, rng = started(position(), dice=[6, 6])
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 2}, rng)
    assert list(asked(s)) == ["blue"]
    s = answer(s, "blue", {"amount": 0}, rng)
    assert list(asked(s)) == ["green"]
    s = answer(s, "green", {"amount": 0}, rng)
    assert notes(s, "persuasion_result") and s["step"] == "forum_initiative_actions"  # edge case 33: rolled at once
    assert s["senators"]["5"]["talents"] == 2


def test_7_4_after_new_money_the_persuader_chooses_and_his_raise_opens_another_round():
    s, rng = started(position(), dice=[1, 1])
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 2}, rng)
    s = answer(s, "blue", {"amount": 3}, rng)
    s = answer(s, "green", {"amount": 0}, rng)
    assert list(asked(s)) == ["red"] and s["step"] == "forum_persuasion_continue"
    s = answer(s, "red", {"add": 4}, rng)
    assert s["step"] == "forum_persuasion_counter_bribe" and list(asked(s)) == ["blue"]
    s = answer(s, "blue", {"amount": 0}, rng)
    s = answer(s, "green", {"amount": 0}, rng)
    result = notes(s, "persuasion_result")[0]
    assert result["success"] and s["senators"]["5"]["faction"] == "red" and s["senators"]["5"]["talents"] == 9


def test_7_4_edge_5_a_counter_bribe_above_the_faction_treasury_gets_insufficient_funds_and_no_balance():
    s, rng = started(position())
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 2}, rng)
    step = STATES[s["step"]]
    with pytest.raises(IllegalAction) as refused:
        step.check(s, data_for(s), "blue", {"amount": 7})
    assert str(refused.value.reason) == "Insufficient funds."
    with pytest.raises(IllegalAction):  # the form's own bound, shown to Blue alone
        answer(s, "blue", {"amount": 7}, rng)


def test_7_4_a_seat_with_an_empty_treasury_is_still_asked_and_its_zero_is_not_played_for_it():
    s, rng = started(position())
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 2}, rng)
    s = answer(s, "blue", {"amount": 0}, rng)
    prompt = asked(s)["green"]
    assert prompt.form.fields[-1].max == 0
    assert not RULES.forced_choice_is_public(s, prompt)


def test_7_4_the_narration_of_a_counter_bribe_names_the_amount_paid_not_what_is_left():
    s, rng = started(position())
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 2}, rng)
    before = s
    s = answer(s, "blue", {"amount": 4}, rng)
    for viewer in ("red", "green", None):
        words = " ".join(narration(before, s, viewer))
        assert "4 T" in words and "2 T" not in words  # Blue's 2 T left are nobody's business


def test_7_4_seduction_makes_the_attempt_unopposed_and_is_discarded():
    s = position()
    s["factions"]["red"]["hand"] = ["int:seduction.1"]
    s, rng = started(s, dice=[2, 2])
    assert asked(s)["red"].form.field("card") is not None
    s = answer(s, "red", {"persuader": "1", "target": "6", "bribe": 0, "card": "seduction"}, rng)
    assert not notes(s, "counter_bribe") and notes(s, "persuasion_result")
    assert "int:seduction.1" not in s["factions"]["red"]["hand"] and "int:seduction.1" in s["discard"]


def test_7_4_blackmail_that_fails_costs_the_target_2d6_influence_and_popularity():
    s = position()
    s["factions"]["red"]["hand"] = ["int:blackmail.1"]
    s["senators"]["6"].update(inf=10, pop=1)
    s, rng = started(s, dice=[6, 5, 2, 3])  # 11 fails; then the penalty 2d6 = 5
    s = answer(s, "red", {"persuader": "1", "target": "6", "bribe": 0, "card": "blackmail"}, rng)
    assert s["senators"]["6"]["inf"] == 5 and s["senators"]["6"]["pop"] == -4
    assert notes(s, "blackmail_penalty")[0] == {"k": "blackmail_penalty", "target": "6", "inf": 5, "pop": 5}


def test_7_4_blackmail_with_separate_rolls_rolls_2d6_for_influence_and_2d6_for_popularity():
    s = position(blackmail_separate_rolls=True)
    s["factions"]["red"]["hand"] = ["int:blackmail.1"]
    s["senators"]["6"].update(inf=10, pop=1)
    s, rng = started(s, dice=[6, 5, 2, 3, 1, 1])  # 11 fails; Influence 2d6 = 5, Popularity 2d6 = 2
    s = answer(s, "red", {"persuader": "1", "target": "6", "bribe": 0, "card": "blackmail"}, rng)
    assert s["senators"]["6"]["inf"] == 5 and s["senators"]["6"]["pop"] == -1
    assert notes(s, "blackmail_penalty")[0] == {"k": "blackmail_penalty", "target": "6", "inf": 5, "pop": 2}


def test_7_4_evil_omens_add_to_the_persuasion_roll():
    s, rng = started(position(), dice=[3, 3])
    with_event(s, "evil_omens", 2)
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 0}, rng)
    s = answer(s, "blue", {"amount": 0}, rng)
    s = answer(s, "green", {"amount": 0}, rng)
    assert notes(s, "persuasion_result")[0]["modified"] == 8


def test_7_4_third_party_support_raises_the_base_number():
    s, rng = started(position(third_party_persuasion_support=True))
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 0}, rng)
    before = base_number(s, data_for(s), s["ctx"])
    s = answer(s, "blue", {"amount": 3, "side": "support"}, rng)
    assert base_number(s, data_for(s), s["ctx"]) == before + 3
    assert "in support" in " ".join(narration(s, s, "green"))


def test_7_4_no_persuasion_is_asked_without_a_senator_in_rome():
    s = position()
    s["senators"]["1"].update(office=None, location="province:sicilia")
    s["senators"]["4"]["office"] = "rome_consul"  # Green first, then Red
    s, rng = forum(s, dice=[3, 5, 3, 5])
    s = roll(s, "green", rng)
    s = answer(s, "green", RULES.default_choice(s, "green"), rng)
    s = answer(s, "green", RULES.default_choice(s, "green"), rng)
    s = roll(s, "red", rng)
    assert s["step"] == "forum_initiative_actions" and list(asked(s)) == ["red"]
