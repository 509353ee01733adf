"""Sylla rules speed: complete random 4-player games, setup to final scoring, every decision taken.

Only the rules' own work is timed (setup, prompts, apply, outcome); choosing among the listed choices
and checking invariants are not. The games run in batches and the fastest batch is reported, so that
other processes on a shared machine disturb the figures less. Run: .venv/bin/python -m bench.bench_sylla
"""
from __future__ import annotations

import random
import time

from domain.bots import random_choice
from domain.games.sylla import RULES

SEATS = ["red", "black", "white", "yellow"]
GAMES = 100
BATCHES = 3


def timed_game(seed: int) -> tuple[float, int]:
    """(seconds of rules CPU, decisions) for one random game."""
    chooser = random.Random(seed)
    rng = random.Random(seed + 1_000_003)
    clock = time.perf_counter
    spent = 0.0
    t = clock()
    state = RULES.setup(SEATS, {}, rng)
    spent += clock() - t
    decisions = 0
    while True:
        t = clock()
        done = RULES.outcome(state) is not None
        prompts = [] if done else RULES.prompts(state)
        spent += clock() - t
        if done:
            return spent, decisions
        if prompts[0].secret or len(prompts) > 1:
            picks = [(p.seat, random_choice(p, chooser, RULES, state)) for p in prompts]
        else:
            picks = [(prompts[0].seat, random_choice(prompts[0], chooser, RULES, state))]
        for seat, choice in picks:
            t = clock()
            state = RULES.apply(state, seat, choice, rng)
            spent += clock() - t
            decisions += 1


def main() -> None:
    for seed in range(10):  # warm-up: caches of compiled data and choice lists
        timed_game(seed)
    batches = []
    for batch in range(BATCHES):
        total, decisions = 0.0, 0
        for seed in range(GAMES):
            spent, n = timed_game(10_000 + batch * GAMES + seed)
            total += spent
            decisions += n
        batches.append((total, decisions))
    total, decisions = min(batches)
    print(f"sylla random 4-player games: {GAMES / total:.1f} games/s")
    print(f"sylla rules time per game: {total / GAMES * 1000:.2f} ms")
    print(f"sylla decisions: {decisions / total:.0f} decisions/s")
    print(f"sylla decisions per game: {decisions / GAMES:.1f} decisions")


if __name__ == "__main__":
    main()
