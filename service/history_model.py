"""The narrated history as a read model: every game's narration, per viewer class, in the database.

A history page was once narrated in memory from the whole game (per process and viewer: `HistoryCache`,
2.7 s for the first page of a 20,000-event game after a restart, and the memory that grew with it). Now
the narration is written once, by a tracked projection, and a page is a bounded SQL query by event number.

Decomposition (`service.views.HistoryBuilder` narrates per viewer): for each event, the *public* entry
(viewer '' : a spectator's narration) and, for each other viewer class ('*' the operator, each seat),
a row only where its entry differs: its own text (its own moves, "You", what it alone may see), or a
*hidden* row (text NULL) where the public sees the event and it may not. A viewer reads its own row of
an event if it has one, else the public row; an event with neither is not its to see. Until the game
ends each viewer's narration is its own; once it ends everything is narrated again unredacted (as
`HistoryBuilder` does for a finished game: private messages and standing orders stay private), in the
same transaction that moves the projection on, so a reader sees either narration, never a mix.

Tracking: `tabularium_history_progress` holds, per game, the last event narrated and whether the
narration is the final one. The projection catches up on read (`ensure`, with the game just loaded):
the events after that version are folded onto the game as it was then (kept in memory for the last few
games; else rebuilt from its snapshot) and their rows written with a compare-and-set of the progress
row, so two processes catching up at once write the rows once (the loser reads them). Nothing is
narrated twice, a restart costs nothing, and an existing database fills its table game by game, on
first read. Tables are created on first use (like the message log), so `init-db` needs no change.

Text: each entry's lines are stored as message JSON (`domain.i18n.to_json`: the msgid and its named
parameters), so a page is rendered in its reader's language when it is read (`locales.render`, the
`language` of `entries`, `page` and `recent`; English for now). Rows written before this hold plain
strings (English): they are read as they are.

Integrity: the events of a history page are read again and checked (each row against its hash, each
link, and each against the hash its narration was made from): an event changed after it was narrated
is refused as before (GameDamaged: 503), while a page still costs only its own events.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.chain import GENESIS
from domain.decided_by import by_seat_itself
from domain.errors import GameError
from domain.i18n import _, from_json, to_json
from locales import DEFAULT as DEFAULT_LANGUAGE, render
from service.views import REFEREE, HistoryBuilder

if TYPE_CHECKING:
    from service.games import GameService

TABLE, PROGRESS = "tabularium_history", "tabularium_history_progress"
SCHEMA = [
    f"""CREATE TABLE IF NOT EXISTS {TABLE} (
        game_id TEXT NOT NULL, seq INTEGER NOT NULL, viewer TEXT NOT NULL, kind TEXT NOT NULL,
        chat INTEGER NOT NULL, at TEXT NOT NULL, seat TEXT, actor TEXT, text TEXT, hash TEXT NOT NULL,
        PRIMARY KEY (game_id, viewer, seq))""",
    # every read is one or two ordered range scans of these, stopped by its LIMIT (see `_branches`)
    f"CREATE INDEX IF NOT EXISTS {TABLE}_chat ON {TABLE} (game_id, chat, viewer, seq)",
    f"CREATE INDEX IF NOT EXISTS {TABLE}_actor ON {TABLE} (game_id, actor, seq)",
    f"""CREATE TABLE IF NOT EXISTS {PROGRESS} (
        game_id TEXT PRIMARY KEY, version INTEGER NOT NULL, final INTEGER NOT NULL)""",
]
PUBLIC = ""
END_KINDS = ("GameFinished", "GameAbandoned")
CHAT = "MessagePosted"
COLUMNS = "seq, kind, at, seat, text, hash"
CHUNK = 1000  # events narrated per transaction while catching up (bounded memory)
KEEP_GAMES = 16  # games kept in memory at their narrated version (a catch-up folds only the new events)
CHECK_SPAN = 2000  # at most this many events are read again to check a page (a spectator's sparse page)

_ready: set[int] = set()
_ready_lock = threading.Lock()


def viewer_key(game: Any, viewer: str | None) -> str:
    """The viewer class: '' the public (a spectator), '*' the operator, else a seat."""
    if viewer == REFEREE:
        return REFEREE
    if viewer is not None and viewer in game.seat_ids:
        return viewer
    return PUBLIC


def stored_text(lines: list) -> str:
    """An entry's lines as the table stores them: JSON of messages (a parameter that JSON cannot hold is
    kept as its text)."""
    return json.dumps([to_json(line) for line in lines], ensure_ascii=False, default=str)


def read_text(stored: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """Stored lines rendered in `language`: messages (`stored_text`), or the plain strings of older rows."""
    return [render(from_json(line), language) for line in json.loads(stored)]


def _own_move(kind: str, c: dict) -> str | None:
    """The seat whose own decision this is (not automatic, timed out, bot or operator), or None."""
    return c.get("seat") if kind in ("ChoiceMade", "ChoiceSealed") and by_seat_itself(c) else None


class HistoryModel:
    def __init__(self, service: GameService, keep: int = KEEP_GAMES):
        self.service, self.keep = service, keep
        self.games: OrderedDict[UUID, Any] = OrderedDict()  # gid -> the game at its narrated version (ours)
        self.lock = threading.Lock()
        self.locks = [threading.Lock() for _ in range(32)]
        self.narrated = 0  # events narrated by this process (tests, metrics)

    # ------------------------------------------------------------------------------ tables

    @property
    def db(self) -> Any:
        db = self.service.store.db
        if db.uid not in _ready:
            with _ready_lock:
                if db.uid not in _ready:
                    for attempt in range(2):
                        try:
                            with db.transaction() as cur:
                                for statement in SCHEMA:
                                    cur.execute(statement)
                            break
                        except Exception:  # noqa: BLE001 — another process created them at that moment
                            if attempt:
                                raise
                    _ready.add(db.uid)
        return db

    # ------------------------------------------------------------------------------ the projection

    def ensure(self, game: Any) -> None:
        """Bring the game's narration up to `game.version` (the game as just loaded), CHUNK events a step."""
        gid = game.id
        with self.locks[hash(gid) % len(self.locks)]:
            lost = 0
            while True:
                version, final = self._progress(gid)
                if version >= game.version:
                    return
                if not self._catch_up(gid, version, final):
                    lost += 1
                    if lost > 5:
                        raise RuntimeError("the history projection could not catch up")
                    with self.lock:
                        self.games.pop(gid, None)  # another process moved on: read its progress again

    def _progress(self, gid: UUID) -> tuple[int, bool]:
        rows = self.db.query(f"SELECT version, final FROM {PROGRESS} WHERE game_id=?", (str(gid),))
        return (int(rows[0]["version"]), bool(rows[0]["final"])) if rows else (0, False)

    def _catch_up(self, gid: UUID, version: int, final: bool) -> bool:
        from service.games import STORE_ERRORS, damaged

        svc = self.service
        try:
            new = list(svc.store.app.events.get(gid, gt=version, limit=CHUNK))
        except STORE_ERRORS:
            raise
        except Exception as exc:  # noqa: BLE001 — a row that does not decode: damaged, as the service says
            raise damaged(gid, exc) from None
        if not new:
            return True
        ends = any(type(e).__name__ in END_KINDS for e in new)
        try:
            if ends and not final:  # the end: everything again, unredacted
                events, game = svc.events(gid), None
                delete, final = True, True
            else:
                events, game, delete = new, self._game_at(gid, version), False
            rows: list[tuple] = []
            for event in events:
                before = game.state if game is not None else None
                game = event.mutate(game)
                rows += self._rows(game, event, before, final)
            self.narrated += len(events)
        except STORE_ERRORS:
            raise
        except GameError:
            raise
        except Exception as exc:  # noqa: BLE001 — rows that decode but no longer fold (a re-hashed forgery)
            raise damaged(gid, exc) from None
        if not self._write(gid, version, game.version, final, delete, rows):
            return False
        with self.lock:
            self.games[gid] = game
            self.games.move_to_end(gid)
            while len(self.games) > self.keep:
                self.games.popitem(last=False)
        return True

    def _game_at(self, gid: UUID, version: int) -> Any:
        if version == 0:
            return None
        with self.lock:
            game = self.games.pop(gid, None)  # ours alone while we fold it
        if game is not None and game.version == version:
            return game
        return self.service.get(gid, version=version)  # from its snapshot: a fresh copy, ours to fold

    def _rows(self, game: Any, event: Any, before: Any, final: bool) -> list[tuple]:
        builders = self._builders(game, final)
        kind, c = type(event).__name__, event.content
        entries = {key: b._entry(game, event, before) for key, b in builders.items()}
        # a viewer's row only where its messages differ from the public's (None: it may not see the event)
        texts = {key: None if entry is None else stored_text(entry["text"]) for key, entry in entries.items()}
        gid, seq, actor = str(game.id), event.originator_version, _own_move(kind, c)
        common = (kind, int(kind == CHAT), c["at"], c.get("seat"), actor)
        rows = []
        for key, text in texts.items():
            if key != PUBLIC and text == texts[PUBLIC]:
                continue
            if text is None and texts[PUBLIC] is None:
                continue
            rows.append((gid, seq, key, *common, text, event.hash))
        return rows

    def _builders(self, game: Any, final: bool) -> dict[str, HistoryBuilder]:
        builders = {}
        for key in (PUBLIC, REFEREE, *game.seat_ids):
            b = HistoryBuilder([], None if key == PUBLIC else key)
            if final:
                b.narrator = REFEREE  # as HistoryBuilder narrates a finished game
            builders[key] = b
        return builders

    def _write(self, gid: UUID, version: int, new_version: int, final: bool, delete: bool, rows: list) -> bool:
        """Rows and progress in one transaction, after a compare-and-set of the progress row (False: lost)."""
        try:
            self._write_rows(gid, version, new_version, final, delete, rows)
            return True
        except _Lost:
            return False

    def _write_rows(self, gid: UUID, version: int, new_version: int, final: bool, delete: bool,
                    rows: list) -> None:
        g = str(gid)
        with self.db.transaction() as cur:
            if version == 0 and not delete:
                moved = cur.execute(f"INSERT INTO {PROGRESS} (game_id, version, final) VALUES (?, ?, ?)"
                                    " ON CONFLICT (game_id) DO NOTHING", (g, new_version, int(final))).rowcount
            else:
                moved = cur.execute(f"UPDATE {PROGRESS} SET version=?, final=? WHERE game_id=? AND version=?",
                                    (new_version, int(final), g, version)).rowcount
                if not moved and version == 0:  # the end reached on the first catch-up
                    moved = cur.execute(f"INSERT INTO {PROGRESS} (game_id, version, final) VALUES (?, ?, ?)"
                                        " ON CONFLICT (game_id) DO NOTHING", (g, new_version, int(final))).rowcount
            if moved != 1:
                raise _Lost()
            if delete:
                cur.execute(f"DELETE FROM {TABLE} WHERE game_id=?", (g,))
            sql = (f"INSERT INTO {TABLE} (game_id, seq, viewer, kind, chat, at, seat, actor, text, hash)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            if self.db.is_postgres:
                sql = sql.replace("?", "%s")
            for start in range(0, len(rows), 1000):
                cur._cursor.executemany(sql, rows[start:start + 1000])

    # ------------------------------------------------------------------------------ reading

    def _branches(self, key: str, where: str) -> list[tuple[str, tuple, tuple]]:
        """The rows `key` reads, as one or two WHERE clauses (on `h`, after game_id) with parameters: its
        own rows (not hidden), and the public rows it has no row of its own for. Each is an ordered range
        scan of the primary key (or the chat index), so a LIMIT stops it early whatever the game's length.
        Parameters: (before `where`'s, after them)."""
        extra = f" AND {where}" if where else ""
        if key == PUBLIC:
            return [("h.viewer = ''" + extra, (), ())]
        return [("h.viewer = ? AND h.text IS NOT NULL" + extra, (key,), ()),
                # a scalar subquery, not NOT EXISTS: PostgreSQL may turn that into an anti-join that scans
                # all the viewer's rows per row (measured: 200 ms a page at 20,000 events, fresh statistics
                # or not); this one is always one primary-key lookup per row
                (f"h.viewer = ''{extra} AND (SELECT o.seq FROM {TABLE} o"
                 " WHERE o.game_id = h.game_id AND o.viewer = ? AND o.seq = h.seq) IS NULL", (), (key,))]

    def _select(self, game: Any, key: str, where: str = "", params: tuple = (), order: str = "ASC",
                limit: int | None = None, language: str = DEFAULT_LANGUAGE) -> list[dict]:
        g, parts, args = str(game.id), [], []
        tail = f" ORDER BY h.seq {order}" + (" LIMIT ?" if limit is not None else "")
        for n, (clause, pre, post) in enumerate(self._branches(key, where)):
            parts.append(f"SELECT * FROM (SELECT {COLUMNS} FROM {TABLE} h WHERE h.game_id = ? AND {clause}{tail}) b{n}")
            args += [g, *pre, *params, *post, *((limit,) if limit is not None else ())]
        sql = " UNION ALL ".join(parts) + f" ORDER BY seq {order}" + (" LIMIT ?" if limit is not None else "")
        rows = self.db.query(sql, (*args, *((limit,) if limit is not None else ())))
        entries = [{"seq": int(r["seq"]), "type": r["kind"], "at": r["at"], "seat": r["seat"],
                    "text": read_text(r["text"], language), "hash": r["hash"]} for r in rows]
        return entries if order == "ASC" else entries[::-1]

    def _bounds(self, game: Any, key: str) -> tuple[int | None, int | None]:
        g, cols, args = str(game.id), [], []
        for order in ("ASC", "DESC"):
            for n, (clause, pre, post) in enumerate(self._branches(key, "")):
                cols.append(f"(SELECT h.seq FROM {TABLE} h WHERE h.game_id = ? AND {clause}"
                            f" ORDER BY h.seq {order} LIMIT 1) AS {order.lower()}{n}")
                args += [g, *pre, *post]
        row = self.db.query("SELECT " + ", ".join(cols), tuple(args))[0]
        firsts = [v for k, v in row.items() if k.startswith("asc") and v is not None]
        lasts = [v for k, v in row.items() if k.startswith("desc") and v is not None]
        return (min(firsts) if firsts else None), (max(lasts) if lasts else None)

    def entries(self, game: Any, viewer: str | None, language: str = DEFAULT_LANGUAGE) -> list[dict]:
        """The whole narration for `viewer` (what `GameService.history` gives; tests and small games), in
        `language`."""
        self.ensure(game)
        return self._select(game, viewer_key(game, viewer), language=language)

    def page(self, game: Any, viewer: str | None, before: int | None, after: int | None, limit: int,
             around: int | None = None, check: bool = True,
             language: str = DEFAULT_LANGUAGE) -> tuple[list[dict], int | None, int | None]:
        """(the page, `before` for the older page or None, `after` for the newer page or None), exactly as
        `service.web.history.history_page` pages the whole narration: in event order; without a cursor the
        newest page; `around` the page around that event. Its text is in `language`."""
        self.ensure(game)
        key, lang = viewer_key(game, viewer), language
        if before is not None:
            items = self._select(game, key, "h.seq < ?", (before,), "DESC", limit, lang)
        elif after is not None:
            items = self._select(game, key, "h.seq > ?", (after,), "ASC", limit, lang)
        elif around is not None:
            later = self._select(game, key, "h.seq >= ?", (around,), "ASC", limit, lang)
            earlier = self._select(game, key, "h.seq < ?", (around,), "DESC", max(limit // 2, limit - len(later)),
                                   lang)
            items = earlier + later[:limit - len(earlier)]
        else:
            items = self._select(game, key, "", (), "DESC", limit, lang)
        first, last = self._bounds(game, key)
        if not items:
            return [], (before if before is not None and first is not None and first < before else None), None
        if check:
            self.check(game, items)
        older = items[0]["seq"] if first < items[0]["seq"] else None
        newer = items[-1]["seq"] if last > items[-1]["seq"] else None
        return items, older, newer

    def recent(self, game: Any, viewer: str | None, chat: bool, limit: int,
               language: str = DEFAULT_LANGUAGE) -> list[dict]:
        """The newest `limit` messages (`chat`) or other events the viewer sees, in event order, in `language`."""
        self.ensure(game)
        return self._select(game, viewer_key(game, viewer), "h.chat = ?", (int(chat),), "DESC", limit, language)

    def last_move(self, game: Any, seat: str | None) -> int:
        """The seq of the seat's own latest decision (not automatic, timed out, bot or operator), or 0."""
        if seat is None or seat not in game.seat_ids:
            return 0
        self.ensure(game)
        row = self.db.query(f"SELECT MAX(seq) AS seq FROM {TABLE} WHERE game_id = ? AND actor = ?",
                            (str(game.id), seat))[0]
        return int(row["seq"] or 0)

    def count_since(self, game: Any, viewer: str | None, seq: int) -> int:
        """How many events other than messages the viewer sees after `seq`."""
        self.ensure(game)
        g, total = str(game.id), 0
        for clause, pre, post in self._branches(viewer_key(game, viewer), "h.chat = 0 AND h.seq > ?"):
            args = (g, *pre, seq, *post)
            total += int(self.db.query(f"SELECT COUNT(*) AS n FROM {TABLE} h WHERE h.game_id = ? AND {clause}",
                                       args)[0]["n"])
        return total

    def check(self, game: Any, items: list[dict]) -> None:
        """The events of a page, read again: each row must decode against its hash (CheckedMapper), link to
        the one before, and be the event its narration was made from. GameDamaged (and an integrity alert)
        when not: a row changed after it was narrated is never served."""
        from service.games import STORE_ERRORS, damaged
        from service.store import DamagedRecord

        gid = game.id
        low, high = items[0]["seq"], items[-1]["seq"]
        low = max(low, high - CHECK_SPAN)
        wanted = {e["seq"]: e["hash"] for e in items}
        try:
            events = list(self.service.store.app.events.get(gid, gt=max(0, low - 2), lte=high))
            prev = GENESIS if low <= 1 else None
            for event in events:
                seq = event.originator_version
                if prev is not None and event.prev_hash != prev:
                    raise DamagedRecord(_("event %(seq)d does not link to event %(previous)d", seq=seq, previous=seq - 1))
                if seq in wanted and wanted[seq] != event.hash:
                    raise DamagedRecord(_("event %(seq)d is not the event that was narrated", seq=seq))
                prev = event.hash
        except STORE_ERRORS:
            raise
        except Exception as exc:  # noqa: BLE001 — DamagedRecord, or a row that does not decode
            raise damaged(gid, exc) from None


class _Lost(Exception):
    """Another process moved the projection on first (the compare-and-set found another version)."""
