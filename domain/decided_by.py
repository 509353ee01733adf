"""Who made a recorded decision: the one answer to "was this the player's own decision?".

A `ChoiceMade` / `ChoiceSealed` stores `by` as a plain string (the event content is JSON and its hash is
computed over exactly what is stored), so this value type is how code reads and writes it:

  seat      the seat's player, from the web form, an e-mail reply, the API or the CLI
  operator  the operator, acting for the seat (counts as the seat's own decision: someone decided)
  auto      the platform: the only choice, and its forcedness is public
  standing  the seat's standing order
  timeout   the server, because a deadline was missed (the rules' default choice)
  bot       the bot, for a seat handed to it

`is_players_own` is what the clock (missed deadlines in a row), replacement (is the seat abandoned?)
and e-mail ("since you last acted") read; `is_automatic` is "made at the instant of its cause, without
asking anyone"; `is_seat_itself` is the player in person (undo, the narration read model's own moves).
"""
from __future__ import annotations

from enum import Enum
from typing import Any, Mapping

from domain.errors import BadRequest
from domain.i18n import _


class DecidedBy(Enum):
    SEAT = "seat"
    OPERATOR = "operator"
    AUTO = "auto"
    STANDING = "standing"
    TIMEOUT = "timeout"
    BOT = "bot"

    @classmethod
    def parse(cls, raw: Any) -> DecidedBy:
        """A command's `by`: a DecidedBy or its string; anything else is refused with a sentence."""
        if isinstance(raw, cls):
            return raw
        try:
            return cls(raw)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise BadRequest(_("A decision is made by one of %(known)s, not %(by)r.", known=known,
                               by=str(raw)[:40])) from None

    @classmethod
    def of(cls, content: Mapping) -> DecidedBy | None:
        """Who made the recorded choice whose content this is; None when it names nobody we know (it is then
        read as the player's own, as the platform always has: only the listed values are played for a seat)."""
        try:
            return cls(content.get("by"))
        except ValueError:
            return None

    @property
    def is_played_for_seat(self) -> bool:
        """Made for the seat by the platform, not by a person: the player is not shown to be back."""
        return self in _PLAYED_FOR

    @property
    def is_players_own(self) -> bool:
        """A person decided: the seat's player, or the operator for them."""
        return not self.is_played_for_seat

    @property
    def is_automatic(self) -> bool:
        """Made at the instant of its cause, nobody asked: the only choice, a standing order or the bot."""
        return self in _AUTOMATIC

    @property
    def is_seat_itself(self) -> bool:
        """The seat's player in person (not the operator for them)."""
        return self is DecidedBy.SEAT


_PLAYED_FOR = frozenset({DecidedBy.AUTO, DecidedBy.STANDING, DecidedBy.TIMEOUT, DecidedBy.BOT})
_AUTOMATIC = frozenset({DecidedBy.AUTO, DecidedBy.STANDING, DecidedBy.BOT})


def players_own(content: Mapping) -> bool:
    """Whether a recorded choice's content is the player's own decision (or the operator's for them)."""
    by = DecidedBy.of(content)
    return by is None or by.is_players_own


def automatic(content: Mapping) -> bool:
    """Whether a recorded choice's content was made automatically (see DecidedBy.is_automatic)."""
    by = DecidedBy.of(content)
    return by is not None and by.is_automatic


def by_seat_itself(content: Mapping) -> bool:
    """Whether a recorded choice's content was made by the seat's player in person."""
    by = DecidedBy.of(content)
    return by is not None and by.is_seat_itself


__all__ = ["DecidedBy", "players_own", "automatic", "by_seat_itself"]
