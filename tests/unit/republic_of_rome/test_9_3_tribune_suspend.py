"""Rule 9.3 "Suspend" (with 9.8.5): during a vote that would send the Presiding Magistrate to war, a faction may
play a Tribune before or during its turn to vote to suspend that vote and put its own proposal first; if that
proposal makes the suspended one impossible, the suspended one fails."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import add_senator, answer, narration, prompt_for, set_hand
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, propose, small_senate, vote, votes_all


def legion(i: int) -> dict:
    return {"id": i, "veteran": False, "loyal_to": None, "at": "italy"}


def table() -> dict:
    """Red: Cornelius (1) Field Consul presiding (no Rome Consul). Blue: Julius (4) with a Tribune. Green:
    Claudius (5). 10 Legions in Italy; the 1st Gallic War active."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="field_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    set_hand(s, "blue", ["int:tribune.1"])
    s["legions"] = [legion(i) for i in range(1, 11)]
    s["forum"]["wars"] = {"1st_gallic_war": {"status": "active", "naval_victory": False}}
    return s


def send_the_pm(s: dict | None = None) -> dict:
    s = at_step(s or table(), "senate_other_business", stage="other")
    return propose(s, "deploy", {"commander": "1", "war": "1st_gallic_war", "legions": 10, "fleets": 0})


def tribune_options(s: dict, seat: str) -> list[str]:
    field = prompt_for(s, seat).form.field("tribune")
    return [o.value for o in field.options] if field is not None else []


def test_9_3_a_vote_sending_the_pm_to_war_may_be_suspended_and_is_voted_again_after_the_tribune_proposal():
    s = vote(send_the_pm(), "red", {"1": "yes"})
    assert "suspend" in tribune_options(s, "blue")
    before = s
    s = vote(s, "blue", {"4": "no"}, tribune="suspend")
    assert any("Blue plays a Tribune: the vote is suspended" in x for x in narration(before, s, "green"))
    assert s["factions"]["blue"]["hand"] == [] and s["senators"]["1"]["location"] == "rome"
    assert asked_kinds(s) == {"blue": "other_business"}  # its own proposal first
    s = answer(answer(s, "blue", "minor_motion"), "blue", {"senator": "5", "then": "continue"})
    for seat in ("red", "blue", "green"):
        s = vote(s, seat, {})
    # the suspended deployment is put to the vote again, from the start
    entry = s["floor"][-1]
    assert entry["proposal"]["kind"] == "deploy" and entry["voted"] == [] and not entry["proposal"].get("tribune")
    assert "suspend" not in tribune_options(vote(s, "red", {"1": "yes"}), "blue")  # no Tribune left
    s = votes_all(s, "yes")
    assert s["senators"]["1"]["location"] == "war:1st_gallic_war" and "senate" not in s  # the Senate closes


def test_9_3_the_suspended_vote_fails_when_the_tribune_proposal_makes_it_impossible():
    s = vote(send_the_pm(), "red", {"1": "yes"})
    s = vote(s, "blue", {}, tribune="suspend")
    s = answer(answer(s, "blue", "disband_forces"), "blue", {"legions": 5, "fleets": 0, "then": "continue"})
    before = s
    s = votes_all(s, "yes")
    assert len(s["legions"]) == 5
    assert asked_kinds(s) == {"red": "other_business"} and "suspended" not in s["senate"]
    assert any("The suspended proposal has become impossible and fails" in x for x in narration(before, s, "red"))
    assert s["senators"]["1"]["location"] == "rome"


def test_9_3_no_suspension_when_the_vote_does_not_send_the_pm():
    s = table()
    add_senator(s, "2", "red", office="rome_consul")  # the Rome Consul presides; the Field Consul may go
    s = at_step(s, "senate_other_business", stage="other")
    s = propose(s, "deploy", {"commander": "1", "war": "1st_gallic_war", "legions": 10, "fleets": 0})
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    assert tribune_options(s, "blue") == ["none", "veto", "reserve"]
    assert '"tribune":"none"' in RULES.default_choice(s, "blue")  # a missed vote plays no Tribune


def test_9_3_a_sealed_vote_is_suspended_at_the_reveal_before_any_vote_counts():
    s = at_step(table(), "senate_other_business", stage="other")
    s = answer(s, "red", "deploy")
    s = answer(s, "red", {"commander": "1", "war": "1st_gallic_war", "legions": 10, "fleets": 0,
                          "order": "immediate", "then": "continue"})
    assert "suspend" in tribune_options(s, "blue")
    s = vote(s, "red", {"1": "yes"})
    s = vote(s, "blue", {"4": "yes"}, tribune="suspend")
    s = vote(s, "green", {"5": "yes"})
    assert s["floor_last"]["status"] == "suspended" and s["floor_last"]["voted"] == []
    assert asked_kinds(s) == {"blue": "other_business"} and s["senators"]["1"]["location"] == "rome"
