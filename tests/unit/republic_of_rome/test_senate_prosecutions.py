"""Rule 9.7 (Prosecutions; decisions 32-34) and Rule 9.11's special prosecution: the Censor presides, limits,
eligibility flags, the Prosecutor's consent, the verdicts, the Popular Appeal's extremes, the end of the
Prosecutions. The worked example 19.4 item 8 is tests/scenario/republic_of_rome/test_ror_19_4_minor_prosecution.py."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.machine import call
from domain.games.republic_of_rome.prosecutions import appeal_row, popular_appeal
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, chit_pick, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, small_senate, votes_all

FRESH = {"minor": 0, "major": 0, "tried": []}


def table() -> dict:
    """Red: Cornelius (1) Censor; Fabius (2). Blue: Julius (4), an ex-Consul (major and minor); Valerius (3)
    with concession income (minor only). Green: Claudius (5), nothing to answer for."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="censor", prior_consul=True)
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True, inf=8, prior_consul=True, major_eligible=True, minor_eligible=True)
    add_senator(s, "3", "blue", minor_eligible=True, concessions=["mining"])
    add_senator(s, "5", "green", leader=True)
    return s


def prosecutions(s: dict | None = None, rng=None, **done) -> dict:
    return at_step(s or table(), "senate_prosecutions", rng, stage="prosecutions", pm="1",
                   prosecutions={**FRESH, **done})


def accuse(s: dict, accused: str, charge: str, prosecutor: str = "2", rng=None) -> dict:
    return answer(s, "red", {"accused": accused, "charge": charge, "prosecutor": prosecutor, "order": "first", "then": "continue"}, rng)


def options(s: dict, field: str) -> list[str]:
    return [o.value for o in prompt_for(s, "red").form.field(field).options]


def test_9_7_the_censor_presides_and_names_only_eligible_accused():
    s = prosecutions()
    assert asked_kinds(s) == {"red": "prosecute"}
    assert options(s, "accused") == ["none", "3", "4"]  # not the Censor, not Claudius (no flag)
    with pytest.raises(IllegalAction):
        accuse(s, "3", "major")  # concession income exposes to a Minor Prosecution only
    with pytest.raises(IllegalAction):
        accuse(s, "4", "minor", prosecutor="4")


def test_9_7_two_minor_or_one_major():
    assert options(prosecutions(minor=1), "charge") == ["minor"]
    s = prosecutions(major=1)
    assert asked_kinds(s) == {"red": "other_business"}  # no Prosecution left: on to the Governors, then business
    s = prosecutions(minor=2)
    assert asked_kinds(s) == {"red": "other_business"}


def test_9_7_a_prosecutor_of_another_faction_must_consent_and_a_refusal_is_remembered():
    s = accuse(prosecutions(), "4", "minor", prosecutor="5")
    assert asked_kinds(s) == {"green": "consent"}
    s = answer(s, "green", "refuse")
    assert asked_kinds(s) == {"red": "prosecute"}
    assert s["senate"]["prosecutions"] == FRESH  # not held: it does not count
    with pytest.raises(IllegalAction):
        accuse(s, "4", "minor", prosecutor="5")


def test_9_7_the_accused_influence_counts_against_conviction():
    s = accuse(prosecutions(), "3", "minor")
    log: list = []
    s = votes_all(s, {"red": "yes", "green": "yes", "blue": "abstain"}, log=log)
    result = [n for n in log if n["k"] == "vote_result"][-1]
    assert (result["yes"], result["no"]) == (3 + 2 + 3, 5)  # Valerius' Influence 5 against
    assert s["senators"]["3"]["inf"] == 0 and s["senators"]["3"]["pop"] == -5
    assert s["senators"]["3"]["concessions"] == [] and "mining" in s["forum"]["concessions"]
    assert s["senators"]["2"]["inf"] == 5 + 3  # ceil(5 / 2)
    assert s["senators"]["2"]["prior_consul"] is False  # Valerius had no marker to lose


def test_9_7_major_conviction_executes_and_rewards_half_his_influence():
    s = accuse(prosecutions(), "4", "major")
    s = votes_all(s, {"red": "yes", "green": "yes", "blue": "abstain"})  # 8 yes against 8 (Influence): tie
    assert "4" in s["senators"]  # a tie fails: acquitted
    s = prosecutions(table())
    s["senators"]["4"]["inf"] = 4
    s = accuse(s, "4", "major")
    s = votes_all(s, {"red": "yes", "green": "yes", "blue": "abstain"})
    assert s["senators"]["4"]["inf"] == 4 and s["senators"]["4"]["family"] == "4"  # his heir, printed values
    assert s["senators"]["4"]["prior_consul"] is False
    assert s["senators"]["2"]["inf"] == 5 + 2 and s["senators"]["2"]["prior_consul"] is True
    assert asked_kinds(s) == {"red": "other_business"}  # one Major Prosecution is the limit


