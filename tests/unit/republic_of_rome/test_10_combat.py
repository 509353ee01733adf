"""Rule 10.2-10.4: the order of battles, the naval battle first and decision 49, the Disaster and Standoff
numbers, Statesmen's abilities, the Master of Horse, unprosecuted Wars and the four-war fall."""
from __future__ import annotations

from domain.games.republic_of_rome.combat import combat_view
from domain.games.republic_of_rome.data import data_for
from tests.scenario.republic_of_rome.combat_position import (GALLIC, RED, ScriptedRandom, add_army, blanks,
                                                             combat_only, fight, position)
from tests.scenario.republic_of_rome.position import add_senator, answer, asked

__all__ = ["combat_only"]  # the fixture
PUNIC = "1st_punic_war"


def test_10_2_armies_fight_in_the_order_sent_and_stop_when_the_war_is_won(combat_only):
    s = position()
    add_senator(s, "4", RED, office="rome_consul")  # Julius, MIL 4
    add_army(s, "4", GALLIC, 10, order=0)  # sent before Cornelius: fights first
    after = fight(s, [6, 6, 6])  # 18 + 4 = 22: Victory without losses
    assert [b["commander"] for b in after["battles"]] == ["4"]
    assert after["senators"]["1"]["location"] == "rome"  # the War was won before his turn: he returns
    assert sum(u["at"] == "italy" for u in after["legions"]) == 10
    assert [c["commander"] for c in after["commands"]] == ["4"] and after["commands"][0]["victorious"]


def test_10_3_naval_battle_first_then_the_faction_chooses_the_land_battle(combat_only):
    s = position(war=PUNIC, legions=10, fleets=10)
    asking = fight(s, [6, 6, 6])  # naval: 18 + 10 + 4 - 10 = 22
    assert asking["battles"][0]["naval"] and asking["battles"][0]["result"] == "victory"
    assert asking["forum"]["wars"][PUNIC]["naval_victory"] and asking["senators"]["1"]["inf"] == 5 + 5
    assert asked(asking)[RED].kind == "continue_to_land_battle"
    fought = answer(asking, RED, "yes", ScriptedRandom([6, 6, 6]))
    assert [b["naval"] for b in fought["battles"]] == [True, False] and PUNIC not in fought["forum"]["wars"]
    stayed = answer(asking, RED, "no")
    assert len(stayed["battles"]) == 1 and stayed["senators"]["1"]["prior_consul"] and stayed["commands"]


def test_10_3_a_commander_with_fleets_only_returns_after_a_naval_victory(combat_only):
    s = position(war=PUNIC, legions=0, fleets=10)
    after = fight(s, [6, 6, 6])
    assert after["senators"]["1"]["location"] == "rome" and not after["commands"]
    assert all(f["at"] == "italy" for f in after["fleets"])


def test_10_3_each_disaster_number_works_once_per_war_per_turn(combat_only):
    s = position()
    add_senator(s, "4", RED, office="rome_consul")
    add_army(s, "4", GALLIC, 10)
    after = fight(s, [4, 4, 5, 4, 4, 5], blanks(s, 5) + blanks(s, 1))
    assert [b["result"] for b in after["battles"]] == ["disaster", "victory"]  # the second 13: 13 + 4 = 17
    assert after["battles"][1]["modified"] == 17 and after["senators"]["1"]["location"] == "rome"


def test_10_3_scipio_cancels_the_punic_wars_numbers_not_the_leaders(combat_only):
    s = position(war=PUNIC, legions=10, fleets=5)
    s["forum"]["wars"][PUNIC]["naval_victory"] = True
    s["senators"]["1"]["statesman"] = "1A"  # Scipio Africanus, MIL 5
    after = fight(s, [4, 4, 5], blanks(s, 4))  # 13, the War's Disaster number: cancelled; 13 + 5 = 18
    assert after["battles"][0]["result"] == "victory"
    s["forum"]["leaders"] = {"hamilcar": PUNIC}  # his Disaster number 8 stays
    after = fight(s, [2, 3, 3], blanks(s, 5))
    assert after["battles"][0]["result"] == "disaster"


def test_10_3_the_leader_refuge_saved_brings_his_numbers_to_the_war_he_joined(combat_only):
    s = position()  # the 1st Gallic War: Disaster 13, Standoff 15
    after = fight(s, [2, 3, 3], blanks(s, 1))  # 8 + 4 = 12: no Disaster number of the Gallic War
    assert after["battles"][0]["result"] != "disaster"
    s["forum"]["leaders"] = {"hamilcar": GALLIC}  # a Punic Leader (Disaster 8) saved by Refuge, joined it
    s["forum"]["events"] = {"refuge": {"flipped": False, "level": 1, "turn": 1, "leader": "hamilcar", "war": GALLIC}}
    s["deck"].remove("ldr:hamilcar")
    after = fight(s, [2, 3, 3], blanks(s, 5))
    assert after["battles"][0]["result"] == "disaster"


