"""Rule 11: the Revolution Phase (part 3 of the title; being built)."""
from __future__ import annotations

from random import Random
from typing import Any

from .machine import Step, state
from .state import note
from .turn import end_phase


@state
class RevolutionPhase(Step):
    """Rule 11: the Revolution Phase. Not yet built: no cards are played and nobody revolts."""

    name = "revolution_phase"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        note(s, "phase_not_built", phase="revolution")
        end_phase(s, D, rng)
