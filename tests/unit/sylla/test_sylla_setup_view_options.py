"""Rules 4 and 11 (setup for 4 and 3 players), 6 (characters), 12 (visibility), the options and
protocol details; edge cases 14.18, 14.30, 14.36."""
from __future__ import annotations

import json
import random

import pytest

from domain.games.sylla.data import compile_data
from domain.games.sylla.options import OPTIONS, normalize
from domain.rules import IllegalAction, get_rules
from tests.property.sylla.sylla_helpers import SEATS3, SEATS4, play_random_game
from tests.unit.sylla.sylla_unit import RULES, game, lines_for


def fresh(seats=SEATS4, options=None, seed=3):
    return RULES.setup(seats, options or {}, random.Random(seed))


def choose_all(state, seats, rng=None):
    rng = rng or random.Random(0)
    for seat in seats:
        state = RULES.apply(state, seat, RULES.default_choice(state, seat), rng)
    return state


# ------------------------------------------------------------------------------------------ 4.1
def test_4_1_board_setup_for_four_players():
    s = fresh()
    D = compile_data(normalize({}))
    assert get_rules("sylla") is RULES
    assert all(D.tile_stack[t] == "A" for t in s["slots"]) and len(s["stack"]) == 26
    assert [D.tile_stack[t] for t in s["stack"]] == ["A"] * 6 + ["B"] * 10 + ["C"] * 10
    assert s["events"][3] == "decadence" and len(s["event_deck"]) == 6
    assert len(s["gw_removed"]) == 1 and len(s["gw_pile"]) == 5 and "ecclesia" not in s["gw_pile"]
    assert s["tracks"] == {"civic": 3, "health": 3, "leisure": 3, "famine": 0}
    assert sorted(p["income_tile"] for p in s["players"].values()) == ["I", "II", "III", "IV"]
    assert all(p["set"] == p["income_tile"] for p in s["players"].values())
    assert s["players"][s["fc"]]["income_tile"] == "I"


def test_4_1_step_7_starting_characters_are_a_secret_simultaneous_choice():
    s = fresh()
    prompts = RULES.prompts(s)
    assert len(prompts) == 4 and all(p.secret and p.kind == "choose_starting_characters" for p in prompts)
    # one form: 4 of the 10 characters of the seat's set (it used to be 210 numbered choices)
    assert all(p.choices == () and [(f.kind, len(f.options), f.min, f.max) for f in p.form.fields]
               == [("some", 10, 4, 4)] for p in prompts)
    seat = prompts[0].seat
    values = [o.value for o in prompts[0].form.fields[0].options]
    answer = '{"characters":["%s","%s","%s","%s"]}' % (values[0], values[2], values[3], values[7])
    s2 = RULES.apply(s, seat, answer, random.Random(0))
    old_id = ".".join([values[0], values[2], values[3], values[7]])
    assert RULES.view(s2, seat)["players"][seat]["sealed_choice"] == old_id  # the state keeps the old hand id
    # the compatibility reading: the old id plays exactly the same, and is known with its old label
    assert RULES.apply(s, seat, old_id, random.Random(0)) == s2
    assert RULES.legacy_choice(s, seat, old_id).id == old_id and RULES.legacy_choice(s2, seat, old_id) is None
    other = next(x for x in SEATS4 if x != seat)
    assert "sealed_choice" not in RULES.view(s2, other)["players"][seat]
    assert RULES.view(s2, other)["players"][seat]["cards"] == []
    moving = {"step", "waiting_for", "waiting_sentence"}  # who has already answered is public
    assert {k: v for k, v in RULES.view(s2, None).items() if k not in moving} == \
           {k: v for k, v in RULES.view(s, None).items() if k not in moving}


def test_4_1_steps_8_to_10_deck_display_money_and_the_holder_of_tile_I_opens():
    s = choose_all(fresh(), SEATS4)
    assert len(s["display"]) == 6 and len(s["char_deck"]) + len(s["display"]) == 24
    for seat in SEATS4:
        p = s["players"][seat]
        assert len(p["cards"]) == 4 and p["prestige"] == 10
        merchants = sum(1 for c in p["cards"] if "-MER-" in c)
        assert p["denarii"] == 3 + merchants
    assert s["phase"] == "first_consul_bidding" and s["ctx"]["order"][0] == s["fc"]
    assert s["players"][s["fc"]]["income_tile"] == "I"


