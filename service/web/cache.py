"""A read-only cache of the latest Game aggregate per game, for the web's read paths. (The narrated history
is no longer cached here: it is a read model in the database, service.history_model.)

Before using a cached game, one indexed query reads the game's events after the cached version; if
there are any they are folded into a copy, which replaces the entry. Games saved by this process
replace their entry as they are saved (a service listener). Cached aggregates are shared between
request threads and must never be mutated: a command works on its own copy.

Commands may skip that query (`max_age`): an entry this process confirmed current a moment ago, by that
query or by its own save, is trusted as it is. It costs nothing in correctness, because a command never
trusts its starting copy: if the game moved on meanwhile (another worker process wrote), the save
conflicts on the version and the command runs again on the latest game, and a refusal is judged again
there (`GameService._command_with_retries`); the caller's seat token is checked again on that game too
(`auth.seat_token_guard`). Reads (views, pages, history) always ask the database.
"""
from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from typing import Any
from uuid import UUID

from service.games import GameService, parse_game_id
from service.store import project_game

MAX_GAMES = 256
# How long after its confirmation a command may start from a cached game without a read. A player's
# client reads the prompt and posts the decision within this window; one read fewer per action is
# about a third of a PostgreSQL commit here (bench.bench_http). A longer window only makes a conflict
# (one wasted save) likelier when another worker process moved the game on.
COMMAND_MAX_AGE = 2.0


class GameCache:
    def __init__(self, service: GameService, size: int = MAX_GAMES, clock: Any = time.monotonic):
        self.service, self.size, self.clock = service, size, clock
        self.games: OrderedDict[UUID, Any] = OrderedDict()
        self.confirmed: dict[UUID, float] = {}  # when each entry was last known to be the latest
        self.lock = threading.Lock()
        self.hits = self.misses = self.trusted = 0

    def get(self, game_id: str | UUID, max_age: float = 0.0) -> Any:
        """The latest game in one query: the events after the cached version, if any, are folded into
        a copy (other request threads may be reading the cached one). With `max_age` (commands only),
        an entry confirmed at most that many seconds ago is returned without the query."""
        gid = parse_game_id(game_id)
        with self.lock:
            cached = self.games.get(gid)
            if cached is not None and max_age > 0 and self.clock() - self.confirmed.get(gid, -1e18) <= max_age:
                self.trusted += 1
                self.games.move_to_end(gid)
                return cached
        if cached is not None:
            checked_at = self.clock()
            game = self._fast_forward(gid, cached)
            if game is cached:
                with self.lock:
                    self.hits += 1
                    if self.games.get(gid) is cached:
                        self.games.move_to_end(gid)
                        self.confirmed[gid] = checked_at
                return game
            if game is not None:
                self._put(game, checked_at)
                return game
        checked_at = self.clock()
        game = self.service.get(gid)  # reports a missing or damaged game properly
        with self.lock:
            self.misses += 1
        self._put(game, checked_at)
        return game

    def _fast_forward(self, gid: UUID, cached: Any) -> Any:
        """The cached game with the events since folded in; None (the service loads it from its latest
        snapshot) when a snapshot interval's worth came or more: one query reads them all at once."""
        interval = self.service.settings.snapshot_interval
        try:
            new = list(self.service.store.app.events.get(gid, gt=cached.version, limit=interval or None))
            if interval and len(new) >= interval:
                return None
            return project_game(copy.deepcopy(cached), new) if new else cached
        except Exception:  # any trouble: the service reloads and reports it properly
            return None

    def _put(self, game: Any, checked_at: float) -> None:
        """`checked_at`: when the database said `game` was the latest (taken before asking it)."""
        with self.lock:
            current = self.games.get(game.id)
            if current is None or current.version < game.version:
                self.games[game.id] = game
                self.games.move_to_end(game.id)
                self.confirmed[game.id] = checked_at
            elif current.version == game.version:
                self.confirmed[game.id] = max(self.confirmed.get(game.id, checked_at), checked_at)
            while len(self.games) > self.size:
                old, _ = self.games.popitem(last=False)
                self.confirmed.pop(old, None)

    def saved(self, game: Any) -> None:
        """A listener of the service: the game as just saved replaces an older entry (it is never mutated
        after its save), and this request's own copy of it is dropped."""
        from flask import g, has_app_context

        self._put(game, self.clock())  # just committed by this process: the latest as of now
        if has_app_context():
            g.get("tabularium_loaded", {}).pop(game.id, None)