def test_9_7_an_acquitted_senator_is_not_tried_again_on_the_same_charge():
    s = accuse(prosecutions(), "3", "minor")
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "abstain"})  # 5 for, 5 + 5 (Influence) against
    assert s["senators"]["3"]["inf"] == 5
    assert options(s, "accused") == ["none", "4"]


def test_9_7_end_of_prosecutions_clears_the_flags_in_rome_only():
    s = table()
    add_senator(s, "6", "green", minor_eligible=True, corrupt=True, location="province:sicilia")
    s["provinces"]["sicilia"] = {"developed": False, "governor": "6", "term": 2}
    s = answer(prosecutions(s), "red", {"accused": "none", "charge": "minor", "prosecutor": "2", "order": "first", "then": "continue"})
    assert not any(s["senators"][sid][f] for sid in ("3", "4") for f in ("major_eligible", "minor_eligible", "corrupt"))
    assert s["senators"]["6"]["minor_eligible"] and s["senators"]["6"]["corrupt"]
    assert s["senate"]["stage"] == "other"


def test_9_7_no_censor_no_prosecutions():
    s = table()
    s["senators"]["1"]["office"] = None
    s = at_step(s, "senate_elect_censor", stage="censor", filled=["censor"])
    assert list(asked_kinds(s).values()) == ["other_business"]


def test_15_7_popular_appeal_table_extremes():
    D = data_for(table())
    assert appeal_row(D, 2)["result"] == "accused_killed" and appeal_row(D, -4)["result"] == "accused_killed"
    assert appeal_row(D, 12)["result"] == "accused_freed" and appeal_row(D, 20)["result"] == "accused_freed"
    assert [appeal_row(D, n)["votes"] for n in range(3, 12)] == [-16, -12, -8, -4, 0, 4, 8, 12, 16]


def test_9_7_the_mob_kills_the_accused_and_it_counts_as_a_conviction():
    s = table()
    s["senators"]["3"]["pop"] = -5
    rng = ScriptedRandom(dice=[1, 1])  # 2 - 5 = -3: killed
    s = accuse(prosecutions(s, rng), "3", "minor", rng=rng)
    s = votes_all(s, "abstain", rng, appeal="yes")
    assert "3" not in s["senators"] and "3" in s["curia"]["senators"]
    assert s["senators"]["2"]["inf"] == 5 + 3


def test_9_7_freed_by_the_mob_the_chits_strike_only_the_censor_and_the_prosecutor():
    s = table()
    s["senators"]["3"]["pop"] = 5
    D = data_for(s)
    # 2d6 = 12 + 5 = 17: freed, 6 chits; Fabius' (2) and Claudius' (5) come up: only Fabius dies
    picks = [chit_pick(s, "5"), chit_pick(s, "2", ["5"])] + [chit_pick(s, "blank", ["5", "2"])] * 4
    rng = ScriptedRandom(dice=[6, 6], picks=picks)
    s = accuse(prosecutions(s, rng), "3", "minor", rng=rng)
    s = votes_all(s, "abstain", rng, appeal="yes")
    assert "2" not in s["senators"] and "5" in s["senators"] and s["senators"]["3"]["inf"] == 5
    assert D is not None


def test_9_11_special_prosecution_kills_the_leader_and_draws_chits_against_his_faction():
    s = table()
    add_senator(s, "7", "blue")
    s = at_step(s, "senate_other_business", stage="other")
    D = data_for(s)
    # the appeal: 2d6 = 3 - victim's Popularity 2 = 1: the mob kills him; 2 chits: Valerius' (3) and a blank
    rng = ScriptedRandom(dice=[1, 2], picks=[chit_pick(s, "3"), chit_pick(s, "blank", ["3"])])
    s["step"] = "senate_other_business"
    call(s, D, "senate_special_prosecution", rng, args={"accused": "4", "victim_popularity": 2})
    s = votes_all(s, "abstain", rng)
    assert "4" not in s["senators"] and "4" in s["curia"]["senators"]  # no heir after an assassin's trial
    assert "3" not in s["senators"] and "7" in s["senators"]
    assert asked_kinds(s) == {"red": "other_business"}


def test_9_7_popular_appeal_returns_the_votes_for_the_engine():
    s = table()
    s["senate"] = {"appeal": None}
    result = popular_appeal(s, data_for(s), ScriptedRandom(dice=[4, 4]), {"kind": "prosecution", "accused": "3"})
    assert result == {"outcome": "votes", "roll": 8, "yes": 0, "no": 4} and s["senate"]["appeal"] == result


def test_9_7_the_consent_prompt_for_one_senator_is_in_the_singular():
    s = accuse(prosecutions(), "4", "minor", prosecutor="5")
    text = str(prompt_for(s, "green").text)
    assert text.startswith("Does Claudius") and "consent to act as Prosecutor" in text, text