def test_4_1_the_starting_choice_is_revealed_to_everybody_together():
    s = fresh()
    rng = random.Random(0)
    for i, seat in enumerate(SEATS4):
        before = s
        s = RULES.apply(s, seat, RULES.default_choice(s, seat), rng)
        lines = RULES.describe(before, seat, "x", s, "white")
        if i < 3 and seat != "white":
            assert lines == [f"{seat.capitalize()} has chosen their starting characters."]
        elif i < 3:
            assert lines[0].startswith("You choose starting characters in secret (")
    assert any(x.startswith("Red starts with") for x in lines)


# ------------------------------------------------------------------------------------------ 4.2 / 11
def test_11_three_players_tiles_I_to_III_six_characters_display_of_5_and_the_fourth_set_in_the_deck():
    s = fresh(SEATS3)
    assert sorted(p["income_tile"] for p in s["players"].values()) == ["I", "II", "III"]
    assert all((p.form.fields[0].min, len(p.form.fields[0].options)) == (6, 10) for p in RULES.prompts(s))  # 6 of 10
    s = choose_all(s, SEATS3)
    assert all(len(p["cards"]) == 6 for p in s["players"].values())
    assert len(s["display"]) == 5 and len(s["char_deck"]) == 22 - 5
    assert sum(1 for c in s["char_deck"] + s["display"] if c.startswith("IV-")) == 10


def test_11_three_player_options_random_tiles_and_unused_set_removed():
    for seed in range(10):
        s = fresh(SEATS3, {"three_player_income_tiles": "random", "three_player_unused_set": "removed"}, seed)
        tiles = sorted(p["income_tile"] for p in s["players"].values())
        order = ["I", "II", "III", "IV"]
        assert s["players"][s["fc"]]["income_tile"] == min(tiles, key=order.index)
        assert len(s["chars_out"]) == 10
        s = choose_all(s, SEATS3)
        assert len(s["char_deck"]) + len(s["display"]) == 12


def test_14_30_the_character_deck_never_runs_out():
    def watch(before, seat, choice, after):
        if after["phase"] == "first_consul_bidding" and before["phase"] != "first_consul_bidding":
            assert len(after["display"]) == (6 if len(after["seats"]) == 4 else 5)

    for seed in range(6):
        play_random_game(SEATS4 if seed % 2 else SEATS3, {}, seed, on_step=watch)


def test_14_18_supplies_of_tokens_and_denarii_are_unlimited():
    g = game("income", {"red": {"tiles": ["B09"], "tokens": {"civic": 200}, "denarii": 500}})
    g.play("red", "temple-civic")
    assert g.p("red")["tokens"]["civic"] == 201 and g.p("red")["denarii"] == 501


# ------------------------------------------------------------------------------------------ 6
@pytest.mark.parametrize("ctype,card", [("senator", "I-SEN-P"), ("merchant", "I-MER-P"), ("legionary", "I-LEG-A"),
                                        ("vestal", "I-VES-A"), ("slave", "I-SLA-P")])
def test_6_each_character_has_its_ability_only_while_available(ctype, card):
    up = game("income", {"red": {"cards": [card]}})
    tilted = game("income", {"red": {"cards": [card], "tilted": [card]}})
    if ctype == "merchant":
        assert up.p("red")["denarii"] - tilted.p("red")["denarii"] == 1
    if ctype in ("legionary", "vestal"):
        assert up.state["ctx"]["left"]["red"][ctype] == 1
        assert tilted.state["phase"] != "events_place_cubes"  # no cube at all: nothing to place
    if ctype == "senator":
        g = game("great_works_thumb", {"red": {"cards": [card]}})
        assert "1 vote" in g.prompt("red").text
    if ctype == "slave":
        D = compile_data(normalize({}))
        assert D.cards[card].hexes == ("red", "yellow", "grey")


