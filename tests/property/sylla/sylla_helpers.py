"""Test helpers for Sylla: random legal play, scenario states, and a small driver for scripted games.

`play_random_game(seats, options, seed)` plays a whole game choosing uniformly among each prompt's
choices with `random.Random(seed)`; simultaneous prompts are all chosen first and then applied in seat
order, as the platform does when the last sealed choice arrives.
"""
from __future__ import annotations

import json
import random
from typing import Callable

from domain.bots import random_choice
from domain.games.sylla import RULES
from domain.rules import Prompt

SEATS4 = ["red", "black", "white", "yellow"]
SEATS3 = ["red", "black", "white"]

Step = Callable[[dict, str, str, dict], None]  # on_step(before, seat, choice, after)


def pick_round(prompts: list[Prompt], chooser: random.Random) -> list[tuple[str, str]]:
    """The (seat, choice) pairs to apply now: one prompt, or every simultaneous prompt in seat order."""
    if len(prompts) == 1 and not prompts[0].secret:
        p = prompts[0]
        return [(p.seat, random_choice(p, chooser))]
    return [(p.seat, random_choice(p, chooser)) for p in prompts]  # a form: a random canonical answer


def play_random_game(seats: list[str], options: dict | None = None, seed: int = 0, *,
                     check: bool = True, on_step: Step | None = None,
                     max_steps: int = 5000) -> tuple[dict, int]:
    """Play one random legal game; returns (final state, number of applied choices)."""
    chooser = random.Random(seed)
    game_rng = random.Random(seed * 7919 + 17)
    state = RULES.setup(seats, options or {}, game_rng)
    steps = 0
    while RULES.outcome(state) is None:
        prompts = RULES.prompts(state)
        assert prompts, f"no prompt and no outcome in {state['phase']}"
        for seat, choice in pick_round(prompts, chooser):
            before = state
            state = RULES.apply(state, seat, choice, game_rng)
            steps += 1
            if check:
                RULES.check_invariants(state)
            if on_step:
                on_step(before, seat, choice, state)
        assert steps < max_steps, "the game does not end"
    return state, steps


def roundtrip(state: dict) -> dict:
    return json.loads(json.dumps(state))


class Driver:
    """A scripted game: play named choices, let single-choice prompts play themselves, read narration."""

    def __init__(self, seats: list[str], options: dict | None = None, seed: int = 1):
        self.rng = random.Random(seed)
        self.state = RULES.setup(seats, options or {}, self.rng)
        self.lines: list[str] = []
        self.unclaimed: list[tuple[str, str]] = []

    def prompt(self, seat: str) -> Prompt | None:
        return next((p for p in RULES.prompts(self.state) if p.seat == seat), None)

    def choices(self, seat: str) -> list[str]:
        p = self.prompt(seat)
        return p.choice_ids() if p else []

    def play(self, seat: str, choice: str, viewer: str | None = None) -> dict:
        before = self.state
        self.state = RULES.apply(self.state, seat, choice, self.rng)
        RULES.check_invariants(self.state)
        self.lines += RULES.describe(before, seat, choice, self.state, viewer)
        return self.state

    def auto(self) -> list[tuple[str, str]]:
        """Play every prompt that has a single choice whose forcedness is public (what the platform
        does; a seat forced by its secret denarii is asked, so a script names that move); returns them."""
        played = []
        while True:
            single = next((p for p in RULES.prompts(self.state) if len(p.choices) == 1
                           and RULES.forced_choice_is_public(self.state, p)), None)
            if single is None:
                return played
            self.play(single.seat, single.choices[0].id)
            played.append((single.seat, single.choices[0].id))

    def script(self, moves: list[tuple[str, str]]) -> None:
        for seat, choice in moves:
            if choice not in self.choices(seat):
                self.unclaimed += self.auto()
                if (seat, choice) in self.unclaimed:
                    self.unclaimed.remove((seat, choice))  # a forced choice the platform played itself
                    continue
            self.play(seat, choice)
        self.unclaimed += self.auto()

    def p(self, seat: str) -> dict:
        return self.state["players"][seat]
