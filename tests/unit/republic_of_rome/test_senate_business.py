"""Rule 9.8.2-9.8.7 (decision 37): other business: Concessions, raising and disbanding forces, sending
Commanders (Fleet Support, the matching-war order, the minimum force and consent, the PM sent away),
reinforcements, recalls, garrisons, Land Bills and their repeal, the Rhodian alliance, minor motions."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import add_senator, answer, edit, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, kinds, propose, small_senate, votes_all


def legion(i: int, at: str = "italy", veteran: bool = False) -> dict:
    return {"id": i, "veteran": veteran, "loyal_to": None, "at": at}


def table(**state) -> dict:
    """Red: Cornelius (1) Rome Consul presiding, Fabius (2) Field Consul. Blue: Julius (4), Valerius (3).
    Green: Claudius (5). 4 Legions in Italy, no Fleet."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red", office="field_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    s.update(state)
    return s


def business(s: dict | None = None) -> dict:
    return at_step(s or table(), "senate_other_business", stage="other")


# ---------------------------------------------------------------------------------------- Concessions
def test_9_8_3_concessions_are_awarded_together_and_a_failed_one_waits_for_next_turn():
    s = table()
    s["forum"]["concessions"] = ["mining", "harbor_fees", "land_commissioner"]
    s = business(s)
    assert "concessions" in kinds(s)
    s = answer(s, "red", "concessions")
    p = prompt_for(s, "red")
    assert [o.value for o in p.form.field("awards").items] == ["mining", "harbor_fees"]  # no Land Bill in effect
    with pytest.raises(IllegalAction):
        answer(s, "red", {"awards": {"mining": "none", "harbor_fees": "none"}, "order": "first", "then": "continue"})
    passed = votes_all(answer(s, "red", {"awards": {"mining": "4", "harbor_fees": "2"}, "order": "first", "then": "continue"}), "yes")
    assert passed["senators"]["4"]["concessions"] == ["mining"] and passed["senators"]["2"]["concessions"] == ["harbor_fees"]
    assert passed["forum"]["concessions"] == ["land_commissioner"]
    failed = votes_all(answer(s, "red", {"awards": {"mining": "4", "harbor_fees": "none"}, "order": "first", "then": "continue"}),
                       {"red": "no", "blue": "yes"})
    assert failed["senate"]["failed_concessions"] == ["mining"]
    assert "concessions" in kinds(failed)
    again = answer(failed, "red", "concessions")
    assert [o.value for o in prompt_for(again, "red").form.field("awards").items] == ["harbor_fees"]


# ------------------------------------------------------------------------------------------- forces
def test_9_8_4_raising_forces_costs_10_or_more_under_manpower_shortage_and_pays_armaments():
    s = table(manpower_shortage=1)
    s["senators"]["3"]["concessions"] = ["armaments"]
    s = propose(business(s), "raise_forces", {"legions": 3, "fleets": 1})
    s = votes_all(s, "yes")
    assert s["treasury"] == 100 - 4 * 20
    assert len(s["legions"]) == 4 + 3 and len(s["fleets"]) == 1
    assert sorted(u["id"] for u in s["legions"]) == list(range(1, 8)) and all(u["at"] == "italy" for u in s["legions"])
    assert s["senators"]["3"]["talents"] == 3 * 2 and s["senators"]["3"]["minor_eligible"]


def test_9_8_4_the_state_cannot_pay_below_zero_and_no_recruitment_forbids_raising():
    s = business(table(treasury=25))
    s = answer(s, "red", "raise_forces")
    assert prompt_for(s, "red").form.field("legions").max == 2
    with pytest.raises(IllegalAction):
        answer(s, "red", {"legions": 2, "fleets": 1, "order": "first", "then": "continue"})
    assert "raise_forces" not in kinds(business(table(no_recruitment=True)))


def test_9_8_4_a_disbanded_unit_is_not_raised_again_in_the_same_senate():
    s = table()
    s["legions"] = [legion(i) for i in range(1, 26)]
    s = votes_all(propose(business(s), "disband_forces", {"legions": 2, "fleets": 0}), "yes")
    assert len(s["legions"]) == 23 and s["senate"]["disbanded"] == {"legions": 2, "fleets": 0}
    s = answer(s, "red", "raise_forces")
    assert prompt_for(s, "red").form.field("legions").max == 0


