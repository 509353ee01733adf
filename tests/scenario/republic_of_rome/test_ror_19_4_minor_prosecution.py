"""Worked example 19.4 item 8, a Minor Prosecution, number for number:

Accused ex-Consul, Influence 10, Popularity 2. Votes for conviction 14; against 6 + 10 (his Influence) = 16.
Popular Appeal 2d6 = 3 -> 5 -> -8 -> 22 for vs 16 against -> convicted: Influence 10 -> 5, Popularity 2 -> -3,
Prior Consul marker and Concessions lost; the Prosecutor gains ceil(5/2) = 3 Influence and the Prior Consul
marker. With 2d6 = 7 -> 9 -> +8 -> 14 vs 24 -> acquitted.

The table: Red's Cornelius (1) is Censor; Red's Fabius (2) prosecutes Blue's Julius (4); Red votes 14 for
(Cornelius 3 + 2 Knights, Fabius 2 + 3 Knights, Manlius 2 + 2 Knights); Blue votes 6 against (Julius 3,
Valerius 2 + 1 Knight); Green's Claudius abstains.
"""
from __future__ import annotations

from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, prompt_for
from tests.scenario.republic_of_rome.senate_position import at_step, senate_table, votes_all


def table() -> dict:
    s = senate_table(3)
    add_senator(s, "1", "red", leader=True, office="censor", prior_consul=True, knights=2)
    add_senator(s, "2", "red", knights=3, inf=5)
    add_senator(s, "6", "red", knights=2)
    add_senator(s, "4", "blue", leader=True, inf=10, pop=2, prior_consul=True, concessions=["harbor_fees"],
                major_eligible=True, minor_eligible=True)
    add_senator(s, "3", "blue", knights=1)
    add_senator(s, "5", "green", leader=True)
    return s


def trial(dice: list[int], s: dict | None = None) -> tuple[dict, list[dict]]:
    """The Censor accuses Julius on the minor charge with Fabius prosecuting; the factions vote, Blue
    appeals; returns the state after the trial and the notes of the trial."""
    rng = ScriptedRandom(dice=dice)
    s = at_step(s or table(), "senate_prosecutions", rng, stage="prosecutions", pm="1",
                prosecutions={"minor": 0, "major": 0, "tried": []})
    assert prompt_for(s, "red").kind == "prosecute"
    s = answer(s, "red", {"accused": "4", "charge": "minor", "prosecutor": "2", "order": "first", "then": "continue"}, rng)
    log = list(s["notes"])
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "abstain"}, rng, log=log, appeal="yes")
    return s, log


def tally(log: list[dict]) -> tuple[int, int]:
    result = [n for n in log if n["k"] == "vote_result"][-1]
    return result["yes"], result["no"]


def test_19_4_8_minor_prosecution_convicts_after_a_bad_appeal():
    s, log = trial([1, 2])  # 2d6 = 3, + Popularity 2 = 5 -> -8 votes (for conviction)
    appeal = next(n for n in log if n["k"] == "popular_appeal")
    assert (appeal["total"], appeal["votes"]) == (5, -8)
    assert tally(log) == (22, 16)
    julius, fabius = s["senators"]["4"], s["senators"]["2"]
    assert (julius["inf"], julius["pop"], julius["prior_consul"], julius["concessions"]) == (5, -3, False, [])
    assert "harbor_fees" in s["forum"]["concessions"]
    assert (fabius["inf"], fabius["prior_consul"]) == (5 + 3, True)
    assert s["senate"]["prosecutions"]["minor"] == 1


def test_19_4_8_the_same_trial_acquits_after_a_good_appeal():
    s, log = trial([3, 4])  # 2d6 = 7, + 2 = 9 -> +8 votes against
    appeal = next(n for n in log if n["k"] == "popular_appeal")
    assert (appeal["total"], appeal["votes"]) == (9, 8)
    assert tally(log) == (14, 24)
    julius, fabius = s["senators"]["4"], s["senators"]["2"]
    assert (julius["inf"], julius["pop"], julius["prior_consul"], julius["concessions"]) == (10, 2, True,
                                                                                             ["harbor_fees"])
    assert (fabius["inf"], fabius["prior_consul"]) == (5, False)
    assert ["4", "minor"] in s["senate"]["prosecutions"]["tried"]  # Rule 9.7 item 6: not again this turn


def test_19_4_8_after_the_trial_the_censor_may_hold_a_second_minor_prosecution_only():
    s = table()
    s["senators"]["3"].update(major_eligible=True, minor_eligible=True)  # Valerius held an office too
    s, _log = trial([1, 2], s)
    p = prompt_for(s, "red")
    assert p.kind == "prosecute"
    assert [o.value for o in p.form.field("charge").options] == ["minor"]
    assert [o.value for o in p.form.field("accused").options] == ["none", "3"]
