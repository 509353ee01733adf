"""The turn: seven phases in rulebook order (Rule 4), and the end of the game.

Each phase module registers an entry state named in PHASE_ENTRY and calls `end_phase` when its last
step is done. Victory and defeat (Rule 12) are victory.py's: the end of the turn and the end of the Forum Phase
ask it whether the game ends there; the Republic's fall ends it at once (victory.republic_falls).
"""
from __future__ import annotations

from random import Random
from typing import Any

from .data import PHASES
from .machine import Step, goto, state
from .state import note
from .victory import consul_for_life_wins, end_game, era_ends, faction_influence, scenario_ends, tie_break

__all__ = ["end_game", "end_phase", "faction_influence", "start_phase", "tie_break"]  # end_game and the score
# live in victory.py; the phase modules and business.py import them from here

PHASE_ENTRY = {
    "mortality": "mortality_draw_chits",
    "revenue": "revenue_personal_revenue",
    "forum": "forum_passage_of_time",
    "population": "population_unrest_adjustments",
    "senate": "senate_open_session",
    "combat": "combat_phase",
    "revolution": "revolution_phase",
}


def start_phase(s: dict, D: Any, phase: str, rng: Random) -> None:
    s["phase"] = phase
    s["ctx"] = {}
    note(s, "phase", phase=phase, turn=s["turn"])
    goto(s, D, PHASE_ENTRY[phase], rng)


def end_phase(s: dict, D: Any, rng: Random) -> None:
    """Rule 4: on to the next phase; after the Revolution Phase, the end of the turn."""
    if s["finished"]:
        return
    if s["phase"] == "forum" and era_ends(s, D, rng):  # Rule 12 item 5 (VG): the Era has ended
        return
    i = PHASES.index(s["phase"])
    if i + 1 < len(PHASES):
        start_phase(s, D, PHASES[i + 1], rng)
    else:
        goto(s, D, "end_of_turn", rng)


@state
class EndOfTurn(Step):
    """Rule 12: the end of the turn, the Republic having survived it. In priority order: a Consul for Life's
    faction wins (items 3-4); then the end of the scenario (item 5, AH [A]: the turn in which the last card of
    the deck was drawn; the most Influence wins, ties by dice). Otherwise the next turn begins."""

    name = "end_of_turn"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if consul_for_life_wins(s, D) or scenario_ends(s, D, rng):
            return
        s["turn"] += 1
        start_phase(s, D, "mortality", rng)


@state
class GameOver(Step):
    name = "game_over"
