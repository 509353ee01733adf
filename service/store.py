"""Persistence: the eventsourcing Application (event store) and the platform's index tables.

One long-lived `Store` per process (tech-brief pitfalls 3, 10, 20): build it after fork, keep a reference.
The `games` table is a read model and a witness: it holds each game's length and chain head as last
saved, so a truncated or rewritten stream is caught by `verify` even though the chain itself is intact.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
from copy import deepcopy
from datetime import datetime
from typing import Any, Callable, Iterable
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, Repository, project_aggregate
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from domain.chain import GENESIS, event_hash
from domain.clock import schedule_of, wake_at
from domain.game import Game
from domain.i18n import _, from_json, to_json
from service.config import Settings
from service.db import Database, eventsourcing_env
from service.recorders import INDEX_KWARG, WAKE_KWARG, WAKE_UPSERT, recorder_topic

# The web's one-use sign-in nonces (service.web.magic); here so `init-db` creates every table without the web.
NONCE_TABLE = """CREATE TABLE IF NOT EXISTS tabularium_web_nonces (
    nonce TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat TEXT NOT NULL, used_at TEXT NOT NULL)"""

SCHEMA = [
    NONCE_TABLE,
    """CREATE TABLE IF NOT EXISTS tabularium_games (
        id TEXT PRIMARY KEY, rules TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, length INTEGER NOT NULL, head TEXT NOT NULL, seats TEXT NOT NULL,
        waiting_for TEXT NOT NULL, summary TEXT)""",
    # the lobby's line (`index_row`): a column added after the table, so `init-db` adds it to an existing
    # database (`add_columns`); NULL until the game's next save
    """CREATE TABLE IF NOT EXISTS tabularium_seat_tokens (
        token_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS tabularium_seat_tokens_game ON tabularium_seat_tokens (game_id, seat)",
    # the lobby's pages, newest first, all games or one status (`Store.games_page`); `init-db` adds them
    # to an existing database (CREATE INDEX IF NOT EXISTS, SQLite and PostgreSQL alike)
    "CREATE INDEX IF NOT EXISTS tabularium_games_created ON tabularium_games (created_at, id)",
    "CREATE INDEX IF NOT EXISTS tabularium_games_status_created ON tabularium_games (status, created_at, id)",
    """CREATE TABLE IF NOT EXISTS tabularium_contacts (
        game_id TEXT NOT NULL, seat TEXT NOT NULL, email TEXT NOT NULL, preference TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    # the deadlines read model: when the tick next has something to do for each game (`wake_row`), written
    # in the same transaction as the events; NULL: nothing until the game changes. The tick selects due games
    # by the index on wake_at instead of loading every clocked game.
    """CREATE TABLE IF NOT EXISTS tabularium_wakeups (
        game_id TEXT PRIMARY KEY, length INTEGER NOT NULL, wake_at DOUBLE PRECISION)""",
    "CREATE INDEX IF NOT EXISTS tabularium_wakeups_at ON tabularium_wakeups (wake_at)",
    # a seat's browser-session generation: POST /logout raises it, so copies of the cookie die (web/auth.py)
    """CREATE TABLE IF NOT EXISTS tabularium_session_generations (
        game_id TEXT NOT NULL, seat TEXT NOT NULL, generation INTEGER NOT NULL, PRIMARY KEY (game_id, seat))""",
]


# Columns added to a table after it first shipped: (table, column, SQL type), each nullable. `init-db`
# (`Store.create_tables`) adds the missing ones to an existing database, SQLite and PostgreSQL alike.
ADDED_COLUMNS = [("tabularium_games", "summary", "TEXT")]


def add_columns(cur: Any, postgres: bool) -> None:
    for table, column, sql_type in ADDED_COLUMNS:
        if postgres:
            cur.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {sql_type}")
            continue
        present = {r["name"] for r in cur.execute(f"PRAGMA table_info({table})").fetchall()}
        if column not in present:
            cur.execute(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}")


integrity_log = logging.getLogger("tabularium.integrity")


def alert(game_id: Any, message: str) -> None:
    """An integrity alert: a stored row or snapshot failed its check. Operators grep for "integrity alert"."""
    integrity_log.error("integrity alert: game %s: %s", game_id, message,
                        extra={"game_id": str(game_id), "event": "integrity_alert"})


class DamagedRecord(ValueError):
    """A stored row cannot be decoded exactly as it was written: not JSON, unexpected fields, a wrong kind,
    or content that does not match its hash. `sentence` says which, for reports and error pages."""

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence


class SnapshotRejected(DamagedRecord):
    """A snapshot without a valid seal, or one that does not sit on the chain: ignored, never trusted."""


# What a stored row may be: the game's own event classes (a topic is a module path; never resolve others).
GAME_TOPIC = get_topic(Game)
EVENT_CLASSES = {get_topic(cls): cls for cls in vars(Game).values()
                 if isinstance(cls, type) and issubclass(cls, Game.Event) and cls.__qualname__.startswith("Game.")
                 and cls.__name__ not in ("Event", "Created")}
SNAPSHOT_TOPIC = get_topic(Snapshot)
EVENT_FIELDS = frozenset({"timestamp", "content", "prev_hash", "hash"})
CREATED_FIELDS = EVENT_FIELDS | {"originator_topic"}
SNAPSHOT_FIELDS = frozenset({"timestamp", "topic", "state", "check"})
HEX64 = re.compile(r"[0-9a-f]{64}\Z")


def snapshot_key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"tabularium snapshot seal", hashlib.sha256).digest()


class CheckedMapper(Mapper):
    """Decodes every stored row strictly, the same way for loading, history, export and `verify`.

    An event row must decode to exactly the fields the server writes, its kind must be one of the game's
    events, its content must recompute to its hash (SHA-256, domain.chain; ~10 us an event, see
    `make bench`), and its timestamp must be its content's time. A snapshot row is sealed when taken:
    an HMAC, under a key derived from TABULARIUM_SECRET_KEY, over its id, version and encoded state. The
    chain links (each event names its predecessor's hash) are checked by the fold (`Game` events' apply).
    """

    def __init__(self, transcoder: Any, compressor: Any = None, cipher: Any = None,
                 secrets: tuple[str, ...] = ()):
        super().__init__(transcoder, compressor, cipher)
        self.keys = [snapshot_key(s) for s in reversed(secrets) if s]  # the current key first

    # ------------------------------------------------------------------ snapshots: sealed when written

    def _seal(self, key: bytes, originator_id: Any, version: int, payload: bytes) -> str:
        return hmac.new(key, f"{originator_id}:{version}:".encode() + payload, hashlib.sha256).hexdigest()

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        if not isinstance(domain_event, Snapshot) or not self.keys:
            return super().to_stored_event(domain_event)
        state = dict(vars(domain_event))
        originator_id, version = state.pop("originator_id"), state.pop("originator_version")
        payload = self.transcoder.encode(state)
        state["check"] = self._seal(self.keys[0], originator_id, version, payload)
        stored_state = self.transcoder.encode(state)
        if self.compressor:
            stored_state = self.compressor.compress(stored_state)
        if self.cipher:
            stored_state = self.cipher.encrypt(stored_state)
        return StoredEvent(originator_id=originator_id, originator_version=version,
                           topic=get_topic(type(domain_event)), state=stored_state)

    # ------------------------------------------------------------------ reading: strict

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        seq, topic = stored_event.originator_version, stored_event.topic
        if topic == SNAPSHOT_TOPIC:
            return self._snapshot(stored_event)
        cls = EVENT_CLASSES.get(topic)
        if cls is None:
            raise DamagedRecord(_("event %(seq)d has an unknown kind (%(kind)s)", seq=seq, kind=repr(str(topic)[:60])))
        state = self._decode(stored_event, lambda why: _("event %(seq)d cannot be read (%(why)s)", seq=seq, why=why))
        created = cls is Game.GameCreated
        if not isinstance(state, dict) or set(state) != (CREATED_FIELDS if created else EVENT_FIELDS):
            raise DamagedRecord(_("event %(seq)d (%(kind)s) does not have the fields the server writes", seq=seq,
                                  kind=cls.__name__))
        content, prev, digest, stamp = state["content"], state["prev_hash"], state["hash"], state["timestamp"]
        if not isinstance(content, dict) or not isinstance(prev, str) or not isinstance(digest, str) \
                or not isinstance(stamp, datetime):
            raise DamagedRecord(_("event %(seq)d (%(kind)s) has fields of the wrong type", seq=seq, kind=cls.__name__))
        if created != (seq == 1) or (created and (prev != GENESIS or state["originator_topic"] != GAME_TOPIC)):
            raise DamagedRecord(_("event %(seq)d (%(kind)s) is not where such an event can be", seq=seq,
                                  kind=cls.__name__))
        originator_id = stored_event.originator_id
        if not isinstance(originator_id, UUID):
            originator_id = UUID(str(originator_id))
        if event_hash(str(originator_id), seq, cls.__name__, prev, content) != digest:
            raise DamagedRecord(_("event %(seq)d (%(kind)s) does not match its hash: its content was changed", seq=seq,
                                  kind=cls.__name__))
        try:
            if datetime.fromisoformat(content["at"]) != stamp:
                raise ValueError
        except (KeyError, TypeError, ValueError):
            raise DamagedRecord(_("event %(seq)d (%(kind)s) has a time that is not its content's", seq=seq,
                                  kind=cls.__name__)) from None
        state["originator_id"], state["originator_version"] = originator_id, seq
        domain_event = object.__new__(cls)
        object.__setattr__(domain_event, "__dict__", state)
        return domain_event

    def _decode(self, stored_event: StoredEvent, unreadable: Callable[[str], str]) -> Any:
        try:
            data = stored_event.state
            if self.cipher:
                data = self.cipher.decrypt(data)
            if self.compressor:
                data = self.compressor.decompress(data)
            return self.transcoder.decode(data)
        except Exception as exc:  # noqa: BLE001 — not JSON, nested too deep, a bad transcoding: all unreadable
            raise DamagedRecord(unreadable(type(exc).__name__)) from None

    def _snapshot(self, stored_event: StoredEvent) -> Any:
        seq = stored_event.originator_version
        state = self._decode(stored_event, lambda why: _("the snapshot at event %(seq)d cannot be read (%(why)s)",
                                                         seq=seq, why=why))
        if not isinstance(state, dict) or set(state) != SNAPSHOT_FIELDS or state["topic"] != GAME_TOPIC \
                or not isinstance(state["state"], dict) or not isinstance(state["check"], str):
            raise SnapshotRejected(_("the snapshot at event %(seq)d is not sealed or not a game's", seq=seq))
        check = state.pop("check")
        payload = self.transcoder.encode(state)
        if not any(hmac.compare_digest(self._seal(k, stored_event.originator_id, seq, payload), check)
                   for k in self.keys):
            raise SnapshotRejected(_("the snapshot at event %(seq)d does not match its seal: it was changed (or sealed "
                                     "with another key)", seq=seq))
        if not isinstance(state["state"].get("head"), str) or not HEX64.match(state["state"]["head"]):
            raise SnapshotRejected(_("the snapshot at event %(seq)d names no chain head", seq=seq))
        originator_id = stored_event.originator_id
        state["originator_id"] = originator_id if isinstance(originator_id, UUID) else UUID(str(originator_id))
        state["originator_version"] = seq
        snapshot = object.__new__(Snapshot)
        object.__setattr__(snapshot, "__dict__", state)
        return snapshot


class CheckedRepository(Repository):
    """Rebuilds from the latest snapshot only if it is sealed and sits on the chain: its head must be the
    hash of the stored event at its version (read in the same query as the events after it). A snapshot
    that fails is ignored, with an integrity alert: the game is rebuilt from its events.

    A cached game (eventsourcing's aggregate cache, fast-forwarded on every `get`) that another process
    moved on by `far_behind` events or more (the snapshot interval) is rebuilt from its latest snapshot
    instead of having every event since folded into it: eventsourcing reads those rows in one list, which
    after 15,000 events written elsewhere raised a web worker's RSS by 40 MB (bench.bench_length)."""

    far_behind = 0  # events; 0: always fast-forward (no snapshots to start from)

    def get(self, aggregate_id: Any, *, version: int | None = None, projector_func: Any = project_aggregate,
            fastforward_skipping: bool = False, deepcopy_from_cache: bool = True) -> Any:
        if not (self.far_behind and self.cache and self.fastforward and version is None) or fastforward_skipping:
            return super().get(aggregate_id, version=version, projector_func=projector_func,
                               fastforward_skipping=fastforward_skipping, deepcopy_from_cache=deepcopy_from_cache)
        try:
            cached = self.cache.get(aggregate_id)
        except KeyError:  # not cached: eventsourcing rebuilds it (from its snapshot) and caches it
            return super().get(aggregate_id, projector_func=projector_func, deepcopy_from_cache=deepcopy_from_cache)
        aggregate = self._fast_forward(aggregate_id, cached, projector_func)
        return deepcopy(aggregate) if deepcopy_from_cache and self.deepcopy_from_cache else aggregate

    def _fast_forward(self, aggregate_id: Any, cached: Any, projector_func: Any) -> Any:
        """The cached game moved on by the events since (one query, with a limit), as eventsourcing's
        fast-forward does, under its lock; rebuilt from the snapshot when `far_behind` or more came."""
        lock = self._use_fastforward_lock(aggregate_id)
        try:
            with lock:
                new = list(self.event_store.get(originator_id=aggregate_id, gt=cached.version,
                                                limit=self.far_behind))
                if len(new) < self.far_behind:
                    aggregate = projector_func(cached, new)
                    if aggregate is None:
                        raise AggregateNotFoundError(aggregate_id)
                    return aggregate
                aggregate = self._reconstruct_aggregate(aggregate_id, None, projector_func)
                self.cache.put(aggregate_id, aggregate)
                return aggregate
        finally:
            self._disuse_fastforward_lock(aggregate_id)

    def _reconstruct_aggregate(self, aggregate_id: Any, version: int | None, projector_func: Any) -> Any:
        snapshot = self._sealed_snapshot(aggregate_id, version)
        events: list = []
        if snapshot is not None and "clock_state" not in snapshot.state:
            stale, snapshot = snapshot.originator_version, None  # older than the clock fold: rebuilt below
        else:
            stale = None
        if snapshot is not None:
            events = list(self.event_store.get(originator_id=aggregate_id, gt=snapshot.originator_version - 1,
                                               lte=version))
            at = events[0] if events else None
            if at is None or at.originator_version != snapshot.originator_version \
                    or at.hash != snapshot.state["head"]:
                alert(aggregate_id, f"the snapshot at event {snapshot.originator_version} does not sit on the "
                                    "chain (its head is not that event's hash); ignored, rebuilt from the events")
                snapshot = None
        if snapshot is None:
            aggregate = projector_func(None, self.event_store.get(originator_id=aggregate_id, lte=version))
            if stale is not None and version is None and aggregate is not None and aggregate.version > stale:
                self._resnapshot(aggregate)
        else:
            aggregate = projector_func(None, [snapshot, *events[1:]])
        if aggregate is None:
            raise AggregateNotFoundError(f"Aggregate {aggregate_id!r} version {version!r} not found.")
        return aggregate

    def _resnapshot(self, aggregate: Any) -> None:
        """A game whose latest snapshot predates its clock state gets a new one at its head (sealed like any
        other), so only its first load after the upgrade folds the whole log. Best effort: a concurrent
        load may have written it first."""
        try:
            self.snapshot_store.put([Snapshot.take(aggregate)])
        except Exception:  # noqa: BLE001 — the same snapshot written meanwhile, or a read-only moment
            logging.getLogger(__name__).info("snapshot of game %s at %s not rewritten", aggregate.id,
                                             aggregate.version)

    def _sealed_snapshot(self, aggregate_id: Any, version: int | None) -> Any:
        if self.snapshot_store is None:
            return None
        try:
            found = list(self.snapshot_store.get(originator_id=aggregate_id, desc=True, limit=1, lte=version))
        except DamagedRecord as exc:
            alert(aggregate_id, f"{exc.sentence}; ignored, rebuilt from the events")
            return None
        return found[0] if found else None


def project_game(game: Game | None, events: Iterable[Any]) -> Game | None:
    """eventsourcing's default projector asserts a runtime Protocol per event, which costs more than
    the fold itself (measured: ~80 us an event); our events are known to mutate."""
    for domain_event in events:
        game = domain_event.mutate(game)
    return game


def _game_row(row: dict) -> dict[str, Any] | None:
    """An index row decoded, or None (with an integrity alert) when its stored JSON is damaged: one bad row
    must not take the lobby down for everybody. The game's next save rewrites the row from its events."""
    try:
        seats, waiting = json.loads(row["seats"]), json.loads(row["waiting_for"])
        if not (isinstance(seats, list) and all(isinstance(s, dict) and "seat" in s for s in seats)
                and isinstance(waiting, list) and all(isinstance(w, str) for w in waiting)):
            raise ValueError("not a list of seats and a list of seat ids")
    except (TypeError, ValueError, RecursionError) as exc:
        alert(row.get("id"), f"its games-list row cannot be read ({str(exc)[:80]}); it is left out of the list")
        return None
    return {**row, "seats": seats, "waiting_for": waiting, **_summary_of(row)}


def _summary_of(row: dict) -> dict:
    """The row's name and public line (`index_row`), rendered later in the reader's language: {"name",
    "summary"}; a row saved before the column existed (NULL) or unreadable has the default name and no line."""
    try:
        data = json.loads(row.get("summary") or "null")
        if not isinstance(data, dict):
            raise ValueError
        return {"name": from_json(data.get("name")), "summary": from_json(data.get("line"))}
    except (TypeError, ValueError, KeyError, RecursionError):
        return {"name": None, "summary": None}


def _game_rows(rows: Iterable[dict]) -> list[dict[str, Any]]:
    return [game for game in map(_game_row, rows) if game is not None]


def index_row(game: Game) -> tuple:
    """The game's summary as saved (parameters of `service.recorders.INDEX_UPSERT`). Its `summary` column
    holds the game's name and the rules' public line ("Round 2 of 8 · Events", `Rules.summary`) as message
    JSON, so the lobby renders them in its reader's language from this one row."""
    try:
        line = game.rules.summary(game.state)
    except Exception:  # noqa: BLE001 — a lobby line must never refuse a move; the next save tries again
        logging.getLogger(__name__).exception("game %s: no lobby summary", game.id)
        line = None
    summary = json.dumps({"name": to_json(game.name), "line": to_json(line)}, ensure_ascii=False)
    return (game.rules_id, game.status, game.created_at, game.updated_at, game.version, game.head,
            json.dumps([{"seat": s["seat"], "name": s["name"]} for s in game.seats]),
            json.dumps(game.waiting_for()), summary, str(game.id))


def wake_row(game: Game) -> tuple:
    """(game id, length, wake_at) for `service.recorders.WAKE_UPSERT`: the earliest moment at which the
    tick has something to do (a deadline, reminder or late notice of an owed decision, a vacation that
    runs out), as POSIX seconds; None when nothing will be due until the game changes. Moments already
    past are kept: the tick acts on them, then moves the row on (`Store.move_wakeup`). A game that does
    not know its clock state is due at once (0): the tick folds its log."""
    if game.clock_state is None:
        return (str(game.id), game.version, 0.0)
    moment = wake_at(schedule_of(game))
    return (str(game.id), game.version, moment.timestamp() if moment else None)


class GamesApplication(Application[UUID]):
    name = "Tabularium"  # pins the env prefix and the PostgreSQL table names (tabularium_events, ...)
    snapshotting_projectors = {Game: project_game}

    def __init__(self, env: dict, snapshot_interval: int, secrets: tuple[str, ...] = ()):
        self.seal_secrets = tuple(secrets)  # before super().__init__, which builds the mapper
        env = {**env, "APPLICATION_RECORDER_TOPIC": recorder_topic(env)}
        if snapshot_interval > 0:
            self.snapshotting_intervals = {Game: snapshot_interval}
            env = {**env, "IS_SNAPSHOTTING_ENABLED": "y"}
        super().__init__(env=env)

    def construct_mapper(self) -> Mapper:
        base = super().construct_mapper()
        return CheckedMapper(base.transcoder, base.compressor, base.cipher, self.seal_secrets)

    def construct_repository(self) -> Repository:
        base = super().construct_repository()
        checked = CheckedRepository.__new__(CheckedRepository)
        checked.__dict__.update(base.__dict__)
        checked.far_behind = self.snapshotting_intervals.get(Game, 0) if self.snapshotting_intervals else 0
        return checked

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot the game in hand when a save reaches the interval. eventsourcing's own version
        rebuilds the game from the store first (measured: ~8 ms, every 50th action)."""
        if not (self.snapshots and self.snapshotting_intervals):
            return
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if interval and any(e.originator_id == aggregate.id and e.originator_version % interval == 0
                                for e in processing_event.events):
                snapshot_class = getattr(type(aggregate), "Snapshot", type(self).snapshot_class)
                self.snapshots.put([snapshot_class.take(aggregate)])


class Store:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.app = GamesApplication(eventsourcing_env(settings.database_url, settings.create_tables),
                                    settings.snapshot_interval, tuple(settings.secret_keys))
        self.db = Database(settings.database_url)
        if settings.create_tables:
            self.create_tables()

    def create_tables(self) -> None:
        with self.db.transaction() as cur:
            for statement in SCHEMA:
                cur.execute(statement)
            add_columns(cur, self.db.is_postgres)

    def close(self) -> None:
        self.db.close()
        self.app.close()

    # ---------------------------------------------------------------- index and witness

    def save(self, game: Game) -> None:
        """Append the game's pending events and, in the same transaction, its index/witness row."""
        self.app.save(game, **{INDEX_KWARG: index_row(game), WAKE_KWARG: wake_row(game)})

    # ---------------------------------------------------------------- the deadlines read model

    def due_games(self, now: datetime) -> list[str]:
        """The running games whose wake-up time has come (one indexed query)."""
        rows = self.db.query("SELECT game_id FROM tabularium_wakeups WHERE wake_at <= ? ORDER BY wake_at",
                             (now.timestamp(),))
        return [r["game_id"] for r in rows]

    def games_without_wakeup(self) -> list[str]:
        """Running games saved before the read model existed (or written around `save`): the tick
        backfills them (`write_wakeup`) the first time it sees them."""
        rows = self.db.query("SELECT g.id FROM tabularium_games g LEFT JOIN tabularium_wakeups w ON w.game_id = g.id"
                             " WHERE w.game_id IS NULL AND g.status IN ('active', 'paused')")
        return [r["id"] for r in rows]

    def write_wakeup(self, game: Game) -> None:
        self.db.execute(WAKE_UPSERT, wake_row(game))

    def move_wakeup(self, game_id: str, length: int, moment: datetime | None) -> None:
        """After the tick handled everything due: the next moment, unless the game changed meanwhile (its
        save wrote a newer row, which stands)."""
        self.db.execute("UPDATE tabularium_wakeups SET wake_at=? WHERE game_id=? AND length=?",
                        (moment.timestamp() if moment else None, str(game_id), length))

    def witness(self, game_id: UUID) -> dict | None:
        rows = self.db.query("SELECT length, head FROM tabularium_games WHERE id=?", (str(game_id),))
        return rows[0] if rows else None

    def set_tokens(self, game: Game) -> None:
        with self.db.transaction() as cur:
            cur.execute("DELETE FROM tabularium_seat_tokens WHERE game_id=?", (str(game.id),))
            for seat, token_hash in game.token_hashes.items():
                cur.execute("INSERT INTO tabularium_seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                            (token_hash, str(game.id), seat))

    def token_owner(self, token_hash: str) -> tuple[str, str] | None:
        rows = self.db.query("SELECT game_id, seat FROM tabularium_seat_tokens WHERE token_hash=?",
                             (token_hash,))
        return (rows[0]["game_id"], rows[0]["seat"]) if rows else None

    def set_contact(self, game_id: UUID, seat: str, email: str, preference: str = "every") -> None:
        """One statement, so two writers of the same seat at once cannot collide on the key."""
        self.db.execute("INSERT INTO tabularium_contacts (game_id, seat, email, preference) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (game_id, seat) DO UPDATE SET email=excluded.email,"
                        " preference=excluded.preference", (str(game_id), seat, email, preference))

    def contacts(self, game_id: UUID) -> dict[str, dict]:
        rows = self.db.query("SELECT seat, email, preference FROM tabularium_contacts WHERE game_id=?",
                             (str(game_id),))
        return {r["seat"]: {"email": r["email"], "preference": r["preference"]} for r in rows}

    def list_games(self, ids: list[str] | None = None) -> list[dict[str, Any]]:
        """Every game (or those of `ids`), newest first. The lobby and the API page with `games_page`."""
        if ids is not None:
            return self.games_page(ids, limit=None)[0]
        rows = self.db.query("SELECT * FROM tabularium_games ORDER BY created_at DESC, id DESC")
        return _game_rows(rows)

    def games_page(self, ids: Iterable[str] | None, statuses: Iterable[str] = (), before: tuple[str, str] | None = None,
                   limit: int | None = 50) -> tuple[list[dict[str, Any]], tuple[str, str] | None]:
        """One page of the games index, newest first (created_at, then id), in one indexed query:
        `ids` None for every game (the operator), else only those (a seat token's game, a session's games);
        `statuses` (empty: any); `before` the cursor (created_at, id) of the last row of the previous page.
        Returns (rows, the cursor of the next page or None when there is none)."""
        where, params = [], []
        if ids is not None:
            ids = sorted({str(i) for i in ids})
            if not ids:
                return [], None
            where.append(f"id IN ({','.join('?' for _ in ids)})")
            params += ids
        statuses = sorted(set(statuses))
        if statuses:
            where.append(f"status IN ({','.join('?' for _ in statuses)})")
            params += statuses
        if before is not None:
            where.append("(created_at < ? OR (created_at = ? AND id < ?))")
            params += [before[0], before[0], before[1]]
        sql = "SELECT * FROM tabularium_games" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY created_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit + 1)
        rows = self.db.query(sql, tuple(params))
        more = limit is not None and len(rows) > limit
        rows = rows[:limit] if limit is not None else rows
        cursor = (rows[-1]["created_at"], rows[-1]["id"]) if more and rows else None
        return _game_rows(rows), cursor

    def all_game_ids(self) -> list[str]:
        return [r["id"] for r in self.db.query("SELECT id FROM tabularium_games ORDER BY created_at")]
