"""The rulebook's worked example (spec section 15), played from a set-up position through the rules.

Seat order Black -> Blue -> Red -> White; Blue holds income tile I. Blue gets one extra Vestal, as the
spec's note on the example recommends (Blue places a vestal cube, then "his Legionary cube").
"""
from __future__ import annotations

import pytest

from tests.property.sylla.sylla_helpers import Driver

SEATS = ["black", "blue", "red", "white"]

ROUND_1 = {
    "round": 1,
    "players": {
        "black": {"income_tile": "II", "cards": ["II-SEN-P", "II-LEG-A", "II-SLA-P", "II-SLA-C"]},
        "blue": {"income_tile": "I", "cards": ["I-SEN-P", "I-SEN-C", "I-MER-P", "I-MER-C", "I-VES-A"]},
        "red": {"income_tile": "III", "cards": ["III-VES-A", "III-LEG-A", "III-SLA-P", "III-SLA-C"]},
        "white": {"income_tile": "IV", "cards": ["IV-MER-P", "IV-MER-C", "IV-SLA-P", "IV-SLA-C"]},
    },
    "events": ["famine", "slave_revolt", "imperial_cult"],
    "great_works": ["public_baths"],
    # slots 1-2 red, 3-4 yellow, 5-6 grey: Market, Private Temple | Market, Statue | Field, Bank
    "building_slots": ["B04", "B09", "B05", "B21", "B07", "B22"],
    "display": ["I-SLA-P", "I-LEG-A", "III-SEN-P", "IV-VES-B", "II-MER-P", "III-MER-P"],
}


@pytest.fixture
def game():
    return Driver(SEATS, {"scenario": ROUND_1}, seed=15)


def phase_one(g: Driver) -> None:
    g.script([("blue", "bid-3"), ("red", "pass"), ("white", "pass"), ("black", "bid-4"),
              ("black", "token-health")])


def phase_two(g: Driver) -> None:
    g.script([("black", "i-sla-p"), ("blue", "i-leg-a"), ("red", "iii-sen-p"), ("white", "iv-ves-b")])


def field_sale(g: Driver) -> None:
    g.script([("black", "slot-5"), ("blue", "bid-2"), ("red", "pass"), ("white", "bid-3"), ("black", "pass"),
              ("white", "tilt-iv-sla-p"), ("white", "tilt-iv-mer-p"), ("white", "tilt-iv-mer-c")])


def other_sales(g: Driver) -> None:
    g.script([("white", "slot-3"), ("black", "pass"), ("blue", "pass"), ("red", "pass"), ("white", "bid-2"),
              ("white", "slot-1"), ("black", "bid-2"), ("blue", "pass"), ("red", "pass"),
              ("black", "tilt-ii-sen-p"), ("black", "tilt-ii-sla-p"),
              ("black", "slot-2"), ("blue", "pass"), ("red", "bid-2"), ("black", "pass"),
              ("red", "tilt-iii-sla-p"), ("red", "tilt-iii-sla-c"),
              ("red", "slot-4"), ("black", "pass"), ("blue", "pass")])


def income(g: Driver) -> None:
    """Red's pass ends the fifth sale (the Bank left in its slot is removed); income follows."""
    g.script([("red", "pass"), ("red", "temple-civic")])


def events(g: Driver) -> None:
    g.script([("black", "legionary-decadence"), ("blue", "vestal-decadence"), ("red", "vestal-famine"),
              ("blue", "legionary-slave-revolt"), ("red", "legionary-decadence"),
              ("black", "avoid-slave-revolt")])


def great_work(g: Driver) -> None:
    for seat, choice in [("black", "up-1"), ("blue", "down-0"), ("red", "up-3"), ("white", "up-4")]:
        g.play(seat, choice)


def test_15_phase_1_black_is_first_consul_paying_3_and_blue_pays_nothing(game):
    phase_one(game)
    assert game.state["fc"] == "black"
    assert game.p("black")["denarii"] == 0  # 3 starting denarii - 3
    assert game.p("blue")["denarii"] == 5   # 3 + 2 Merchants, nothing paid
    assert game.p("black")["tokens"]["health"] == 1
    assert game.state["tracks"]["famine"] == 2  # Famine + Slave Revolt carry the 2 food symbols
    assert any("Black becomes First Consul for 4 votes (1 Senator, 3 denarii paid)" in x for x in game.lines)


