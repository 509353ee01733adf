"""Rule 9.1, 9.4-9.6, 9.9-9.10 (decisions 26-31, 42, 45-47): the agenda in rulebook order, the Presiding
Magistrate and the unanimous defeat, the Consuls, the Dictator and his Master of Horse, the Censor,
adjournment and its automatic effects, Repopulating Rome, Consul for Life."""
from __future__ import annotations

import random

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.business import check_consul_for_life
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.dictator import dictator_allowed
from domain.games.republic_of_rome.senate import new_record
from domain.games.republic_of_rome.state import clone
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, at_phase, prompt_for
from tests.scenario.republic_of_rome.senate_position import (asked_kinds, at_step, kinds, propose, senate_table,
                                                              small_senate, votes_all)


def table(players: int = 3) -> dict:
    """Red: Cornelius (1) Rome Consul (temporary, Prior Consul), Fabius (2). Blue: Julius (4), Valerius (3).
    Green: Claudius (5), Manlius (6)."""
    s = small_senate(players)
    add_senator(s, "1", "red", leader=True, office="rome_consul", prior_consul=True, inf=10)
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    add_senator(s, "6", "green")
    s["temporary_rome_consul"] = "1"
    return s


def opened(s: dict, rng=None) -> dict:
    return at_phase(s, "senate", rng or ScriptedRandom())


def nominate(s: dict, a: str, b: str) -> dict:
    extra = {"censor": "later"} if prompt_for(s, "red").form.field("censor") is not None else {}
    return answer(s, "red", {"first": a, "second": b, "order": "first", **extra})


# ----------------------------------------------------------------------------------------- 9.4 order
def test_9_4_the_agenda_runs_in_rulebook_order():
    s = table()
    s["senators"]["3"]["minor_eligible"] = True
    s = opened(s)
    assert s["senate"]["stage"] == "consuls" and asked_kinds(s) == {"red": "nominate_consuls"}
    s = votes_all(nominate(s, "2", "4"), "yes")
    assert set(asked_kinds(s).values()) == {"choose_consular_office"}  # sealed, both Consuls' factions
    s = answer(s, "red", {"rome_consul": "2"})
    s = answer(s, "blue", {"rome_consul": "2"})
    # no Dictator (the 1st Punic War is Inactive); the Censor: Cornelius, the only Prior Consul, appointed
    assert s["senators"]["1"]["office"] == "censor" and s["senate"]["stage"] == "prosecutions"
    assert asked_kinds(s) == {"red": "prosecute"}
    s = answer(s, "red", {"accused": "none", "charge": "minor", "prosecutor": "2", "order": "first", "then": "continue"})
    assert s["senate"]["stage"] == "other" and asked_kinds(s) == {"red": "other_business"}  # no Province
    s = answer(s, "red", "adjourn")
    assert "senate" not in s and s["phase"] != "senate"


def test_9_5_consuls_take_office_the_old_consuls_become_prior_consuls_and_the_rome_consul_presides():
    s = votes_all(nominate(opened(table()), "2", "4"), "yes")
    s = answer(answer(s, "red", {"rome_consul": "4"}), "blue", {"rome_consul": "4"})
    x = s["senators"]
    assert (x["4"]["office"], x["2"]["office"]) == ("rome_consul", "field_consul")
    assert (x["4"]["inf"], x["2"]["inf"]) == (4 + 5, 5 + 5)
    assert x["1"]["prior_consul"] and x["1"]["office"] == "censor" and s["temporary_rome_consul"] is None
    assert set(s["senate"]["filled"][:2]) == {"rome_consul", "field_consul"}


def test_9_5_a_rejected_pair_is_not_nominated_again_and_the_last_pair_is_appointed():
    s = table()
    for sid in ("5", "6"):
        s["senators"][sid]["location"] = "province:sicilia" if sid == "5" else "province:sardinia_et_corsica"
    s["provinces"] = {"sicilia": {"developed": False, "governor": "5", "term": 1},
                      "sardinia_et_corsica": {"developed": False, "governor": "6", "term": 1}}
    s = opened(s)  # candidates: 2, 3, 4 (Cornelius is a sitting Consul): pairs 2-3, 2-4, 3-4
    s = votes_all(nominate(s, "2", "3"), {"red": "no", "blue": "yes"})  # 5 to 5: a tie fails
    assert s["senate"]["rejected_pairs"] == [["2", "3"]]
    p = prompt_for(s, "red")
    assert p.kind == "nominate_consuls"
    s = votes_all(nominate(s, "4", "2"), {"red": "no", "blue": "yes"})
    assert [n for n in s["notes"] if n["k"] == "last_pair_appointed"][0]["candidates"] == ["3", "4"]


