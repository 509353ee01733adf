"""The Mortality Phase (Rule 5, spec 18.1) and every consequence of a death (deaths.kill_senator), whatever kills."""
from __future__ import annotations

import random

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.deaths import kill_senator
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, at_phase, bare, chit_pick, edit,
                                                      make_governor, make_state, narration)

BASE = make_state(3, seed=2)
RED, BLUE, GREEN = BASE["seats"]


def position(**options) -> dict:
    """Red: Cornelius (1, leader), Fabius (2); Blue: Valerius (3, leader), Julius (4); Green: Claudius (5,
    leader), Manlius (6); Aurelius (9) unaligned in the Forum."""
    s = bare(BASE)
    s["options"] = {**s["options"], **options}
    for seat, (leader, other) in ((RED, ("1", "2")), (BLUE, ("3", "4")), (GREEN, ("5", "6"))):
        add_senator(s, leader, seat, leader=True)
        add_senator(s, other, seat)
    add_senator(s, "9", None)
    s["notes"] = []
    return s


def kill(s: dict, sid: str, cause: str = "mortality", rng: random.Random | None = None) -> dict:
    s = edit(s)
    s["notes"] = []
    kill_senator(s, data_for(s), sid, rng or ScriptedRandom(strict=True), cause)
    return s


def mortality(s: dict, *picks: int) -> dict:
    return at_phase(s, "mortality", ScriptedRandom(picks=picks))


# ------------------------------------------------------------------------------------------- the draw
def test_5_2_a_drawn_number_kills_the_senator_in_play_with_that_number():
    s = position()
    after = mortality(s, chit_pick(s, "4"))
    assert "4" not in after["senators"] and after["curia"]["senators"] == ["4"]
    assert after["phase"] == "revenue"


def test_5_2_a_blank_or_a_number_not_in_play_kills_nobody():
    s = position()
    for chit in ("blank", "17"):
        after = mortality(s, chit_pick(s, chit))
        assert set(after["senators"]) == set(s["senators"]), chit
    assert "No Senator numbered 17 is in play: nobody dies." in narration(s, mortality(s, chit_pick(s, "17")), None)


def test_5_2_draw_2_goes_back_and_two_more_chits_are_drawn():
    s = position()
    after = mortality(s, chit_pick(s, "draw2"), chit_pick(s, "2"), chit_pick(s, "6", drawn=["2"]))
    assert "2" not in after["senators"] and "6" not in after["senators"]
    assert after["curia"]["senators"] == ["2", "6"]


def test_5_2_the_chit_kills_the_statesman_on_his_family_card_and_an_unplayed_statesman_is_safe():
    s = position()
    s["senators"]["1"]["statesman"] = "1A"
    s["factions"][BLUE]["hand"] = ["st:2A"]
    after = mortality(s, chit_pick(s, "1"))
    assert "st:1A" in after["removed"]
    assert after["senators"]["1"]["statesman"] is None  # the Family card stays as heir (he led Red)
    after = mortality(s, chit_pick(s, "2"))
    assert after["factions"][BLUE]["hand"] == ["st:2A"] and "2" not in after["senators"]


def test_18_1_an_unaligned_senator_in_the_forum_can_die_and_goes_to_the_curia():
    after = kill(position(), "9")
    assert "9" not in after["senators"] and after["curia"]["senators"] == ["9"]


def test_5_1_with_imminent_wars_the_earliest_of_each_series_becomes_active():
    s = position(imminent_wars=True)
    s["forum"]["wars"] = {"1st_punic_war": {"status": "inactive", "naval_victory": False},
                          "2nd_punic_war": {"status": "imminent", "naval_victory": False},
                          "2nd_illyrian_war": {"status": "imminent", "naval_victory": False}}
    after = mortality(s, chit_pick(s, "blank"))
    assert {w: v["status"] for w, v in after["forum"]["wars"].items()} == {
        "1st_punic_war": "inactive", "2nd_punic_war": "active", "2nd_illyrian_war": "active"}
    s["options"] = {**s["options"], "imminent_wars": False}
    assert mortality(s, chit_pick(s, "blank"))["forum"]["wars"]["2nd_punic_war"]["status"] == "imminent"