def test_15_phase_2_recruitment_in_first_consul_order_and_leftovers_to_the_deck_bottom(game):
    phase_one(game)
    deck_before = list(game.state["char_deck"])
    phase_two(game)
    assert "I-SLA-P" in game.p("black")["cards"] and "I-LEG-A" in game.p("blue")["cards"]
    assert "III-SEN-P" in game.p("red")["cards"] and "IV-VES-B" in game.p("white")["cards"]
    assert game.state["char_deck"][:len(deck_before)] == deck_before
    assert sorted(game.state["char_deck"][-2:]) == ["II-MER-P", "III-MER-P"]


def test_15_phase_3_white_wins_the_grey_field_for_3_tilting_a_slave_and_two_merchants(game):
    phase_one(game)
    phase_two(game)
    field_sale(game)
    assert "B07" in game.p("white")["tiles"]
    assert {"IV-SLA-P", "IV-MER-P", "IV-MER-C"} <= set(game.state["tilted"])
    assert game.state["ctx"]["offerer"] == "white"  # the buyer offers next and bids last
    assert game.state["phase"] == "buildings_offer"


def test_15_phase_4_income_5_5_3_minus_2_and_5(game):
    phase_one(game)
    phase_two(game)
    field_sale(game)
    other_sales(game)
    before = {s: game.p(s)["denarii"] for s in SEATS}
    income(game)
    gained = {s: game.p(s)["denarii"] - before[s] for s in SEATS}
    assert gained == {"black": 5, "blue": 5, "red": 1, "white": 5}  # Red: 3 income, then -2 at his Temple
    assert game.p("red")["tokens"]["civic"] == 1
    lines = [x for x in game.lines if "of income" in x]
    assert lines == ["Black takes 5 denarii of income (3 income tile, 1 Market).",
                     "Blue takes 5 denarii of income (3 income tile, 2 Merchants).",
                     "Red takes 3 denarii of income (3 income tile).",
                     "White takes 5 denarii of income (3 income tile, 1 Market)."]


def test_15_phase_5_cubes_rewards_outcomes_and_removal(game):
    phase_one(game)
    phase_two(game)
    field_sale(game)
    other_sales(game)
    income(game)
    assert game.state["ctx"]["left"]["white"] == {"vestal": 0, "legionary": 0}
    prestige = {s: game.p(s)["prestige"] for s in SEATS}
    events(game)
    s = game.state
    assert game.p("red")["tokens"]["health"] == 1 and game.p("blue")["tokens"]["leisure"] == 1
    assert {x: game.p(x)["prestige"] - prestige[x] for x in SEATS} == {"black": 1, "blue": 1, "red": 1, "white": 0}
    assert s["tracks"]["famine"] == 3 and s["tracks"]["civic"] == 2
    assert s["events_out"] == ["slave_revolt"]
    assert s["events"][1] not in ("slave_revolt", None) and s["events"][3] == "decadence"
    assert all(not c for c in s["cubes"])
    assert "Avoided: Slave Revolt and Decadence. Occurring: Famine and Imperial Cult." in game.lines


def test_15_phase_6_public_baths_at_9_votes(game):
    phase_one(game)
    phase_two(game)
    field_sale(game)
    other_sales(game)
    income(game)
    events(game)
    assert game.state["gw_current"] == "public_baths"
    money = {s: game.p(s)["denarii"] for s in SEATS}
    led = {s: dict(game.state["ledger"][s]) for s in SEATS}
    great_work(game)
    pub = game.state["public"]["great_work"]
    assert pub["commits"] == {"black": ["up", 1, 1], "blue": ["down", 0, 2], "red": ["up", 3, 4],
                              "white": ["up", 4, 4]}
    assert pub["points"] == {"blue": 1, "red": 5, "white": 5}
    assert pub["track"] == ["health", 9, 1, 4]
    assert {s: money[s] - game.p(s)["denarii"] for s in SEATS} == {"black": 1, "blue": 0, "red": 3, "white": 4}
    led_gw = {s: game.state["ledger"][s].get("great_works", 0) - led[s].get("great_works", 0) for s in SEATS}
    assert led_gw == {"black": 0, "blue": 0, "red": 5, "white": 5}


