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