# ------------------------------------------------------------------------------------------ 12
def _private_strings(state, seat):
    p = state["players"][seat]
    return {"denarii": p["denarii"], "tokens": p["tokens"]}


def test_12_a_seat_never_sees_another_seats_denarii_tokens_or_sealed_choice():
    s = choose_all(fresh(), SEATS4)
    for viewer in SEATS4 + [None]:
        view = RULES.view(s, viewer)
        for seat in SEATS4:
            pv = view["players"][seat]
            if seat == viewer:
                assert pv["denarii"] == s["players"][seat]["denarii"] and pv["tokens"] == s["players"][seat]["tokens"]
            else:
                assert "denarii" not in pv and "tokens" not in pv and "sealed_choice" not in pv


def test_12_nobody_sees_the_order_of_any_deck():
    s = choose_all(fresh(), SEATS4)
    view = RULES.view(s, "red")
    text = json.dumps(view)
    for deck in ("char_deck", "stack"):
        assert not any(f'"{x}"' in text for x in s[deck]), deck
    assert not set(s["event_deck"]) & {e["id"] for e in view["events"]}
    assert not set(s["gw_pile"][1:]) & {view["great_works"]["current"], view["great_works"]["next"]}
    view = RULES.view(s, None)
    assert view["character_deck_size"] == 18 and view["event_deck_size"] == 6 and view["building_stack_size"] == 26
    assert view["great_works"]["current"] == s["gw_pile"][0] and view["great_works"]["next"] is None
    assert view["great_works"]["removed"] == s["gw_removed"]


def test_12_view_has_what_a_board_page_needs_14_36():
    s = choose_all(fresh(), SEATS4)
    view = RULES.view(s, "black")
    for key in ("round", "phase", "phase_number", "waiting_text", "waiting_for", "tracks", "events",
                "building_slots", "recruitment_display", "great_works", "players", "crisis_zone", "first_consul"):
        assert key in view, key
    assert view["waiting_text"] == "to bid for First Consul" and view["waiting_for"] == [s["fc"]]
    assert [b["colour"] for b in view["building_slots"]] == ["red", "red", "yellow", "yellow", "grey", "grey"]
    assert "log" not in view and "notes" not in json.dumps(view)


def test_12_narration_is_worded_for_the_viewer():
    g = game("first_consul_bidding", {"black": {"cards": ["II-SEN-P"]}})
    g.play("red", "bid-0")
    assert lines_for(g, "black", "bid-4", "black") == ["You bid 4 votes for First Consul."]
    g2 = game("first_consul_bidding", {"black": {"cards": ["II-SEN-P"]}})
    g2.play("red", "bid-0")
    g2.play("black", "bid-4")
    g2.play("white", "pass")
    assert "You become First Consul for 4 votes (1 Senator, 3 denarii paid)." in lines_for(g2, "yellow", "pass", "black")
    g3 = game("first_consul_bidding", {"black": {"cards": ["II-SEN-P"]}})
    g3.play("red", "bid-0")
    g3.play("black", "bid-4")
    g3.play("white", "pass")
    assert "Black becomes First Consul for 4 votes (1 Senator, 3 denarii paid)." in lines_for(g3, "yellow", "pass", None)


# ------------------------------------------------------------------------------------------ options
def test_options_schema_lists_every_option_with_a_default_and_help():
    schema = RULES.options_schema()
    assert set(schema) == set(OPTIONS)
    for name in ("crisis_zone_width", "granary_famine_direction", "lasting_event_repeat_flips",
                 "announce_token_kinds", "three_player_income_tiles", "data_overrides", "scenario"):
        assert "default" in schema[name] and schema[name]["help"].endswith((".", ")"))


@pytest.mark.parametrize("options", [{"no_such_option": 1}, {"crisis_zone_width": "two"},
                                     {"granary_famine_direction": "up"}, {"announce_token_kinds": "yes"},
                                     {"crisis_order": ["civic"]}, {"data_overrides": {"nonsense": 1}},
                                     {"data_overrides": {"events": {"no_event": {}}}},
                                     {"scenario": {"phase": "income", "bogus": 1}},
                                     {"scenario": {"players": {"red": {"cards": ["NOPE"]}}}},
                                     {"scenario": {"players": {"red": {"cards": ["I-SEN-P"]},
                                                               "black": {"cards": ["I-SEN-P"]}}}}])
