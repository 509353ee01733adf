"""Typed refusals the platform raises; the service maps them to HTTP statuses and e-mail replies."""
from __future__ import annotations

from domain.rules import IllegalAction


class GameError(Exception):
    """A refused command. `reason` is a sentence for the player; nothing was recorded."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class NotYourDecision(GameError):
    pass


class StalePrompt(GameError):
    pass


class UndoRefused(NotYourDecision):
    """The moment to take a choice back has passed (a reveal, a draw, another player's turn)."""


class GameNotActive(GameError):
    pass


class BadRequest(GameError):
    pass


class TooMany(GameError):
    """Over a cap that resets with time (messages per seat per hour or day): try again after
    `retry_after` seconds (429)."""

    def __init__(self, reason: str, retry_after: int):
        super().__init__(reason)
        self.retry_after = retry_after


__all__ = ["GameError", "NotYourDecision", "StalePrompt", "UndoRefused", "GameNotActive", "BadRequest", "TooMany", "IllegalAction"]