def test_9_5_2_the_pairs_rejected_this_turn_are_named_and_a_senator_without_an_open_pair_is_not_offered():
    s = votes_all(nominate(opened(table()), "2", "3"), {"red": "no", "blue": "yes", "green": "no"})
    text = str(prompt_for(s, "red").text)
    assert "The pair Fabius (2) and Valerius (3) was rejected already this turn" in text, text
    view = RULES.view(s, "green")
    assert [p["senators"] for p in view["rejected_pairs"]] == [["2", "3"]]
    s = clone(s)
    s["senate"]["rejected_pairs"] = [["2", x] for x in ("3", "4", "5", "6")]  # Fabius has no open pair left
    form = prompt_for(s, "red").form
    assert [o.value for o in form.field("first").options] == ["3", "4", "5", "6"]
    assert "The pairs Fabius (2) and Valerius (3); " in str(prompt_for(s, "red").text)
    with pytest.raises(IllegalAction):
        nominate(s, "2", "5")


def test_9_1_a_unanimous_defeat_costs_the_pm_one_influence_or_the_chair():
    s = votes_all(nominate(opened(table()), "2", "4"), {"red": "yes", "blue": "no", "green": "no"})
    assert asked_kinds(s) == {"red": "unanimous_defeat"}
    lost = answer(s, "red", "lose_influence")
    assert lost["senators"]["1"]["inf"] == 9 and lost["senate"]["pm"] == "1"
    down = answer(s, "red", "step_down")
    assert down["senate"]["stepped_down"] == ["1"] and down["senate"]["pm"] != "1"
    assert down["senators"]["1"]["office"] == "rome_consul" and down["senators"]["1"]["inf"] == 10


def test_9_1_a_pm_without_influence_must_step_down():
    s = table()
    s["senators"]["1"]["inf"] = 0
    s = votes_all(nominate(opened(s), "2", "4"), {"red": "yes", "blue": "no", "green": "no"})
    assert s["senate"]["stepped_down"] == ["1"]
    assert s["senate"]["pm"] == "2"  # the next HRAO: most Influence (5), then Oratory, then the lower number


def test_9_1_the_pm_changes_when_the_hrao_changes():
    s = at_step(table(), "senate_other_business", stage="other")
    assert s["senate"]["pm"] == "1"
    s = propose(s, "governors") if "governors" in kinds(s) else s
    s["senators"]["1"]["location"] = "province:sicilia"  # (edited) he leaves Rome
    s["provinces"]["sicilia"] = {"developed": False, "governor": "1", "term": 3}
    s = at_step(s, "senate_other_business", stage="other")
    assert s["senate"]["pm"] != "1"


# --------------------------------------------------------------------------------------- 9.5.5 Dictator
def dictator_table() -> dict:
    s = table()
    s["forum"]["wars"] = {"1st_punic_war": {"status": "active", "naval_victory": False}}  # 10 + 10 = 20
    s["senators"]["1"]["office"] = None
    add_senator(s, "7", "red", office="rome_consul")
    s["senators"]["3"]["office"] = "field_consul"
    return s


def test_9_5_5_a_dictator_needs_three_active_wars_or_one_of_strength_20():
    s = dictator_table()
    s["senate"] = new_record()
    D = data_for(s)
    assert dictator_allowed(s, D)
    s["forum"]["wars"]["1st_punic_war"] = {"status": "active", "naval_victory": True}  # naval strength 0
    assert not dictator_allowed(s, D)
    s["forum"]["wars"]["1st_gallic_war"] = {"status": "active", "naval_victory": False}
    s["forum"]["wars"]["1st_illyrian_war"] = {"status": "inactive", "naval_victory": False}
    assert not dictator_allowed(s, D)
    s["forum"]["wars"]["1st_illyrian_war"]["status"] = "active"
    assert dictator_allowed(s, D)


