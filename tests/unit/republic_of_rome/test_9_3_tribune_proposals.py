"""Rule 9.3 (spec 17.6 item 41, edge case 18.32): the proposal reserved with a Tribune during a PM's proposal in
other business is the Tribune faction's own, made next (even after the PM's order to adjourn), without the
unanimous-defeat penalty, and it cannot itself be interrupted by another reservation."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.tribunes import reserved
from tests.scenario.republic_of_rome.position import add_senator, answer, narration, prompt_for, set_hand
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, propose, small_senate, vote


def table() -> dict:
    """Red: Cornelius (1) Rome Consul presiding. Blue: Julius (4) with a Tribune. Green: Claudius (5) with one."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    set_hand(s, "blue", ["int:tribune.1"])
    set_hand(s, "green", ["int:tribune.2"])
    return s


def business(s: dict | None = None) -> dict:
    return at_step(s or table(), "senate_other_business", stage="other")


def tribune_options(s: dict, seat: str) -> list[str]:
    field = prompt_for(s, seat).form.field("tribune")
    return [o.value for o in field.options] if field is not None else []


def reserve_during_thanks(then: str = "continue") -> dict:
    """Red proposes a vote of thanks to Claudius; Blue reserves the next proposal and votes no."""
    s = propose(business(), "minor_motion", {"senator": "5", "then": then})
    s = vote(s, "red", {"1": "yes"})
    assert "reserve" in tribune_options(s, "blue")
    s = vote(s, "blue", {"4": "no"}, tribune="reserve")
    assert reserved(s) == "blue" and s["factions"]["blue"]["hand"] == []
    return vote(s, "green", {"5": "yes"})


def test_9_3_a_pm_proposal_in_other_business_is_reservable_and_the_tribune_faction_proposes_next():
    s = reserve_during_thanks()
    assert asked_kinds(s) == {"blue": "other_business"}
    ids = [c.id for c in prompt_for(s, "blue").choices]
    assert "adjourn" not in ids and ids[0] == "none" and "raise_forces" in ids  # a Tribune cannot adjourn
    s = answer(s, "blue", "raise_forces")
    form = prompt_for(s, "blue").form
    assert form.field("order") is None  # the voting order stays the PM's
    assert [o.value for o in form.field("then").options] == ["continue", "withdraw"]  # a Tribune cannot adjourn
    assert '"then":"withdraw"' in RULES.default_choice(s, "blue")  # a missed deadline: no proposal
    s = answer(s, "blue", {"legions": 2, "fleets": 0, "then": "continue"})
    entry = s["floor"][-1]
    assert entry["by"] == "blue" and entry["proposal"]["tribune"] and reserved(s) is None
    assert entry["first"] == "red"  # clockwise from the PM
    assert "reserve" not in tribune_options(s, "red")  # Rule 9.3: no Tribune interrupts a Tribune's proposal
    s = vote(s, "red", {"1": "no"})
    s = vote(s, "blue", {"4": "yes"})
    s = vote(s, "green", {"5": "no"})
    assert asked_kinds(s) == {"red": "other_business"}  # no unanimous defeat for a Tribune's proposal
    assert s["senators"]["1"]["inf"] == 5


def test_9_3_the_tribune_proposal_comes_before_the_pm_s_ordered_adjournment():
    s = reserve_during_thanks(then="adjourn")
    assert asked_kinds(s) == {"blue": "other_business"}
    assert RULES.default_choice(s, "blue") == "none"  # a missed deadline: no proposal
    after = answer(s, "blue", "none")
    assert "senate" not in after and after["phase"] != "senate"  # then the PM's order to adjourn stands
    assert any("Blue makes no proposal with its Tribune" in line for line in narration(s, after, "red"))


def test_9_3_no_reservation_outside_other_business():
    s = table()
    s["senators"]["4"]["prior_consul"] = s["senators"]["5"]["prior_consul"] = True
    s = at_step(s, "senate_elect_censor", stage="censor")
    while asked_kinds(s).get("red") != "senate_vote":
        seat, kind = next(iter(asked_kinds(s).items()))
        if kind == "senate_vote":
            break
        s = answer(s, seat, RULES.default_choice(s, seat))
    seat = next(iter(asked_kinds(s)))
    while seat != "blue":
        s = vote(s, seat, {})
        seat = next(iter(asked_kinds(s)))
    assert s["floor"][-1]["proposal"]["kind"] == "censor"
    assert tribune_options(s, "blue") == ["none", "veto"]


def test_9_3_a_reservation_lives_only_while_the_senate_sits():
    import json

    import pytest
    s = reserve_during_thanks()
    RULES.check_invariants(s)
    broken = json.loads(json.dumps(s))
    del broken["senate"]
    with pytest.raises(AssertionError):
        RULES.check_invariants(broken)
    s = answer(s, "blue", "none")
    assert reserved(s) is None
