"""Rule 9.2: only Senators in Rome vote. In a sealed round (here the PM's immediate vote, Rule 9.1) a faction
whose sealed answer waits and which then loses its last Senator in Rome before the reveal — its lone Senator
caught making its standing assassination attempt (Rule 9.11) — no longer votes: its hidden answer is dropped
and the round waits only for the factions still to vote (random play: 6 players, seed 66)."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator
from tests.scenario.republic_of_rome.vote_position import asked_seats, open_vote, proposal, result, senate_table, vote


def table() -> dict:
    """Red: Cornelius (1) Rome Consul presiding; Blue: Julius (4); Green: Claudius (5) alone, with a standing
    vote of no and a standing attempt on Cornelius whenever a proposal names him."""
    s = senate_table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=10)
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    s["standing_votes"] = {"green": {"any": "no"}}
    s["standing_attempts"] = {"green": {"assassin": "5", "target": "1", "daggers": 0}}
    return s


def test_9_2_a_sealed_answer_of_a_faction_left_without_senators_is_dropped():
    s = open_vote(table(), proposal("censor", candidate="1", order="immediate"), ScriptedRandom(dice=[1]))
    assert "5" not in s["senators"] and not [sid for sid, x in s["senators"].items() if x.get("faction") == "green"]
    assert s["step"] == "senate_sealed_vote"
    assert "green" not in s["sealed"]  # its standing "no", sealed at the opening, is gone with its Senators
    RULES.check_invariants(s)
    assert sorted(asked_seats(s)) == ["blue", "red"]
    s = vote(s, "red", {"1": "yes"})
    s = vote(s, "blue", {"4": "yes"})
    assert result(s)["passed"] and result(s)["no"] == 0 and set(result(s)["votes"]) == {"1", "4"}


def test_9_11_a_special_prosecution_inside_a_sealed_round_keeps_the_round_s_answers_apart():
    """Sealed option: Green's assassin (8) is caught at the opening of the Censor's election, so its leader
    Claudius (5) faces a special prosecution, itself a sealed round, while Blue's standing "yes" on elections
    waits for the election. The prosecution asks Blue (no standing order covers it) and the election still
    holds Blue's answer afterwards."""
    s = senate_table(3, options={"senate_votes": "sealed"})
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=10)
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    add_senator(s, "8", "green")
    s["standing_votes"] = {"blue": {"group:elections": "yes"}}
    s["standing_attempts"] = {"green": {"assassin": "8", "target": "1", "daggers": 0}}
    s = open_vote(s, proposal("censor", candidate="1"), ScriptedRandom(dice=[1]))
    assert s["floor"][-1]["proposal"]["kind"] == "special_prosecution" and s["step"] == "senate_sealed_vote"
    assert s["sealed"] == {} and sorted(asked_seats(s)) == ["blue", "green", "red"]
    s = vote(s, "red", {"1": "yes"})
    s = vote(s, "blue", {"4": "no"})
    s = vote(s, "green", {"5": "no"}, ScriptedRandom(dice=[4, 4]))  # the appeal: 8, no effect
    assert s["floor_last"]["appeal"]["outcome"] == "votes" and s["floor_last"]["factions"]["blue"]["no"] == 3
    assert [e["proposal"]["kind"] for e in s["floor"]] == ["censor"]
    assert set(s["sealed"]) == {"blue"} and sorted(asked_seats(s)) == ["green", "red"]
    RULES.check_invariants(s)