def test_9_5_5_the_consuls_appoint_a_dictator_only_by_naming_the_same_senator():
    s = at_step(dictator_table(), "senate_appoint_dictator", stage="dictator")
    assert set(asked_kinds(s).values()) == {"appoint_dictator"} and set(asked_kinds(s)) == {"red", "blue"}
    agreed = answer(answer(s, "red", {"dictator": "1"}), "blue", {"dictator": "1"})
    assert agreed["senators"]["1"]["office"] == "dictator" and agreed["senators"]["1"]["inf"] == 10 + 7
    assert asked_kinds(agreed) == {"red": "appoint_master_of_horse"}
    horse = answer(agreed, "red", {"master_of_horse": "2"})
    assert horse["senators"]["2"]["office"] == "master_of_horse" and horse["senators"]["2"]["inf"] == 5 + 3
    assert horse["senate"]["pm"] == "1"
    split = answer(answer(s, "red", {"dictator": "1"}), "blue", {"dictator": "4"})
    assert asked_kinds(split) == {"red": "propose_dictator"}  # the PM may propose an election


def test_9_5_5_an_elected_dictator_and_a_pm_who_proposes_nobody():
    s = at_step(dictator_table(), "senate_elect_dictator", stage="dictator")
    s2 = answer(s, "red", {"dictator": "none", "order": "first"})
    assert s2["senate"]["stage"] != "dictator"
    s3 = votes_all(answer(s, "red", {"dictator": "4", "order": "first"}), "yes")
    assert s3["senators"]["4"]["office"] == "dictator" and asked_kinds(s3) == {"blue": "appoint_master_of_horse"}
    s4 = votes_all(answer(s, "red", {"dictator": "4", "order": "first"}), {"red": "no", "blue": "yes"})
    assert asked_kinds(s4) == {"red": "propose_dictator"}
    assert "4" not in [o.value for o in prompt_for(s4, "red").form.field("dictator").options]


# ----------------------------------------------------------------------------------------- 9.6 Censor
def test_9_6_prior_consuls_are_the_censor_candidates_and_a_vote_elects():
    s = table()
    s["senators"]["1"]["office"] = None
    s["senators"]["4"]["prior_consul"] = True
    s = at_step(s, "senate_elect_censor", stage="censor")
    p = prompt_for(s, "red")
    assert [o.value for o in p.form.field("censor").options] == ["1", "4"]
    s = votes_all(answer(s, "red", {"censor": "4", "order": "first"}), "yes")
    assert s["senators"]["4"]["office"] == "censor" and s["senators"]["4"]["inf"] == 4 + 5
    assert s["senate"]["stage"] in ("prosecutions", "other")


# -------------------------------------------------------------------------------------- 9.9 adjournment
def test_9_9_adjournment_recalls_unsupplied_proconsuls_and_brings_units_home():
    s = table()
    s["forum"]["wars"]["1st_gallic_war"] = {"status": "active", "naval_victory": False}
    s["senators"]["2"]["location"] = "war:1st_gallic_war"
    s["legions"] = [{"id": 1, "veteran": False, "loyal_to": None, "at": "war:1st_punic_war"},
                    {"id": 2, "veteran": False, "loyal_to": None, "at": "italy"}]
    s["commands"] = [{"commander": "2", "war": "1st_gallic_war", "legions": [], "fleets": [], "order": 1,
                      "master_of_horse": None, "turn": 1}]
    s = answer(at_step(s, "senate_other_business", stage="other"), "red", "adjourn")
    assert s["senators"]["2"]["location"] == "rome" and s["commands"] == []  # no Legion for a land battle
    assert [u["at"] for u in s["legions"]] == ["italy", "italy"]  # the orphan Legion comes home


def test_9_9_land_commissioner_returns_when_no_land_bill_is_in_effect():
    s = table()
    s["senators"]["2"]["concessions"] = ["land_commissioner"]
    kept = table()
    kept["senators"]["2"]["concessions"] = ["land_commissioner"]
    kept["land_bills"]["II"] = 1
    s = answer(at_step(s, "senate_other_business", stage="other"), "red", "adjourn")
    kept = answer(at_step(kept, "senate_other_business", stage="other"), "red", "adjourn")
    assert s["senators"]["2"]["concessions"] == [] and "land_commissioner" in s["forum"]["concessions"]
    assert kept["senators"]["2"]["concessions"] == ["land_commissioner"]


