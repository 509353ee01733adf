"""The Republic of Rome's rules speed: CPU per game turn at 6 players, beside Sylla's per round (issue #14:
a 6-player turn under 30 ms of rules CPU).

Random 6-player games are played from setup to their end (or TURN_CAP turns), every decision taken as the
bot takes it (`domain.forms.random_legal`; where the bot's fallback is refused, the rules' default). Only the rules' own work is timed (prompts, apply, outcome),
in process CPU time, and charged to the turn the state was in when the call began; setup is reported
apart. Choosing an answer (the bot's tries of a form against `check_answer`) is not timed. Sylla's
4-player games are timed the same way in the same run, per round (a game is 5 rounds). The runs are made
BATCHES times and the fastest batch is reported, so other processes disturb the figures less; the raw
event-store append baseline is printed by bench_store in the same `make bench`.
Run alone: .venv/bin/python -m bench.bench_republic_of_rome
"""
from __future__ import annotations

import random
import time
from collections import defaultdict
from typing import Any

from domain import forms
from domain.rules import IllegalAction, get_rules, seat_ids_for

GAMES = 20
BATCHES = 3
TURN_CAP = 30
GOAL_MS = 30.0


def timed_game(rules: Any, players: int, seed: int, period: str) -> tuple[float, dict[int, float], dict[int, int]]:
    """(setup seconds, rules seconds per period, decisions per period) of one random game; `period` is the
    state key that numbers turns ("turn") or rounds ("round")."""
    chooser, rng = random.Random(seed), random.Random(seed + 1_000_003)
    clock = time.process_time
    t = clock()
    state = rules.setup(seat_ids_for(rules, players), {}, rng)
    setup = clock() - t
    spent: dict[int, float] = defaultdict(float)
    decisions: dict[int, int] = defaultdict(int)
    sealed: dict[str, str] = {}
    while state.get(period, 0) <= TURN_CAP:
        now = state.get(period, 0)
        t = clock()
        done = rules.outcome(state) is not None
        prompts = [] if done else rules.prompts(state)
        spent[now] += clock() - t
        if done:
            break
        waiting = [p for p in prompts if p.seat not in sealed]
        if waiting:
            prompt = waiting[chooser.randrange(len(waiting))]
            answer = bot_answer(rules, state, prompt, chooser)
            decisions[now] += 1
            if prompt.secret:
                sealed[prompt.seat] = answer
                continue
            picks = [(prompt.seat, answer)]
        else:  # the reveal: sealed answers in seat order
            picks = [(seat, sealed[seat]) for seat in state["seats"] if seat in sealed]
            sealed.clear()
        for seat, answer in picks:
            t = clock()
            state = rules.apply(state, seat, answer, rng)
            spent[now] += clock() - t
    return setup, spent, decisions


def bot_answer(rules: Any, state: dict, prompt: Any, chooser: random.Random) -> str:
    """The bot's answer; where its fallback (a form's first options) is refused, the rules' default."""
    answer = forms.random_legal(rules, state, prompt, chooser)
    if prompt.form is not None and answer == forms.default_answer(prompt.form):
        try:
            forms.accept(rules, state, prompt, answer)
        except IllegalAction:
            return rules.default_choice(state, prompt.seat)
    return answer


def run(rules_id: str, players: int, period: str, first: int) -> dict:
    """The fastest of BATCHES batches of GAMES games: seconds per period, setup and decisions."""
    rules = get_rules(rules_id)
    best = None
    for batch in range(BATCHES):
        setup, total, periods, decisions, slowest, broken = 0.0, 0.0, 0, 0, 0.0, []
        for game in range(GAMES):
            seed = first + batch * GAMES + game
            try:
                s, spent, made = timed_game(rules, players, seed, period)
            except Exception as exc:  # noqa: BLE001  (a rules error: named, and the game left out of the figures)
                broken.append(f"seed {seed}: {type(exc).__name__}: {exc}")
                continue
            played = {k: v for k, v in spent.items() if k >= 1}
            setup += s + spent.get(0, 0.0)
            total += sum(played.values())
            periods += len(played)
            decisions += sum(v for k, v in made.items() if k >= 1)
            slowest = max([slowest, *played.values()])
        figures = {"per_period": total / max(periods, 1), "periods": periods, "setup": setup / GAMES,
                   "decisions": decisions / max(periods, 1), "slowest": slowest, "total": total, "broken": broken}
        for line in broken:
            print(f"{rules_id} game failed (left out; reproduce with timed_game(rules, {players}, <seed>)): {line}")
        if best is None or figures["per_period"] < best["per_period"]:
            best = figures
    return best


def main() -> None:
    for seed in range(3):  # warm-up: compiled data, caches
        try:
            timed_game(get_rules("republic_of_rome"), 6, seed, "turn")
        except Exception:  # noqa: BLE001  (run() names the failing games)
            pass
    ror = run("republic_of_rome", 6, "turn", 10_000)
    sylla = run("sylla", 4, "round", 20_000)
    verdict = "under" if ror["per_period"] * 1000 < GOAL_MS else "OVER"
    print(f"republic_of_rome rules CPU per turn, 6 players: {ror['per_period'] * 1000:.2f} ms "
          f"({verdict} the {GOAL_MS:.0f} ms goal; {ror['periods']} turns of {GAMES} games, "
          f"{ror['decisions']:.1f} decisions per turn, slowest turn {ror['slowest'] * 1000:.2f} ms)")
    print(f"republic_of_rome setup, 6 players: {ror['setup'] * 1000:.2f} ms per game")
    print(f"sylla rules CPU per round, 4 players: {sylla['per_period'] * 1000:.2f} ms "
          f"({sylla['periods']} rounds of {GAMES} games, {sylla['decisions']:.1f} decisions per round)")
    print(f"republic_of_rome turn / sylla round: {ror['per_period'] / sylla['per_period']:.1f}x")


if __name__ == "__main__":
    main()