def test_options_unknown_names_and_bad_values_are_refused_with_a_sentence(options):
    with pytest.raises(IllegalAction) as err:
        RULES.setup(SEATS4, options, random.Random(0))
    assert err.value.reason.endswith(".")


def test_setup_refuses_a_wrong_number_of_players():
    with pytest.raises(IllegalAction):
        RULES.setup(["red", "black"], {}, random.Random(0))


def test_data_overrides_change_assumed_values():
    s = fresh(options={"data_overrides": {"constants": {"cubes_per_player": 12},
                                           "building_slots": [{"slot": i, "colour": c} for i, c in
                                                              enumerate(["grey"] * 6, 1)]}})
    assert [b["colour"] for b in RULES.view(s, None)["building_slots"]] == ["grey"] * 6


def test_check_invariants_catches_impossible_states():
    s = choose_all(fresh(), SEATS4)
    RULES.check_invariants(s)
    for spoil in (lambda x: x["players"]["red"].__setitem__("prestige", -1),
                  lambda x: x["players"]["red"].__setitem__("denarii", -2),
                  lambda x: x["char_deck"].pop(),
                  lambda x: x["stack"].append(x["stack"][0]),
                  lambda x: x["tracks"].__setitem__("civic", 7),
                  lambda x: x.__setitem__("round", 6),
                  lambda x: x["ledger"]["red"].__setitem__("start", 9)):
        bad = json.loads(json.dumps(s))
        spoil(bad)
        with pytest.raises(AssertionError):
            RULES.check_invariants(bad)


def test_docs_scenario_example_is_a_valid_position():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "rules-sylla.md").read_text(encoding="utf-8")
    options = json.loads(text.split("```json")[1].split("```")[0])
    s = RULES.setup(["blue", "red", "black", "white"], options, random.Random(1))
    assert s["phase"] == "first_consul_bidding" and s["fc"] == "blue"
    assert s["down"] == {"I-SEN-C": "persecution"} and s["flips"] == {"persecution": 1}


def test_7_6_tile_distribution_32_tiles_in_three_lettered_stacks():
    from collections import Counter

    D = compile_data(normalize({}))
    assert len(D.tile_type) == 32
    assert Counter(D.tile_type.values()) == {"market": 6, "field": 6, "insula": 4, "private_temple": 3,
                                             "tavern": 3, "statue": 3, "crane": 3, "triumphal_arch": 2, "bank": 2}
    assert Counter(D.tile_stack.values()) == {"A": 12, "B": 10, "C": 10}
    assert {D.tile_type[t] for t, letter in D.tile_stack.items() if letter == "A"} >= {"crane"}


def test_8_1_event_cards_tokens_symbols_and_food_come_from_data():
    D = compile_data(normalize({}))
    table = {e: (v["political_colour"], v["vestal"], v["legionary"], v["food_symbols"]) for e, v in D.events.items()}
    assert table["famine"] == ("health", True, False, 1)
    assert table["slave_revolt"] == ("leisure", False, True, 1)
    assert table["imperial_cult"] == ("civic", True, True, 0)
    assert table["decadence"] == (None, True, True, 0)
    assert sum(table[e][3] for e in ("decadence", "famine", "slave_revolt", "imperial_cult")) == 2  # rule 15
    assert D.permanent == ["decadence"]


def test_12_the_referee_viewer_sees_every_private_value():
    """The platform's "*" viewer (the operator; everybody once the game is over) sees everything."""
    s = choose_all(fresh(), SEATS4)
    view = RULES.view(s, "*")
    assert all(view["players"][seat]["denarii"] == s["players"][seat]["denarii"] for seat in SEATS4)
    g = game("great_works_thumb")
    assert "Red commits in secret: thumb up with 2 denarii." in lines_for(g, "red", "up-2", "*")
    assert "Red has committed to the Great Work." in lines_for(game("great_works_thumb"), "red", "up-2", "black")
