"""Rule 9.10 with 9.4 item 1: a Consul for Life may be nominated as soon as the Consuls are elected (not only in
other business), by the PM, once per turn, without veto; the PM is asked only when a Senator in Rome has 21 or
more Influence; a missed deadline nominates nobody."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import add_senator, answer, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, small_senate, votes_all


def table(julius_influence: int = 25) -> dict:
    """Red: Cornelius (1) Rome Consul presiding, Fabius (2). Blue: Julius (4) with `julius_influence`,
    Valerius (3). Green: Claudius (5). Consuls are elected: Fabius and Valerius."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    s["senators"]["4"]["inf"] = julius_influence
    s = at_step(s, "senate_elect_consuls")
    s = answer(s, "red", {"first": "2", "second": "3", "order": "first", "censor": "later"})
    s = votes_all(s, "yes")
    for seat in sorted(asked_kinds(s)):  # consular offices: each names its own Consul as Rome Consul
        s = answer(s, seat, RULES.default_choice(s, seat))
    return s


def test_9_10_the_pm_may_nominate_a_consul_for_life_right_after_the_consuls():
    s = table()
    pm = s["senators"]["2"]["office"] == "rome_consul" and "red" or "blue"
    assert asked_kinds(s) == {pm: "nominate_consul_for_life"}
    assert [c.id for c in prompt_for(s, pm).choices] == ["none", "4"]
    assert RULES.default_choice(s, pm) == "none"
    s = answer(s, pm, "4")
    entry = s["floor"][-1]
    assert entry["proposal"]["kind"] == "consul_for_life" and not entry["vetoable"] and entry["yes"] == 25
    s = votes_all(s, "yes")
    assert s["consul_for_life"]["senator"] == "4"
    assert "nominate_consul_for_life" not in asked_kinds(s).values() and s["senate"]["stage"] != "consuls"


def test_9_10_a_failed_nomination_is_not_offered_again_this_turn_and_the_agenda_goes_on():
    s = table()
    s["senators"]["1"]["talents"] = 40  # Cornelius pays for votes against
    pm = next(iter(asked_kinds(s)))
    s = votes_all(answer(s, pm, "4"), {"red": "no", "blue": "yes", "green": "no"}, talents={"1": 40})
    assert not s.get("consul_for_life") and s["senate"]["consul_for_life_voted"]
    assert "nominate_consul_for_life" not in asked_kinds(s).values()


def test_9_10_nobody_with_21_influence_means_no_question():
    s = table(julius_influence=20)
    assert "nominate_consul_for_life" not in asked_kinds(s).values()