# ------------------------------------------------------------------------------------------ deploying
def war_table(**wars) -> dict:
    s = table()
    s["forum"]["wars"] = {w: {"status": status, "naval_victory": False} for w, status in wars.items()}
    return s


def test_9_8_5_a_commander_takes_units_from_italy_and_the_war_becomes_active():
    s = war_table(**{"1st_gallic_war": "inactive"})
    s["legions"] = [legion(i) for i in range(1, 11)]
    s = propose(business(s), "deploy", {"commander": "2", "war": "1st_gallic_war", "legions": 10, "fleets": 0})
    s = votes_all(s, "yes")
    assert s["senators"]["2"]["location"] == "war:1st_gallic_war"
    assert s["forum"]["wars"]["1st_gallic_war"]["status"] == "active"
    assert all(u["at"] == "war:1st_gallic_war" for u in s["legions"])
    assert s["commands"] == [{"commander": "2", "war": "1st_gallic_war", "legions": list(range(1, 11)), "fleets": [],
                              "order": 1, "master_of_horse": None, "turn": 1}]


def test_9_8_5_fleet_support_and_the_rome_consul_only_after_the_field_consul():
    s = war_table(**{"1st_illyrian_war": "active"})  # Fleet Support 3
    s["fleets"] = [{"id": 1, "at": "italy"}, {"id": 2, "at": "italy"}]
    assert "deploy" not in kinds(business(s))
    s["fleets"].append({"id": 3, "at": "italy"})
    s = answer(business(s), "red", "deploy")
    assert [o.value for o in prompt_for(s, "red").form.field("commander").options] == ["2"]
    with pytest.raises(IllegalAction):
        answer(s, "red", {"commander": "2", "war": "1st_illyrian_war", "legions": 4, "fleets": 2, "order": "first", "then": "continue"})


def test_9_8_5_a_later_war_of_a_series_waits_for_the_earlier_active_one():
    s = war_table(**{"1st_punic_war": "active", "2nd_punic_war": "active"})
    s["fleets"] = [{"id": i, "at": "italy"} for i in range(1, 11)]
    s = answer(business(s), "red", "deploy")
    assert [o.value for o in prompt_for(s, "red").form.field("war").options] == ["1st_punic_war"]


def test_9_8_5_below_the_minimum_force_the_commander_must_consent():
    s = war_table(**{"1st_gallic_war": "active"})  # land 10
    s["senators"]["4"]["office"], s["senators"]["2"]["office"] = "field_consul", None
    s = propose(business(s), "deploy", {"commander": "4", "war": "1st_gallic_war", "legions": 4, "fleets": 0})
    assert asked_kinds(s) == {"blue": "consent"}  # 4 Legions + MIL 4 = 8 < 10
    refused = answer(s, "blue", "refuse")
    assert refused["senators"]["4"]["location"] == "rome" and asked_kinds(refused) == {"red": "other_business"}
    assert "deploy" not in kinds(refused)  # his refusal stands for this War this turn, and he is the only one
    s = votes_all(answer(s, "blue", "consent"), "yes")
    assert s["senators"]["4"]["location"] == "war:1st_gallic_war"


def test_9_8_5_sending_the_presiding_magistrate_away_ends_the_senate():
    s = war_table(**{"1st_gallic_war": "active"})
    s["senators"]["1"]["office"], s["senators"]["2"]["office"] = "field_consul", None  # Cornelius presides
    s["legions"] = [legion(i) for i in range(1, 11)]
    s = votes_all(propose(business(s), "deploy", {"commander": "1", "war": "1st_gallic_war", "legions": 10,
                                                   "fleets": 0}), "yes")
    assert "senate" not in s and s["phase"] != "senate"


