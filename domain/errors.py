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


class GameNotActive(GameError):
    pass


class BadRequest(GameError):
    pass


__all__ = ["GameError", "NotYourDecision", "StalePrompt", "GameNotActive", "BadRequest", "IllegalAction"]
