"""Rule 11: the Revolution Phase. Rule 11.1, the cards: from the HRAO's faction clockwise, each player in his
turn plays Statesmen, assigns Concessions to his own Senators, discards and offers cards to other factions,
in one form (decision 51, checked whole). Offers are accepted or refused in one sealed step once every
player has had his turn (revolution_accept_cards). Then Rule 11.2, the revolt (rebels.py), and the end of the
phase.

Readings [A] (docs/rules-republic-of-rome.md, "Revolution Phase"):
* a trade is two offers; an offered card moves at once to the receiver's hand, marked unplayable and
  pending until he accepts it (a refused card goes back; if the giver then holds more than five cards the
  returned ones are discarded first); a card received from another faction cannot be played before the next
  Revolution Phase, when every hand's cards become playable again;
* the hand limit (five) is checked at the end of each player's turn, pending offers aside, and again in the
  acceptance step; the discard pile is public, so discarded cards are named to everybody; who offers how
  many cards to whom is public, which cards only the receiver is told (the giver filled in the form);
* a card the player plays must be one he keeps (not discarded nor offered);
* with `card_trading` at the AH value, cards may also be offered in the Redistribution's sealed form
  (redistribution.py); the acceptance step below is then called there (`answer_offers`) and returns: the same
  answers, without discards or hand limit (a Revolution Phase rule), and a card still unplayable for its
  giver comes back unplayable if refused.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, OneOf, Option, SomeOf
from domain.i18n import _, n_
from domain.rules import IllegalAction, seat_name

from .card_play import (assign_concession, assignable_concessions, concession_holders, play_statesman,
                        playable_statesmen, statesman_number)
from .machine import FORM, STATES, Step, call, goto, ret, state
from .names import card_name, senator_name
from .narrate import narrates
from .state import bump, clockwise_from, hrao_seat, note

KEEP, DISCARD, GIVE = "keep", "discard", "give:"
ACCEPT, REFUSE = "accept", "refuse"


def hand_limit(D: Any) -> int:
    return D.c("hand_limit_at_turn_start")


def pending(s: dict, seat: str) -> list[str]:
    """Cards offered to `seat` in this phase and not yet accepted (they sit in his hand, unplayable)."""
    return [c for o in s["ctx"].get("offers", []) if o["to"] == seat for c in o["cards"]]


def own_cards(s: dict, seat: str) -> list[str]:
    """The hand without the cards still pending as offers."""
    waiting = pending(s, seat)
    return [c for c in s["factions"][seat]["hand"] if c not in waiting]


def live_seats(s: dict) -> list[str]:
    return [seat for seat in s["seats"] if not s["factions"][seat].get("eliminated")]


@state
class RevolutionPhase(Step):
    """Rule 11: the phase opens. Cards received from other factions since the last Revolution Phase become
    playable (Rule 11.1, flag card_trading); the public deals (deals.py, when present) come first."""

    name = "revolution_phase"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        for seat in s["seats"]:
            if s["factions"][seat]["unplayable"]:
                s["factions"][seat]["unplayable"] = []
        goto(s, D, "revolution_public_deals" if "revolution_public_deals" in STATES else "revolution_play_cards", rng)


@state
class RevolutionPlayCards(Step):
    """Rule 11.1 (decision 51): one player at a time from the HRAO's faction clockwise (the order is fixed
    when the card play begins); a player without cards of his own is passed over (hand sizes are public)."""

    name = "revolution_play_cards"
    short = "cards"
    kind = "revolution_cards"
    waiting = _("to play, discard or offer cards")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"order": [x for x in clockwise_from(s, hrao_seat(s, D)) if x in live_seats(s)], "i": 0,
                    "offers": []}
        self.next_player(s, D, rng)

    def next_player(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        while ctx["i"] < len(ctx["order"]) and not own_cards(s, ctx["order"][ctx["i"]]):
            ctx["i"] += 1
        if ctx["i"] >= len(ctx["order"]):
            goto(s, D, "revolution_accept_cards", rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["order"][s["ctx"]["i"]]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        fields: list = []
        statesmen = playable_statesmen(s, D, seat)
        if statesmen:
            fields.append(SomeOf("statesmen", _("Statesmen to play"),
                                 tuple(Option(st, card_name(D, "st:" + st)) for st in statesmen)))
        concessions = [c for c in assignable_concessions(s, seat) if "con:" + c not in pending(s, seat)]
        holders = concession_holders(s, seat)
        if concessions and holders:
            fields.append(EachOf("concessions", _("Concessions to assign"),
                                 tuple(Option(c, card_name(D, "con:" + c)) for c in concessions),
                                 OneOf("to", _("Senator"), (Option(KEEP, _("Keep in hand")),) + tuple(
                                     Option(sid, senator_name(D, s, sid)) for sid in holders))))
        fates = (Option(KEEP, _("Keep")), Option(DISCARD, _("Discard"))) + tuple(
            Option(GIVE + other, _("Offer to %(seat)s", seat=seat_name(other)))
            for other in live_seats(s) if other != seat)
        fields.append(EachOf("cards", _("Cards in your hand"),
                             tuple(Option(c, card_name(D, c)) for c in own_cards(s, seat)), OneOf("fate", _("What to do"), fates)))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        fate = values["cards"]
        played = ["st:" + st for st in values.get("statesmen", [])]
        played += ["con:" + c for c, sid in values.get("concessions", {}).items() if sid != KEEP]
        for card in played:
            if fate.get(card, KEEP) != KEEP:
                raise IllegalAction(_("%(card)s cannot be both played and discarded or offered.",
                                      card=card_name(D, card)))
        numbers = [statesman_number(D, st) for st in values.get("statesmen", [])]
        if len(set(numbers)) != len(numbers):
            raise IllegalAction(_("Two Statesmen of the same family cannot both be played."))
        kept = sum(1 for card, f in fate.items() if f == KEEP) - len(played)
        if kept > hand_limit(D):
            raise IllegalAction(n_("You may keep at most %(n)d card in hand; play, discard or offer %(more)d more.",
                                   "You may keep at most %(n)d cards in hand; play, discard or offer %(more)d more.",
                                   hand_limit(D), more=kept - hand_limit(D)))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Your turn in the Revolution Phase: play Statesmen, assign Concessions to your Senators, discard "
                 "cards or offer them to other factions. You may keep at most %(n)d cards.", n=hand_limit(D))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """defaults.py: nothing is played or given; beyond five cards, the last drawn are discarded."""
        cards = own_cards(s, seat)
        values: dict = {"cards": {c: (KEEP if i < hand_limit(D) else DISCARD) for i, c in enumerate(cards)}}
        form = self.form(s, D, seat)
        if form.field("statesmen") is not None:
            values["statesmen"] = []
        if form.field("concessions") is not None:
            values["concessions"] = {c.value: KEEP for c in form.field("concessions").items}
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        for st in values.get("statesmen", []):
            play_statesman(s, D, seat, st)
        for con, sid in values.get("concessions", {}).items():
            if sid != KEEP:
                assign_concession(s, D, seat, con, sid)
        discard = [c for c, f in values["cards"].items() if f == DISCARD]
        if discard:
            discard_cards(s, seat, discard)
        for other in live_seats(s):
            given = [c for c, f in values["cards"].items() if f == GIVE + other]
            if given:
                offer(s, seat, other, given)
        note(s, "cards_turn_done", seat=seat, count=len(s["factions"][seat]["hand"]) - len(pending(s, seat)))
        s["ctx"]["i"] += 1
        self.next_player(s, D, rng)


def discard_cards(s: dict, seat: str, cards: list[str]) -> None:
    """To the discard pile, which is public (spec 16)."""
    f = s["factions"][seat]
    hand = list(f["hand"])
    for c in cards:
        hand.remove(c)
    f["hand"] = hand
    f["unplayable"] = [c for c in f["unplayable"] if c in hand]
    s["discard"] = s["discard"] + list(cards)
    note(s, "cards_discarded", seat=seat, cards=list(cards))


def offer(s: dict, giver: str, receiver: str, cards: list[str]) -> None:
    """The cards move to the receiver's hand, unplayable and pending until he accepts them."""
    s["ctx"]["offers"] = s["ctx"]["offers"] + [make_offer(s, giver, receiver, cards)]