def test_15_phase_6_ten_votes_would_have_moved_health_two_spaces():
    from domain.games.sylla.great_works import score
    from domain.games.sylla.data import compile_data
    from domain.games.sylla.options import normalize

    D = compile_data(normalize({}))
    baths = D.great_works["public_baths"]
    assert score(baths, {"red": 4, "white": 4, "black": 1}, 1) == {"red": 5, "white": 5}
    assert 10 // baths["track_effect"]["votes_per_set"] == 2


def test_15_phase_7_feeding_at_level_3(game):
    phase_one(game)
    phase_two(game)
    field_sale(game)
    other_sales(game)
    income(game)
    events(game)
    great_work(game)
    feeding = {s: game.state["ledger"][s].get("feeding", 0) for s in SEATS}
    assert feeding == {"black": -3, "blue": -3, "red": -3, "white": -1}
    assert {s: game.p(s)["prestige"] for s in SEATS} == {"black": 8, "blue": 9, "red": 13, "white": 14}
    assert game.state["round"] == 2 and game.state["phase"] == "first_consul_bidding"
    assert game.state["ctx"]["order"][0] == "black"  # this round's FC opens the next election
    assert not game.state["public"]["crises"]  # Civic at 2 is outside the crisis zone


CRISIS = {
    "round": 4, "phase": "famine_and_crises",
    "players": {"blue": {"income_tile": "I", "tokens": {"civic": 4}}, "white": {"tokens": {"civic": 2}},
                "red": {"tokens": {"civic": 2}}, "black": {"tokens": {"civic": 1}}},
    "tracks": {"civic": 0, "famine": 0},
    "great_works_built": ["pantheon", "temple", "granary"],
}


def test_15_crisis_example_round_4_blue_plus_3_black_minus_3():
    g = Driver(SEATS, {"scenario": CRISIS}, seed=3)
    crises = g.state["public"]["crises"]
    assert [c["kind"] for c in crises] == ["civic"]
    assert crises[0]["counts"] == {"black": 1, "blue": 4, "red": 2, "white": 2}
    assert crises[0]["changes"] == {"blue": 3, "black": -3}
    assert {s: g.p(s)["prestige"] for s in SEATS} == {"black": 7, "blue": 13, "red": 10, "white": 10}
    assert g.state["round"] == 5


def test_15_crisis_repeats_in_round_5_while_the_marker_stays_in_the_zone():
    from domain.games.sylla import RULES

    g = Driver(SEATS, {"scenario": CRISIS, "crisis_zone_width": 2}, seed=3)
    while g.state["round"] == 5 and not g.state["finished"] and g.state["phase"] != "free_slaves":
        p = RULES.prompts(g.state)[0]
        choice = RULES.default_choice(g.state, p.seat)
        g.play(p.seat, choice)
        if g.state["tracks"]["civic"] > 1:
            pytest.skip("an event moved the Civic marker out of the zone")
    assert any(c["kind"] == "civic" for c in g.state["public"]["crises"])


END = {
    "round": 5, "phase": "ecclesia",
    "players": {"red": {"cards": ["III-SEN-C", "III-MER-C", "III-SLA-C", "III-SLA-P", "III-LEG-A"],
                        "tokens": {"health": 8, "leisure": 5, "civic": 3}, "denarii": 4}},
    "tracks": {"health": 3, "leisure": 3, "civic": 1},
}


def test_15_end_game_example_red_gains_54():
    g = Driver(SEATS, {"scenario": END}, seed=4)
    assert g.state["phase"] == "free_slaves"
    assert g.choices("red") == ["free-0", "free-1", "free-2"]
    assert g.prompt("black") is None  # nobody else has a face-up Slave
    g.play("red", "free-2")
    led = g.state["ledger"]["red"]
    assert (led["christians"], led["slaves"], led["tokens"]) == (6, 6, 42)
    assert g.p("red")["prestige"] - 10 == 54
    assert g.p("red")["denarii"] == 0
    assert g.state["finished"]
