"""Rule 5.5 (Events) and section 8 (each event, lasting effects, leaving play); edge cases 14.8-14.15,
14.26, 14.27, 14.29, 14.33, 14.37-14.39."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.unit.sylla.sylla_unit import RULES, game, lines_for

VL = {"red": ["I-VES-A", "I-LEG-A"], "black": ["II-VES-B"], "white": [], "yellow": ["IV-LEG-B", "IV-LEG-A"]}


def cube_game(cards=VL, events=("famine", "slave_revolt", "imperial_cult"), **kw):
    return game("events_place_cubes", {s: {"cards": c} for s, c in cards.items()}, events=list(events), **kw)


def occur_game(events, players=None, **kw):
    """Nobody has cubes: the First Consul (red) picks the avoided pair, so we choose what occurs."""
    return game("events_place_cubes", players or {}, events=list(events), **kw)


# ------------------------------------------------------------------------------------ step 1
def test_5_5_each_available_vestal_and_legionary_gives_one_cube_14_8():
    g = cube_game(cards={"red": ["I-VES-A", "I-LEG-A", "I-VES-B", "I-LEG-B"], "black": [], "white": [],
                         "yellow": []})
    assert g.state["ctx"]["left"]["red"] == {"vestal": 2, "legionary": 2}
    g2 = game("events_place_cubes", {"red": {"cards": ["I-VES-A", "I-LEG-A", "I-VES-B"], "tilted": ["I-VES-A"],
                                             "down": {"I-VES-B": "flood"}}}, events=["flood", "famine", "epidemic"])
    assert g2.state["ctx"]["left"]["red"] == {"vestal": 0, "legionary": 1}


def test_5_5_cubes_are_placed_one_at_a_time_from_the_first_consul_clockwise_skipping_empty_hands():
    g = cube_game()
    seen = []
    while g.state["phase"] == "events_place_cubes":
        seat = g.state["ctx"]["turn"]
        seen.append(seat)
        g.play(seat, g.choices(seat)[0])
    assert seen == ["red", "black", "yellow", "red", "yellow"]  # white has none; red and yellow repeat


def test_5_5_a_cube_goes_only_on_an_event_showing_its_symbol_and_decadence_takes_both():
    g = cube_game()
    assert g.choices("red") == ["vestal-famine", "vestal-imperial-cult", "vestal-decadence",
                                "legionary-slave-revolt", "legionary-imperial-cult", "legionary-decadence"]
    with pytest.raises(IllegalAction):
        g.play("red", "vestal-slave-revolt")


# ------------------------------------------------------------------------------------ step 2
def test_5_5_majority_takes_the_events_token_and_ties_each_take_one():
    g = cube_game()
    g.script([("red", "vestal-famine"), ("black", "vestal-famine"), ("yellow", "legionary-slave-revolt"),
              ("red", "legionary-imperial-cult"), ("yellow", "legionary-slave-revolt")])
    assert g.p("red")["tokens"] == {"civic": 1, "health": 1, "leisure": 0}
    assert g.p("black")["tokens"]["health"] == 1 and g.p("yellow")["tokens"]["leisure"] == 1
    assert g.p("white")["tokens"] == {"civic": 0, "health": 0, "leisure": 0}


def test_14_12_decadence_majority_gains_1_prestige_before_outcomes_even_when_avoided():
    g = cube_game()
    g.script([("red", "vestal-decadence"), ("black", "vestal-decadence"), ("yellow", "legionary-decadence"),
              ("red", "legionary-famine" if False else "legionary-decadence"), ("yellow", "legionary-slave-revolt")])
    assert g.state["ledger"]["red"].get("events") == 1
    assert "events" not in g.state["ledger"]["black"]


# ------------------------------------------------------------------------------------ step 3
def test_5_5_the_two_events_with_the_most_cubes_are_avoided_and_the_others_occur():
    g = cube_game()
    g.script([("red", "vestal-famine"), ("black", "vestal-famine"), ("yellow", "legionary-slave-revolt"),
              ("red", "legionary-slave-revolt"), ("yellow", "legionary-slave-revolt")])
    # famine 2, revolt 3 avoided; imperial cult and decadence occur
    assert g.state["tracks"]["civic"] == 2  # imperial cult 3 -> 2, then decadence moves health and leisure
    assert g.state["tracks"]["health"] == 2 and g.state["tracks"]["leisure"] == 2
    assert g.state["events_out"] == ["slave_revolt"]  # the avoided event with more cubes


def test_5_5_d14_first_consul_breaks_ties_across_the_boundary_and_must_avoid_any_event_with_more():
    g = cube_game()
    g.script([("red", "vestal-famine"), ("black", "vestal-famine"), ("yellow", "legionary-slave-revolt"),
              ("red", "legionary-imperial-cult"), ("yellow", "legionary-decadence")])
    # famine 2 (sure); revolt, cult, decadence tied at 1
    assert g.prompt("red").kind == "fc_choose_avoided"
    assert g.choices("red") == ["avoid-slave-revolt", "avoid-imperial-cult", "avoid-decadence"]


def test_14_13_zero_cubes_everywhere_the_first_consul_chooses_the_avoided_pair_and_the_removed_event():
    g = occur_game(["famine", "epidemic", "eruption"])
    assert len(g.choices("red")) == 6
    g.play("red", "avoid-famine.epidemic")
    assert g.prompt("red").kind == "fc_choose_removed"
    assert g.choices("red") == ["remove-famine", "remove-epidemic"]
    g.play("red", "remove-epidemic")
    assert g.state["events_out"] == ["epidemic"]


def test_14_33_occurring_events_resolve_top_first_and_decadence_last():
    g = occur_game(["epidemic", "famine", "eruption"])
    g.play("red", "avoid-famine.eruption")
    # epidemic first: health 3 -> 2; then decadence: civic and leisure (3, the rightmost) -> 2
    assert (g.state["tracks"]["civic"], g.state["tracks"]["health"], g.state["tracks"]["leisure"]) == (2, 2, 2)


def test_14_38_option_decadence_on_top_resolves_first():
    g = occur_game(["epidemic", "famine", "eruption"], options={"decadence_slot": "top"})
    assert g.state["events"][0] == "decadence"
    g.play("red", "avoid-famine.eruption")
    # decadence first: all three 3 -> 2; then epidemic: health 2 -> 1
    assert (g.state["tracks"]["civic"], g.state["tracks"]["health"], g.state["tracks"]["leisure"]) == (2, 1, 2)


# ------------------------------------------------------------------------------------ step 4
def test_5_5_the_avoided_event_with_more_cubes_is_removed_a_new_one_is_drawn_and_cubes_return():
    g = cube_game(event_deck=["pillage"])
    g.script([("red", "vestal-famine"), ("black", "vestal-famine"), ("yellow", "legionary-slave-revolt"),
              ("red", "legionary-slave-revolt"), ("yellow", "legionary-slave-revolt")])
    assert g.state["events"][1] == "pillage" and all(not c for c in g.state["cubes"])


def test_14_11_decadence_is_never_removed_the_other_avoided_event_goes():
    g = cube_game()
    g.script([("red", "vestal-decadence"), ("black", "vestal-decadence"), ("yellow", "legionary-decadence"),
              ("red", "legionary-imperial-cult"), ("yellow", "legionary-decadence")])
    assert "decadence" in g.state["events"] and g.state["events_out"] == ["imperial_cult"]


def test_14_11_decadence_tied_with_the_other_avoided_event_is_not_a_decision():
    g = occur_game(["famine", "epidemic", "eruption"])
    g.play("red", "avoid-famine.decadence")
    assert g.state["events_out"] == ["famine"] and g.state["phase"] != "events_choose_removed"


def test_14_14_an_empty_event_deck_leaves_the_slot_empty():
    g = occur_game(["famine", "epidemic", "eruption"], events_removed=["imperial_cult", "persecution",
                   "senate_treachery", "flood", "slave_revolt", "pillage"])
    assert g.state["event_deck"] == []
    g.play("red", "avoid-famine.decadence")
    assert g.state["events"][0] is None
    view = RULES.view(g.state, "red")
    assert view["events"][0]["id"] is None


# ------------------------------------------------------------------------------------ 8.1 track events
@pytest.mark.parametrize("event,marker,after", [("epidemic", "health", 2), ("eruption", "leisure", 2),
                                                ("imperial_cult", "civic", 2), ("famine", "famine", 1)])
def test_8_1_track_events_move_their_marker(event, marker, after):
    others = [e for e in ("epidemic", "eruption", "imperial_cult", "famine") if e != event][:2]
    g = occur_game([event] + others)
    g.play("red", "avoid-" + ".".join(e.replace("_", "-") for e in others))
    assert g.state["tracks"][marker] == (after if marker != "famine" else 1)


def test_8_1_famine_never_goes_past_6_and_markers_never_below_0():
    g = occur_game(["famine", "epidemic", "eruption"], tracks={"famine": 6, "health": 0})
    g.play("red", "avoid-eruption.decadence")
    assert g.state["tracks"]["famine"] == 6 and g.state["tracks"]["health"] == 0


def test_8_1_decadence_moves_every_marker_tied_rightmost_and_never_the_famine_marker_14_37():
    g = occur_game(["famine", "epidemic", "eruption"], tracks={"civic": 5, "health": 5, "leisure": 2, "famine": 4})
    g.play("red", "avoid-famine.epidemic")  # eruption (leisure 2 -> 1) then decadence
    assert g.state["tracks"] == {"civic": 4, "health": 4, "leisure": 1, "famine": 4}


def test_14_11_decadence_with_every_marker_at_0_moves_nothing():
    g = occur_game(["famine", "epidemic", "eruption"], tracks={"civic": 0, "health": 0, "leisure": 0})
    g.play("red", "avoid-famine.epidemic")
    assert (g.state["tracks"]["civic"], g.state["tracks"]["health"], g.state["tracks"]["leisure"]) == (0, 0, 0)


# ------------------------------------------------------------------------------------ 8.2 lasting
CHRISTIANS = {"red": {"cards": ["I-SEN-C", "I-MER-C", "I-SEN-P"]}, "black": {"cards": ["II-SLA-C"]},
              "white": {"cards": ["III-SEN-P"]}, "yellow": {"cards": []}}


def test_8_2_persecution_each_player_turns_one_face_up_christian_face_down_simultaneously():
    g = occur_game(["persecution", "famine", "epidemic"], CHRISTIANS)
    g.play("red", "avoid-famine.epidemic")
    prompts = RULES.prompts(g.state)
    assert [(p.seat, p.kind, p.secret) for p in prompts] == [("red", "choose_item_to_disable", True),
                                                             ("black", "choose_item_to_disable", True)]
    assert g.choices("red") == ["disable-i-sen-c", "disable-i-mer-c"]  # 14.29: the Christian Merchant too
    assert g.choices("black") == ["disable-ii-sla-c"]  # a single eligible item: automatic
    g.play("red", "disable-i-mer-c")
    g.play("black", "disable-ii-sla-c")
    assert g.state["down"] == {"I-MER-C": "persecution", "II-SLA-C": "persecution"}


def test_8_2_senate_treachery_turns_a_senator_face_down_even_a_tilted_one():
    g = occur_game(["senate_treachery", "famine", "epidemic"],
                   {"white": {"cards": ["III-SEN-P"], "tilted": ["III-SEN-P"]}})
    g.play("red", "avoid-famine.epidemic")
    g.play("white", "disable-iii-sen-p")
    assert g.state["down"] == {"III-SEN-P": "senate_treachery"} and g.state["tilted"] == {"III-SEN-P": True}


def test_8_2_d16_senate_treachery_choices_stay_sealed_until_the_last_affected_player_chooses():
    """D16 is documented as sealed: a choice sent is seen by its seat only, and every chosen item turns
    face down together when the last affected player has chosen (like D1 and D17)."""
    g = occur_game(["senate_treachery", "famine", "epidemic"],
                   {"red": {"cards": ["I-SEN-P", "I-SEN-C"]}, "black": {"cards": ["II-SEN-P", "II-SEN-C"]}})
    g.play("red", "avoid-famine.epidemic")
    before = g.state
    black_prompt = g.prompt("black")
    red_said = lines_for(g, "red", "disable-i-sen-c", "black")
    assert g.state["down"] == {} and g.prompt("black") == black_prompt  # nothing applied; black's form stays valid
    for viewer in ("black", "white", None):
        view = RULES.view(g.state, viewer)
        assert RULES.view(before, viewer)["players"]["red"] == view["players"]["red"]
        assert "sealed_choice" not in view["players"]["red"] and "disable-i-sen-c" not in str(view)
        said = RULES.describe(before, "red", "disable-i-sen-c", g.state, viewer)
        assert not any("Senator" in line or "face down" in line.replace("an item to turn face down", "")
                       for line in said), said
    assert red_said == ["Red has chosen an item to turn face down."]
    assert RULES.view(g.state, "red")["players"]["red"]["sealed_choice"] == "disable-i-sen-c"
    assert RULES.view(g.state, "black")["step"]["to_choose"] == ["black"]
    revealed = lines_for(g, "black", "disable-ii-sen-p", "white")
    assert g.state["down"] == {"I-SEN-C": "senate_treachery", "II-SEN-P": "senate_treachery"}
    assert g.state["sealed"] == {}
    flips = [x for x in revealed if x.endswith("face down (Senate Treachery (Senate Purge)).")]
    assert [x.split(" the ")[0] for x in flips] == ["Red turns", "Black turns"]  # together, in seat order


def test_8_2_slave_revolt_turns_a_slave_face_down():
    g = occur_game(["slave_revolt", "famine", "epidemic"], {"black": {"cards": ["II-SLA-C", "II-SLA-P"]}})
    g.play("red", "avoid-famine.epidemic")
    g.play("black", "disable-ii-sla-p")
    assert g.state["down"] == {"II-SLA-P": "slave_revolt"}


def test_8_2_flood_turns_a_building_or_crane_face_down_never_the_income_tile_14_15_14_26():
    g = occur_game(["flood", "famine", "epidemic"], {"red": {"tiles": ["B04", "B07"], "cranes": 1},
                                                      "black": {"tiles": []}})
    g.play("red", "avoid-famine.epidemic")
    assert g.choices("red") == ["disable-b04", "disable-b07", "disable-crane-1"]
    assert g.prompt("black") is None
    g.play("red", "disable-crane-1")
    assert g.state["down"] == {"CRANE-1": "flood"}


def test_14_39_pillage_turns_one_market_face_down():
    g = occur_game(["pillage", "famine", "epidemic"], {"red": {"tiles": ["B04", "B05", "B07"]}})
    g.play("red", "avoid-famine.epidemic")
    assert g.choices("red") == ["disable-b04", "disable-b05"]
    g.play("red", "disable-b05")
    assert g.state["down"] == {"B05": "pillage"}


def test_14_9_a_lasting_effect_with_nothing_to_flip_has_no_effect():
    g = occur_game(["persecution", "famine", "epidemic"], {"red": {"cards": ["I-SEN-P"]}})
    lines = lines_for(g, "red", "avoid-famine.epidemic", "black")
    assert "Persecution of Christians occurs, but nobody has an item it can turn face down." in lines
    assert not g.state["down"]


AFTER_ONE = {"red": {"cards": ["I-SEN-C", "I-MER-C"], "down": {"I-SEN-C": "persecution"}}}


def test_14_10_a_repeated_occurrence_flips_one_more_item():
    g = occur_game(["persecution", "famine", "epidemic"], AFTER_ONE, lasting_occurrences={"persecution": 1})
    g.play("red", "avoid-famine.epidemic")
    assert g.choices("red") == ["disable-i-mer-c"]
    g.play("red", "disable-i-mer-c")
    assert g.state["down"] == {"I-SEN-C": "persecution", "I-MER-C": "persecution"}
    assert g.state["flips"]["persecution"] == 2


def test_14_10_option_only_the_first_occurrence_flips():
    g = occur_game(["persecution", "famine", "epidemic"], AFTER_ONE, lasting_occurrences={"persecution": 1},
                   options={"lasting_event_repeat_flips": False})
    lines = lines_for(g, "red", "avoid-famine.epidemic", None)
    assert any("only its first occurrence" in x for x in lines)
    assert g.state["down"] == {"I-SEN-C": "persecution"}


def test_14_10_the_first_occurrence_flips_even_with_the_option_off():
    g = occur_game(["persecution", "famine", "epidemic"], {"red": {"cards": ["I-SEN-C"]}},
                   options={"lasting_event_repeat_flips": False})
    g.play("red", "avoid-famine.epidemic")
    g.play("red", "disable-i-sen-c")
    assert g.state["down"] == {"I-SEN-C": "persecution"}


# ------------------------------------------------------------------------------------ 8.3 leaving play
def _remove(g, event_code, other):
    g.play("red", f"avoid-{event_code}.{other}" if event_code < other else f"avoid-{other}.{event_code}")


def test_8_3_items_return_face_up_when_their_event_is_removed():
    g = occur_game(["senate_treachery", "famine", "epidemic"],
                   {"red": {"cards": ["I-SEN-P"], "down": {"I-SEN-P": "senate_treachery"}}})
    g.play("red", "avoid-senate-treachery.famine")
    g.play("red", "remove-senate-treachery")
    assert not g.state["down"]


def test_8_3_persecution_removed_while_senate_treachery_in_play_christian_senator_stays_down():
    g = occur_game(["persecution", "senate_treachery", "famine"],
                   {"red": {"cards": ["I-SEN-C", "I-MER-C"], "down": {"I-SEN-C": "persecution", "I-MER-C": "persecution"}}})
    g.play("red", "avoid-persecution.decadence")  # decadence tied: persecution is removed
    assert g.state["down"] == {"I-SEN-C": "senate_treachery"}  # the Merchant returns


def test_8_3_senate_treachery_removed_while_persecution_in_play_christian_senator_stays_down():
    g = occur_game(["persecution", "senate_treachery", "famine"],
                   {"red": {"cards": ["I-SEN-C", "I-SEN-P"],
                            "down": {"I-SEN-C": "senate_treachery", "I-SEN-P": "senate_treachery"}}})
    g.play("red", "avoid-senate-treachery.decadence")
    assert g.state["down"] == {"I-SEN-C": "persecution"}


def test_8_3_persecution_and_slave_revolt_cover_christian_slaves_for_each_other():
    g = occur_game(["persecution", "slave_revolt", "famine"],
                   {"black": {"cards": ["II-SLA-C"], "down": {"II-SLA-C": "slave_revolt"}}})
    g.play("red", "avoid-slave-revolt.decadence")
    assert g.state["down"] == {"II-SLA-C": "persecution"}


def test_8_3_flood_removed_while_pillage_in_play_markets_stay_down_other_tiles_return():
    g = occur_game(["flood", "pillage", "famine"],
                   {"red": {"tiles": ["B04", "B07"], "down": {"B04": "flood", "B07": "flood"}}})
    g.play("red", "avoid-flood.decadence")
    assert g.state["down"] == {"B04": "pillage"}


def test_8_3_pillage_removed_while_flood_in_play_markets_stay_down():
    g = occur_game(["flood", "pillage", "famine"], {"red": {"tiles": ["B04"], "down": {"B04": "pillage"}}})
    g.play("red", "avoid-pillage.decadence")
    assert g.state["down"] == {"B04": "flood"}


def test_14_27_a_card_returned_by_a_removal_works_at_once_in_phase_6():
    g = occur_game(["senate_treachery", "famine", "epidemic"],
                   {"red": {"cards": ["I-SEN-P"], "down": {"I-SEN-P": "senate_treachery"}}})
    g.play("red", "avoid-senate-treachery.decadence")
    assert g.state["phase"] == "great_works_thumb"
    assert "(1 vote " in g.prompt("red").text
    assert "(1 vote" in RULES.legacy_choice(g.state, "red", "up-0").label  # the old label, still known


def test_14_29_the_christian_merchant_flag_comes_from_data():
    over = {"characters": {"I-MER-C": {"christian": False}}}
    g = occur_game(["persecution", "famine", "epidemic"], {"red": {"cards": ["I-SEN-C", "I-MER-C"]}},
                   options={"data_overrides": over})
    g.play("red", "avoid-famine.epidemic")
    assert g.choices("red") == ["disable-i-sen-c"]


def test_8_2_narration_of_a_lasting_effect_and_of_a_removal():
    g = occur_game(["flood", "pillage", "famine"],
                   {"red": {"tiles": ["B04", "B07"], "down": {"B04": "flood", "B07": "flood"}}})
    lines = lines_for(g, "red", "avoid-flood.decadence", "black")
    assert any("Red's Field stays face down" not in x and "Red's Field is face up again" in x for x in lines)
    assert any("Red's Market stall stays face down (Pillage is in play)" in x for x in lines)
