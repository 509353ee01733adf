"""Helpers that drive games through the service the way players do."""
from __future__ import annotations

import random

from domain.bots import random_choice
from service.games import GameService

PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid", "Dee")]


def new_game(svc: GameService, rules: str = "toy", players: int = 2, seed: str = "ab" * 32, **options) -> str:
    return svc.create_game(rules, PLAYERS[:players], options, seed=seed)["id"]


def play_random(svc: GameService, game_id: str, rng: random.Random, max_steps: int = 5000,
                on_step=None) -> int:
    """Random legal choices through the service until the game ends; returns the number of decisions."""
    steps = 0
    while svc.get(game_id).status == "active" and steps < max_steps:
        game = svc.get(game_id)
        prompt = rng.choice(game.open_prompts())
        svc.choose(game_id, prompt.seat, prompt.id, random_choice(prompt, rng), key=f"k-{steps}-{rng.random()}")
        steps += 1
        if on_step:
            on_step(steps)
    return steps


def play_sealed_round(svc: GameService, game_id: str) -> None:
    """Every seat plays its first card; afterwards the round winner owes draw-or-pass."""
    for prompt in svc.get(game_id).open_prompts():
        svc.choose(game_id, prompt.seat, prompt.id, prompt.choices[0].id)
