"""The Forum Phase (Rule 7), first cut: six Initiatives, each only its roll and its card draw (Rule 7.2
step 1). The forum module grows persuasion, knights, games, the auction and the end of the phase here.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .data import card_key, card_kind, is_faction_card
from .dice import roll
from .machine import Step, goto, state
from .narrate import ROLL_PURPOSES, narrates
from .state import bump, clockwise_from, hrao_seat, new_senator, note
from .turn import end_phase

INITIATIVES = 6  # Rule 7.2: exactly six Initiatives per turn


@state
class ForumPassageOfTime(Step):
    """Rule 7.1: events placed in earlier turns leave (except those that stay); then the Initiatives."""

    name = "forum_passage_of_time"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        order = clockwise_from(s, hrao_seat(s, D))
        s["ctx"] = {"order": order, "n": 0}
        goto(s, D, "forum_initiative_roll", rng)


@state
class ForumInitiativeRoll(Step):
    """Rule 7.2 step 1: the mandatory Initiative roll; the player confirms, the server rolls."""

    name = "forum_initiative_roll"
    short = "init"
    kind = "roll_initiative"
    forced_public = False
    waiting = _("to roll for an Initiative")

    def initiator(self, s: dict) -> str:
        ctx = s["ctx"]
        return ctx["order"][ctx["n"] % len(ctx["order"])]

    def legal(self, s: dict, D: Any) -> dict:
        return {self.initiator(s): ["roll"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Roll for the Initiative")

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Initiative %(n)d of 6: roll two dice (7: an event; otherwise you draw a card).", n=s["ctx"]["n"] + 1)

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        dice = roll(s, rng, 2, "initiative", seat=seat)
        if sum(dice) == 7:
            roll(s, rng, 3, "random_event", seat=seat)  # the event's effects: the events module
        else:
            draw_card(s, D, seat)
        s["ctx"]["n"] += 1
        if s["ctx"]["n"] >= INITIATIVES:
            end_phase(s, D, rng)


def draw_card(s: dict, D: Any, seat: str) -> None:
    """Rule 7.2 step 1: the top card; black cards are placed openly, red ones go secretly to the hand."""
    if not s["deck"]:
        note(s, "deck_empty")
        return
    card, s["deck"] = s["deck"][0], s["deck"][1:]
    if not s["deck"]:
        s["deck_exhausted_turn"] = s["turn"]
    if is_faction_card(card):
        f = s["factions"][seat]
        s["factions"][seat] = {**f, "hand": f["hand"] + [card]}
        note(s, "drew_faction_card", seat=seat)
        note(s, "drew_faction_card_private", to=seat, card=card)
        return
    kind, key = card_kind(card), card_key(card)
    if kind == "sen":
        s["senators"][key] = new_senator(D, key)
    elif kind == "war":
        status = "active" if D.wars[key]["active_when_drawn"] else "inactive"
        s["forum"]["wars"] = {**s["forum"]["wars"], key: {"status": status, "naval_victory": False}}
    elif kind == "ldr":
        s["curia"]["leaders"] = s["curia"]["leaders"] + [key]
    note(s, "drew_forum_card", seat=seat, card=card)


@narrates("drew_faction_card")
def _drew_faction(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return None
    return _("%(seat)s draws a Faction card.", seat=t.who(n["seat"]))


@narrates("drew_faction_card_private")
def _drew_faction_private(t: Any, n: dict) -> str:
    return _("You draw %(card)s into your hand.", card=t.card(n["card"]))


@narrates("drew_forum_card")
def _drew_forum(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You draw %(card)s: it goes to the Forum.", card=t.card(n["card"]))
    return _("%(seat)s draws %(card)s: it goes to the Forum.", seat=t.who(n["seat"]), card=t.card(n["card"]))


@narrates("deck_empty")
def _deck_empty(t: Any, n: dict) -> str:
    return _("The deck is empty: no card is drawn.")


ROLL_PURPOSES.update({"initiative": _("the Initiative"), "random_event": _("the Random Events table")})
