"""Rules 5.1 (First Consul) and 5.2 (Recruitment), with edge cases 14.1-14.3 and 14.7."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.unit.sylla.sylla_unit import RULES, game, lines_for

SEN = {"red": ["I-SEN-P", "I-SEN-C"], "black": ["II-SEN-P"], "white": [], "yellow": ["IV-MER-P"]}


def consul_game(**kw):
    players = {s: {"cards": cards} for s, cards in SEN.items()}
    return game("first_consul_bidding", players, **kw)


def test_5_1_acting_order_previous_first_consul_opens_then_clockwise():
    g = consul_game(first_consul="white")
    assert g.state["ctx"]["order"] == ["white", "yellow", "red", "black"]
    assert g.prompt("white").kind == "consul_bid" and g.prompt("red") is None


def test_5_1_senator_votes_are_face_up_senators_and_bids_are_limited_to_senators_plus_denarii():
    g = consul_game()
    # red: 2 Senators + 3 denarii; the opener may bid 0..5
    assert g.choices("red") == [f"bid-{v}" for v in range(6)]
    g2 = game("first_consul_bidding", {"red": {"cards": SEN["red"], "down": {"I-SEN-C": "senate_treachery"}}},
              events=["senate_treachery", "famine", "epidemic"])
    assert g2.choices("red")[-1] == "bid-4"  # the face-down Senator does not vote


def test_14_1_opener_may_bid_zero_or_less_than_senators_at_no_cost():
    g = consul_game()
    g.play("red", "bid-1")
    for seat in ("black", "white", "yellow"):
        g.script([(seat, "pass")])
    assert g.state["fc"] == "red" and g.p("red")["denarii"] == 3


def test_5_1_others_speak_once_and_must_strictly_outbid_or_pass():
    g = consul_game()
    g.play("red", "bid-3")
    assert g.choices("black") == ["pass", "bid-4"]  # 1 Senator + 3 denarii
    g.play("black", "bid-4")
    assert g.choices("white") == ["pass"]  # white cannot reach 5 (0 Senators, 3 denarii)


def test_14_2_auction_bids_never_tie():
    g = consul_game()
    g.play("red", "bid-2")
    with pytest.raises(IllegalAction):
        g.play("black", "bid-2")


def test_14_3_a_bid_the_player_cannot_pay_is_refused():
    g = consul_game()
    with pytest.raises(IllegalAction):
        g.play("red", "bid-6")


def test_5_1_the_highest_bidder_pays_only_the_denarius_part_and_nobody_else_pays():
    g = consul_game()
    g.play("red", "bid-3")
    g.play("black", "bid-4")
    g.script([("white", "pass"), ("yellow", "pass")])
    assert g.state["fc"] == "black"
    assert g.p("black")["denarii"] == 0 and g.p("red")["denarii"] == 3 and g.p("yellow")["denarii"] == 4


def test_5_1_when_all_others_pass_the_opener_stays_and_pays_the_denarius_part():
    g = consul_game()
    g.play("red", "bid-4")
    g.auto()
    for seat in ("black", "white", "yellow"):  # white cannot outbid: asked all the same (forced by money)
        if g.prompt(seat):
            g.play(seat, "pass")
    assert g.state["fc"] == "red" and g.p("red")["denarii"] == 1


def test_5_1_senators_are_not_tilted_by_voting():
    g = consul_game()
    g.play("red", "bid-5")
    g.auto()
    assert not g.state["tilted"]


def test_5_1_first_consul_token_kind_is_announced_to_everybody():
    g = consul_game()
    g.play("red", "bid-0")
    g.script([("black", "pass"), ("white", "pass"), ("yellow", "pass")])
    assert g.prompt("red").kind == "consul_take_token"
    lines = lines_for(g, "red", "token-leisure", "black")
    assert "Red takes 1 Leisure token as First Consul." in lines
    assert g.p("red")["tokens"]["leisure"] == 1


def test_5_1_hunger_adds_the_food_symbols_in_play_capped_at_6():
    g = game("first_consul_bidding", events=["famine", "flood", "pillage"], tracks={"famine": 4})
    g.script([("red", "bid-0"), ("black", "pass"), ("white", "pass"), ("yellow", "pass"), ("red", "token-civic")])
    assert g.state["tracks"]["famine"] == 6  # 4 + 3 symbols, stopped at 6


def test_5_2_recruitment_is_mandatory_from_the_first_consul_clockwise():
    g = game("recruitment", first_consul="white")
    assert list(g.state["ctx"]["order"]) == ["white", "yellow", "red", "black"]
    p = g.prompt("white")
    assert p.kind == "recruit" and "pass" not in p.choice_ids() and len(p.choices) == 6


def test_5_2_leftover_cards_go_to_the_bottom_of_the_deck():
    g = game("recruitment")
    deck = list(g.state["char_deck"])
    display = list(g.state["display"])
    for seat in ("red", "black", "white", "yellow"):
        g.play(seat, g.choices(seat)[0])
    left = [c for c in display if not any(c in g.p(s)["cards"] for s in g.state["seats"])]
    assert g.state["char_deck"][:len(deck)] == deck
    assert sorted(g.state["char_deck"][len(deck):]) == sorted(left) and len(left) == 2
    assert g.state["display"] == [] and g.state["phase"] == "buildings_offer"


def test_14_7_recruited_cards_are_usable_from_phase_3_of_the_same_round():
    g = game("recruitment", display=["I-SLA-P", "II-SEN-P", "III-SEN-P", "IV-SEN-P", "I-MER-P", "II-MER-P"])
    g.script([("red", "i-sla-p"), ("black", "ii-sen-p"), ("white", "iii-sen-p"), ("yellow", "iv-sen-p")])
    g.play("red", "slot-1")
    g.play("black", "pass")
    g.play("white", "pass")
    g.play("yellow", "pass")
    assert "bid-1" in g.choices("red")  # the recruited Slave supports the red slot


def test_5_1_senators_count_even_if_tilted_when_a_round_starts_from_a_position():
    """In phase I every card is upright; face-up is what counts (rule 5.1)."""
    g = game("first_consul_bidding", {"red": {"cards": ["I-SEN-P"], "tilted": ["I-SEN-P"]}})
    assert g.choices("red")[-1] == "bid-4"


def test_5_1_prompt_ids_change_with_every_decision():
    g = consul_game()
    first = g.prompt("red").id
    g.play("red", "bid-0")
    assert g.prompt("black").id != first
    assert all(ch in "abcdefghijklmnopqrstuvwxyz0123456789._-" for ch in first)


def test_5_1_default_choice_is_the_lowest_bid_or_pass():
    g = consul_game()
    assert RULES.default_choice(g.state, "red") == "bid-0"
    g.play("red", "bid-0")
    assert RULES.default_choice(g.state, "black") == "pass"
