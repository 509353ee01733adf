"""Spec 16: a faction's treasury and the cards in its hand reach no other seat through narration or views.

The conformance suite (tests/conformance, titles.hide_republic_of_rome) compares views at every state and
sealed answers at every reveal; this test covers the narration of every step of random games, which the
history and the e-mails are made of. At every step, for one seat drawn at random (the owner):

* the step is played again from a copy of the state where only the owner's faction treasury is higher,
  and from one where the owner's hand holds other Faction cards (swapped with cards deep in the deck,
  which no step draws from; see `other_hand`): every other seat's narration of the step, and the
  spectator's, are identical to those of the step as played (when the owner acted, an answer that its
  other hand or treasury would refuse is not replayed; the views after it are the conformance suite's);
* the name of a Statesman or Concession still in a hand after the step (any seat's) appears in no other
  viewer's narration;
* before the step, replacing the owner's standing votes (issue #15: private until one acts) by others
  changes neither the view of another seat drawn at random nor the spectator's (the conformance suite's
  `hide` does not alter standing votes).
"""
from __future__ import annotations

import json
import random

import pytest
from ror_random import play_game

from domain.games.republic_of_rome import RULES
from domain.rules import IllegalAction
from tests.web.ror_play import secret_card_names

SAFE_DEPTH = 12  # no step draws this many cards: a card deeper in the deck stays there


def copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def richer(state: dict, owner: str, rng: random.Random) -> dict | None:
    s = copy(state)
    s["factions"][owner]["treasury"] += 1 + rng.randrange(25)
    return s


def other_hand(state: dict, owner: str, rng: random.Random) -> dict | None:
    """The owner's playable cards swapped with Faction cards deep in the deck (every card still once). An
    owner with standing votes, or with a sealed answer waiting to be revealed, keeps his Intrigue cards: a
    standing veto plays a Tribune by itself when the hand holds one, and so does a sealed vote's veto when the
    votes are revealed, which is the owner acting, not a leak."""
    s = copy(state)
    faction, deck = s["factions"][owner], s["deck"]
    acting = s.get("standing_votes", {}).get(owner) or owner in (s.get("sealed") or {})
    kinds = ("st:", "con:") if acting else ("st:", "con:", "int:")
    swappable = [i for i, card in enumerate(faction["hand"])
                 if card not in faction["unplayable"] and card.startswith(kinds)]
    deep = [j for j in range(SAFE_DEPTH, len(deck)) if deck[j].startswith(kinds)]  # deck[0] is the top
    if not swappable or not deep:
        return None
    for i in swappable[:len(deep)]:
        j = deep.pop(rng.randrange(len(deep)))
        faction["hand"][i], deck[j] = deck[j], faction["hand"][i]
    return s


def other_orders(state: dict, owner: str, rng: random.Random) -> dict | None:
    """The owner's standing votes (private to his seat until one acts) replaced by other orders."""
    from domain.games.republic_of_rome.standing_votes import conditions
    s = copy(state)
    picked = rng.sample(conditions(s), 3)
    orders = {c: rng.choice(("yes", "no", "abstain", "veto")) for c in picked}
    s["standing_votes"] = {**(s.get("standing_votes") or {}), owner: orders}
    return s


def told(before: dict, seat: str, answer: str, after: dict, viewer: str | None) -> list[str]:
    return RULES.describe(before, seat, answer, after, viewer)


class Differential:
    def __init__(self, seed: int):
        self.rng = random.Random(f"hidden:{seed}")
        self.compared = 0  # alterations replayed and compared (the test's control)

    def __call__(self, before: dict, seat: str, answer: str, after: dict) -> None:
        seats = before["seats"]
        owner = self.rng.choice(seats)
        viewers = [v for v in seats if v != owner] + [None]
        self.names_stay_private(before, seat, answer, after)
        orders = other_orders(before, owner, self.rng)
        for viewer in (self.rng.choice(viewers[:-1]), None):  # views cost: one seat and the spectator a step
            assert RULES.view(before, viewer) == RULES.view(orders, viewer), \
                f"{viewer!r} sees {owner}'s standing votes at {before['step']}"
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
                if viewer in peddled(same, victim=owner, k="peddled_card_taken"):
                    continue  # Rule 14: Influence Peddling shows the taker the card he took from the owner's hand
                assert told(before, seat, answer, same, viewer) == told(altered, seat, answer, changed, viewer), \
                    f"{viewer!r} learns from the step {before['step']} something of {owner}'s {alter.__name__}"
            self.compared += 1

    @staticmethod
    def names_stay_private(before: dict, seat: str, answer: str, after: dict) -> None:
        """No viewer's narration of the step names a Statesman or Concession of another seat's hand."""
        told = {viewer: "\n".join(RULES.describe(before, seat, answer, after, viewer))
                for viewer in [*after["seats"], None]}
        for owner in after["seats"]:
            secret = secret_card_names(after, owner)
            for viewer, text in told.items():
                lost = peddled(after, victim=viewer, k="peddled_card_lost")  # Rule 14: the victim reads what he lost
                leaked = sorted(name for name in secret - lost if name in text) if viewer != owner else []
                assert not leaked, f"{viewer!r} reads {leaked} of {owner}'s hand in: {text}"


def peddled(after: dict, victim: str | None, k: str) -> set[str]:
    """Influence Peddling in this step (peddling.py): the seats that took a card from `victim`'s hand
    (k="peddled_card_taken"), or the names of the cards `victim` lost (k="peddled_card_lost")."""
    from domain.games.republic_of_rome.data import data_for
    from domain.games.republic_of_rome.names import card_name
    found = [n for n in after["notes"] if n["k"] == k and victim in (n.get("victim"), n.get("to"))]
    if k == "peddled_card_taken":
        return {n["to"] for n in found if n["victim"] == victim}
    return {card_name(data_for(after), n["card"]) for n in found}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_16_narration_and_views_do_not_depend_on_another_seats_treasury_or_hand(players):
    check = Differential(players)
    play_game(players, 1000 + players, turns=3, on_step=check)
    assert check.compared > 50, "control: too few alterations were compared to prove anything"


def _private_notes_for_everybody(monkeypatch):
    import importlib
    narrate = importlib.import_module("domain.games.republic_of_rome.narrate")
    monkeypatch.setattr(narrate.Teller, "sees", lambda self, seat: True)


def _treasuries_told(monkeypatch):
    from domain.games.republic_of_rome import RepublicOfRome
    plain = RepublicOfRome.describe
    monkeypatch.setattr(RepublicOfRome, "describe", lambda self, before, seat, choice, after, viewer: [
        *plain(self, before, seat, choice, after, viewer), str(sum(f["treasury"] for f in after["factions"].values()))])


def _standing_votes_shown(monkeypatch):
    from domain.games.republic_of_rome import RepublicOfRome
    plain = RepublicOfRome.view
    monkeypatch.setattr(RepublicOfRome, "view", lambda self, state, seat: {
        **plain(self, state, seat), "orders": state.get("standing_votes")})


@pytest.mark.parametrize("leak", [_private_notes_for_everybody, _treasuries_told, _standing_votes_shown])
def test_16_the_check_bites(leak, monkeypatch):
    leak(monkeypatch)
    with pytest.raises(AssertionError, match="learns from the step|of .*'s hand in|standing votes"):
        play_game(4, 1001, turns=3, on_step=Differential(1))
