""""Show my cards": a private message the server composes from the seat's real secret hand (issue #14 item 8;
The Republic of Rome, Rule 16: "A player may voluntarily show his cards to anyone").

The event is a MessagePosted to some seats (private for good, like any message to some seats) carrying
`shown` (the card ids, in hand order) and `state_version` (the state they were read from); its `text` is
the English sentence for a reader without the rules (an archive). Every edge renders it per reader from
`shown` (domain.narration): the receiver reads "Red shows you their hand (3 cards): ...", in his language.
A title offers it through its optional `shown_cards(state, seat)` (domain.rules.shown_cards_for).
"""
from __future__ import annotations

from typing import Iterable

from domain.i18n import _, n_
from domain.rules import comma_list

SENDER, RECEIVER, OTHER = "sender", "receiver", "other"


def shown_sentence(role: str, who: str, seats: str, labels: Iterable[str]) -> str:
    """The sentence one reader reads: `role` is SENDER (the seat that showed), RECEIVER (a seat it was shown
    to) or OTHER (the operator); `who` the sender's name, `seats` the receivers' names, `labels` the cards."""
    labels = list(labels)
    n, cards = len(labels), comma_list(labels)
    if role == SENDER:
        if not n:
            return _("You show your hand to %(seats)s: it is empty.", seats=seats)
        return n_("You show your hand to %(seats)s (%(n)d card): %(cards)s.",
                  "You show your hand to %(seats)s (%(n)d cards): %(cards)s.", n, seats=seats, cards=cards)
    if role == RECEIVER:
        if not n:
            return _("%(who)s shows you their hand: it is empty.", who=who)
        return n_("%(who)s shows you their hand (%(n)d card): %(cards)s.",
                  "%(who)s shows you their hand (%(n)d cards): %(cards)s.", n, who=who, cards=cards)
    if not n:
        return _("%(who)s shows their hand to %(seats)s: it is empty.", who=who, seats=seats)
    return n_("%(who)s shows their hand to %(seats)s (%(n)d card): %(cards)s.",
              "%(who)s shows their hand to %(seats)s (%(n)d cards): %(cards)s.", n, who=who, seats=seats,
              cards=cards)


def role_of(viewer: str | None, sender: str | None, receivers: list[str]) -> str:
    if viewer is not None and viewer == sender:
        return SENDER
    return RECEIVER if viewer in receivers else OTHER
