"""Rule 9.1-9.2 (voting; spec 17.6 items 38-39, 42) and issue #15's speed: the PM's voting order, votes per
Senator with talents, abstention (not on Land Bills), ties, the unanimous defeat, a missed vote, standing
votes, sealed votes and several proposals on the floor."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.floor import floor_text
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, prompt_for
from tests.scenario.republic_of_rome.vote_position import (asked_seats, fields_of, open_vote, open_votes, proposal,
                                                            result, senate_table, vote)


def table(players: int = 3, **options) -> dict:
    """Red: Cornelius (1, ORA 3) Rome Consul, presiding, and Fabius (2, ORA 2); Blue: Julius (4, ORA 3) and
    Valerius (3, ORA 2); Green: Claudius (5, ORA 3). Yellow (4 players): Furius (8, ORA 3)."""
    s = senate_table(players, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    if players > 3:
        add_senator(s, "8", "yellow", leader=True)
    return s


def censor(**more) -> dict:
    return proposal("censor", candidate="2", **more)


def test_9_2_factions_vote_clockwise_from_the_pm_by_default():
    s = open_vote(table(), censor(), ScriptedRandom())
    assert asked_seats(s) == ["red"]
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    assert asked_seats(s) == ["blue"]
    s = vote(s, "blue", {"4": "no", "3": "no"})
    assert asked_seats(s) == ["green"]
    s = vote(s, "green", {"5": "yes"})
    assert result(s)["passed"] and (result(s)["yes"], result(s)["no"]) == (3 + 2 + 3, 3 + 2)
    assert result(s)["votes"] == {"1": "yes", "2": "yes", "4": "no", "3": "no", "5": "yes"}


def test_9_2_the_pm_may_name_his_own_faction_last():
    s = open_vote(table(), censor(order="last"), ScriptedRandom())
    assert asked_seats(s) == ["blue"]
    s = vote(s, "blue", {})
    s = vote(s, "green", {})
    assert asked_seats(s) == ["red"]


def test_9_2_the_pm_names_each_next_faction_after_seeing_the_vote():
    s = open_vote(table(), censor(order="call"), ScriptedRandom())
    p = prompt_for(s, "red")
    assert p.kind == "call_faction" and [c.id for c in p.choices] == ["call:red", "call:blue", "call:green", "rest", "immediate"]
    s = answer(s, "red", "call:green")
    assert asked_seats(s) == ["green"]
    s = vote(s, "green", {"5": "no"})
    assert [c.id for c in prompt_for(s, "red").choices] == ["call:red", "call:blue", "rest", "immediate"]
    s = answer(s, "red", "rest")  # the others in seat order, without asking again
    assert asked_seats(s) == ["red"]
    s = vote(s, "red", {})
    assert asked_seats(s) == ["blue"]


def test_9_2_abstentions_are_ignored_and_a_tie_fails():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "abstain"})   # 3 for
    s = vote(s, "blue", {"4": "no", "3": "abstain"})   # 3 against
    s = vote(s, "green", {"5": "abstain"})
    assert not result(s)["passed"] and (result(s)["yes"], result(s)["no"]) == (3, 3)


def test_9_2_talents_add_one_vote_each_and_are_paid_to_the_bank_by_voters_only():
    s = table()
    s["senators"]["1"]["talents"] = 5
    s["senators"]["2"]["talents"] = 3
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "abstain"}, talents={"1": 4, "2": 3})
    assert s["senators"]["1"]["talents"] == 1 and s["senators"]["2"]["talents"] == 3
    assert s["floor"][-1]["yes"] == 3 + 4


def test_9_2_a_senator_spends_only_his_own_talents():
    s = table()
    s["senators"]["1"]["talents"] = 2
    s["senators"]["2"]["talents"] = 5
    s = open_vote(s, censor(), ScriptedRandom())
    with pytest.raises(IllegalAction):
        vote(s, "red", {"1": "yes"}, talents={"1": 3, "2": 0})


def test_9_2_no_talent_field_when_nobody_has_money():
    s = open_vote(table(), censor(), ScriptedRandom())
    assert "talents" not in fields_of(s, "red")


def test_9_2_no_abstention_on_a_land_bill_and_a_missed_vote_is_no():
    s = open_vote(table(), proposal("land_bill", type="I", sponsor="4", cosponsor="3"), ScriptedRandom())
    form = prompt_for(s, "red").form
    assert [o.value for o in form.field("votes").value.options] == ["yes", "no"]
    s = RULES.apply(s, "red", RULES.default_choice(s, "red"), ScriptedRandom())
    assert s["floor"][-1]["factions"]["red"]["no"] == 3 + 2


def test_9_2_a_faction_that_does_not_vote_when_called_abstains():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = RULES.apply(s, "red", RULES.default_choice(s, "red"), ScriptedRandom())
    cast = s["floor"][-1]["factions"]["red"]
    assert (cast["yes"], cast["no"]) == (0, 0) and {r["vote"] for r in cast["senators"]} == {"abstain"}


def test_9_2_only_senators_in_rome_vote():
    s = table()
    s["senators"]["2"]["location"] = "province:sicilia"
    s["provinces"]["sicilia"] = {"developed": False, "governor": "2", "term": 3}
    s = open_vote(s, censor(), ScriptedRandom())
    assert prompt_for(s, "red").form.field("votes").items[0].value == "1"
    assert len(prompt_for(s, "red").form.field("votes").items) == 1


def test_9_2_extra_votes_of_the_proposal_count_from_the_start():
    s = open_vote(table(), censor(extra_no=10), ScriptedRandom())
    for seat in ("red", "blue", "green"):
        s = vote(s, seat, {sid: "yes" for sid in ("1", "2", "4", "3", "5")
                           if s["senators"][sid]["faction"] == seat})
    assert (result(s)["yes"], result(s)["no"]) == (13, 10) and result(s)["passed"]


def test_9_2_the_prompt_carries_the_proposal_and_the_votes_so_far():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "no"})
    text = str(prompt_for(s, "blue").text)
    assert "Fabius (2) as Censor" in text and "Cornelius (1) yes (3)" in text and "Fabius (2) no (2)" in text
    assert "Still to vote" in text and str(floor_text(data_for(s), s)) in text


def test_9_1_unanimous_defeat_is_reported_when_every_other_senator_votes_no():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    s = vote(s, "blue", {"4": "no", "3": "no"})
    s = vote(s, "green", {"5": "no"})
    assert not result(s)["passed"] and result(s)["unanimous_defeat"]


def test_9_1_an_abstention_breaks_unanimity():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    s = vote(s, "blue", {"4": "no", "3": "abstain"})
    s = vote(s, "green", {"5": "no"})
    assert not result(s)["passed"] and not result(s)["unanimous_defeat"]


def test_9_1_no_unanimous_defeat_for_a_tribune_proposal_or_a_minor_motion():
    for prop in (censor(tribune=True, by="blue"), proposal("minor_motion", senator="3")):
        s = open_vote(table(), prop, ScriptedRandom())
        while result(s) is None:
            seat = asked_seats(s)[0]
            s = vote(s, seat, {sid: "no" for sid, x in s["senators"].items() if x["faction"] == seat})
        assert not result(s)["unanimous_defeat"]


def test_9_2_several_proposals_on_the_floor_are_voted_one_after_the_other():
    s = open_votes(table(), [censor(), proposal("censor", candidate="3")], ScriptedRandom())
    for how in ("yes", "no"):
        for seat in ("red", "blue", "green"):
            assert result(s) is None
            s = vote(s, seat, {sid: how for sid, x in s["senators"].items() if x["faction"] == seat})
    assert [(r["passed"], r["yes"], r["no"]) for r in result(s)["results"]] == [(True, 13, 0), (False, 0, 13)]


# ------------------------------------------------------------------------------------------ standing votes
def test_standing_vote_answers_at_once_when_the_faction_is_called():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = vote(s, "red", {}, standing_when="any", standing_vote="yes")  # red sets "yes on any proposal"
    s = vote(s, "blue", {})
    s = vote(s, "green", {})
    s = open_vote(s, proposal("censor", candidate="3"), ScriptedRandom())
    assert asked_seats(s) == ["blue"]  # red answered by its standing vote
    cast = s["floor"][-1]["factions"]["red"]
    assert cast["by"] == "standing" and cast["yes"] == 3 + 2


def test_standing_vote_the_most_particular_order_applies():
    s = table()
    s["standing_votes"] = {"blue": {"any": "yes", "by:red": "no"}}
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    assert s["floor"][-1]["factions"]["blue"]["no"] == 5  # "by red" before "any"


def test_standing_abstention_does_not_apply_to_a_land_bill():
    s = table()
    s["standing_votes"] = {"red": {"any": "abstain"}}
    s = open_vote(s, proposal("land_bill", type="I", sponsor="4", cosponsor="3"), ScriptedRandom())
    assert asked_seats(s) == ["red"]
    s = open_vote(s, censor(), ScriptedRandom())
    assert asked_seats(s) == ["blue"]


def test_standing_vote_ask_removes_one_order_or_all():
    s = table()
    s["standing_votes"] = {"blue": {"by:green": "no", "land_bill": "no", "group:governors": "yes"}}
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {}, standing_when="land_bill", standing_vote="ask")
    assert s["standing_votes"]["blue"] == {"by:green": "no", "group:governors": "yes"}
    s = vote(s, "green", {})
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {}, standing_when="any", standing_vote="ask")
    assert s["standing_votes"]["blue"] == {}


def test_standing_votes_are_private_to_their_seat():
    s = table()
    s["standing_votes"] = {"red": {"any": "yes"}}
    s = open_vote(s, censor(pm="4"), ScriptedRandom())
    assert RULES.view(s, "red")["floor"]["standing"]["red"]
    assert "red" not in RULES.view(s, "blue")["floor"].get("standing", {})
    assert "standing" not in RULES.view(s, None)["floor"]


# ------------------------------------------------------------------------------------------ sealed votes
def test_sealed_votes_ask_every_faction_at_once_and_reveal_together():
    s = open_vote(table(senate_votes="sealed"), censor(), ScriptedRandom())
    prompts = RULES.prompts(s)
    assert sorted(p.seat for p in prompts) == ["blue", "green", "red"] and all(p.secret for p in prompts)
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    assert s["floor"][-1]["voted"] == [] and RULES.view(s, "blue")["floor"]["vote"]["answered"] == ["red"]
    assert RULES.view(s, "blue")["floor"]["vote"]["factions"] == []
    s = vote(s, "blue", {"4": "no", "3": "no"})
    s = vote(s, "green", {"5": "yes"})
    assert result(s)["passed"] and (result(s)["yes"], result(s)["no"]) == (8, 5) and s["sealed"] == {}
    assert "answers" not in s["ctx"]


def test_sealed_votes_standing_orders_answer_at_once():
    s = table(senate_votes="sealed")
    s["standing_votes"] = {"green": {"any": "no"}}
    s = open_vote(s, censor(), ScriptedRandom())
    assert sorted(asked_seats(s)) == ["blue", "red"]
    s = vote(s, "red", {})
    s = vote(s, "blue", {})
    assert result(s)["no"] == 3 and s["floor_last"]["factions"]["green"]["by"] == "standing"
