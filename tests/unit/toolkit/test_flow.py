"""The toolkit's flow engine: named states, goto, and call/return with a stack kept in the (JSON) state."""
from __future__ import annotations

import json
import random

import pytest

from domain.toolkit.flow import Flow, Step
from domain.toolkit.state import clone

FLOW = Flow("phase")
RNG = random.Random(0)


@FLOW.state
class Initiative(Step):
    """The outer sequence: calls a persuasion, then a vote, and records what each returned."""

    name = "initiative"

    def enter(self, s, D, rng):
        s["ctx"] = {"step": "persuade", "results": []}

    def legal(self, s, D):
        return {"red": ["go"]}

    def act(self, s, D, seat, cid, rng):
        FLOW.call(s, D, "persuasion", rng, args={"target": "blue"})

    def resume(self, s, D, rng, value):
        s["ctx"]["results"] = s["ctx"]["results"] + [value]
        if s["ctx"]["step"] == "persuade":
            s["ctx"]["step"] = "vote"
            FLOW.call(s, D, "vote", rng, then="after_vote")


@FLOW.state
class Persuasion(Step):
    """A nested sequence that itself nests a bribe before returning."""

    name = "persuasion"

    def enter(self, s, D, rng):
        s["ctx"]["offers"] = 0

    def legal(self, s, D):
        return {"red": ["bribe", "done"]}

    def act(self, s, D, seat, cid, rng):
        if cid == "bribe":
            FLOW.call(s, D, "bribe", rng, args={"amount": 3})
        else:
            FLOW.ret(s, D, rng, {"target": s["ctx"]["target"], "offers": s["ctx"]["offers"]})

    def resume(self, s, D, rng, value):
        s["ctx"]["offers"] += value


@FLOW.state
class Bribe(Step):
    name = "bribe"

    def enter(self, s, D, rng):
        FLOW.ret(s, D, rng, s["ctx"]["amount"])  # an automatic nested sequence returns at once


@FLOW.state
class Vote(Step):
    name = "vote"

    def legal(self, s, D):
        return {"blue": ["yes", "no"]}

    def act(self, s, D, seat, cid, rng):
        FLOW.ret(s, D, rng, cid)


@FLOW.state
class AfterVote(Step):
    name = "after_vote"

    def resume(self, s, D, rng, value):
        s["ctx"]["vote"] = value


def play(s, seat, cid):
    before = json.dumps(s, sort_keys=True)
    new = clone(s)
    FLOW.current(new).act(new, None, seat, cid, RNG)
    assert json.dumps(s, sort_keys=True) == before, "a move changed the state it started from"
    assert json.loads(json.dumps(new)) == new, "the state is not plain JSON"
    return new


def start():
    s = {"phase": "", "ctx": {}}
    FLOW.goto(s, None, "initiative", RNG)
    return s


def test_a_call_saves_the_callers_working_data_and_passes_arguments():
    s = play(start(), "red", "go")
    assert s["phase"] == "persuasion" and FLOW.depth(s) == 1
    assert s["ctx"] == {"target": "blue", "offers": 0}
    assert s["calls"] == [{"then": "initiative", "ctx": {"step": "persuade", "results": []}}]


def test_nested_calls_return_values_to_their_callers_in_order():
    s = play(start(), "red", "go")
    s = play(s, "red", "bribe")       # persuasion -> bribe, which returns 3 at once
    assert s["phase"] == "persuasion" and FLOW.depth(s) == 1 and s["ctx"]["offers"] == 3
    s = play(s, "red", "bribe")
    assert s["ctx"]["offers"] == 6
    s = play(s, "red", "done")        # back in the initiative, which calls the vote with another continuation
    assert s["phase"] == "vote" and FLOW.depth(s) == 1
    assert s["calls"][0]["ctx"]["results"] == [{"target": "blue", "offers": 6}]
    s = play(s, "blue", "no")
    assert s["phase"] == "after_vote" and s["ctx"]["vote"] == "no"
    assert s["ctx"]["results"] == [{"target": "blue", "offers": 6}] and s["ctx"]["step"] == "vote"
    assert "calls" not in s, "the stack leaves no trace once every call has returned"


def test_a_state_is_the_same_after_a_json_round_trip_in_the_middle_of_nested_calls():
    s = play(play(start(), "red", "go"), "red", "bribe")
    copy = json.loads(json.dumps(s))
    for seat, cid in (("red", "done"), ("blue", "yes")):
        s, copy = play(s, seat, cid), play(copy, seat, cid)
        assert s == copy


def test_the_restored_working_data_is_a_copy_so_earlier_states_never_change():
    voting = play(play(start(), "red", "go"), "red", "done")
    assert voting["phase"] == "vote"
    saved = json.dumps(voting["calls"], sort_keys=True)
    back = play(voting, "blue", "yes")
    back["ctx"]["results"].append("changed in place")  # a later step may change its working data in place
    assert json.dumps(voting["calls"], sort_keys=True) == saved


def test_return_without_a_call_is_a_bug_and_says_so():
    s = start()
    with pytest.raises(RuntimeError, match="without a call"):
        FLOW.ret(s, None, RNG, 1)


def test_two_states_with_one_name_are_refused():
    flow = Flow()
    flow.state(Vote)
    with pytest.raises(ValueError):
        flow.state(Vote)
