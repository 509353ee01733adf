"""The Mortality Phase (placeholder: the phase module replaces this)."""
from __future__ import annotations

from random import Random
from typing import Any

from .machine import Step, state
from .turn import end_phase


@state
class MortalityDrawChits(Step):
    name = "mortality_draw_chits"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        end_phase(s, D, rng)
