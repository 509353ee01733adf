"""Rule 9.1 (spec 17.6 item 38, call_immediate_vote): the PM may cut off debate by calling an immediate vote.
Read here as a sealed round [A]: the factions still to vote answer at once and nobody sees another's vote
before all are revealed; a faction that does not answer abstains, as on every vote."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, narration, prompt_for
from tests.scenario.republic_of_rome.senate_position import at_step, small_senate
from tests.scenario.republic_of_rome.vote_position import open_vote, proposal, result, senate_table, vote


def table() -> dict:
    """Red: Cornelius (1) Rome Consul presiding. Blue: Julius (4). Green: Claudius (5)."""
    s = senate_table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    return s


def asked(s: dict) -> list[str]:
    return sorted(p.seat for p in RULES.prompts(s))


def test_9_1_the_pm_names_an_immediate_vote_with_his_proposal():
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    s = at_step(s, "senate_other_business", stage="other")
    s = answer(s, "red", "minor_motion")
    assert "immediate" in [o.value for o in prompt_for(s, "red").form.field("order").options]
    s = answer(s, "red", {"senator": "5", "order": "immediate", "then": "continue"})
    prompts = RULES.prompts(s)
    assert sorted(p.seat for p in prompts) == ["blue", "green", "red"] and all(p.secret for p in prompts)
    s = vote(s, "red", {"1": "yes"})
    assert s["floor"][-1]["voted"] == []  # nothing is revealed before the last answer
    s = vote(s, "blue", {"4": "no"})
    s = vote(s, "green", {"5": "yes"})
    assert "floor" not in s or not s["floor"]
    assert s["floor_last"]["status"] == "passed" and s["floor_last"]["voted"] == ["red", "blue", "green"]


def test_9_1_the_pm_calling_factions_may_cut_off_debate_for_the_rest():
    s = open_vote(table(), proposal("censor", candidate="1", order="call"), ScriptedRandom())
    s = answer(s, "red", "call:blue")
    s = vote(s, "blue", {"4": "no"})
    assert [c.id for c in prompt_for(s, "red").choices] == ["call:red", "call:green", "rest", "immediate"]
    before = s
    s = answer(s, "red", "immediate")
    assert asked(s) == ["green", "red"] and all(p.secret for p in RULES.prompts(s))
    assert any("calls an immediate vote" in x for x in narration(before, s, "green"))
    s = vote(s, "green", {"5": "yes"})
    assert result(s) is None
    s = answer(s, "red", RULES.default_choice(s, "red"))  # a faction that does not answer abstains
    assert result(s)["yes"] == 3 and result(s)["no"] == 3 and not result(s)["passed"]
    assert result(s)["votes"]["1"] == "abstain"
