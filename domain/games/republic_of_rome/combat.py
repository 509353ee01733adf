"""Rule 10: the Combat Phase (part 3 of the title; being built)."""
from __future__ import annotations

from random import Random
from typing import Any

from .machine import Step, state
from .state import note
from .turn import end_phase


@state
class CombatPhase(Step):
    """Rule 10: the Combat Phase. Not yet built: no battles are fought; the step keeps the turn order."""

    name = "combat_phase"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        note(s, "phase_not_built", phase="combat")
        end_phase(s, D, rng)
