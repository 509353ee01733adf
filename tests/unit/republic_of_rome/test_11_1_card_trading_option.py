"""Rule 11.1 / spec 17.2 item 7, option `card_trading`: at the Avalon Hill value cards may also change hands
outside the Revolution Phase, and a card so received cannot be played before the next Revolution Phase. Reading
(redistribution.py): the Redistribution's sealed form offers the hand's cards to other factions; once it is
revealed the receivers accept or refuse in the Revolution Phase's acceptance step; who offers how many cards
to whom is public, which cards only the two parties know. At the Valley Games value the field is absent."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.card_play import hand_cards
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, answer_defaults, asked,
                                                      at_phase, bare, make_state, narration, prompt_for, set_hand)

BASE = make_state(3, seed=4)
RED, BLUE, GREEN = BASE["seats"]
AH, VG = "any_time_unplayable_until_next_revolution_phase", "revolution_phase_only"


def redistribution(trading: str = AH, hands: dict | None = None) -> dict:
    """Red: Cornelius (1), Fabius (2); Blue: Valerius (3), Julius (4); Green: Claudius (5), Manlius (6); at the
    Redistribution, Red holding the Mining and Harbor Fees Concessions, Blue the Armaments."""
    s = bare(BASE)
    s["options"] = {**s["options"], "card_trading": trading}
    for seat, (leader, other) in ((RED, ("1", "2")), (BLUE, ("3", "4")), (GREEN, ("5", "6"))):
        add_senator(s, leader, seat, leader=True)
        add_senator(s, other, seat)
    s["treasury"] = 100
    for seat, cards in (hands or {RED: ["con:mining", "con:harbor_fees"], BLUE: ["con:armaments"]}).items():
        set_hand(s, seat, cards)
    s = at_phase(s, "revenue", ScriptedRandom(strict=True))
    for _ in range(20):
        if s["step"] == "revenue_redistribution":
            return s
        s = answer_defaults(s, ScriptedRandom(strict=True))
    raise AssertionError("no redistribution")


def offer_mining_to_blue(s: dict) -> dict:
    s = answer(s, RED, {"transfers": [], "cards": {"con:mining": "give:" + BLUE, "con:harbor_fees": "keep"}})
    return answer_defaults(s)


def test_11_1_ah_the_redistribution_form_offers_each_hand_card_to_keep_or_give_to_another_faction():
    form = prompt_for(redistribution(), RED).form
    cards = form.field("cards")
    assert [o.value for o in cards.items] == ["con:mining", "con:harbor_fees"]
    assert [o.value for o in cards.value.options] == ["keep", "give:" + BLUE, "give:" + GREEN]
    assert prompt_for(redistribution(), GREEN).form.field("cards") is None  # an empty hand: no field


def test_11_1_vg_the_redistribution_form_has_no_card_field():
    s = redistribution(VG)
    assert all(p.form.field("cards") is None for p in asked(s).values())
    s = answer_defaults(s)
    assert s["factions"][RED]["hand"] == ["con:mining", "con:harbor_fees"] and s["phase"] == "forum"


def test_11_1_ah_an_accepted_card_is_unplayable_until_the_next_revolution_phase_then_playable():
    s = offer_mining_to_blue(redistribution())
    assert s["step"] == "revolution_accept_cards" and list(asked(s)) == [BLUE]
    assert "con:mining" in s["factions"][BLUE]["hand"] and "con:mining" not in s["factions"][RED]["hand"]
    form = prompt_for(s, BLUE).form
    assert [o.value for o in form.field("offered").items] == ["con:mining"] and form.field("discard") is None
    s = answer(s, BLUE, {"offered": {"con:mining": "accept"}})
    assert s["phase"] == "forum" and "calls" not in s  # the nested step returned; the Revenue Phase ended
    assert sorted(s["factions"][BLUE]["hand"]) == ["con:armaments", "con:mining"]
    assert s["factions"][BLUE]["unplayable"] == ["con:mining"]
    assert hand_cards(s, BLUE, "con") == ["con:armaments"]
    RULES.check_invariants(s)
    s = at_phase(s, "revolution", ScriptedRandom())
    assert s["factions"][BLUE]["unplayable"] == [] and "con:mining" in hand_cards(s, BLUE, "con")


def test_11_1_ah_a_refused_card_goes_back_to_the_giver_playable():
    s = offer_mining_to_blue(redistribution())
    s = RULES.apply(s, BLUE, RULES.default_choice(s, BLUE), ScriptedRandom())  # the default refuses
    assert s["phase"] == "forum"
    assert sorted(s["factions"][RED]["hand"]) == ["con:harbor_fees", "con:mining"]
    assert s["factions"][RED]["unplayable"] == [] and s["factions"][BLUE]["hand"] == ["con:armaments"]


def test_11_1_ah_the_money_s_second_round_follows_the_cards_answers():
    s = redistribution()
    s["factions"][RED]["treasury"] = 10
    s = answer(s, RED, {"transfers": [{"source": "faction", "target": "faction:" + BLUE, "amount": 5}],
                        "cards": {"con:mining": "give:" + BLUE, "con:harbor_fees": "keep"}})
    s = answer_defaults(s)
    assert s["step"] == "revolution_accept_cards" and s["factions"][BLUE]["treasury"] == 5
    s = answer(s, BLUE, {"offered": {"con:mining": "accept"}})
    assert s["step"] == "revenue_redistribution_received" and list(asked(s)) == [BLUE]


def test_11_1_ah_a_third_faction_learns_only_how_many_cards_were_offered():
    s = redistribution()
    s = answer(s, RED, {"transfers": [], "cards": {"con:mining": "give:" + BLUE, "con:harbor_fees": "keep"}})
    before = s
    s = answer_defaults(s)
    green, blue = narration(before, s, GREEN), narration(before, s, BLUE)
    assert any("offers 1 card to" in line for line in green)
    assert not any("Mining" in line for line in green)
    assert any("Mining" in line for line in blue)
    before = s
    s = answer(s, BLUE, {"offered": {"con:mining": "accept"}})
    assert not any("Mining" in line for line in narration(before, s, GREEN))
    assert any("accepts 1" in line for line in narration(before, s, GREEN))


def test_11_1_ah_no_hand_limit_outside_the_revolution_phase():
    six = ["int:tribune.2", "int:tribune.3", "int:tribune.4", "int:assassin.2", "int:assassin.3", "int:blackmail.1"]
    s = redistribution(hands={RED: ["con:mining"], BLUE: six})
    s = answer_defaults(answer(s, RED, {"transfers": [], "cards": {"con:mining": "give:" + BLUE}}))
    s = answer(s, BLUE, {"offered": {"con:mining": "accept"}})
    assert len(s["factions"][BLUE]["hand"]) == 7 and s["phase"] == "forum"


def test_11_1_ah_a_card_still_unplayable_comes_back_unplayable_when_refused():
    s = redistribution()
    s["factions"][RED]["unplayable"] = ["con:mining"]  # received at the last Revolution Phase
    s = offer_mining_to_blue(s)
    s = answer(s, BLUE, {"offered": {"con:mining": "refuse"}})
    assert s["factions"][RED]["unplayable"] == ["con:mining"] and "con:mining" in s["factions"][RED]["hand"]