def make_offer(s: dict, giver: str, receiver: str, cards: list[str], anytime: bool = False) -> dict:
    """Move the offered cards (public: how many, to whom; which: the receiver is told, the giver chose them)
    and return the offer for the acceptance step's `offers`."""
    held = [c for c in cards if c in s["factions"][giver]["unplayable"]]  # still unplayable if it comes back
    move_cards(s, giver, receiver, cards)
    note(s, "cards_offered", seat=giver, receiver=receiver, count=len(cards))
    note(s, "cards_offered_to_you", seat=giver, receiver=receiver, cards=list(cards), to=receiver,
         **({"anytime": True} if anytime else {}))
    return {"from": giver, "to": receiver, "cards": list(cards), **({"unplayable": held} if held else {})}


def answer_offers(s: dict, D: Any, rng: Random, offers: list[dict], order: list[str]) -> None:
    """Rule 11.1 under the AH `card_trading` value: offers made outside the Revolution Phase (redistribution.py)
    are answered by the same acceptance step, called as a nested sequence that returns to the caller's
    `resume`; no hand limit and no discards there (the limit is a Revolution Phase rule)."""
    call(s, D, "revolution_accept_cards", rng, args={"order": list(order), "offers": list(offers), "anytime": True})


def move_cards(s: dict, giver: str, receiver: str, cards: list[str]) -> None:
    g, r = s["factions"][giver], s["factions"][receiver]
    hand = list(g["hand"])
    for c in cards:
        hand.remove(c)
    g["hand"] = hand
    g["unplayable"] = [c for c in g["unplayable"] if c in hand]
    r["hand"] = r["hand"] + list(cards)
    r["unplayable"] = r["unplayable"] + list(cards)


