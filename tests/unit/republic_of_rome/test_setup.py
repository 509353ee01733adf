"""Setup (Rule 3.4, 3.7, 3.8) and playing Statesmen and Concessions (Rule 11.1): one sealed form per player for
the Faction Leader and the initial card play, revealed together, then turn 1."""
from __future__ import annotations

import random

import pytest

from domain import forms
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.card_play import (family_card_arrives, play_statesman, playable_statesmen,
                                                     statesman_playable)
from domain.games.republic_of_rome.data import data_for
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import SEATS, answer, edit, put_senator

D_SEATS = list(SEATS[:3])


def new_game(seed: int = 5) -> dict:
    return RULES.setup(D_SEATS, {}, random.Random(seed))


def owner(s: dict, sid: str) -> str:
    return s["senators"][sid]["faction"]


def take(s: dict, card: str) -> None:
    """Take `card` out of the deck or the hand that holds it."""
    s["deck"] = [c for c in s["deck"] if c != card]
    for f in s["factions"].values():
        f["hand"] = [c for c in f["hand"] if c != card]


def give(s: dict, seat: str, card: str) -> None:
    """Move `card` from the deck (or another hand) into `seat`'s hand: every card stays in one place."""
    take(s, card)
    s["factions"][seat]["hand"] = s["factions"][seat]["hand"] + [card]


def hand_back(s: dict, seat: str) -> None:
    """Empty `seat`'s hand onto the deck."""
    s["deck"] = s["deck"] + s["factions"][seat]["hand"]
    s["factions"][seat]["hand"] = []


def move_senator(s: dict, sid: str, seat: str | None) -> None:
    s["senators"][sid]["faction"] = seat
    for f in s["factions"].values():
        if f["leader"] == sid:
            f["leader"] = None


def with_family(seat: str, fid: str, seed: int = 5) -> dict:
    """A new game where `seat` holds Family `fid` among its Senators (taken from whoever was dealt it, or from
    the deck), the Temporary Rome Consul kept where he is."""
    s = edit(new_game(seed))
    if fid not in s["senators"]:
        s["deck"] = [c for c in s["deck"] if c != f"sen:{fid}"]
        victim = next(sid for sid in sorted(s["senators"]) if owner(s, sid) == seat
                      and sid != s["temporary_rome_consul"])
        del s["senators"][victim]
        s["deck"] = s["deck"] + [f"sen:{victim}"]
        put_senator(s, fid, seat)
    else:
        move_senator(s, fid, seat)
    RULES.check_invariants(s)
    return s


def seal_all(s: dict, values: dict[str, dict]) -> dict:
    for seat in s["seats"]:
        v = values.get(seat) or RULES.default_choice(s, seat)
        s = answer(s, seat, v)
    return s


# --------------------------------------------------------------------------------------------- the form
def test_3_4_every_player_answers_one_sealed_form_naming_his_leader_among_his_three_senators():
    s = new_game()
    prompts = {p.seat: p for p in RULES.prompts(s)}
    assert set(prompts) == set(D_SEATS)
    for seat, p in prompts.items():
        assert p.secret and p.kind == "choose_faction_leader"
        leader = p.form.field("leader")
        assert sorted(o.value for o in leader.options) == sorted(sid for sid in s["senators"] if owner(s, sid) == seat)


def test_3_4_the_answers_stay_sealed_until_the_last_and_are_revealed_together():
    s = new_game()
    first, second, last = s["seats"]
    chosen = {seat: sorted(sid for sid in s["senators"] if owner(s, sid) == seat)[-1] for seat in s["seats"]}
    s = answer(s, first, {**RULES_default(s, first), "leader": chosen[first]})
    s = answer(s, second, {**RULES_default(s, second), "leader": chosen[second]})
    assert all(f["leader"] is None for f in s["factions"].values())
    assert RULES.view(s, last)["sealed"] == sorted([first, second])  # who answered, never what
    assert s["turn"] == 0 and [p.seat for p in RULES.prompts(s)] == [last]
    s = answer(s, last, {**RULES_default(s, last), "leader": chosen[last]})
    assert {seat: s["factions"][seat]["leader"] for seat in s["seats"]} == chosen


def RULES_default(s: dict, seat: str) -> dict:  # noqa: N802
    return forms.values_of(next(p.form for p in RULES.prompts(s) if p.seat == seat), RULES.default_choice(s, seat))


def test_3_7_the_default_names_the_most_influential_senator_and_plays_no_card():
    s = with_family(D_SEATS[0], "1")
    seat = D_SEATS[0]
    hand_back(s, seat)
    give(s, seat, "st:1A")
    give(s, seat, "con:harbor_fees")
    values = RULES_default(s, seat)
    own = [sid for sid in s["senators"] if owner(s, sid) == seat]
    best = max(s["senators"][sid]["inf"] for sid in own)
    assert s["senators"][values["leader"]]["inf"] == best
    assert values["statesmen"] == [] and values["concessions"] == {"harbor_fees": "keep"}


def test_3_8_turn_one_begins_with_the_mortality_phase_once_everybody_has_answered():
    s = seal_all(new_game(), {})
    assert s["turn"] == 1
    assert any(n["k"] == "phase" and n["phase"] == "mortality" for n in s["notes"])
    assert s["phase"] in ("revenue", "forum")


