"""Bot play of whole games in memory, through the same Game aggregate the server uses: every seat is the
bot (domain.bots.bot_choice: the title's own bot when it has one, else a uniformly random legal choice).

After every event the rules' invariants (if the title provides `check_invariants`) and the platform's own
(hash chain links, state is JSON, one outcome at the end) are checked.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
import uuid
from dataclasses import dataclass, field

from domain.bots import bot_choice
from domain.game import ACTIVE, FINISHED, Game
from domain.i18n import _
from domain.rules import get_rules, seat_ids_for

AT = "2026-01-01T00:00:00+00:00"
MAX_DECISIONS = 20_000


@dataclass
class SimulationResult:
    title: str
    players: int
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        rate = (lambda n: round(n / self.seconds, 1) if self.seconds else 0.0)
        return {"title": self.title, "players": self.players, "games": self.games, "decisions": self.decisions,
                "seconds": round(self.seconds, 3), "games_per_second": rate(self.games),
                "decisions_per_second": rate(self.decisions), "errors": self.errors}


def simulate(rules_id: str, games: int, players: int | None = None, seed: int = 0,
             options: dict | None = None, check: bool = True) -> SimulationResult:
    rules = get_rules(rules_id)
    players = players or rules.min_players
    result = SimulationResult(rules_id, players)
    started = time.perf_counter()
    for n in range(games):
        try:
            result.decisions += play_one(rules_id, players, seed, n, options or {}, check)
            result.games += 1
        except Exception as exc:  # report every failing game with what reproduces it
            result.errors.append(_("game %(n)d (--seed %(seed)s, game index %(n)d): %(error)s: %(detail)s", n=n,
                                   seed=seed, error=type(exc).__name__, detail=str(exc)))
    result.seconds = time.perf_counter() - started
    return result


def play_one(rules_id: str, players: int, seed: int, n: int, options: dict, check: bool = True) -> int:
    """Play game number `n` of a simulation to the end; returns the number of decisions made."""
    game_seed = hashlib.sha256(f"{seed}:{n}".encode()).hexdigest()
    bot = random.Random(f"{seed}:{n}:bot")
    seats = [{"seat": s, "name": s.capitalize()} for s in _seat_ids(rules_id, players)]
    game = Game.create(uuid.UUID(int=n), rules_id, seats, options, game_seed, {}, AT)
    decisions = 0
    while game.status == ACTIVE:
        prompts = game.open_prompts()
        assert prompts, "the game is active but nobody owes a decision"
        prompt = prompts[bot.randrange(len(prompts))]
        game.choose(prompt.seat, prompt.id, bot_choice(prompt, bot, game.rules, game.state), None, AT, "bot")
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game does not end"
        if check:
            _check(game, full=decisions % 25 == 0)
    assert game.status == FINISHED and game.outcome is not None, "the game ended without an outcome"
    if check:
        _check(game, full=True)
    return decisions


def _seat_ids(rules_id: str, players: int) -> list[str]:
    return seat_ids_for(get_rules(rules_id), players)


def _check(game: Game, full: bool) -> None:
    """The title's invariants after every step; the (costlier) JSON round trip every 25 steps and at the end."""
    invariants = getattr(game.rules, "check_invariants", None)
    if invariants:
        invariants(game.state)
    if full:
        assert json.loads(json.dumps(game.state)) == game.state, "the rules state is not plain JSON"
    recent = game.pending_events[-4:]
    for before, after in zip(recent, recent[1:]):
        assert after.prev_hash == before.hash, "the hash chain is broken"
