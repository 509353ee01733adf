"""Rule 11.1 (decision 51): the Revolution Phase's card play, one player at a time from the HRAO's faction
clockwise: Statesmen, Concessions to own Senators, discards, offers to other factions accepted or refused
by the receiver; the five-card hand limit; cards received cannot be played before the next Revolution Phase;
the hand stays secret (readings: revolution.py's docstring)."""
from __future__ import annotations

import json

import pytest

from domain import forms
from domain.forms import Form

from domain.games.republic_of_rome import RULES
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, asked, at_phase, bare,
                                                      make_state, narration, prompt_for, set_hand)


def table(hands: dict) -> dict:
    """Red: Cornelius (1) Rome Consul (the HRAO); Blue: Julius (4); Green: Claudius (5); the given hands."""
    s = bare(make_state(3, seed=1))
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    for seat, cards in hands.items():
        set_hand(s, seat, cards)
    return at_phase(s, "revolution", ScriptedRandom())


def keep_all(s: dict, seat: str, **more) -> dict:
    """The seat's default answer with every card kept, then `more` (its `cards` merged)."""
    values = json.loads(RULES.default_choice(s, seat))
    values["cards"] = {**{c: "keep" for c in values["cards"]}, **more.pop("cards", {})}
    return {**values, **more}


def test_11_1_the_card_play_goes_from_the_hrao_clockwise_and_skips_empty_hands():
    s = table({"red": ["con:mining"], "blue": [], "green": ["con:harbor_fees"]})
    assert s["step"] == "revolution_play_cards" and list(asked(s)) == ["red"]
    order = s["ctx"]["order"]
    assert order[0] == "red" and sorted(order) == ["blue", "green", "red"]
    s = answer(s, "red", keep_all(s, "red"))
    assert list(asked(s)) == ["green"]


def test_11_1_a_statesman_played_on_his_own_family_card_takes_the_senator_over():
    s = table({"red": ["st:1A"], "green": ["con:mining"]})
    s["senators"]["1"]["inf"] = 9  # Scipio Africanus prints 6: the higher Influence stays
    s = answer(s, "red", keep_all(s, "red", statesmen=["1A"]))
    x = s["senators"]["1"]
    assert x["statesman"] == "1A" and x["family"] == "1" and x["faction"] == "red" and x["inf"] == 9
    assert x["office"] == "rome_consul" and "st:1A" not in s["factions"]["red"]["hand"]


def test_11_1_a_statesman_of_an_opponents_family_is_not_offered():
    s = table({"blue": ["st:1A", "con:mining"]})
    s = answer(s, "red", keep_all(s, "red")) if "red" in asked(s) else s
    assert prompt_for(s, "blue").form.field("statesmen") is None


def test_11_1_concessions_go_to_own_senators_and_the_land_commissioner_waits_for_a_land_bill():
    s = table({"red": ["con:mining", "con:land_commissioner"]})
    form = prompt_for(s, "red").form
    assert [o.value for o in form.field("concessions").items] == ["mining"]
    assert [o.value for o in form.field("concessions").value.options] == ["keep", "1"]
    s = answer(s, "red", keep_all(s, "red", concessions={"mining": "1"}))
    assert s["senators"]["1"]["concessions"] == ["mining"] and s["factions"]["red"]["hand"] == ["con:land_commissioner"]


def test_11_1_a_card_cannot_be_played_and_discarded_at_once():
    s = table({"red": ["con:mining"]})
    with pytest.raises(IllegalAction):
        RULES.check_answer(s, "red", _json(keep_all(s, "red", concessions={"mining": "1"},
                                                    cards={"con:mining": "discard"})))


SEVEN = ["con:mining", "con:harbor_fees", "con:armaments", "con:ship_building", "int:tribune.1", "int:assassin.1",
         "int:blackmail.1"]


def test_11_1_no_more_than_five_cards_stay_in_hand_and_the_default_discards_the_last_drawn():
    s = table({"red": list(SEVEN)})
    with pytest.raises(IllegalAction, match="at most 5 cards"):
        RULES.check_answer(s, "red", _json(keep_all(s, "red")))
    before = s
    s = RULES.apply(s, "red", RULES.default_choice(s, "red"), ScriptedRandom())
    assert s["factions"]["red"]["hand"] == SEVEN[:5] and s["discard"][-2:] == SEVEN[5:]
    assert any("discards" in line and "Assassin" in line for line in narration(before, s, "blue"))  # spec 16: public


