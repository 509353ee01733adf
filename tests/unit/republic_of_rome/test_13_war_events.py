"""Rule 13, the events the Combat Phase reads (war_events.py): Ally Deserts, Enemy's Ally Deserts, Refuge and Rise
from Refuge, the end of the Rhodian Maritime Alliance."""
from __future__ import annotations

import random

import pytest

from domain.games.republic_of_rome import events
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.forces import war_strength
from domain.games.republic_of_rome.forum import place_war
from domain.games.republic_of_rome.invariants import check_every_card_once
from tests.scenario.republic_of_rome.forum_position import table, with_event


@pytest.fixture
def s() -> dict:
    s = table(3)
    s["notes"] = []
    return s


def test_13_ally_deserts_adds_the_coloured_die_on_an_even_total_only(s):
    D = data_for(s)
    assert events.battle_adjustment(s, D, [4, 3, 3]) == 0  # no event in play
    with_event(s, "ally_deserts")
    assert events.battle_adjustment(s, D, [4, 3, 3]) == 4
    assert events.battle_adjustment(s, D, [4, 3, 2]) == 0  # odd total
    with_event(s, "ally_deserts", 2)  # flipped: the two other dice
    assert events.battle_adjustment(s, D, [4, 3, 3]) == 6


def test_13_enemys_ally_deserts_takes_away_on_an_odd_total_only(s):
    D = data_for(s)
    with_event(s, "enemys_ally_deserts")
    assert events.battle_adjustment(s, D, [5, 1, 1]) == -5
    assert events.battle_adjustment(s, D, [5, 1, 2]) == 0
    with_event(s, "enemys_ally_deserts", 2)
    assert events.battle_adjustment(s, D, [5, 1, 1]) == -2
    with_event(s, "ally_deserts")  # both in play: each reads its own parity
    assert events.battle_adjustment(s, D, [6, 2, 2]) == 6 and events.battle_adjustment(s, D, [6, 2, 1]) == -3


def test_13_an_ally_deserts_of_an_earlier_turn_no_longer_counts(s):
    with_event(s, "ally_deserts")
    s["turn"] += 1
    assert events.battle_adjustment(s, data_for(s), [4, 3, 3]) == 0


def test_13_the_rhodian_fleets_go_home_when_the_war_needing_most_fleets_is_defeated(s):
    D = data_for(s)
    s["forum"]["wars"]["2nd_illyrian_war"] = {"status": "active", "naval_victory": False}
    s["fleets"] = [{"id": i, "at": "italy"} for i in range(1, 13)]
    s["forum"]["events"] = {"rhodian_maritime_alliance": {"flipped": False, "level": 1, "turn": 1,
                                                          "fleets": list(range(3, 11))}}
    events.war_defeated(s, D, "2nd_illyrian_war")  # needs 2 Fleets; the 1st Punic War needs 5 + 10
    assert len(s["fleets"]) == 12
    events.war_defeated(s, D, "1st_punic_war")
    assert [f["id"] for f in s["fleets"]] == [1, 2, 11, 12] and "rhodian_maritime_alliance" not in s["forum"]["events"]


def test_13_rhodian_disbanding_takes_other_fleets_when_its_own_were_lost(s):
    D = data_for(s)
    s["fleets"] = [{"id": 1, "at": "war:1st_punic_war"}, {"id": 2, "at": "italy"}, {"id": 5, "at": "italy"}]
    s["commands"] = [{"commander": "x", "war": "1st_punic_war", "legions": [], "fleets": [1], "order": 1}]
    s["forum"]["events"] = {"rhodian_maritime_alliance": {"flipped": True, "level": 2, "turn": 1,
                                                          "fleets": list(range(5, 17))}}
    events.war_defeated(s, D, "1st_punic_war")
    assert s["fleets"] == [] and s["commands"][0]["fleets"] == []  # 12 sent, 3 left: all go


def no_punic_war_left(s: dict) -> None:
    """The 2nd Punic War already defeated: a Punic Leader whose War falls now would be discarded."""
    s["deck"].remove("war:2nd_punic_war")
    s["discard"].append("war:2nd_punic_war")


def test_13_refuge_saves_the_leader_a_victory_would_discard_and_he_joins_the_next_war(s):
    D = data_for(s)
    no_punic_war_left(s)
    s["forum"]["leaders"] = {"hamilcar": "1st_punic_war"}
    with_event(s, "refuge")
    events.war_defeated(s, D, "1st_punic_war")
    del s["forum"]["wars"]["1st_punic_war"]  # what the combat does with the card
    s["discard"].append("war:1st_punic_war")
    assert s["forum"]["leaders"] == {} and s["forum"]["events"]["refuge"]["leader"] == "hamilcar"
    s["deck"].remove("war:1st_gallic_war")
    check_every_card_once(s, D)  # the saved Leader is counted on the card
    place_war(s, D, "1st_gallic_war")
    assert s["forum"]["leaders"] == {"hamilcar": "1st_gallic_war"}
    events.war_defeated(s, D, "1st_gallic_war")
    assert "refuge" not in s["forum"]["events"] and "ldr:hamilcar" in s["discard"] and not s["forum"]["leaders"]