def test_10_3_fabius_cunctator_halves_the_losses(combat_only):
    s = position()
    s["senators"]["2"] = {**s["senators"]["1"], "id": "2", "family": "2", "statesman": "2A"}
    del s["senators"]["1"]
    s["commands"] = [{**s["commands"][0], "commander": "2"}]
    after = fight(s, [4, 4, 5], blanks(s, 3))  # Disaster: 5 Legions, halved: 3
    assert after["battles"][0]["legions_lost"] == 3


def test_10_3_legion_losses_cost_popularity_with_the_option(combat_only):
    s = position()
    s["options"] = {**s["options"], "legion_loss_costs_popularity": True}
    after = fight(s, [4, 4, 5], blanks(s, 5))  # Disaster: 5 Legions lost, -2 Popularity
    assert after["senators"]["1"]["pop"] == -2


def test_10_3_a_fallen_dictator_sends_his_master_of_horse_home_without_office(combat_only):
    s = position()
    s["senators"]["1"]["office"] = "dictator"
    add_senator(s, "4", RED, office="master_of_horse", location="war:" + GALLIC)
    s["commands"] = [{**s["commands"][0], "master_of_horse": "4"}]
    after = fight(s, [1, 1, 2], blanks(s, 0, last="1"))  # 4 + 10 + 8 - 10 = 12: Stalemate, 1 Legion, his chit
    assert after["battles"][0]["fates"] == {"1": "killed"} and "1" not in after["senators"]
    horse = after["senators"]["4"]
    assert horse["location"] == "rome" and horse["office"] is None and not after["commands"]


def test_10_4_wars_without_legions_are_unprosecuted_and_four_active_wars_end_the_republic(combat_only):
    s = position()
    s["forum"]["wars"]["syrian_war"] = {"status": "active", "naval_victory": False}
    after = fight(s, [1, 1, 1])  # Defeat: the 9 survivors stay on the Gallic War
    assert after["forum"]["wars"]["syrian_war"]["status"] == "unprosecuted"
    assert after["forum"]["wars"][GALLIC]["status"] == "active" and not after["finished"]
    s["forum"]["wars"].update({w: {"status": "active", "naval_victory": False}
                               for w in ("1st_illyrian_war", "1st_macedonian_war")})
    fallen = fight(s, [6, 6, 6])  # the Gallic War won: three left
    assert not fallen["finished"]
    fallen = fight(s, [1, 1, 1])
    assert fallen["finished"] and fallen["result"]["reason"] == "four_wars"


def test_10_view_lists_this_turns_battles_and_the_captives(combat_only):
    s = position()
    after = fight(s, [2, 2, 3], blanks(s, 1, last="1"))
    view = combat_view(after, data_for(after))
    assert [b["result"] for b in view["battles"]] == ["stalemate"]
    assert view["captives"] == [{"senator": "1", "name": view["captives"][0]["name"], "war": GALLIC,
                                 "war_name": view["battles"][0]["war_name"], "ransom": 10}]


def test_10_3_ally_deserts_and_evil_omens_change_the_modifier(combat_only):
    s = position()
    s["forum"]["events"] = {"ally_deserts": {"flipped": False, "level": 1, "turn": s["turn"]}}
    after = fight(s, [2, 2, 4], blanks(s, 3))  # an even total: the War gains the coloured die (2)
    battle = after["battles"][0]
    assert (battle["adjustment"], battle["modifier"], battle["result"]) == (2, 2, "stalemate")
    s["forum"]["events"] = {}
    s.update(evil_omens=1, options={**s["options"], "evil_omens_affects_3d6": True})
    assert fight(s, [2, 2, 4], blanks(s, 3))["battles"][0]["modifier"] == 3
    s["options"] = {**s["options"], "evil_omens_affects_3d6": False}
    assert fight(s, [2, 2, 4], blanks(s, 3))["battles"][0]["modifier"] == 4


def test_10_3_a_war_that_leaves_play_sends_its_army_home_and_kills_its_captives():
    import random

    from domain.games.republic_of_rome.war_end import war_left_play
    s = position()
    add_senator(s, "6", RED, location="captive:" + GALLIC)
    del s["forum"]["wars"][GALLIC]  # it sued for peace
    war_left_play(s, data_for(s), random.Random(0), GALLIC)
    assert s["senators"]["1"]["location"] == "rome" and not s["commands"] and "6" not in s["senators"]
    assert all(u["at"] == "italy" for u in s["legions"])
