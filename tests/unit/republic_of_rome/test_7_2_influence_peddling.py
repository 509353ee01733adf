"""Rule 14, Influence Peddling, offered in the Forum's forms its holder answers (peddling.py): the last form of
his Initiative and his counter-bribe forms. A random card of the chosen opponent's hand changes hands; only
the two of them read which (spec 16)."""
from __future__ import annotations

import copy

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.machine import FORM, STATES
from tests.scenario.republic_of_rome.forum_position import forum, notes, phase_ends_here, roll, table
from tests.scenario.republic_of_rome.position import add_senator, answer, asked, narration, set_hand

PEDDLING = "int:influence_peddling.1"


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


def position() -> dict:
    """Red (HRAO) holds Influence Peddling; Blue holds Mining and Cato; Green nothing; every faction one
    Senator, its leader (nobody can be persuaded)."""
    s = table(3)
    for seat, sid in zip(s["seats"], ("1", "2", "4")):
        add_senator(s, sid, seat, leader=True, talents=10, office="rome_consul" if seat == "red" else None)
    set_hand(s, "red", [PEDDLING])
    set_hand(s, "blue", ["con:mining", "st:22A"])
    return s


def at_actions(s: dict, picks=()) -> tuple[dict, object]:
    s, rng = forum(s, dice=[3, 5], picks=picks)  # 8: Red draws a Tribune
    s = roll(s, "red", rng)
    assert s["step"] == "forum_initiative_actions"
    return s, rng


def defaults(s: dict, seat: str) -> dict:
    """What a missed deadline plays, as values."""
    return STATES[s["step"]].default(s, data_for(s), seat, [FORM])


def peddle_field(s: dict, seat: str):
    return next((f for f in asked(s)[seat].form.fields if f.name == "peddle"), None)


def test_14_the_holder_s_initiative_form_offers_the_opponents_with_cards():
    s, rng = at_actions(position())
    field = peddle_field(s, "red")
    assert [o.value for o in field.options] == ["none", "blue"]  # Green has no card
    assert defaults(s, "red")["peddle"] == "none"  # a missed deadline plays none
    s2, _ = at_actions(position())
    s2["factions"]["red"]["unplayable"] = [PEDDLING]  # received by trade: it waits (Rule 11.1)
    assert peddle_field(s2, "red") is None


def test_14_a_random_card_of_the_victim_changes_hands_and_the_peddling_card_is_discarded():
    s, rng = at_actions(position(), picks=[1])
    s = answer(s, "red", {**defaults(s, "red"), "peddle": "blue"}, rng)
    assert s["factions"]["blue"]["hand"] == ["con:mining"]
    assert "st:22A" in s["factions"]["red"]["hand"] and PEDDLING not in s["factions"]["red"]["hand"]
    assert PEDDLING in s["discard"] and notes(s, "influence_peddling")


def test_16_only_the_taker_and_the_victim_read_which_card_changed_hands():
    before, rng = at_actions(position(), picks=[1])
    choice = {**defaults(before, "red"), "peddle": "blue"}
    after = answer(before, "red", choice, rng)
    assert any("Cato" in line for line in narration(before, after, "red"))
    assert any("Cato" in line for line in narration(before, after, "blue"))
    green = narration(before, after, "green")
    assert any("Influence Peddling" in line for line in green) and not any("Cato" in line for line in green)
    other = copy.deepcopy(before)
    other["factions"]["blue"]["hand"] = ["con:mining", "con:armaments"]
    other_after = answer(other, "red", choice, type(rng)(picks=[1]))
    assert narration(other, other_after, "green") == green  # Green learns nothing of Blue's hand


def test_14_the_initiative_form_is_not_asked_for_the_card_alone():
    s = position()
    s["senators"] = {sid: x for sid, x in s["senators"].items() if x["faction"] != "red"}
    s["factions"]["red"]["leader"] = None
    s["senators"]["2"]["office"] = "rome_consul"
    s, rng = forum(s, dice=[3, 5] * 3)  # Blue (the HRAO's faction) and Green first, then Red
    while s["ctx"].get("initiator") != "red" or s["step"] != "forum_initiative_roll":
        seat = RULES.prompts(s)[0].seat
        s = answer(s, seat, RULES.default_choice(s, seat), rng)
    s = roll(s, "red", rng)
    assert s["step"] != "forum_initiative_actions" and PEDDLING in s["factions"]["red"]["hand"]


def test_14_the_holder_may_peddle_in_his_counter_bribe_form():
    s = position()
    set_hand(s, "red", [])
    set_hand(s, "green", [PEDDLING])
    add_senator(s, "5", None)  # Claudius, unaligned: Red persuades him
    s["senators"]["1"]["talents"] = 10
    s, rng = forum(s, dice=[3, 5, 6, 6], picks=[0])
    s = roll(s, "red", rng)
    s = answer(s, "red", {"persuader": "1", "target": "5", "bribe": 1}, rng)
    assert peddle_field(s, "blue") is None
    s = answer(s, "blue", {"amount": 0}, rng)
    assert [o.value for o in peddle_field(s, "green").options] == ["none", "red", "blue"]
    assert defaults(s, "green") == {"amount": 0, "peddle": "none"}
    s = answer(s, "green", {"amount": 0, "peddle": "blue"}, rng)
    assert s["factions"]["green"]["hand"] == ["con:mining"] and s["factions"]["blue"]["hand"] == ["st:22A"]