def test_9_9_a_new_alliance_is_applied_at_adjournment_by_the_hraos_choice():
    s = table()
    s["forum"]["events"]["new_alliance"] = {"flipped": False, "level": 1, "turn": 1}
    treasury = s["treasury"]
    s = answer(at_step(s, "senate_other_business", stage="other"), "red", "adjourn")
    assert asked_kinds(s) == {"red": "new_alliance_choice"}
    s = answer(s, "red", "1st_punic_war")
    assert "1st_punic_war" not in s["forum"]["wars"] and "war:1st_punic_war" in s["deck"][:7]
    assert s["treasury"] == treasury + 35 // 2 and "new_alliance" not in s["forum"]["events"]


# ------------------------------------------------------------------------------------ 9.9 repopulation
def test_9_9_repopulating_rome_from_the_curia_goes_to_the_smallest_faction():
    s = senate_table(3)  # the real threshold: 8 in Rome
    for sid, seat in (("1", "red"), ("2", "red"), ("3", "red"), ("4", "blue"), ("5", "blue"), ("6", "green")):
        add_senator(s, sid, seat, leader=sid in ("1", "4", "6"))
    s["curia"]["senators"] = ["9", "10"]
    s = at_step(s, "senate_other_business", rng=random.Random(3), stage="other")
    joined = [(n["senator"], n["seat"]) for n in s["notes"] if n["k"] == "repopulated"]
    # green has the fewest (1); then blue and green have 2 each and green the least Influence in Rome (4 + 3)
    assert joined == [("9", "green"), ("10", "green")]
    assert sum(1 for x in s["senators"].values() if x["faction"]) == 8


def test_9_9_with_the_curia_empty_the_receiving_player_chooses_from_the_forum():
    s = senate_table(3)
    for sid, seat in (("1", "red"), ("2", "red"), ("3", "red"), ("4", "blue"), ("5", "blue"), ("6", "green"),
                      ("7", "green")):
        add_senator(s, sid, seat, leader=sid in ("1", "4", "6"))
    add_senator(s, "8", None)
    add_senator(s, "9", None, inf=9)
    s["senators"]["6"]["inf"] = 1  # green: 2 Senators, the least Influence
    s = at_step(s, "senate_other_business", stage="other")
    assert asked_kinds(s) == {"green": "choose_repopulation_senator"}
    s = answer(s, "green", "8")
    assert s["senators"]["8"]["faction"] == "green" and s["senators"]["9"]["faction"] is None
    assert asked_kinds(s) == {"red": "other_business"}


# ---------------------------------------------------------------------------------- 9.10 Consul for Life
def test_9_10_35_influence_in_rome_makes_a_consul_for_life_at_once():
    s = table()
    s["senators"]["4"]["inf"] = 35
    s["senators"]["5"]["inf"] = 36
    s["senate"] = {}
    assert check_consul_for_life(s, data_for(s)) == "5"
    assert s["consul_for_life"]["seat"] == "green" and check_consul_for_life(s, data_for(s)) is None


def test_9_10_a_tie_goes_to_the_faction_with_more_influence():
    s = table()
    s["senators"]["4"]["inf"] = 35
    s["senators"]["5"]["inf"] = 35
    s["senators"]["3"]["inf"] = 9  # blue: 44 against green's 35 + 4
    assert check_consul_for_life(s, data_for(s)) == "4"


def test_9_10_election_adds_the_nominee_influence_and_cannot_be_vetoed():
    s = table()
    s["senators"]["4"]["inf"] = 22
    s = at_step(s, "senate_other_business", stage="other")
    assert "consul_for_life" in kinds(s)
    s = propose(s, "consul_for_life", {"nominee": "4"})
    log: list = list(s["notes"])
    proposal = next(n for n in log if n["k"] == "proposal")["proposal"]
    assert proposal["extra_yes"] == 22 and proposal["vetoable"] is False
    s = votes_all(s, {"red": "no", "blue": "yes"}, log=log)
    assert s["consul_for_life"]["senator"] == "4" and "consul_for_life" not in kinds(s)


def test_9_1_when_every_senator_has_stepped_down_the_hrao_presides_again():
    s = at_step(table(), "senate_other_business", stage="other", stepped_down=["1", "2", "3", "4", "5"])
    assert s["senate"]["pm"] == "6"
    s = at_step(table(), "senate_other_business", stage="other", stepped_down=["1", "2", "3", "4", "5", "6"])
    assert s["senate"]["pm"] == "1"  # [A] nobody left: the stepped-down list no longer applies
