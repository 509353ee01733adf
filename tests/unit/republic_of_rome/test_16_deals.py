"""Rule 16, public deals (deals.py): recorded at the start of the Revolution Phase in one sealed round (nothing
happening costs that one round only), confirmed by the other party, claimed from the next Revolution Phase on,
ruled on by the factions not party to it (abstentions not counted), voided by the wronged party: the cards he
gave still in the other's hand come back, the talents he promised are no longer owed. Which cards, only the
two parties are told."""
from __future__ import annotations

import json

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.turn import start_phase
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, answer_defaults, asked,
                                                      bare, edit, make_state, narration, prompt_for, set_hand)

RED_CARDS, BLUE_CARDS = ["con:mining", "con:harbor_fees"], ["con:armaments"]


def table(hands: dict, deals: list | None = None) -> dict:
    """Four factions (Red holds the HRAO), the given hands, at the start of the Revolution Phase's deals."""
    s = bare(make_state(4, seed=1))
    for seat, sid in zip(s["seats"], ("1", "4", "5", "7")):
        add_senator(s, sid, seat, leader=True, office="rome_consul" if seat == "red" else None)
    for seat, cards in hands.items():
        set_hand(s, seat, cards)
    if deals is not None:
        s["deals"] = deals
    s = edit(s)
    s["notes"], s["sealed"], s["ctx"] = [], {}, {}
    start_phase(s, data_for(s), "revolution", ScriptedRandom())
    assert s["step"] == "revolution_public_deals"
    return s


def nothing(s: dict, seat: str) -> dict:
    return json.loads(RULES.default_choice(s, seat))


def all_answer(s: dict, **answers: dict) -> dict:
    """Every faction's sealed answer: the given ones, the default for the others."""
    for seat in list(s["seats"]):
        s = answer(s, seat, answers.get(seat) or nothing(s, seat))
        RULES.check_invariants(s)
    return s


def propose(s: dict, seat: str, to: str, cards: list[str], give: int = 0, get: int = 0) -> dict:
    return {**nothing(s, seat), "act": f"deal:{to}", "cards": cards, "give": give, "get": get}


def earlier_deal(given_by_red: list[str], red_promise: int = 4, blue_promise: int = 1) -> dict:
    return {"id": 1, "turn": 0, "parties": ["red", "blue"], "cards": {"red": given_by_red, "blue": []},
            "talents": {"red": red_promise, "blue": blue_promise}, "claimed": [], "voided_by": []}


def test_16_nothing_recorded_nor_claimed_costs_one_sealed_round():
    s = table({"red": RED_CARDS, "blue": BLUE_CARDS})
    assert set(asked(s)) == set(s["seats"]) and all(p.secret for p in asked(s).values())
    s = all_answer(s)
    assert s["step"] == "revolution_play_cards" and not s.get("deals")


def test_16_a_recorded_deal_moves_the_cards_at_once_unplayable_and_records_the_promises():
    start = table({"red": RED_CARDS, "blue": BLUE_CARDS})
    s = all_answer(start, red=propose(start, "red", "blue", ["con:mining"], give=3, get=2))
    assert list(asked(s)) == ["blue"] and "Mining" in prompt_for(s, "blue").text
    assert s["factions"]["blue"]["unplayable"] == ["con:mining"], "offered: in Blue's hand until he answers"
    assert "con:mining" not in [o.value for o in prompt_for(s, "blue").form.field("cards").options]
    revealed = narration(answer_defaults(start, but=["red"]), s, "blue")
    assert any("Mining" in line for line in revealed)
    before = s
    s = answer(s, "blue", {"answer": "accept", "cards": ["con:armaments"]})
    RULES.check_invariants(s)
    [deal] = s["deals"]
    assert deal["parties"] == ["red", "blue"] and deal["talents"] == {"red": 3, "blue": 2}
    assert "con:mining" in s["factions"]["blue"]["hand"] and s["factions"]["blue"]["unplayable"] == ["con:mining"]
    assert "con:armaments" in s["factions"]["red"]["unplayable"] and "con:mining" not in s["factions"]["red"]["hand"]
    assert s["step"] == "revolution_play_cards"
    [row] = RULES.view(s, "green")["deals"]
    assert row["owed"] == {"red": 3, "blue": 2} and row["cards"] == {"red": 1, "blue": 1}
    assert row["due_turn"] == s["turn"] + 1
    assert "Armaments" in " ".join(narration(before, s, "red"))
    for viewer in ("green", None):
        told = " ".join(narration(before, s, viewer)) + json.dumps(RULES.view(s, viewer)["deals"])
        assert "Mining" not in told and "Armaments" not in told and "Deal 1 between Red and Blue" in told


