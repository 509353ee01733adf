"""Rule 9.8.1 (decision 35): Governors for every Province in the Forum before other business, several in one
message (one vote or one each), the last candidate appointed, recalls, unaligned Governors, consent."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import add_senator, answer, make_governor, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, kinds, propose, small_senate, votes_all


def table() -> dict:
    """Red: Cornelius (1) Rome Consul, Fabius (2). Blue: Julius (4), Valerius (3). Green: Claudius (5).
    Sicilia and Sardinia et Corsica wait in the Forum."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    for p in ("sicilia", "sardinia_et_corsica"):
        s["provinces"][p] = {"developed": False, "governor": None, "term": 0}
    s["forum"]["provinces"] = ["sicilia", "sardinia_et_corsica"]
    return s


def governors(s: dict | None = None) -> dict:
    return at_step(s or table(), "senate_elect_governors", stage="governors")


def nominate(s: dict, picks: dict, vote: str = "separately") -> dict:
    every = {o.value: "none" for o in prompt_for(s, "red").form.field("governors").items}
    return answer(s, "red", {"governors": {**every, **picks}, "vote": vote, "order": "first"})


def test_9_8_1_governors_come_before_other_business_and_candidates_hold_no_major_office():
    s = governors()
    assert asked_kinds(s) == {"red": "nominate_governors"}
    p = prompt_for(s, "red")
    assert [o.value for o in p.form.field("governors").items] == ["sicilia", "sardinia_et_corsica"]
    assert [o.value for o in p.form.field("governors").value.options] == ["none", "2", "3", "4", "5"]
    with pytest.raises(IllegalAction):
        nominate(s, {})
    with pytest.raises(IllegalAction):
        nominate(s, {"sicilia": "2", "sardinia_et_corsica": "2"})


def test_9_8_1_each_governor_voted_separately_and_the_stage_goes_on_until_every_province_has_one():
    s = nominate(governors(), {"sicilia": "2", "sardinia_et_corsica": "3"})
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "yes"})  # Fabius: 3+2+3 to 5; Valerius too
    assert s["provinces"]["sicilia"]["governor"] == "2" and s["provinces"]["sicilia"]["term"] == 3
    assert s["senators"]["2"]["location"] == "province:sicilia" and s["forum"]["provinces"] == []
    assert s["provinces"]["sardinia_et_corsica"]["governor"] == "3"
    assert asked_kinds(s) == {"red": "other_business"}


def test_9_8_1_one_vote_for_all_fails_together_and_the_failed_candidate_is_not_named_again():
    s = nominate(governors(), {"sicilia": "2", "sardinia_et_corsica": "4"}, vote="together")
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "no"})
    assert s["forum"]["provinces"] == ["sicilia", "sardinia_et_corsica"]
    assert asked_kinds(s) == {"red": "unanimous_defeat"}  # every other Senator voted against (Rule 9.1)
    s = answer(s, "red", "lose_influence")
    p = prompt_for(s, "red")
    assert p.kind == "nominate_governors"
    with pytest.raises(IllegalAction):
        nominate(s, {"sicilia": "2"})


def test_9_8_1_the_last_candidate_is_appointed_and_a_province_nobody_can_govern_stays_vacant():
    s = table()
    for sid in ("2", "3", "4"):
        del s["senators"][sid]
    s["forum"]["provinces"] = ["sicilia", "sardinia_et_corsica"]
    s = governors(s)  # only Claudius (5) can go (Cornelius is Rome Consul)
    assert s["provinces"]["sicilia"]["governor"] == "5"
    assert s["forum"]["provinces"] == ["sardinia_et_corsica"] and asked_kinds(s) == {"red": "other_business"}


def test_9_8_1_a_new_governor_recalls_the_old_one_who_loses_his_exposure():
    s = table()
    s["forum"]["provinces"] = []
    add_senator(s, "6", "green", corrupt=True)
    make_governor(s, "6", "sicilia", term=2)
    s["provinces"]["sardinia_et_corsica"]["governor"] = None
    s = at_step(s, "senate_other_business", stage="other")
    assert "governors" in kinds(s)
    s = propose(s, "governors", {"governors": {"sicilia": "2"}, "vote": "separately"})
    s = votes_all(s, "yes")
    assert s["provinces"]["sicilia"] == {"developed": False, "governor": "2", "term": 3}
    assert s["senators"]["6"]["location"] == "rome" and s["senators"]["6"]["corrupt"] is False
    assert s["senate"]["recalled"] == ["6"]


def test_9_8_1_an_unaligned_senator_may_govern():
    s = table()
    add_senator(s, "7", None)
    s = votes_all(nominate(governors(s), {"sicilia": "7", "sardinia_et_corsica": "5"}), "yes")
    assert s["senators"]["7"]["faction"] is None and s["senators"]["7"]["location"] == "province:sicilia"


def test_9_8_1_a_governor_back_this_turn_goes_out_again_only_with_his_consent():
    s = table()
    s["log_turn"] = {"returned_governors": ["3"]}
    s = nominate(governors(s), {"sicilia": "3"})
    assert asked_kinds(s) == {"blue": "consent"}
    refused = answer(s, "blue", "refuse")
    assert refused["provinces"]["sicilia"]["governor"] is None and asked_kinds(refused) == {"red": "nominate_governors"}
    with pytest.raises(IllegalAction):
        nominate(refused, {"sicilia": "3"})
    s = votes_all(answer(s, "blue", "consent"), "yes")
    assert s["provinces"]["sicilia"]["governor"] == "3"
