"""The Senate Phase (placeholder: the Senate module replaces this). The HRAO adjourns at once."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .machine import Step, state
from .state import bump, hrao_seat
from .turn import end_phase


@state
class SenateOpenSession(Step):
    name = "senate_open_session"
    short = "senate"
    kind = "senate_adjourn"
    waiting = _("to adjourn the Senate")

    def legal(self, s: dict, D: Any) -> dict:
        return {hrao_seat(s, D): ["adjourn"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Adjourn the Senate")

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        end_phase(s, D, rng)