def test_16_a_refused_deal_moves_nothing_and_records_nothing():
    s = table({"red": RED_CARDS, "blue": BLUE_CARDS})
    s = all_answer(s, red=propose(s, "red", "blue", ["con:mining"], give=3))
    s = answer(s, "blue", json.loads(RULES.default_choice(s, "blue")))  # the default refuses
    assert not s.get("deals") and sorted(s["factions"]["red"]["hand"]) == sorted(RED_CARDS)
    assert s["factions"]["red"]["unplayable"] == [] and s["factions"]["blue"]["hand"] == BLUE_CARDS
    assert s["step"] == "revolution_play_cards"


def test_16_a_deal_needs_terms_and_terms_need_a_deal():
    s = table({"red": RED_CARDS})
    for values in (propose(s, "red", "blue", []), {**nothing(s, "red"), "give": 2}):
        with pytest.raises(IllegalAction):
            answer(s, "red", values)


def test_16_only_a_party_claims_and_only_a_deal_of_an_earlier_turn():
    s = table({"blue": ["con:mining"]}, [earlier_deal(["con:mining"]), {**earlier_deal([]), "id": 2, "turn": 1}])
    claims = [o.value for o in prompt_for(s, "red").form.field("act").options if o.value.startswith("claim:")]
    assert claims == ["claim:1"]
    assert not [o for o in prompt_for(s, "green").form.field("act").options if o.value.startswith("claim:")]


def claimed(s: dict, green: str, yellow: str) -> dict:
    s = all_answer(s, red={**nothing(s, "red"), "act": "claim:1"})
    assert s["step"] == "revolution_deal_ruling" and set(asked(s)) == {"green", "yellow"}
    for seat, ruling in (("green", green), ("yellow", yellow)):
        s = answer(s, seat, {"rulings": {"1:red": ruling}})
        RULES.check_invariants(s)
    return s


def test_16_a_majority_for_breach_lets_the_wronged_party_void_and_take_back_his_unplayed_cards():
    s = table({"blue": ["con:mining", "int:tribune.1"]}, [earlier_deal(["con:mining", "con:harbor_fees"])])
    s["discard"] = s["discard"] + ["con:harbor_fees"]  # Blue no longer holds this one
    s = claimed(s, "breach", "abstain")  # abstentions are not counted
    assert list(asked(s)) == ["red"] and s["step"] == "revolution_deal_void"
    s = answer(s, "red", "void")
    RULES.check_invariants(s)
    assert s["factions"]["red"]["hand"] == ["con:mining"] and s["factions"]["red"]["unplayable"] == []
    assert s["factions"]["blue"]["hand"] == ["int:tribune.1"]
    [row] = RULES.view(s, None)["deals"]
    assert row["owed"] == {"red": 0, "blue": 1} and row["voided_by"] == ["red"]
    assert s["step"] == "revolution_play_cards"


def test_16_a_minority_or_a_tie_for_breach_does_nothing():
    s = table({"blue": ["con:mining"]}, [earlier_deal(["con:mining"])])
    s = claimed(s, "breach", "kept")
    assert s["step"] == "revolution_play_cards" and s["factions"]["blue"]["hand"] == ["con:mining"]
    [row] = RULES.view(s, None)["deals"]
    assert row["owed"] == {"red": 4, "blue": 1} and row["claimed"] == ["red"] and not row["voided_by"]
    assert not [o for o in prompt_for(table({}, s["deals"]), "red").form.field("act").options
                if o.value.startswith("claim:")], "a deal is claimed once by each party"


