"""Influence Peddling (Rule 14): "discard at any time except during the Revolution Phase to take a random unplayed
card from the hand of an opponent of your choice (playable normally [A])".

"Any time" is read as assassination.py reads it: the card is offered at the moments the game already asks its
holder something, so holding it changes no prompt anybody else could notice. Those moments are in the Forum:
the last form of the holder's own Initiative (knights.py) and each counter-bribe form he answers during
another player's persuasion (persuasion.py). Both forms carry a field `peddle` (no, or an opponent with at
least one card in hand: hand sizes are public) only while the seat holds a playable Influence Peddling card
(one received by trade waits, Rule 11.1). The field never makes a prompt appear: the actions form is asked
only when its other fields offer something.

The card taken is drawn at random (the rules' rng) among all the victim's cards, those received by trade
included ("unplayed"); it is playable at once by its new holder [A]. Its name is told only to the taker and to
the victim (private notes); everybody reads that Influence Peddling was played and that one card changed
hands, and the hand sizes.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import OneOf, Option
from domain.i18n import _, n_
from domain.rules import seat_name

from .card_play import hand_cards
from .data import card_key
from .narrate import narrates
from .state import note

CARD = "influence_peddling"


def peddling_card(s: dict, seat: str) -> str | None:
    """The seat's first playable Influence Peddling card, if any."""
    return next((c for c in hand_cards(s, seat, "int") if card_key(c) == CARD), None)


def victims(s: dict, seat: str) -> list[str]:
    """The opponents holding at least one card, in seat order."""
    return [o for o in s["seats"] if o != seat and s["factions"][o]["hand"]]


def peddling_field(s: dict, seat: str) -> OneOf | None:
    """The `peddle` field of a form the seat answers, or None when it holds no playable card or nobody has one to
    take (Rule 14: never during the Revolution Phase)."""
    if s["phase"] == "revolution" or peddling_card(s, seat) is None or not victims(s, seat):
        return None
    options = tuple(Option(o, n_("Take a random card from %(seat)s (%(n)d card in hand)",
                                 "Take a random card from %(seat)s (%(n)d cards in hand)",
                                 len(s["factions"][o]["hand"]), seat=seat_name(o)))
                    for o in victims(s, seat))
    return OneOf("peddle", _("Play Influence Peddling"), (Option("none", _("No")),) + options)


def peddle_answer(s: dict, D: Any, rng: Random, seat: str, values: dict) -> None:
    """Apply a form's `peddle` field (absent or "none": nothing)."""
    victim = values.get("peddle", "none")
    if victim != "none":
        peddle(s, rng, seat, victim)


def peddle(s: dict, rng: Random, seat: str, victim: str) -> None:
    """Rule 14: the card is discarded (public); a random card of the victim's hand goes to the seat's hand."""
    played = peddling_card(s, seat)
    assert played is not None and victim in victims(s, seat), (seat, victim)
    taker, loser = s["factions"][seat], s["factions"][victim]
    taker["hand"] = [c for c in taker["hand"] if c != played]
    s["discard"] = s["discard"] + [played]
    card = loser["hand"][rng.randrange(len(loser["hand"]))]
    loser["hand"] = [c for c in loser["hand"] if c != card]
    loser["unplayable"] = [c for c in loser["unplayable"] if c != card]
    taker["hand"] = taker["hand"] + [card]
    note(s, "influence_peddling", seat=seat, victim=victim)
    note(s, "peddled_card_taken", to=seat, victim=victim, card=card)
    note(s, "peddled_card_lost", to=victim, taker=seat, card=card)


# ------------------------------------------------------------------------------------------ narration
@narrates("influence_peddling")
def _peddling(t: Any, n: dict) -> str | None:
    if t.you(n["seat"]) or t.you(n["victim"]):
        return None  # the private note says it with the card's name
    return _("%(seat)s plays Influence Peddling and takes a random card from the hand of %(victim)s.",
             seat=t.who(n["seat"]), victim=t.who(n["victim"]))


@narrates("peddled_card_taken")
def _taken(t: Any, n: dict) -> str:
    return _("You play Influence Peddling and take %(card)s from the hand of %(victim)s.", card=t.card(n["card"]),
             victim=t.who(n["victim"]))


@narrates("peddled_card_lost")
def _lost(t: Any, n: dict) -> str:
    return _("%(seat)s plays Influence Peddling and takes %(card)s from your hand.", seat=t.who(n["taker"]),
             card=t.card(n["card"]))
