"""Spec 19.4, constructed examples 7 (assassination) and 9 (vote arithmetic), number for number, through the
vote engine as the platform drives it (prompts, forms, scripted dice)."""
from __future__ import annotations

from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, prompt_for, set_hand
from tests.scenario.republic_of_rome.vote_position import open_vote, proposal, result, senate_table, vote


def test_19_4_9_vote_arithmetic_ora_3_and_2_knights_with_4_talents_and_a_20_20_tie_with_7_abstaining():
    s = senate_table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", knights=2, talents=6)  # ORA 3
    add_senator(s, "4", "red", knights=8)                                               # ORA 3: 11 votes
    add_senator(s, "5", "blue", leader=True, knights=7)                                 # ORA 3: 10
    add_senator(s, "8", "blue", knights=7)                                              # ORA 3: 10
    add_senator(s, "9", "green", leader=True, knights=4)                                # ORA 3: 7
    s = open_vote(s, proposal("censor", candidate="4"), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "4": "yes"}, talents={"1": 4})
    rows = {r["id"]: r for r in s["floor"][-1]["factions"]["red"]["senators"]}
    assert rows["1"]["votes"] == 9 and rows["1"]["talents"] == 4 and s["senators"]["1"]["talents"] == 2
    s = vote(s, "blue", {"5": "no", "8": "no"})
    s = vote(s, "green", {"9": "abstain"})
    outcome = result(s)
    assert (outcome["yes"], outcome["no"]) == (20, 20) and not outcome["passed"]  # a tie fails
    assert s["floor_last"]["factions"]["green"]["senators"][0]["vote"] == "abstain"
    # the talents bought votes for that proposal only
    s = open_vote(s, proposal("censor", candidate="4"), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "4": "abstain"})
    assert s["floor"][-1]["factions"]["red"]["yes"] == 5


def test_19_4_7_assassination_one_assassin_card_one_bodyguard_the_target_dies_and_the_assassin_is_caught():
    s = senate_table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=10)  # the attacker's Faction Leader
    add_senator(s, "2", "red")                                              # the assassin
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue", pop=2)                                      # the target, Popularity 2
    add_senator(s, "5", "green", leader=True)
    set_hand(s, "red", ["int:assassin.1"])
    set_hand(s, "blue", ["int:secret_bodyguard.1"])
    s = open_vote(s, proposal("censor", candidate="5"), ScriptedRandom())
    s = vote(s, "red", {}, ScriptedRandom(dice=[5], strict=True), assassin="2", target="3", daggers=1)
    assert "roll is 6" in str(prompt_for(s, "blue").text)          # 5 + 1 Assassin card
    # one Bodyguard: 6 - 1 = 5, killed; re-roll 1 + 1 - 1 = 1: caught. Then the special prosecution opens
    # (the accused, Rome Consul, presides: no Censor) and calls red first: the compulsory Popular Appeal is
    # 2d6 - the victim's Popularity = 4 + 3 - 2 = 5, which adds 8 votes for conviction.
    s = answer(s, "blue", "1", ScriptedRandom(dice=[1, 4, 3], strict=True))
    assert "3" not in s["senators"]                                   # the kill stands
    assert "2" not in s["senators"]                                   # the assassin is caught
    assert s["senators"]["1"]["inf"] == 5                             # his Faction Leader loses 5 Influence
    trial = s["floor"][-1]
    assert trial["proposal"]["kind"] == "special_prosecution" and trial["proposal"]["accused"] == "1"
    assert not trial["vetoable"] and [e["proposal"]["kind"] for e in s["floor"]] == ["censor", "special_prosecution"]
    assert trial["appeal"]["roll"] == 5 and trial["yes"] == 8
    assert trial["no"] == 5  # the accused's Influence against conviction
    assert prompt_for(s, "red").kind == "senate_vote"