def test_13_refuge_does_not_save_a_leader_whose_series_still_has_a_war_in_play_or_in_the_deck(s):
    D = data_for(s)
    s["forum"]["leaders"] = {"hamilcar": "1st_punic_war"}
    with_event(s, "refuge")
    events.war_defeated(s, D, "1st_punic_war")  # the 2nd Punic War is in the deck: Hamilcar goes to the Curia
    assert s["forum"]["leaders"] == {"hamilcar": "1st_punic_war"} and "leader" not in s["forum"]["events"]["refuge"]
    s["deck"].remove("war:2nd_punic_war")
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    events.war_defeated(s, D, "1st_punic_war")
    assert s["forum"]["leaders"] == {"hamilcar": "1st_punic_war"} and "leader" not in s["forum"]["events"]["refuge"]


def test_13_the_refuge_leader_goes_back_onto_the_card_when_his_war_sues_for_peace(s):
    from domain.games.republic_of_rome.event_choices import sue_for_peace
    D = data_for(s)
    with_event(s, "refuge")
    s["forum"]["events"]["refuge"].update(leader="hannibal", war="1st_punic_war")
    s["forum"]["leaders"] = {"hannibal": "1st_punic_war"}
    sue_for_peace(s, D, "1st_punic_war", random.Random(1))
    assert s["forum"]["leaders"] == {} and s["forum"]["events"]["refuge"] == {
        "flipped": False, "level": 1, "turn": s["turn"], "leader": "hannibal"}
    s["deck"].remove("war:1st_gallic_war")
    place_war(s, D, "1st_gallic_war")
    assert s["forum"]["leaders"] == {"hannibal": "1st_gallic_war"}


def test_13_rise_from_refuge_activates_every_war_and_strengthens_each(s):
    D = data_for(s)
    s["forum"]["wars"]["1st_illyrian_war"] = {"status": "inactive", "naval_victory": False}
    with_event(s, "refuge", 2)
    s["forum"]["events"]["refuge"]["leader"] = "philip_v"  # a Macedonian Leader, no Macedonian War in play
    events.rise(s, D)
    assert {w["status"] for w in s["forum"]["wars"].values()} == {"active"}
    held = s["forum"]["leaders"]["philip_v"]
    other = next(w for w in s["forum"]["wars"] if w != held)
    assert events.refuge_strength(s, D, other) == 6 and events.refuge_strength(s, D, held) == 0
    assert war_strength(s, D, held)["land"] == D.wars[held]["land_strength"] + 6  # counted with the War he joined
    assert war_strength(s, D, other)["land"] == D.wars[other]["land_strength"] + 6  # and with every other one
    events.war_defeated(s, D, held)
    assert "refuge" in s["forum"]["events"]  # one War of his left: he stays
    del s["forum"]["wars"][held]
    events.war_defeated(s, D, other)
    assert "refuge" not in s["forum"]["events"] and "ldr:philip_v" in s["discard"]


def test_13_the_refuge_leader_chosen_by_enemy_leader_dies_takes_the_card_with_him(s):
    from domain.games.republic_of_rome.event_choices import leader_dies
    D = data_for(s)
    with_event(s, "enemy_leader_dies")
    with_event(s, "refuge")
    s["forum"]["events"]["refuge"].update(leader="hannibal", war="1st_punic_war")
    s["forum"]["leaders"] = {"hannibal": "1st_punic_war"}
    s["deck"].remove("ldr:hannibal")
    leader_dies(s, D, "hannibal", random.Random(1))
    assert "refuge" not in s["forum"]["events"] and s["discard"].count("ldr:hannibal") == 1
    assert events.refuge_held(s) == []  # counted once: in the discard pile


def test_13_the_events_invariant_bites(s):
    from domain.games.republic_of_rome.war_events import check_events
    D = data_for(s)
    with_event(s, "refuge")
    s["forum"]["events"]["refuge"]["leader"] = "hannibal"
    s["deck"].remove("ldr:hannibal")
    check_events(s, D)
    s["curia"]["leaders"] = ["hannibal"]
    with pytest.raises(AssertionError):
        check_events(s, D)
    s["curia"]["leaders"] = []
    s["era_ends_revealed"] = 1  # without the option
    with pytest.raises(AssertionError):
        check_events(s, D)
