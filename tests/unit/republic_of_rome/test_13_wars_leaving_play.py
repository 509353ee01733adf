"""Rule 13: a War that leaves play without a battle (Enemy Leader Dies flipped: the War sues for peace; New
Alliance) sends its armies home, its units to Italy, kills its captives (Rule 10.3 item 7, war_end.war_left_play)
and runs the Events' hook for a War leaving (Refuge, the Rhodian Maritime Alliance)."""
from __future__ import annotations

import random

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.invariants import check
from tests.scenario.republic_of_rome.combat_position import RED, position
from tests.scenario.republic_of_rome.forum_position import with_event
from tests.scenario.republic_of_rome.position import add_senator

PUNIC = "1st_punic_war"


def punic_army() -> dict:
    """Cornelius in the field against the 1st Punic War with 10 Legions and 5 Fleets; Hamilcar with the War;
    Manlius (6, Red) its captive."""
    s = position(war=PUNIC, legions=10, fleets=5)
    s["forum"]["leaders"] = {"hamilcar": PUNIC}
    s["deck"].remove("ldr:hamilcar")
    add_senator(s, "6", RED, location="captive:" + PUNIC)
    return s


def test_13_a_war_suing_for_peace_sends_its_commander_home_and_kills_its_captives():
    from domain.games.republic_of_rome.event_choices import leader_dies
    s = punic_army()
    D = data_for(s)
    with_event(s, "enemy_leader_dies", 2)  # flipped: the largest War of the dead Leader's series sues for peace
    leader_dies(s, D, "hamilcar", random.Random(1))
    assert PUNIC not in s["forum"]["wars"] and "war:" + PUNIC in s["deck"][:7]
    assert s["senators"]["1"]["location"] == "rome" and not s["commands"] and "6" not in s["senators"]
    assert all(u["at"] == "italy" for u in s["legions"] + s["fleets"])
    assert s["treasury"] == 50 + D.wars[PUNIC]["spoils"] // 2
    check(s, D)


def test_13_a_new_alliance_sends_the_army_home_and_its_captives_die():
    from domain.games.republic_of_rome.adjournment import apply_alliance
    s = punic_army()
    D = data_for(s)
    with_event(s, "new_alliance")
    apply_alliance(s, D, random.Random(1), PUNIC)
    assert s["senators"]["1"]["location"] == "rome" and not s["commands"] and "6" not in s["senators"]
    assert all(u["at"] == "italy" for u in s["legions"] + s["fleets"])
    assert "war:" + PUNIC in s["deck"][:7] and s["forum"]["leaders"] == {} and "hamilcar" in s["curia"]["leaders"]
    check(s, D)


def test_13_a_new_alliance_takes_the_refuge_leader_back_onto_the_card():
    from domain.games.republic_of_rome.adjournment import apply_alliance
    s = punic_army()
    D = data_for(s)
    with_event(s, "new_alliance")
    with_event(s, "refuge")
    s["forum"]["events"]["refuge"].update(leader="hamilcar", war=PUNIC)
    apply_alliance(s, D, random.Random(1), PUNIC)
    assert s["forum"]["leaders"] == {} and s["forum"]["events"]["refuge"]["leader"] == "hamilcar"
    assert "hamilcar" not in s["curia"]["leaders"]
    check(s, D)


def test_13_a_flipped_new_alliance_ends_the_war_as_defeated_the_rhodian_fleets_leave_refuge_saves():
    from domain.games.republic_of_rome.adjournment import apply_alliance
    s = punic_army()
    D = data_for(s)
    s["deck"].remove("war:2nd_punic_war")  # no Punic War left: Hamilcar would be discarded
    s["discard"].append("war:2nd_punic_war")
    with_event(s, "new_alliance", 2)
    with_event(s, "refuge")
    s["fleets"] = s["fleets"] + [{"id": i, "at": "italy"} for i in range(6, 14)]
    s["forum"]["events"]["rhodian_maritime_alliance"] = {"flipped": False, "level": 1, "turn": 1,
                                                         "fleets": list(range(6, 14))}
    apply_alliance(s, D, random.Random(1), PUNIC)
    assert "war:" + PUNIC in s["discard"] and s["treasury"] == 50 + D.wars[PUNIC]["spoils"]
    assert "rhodian_maritime_alliance" not in s["forum"]["events"] and len(s["fleets"]) == 5
    assert s["forum"]["events"]["refuge"]["leader"] == "hamilcar" and "ldr:hamilcar" not in s["discard"]
    assert {"sicilia", "sardinia_et_corsica"} <= set(s["provinces"])
    check(s, D)
