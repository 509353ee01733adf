"""A read-only cache of the latest Game aggregate per game, for the web's read paths.

Before using a cached game, one indexed query reads the version of the game's last stored event; the
cached aggregate is used only if it is at exactly that version, otherwise the game is reloaded through
the service (snapshot + newer events) and replaces the entry. Cached aggregates are shared between
request threads and must never be mutated: commands always go through the GameService, which loads its
own copy. (A wish for the service: a cheap `version(game_id)` and a read-only `get`.)
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID

from service.games import parse_game_id

MAX_GAMES = 256


class GameCache:
    def __init__(self, service: Any, size: int = MAX_GAMES):
        self.service, self.size = service, size
        self.games: OrderedDict[UUID, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def latest_version(self, gid: UUID) -> int | None:
        try:
            rows = self.service.store.app.recorder.select_events(gid, desc=True, limit=1)
        except Exception:  # any trouble: fall back to the service, which reports it properly
            return None
        return rows[0].originator_version if rows else None

    def get(self, game_id: str | UUID) -> Any:
        gid = parse_game_id(game_id)
        version = self.latest_version(gid)
        if version is not None:
            with self.lock:
                game = self.games.get(gid)
                if game is not None and game.version == version:
                    self.games.move_to_end(gid)
                    self.hits += 1
                    return game
        game = self.service.get(gid)
        with self.lock:
            self.misses += 1
            current = self.games.get(gid)
            if current is None or current.version <= game.version:
                self.games[gid] = game
                self.games.move_to_end(gid)
            while len(self.games) > self.size:
                self.games.popitem(last=False)
        return game


class _Narrated:
    """One viewer's narrated history of one game, with the aggregate folded up to `version`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version = 0
        self.game: Any = None
        self.entries: list[dict] = []
        self.narrator: Any = None
        self.over = False


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
                slot.version, slot.game, slot.entries = 0, None, []
                return self.service.history(gid, viewer)

    def _update(self, slot: _Narrated, gid: UUID, viewer: Any) -> list[dict]:
        from service.views import HistoryBuilder

        new = list(self.service.store.app.events.get(gid, gt=slot.version))
        if not new:
            if slot.version == 0:
                return self.service.history(gid, viewer)  # reports GameNotFound properly
            return slot.entries
        ends = any(type(e).__name__ in ("GameFinished", "GameAbandoned") for e in new)
        if ends and slot.version and not slot.over:
            slot.version, slot.game, slot.entries = 0, None, []
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
            entry = builder._entry(game, event, before)
            if entry is not None:
                slot.entries.append(entry)
        slot.game, slot.version = game, new[-1].originator_version
        return slot.entries
