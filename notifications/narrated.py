"""The history an e-mail quotes ("since you last acted", the messages, the digest), narrated once per game
and seat in this process instead of once per e-mail.

`domain.narration.history_json(events, seat)` replays the whole game to narrate it: for an e-mail that is
every event of the game so far, so a game's e-mails cost the square of its length (a 5-player Republic of
Rome by e-mail: a third of a second per e-mail by its end, most of the worker's time). Here a cursor per
(service, game, seat) keeps the game as narrated so far, the entries and the events' hashes, and narrates
only the events it has not seen. An e-mail composed as of an earlier event (a timeout row sent after a
later your-turn row) reads the entries up to that event: the narration of an event depends only on the
events before it, so the entries of a prefix are the prefix of the entries.

Except once the game is over: the narration of a finished game tells everything (HistoryBuilder), so a
log holding the end is narrated afresh, as before (the few "game finished" e-mails). A log that does not
continue the one narrated (another event at a narrated position) starts the cursor again. The result is
the same list `history_json` returns for the same events, entry for entry (tests/unit/test_narrated.py).
"""
from __future__ import annotations

import threading
from bisect import bisect_right
from collections import OrderedDict
from typing import Any

from domain.narration import HistoryBuilder, history_json

END_KINDS = ("GameFinished", "GameAbandoned")
KEEP = 64  # cursors kept (a game's seats each have one): the games whose e-mails are being sent


class _Cursor:
    __slots__ = ("lock", "seat", "builder", "game", "hashes", "entries", "seqs")

    def __init__(self, seat: str | None):
        self.lock = threading.Lock()
        self.seat = seat
        self.reset()

    def reset(self) -> None:
        self.builder = HistoryBuilder([], self.seat)  # no end in sight: the seat narrates as itself
        self.game: Any = None
        self.hashes: list[str] = []
        self.entries: list[dict] = []
        self.seqs: list[int] = []

    def continues(self, events: list) -> bool:
        """Whether `events` is the log this cursor narrated (as far as both go)."""
        n = min(len(events), len(self.hashes))
        return n == 0 or events[n - 1].hash == self.hashes[n - 1]

    def advance(self, events: list) -> None:
        for event in events[len(self.hashes):]:
            before = self.game.state if self.game is not None else None
            self.game = event.mutate(self.game)
            entry = self.builder._entry(self.game, event, before)
            self.hashes.append(event.hash)
            if entry is not None:
                self.entries.append(entry)
                self.seqs.append(entry["seq"])

    def upto(self, version: int) -> list[dict]:
        return self.entries[:bisect_right(self.seqs, version)]


_cursors: OrderedDict[tuple, _Cursor] = OrderedDict()
_lock = threading.Lock()


def history_entries(owner: Any, gid: str, events: list, seat: str | None) -> list[dict]:
    """`history_json(events, seat)` for a game's log (or a prefix of it), narrating only what this process
    has not narrated for the seat yet. `owner` tells apart logs of one game id in different stores (the
    service). Callers only read the entries."""
    key = (id(owner), str(gid), seat)
    with _lock:
        cursor = _cursors.get(key)
        if cursor is None:
            cursor = _cursors[key] = _Cursor(seat)
            while len(_cursors) > KEEP:
                _cursors.popitem(last=False)
        _cursors.move_to_end(key)
    with cursor.lock:
        if not cursor.continues(events):
            cursor.reset()
        if any(type(e).__name__ in END_KINDS for e in events[len(cursor.hashes):]):
            return history_json(events, seat)  # the finished game's narration: everything told, afresh
        try:
            cursor.advance(events)
        except Exception:
            cursor.reset()  # a log that no longer folds: the caller's error, and no half-narrated cursor
            raise
        return cursor.upto(len(events))
