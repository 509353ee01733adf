"""The turn: seven phases in rulebook order (Rule 4), and the end of the game.

Each phase module registers an entry state named in PHASE_ENTRY and calls `end_phase` when its last
step is done. Victory and defeat that end the game at once (bankruptcy, People Revolt) call `end_game`.
"""
from __future__ import annotations

from random import Random
from typing import Any

from .data import PHASES
from .machine import Step, goto, state
from .state import note

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
    i = PHASES.index(s["phase"])
    if i + 1 < len(PHASES):
        start_phase(s, D, PHASES[i + 1], rng)
    else:
        goto(s, D, "end_of_turn", rng)


def end_game(s: dict, D: Any, kind: str, winners: list[str], reason: str, **facts: Any) -> None:
    """The game ends now: `kind` is "victory" (winners: the winning seats) or "collective_loss"."""
    s["result"] = {"kind": kind, "winners": list(winners), "reason": reason, **facts}
    s["finished"] = True
    s["ctx"] = {}
    s.pop("calls", None)
    note(s, "game_over", kind=kind, winners=list(winners), reason=reason)
    s["step"] = "game_over"


def faction_influence(s: dict, seat: str) -> int:
    """Rule 12.5: the combined Influence of a faction's non-rebel, non-captive Senators."""
    return sum(x["inf"] for x in s["senators"].values()
               if x["faction"] == seat and not x["rebel"] and not x["location"].startswith("captive"))


@state
class EndOfTurn(Step):
    """Rule 12: the end of the turn. Rule 12.5 (Avalon Hill, [A]): the scenario ends at the end of the turn
    in which the last card of the deck was drawn; the faction with the most Influence wins (ties: dice)."""

    name = "end_of_turn"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if s.get("deck_exhausted_turn") == s["turn"] and s["options"]["game_end"] == "end_of_turn_after_last_card_drawn":
            scores = {seat: faction_influence(s, seat) for seat in s["seats"]}
            best = max(scores.values())
            tied = [seat for seat in s["seats"] if scores[seat] == best]
            winner = tied[0] if len(tied) == 1 else tie_break(s, tied, rng)
            end_game(s, D, "victory", [winner], "end_of_scenario", scores=scores)
            return
        s["turn"] += 1
        start_phase(s, D, "mortality", rng)


def tie_break(s: dict, tied: list[str], rng: Random) -> str:
    """Rule 3.9: ties are settled by dice, highest wins (2d6, re-rolled among the tied)."""
    from .dice import roll
    while len(tied) > 1:
        totals = {seat: sum(roll(s, rng, 2, "tie_break", seat=seat)) for seat in tied}
        best = max(totals.values())
        tied = [seat for seat in tied if totals[seat] == best]
    return tied[0]


@state
class GameOver(Step):
    name = "game_over"