@state
class RevolutionAcceptCards(Step):
    """Rule 11.1 (trades: both parties agree): each faction offered cards accepts or refuses each of them, in
    the order of the card play (accepting and refusing are public, so nothing needs sealing); it may discard
    cards of its own to stay within five. A refused card goes back at once; a giver who has already answered
    and now holds more than five discards the returned cards first. Called from outside the Revolution Phase
    (`answer_offers`, ctx "anytime"): no discards, no hand limit, and it returns to its caller."""

    name = "revolution_accept_cards"
    short = "accept"
    kind = "accept_cards"
    waiting = _("to accept or refuse the cards offered to them")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        self.next_receiver(s, D, rng)

    def receivers(self, s: dict) -> list[str]:
        return [seat for seat in s["ctx"]["order"] if pending(s, seat)]

    def next_receiver(self, s: dict, D: Any, rng: Random) -> None:
        if not self.receivers(s):
            if s["ctx"].get("anytime"):
                ret(s, D, rng)
            else:
                goto(s, D, "revolution_revolt", rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {self.receivers(s)[0]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        fields: list = [EachOf("offered", _("Cards offered to you"), tuple(Option(c, card_name(D, c)) for c in pending(s, seat)),
                               OneOf("answer", _("Answer"), (Option(ACCEPT, _("Accept")), Option(REFUSE, _("Refuse")))))]
        own = own_cards(s, seat)
        if own and not s["ctx"].get("anytime"):
            fields.append(SomeOf("discard", _("Cards of yours to discard"), tuple(Option(c, card_name(D, c)) for c in own)))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        if s["ctx"].get("anytime"):
            return  # the hand limit is checked in the Revolution Phase only
        accepted = sum(1 for a in values["offered"].values() if a == ACCEPT)
        kept = len(own_cards(s, seat)) - len(values.get("discard", [])) + accepted
        if kept > hand_limit(D):
            raise IllegalAction(_("You would hold %(kept)d cards: refuse or discard %(more)d more.", kept=kept,
                                  more=kept - hand_limit(D)))

    def text(self, s: dict, D: Any, seat: str) -> str:
        if s["ctx"].get("anytime"):
            return _("Cards were offered to your faction: accept or refuse each. Cards you accept cannot be "
                     "played before the next Revolution Phase.")
        return _("Cards were offered to your faction: accept or refuse each. Cards you accept cannot be played "
                 "before the next Revolution Phase; you may keep at most %(n)d cards.", n=hand_limit(D))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """defaults.py: every offer is refused."""
        values: dict = {"offered": {c: REFUSE for c in pending(s, seat)}}
        if own_cards(s, seat) and not s["ctx"].get("anytime"):
            values["discard"] = []
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        if values.get("discard"):
            discard_cards(s, seat, values["discard"])
        mine = [o for o in s["ctx"]["offers"] if o["to"] == seat]
        s["ctx"]["offers"] = [o for o in s["ctx"]["offers"] if o["to"] != seat]
        for o in mine:
            back = [c for c in o["cards"] if values["offered"][c] == REFUSE]
            note(s, "cards_answered", seat=seat, giver=o["from"], accepted=len(o["cards"]) - len(back),
                 refused=len(back))
            kept = [c for c in o["cards"] if c not in back]
            if kept:
                note(s, "cards_accepted", seat=seat, cards=kept, to=seat)
            if back:
                give_back(s, D, o["from"], seat, back)
                still = [c for c in o.get("unplayable", []) if c in back and c in s["factions"][o["from"]]["hand"]]
                if still:
                    g = s["factions"][o["from"]]
                    g["unplayable"] = g["unplayable"] + still
        self.next_receiver(s, D, rng)


def give_back(s: dict, D: Any, giver: str, receiver: str, back: list[str]) -> None:
    """Refused cards return to the giver as his own; past his turn to answer, he discards the excess (the
    returned cards first)."""
    move_cards(s, receiver, giver, back)
    f = s["factions"][giver]
    f["unplayable"] = [c for c in f["unplayable"] if c not in back]
    excess = len(f["hand"]) - len(pending(s, giver)) - hand_limit(D)
    if excess > 0 and not pending(s, giver) and not s["ctx"].get("anytime"):
        discard_cards(s, giver, back[:excess])


# ------------------------------------------------------------------------------------------ narration
@narrates("cards_turn_done")
def _turn_done(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("Your card play is over; you keep %(count)d cards.", count=n["count"])
    return _("%(seat)s's card play is over; it keeps %(count)d cards.", seat=t.who(n["seat"]), count=n["count"])


@narrates("cards_discarded")
def _discarded(t: Any, n: dict) -> str:
    cards = t.list(t.card(c) for c in n["cards"])
    if t.you(n["seat"]):
        return _("You discard %(cards)s.", cards=cards)
    return _("%(seat)s discards %(cards)s.", seat=t.who(n["seat"]), cards=cards)


@narrates("cards_offered")
def _offered(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return n_("You offer %(n)d card to %(receiver)s.", "You offer %(n)d cards to %(receiver)s.",
                  n["count"], receiver=t.who(n["receiver"]))
    return n_("%(seat)s offers %(n)d card to %(receiver)s.", "%(seat)s offers %(n)d cards to %(receiver)s.",
              n["count"], seat=t.who(n["seat"]), receiver=t.who(n["receiver"]))


@narrates("cards_offered_to_you")
def _offered_to_you(t: Any, n: dict) -> str:
    if n.get("anytime"):
        return _("%(seat)s offers you %(cards)s; you accept or refuse them now (accepted, they cannot be played "
                 "before the next Revolution Phase).", seat=t.who(n["seat"]), cards=t.list(t.card(c) for c in n["cards"]))
    return _("%(seat)s offers you %(cards)s; you accept or refuse once every player has played his cards.",
             seat=t.who(n["seat"]), cards=t.list(t.card(c) for c in n["cards"]))


@narrates("cards_answered")
def _answered(t: Any, n: dict) -> str:
    return _("%(seat)s accepts %(accepted)d and refuses %(refused)d of the cards %(giver)s offered.",
             seat=t.who(n["seat"]), accepted=n["accepted"], refused=n["refused"], giver=t.who(n["giver"]))


@narrates("cards_accepted")
def _accepted(t: Any, n: dict) -> str:
    return _("You now hold %(cards)s (playable from the next Revolution Phase).",
             cards=t.list(t.card(c) for c in n["cards"]))


from . import civil_war as _civil_war  # noqa: E402,F401  (the Senate's proposal against a rebel)
from . import rebel_upkeep as _rebel_upkeep  # noqa: E402,F401  (the rebel army's upkeep, Revenue Phase)
from . import rebels as _rebels  # noqa: E402,F401  (register the revolt's states)