def test_16_the_claimant_may_let_an_upheld_deal_stand():
    s = table({"blue": ["con:mining"]}, [earlier_deal(["con:mining"])])
    s = answer(claimed(s, "breach", "breach"), "red", "keep")
    assert s["factions"]["blue"]["hand"] == ["con:mining"] and RULES.view(s, None)["deals"][0]["owed"]["red"] == 4


def test_16_the_sealed_proposals_show_nobody_else_anything_before_the_reveal():
    s = table({"red": RED_CARDS, "blue": BLUE_CARDS})
    before = s
    s = answer(s, "red", propose(s, "red", "blue", ["con:mining"], give=3))
    for viewer in ("blue", "green", None):
        assert RULES.view(s, viewer)["deals"] == [] and not narration(before, s, viewer)
    s = answer_defaults(s)
    assert s["step"] == "revolution_deal_confirm"


def deal_answer(s: dict, prompt, rng) -> str | None:
    """For the deal steps, an answer that random form filling would almost never find: a claim (its terms
    empty) or a small deal; None for every other step."""
    from domain import forms

    if prompt.kind == "public_deal":
        acts = [o.value for o in prompt.form.field("act").options]
        act = rng.choice([a for a in acts if a.startswith("claim:")] or acts)
        values = {**nothing(s, prompt.seat), "act": act}
        if act.startswith("deal:"):
            hand = s["factions"][prompt.seat]["hand"]
            values.update(cards=hand[:rng.randrange(len(hand) + 1)], give=rng.randrange(4), get=rng.randrange(4) + 1)
        return forms.encode(values)
    return None


@pytest.mark.parametrize("seed", (1, 2, 4, 7))  # seeds whose games reach turn 4 with a ruling
def test_16_random_turns_with_deals_claims_rulings_and_voids_keep_the_invariants(seed):
    """Random play (the bot's random form answers; claims chosen whenever one is open), invariants after every
    step, every card still in one place (the card-count invariant is on in a game from setup)."""
    import random

    from domain import forms

    rng = random.Random(seed)
    s, kinds = make_state(3 + seed % 3, seed), set()
    while not s["finished"] and s["turn"] <= 4:
        prompt = rng.choice(RULES.prompts(s))
        kinds.add(prompt.kind)
        choice = deal_answer(s, prompt, rng) or (forms.random_legal(RULES, s, prompt, rng) if prompt.form
                                                 else rng.choice(prompt.choices).id)
        try:
            s = RULES.apply(s, prompt.seat, choice, rng)
        except IllegalAction:
            s = RULES.apply(s, prompt.seat, RULES.default_choice(s, prompt.seat), rng)
        RULES.check_invariants(s)
    if s["turn"] > 3:
        assert {"public_deal", "confirm_deal", "rule_on_breach"} <= kinds, kinds


def test_16_the_board_shows_the_proposal_the_claims_and_what_is_owed_at_the_redistribution():
    from domain.games.republic_of_rome.deals import promises_due

    s = table({"red": RED_CARDS, "blue": BLUE_CARDS})
    s = all_answer(s, red=propose(s, "red", "blue", ["con:mining"], give=3, get=2))
    assert RULES.view(s, None)["situation"] == [
        "Red proposes a public deal to Blue: 1 card now, 3 T promised by Red and 2 T by Blue at the next "
        "Redistribution."]
    s = answer(s, "blue", {"answer": "accept", "cards": []})
    assert promises_due(s) == []  # due at the next turn's Redistribution
    s["turn"] += 1
    assert promises_due(s) == ["Deal 1: Red promised Blue 3 T at this Redistribution.",
                               "Deal 1: Blue promised Red 2 T at this Redistribution."]
    s["deals"] = [{**s["deals"][0], "claimed": ["blue"], "voided_by": ["blue"]}]
    assert promises_due(s) == ["Deal 1: Red promised Blue 3 T at this Redistribution."]
