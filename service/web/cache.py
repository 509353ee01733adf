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