def test_9_8_5_reinforce_and_recall_a_commander_in_the_field():
    s = war_table(**{"1st_gallic_war": "active"})
    s["legions"] = [legion(1, "war:1st_gallic_war"), legion(2), legion(3)]
    s["senators"]["3"]["location"] = "war:1st_gallic_war"
    s["commands"] = [{"commander": "3", "war": "1st_gallic_war", "legions": [1], "fleets": [], "order": 1,
                      "master_of_horse": None, "turn": 0}]
    s = votes_all(propose(business(s), "reinforce", {"commander": "3", "legions": 2, "fleets": 0}), "yes")
    assert s["commands"][0]["legions"] == [1, 2, 3] and all(u["at"] == "war:1st_gallic_war" for u in s["legions"])
    assert "recall" not in kinds(s)  # reinforced in this Senate: not recalled in it
    s = business(at_step(s, "senate_other_business", stage="other"))
    s["senate"]["sent"] = []
    s = votes_all(propose(s, "recall", {"commander": "3"}), "yes")
    assert s["commands"] == [] and s["senators"]["3"]["location"] == "rome"
    assert all(u["at"] == "italy" for u in s["legions"])


def test_9_8_1_a_garrison_goes_and_comes_home_but_not_in_the_turn_it_arrived():
    s = table()
    s["provinces"]["sicilia"] = {"developed": False, "governor": None, "term": 0}
    s = votes_all(propose(business(s), "garrison", {"province": "sicilia", "legions": 2}), "yes")
    assert [u["at"] for u in s["legions"]] == ["province:sicilia"] * 2 + ["italy"] * 2
    assert "recall_garrison" not in kinds(s)
    s = edit(s)  # a state asked for its prompts is never changed (the rules protocol): a copy
    s["senate"]["garrisoned"] = []  # a later turn
    s = votes_all(propose(s, "recall_garrison", {"province": "sicilia"}), "yes")
    assert all(u["at"] == "italy" for u in s["legions"])


# ----------------------------------------------------------------------------------------- Land Bills
def test_9_8_6_a_land_bill_needs_consent_allows_no_abstention_and_costs_its_opponents():
    s = propose(business(table(unrest=3)), "land_bill", {"type": "III", "sponsor": "2", "cosponsor": "4"})
    assert asked_kinds(s) == {"blue": "consent"}
    s = answer(s, "blue", "consent")
    assert [o.value for o in prompt_for(s, "red").form.field("votes").value.options] == ["yes", "no"]
    s = votes_all(s, {"red": "yes", "blue": "yes", "green": "no"})
    x = s["senators"]
    assert s["land_bills"]["III"] == 1 and s["unrest"] == 0
    assert (x["2"]["pop"], x["4"]["pop"], x["5"]["pop"]) == (4, 2, -2)
    assert "III" not in [o.value for o in prompt_for(answer(s, "red", "land_bill"), "red").form.field("type").options]


def test_9_8_6_voting_against_costs_popularity_even_when_the_bill_fails():
    s = propose(business(), "land_bill", {"type": "I", "sponsor": "1", "cosponsor": "2"})
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "no"})
    assert s["land_bills"]["I"] == 0
    assert [s["senators"][sid]["pop"] for sid in ("4", "3", "5", "1")] == [-1, -1, -1, 0]


def test_9_8_6_repeal_costs_the_sponsor_and_every_senator_voting_for_it():
    s = table(unrest=1)
    s["land_bills"]["II"] = 1
    s["senators"]["1"]["pop"] = 3
    s["senators"]["2"]["pop"] = 2  # not popular enough to sponsor (needs 3)
    s = answer(business(s), "red", "repeal_land_bill")
    assert [o.value for o in prompt_for(s, "red").form.field("sponsor").options] == ["1"]
    s = votes_all(answer(s, "red", {"type": "II", "sponsor": "1", "order": "first", "then": "continue"}), "yes")
    x = s["senators"]
    assert s["land_bills"]["II"] == 0 and s["unrest"] == 3
    assert (x["1"]["pop"], x["2"]["pop"], x["4"]["pop"]) == (0, 1, -1)
    assert "repeal_land_bill" not in kinds(s)


# ------------------------------------------------------------------------------------ other proposals
def test_13_the_senate_may_reject_the_rhodian_alliance_in_the_turn_it_arrives():
    s = table()
    s["fleets"] = [{"id": 1, "at": "italy"}] + [{"id": i, "at": "italy"} for i in range(2, 10)]
    s["forum"]["events"]["rhodian_maritime_alliance"] = {"flipped": False, "level": 1, "turn": 1,
                                                         "fleets": list(range(2, 10))}
    s = business(s)
    s = votes_all(answer(s, "red", "reject_rhodian_alliance"), "yes")
    assert [f["id"] for f in s["fleets"]] == [1] and "rhodian_maritime_alliance" not in s["forum"]["events"]
    assert "reject_rhodian_alliance" not in kinds(s)