# ------------------------------------------------------------------------------------ Rule 5.3: heirs
def test_5_2_dead_faction_leader_leaves_an_heir_with_printed_values_and_nothing_else():
    s = position()
    s["senators"]["1"].update(inf=14, pop=4, knights=3, talents=20, office="censor", prior_consul=True,
                              corrupt=True)
    after = kill(s, "1")
    heir = after["senators"]["1"]
    printed = data_for(s).senators["1"]
    assert after["factions"][RED]["leader"] == "1"
    assert (heir["inf"], heir["pop"], heir["knights"], heir["talents"]) == (printed["influence"], 0, 0, 0)
    assert (heir["office"], heir["prior_consul"], heir["corrupt"]) == (None, False, False)
    assert "1" not in after["curia"]["senators"]
    assert "His heir Cornelius (1) stays in the faction of %s as Faction Leader." % RED.capitalize() in \
        narration(s, after, BLUE)


def test_5_2_a_caught_assassin_faction_leader_leaves_no_heir():
    after = kill(position(), "1", "caught_assassin")
    assert "1" not in after["senators"] and after["curia"]["senators"] == ["1"]
    assert after["factions"][RED]["leader"] is None


def test_5_3_a_dead_senator_who_was_not_leader_goes_to_the_bottom_of_the_curia():
    s = position()
    s["curia"]["senators"] = ["7"]
    after = kill(s, "2")
    assert after["curia"]["senators"] == ["7", "2"]


def test_5_3_concessions_go_to_the_forum_and_the_province_to_the_forum_without_governor():
    s = position()
    s["senators"]["2"]["concessions"] = ["mining", "harbor_fees"]
    make_governor(s, "2", "sicilia", term=2)
    after = kill(s, "2")
    assert after["forum"]["concessions"] == ["mining", "harbor_fees"]
    assert after["forum"]["provinces"] == ["sicilia"]
    assert after["provinces"]["sicilia"]["governor"] is None
    RULES.check_invariants(after)


def test_5_3_offices_end_and_the_temporary_rome_consul_with_them():
    s = position()
    s["senators"]["4"].update(office="rome_consul", prior_consul=True)
    s["temporary_rome_consul"] = "4"
    after = kill(s, "4")
    assert after["temporary_rome_consul"] is None
    assert all(x["office"] != "rome_consul" for x in after["senators"].values())


def test_5_3_veterans_lose_their_allegiance_but_stay_veterans():
    s = position()
    s["legions"] = [{"id": 1, "veteran": True, "loyal_to": "2", "at": "italy"},
                    {"id": 2, "veteran": True, "loyal_to": "3", "at": "italy"}]
    after = kill(s, "2")
    assert after["legions"] == [{"id": 1, "veteran": True, "loyal_to": None, "at": "italy"},
                                {"id": 2, "veteran": True, "loyal_to": "3", "at": "italy"}]
    assert s["legions"][0]["loyal_to"] == "2"  # the input state is untouched


def test_5_3_a_commander_who_dies_away_from_battle_leaves_his_command_and_his_units_stay_on_the_war():
    s = position()
    wid = next(iter(s["forum"]["wars"]))
    s["legions"] = [{"id": 1, "veteran": False, "loyal_to": None, "at": "war:" + wid}]
    s["senators"]["2"]["location"] = "war:" + wid
    s["senators"]["4"]["location"] = "war:" + wid
    s["commands"] = [{"commander": "2", "war": wid, "legions": [1], "fleets": [], "order": 1,
                      "master_of_horse": None, "turn": 1},
                     {"commander": "4", "war": wid, "legions": [], "fleets": [], "order": 2,
                      "master_of_horse": "2", "turn": 1}]
    after = kill(s, "2")
    assert [c["commander"] for c in after["commands"]] == ["4"]  # his card may come back from the Curia
    assert after["commands"][0]["master_of_horse"] is None
    assert after["legions"][0]["at"] == "war:" + wid
    assert len(s["commands"]) == 2  # the input state is untouched


def test_5_3_a_dead_statesman_leaves_the_game_and_his_family_card_goes_to_the_curia_unless_he_led():
    s = position()
    s["senators"]["2"]["statesman"] = "2A"
    after = kill(s, "2")
    assert "st:2A" in after["removed"] and after["curia"]["senators"] == ["2"] and "2" not in after["senators"]


