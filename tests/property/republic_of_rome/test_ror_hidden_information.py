"""Spec 16: a faction's treasury and the cards in its hand reach no other seat through narration or views.

The conformance suite (tests/conformance, titles.hide_republic_of_rome) compares views at every state and
sealed answers at every reveal; this test covers the narration of every step of random games, which the
history and the e-mails are made of. At every step, for one seat drawn at random (the owner):

* the step is played again from a copy of the state where only the owner's faction treasury is higher,
  and from one where the owner's hand holds other Statesmen and Concessions (swapped with cards deep in
  the deck, which no step draws from): every other seat's narration of the step and view after it, and the spectator's, are
  identical to those of the step as played (when the owner acted, an answer that its other hand or
  treasury would refuse is not replayed);
* the name of a card still in the owner's hand after the step appears in no other viewer's narration.
"""
from __future__ import annotations

import json
import random

import pytest
from ror_random import play_game

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.names import card_name
from domain.rules import IllegalAction

SAFE_DEPTH = 12  # no step draws this many cards: a card deeper in the deck stays there


def copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def richer(state: dict, owner: str, rng: random.Random) -> dict | None:
    s = copy(state)
    s["factions"][owner]["treasury"] += 1 + rng.randrange(25)
    return s


def other_hand(state: dict, owner: str, rng: random.Random) -> dict | None:
    """The owner's playable Statesmen and Concessions swapped with Statesmen and Concessions from the bottom
    of the deck (every card still once). Intrigue cards stay: the owner's standing orders play them by
    themselves (a standing veto plays a Tribune if the hand holds one), which is the owner acting."""
    s = copy(state)
    faction, deck = s["factions"][owner], s["deck"]
    swappable = [i for i, card in enumerate(faction["hand"])
                 if card not in faction["unplayable"] and not card.startswith("int:")]
    bottom = [j for j in range(SAFE_DEPTH, len(deck)) if deck[j].startswith(("st:", "con:"))]  # 0 is the top
    if not swappable or not bottom:
        return None
    for i in swappable[:len(bottom)]:
        j = bottom.pop(rng.randrange(len(bottom)))
        faction["hand"][i], deck[j] = deck[j], faction["hand"][i]
    return s


def told(before: dict, seat: str, answer: str, after: dict, viewer: str | None) -> tuple[list[str], dict]:
    return RULES.describe(before, seat, answer, after, viewer), RULES.view(after, viewer)


class Differential:
    def __init__(self, seed: int):
        self.rng = random.Random(f"hidden:{seed}")
        self.compared = 0  # alterations replayed and compared (the test's control)

    def __call__(self, before: dict, seat: str, answer: str, after: dict) -> None:
        seats = before["seats"]
        owner = self.rng.choice(seats)
        viewers = [v for v in seats if v != owner] + [None]
        self.names_stay_private(owner, viewers, before, seat, answer, after)
        for alter in (richer, other_hand):
            altered = alter(before, owner, self.rng)
            if altered is None:
                continue
            seed = self.rng.randrange(1 << 30)
            same = RULES.apply(before, seat, answer, random.Random(seed))
            try:
                changed = RULES.apply(altered, seat, answer, random.Random(seed))
            except IllegalAction:
                # the owner's answer, or his sealed answer that this step reveals, no longer fits his hand
                assert seat == owner or owner in before["sealed"], \
                    f"{owner}'s {alter.__name__} made {seat}'s answer illegal"
                continue
            for viewer in viewers:
                assert told(before, seat, answer, same, viewer) == told(altered, seat, answer, changed, viewer), \
                    f"{viewer!r} learns from the step {before['step']} something of {owner}'s {alter.__name__}"
            self.compared += 1

    def names_stay_private(self, owner: str, viewers: list, before: dict, seat: str, answer: str,
                           after: dict) -> None:
        D = data_for(after)
        hand = after["factions"][owner]["hand"]
        elsewhere = {card_name(D, c) for f, x in after["factions"].items() for c in x["hand"] if f != owner}
        secret = {card_name(D, c) for c in hand} - elsewhere - public_card_names(D, after, owner)
        if not secret:
            return
        for viewer in viewers:
            text = "\n".join(RULES.describe(before, seat, answer, after, viewer))
            leaked = sorted(name for name in secret if name in text)
            assert not leaked, f"{viewer!r} reads {leaked} of {owner}'s hand in: {text}"


def public_card_names(D, s: dict, owner: str) -> set[str]:
    """Names shared by a card the owner holds and a card in a public place (another copy of an Intrigue
    card, a Statesman's name containing his Family's): naming those proves nothing."""
    public = {card_name(D, c) for c in s["discard"] + s["removed"]}
    public |= {card_name(D, "sen:" + x["family"]) for x in s["senators"].values() if x["family"]}
    hand = {card_name(D, c) for c in s["factions"][owner]["hand"]}
    return {h for h in hand if any(p in h or h in p for p in public)}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_16_narration_and_views_do_not_depend_on_another_seats_treasury_or_hand(players):
    compared = 0
    for seed in (1, 2):
        check = Differential(seed)
        play_game(players, 1000 + seed, turns=3, on_step=check)
        compared += check.compared
    assert compared > 50, "control: too few alterations were compared to prove anything"


def _private_notes_for_everybody(monkeypatch):
    import importlib
    narrate = importlib.import_module("domain.games.republic_of_rome.narrate")
    monkeypatch.setattr(narrate.Teller, "sees", lambda self, seat: True)


def _treasuries_told(monkeypatch):
    from domain.games.republic_of_rome import RepublicOfRome
    plain = RepublicOfRome.describe
    monkeypatch.setattr(RepublicOfRome, "describe", lambda self, before, seat, choice, after, viewer: [
        *plain(self, before, seat, choice, after, viewer), str(sum(f["treasury"] for f in after["factions"].values()))])


@pytest.mark.parametrize("leak", [_private_notes_for_everybody, _treasuries_told])
def test_16_the_check_bites(leak, monkeypatch):
    leak(monkeypatch)
    with pytest.raises(AssertionError, match="learns from the step|of .*'s hand in"):
        play_game(4, 1001, turns=3, on_step=Differential(1))