def test_9_8_7_a_minor_motion_carries_no_unanimous_defeat_penalty():
    s = votes_all(propose(business(), "minor_motion", {"senator": "4"}), {"red": "yes", "blue": "no", "green": "no"})
    assert asked_kinds(s) == {"red": "other_business"} and s["senators"]["1"]["inf"] == 5
    assert "4" not in [o.value for o in prompt_for(answer(s, "red", "minor_motion"), "red").form.field("senator").options]


def test_9_9_a_missed_deadline_adjourns_and_a_missed_proposal_is_withdrawn_and_the_senate_adjourns():
    from domain.games.republic_of_rome import RULES
    s = business()
    assert RULES.default_choice(s, "red") == "adjourn"
    s = answer(s, "red", "raise_forces")
    missed = RULES.default_choice(s, "red")
    assert missed == '{"fleets":0,"legions":1,"order":"first","then":"withdraw_adjourn"}'  # ror-by-mail: no proposal
    after = answer(s, "red", missed)
    assert len(after["legions"]) == 4 and "senate" not in after and after["phase"] != "senate"


def test_9_8_2_the_pm_may_withdraw_a_proposal_before_the_vote_and_choose_again():
    s = answer(business(), "red", "raise_forces")
    s = answer(s, "red", {"legions": 2, "fleets": 0, "order": "first", "then": "withdraw"})
    assert asked_kinds(s) == {"red": "other_business"} and len(s["legions"]) == 4 and "floor" not in s


def test_9_2_a_defeated_proposal_comes_back_only_materially_changed():
    from domain.games.republic_of_rome import RULES
    s = votes_all(propose(business(), "raise_forces", {"legions": 1, "fleets": 0}), {"red": "no", "blue": "yes"})
    assert len(s["legions"]) == 4
    s = answer(s, "red", "raise_forces")
    with pytest.raises(IllegalAction):
        answer(s, "red", {"legions": 1, "fleets": 0, "order": "last", "then": "continue"})  # another voting order is no change
    assert RULES.default_choice(s, "red") == '{"fleets":1,"legions":0,"order":"first","then":"withdraw_adjourn"}'  # the next smallest
    s = votes_all(answer(s, "red", {"legions": 2, "fleets": 0, "order": "first", "then": "continue"}), "yes")
    assert len(s["legions"]) == 6


def test_9_9_the_pm_may_order_the_adjournment_with_his_last_proposal():
    s = propose(business(), "raise_forces", {"legions": 1, "fleets": 0, "then": "adjourn"})
    s = votes_all(s, "yes")
    assert len(s["legions"]) == 5 and "senate" not in s and s["phase"] != "senate"


def test_9_7_the_censor_may_end_the_prosecutions_with_his_last_trial():
    s = table()
    s["senators"]["1"]["office"] = "censor"
    s["senators"]["2"]["office"] = "rome_consul"
    s["senators"]["4"].update(minor_eligible=True)
    s["senators"]["3"].update(minor_eligible=True)
    s = at_step(s, "senate_prosecutions", stage="prosecutions", pm="1",
                prosecutions={"minor": 0, "major": 0, "tried": []})
    s = answer(s, "red", {"accused": "4", "charge": "minor", "prosecutor": "2", "order": "first", "then": "end"})
    s = votes_all(s, {"red": "yes", "blue": "no", "green": "abstain"})
    assert s["senate"]["stage"] == "other" and s["senate"]["prosecutions"]["minor"] == 1  # Valerius is spared


def test_18_15_units_left_on_a_war_card_join_the_next_commander_sent_there():
    s = war_table(**{"1st_gallic_war": "active"})
    s["legions"] = [legion(1, "war:1st_gallic_war"), legion(2, "war:1st_gallic_war")] + [legion(i) for i in range(3, 11)]
    s = votes_all(propose(business(s), "deploy", {"commander": "2", "war": "1st_gallic_war", "legions": 8,
                                                   "fleets": 0}), "yes")
    assert sorted(s["commands"][0]["legions"]) == list(range(1, 11))
