"""The Republic of Rome's speed (issues #14 and #16), beside Sylla's in the same run.

Rules CPU. Random 6-player games are played from setup to their end (MAX_TURNS at most), every decision
taken as the bot takes it (`domain.forms.random_legal`; where the bot's fallback is refused, the rules'
default). Only the rules' own work is timed (prompts, apply, outcome), in process CPU time, and charged
to the turn the state was in when the call began; setup is reported apart. Choosing an answer (the bot's
tries of a form against `check_answer`) is not timed. Printed: the median rules CPU of a whole game
(setup included; goal under 2 s) and per turn (goal under 30 ms), beside Sylla's 4-player whole game and
round timed the same way. The runs are made BATCHES times and the fastest batch is reported, so other
processes disturb the figures less; the raw event-store append baseline is printed by bench_store.

The platform's costs as a game grows. One whole 6-player game of The Republic of Rome and one 4-player
Sylla game are played through `GameService` on a fresh SQLite database: before each decision the acting
seat's view is read (`GameService.view`, what GET /api/games/<id>/view serves), then the decision is made
(`GameService.choose`), both timed on the wall clock. Printed: the median view and action at the end of
the game (its last ENDS decisions) as a ratio to the start (its first ENDS), and the view's p95 over the
views of three whole games of each title, The Republic of Rome against Sylla (goal: within 1.5x).
Run alone: .venv/bin/python -m bench.bench_republic_of_rome
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections import defaultdict
from typing import Any

from domain import forms
from domain.rules import IllegalAction, get_rules, seat_ids_for

GAMES = 20
BATCHES = 3
TURN_CAP = 60  # a game still going then is stuck: the Early Republic deck is drawn out long before
GOAL_MS = 30.0
GOAL_GAME_S = 2.0
GOAL_VIEW_RATIO = 1.5
ENDS = 50  # decisions at each end of a game for the start/end costs
SERVICE_SEEDS = (16, 17, 18)  # the games played through GameService: the first for the growth, all for the p95


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
        setup, total, periods, decisions, slowest, broken, games = 0.0, 0.0, 0, 0, 0.0, [], []
        for game in range(GAMES):
            seed = first + batch * GAMES + game
            try:
                s, spent, made = timed_game(rules, players, seed, period)
            except Exception as exc:  # noqa: BLE001  (a rules error: named, and the game left out of the figures)
                broken.append(f"seed {seed}: {type(exc).__name__}: {exc}")
                continue
            played = {k: v for k, v in spent.items() if k >= 1}
            games.append(s + sum(spent.values()))
            setup += s + spent.get(0, 0.0)
            total += sum(played.values())
            periods += len(played)
            decisions += sum(v for k, v in made.items() if k >= 1)
            slowest = max([slowest, *played.values()])
        figures = {"per_period": total / max(periods, 1), "periods": periods, "setup": setup / GAMES,
                   "decisions": decisions / max(periods, 1), "slowest": slowest, "total": total, "broken": broken,
                   "game": statistics.median(games) if games else 0.0, "game_max": max(games, default=0.0),
                   "periods_per_game": periods / max(len(games), 1)}
        for line in broken:
            print(f"{rules_id} game failed (left out; reproduce with timed_game(rules, {players}, <seed>)): {line}")
        if best is None or figures["per_period"] < best["per_period"]:
            best = figures
    return best


def service_costs(rules_id: str, players: int, seed: int) -> dict[str, list[float]]:
    """One whole random game through GameService on a fresh SQLite database: the acting seat's view before
    each decision and the decision itself, in seconds, in the order played."""
    from service.composition import build
    from service.config import Settings

    rules = get_rules(rules_id)
    names = [{"name": f"P{n}", "email": ""} for n in range(players)]
    chooser = random.Random(seed)
    views, actions = [], []
    with tempfile.TemporaryDirectory(prefix="bench-ror-") as tmp:
        settings = Settings.from_env(database_url=f"sqlite:///{tmp}/events.sqlite3", secret_key="bench",
                                     mode="embedded", broker_url="memory://", mail_url=f"file://{tmp}/mail")
        svc = build(settings).games
        try:
            gid = svc.create_game(rules_id, names, {}, seed=f"{seed:064x}")["id"]
            clock = time.perf_counter
            while True:
                game = svc.get(gid)
                if game.status != "active":
                    break
                prompts = game.open_prompts()
                prompt = prompts[chooser.randrange(len(prompts))]
                answer = bot_answer(rules, game.state, prompt, chooser)
                t = clock()
                svc.view(gid, prompt.seat)
                views.append(clock() - t)
                t = clock()
                svc.choose(gid, prompt.seat, prompt.id, answer)
                actions.append(clock() - t)
        finally:
            svc.close()
    return {"views": views, "actions": actions}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def growth(values: list[float]) -> tuple[float, float, float]:
    """(median of the first ENDS, median of the last ENDS, their ratio)."""
    start, end = statistics.median(values[:ENDS]), statistics.median(values[-ENDS:])
    return start, end, end / start


def print_service_costs() -> None:
    """The growth from the first game of each title; the view p95 over SERVICE_SEEDS games of each, played in
    turns (one of each title, then the next), so that a busy moment of the machine falls on both alike."""
    games: dict[str, list[dict[str, list[float]]]] = {"republic_of_rome": [], "sylla": []}
    for seed in SERVICE_SEEDS:
        games["republic_of_rome"].append(service_costs("republic_of_rome", 6, seed))
        games["sylla"].append(service_costs("sylla", 4, seed))
    ror, sylla = games["republic_of_rome"][0], games["sylla"][0]
    for title, costs in (("republic_of_rome 6 players", ror), ("sylla 4 players", sylla)):
        for what in ("views", "actions"):
            start, end, ratio = growth(costs[what])
            print(f"{title}: {what[:-1]} at the start {start * 1000:.1f} ms, at the end {end * 1000:.1f} ms "
                  f"(x{ratio:.2f}; medians of the first and last {ENDS} of {len(costs[what])} decisions)")
    views = {title: [v for game in played for v in game["views"]] for title, played in games.items()}
    ror_p95, sylla_p95 = percentile(views["republic_of_rome"], 0.95), percentile(views["sylla"], 0.95)
    ratio = ror_p95 / sylla_p95
    verdict = "within" if ratio <= GOAL_VIEW_RATIO else "OVER"
    print(f"view p95 over {len(SERVICE_SEEDS)} whole games of each ({len(views['republic_of_rome'])} and "
          f"{len(views['sylla'])} views): republic_of_rome {ror_p95 * 1000:.2f} ms, sylla {sylla_p95 * 1000:.2f} ms: "
          f"x{ratio:.2f} ({verdict} the {GOAL_VIEW_RATIO}x goal)")


def main() -> None:
    for seed in range(3):  # warm-up: compiled data, caches
        try:
            timed_game(get_rules("republic_of_rome"), 6, seed, "turn")
        except Exception:  # noqa: BLE001  (run() names the failing games)
            pass
    ror = run("republic_of_rome", 6, "turn", 10_000)
    sylla = run("sylla", 4, "round", 20_000)
    verdict = "under" if ror["game"] < GOAL_GAME_S else "OVER"
    print(f"republic_of_rome rules CPU per whole game, 6 players: median {ror['game']:.3f} s ({verdict} the "
          f"{GOAL_GAME_S:.0f} s goal; slowest {ror['game_max']:.3f} s; {GAMES} games played to their end, "
          f"{ror['periods_per_game']:.1f} turns each on average)")
    print(f"sylla rules CPU per whole game, 4 players: median {sylla['game'] * 1000:.1f} ms "
          f"(republic_of_rome / sylla: {ror['game'] / sylla['game']:.0f}x)")
    verdict = "under" if ror["per_period"] * 1000 < GOAL_MS else "OVER"
    print(f"republic_of_rome rules CPU per turn, 6 players: {ror['per_period'] * 1000:.2f} ms "
          f"({verdict} the {GOAL_MS:.0f} ms goal; {ror['periods']} turns of {GAMES} games, "
          f"{ror['decisions']:.1f} decisions per turn, slowest turn {ror['slowest'] * 1000:.2f} ms)")
    print(f"republic_of_rome setup, 6 players: {ror['setup'] * 1000:.2f} ms per game")
    print(f"sylla rules CPU per round, 4 players: {sylla['per_period'] * 1000:.2f} ms "
          f"({sylla['periods']} rounds of {GAMES} games, {sylla['decisions']:.1f} decisions per round)")
    print(f"republic_of_rome turn / sylla round: {ror['per_period'] / sylla['per_period']:.1f}x")
    print_service_costs()


if __name__ == "__main__":
    main()
