"""Rule 5.3 (Buildings), section 7 (the buildings' effects), edge cases 14.4-14.6, 14.31, 14.35, 14.40."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.unit.sylla.sylla_unit import RULES, game, lines_for

# slots 1-2 red, 3-4 yellow, 5-6 grey
SLOTS = ["B04", "B09", "B05", "B21", "B07", "B22"]  # Market, Temple | Market, Statue | Field, Bank
SLAVES = {"red": ["I-SLA-P", "I-SLA-C", "I-SEN-C"], "black": ["II-SLA-P", "II-VES-B"],
          "white": ["III-MER-C"], "yellow": []}


def build_game(slots=SLOTS, cards=SLAVES, **kw):
    return game("buildings", {s: {"cards": c} for s, c in cards.items()}, building_slots=slots, **kw)


def sell(g, offerer, slot, winner=None, bid=1, tilts=()):
    g.play(offerer, f"slot-{slot}")
    for seat in g.state["ctx"]["order"]:
        g.script([(seat, f"bid-{bid}" if seat == winner else "pass")])
    for card in tilts:
        g.play(winner, f"tilt-{card}")
    g.auto()


def test_5_3_the_first_consul_offers_first_and_may_offer_any_tile_14_5():
    g = build_game()
    assert g.prompt("red").kind == "offer_building"
    assert g.choices("red") == [f"slot-{i}" for i in range(1, 7)]
    g.play("red", "slot-6")  # red has no grey-supporting card but may still offer it
    assert g.state["ctx"]["order"] == ["black", "white", "yellow", "red"]


def test_5_3_the_sale_colour_is_the_slot_colour():
    g = build_game()
    g.play("red", "slot-3")  # yellow
    assert g.choices("black") == ["pass", "bid-1", "bid-2"]  # Slave + yellow Vestal
    g.play("black", "pass")
    assert g.choices("white") == ["pass"]  # a grey-only Merchant cannot bid on yellow


def test_5_3_bids_start_at_1_and_are_capped_by_eligible_cards_14_3():
    g = build_game()
    g.play("red", "slot-1")
    assert g.choices("black") == ["pass", "bid-1"]
    with pytest.raises(IllegalAction):
        g.play("black", "bid-0")
    with pytest.raises(IllegalAction):
        g.play("black", "bid-2")


def test_14_6_a_card_counts_once_in_an_auction_whatever_it_shows():
    g = build_game()
    g.play("red", "slot-1")
    g.script([("black", "pass"), ("white", "pass"), ("yellow", "pass")])
    assert g.choices("red")[-1] == "bid-3"  # 2 Slaves (all colours) + red Senator: one each


def test_14_4_a_building_nobody_bids_on_is_removed_counts_as_a_sale_and_the_same_offerer_continues():
    g = build_game()
    sell(g, "red", 4)
    assert "B21" in g.state["tiles_out"] and g.state["slots"][3] is None
    assert g.state["ctx"]["sales"] == 1 and g.state["ctx"]["offerer"] == "red"


def test_14_4_option_unsold_building_offerer_next_passes_the_offer_clockwise():
    g = build_game(options={"unsold_building_offerer": "next"})
    sell(g, "red", 4)
    assert g.state["ctx"]["offerer"] == "black"


def test_5_3_the_winner_tilts_exactly_n_eligible_cards_then_offers_next_and_bids_last():
    g = build_game()
    sell(g, "red", 1, winner="red", bid=2)
    prompt = g.prompt("red")
    assert prompt.kind == "pay_building"
    field = prompt.form.fields[0]  # one decision: exactly 2 of the 3 eligible cards
    assert [o.value for o in field.options] == ["i-sla-p", "i-sla-c", "i-sen-c"] and field.min == field.max == 2
    g.play("red", '{"cards":["i-sla-c","i-sen-c"]}')
    assert set(g.state["tilted"]) == {"I-SLA-C", "I-SEN-C"}
    assert "B04" in g.p("red")["tiles"] and g.state["ctx"]["offerer"] == "red"


def test_5_3_the_rules_refuse_a_payment_of_the_wrong_size_or_with_a_card_twice():
    g = build_game()
    sell(g, "red", 1, winner="red", bid=2)
    for bad in ('{"cards":["i-sla-c"]}', '{"cards":["i-sla-c","i-sla-p","i-sen-c"]}', '{"cards":["i-sla-c","i-sla-c"]}'):
        with pytest.raises(IllegalAction):
            g.play("red", bad)
    with pytest.raises(IllegalAction) as refused:  # the step's own check of the whole payment
        RULES.check_answer(g.state, "red", '{"cards":["i-sla-c"]}')
    assert "2" in str(refused.value.reason)
    assert not g.state["tilted"]


def test_5_3_compatibility_reading_old_games_paid_one_card_per_decision():
    g = build_game()
    sell(g, "red", 1, winner="red", bid=2)
    g.play("red", "tilt-i-sla-c")  # a recorded game's per-card id is still legal
    assert g.state["ctx"]["to_pay"] == 1 and g.prompt("red").form.fields[0].min == 1
    g.play("red", "tilt-i-sen-c")
    assert set(g.state["tilted"]) == {"I-SLA-C", "I-SEN-C"}
    assert "B04" in g.p("red")["tiles"]


def test_5_3_payment_is_automatic_when_exactly_n_cards_are_eligible():
    g = build_game()
    g.play("red", "slot-3")
    g.play("black", "bid-2")
    g.script([("white", "pass"), ("yellow", "pass"), ("red", "pass")])
    assert g.state["tilted"] == {"II-SLA-P": True, "II-VES-B": True}
    assert g.state["ctx"]["offerer"] == "black"


def test_5_3_tilted_cards_cannot_pay_for_another_building():
    g = build_game()
    sell(g, "red", 1, winner="red", bid=2, tilts=("i-sla-p", "i-sla-c"))
    g.play("red", "slot-2")
    g.script([("black", "pass"), ("white", "pass"), ("yellow", "pass")])
    assert g.choices("red") == ["pass", "bid-1"]  # only the red Senator is still upright


def test_5_3_after_the_fifth_sale_the_tile_left_is_removed_14_35():
    g = build_game()
    for slot in (1, 2, 3, 4, 5):
        sell(g, "red", slot)
    assert g.state["phase"] != "buildings_offer"
    assert sorted(g.state["tiles_out"]) == sorted(SLOTS)
    assert g.state["slots"] == [None] * 6


def test_11_three_players_put_4_tiles_up_for_sale_and_2_are_removed_unsold():
    g = game("buildings", seats=["red", "black", "white"], building_slots=SLOTS)
    for slot in (1, 2, 3, 4):
        sell(g, "red", slot)
    assert g.state["slots"] == [None] * 6 and len(g.state["tiles_out"]) == 6


@pytest.mark.parametrize("slot,tile_type", [(1, "market"), (2, "private_temple"), (5, "field")])
def test_7_kept_buildings_go_face_up_into_the_buyers_area(slot, tile_type):
    g = build_game()
    sell(g, "red", slot, winner="red", bid=1, tilts=("i-sla-p",))
    tile = SLOTS[slot - 1]
    assert tile in g.p("red")["tiles"] and tile not in g.state["down"]


def test_7_tavern_is_kept():
    g = build_game(slots=["B11", None, None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert "B11" in g.p("red")["tiles"]


def test_7_triumphal_arch_gives_6_prestige_and_is_discarded():
    g = build_game(slots=["B28", "B30", None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert g.p("red")["prestige"] == 16 and "B28" in g.state["tiles_out"] and not g.p("red")["tiles"]
    assert g.state["ledger"]["red"]["buildings"] == 6


def test_7_statue_gives_4_prestige_and_is_discarded():
    g = build_game(slots=["B30", None, None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert g.p("red")["prestige"] == 14 and "B30" in g.state["tiles_out"]


def test_7_bank_gives_5_denarii_and_is_discarded():
    g = build_game(slots=["B22", "B30", None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert g.p("red")["denarii"] == 8 and "B22" in g.state["tiles_out"]


def test_14_40_insula_buyer_chooses_two_tokens_repeats_allowed():
    g = build_game(slots=["B12", None, None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    p = g.prompt("red")
    assert p.kind == "choose_insula_tokens" and len(p.choices) == 6
    assert "tokens-civic-civic" in p.choice_ids() and "tokens-civic-health" in p.choice_ids()
    g.play("red", "tokens-health-health")
    assert g.p("red")["tokens"] == {"civic": 0, "health": 2, "leisure": 0} and "B12" in g.state["tiles_out"]


def test_14_40_insula_kinds_printed_on_the_tile_come_from_data():
    over = {"building_types": {"insula": {"token_choice": ["civic", "leisure"]}}}
    g = build_game(slots=["B12", "B30", None, None, None, None], options={"data_overrides": over})
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert g.p("red")["tokens"] == {"civic": 1, "health": 0, "leisure": 1}
    assert g.state["phase"] != "buildings_insula"  # nothing to choose


def test_7_5_crane_gives_a_tilted_crane_card_usable_next_round_for_any_colour_14_31():
    g = build_game(slots=["B01", None, None, None, None, None])
    sell(g, "red", 1, winner="red", bid=1, tilts=("i-sla-p",))
    assert g.p("red")["cranes"] == ["CRANE-1"] and g.state["tilted"]["CRANE-1"]
    assert "B01" in g.state["tiles_out"]
    g2 = build_game(cards={"red": [], "black": [], "white": [], "yellow": []})
    g2.state["players"]["red"]["cranes"] = ["CRANE-1"]
    g2.state["cranes"] = ["CRANE-2", "CRANE-3"]
    for slot in (1, 3, 5):  # red, yellow, grey: the Crane card bids in every colour
        g2.play("red", f"slot-{slot}")
        g2.script([("black", "pass"), ("white", "pass"), ("yellow", "pass")])
        assert g2.choices("red") == ["pass", "bid-1"]
        g2.play("red", "pass")


def test_7_5_a_crane_card_used_to_pay_is_tilted():
    g = build_game(cards={"red": [], "black": [], "white": [], "yellow": []})
    g.state["players"]["red"]["cranes"] = ["CRANE-2"]
    g.state["cranes"] = ["CRANE-1", "CRANE-3"]
    sell(g, "red", 5, winner="red", bid=1)
    assert g.state["tilted"] == {"CRANE-2": True}


def test_5_3_narration_of_a_sale_names_the_cards_tilted():
    g = build_game()
    g.play("red", "slot-1")
    g.play("black", "bid-1")
    g.play("white", "pass")
    g.play("yellow", "pass")
    g.play("red", "pass")
    assert g.choices("black") == ["tilt-all"]
    lines = lines_for(g, "black", "tilt-all", "white")
    assert lines[:2] == ["Black tilts Slave (red/yellow/grey).", "Black takes the Market stall."]
    assert RULES.default_choice(g.state, "black") == "slot-2"