def test_11_1_an_offer_accepted_is_held_but_unplayable_until_the_next_revolution_phase():
    s = table({"red": ["con:mining"], "blue": ["con:harbor_fees"]})
    before = s
    s = answer(s, "red", keep_all(s, "red", cards={"con:mining": "give:blue"}))
    assert not any("Mining" in line for line in narration(before, s, "green"))  # which cards: the two parties only
    assert any("Mining" in line for line in narration(before, s, "blue"))
    assert any("offers 1 card to Blue" in line for line in narration(before, s, "green"))
    assert s["factions"]["blue"]["unplayable"] == ["con:mining"]
    assert prompt_for(s, "blue").form.field("concessions").items[0].value == "harbor_fees"  # mining not playable
    assert [o.value for o in prompt_for(s, "blue").form.field("cards").items] == ["con:harbor_fees"]
    s = answer(s, "blue", keep_all(s, "blue"))
    assert s["step"] == "revolution_accept_cards" and list(asked(s)) == ["blue"]
    s = answer(s, "blue", {"offered": {"con:mining": "accept"}, "discard": []})
    assert sorted(s["factions"]["blue"]["hand"]) == ["con:harbor_fees", "con:mining"]
    assert s["factions"]["blue"]["unplayable"] == ["con:mining"] and s["factions"]["red"]["hand"] == []
    s = at_phase(s, "revolution", ScriptedRandom())  # the next Revolution Phase: playable again
    assert s["factions"]["blue"]["unplayable"] == []


def test_11_1_a_refused_offer_goes_back_and_the_giver_discards_what_exceeds_five():
    s = table({"red": list(SEVEN[:6]), "blue": ["int:tribune.2", "int:tribune.3", "int:tribune.4", "int:assassin.2",
                                               "int:assassin.3"]})
    s = answer(s, "red", keep_all(s, "red", cards={"int:assassin.1": "give:blue"}))
    assert len(s["factions"]["red"]["hand"]) == 5
    s = answer(s, "blue", keep_all(s, "blue"))
    with pytest.raises(IllegalAction):  # six cards: blue must refuse or discard
        RULES.check_answer(s, "blue", _json({"offered": {"int:assassin.1": "accept"}, "discard": []}))
    s = RULES.apply(s, "blue", RULES.default_choice(s, "blue"), ScriptedRandom())  # refuses
    assert s["discard"][-1] == "int:assassin.1" and len(s["factions"]["red"]["hand"]) == 5
    assert s["step"] != "revolution_accept_cards"


def _json(values: dict) -> str:
    return forms.encode(values)


def test_11_1_the_card_form_opens_on_its_default_the_last_drawn_beyond_five_discarded():
    """The web page opens each field on the form's default: with seven cards, "Keep" on every card (the first
    option) is refused, so the form carries defaults.py's answer and that answer is accepted."""
    s = table({"red": list(SEVEN)})
    form = prompt_for(s, "red").form
    with pytest.raises(IllegalAction):
        RULES.check_answer(s, "red", forms.default_answer(Form(form.fields)))  # every card on "Keep"
    opened = forms.values_of(form, forms.default_answer(form))["cards"]
    assert [opened[c] for c in SEVEN] == ["keep"] * 5 + ["discard"] * 2
    RULES.check_answer(s, "red", forms.default_answer(form))


def test_11_1_the_acceptance_form_opens_on_refusing_the_offers():
    s = table({"red": list(SEVEN[:6]), "blue": list(SEVEN[6:])})
    s = answer(s, "red", keep_all(s, "red", cards={SEVEN[0]: "give:blue"}))
    while s["step"] == "revolution_play_cards":
        seat = next(iter(asked(s)))
        s = answer(s, seat, keep_all(s, seat))
    form = prompt_for(s, "blue").form
    assert forms.values_of(form, forms.default_answer(form))["offered"] == {SEVEN[0]: "refuse"}


def test_11_1_the_card_column_reads_what_to_do_in_the_revolution_and_the_redistribution():
    """Not "Cards in your hand: Card for each": the e-mail reads "What to do for each: 1. Keep, 2. Discard, ..."."""
    from domain.games.republic_of_rome.data import data_for
    from domain.games.republic_of_rome.redistribution import ANY_TIME, cards_field

    s = table({"red": list(SEVEN[:2])})
    field = prompt_for(s, "red").form.field("cards")
    assert str(field.value.label) == "What to do"
    guide = forms.reply_guide(prompt_for(s, "red").form)
    assert any(str(line).startswith("What to do for each: ") for f in guide["fields"] for line in f["lines"])
    s["options"] = {**s["options"], "card_trading": ANY_TIME}
    assert str(cards_field(s, data_for(s), "red").value.label) == "What to do"
