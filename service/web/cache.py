"""A read-only cache of the latest Game aggregate per game, for the web's read paths.

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

from service.games import parse_game_id
from service.store import project_game

MAX_GAMES = 256
# How long after its confirmation a command may start from a cached game without a read. A player's
# client reads the prompt and posts the decision within this window; one read fewer per action is
# about a third of a PostgreSQL commit here (bench.bench_http). A longer window only makes a conflict
# (one wasted save) likelier when another worker process moved the game on.
COMMAND_MAX_AGE = 2.0


class GameCache:
    def __init__(self, service: Any, size: int = MAX_GAMES, clock: Any = time.monotonic):
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
        try:
            new = list(self.service.store.app.events.get(gid, gt=cached.version))
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


class _Narrated:
    """One viewer's narrated history of one game, with the aggregate folded up to `version`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version = 0
        self.game: Any = None
        self.entries: list[dict] = []
        self.narrator: Any = None
        self.over = False
        self.last_move = 0  # the viewer's own latest decision (not automatic, timed out, bot or operator)


def _own_move(event: Any, viewer: Any) -> bool:
    c = event.content
    return type(event).__name__ in ("ChoiceMade", "ChoiceSealed") and c.get("by") == "seat" and c.get("seat") == viewer


class HistoryCache:
    """Incremental `GameService.history`: each page view narrates only the events it has not seen yet.

    It folds new events through `service.views.HistoryBuilder` exactly as the service does, starting
    again from the first event when the game ends (the narration then switches to the unredacted one).
    Any surprise falls back to the service's own `history`. (A wish for the service: this, built in.)
    """

    def __init__(self, service: Any, size: int = MAX_GAMES):
        self.service, self.size = service, size
        self.items: OrderedDict[tuple, _Narrated] = OrderedDict()
        self.lock = threading.Lock()

    def _slot(self, key: tuple) -> _Narrated:
        with self.lock:
            slot = self.items.get(key)
            if slot is None:
                slot = self.items[key] = _Narrated()
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
            return slot

    def history(self, game_id: str | UUID, viewer: Any) -> list[dict]:
        gid = parse_game_id(game_id)
        slot = self._slot((gid, viewer))
        with slot.lock:
            try:
                return list(self._update(slot, gid, viewer))
            except Exception:  # never worse than the service: start again next time
                slot.version, slot.game, slot.entries, slot.last_move = 0, None, [], 0
                return self.service.history(gid, viewer)

    def last_move(self, game_id: str | UUID, viewer: Any) -> int:
        """The seq of the viewer's own latest decision, as of their last `history` (0: none, or unknown)."""
        slot = self.items.get((parse_game_id(game_id), viewer))
        return slot.last_move if slot is not None else 0

    def _update(self, slot: _Narrated, gid: UUID, viewer: Any) -> list[dict]:
        from service.views import HistoryBuilder

        new = list(self.service.store.app.events.get(gid, gt=slot.version))
        if not new:
            if slot.version == 0:
                return self.service.history(gid, viewer)  # reports GameNotFound properly
            return slot.entries
        ends = any(type(e).__name__ in ("GameFinished", "GameAbandoned") for e in new)
        if ends and slot.version and not slot.over:
            slot.version, slot.game, slot.entries, slot.last_move = 0, None, [], 0
            new = list(self.service.store.app.events.get(gid))
        if slot.version == 0:
            builder = HistoryBuilder(new, viewer)
            slot.narrator, slot.over = builder.narrator, ends
        else:
            builder = HistoryBuilder([], viewer)
            builder.narrator = slot.narrator
        game = slot.game
        for event in new:
            before = game.state if game is not None else None
            game = event.mutate(game)
            if _own_move(event, viewer):
                slot.last_move = event.originator_version
            entry = builder._entry(game, event, before)
            if entry is not None:
                slot.entries.append(entry)
        slot.game, slot.version = game, new[-1].originator_version
        return slot.entries