def test_5_3_a_statesman_leader_who_entered_alone_leaves_no_heir_and_no_leader():
    s = position()
    add_senator(s, None, RED, statesman="22A", leader=True)
    after = kill(s, "22A")
    assert after["factions"][RED]["leader"] is None and "22A" not in after["senators"]
    assert after["curia"]["senators"] == [] and "st:22A" in after["removed"]
    assert "You have no Faction Leader now: name a new one in your next Initiative." in narration(s, after, RED)


# ----------------------------------------------------------------------------- Rule 5.4: empty factions
def lonely(**options) -> dict:
    """Red keeps only Fabius (2), who is not Faction Leader."""
    s = position(**options)
    del s["senators"]["1"]
    s["factions"][RED]["leader"] = None
    return s


def test_5_4_a_faction_left_without_senators_takes_the_top_senator_of_the_curia_as_leader():
    s = lonely()
    s["curia"]["senators"] = ["12", "7"]
    after = kill(s, "2")
    assert after["senators"]["12"]["faction"] == RED and after["factions"][RED]["leader"] == "12"
    assert after["curia"]["senators"] == ["7", "2"]


def test_5_4_a_family_card_whose_statesman_is_in_play_is_passed_over_in_the_curia():
    s = lonely()
    add_senator(s, None, BLUE, statesman="19A")  # Flamininus entered alone: his Family card 19 lies in the Curia
    s["curia"]["senators"] = ["19", "7"]
    after = kill(s, "2")
    assert after["factions"][RED]["leader"] == "7" and after["senators"]["7"]["faction"] == RED
    assert after["senators"]["19A"]["faction"] == BLUE and after["curia"]["senators"] == ["19", "2"]


def test_5_4_with_an_empty_curia_the_dead_senator_himself_comes_back_as_leader():
    after = kill(lonely(), "2")
    assert after["factions"][RED]["leader"] == "2" and after["curia"]["senators"] == []
    assert after["senators"]["2"]["talents"] == 0


def test_5_4_without_a_senator_in_the_curia_the_faction_searches_the_deck_which_is_reshuffled():
    s = lonely()
    s["senators"]["2"]["statesman"] = "2A"  # his Family card goes to the Curia...
    s["curia"]["senators"] = []
    s["deck"] = ["con:mining", "sen:14", "war:1st_gallic_war", "sen:15"]
    after = kill(s, "2", rng=random.Random(3))
    # ...and is at once the top of the Curia: he comes back as the new leader
    assert after["factions"][RED]["leader"] == "2"
    s["senators"]["2"]["family"] = None  # a Statesman alone: nothing reaches the Curia
    s["senators"]["2A"] = {**s["senators"].pop("2"), "id": "2A"}
    after = kill(s, "2A", rng=random.Random(3))
    assert after["factions"][RED]["leader"] == "14" and after["senators"]["14"]["faction"] == RED
    assert sorted(after["deck"]) == sorted(["con:mining", "war:1st_gallic_war", "sen:15"])


def test_5_4_vg_an_empty_faction_waits_for_the_next_senator_to_reach_the_curia():
    s = lonely(empty_faction_may_search_deck=False)
    s["senators"]["2A"] = {**s["senators"].pop("2"), "id": "2A", "family": None, "statesman": "2A"}
    s["deck"] = ["sen:14"]
    after = kill(s, "2A")
    assert not any(x["faction"] == RED for x in after["senators"].values())
    assert after["deck"] == ["sen:14"] and after["factions"][RED]["waiting_for_senator"]
    later = kill(after, "4")  # Julius (Blue) dies and reaches the Curia: Red takes him
    assert later["factions"][RED]["leader"] == "4" and later["senators"]["4"]["faction"] == RED
    assert "waiting_for_senator" not in later["factions"][RED]


def test_5_4_a_faction_emptied_by_an_assassination_is_eliminated():
    s = lonely()
    s["factions"][RED]["leader"] = "2"
    s["curia"]["senators"] = ["12"]
    after = kill(s, "2", "assassin_trial")
    assert after["factions"][RED]["eliminated"] and not any(x["faction"] == RED for x in after["senators"].values())
    assert after["curia"]["senators"] == ["12", "2"]
