"""Rule 9.10: "his player controls all non-rebel Factions in the Senate Phase" — the Consul for Life's faction
decides every Senate vote for every non-rebel faction (consul_control.py): only it is asked; the others'
Senators in Rome vote its one choice, spend nothing, are never asked (no Tribune, no standing vote, no
standing attempt); a vote under way when he is made is finished under control; a faction in revolt is not
controlled."""
from __future__ import annotations

import random

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.floor import floor_text
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, edit, narration,
                                                      prompt_for, set_hand)
from tests.scenario.republic_of_rome.vote_position import (asked_seats, fields_of, open_vote, proposal, result,
                                                            senate_table, vote)


def table(players: int = 3, cfl: str | None = "blue", **options) -> dict:
    """Red: Cornelius (1) Rome Consul presiding, Fabius (2); Blue: Julius (4), Valerius (3), and, with `cfl`,
    Julius Consul for Life of this turn; Green: Claudius (5)."""
    s = senate_table(players, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    if cfl:
        make_cfl(s, "4")
    return s


def make_cfl(s: dict, sid: str) -> None:
    s["consul_for_life"] = {"senator": sid, "seat": s["senators"][sid]["faction"], "turn": s["turn"], "elected": True}


def censor(**more) -> dict:
    return proposal("censor", candidate="2", **more)


def rule(s: dict, seat: str, controlled: str, votes: dict | None = None, rng: random.Random | None = None,
         **fields) -> dict:
    """The Consul for Life's faction answers: `controlled` for the factions he controls, `votes` for its own."""
    p = prompt_for(s, seat)
    assert p is not None and p.form.field("controlled") is not None, f"{seat} does not rule ({asked_seats(s)})"
    values = {f.name: f.first() for f in p.form.fields}
    values.update({"standing_vote": "keep", "assassin": "none", "target": "none", "tribune": "none", "appeal": "no"})
    values = {k: v for k, v in values.items() if p.form.field(k) is not None}
    if "votes" in values:
        values["votes"] = {**values["votes"], **(votes or {})}
    values.update(controlled=controlled, **fields)
    return answer(s, seat, values, rng or random.Random(0))


def by(s: dict) -> dict:
    return {seat: cast["by"] for seat, cast in s["floor_last"]["factions"].items()}


def test_9_10_only_the_consul_for_lifes_faction_is_asked_and_the_others_vote_his_way():
    s = open_vote(table(), censor(), ScriptedRandom())  # red presides: clockwise red would vote first
    assert asked_seats(s) == ["blue"]
    assert fields_of(s, "blue")[:2] == ["controlled", "votes"]
    s = rule(s, "blue", "no", {"4": "yes", "3": "yes"})
    assert result(s)["votes"] == {"4": "yes", "3": "yes", "1": "no", "2": "no", "5": "no"}
    assert (result(s)["yes"], result(s)["no"]) == (3 + 2, 3 + 2 + 3) and not result(s)["passed"]
    assert by(s) == {"blue": "vote", "red": "consul_for_life", "green": "consul_for_life"}


def test_9_10_controlled_senators_spend_nothing_and_abstain_when_he_abstains():
    s = table()
    s["senators"]["1"]["talents"] = 9
    s = open_vote(s, censor(), ScriptedRandom())
    s = rule(s, "blue", "abstain", {"4": "yes"})
    assert result(s)["votes"]["1"] == "abstain" and result(s)["votes"]["5"] == "abstain"
    assert s["senators"]["1"]["talents"] == 9 and result(s)["no"] == 0
    s = open_vote(s, proposal("land_bill", type="I", sponsor="4", cosponsor="3"), ScriptedRandom())
    assert [o.value for o in prompt_for(s, "blue").form.field("controlled").options] == ["yes", "no"]


def test_9_10_the_controlled_factions_cannot_veto_with_a_tribune():
    s = table()
    set_hand(s, "red", ["int:tribune.1"])
    set_hand(s, "green", ["int:tribune.2"])
    s["standing_votes"] = {"green": {"any": "veto"}}
    s = open_vote(s, censor(), ScriptedRandom())
    assert asked_seats(s) == ["blue"] and "tribune" not in fields_of(s, "blue")
    s = rule(s, "blue", "yes", {"4": "yes"})
    assert result(s)["passed"] and not result(s)["vetoed"]
    assert s["factions"]["red"]["hand"] == ["int:tribune.1"] and s["factions"]["green"]["hand"] == ["int:tribune.2"]


def test_9_10_the_consul_for_life_keeps_his_own_tribune():
    s = table()
    set_hand(s, "blue", ["int:tribune.1"])
    s = open_vote(s, censor(), ScriptedRandom())
    s = rule(s, "blue", "yes", tribune="veto")
    assert result(s)["vetoed"] and result(s)["vetoed_by"] == "blue" and result(s)["votes"] == {}


def test_9_10_standing_votes_of_controlled_factions_do_not_act_his_own_answers_for_all():
    s = table()
    s["standing_votes"] = {"red": {"any": "yes"}, "green": {"any": "yes"}}
    t = open_vote(s, censor(), ScriptedRandom())
    assert asked_seats(t) == ["blue"]
    t = rule(t, "blue", "no", {"4": "no", "3": "no"})
    assert not result(t)["passed"] and result(t)["yes"] == 0
    s["standing_votes"] = {"blue": {"any": "no"}}
    t = open_vote(s, censor(), ScriptedRandom())
    assert result(t) is not None and set(result(t)["votes"].values()) == {"no"}
    assert by(t) == {"blue": "standing", "red": "consul_for_life", "green": "consul_for_life"}


def test_9_10_standing_assassination_orders_of_controlled_factions_do_not_act():
    s = table()
    s["standing_attempts"] = {"green": {"assassin": "5", "target": "2", "daggers": 0}}
    s = open_vote(s, censor(), ScriptedRandom())
    assert asked_seats(s) == ["blue"] and "2" in s["senators"]
    assert s["standing_attempts"] == {"green": {"assassin": "5", "target": "2", "daggers": 0}}  # kept, not used


def test_9_10_a_vote_under_way_is_finished_under_control_for_the_factions_not_yet_voted():
    s = open_vote(table(cfl=None), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    assert asked_seats(s) == ["blue"] and "controlled" not in fields_of(s, "blue")
    s = edit(s)
    make_cfl(s, "4")  # e.g. a prosecution reward during the vote
    s = rule(s, "blue", "no", {"4": "no", "3": "no"})
    assert result(s)["votes"] == {"1": "yes", "2": "yes", "4": "no", "3": "no", "5": "no"}
    assert by(s) == {"red": "vote", "blue": "vote", "green": "consul_for_life"}


def test_9_10_made_after_his_own_faction_voted_he_still_casts_the_rest():
    s = open_vote(table(cfl=None), censor(order="last"), ScriptedRandom())  # blue, green, red
    s = vote(s, "blue", {"4": "yes", "3": "yes"})
    s = edit(s)
    make_cfl(s, "4")
    assert asked_seats(s) == ["blue"]
    assert "votes" not in fields_of(s, "blue") and "controlled" in fields_of(s, "blue")
    s = rule(s, "blue", "yes")
    assert result(s)["passed"] and by(s) == {"blue": "vote", "green": "consul_for_life", "red": "consul_for_life"}


def test_9_10_a_sealed_round_is_finished_in_order_and_its_hidden_answers_set_aside():
    s = open_vote(table(cfl=None, senate_votes="sealed"), censor(), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    s = edit(s)
    make_cfl(s, "4")
    assert asked_seats(s) == ["blue"]
    before = s
    s = rule(s, "blue", "no", {"4": "no"})
    assert result(s)["votes"]["1"] == "no" and s["sealed"] == {}
    assert any("set aside" in line for line in narration(before, s, "green"))
    s = open_vote(s, censor(), ScriptedRandom())  # a new vote under control: not sealed
    assert asked_seats(s) == ["blue"] and s["floor"][-1]["mode"] == "in_order"


def test_9_10_the_narration_and_the_floor_say_the_consul_for_life_cast_the_votes():
    s = open_vote(table(), censor(), ScriptedRandom())
    assert "As Consul for Life you decide this vote for Red, Green" in prompt_for(s, "blue").text
    before = s
    s = rule(s, "blue", "yes", {"4": "yes"})
    lines = narration(before, s, "green")
    assert any("The Consul for Life, Julius" in line and "casts your Senators' votes: 3 for" in line for line in lines)
    assert any("casts the votes of Red: 5 for" in line for line in lines)
    assert any("As Consul for Life you cast the votes of Green" in line for line in narration(before, s, "blue"))
    assert "Red (cast by the Consul for Life):" in str(floor_text(data_for(s), s, s["floor_last"]))
    t = open_vote(table(), censor(), ScriptedRandom())
    assert RULES.view(t, None)["floor"]["vote"]["consul_for_life"] == "blue"


def test_9_10_a_faction_in_revolt_is_not_controlled():
    s = table()
    add_senator(s, "6", "green")
    s["senators"]["5"]["rebel"] = True
    s = open_vote(s, censor(), ScriptedRandom())
    s = rule(s, "blue", "yes", {"4": "yes"})
    assert asked_seats(s) == ["green"] and "controlled" not in fields_of(s, "green")
    s = vote(s, "green", {"6": "no"})
    assert by(s) == {"blue": "vote", "red": "consul_for_life", "green": "vote"}


def test_9_10_no_control_from_another_turn_or_without_his_faction():
    s = table()
    s["consul_for_life"] = {**s["consul_for_life"], "turn": s["turn"] - 1}
    assert asked_seats(open_vote(s, censor(), ScriptedRandom())) == ["red"]
    s = table()
    for sid in ("4", "3"):
        s["senators"][sid]["faction"] = None
    assert asked_seats(open_vote(s, censor(), ScriptedRandom())) == ["red"]


def test_9_10_a_missed_deadline_abstains_for_everyone():
    s = open_vote(table(), censor(), ScriptedRandom())
    s = answer(s, "blue", RULES.default_choice(s, "blue"))
    assert set(result(s)["votes"].values()) == {"abstain"}


def test_9_10_the_invariants_check_the_controlled_votes():
    from domain.games.republic_of_rome.consul_control import check_control
    s = open_vote(table(), censor(), ScriptedRandom())
    s = rule(s, "blue", "yes", {"4": "yes"})
    check_control(s)
    rows = s["floor_last"]["factions"]["red"]["senators"]
    s["floor_last"]["factions"]["red"]["senators"] = [{**rows[0], "vote": "no"}] + rows[1:]
    with pytest.raises(AssertionError, match="differ"):
        check_control(s)


def test_9_10_the_consul_for_life_makes_the_popular_appeal_of_a_controlled_accused():
    prosecution = proposal("prosecution", charge="minor", accused="2", prosecutor="4", appeal=True)
    s = open_vote(table(), prosecution, ScriptedRandom())
    assert asked_seats(s) == ["blue"] and "appeal" in fields_of(s, "blue")
    s = rule(s, "blue", "yes", {"4": "yes"}, rng=ScriptedRandom(dice=[4, 4]), appeal="yes")
    assert result(s)["appeal"] is not None and result(s)["appeal"]["roll"] == 8 + s["senators"]["2"]["pop"]
    assert result(s)["votes"]["1"] == "yes" and by(s)["red"] == "consul_for_life"


def test_9_10_random_play_under_control_keeps_the_invariants():
    """Random games in which a Consul for Life is made as each game's first Senate opens (the invariants,
    check_control among them, run after every step): his faction casts the others' votes to the end."""
    from tests.property.republic_of_rome.ror_random import play_game
    seen = []

    def on_step(before: dict, seat: str, choice: str, after: dict) -> None:
        if after["phase"] == "senate" and not after.get("consul_for_life") and not after["finished"]:
            sid = next(sid for sid, x in after["senators"].items() if x["faction"] and not x["rebel"])
            make_cfl(after, sid)  # the state the next step starts from
        seen.extend(n["k"] for n in after["notes"] if n["k"] == "controlled_vote")

    for players, seed in ((3, 1), (5, 2)):
        run = play_game(players, seed, None, on_step)
        assert run.state["finished"] and run.state["result"]["reason"] == "consul_for_life"
    assert len(seen) > 5
