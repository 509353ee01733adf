"""`/games/<id>/audit`: public. The chain head and length, the seed commitment, after the end the seed
and a check of every draw, and how to verify the exported archive offline.

The report is the full audit's, made incrementally from the game's sealed audit checkpoint
(`service.audit_checkpoints.public_audit`: only the events since the last audit are read, checked and
replayed, at a cost that does not grow with the game's length). Anyone may ask for it, so the report is
also cached (`AuditCache`, shared with `GET /api/games/<id>/audit`): per game, keyed by the
latest stored event (its number and a hash of its stored bytes) and the games table's witness of the
chain's length and head, so any new event, any change to the last one, or to the witness, audits again.
An entry lives at most `AUDIT_MAX_AGE` seconds (`tabularium verify` never uses the cache nor continues
from a checkpoint: an earlier stored event changed by hand shows there, see docs/operations.md; a record
that contradicts its sealed checkpoint fails here as there, with the sentence first), at most
`AUDIT_GAMES` games are kept, and concurrent requests for the same game wait for one audit instead of
running their own.
"""
from __future__ import annotations

import copy
import hashlib
import threading
import time
from collections import OrderedDict
from typing import Any, Callable
from uuid import UUID

from flask import Blueprint, current_app, render_template

from service import views
from service.audit_checkpoints import public_audit
from service.games import GameService, parse_game_id
from service.web import get_service, load_game
from service.web.auth import session_caller

bp = Blueprint("audit", __name__)

AUDIT_GAMES = 128       # games whose latest report is kept
AUDIT_MAX_AGE = 300.0   # seconds an unchanged report is served before it is audited again
STRIPES = 32            # one audit at a time per game (games share a lock when their ids collide)


class AuditCache:
    def __init__(self, service: GameService, size: int = AUDIT_GAMES, max_age: float = AUDIT_MAX_AGE,
                 clock: Callable[[], float] = time.monotonic):
        self.service, self.size, self.max_age, self.clock = service, size, max_age, clock
        self.items: OrderedDict[UUID, tuple[tuple, float, dict]] = OrderedDict()
        self.lock = threading.Lock()
        self.stripes = [threading.Lock() for _ in range(STRIPES)]
        self.hits = self.misses = 0

    def key(self, gid: UUID) -> tuple | None:
        """What the report depends on, in two indexed reads; None when the game has no stored event."""
        store = self.service.store
        last = store.app.recorder.select_events(gid, desc=True, limit=1)
        if not last:
            return None
        witness = store.witness(gid)
        return (last[0].originator_version, hashlib.sha256(bytes(last[0].state)).hexdigest(),
                (witness["length"], witness["head"]) if witness else None)

    def report(self, game_id: Any) -> dict:
        """The audit report as JSON (a copy: callers may change it)."""
        gid = parse_game_id(game_id)
        key = self.key(gid)
        if key is None:
            return self.service.audit(gid).to_json()  # GameNotFound, or what the service makes of it
        cached = self._cached(gid, key)
        if cached is not None:
            return copy.deepcopy(cached)
        with self.stripes[hash(gid) % STRIPES]:  # a crowd asking at once waits for one audit
            cached = self._cached(gid, key)
            if cached is None:
                cached = self.audit(gid).to_json()
                with self.lock:
                    self.misses += 1
                    self.items[gid] = (key, self.clock(), cached)
                    self.items.move_to_end(gid)
                    while len(self.items) > self.size:
                        self.items.popitem(last=False)
        return copy.deepcopy(cached)

    def audit(self, gid: UUID) -> Any:
        """One audit (a miss): incremental from the game's checkpoint, or full."""
        return public_audit(self.service, gid)

    def _cached(self, gid: UUID, key: tuple) -> dict | None:
        with self.lock:
            entry = self.items.get(gid)
            if entry is None or entry[0] != key or self.clock() - entry[1] > self.max_age:
                return None
            self.hits += 1
            self.items.move_to_end(gid)
            return entry[2]


def audit_report(game_id: Any) -> dict:
    """The (cached) audit report of a game, for the page and the API."""
    cache = current_app.extensions.get("tabularium.audits")
    if cache is None or cache.service is not get_service():
        cache = current_app.extensions["tabularium.audits"] = AuditCache(get_service())
    return cache.report(game_id)


@bp.get("/games/<game_id>/audit")
def page(game_id: str):
    game = load_game(game_id)
    report = audit_report(game.id)
    caller = session_caller(game)
    may_export = caller.operator or (bool(caller.seats_in(game.id)) and views.is_over(game))
    return render_template("audit.html", game=game, report=report, may_export=may_export,
                           member=bool(caller.seats_in(game.id)) or caller.operator, over=views.is_over(game))