# ------------------------------------------------------------------------------------------ Statesmen
def test_11_1_a_statesman_on_his_own_family_card_takes_its_possessions_and_the_higher_values():
    seat = D_SEATS[0]
    s = with_family(seat, "1")
    family = s["senators"]["1"]
    family.update(inf=9, pop=-2, knights=2, talents=7, concessions=["mining"])
    take(s, "con:mining")
    give(s, seat, "st:1A")
    s = seal_all(s, {seat: {**RULES_default(s, seat), "statesmen": ["1A"]}})
    x = s["senators"]["1"]  # the sid stays the Family's
    assert x["statesman"] == "1A" and x["family"] == "1" and x["faction"] == seat
    assert x["inf"] == 9  # 9 beats Scipio's printed 6
    assert x["pop"] == 0  # Scipio's printed 0 beats -2
    assert (x["knights"], x["concessions"]) == (2, ["mining"])
    assert "st:1A" not in s["factions"][seat]["hand"]
    RULES.check_invariants(s)


def test_11_1_a_statesman_is_not_playable_while_an_opponent_controls_his_family_card():
    s = with_family(D_SEATS[1], "1")
    give(s, D_SEATS[0], "st:1A")
    D = data_for(s)
    assert not statesman_playable(s, D, D_SEATS[0], "1A")
    form = next(p.form for p in RULES.prompts(s) if p.seat == D_SEATS[0])
    assert form.field("statesmen") is None
    with pytest.raises(IllegalAction):
        answer(s, D_SEATS[0], {**RULES_default(s, D_SEATS[0]), "statesmen": ["1A"]})


def test_11_1_a_statesman_whose_family_card_is_not_in_play_enters_alone_under_his_own_id():
    seat = D_SEATS[0]
    s = edit(new_game())
    give(s, seat, "st:22A")  # Cato: his Family (Porcius) is not in the Early deck
    s = seal_all(s, {seat: {**RULES_default(s, seat), "statesmen": ["22A"]}})
    x = s["senators"]["22A"]
    D = data_for(s)
    assert (x["family"], x["statesman"], x["faction"]) == (None, "22A", seat)
    assert (x["inf"], x["talents"]) == (D.statesmen["22A"]["influence"], 0)


def test_11_1_a_statesman_on_an_unaligned_family_card_brings_both_into_the_faction():
    seat = D_SEATS[0]
    s = with_family(seat, "18")
    move_senator(s, "18", None)
    s["senators"]["18"]["talents"] = 4
    give(s, seat, "st:18A")
    D = data_for(s)
    assert playable_statesmen(s, D, seat) == ["18A"]
    s = edit(s)
    s["notes"] = []
    play_statesman(s, D, seat, "18A")
    x = s["senators"]["18"]
    assert (x["statesman"], x["faction"], x["talents"]) == ("18A", seat, 4)
    assert s["notes"][-1] == {"k": "statesman_played", "seat": seat, "statesman": "18A", "on": "18", "from_forum": True}


def test_11_1_a_family_card_that_appears_later_goes_under_its_statesman():
    s = edit(new_game())
    s["notes"] = []
    st = next(st for st in ("1A", "2A", "18A", "19A") if st[:-1] not in s["senators"])  # his Family is in the deck
    fid = st[:-1]
    take(s, "st:" + st)
    put_senator(s, None, D_SEATS[2], statesman=st)
    take(s, "sen:" + fid)
    sid = family_card_arrives(s, data_for(s), fid)
    assert sid == st and s["senators"][st]["family"] == fid and fid not in s["senators"]
    assert s["senators"][st]["faction"] == D_SEATS[2]
    RULES.check_invariants(s)


# ----------------------------------------------------------------------------------------- Concessions
def test_3_7_concessions_go_to_the_named_own_senators_and_land_commissioner_waits_for_a_land_bill():
    seat = D_SEATS[0]
    s = edit(new_game())
    hand_back(s, seat)
    for card in ("con:harbor_fees", "con:land_commissioner", "con:tax_farmer_1"):
        give(s, seat, card)
    form = next(p.form for p in RULES.prompts(s) if p.seat == seat)
    items = [o.value for o in form.field("concessions").items]
    assert items == ["harbor_fees", "tax_farmer_1"]  # Land Commissioner: no Land Bill is in effect
    own = sorted(sid for sid in s["senators"] if owner(s, sid) == seat)
    s = seal_all(s, {seat: {**RULES_default(s, seat), "concessions": {"harbor_fees": own[0], "tax_farmer_1": "keep"}}})
    assert s["senators"][own[0]]["concessions"] == ["harbor_fees"]
    assert sorted(s["factions"][seat]["hand"]) == ["con:land_commissioner", "con:tax_farmer_1"]


def test_3_7_with_a_land_bill_in_effect_land_commissioner_may_be_assigned():
    seat = D_SEATS[0]
    s = edit(new_game())
    hand_back(s, seat)
    give(s, seat, "con:land_commissioner")
    s["land_bills"]["II"] = 1
    form = next(p.form for p in RULES.prompts(s) if p.seat == seat)
    assert [o.value for o in form.field("concessions").items] == ["land_commissioner"]


def test_3_7_a_sealed_answer_that_no_longer_fits_the_hand_is_refused_at_the_reveal():
    seat = D_SEATS[0]
    s = edit(new_game())
    give(s, seat, "st:22A")
    s = answer(s, seat, {**RULES_default(s, seat), "statesmen": ["22A"]})
    s = edit(s)
    s["factions"][seat]["hand"] = [c for c in s["factions"][seat]["hand"] if c != "st:22A"]
    s["deck"] = s["deck"] + ["st:22A"]
    others = [x for x in s["seats"] if x != seat]
    for other in others[:-1]:
        s = answer(s, other, RULES_default(s, other))
    with pytest.raises(IllegalAction):
        answer(s, others[-1], RULES_default(s, others[-1]))
