"""The e-mail outbox: a tracked pump from the event store's notification log, and leased delivery rows.

* `pump(svc)` reads the notification log after its tracking position and writes the outbox rows each
  event implies, **in the same transaction** as the new position (compare-and-set, so two pumps never
  both commit the same range). Each row's key is unique per (event, recipient, kind), so a row exists
  exactly once. Works the same on SQLite (pull) and PostgreSQL.
* Rows are *rendered when sent* (notifications.compose), from the event log up to the row's event: a
  re-send produces the same message with the same deterministic Message-ID, and a template bug fails
  one row (visible in `outbox_stats`) instead of stalling the pump.
* `claim(key)` moves a row pending → sending with a lease; a row whose lease expired (its worker died)
  is claimable again. `finish` records sent / skipped / failed, or puts the row back with a backoff.

Recipients are seats; the address is looked up when the row is sent (players may change it).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable

log = logging.getLogger("tabularium.outbox")

TRACKING_NAME = "outbox"
PENDING, SENDING, SENT, FAILED, SKIPPED = "pending", "sending", "sent", "failed", "skipped"
STATUSES = (PENDING, SENDING, SENT, FAILED, SKIPPED)

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tabularium_outbox (
        key TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat TEXT NOT NULL, kind TEXT NOT NULL,
        seq INTEGER NOT NULL, params TEXT NOT NULL, message_id TEXT NOT NULL, status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, not_before DOUBLE PRECISION NOT NULL,
        lease_until DOUBLE PRECISION, created_at DOUBLE PRECISION NOT NULL, committed_at DOUBLE PRECISION,
        sent_at DOUBLE PRECISION, recipient TEXT, last_error TEXT, notification_id BIGINT)""",
    "CREATE INDEX IF NOT EXISTS tabularium_outbox_due ON tabularium_outbox (status, not_before)",
    "CREATE INDEX IF NOT EXISTS tabularium_outbox_game ON tabularium_outbox (game_id, seat, kind)",
    """CREATE TABLE IF NOT EXISTS tabularium_outbox_tracking (
        name TEXT PRIMARY KEY, position BIGINT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tabularium_mail_tokens (
        token TEXT PRIMARY KEY, purpose TEXT NOT NULL, game_id TEXT NOT NULL, seat TEXT NOT NULL,
        prompt_id TEXT NOT NULL, fingerprint TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tabularium_inbound (
        message_key TEXT PRIMARY KEY, received_at DOUBLE PRECISION NOT NULL, outcome TEXT NOT NULL,
        game_id TEXT, seat TEXT)""",
    # A seat's web hook (notifications.webhooks). A secret: never in the event log or an export.
    """CREATE TABLE IF NOT EXISTS tabularium_webhooks (
        game_id TEXT NOT NULL, seat TEXT NOT NULL, url TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat))""",
]
LAST_TABLE = "tabularium_webhooks"  # the newest table: present only once every statement above has run

_schema_ready: set[int] = set()
_schema_lock = threading.Lock()


def clock() -> float:
    """The outbox's time (epoch seconds): when rows are due, claimed and leased. Tests replace it with a
    fake clock (`monkeypatch.setattr(outbox, "clock", ...)`), together with the service's clock."""
    return time.time()


@dataclass(frozen=True)
class MailConfig:
    """Delivery knobs (environment): lease, retry backoff, attempts, message throttle window, and the
    settle time of a your-turn e-mail (docs/operations.md, "Calmer e-mail")."""

    lease_seconds: float = 300.0
    retry_base_seconds: float = 30.0
    retry_max_seconds: float = 3600.0
    max_attempts: int = 12
    message_window_seconds: int = 300
    batch: int = 200
    # A your-turn e-mail waits this long after the decision opened, and is dropped if the seat's decision
    # changed meanwhile (answered on the web, or replaced by the next one, which has its own e-mail):
    # a seat that owes several decisions in a row within the window gets one e-mail.
    turn_settle_seconds: float = 120.0

    @classmethod
    def from_env(cls) -> MailConfig:
        env = os.environ.get
        return cls(lease_seconds=float(env("TABULARIUM_MAIL_LEASE_SECONDS", cls.lease_seconds)),
                   retry_base_seconds=float(env("TABULARIUM_MAIL_RETRY_SECONDS", cls.retry_base_seconds)),
                   retry_max_seconds=float(env("TABULARIUM_MAIL_RETRY_MAX_SECONDS", cls.retry_max_seconds)),
                   max_attempts=int(env("TABULARIUM_MAIL_MAX_ATTEMPTS", cls.max_attempts)),
                   message_window_seconds=int(env("TABULARIUM_MAIL_MESSAGE_WINDOW", cls.message_window_seconds)),
                   turn_settle_seconds=float(env("TABULARIUM_MAIL_SETTLE_SECONDS", cls.turn_settle_seconds)))

    def backoff(self, attempts: int) -> float:
        return min(self.retry_max_seconds, self.retry_base_seconds * 2 ** max(0, attempts - 1))


def ensure_schema(store: Any) -> None:
    """Create the outbox tables once per database object (concurrent creators retry once: pitfall 21)."""
    if store.db.uid in _schema_ready:
        return
    with _schema_lock:
        if store.db.uid in _schema_ready:
            return
        if _tables_exist(store):
            _schema_ready.add(store.db.uid)
            return
        for attempt in range(3):
            try:
                with store.db.transaction() as cur:
                    for statement in SCHEMA:
                        cur.execute(statement)
                    cur.execute("INSERT INTO tabularium_outbox_tracking (name, position) VALUES (?, 0)"
                                " ON CONFLICT (name) DO NOTHING", (TRACKING_NAME,))
                break
            except Exception:  # noqa: BLE001 — a concurrent CREATE on PostgreSQL; the second try sees it
                if attempt == 2:
                    raise
                time.sleep(0.2)
        _schema_ready.add(store.db.uid)


def _tables_exist(store: Any) -> bool:
    """DDL takes table locks even when it does nothing (CREATE INDEX IF NOT EXISTS): look first. Looks for
    the newest table, so a database created before it gets it (every statement is IF NOT EXISTS)."""
    if store.db.is_postgres:
        rows = store.db.query(f"SELECT to_regclass('{LAST_TABLE}') IS NOT NULL AS ok")
    else:
        rows = store.db.query("SELECT COUNT(*) = 1 AS ok FROM sqlite_master WHERE type='table'"
                              f" AND name='{LAST_TABLE}'")
    return bool(rows and rows[0]["ok"])


def message_id(key: str, domain: str) -> str:
    """Deterministic: the same row always has the same Message-ID, so a re-send is recognisable."""
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@{domain}>"


def mail_domain(settings: Any) -> str:
    return settings.inbound_address.rpartition("@")[2] or "localhost"


def iso_epoch(at: str) -> float:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


# --------------------------------------------------------------------------------------- rows

def new_row(key: str, game_id: str, seat: str, kind: str, seq: int, params: dict | None = None,
            not_before: float | None = None, notification_id: int | None = None,
            committed_at: float | None = None) -> dict:
    now = clock()
    return {"key": key, "game_id": str(game_id), "seat": seat, "kind": kind, "seq": seq,
            "params": json.dumps(params or {}, sort_keys=True), "not_before": not_before or now,
            "created_at": now, "committed_at": committed_at or now, "notification_id": notification_id}


def insert_rows(cur: Any, rows: Iterable[dict], domain: str) -> list[str]:
    """Insert rows that do not exist yet; returns the keys actually inserted."""
    inserted = []
    for r in rows:
        got = cur.execute(
            "INSERT INTO tabularium_outbox (key, game_id, seat, kind, seq, params, message_id, status,"
            " attempts, not_before, created_at, committed_at, notification_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING key",
            (r["key"], r["game_id"], r["seat"], r["kind"], r["seq"], r["params"], message_id(r["key"], domain),
             r["not_before"], r["created_at"], r["committed_at"], r["notification_id"])).fetchall()
        inserted += [g["key"] for g in got]
    return inserted


def add_rows(svc: Any, rows: list[dict]) -> list[str]:
    """Insert rows outside the pump (reminders, replies to inbound mail); duplicates are ignored."""
    if not rows:
        return []
    ensure_schema(svc.store)
    with svc.store.db.transaction() as cur:
        return insert_rows(cur, rows, mail_domain(svc.settings))


# --------------------------------------------------------------------------------------- the pump

class _LostRace(Exception):
    pass


def tracking_position(store: Any) -> int:
    ensure_schema(store)
    rows = store.db.query("SELECT position FROM tabularium_outbox_tracking WHERE name=?", (TRACKING_NAME,))
    return int(rows[0]["position"]) if rows else 0


def _retryable(exc: Exception) -> bool:
    import sqlite3

    try:
        import psycopg
    except ImportError:  # pragma: no cover
        return isinstance(exc, sqlite3.OperationalError)
    return isinstance(exc, (sqlite3.OperationalError, psycopg.errors.DeadlockDetected,
                            psycopg.errors.SerializationFailure, psycopg.errors.LockNotAvailable))


def pump(svc: Any, config: MailConfig | None = None, max_batches: int = 50) -> list[str]:
    """Turn new events into outbox rows; returns the keys inserted (for immediate enqueueing)."""
    from notifications.plan import plan_rows

    config = config or MailConfig.from_env()
    store = svc.store
    inserted: list[str] = []
    for _ in range(max_batches):
        start = tracking_position(store)
        notes = store.app.recorder.select_notifications(start=start, limit=config.batch, inclusive_of_start=False)
        if not notes:
            break
        rows = plan_rows(svc, notes, config)
        try:
            with store.db.transaction() as cur:
                moved = cur.execute("UPDATE tabularium_outbox_tracking SET position=? WHERE name=? AND position=?",
                                    (notes[-1].id, TRACKING_NAME, start)).rowcount
                if moved != 1:
                    raise _LostRace()
                inserted += insert_rows(cur, rows, mail_domain(svc.settings))
        except _LostRace:
            continue  # another pump committed this range first: read on from its position
        except Exception as exc:  # noqa: BLE001 — a deadlock victim or a busy database: nothing was written
            if not _retryable(exc):
                raise
            log.info("outbox: pump transaction retried (%s)", type(exc).__name__)
            time.sleep(0.05)
    return inserted


# --------------------------------------------------------------------------------------- delivery

def claim(svc: Any, key: str, config: MailConfig | None = None) -> dict | None:
    """pending (due) or sending-with-expired-lease → sending, with a new lease; None if not claimable."""
    config = config or MailConfig.from_env()
    ensure_schema(svc.store)
    now = clock()
    with svc.store.db.transaction() as cur:
        row = cur.execute(
            "UPDATE tabularium_outbox SET status='sending', attempts=attempts+1, lease_until=?"
            " WHERE key=? AND ((status='pending' AND not_before<=?) OR (status='sending' AND lease_until<?))"
            " RETURNING *", (now + config.lease_seconds, key, now, now)).fetchone()
    if row:
        row["params"] = json.loads(row["params"])
    return row


def claim_many(svc: Any, keys: list[str], config: MailConfig | None = None) -> list[dict]:
    """claim() for several rows in one transaction (a send task's batch)."""
    if not keys:
        return []
    config = config or MailConfig.from_env()
    ensure_schema(svc.store)
    now = clock()
    marks = ",".join("?" for _ in keys)
    with svc.store.db.transaction() as cur:
        rows = cur.execute(
            "UPDATE tabularium_outbox SET status='sending', attempts=attempts+1, lease_until=?"
            f" WHERE key IN ({marks}) AND ((status='pending' AND not_before<=?) OR (status='sending' AND lease_until<?))"
            " RETURNING *", (now + config.lease_seconds, *keys, now, now)).fetchall()
    order = {k: i for i, k in enumerate(keys)}
    for row in rows:
        row["params"] = json.loads(row["params"])
    return sorted(rows, key=lambda r: order[r["key"]])


def finish(svc: Any, key: str, status: str, error: str | None = None, recipient: str | None = None,
           retry_in: float | None = None, tokens: list | None = None) -> None:
    now = clock()
    with svc.store.db.transaction() as cur:
        if tokens:
            from notifications.tokens import store_rows

            store_rows(svc, cur, tokens)
        if status == PENDING:
            cur.execute("UPDATE tabularium_outbox SET status='pending', not_before=?, lease_until=NULL,"
                        " last_error=? WHERE key=? AND status='sending'", (now + (retry_in or 0), error, key))
        else:
            cur.execute("UPDATE tabularium_outbox SET status=?, sent_at=?, lease_until=NULL, last_error=?,"
                        " recipient=COALESCE(?, recipient) WHERE key=? AND status='sending'",
                        (status, now if status == SENT else None, error, recipient, key))


def due_keys(svc: Any, limit: int = 1000, before: float | None = None) -> list[str]:
    """Rows to (re-)enqueue: pending and due (by `before`, default now), or stuck in sending past their lease."""
    ensure_schema(svc.store)
    now = clock()
    rows = svc.store.db.query(
        "SELECT key FROM tabularium_outbox WHERE (status='pending' AND not_before<=?)"
        " OR (status='sending' AND lease_until<?) ORDER BY not_before LIMIT ?",
        (now if before is None else before, now, limit))
    return [r["key"] for r in rows]


def retry_failed(svc: Any, key: str | None = None) -> int:
    """Operator: put failed rows (one, or all) back in the queue."""
    ensure_schema(svc.store)
    sql = "UPDATE tabularium_outbox SET status='pending', attempts=0, not_before=? WHERE status='failed'"
    params: tuple = (clock(),)
    if key:
        sql, params = sql + " AND key=?", params + (key,)
    return svc.store.db.execute(sql, params)


def prune(svc: Any, keep_days: float | None = None) -> int:
    """Forget delivered rows and processed inbound Message-IDs older than TABULARIUM_MAIL_KEEP_DAYS (90).
    Failed and pending rows stay until the operator has dealt with them."""
    keep = float(keep_days if keep_days is not None else os.environ.get("TABULARIUM_MAIL_KEEP_DAYS", 90))
    cutoff = time.time() - keep * 86400
    ensure_schema(svc.store)
    with svc.store.db.transaction() as cur:
        n = cur.execute("DELETE FROM tabularium_outbox WHERE status IN ('sent', 'skipped') AND created_at<?",
                        (cutoff,)).rowcount
        cur.execute("DELETE FROM tabularium_inbound WHERE received_at<?", (cutoff,))
    return n


def outbox_stats(store: Any) -> dict:
    """Counts by status, the oldest due row's age and the most recent failures (for /metrics, mail-status)."""
    ensure_schema(store)
    counts = {s: 0 for s in STATUSES}
    for r in store.db.query("SELECT status, COUNT(*) AS n FROM tabularium_outbox GROUP BY status"):
        counts[r["status"]] = int(r["n"])
    oldest = store.db.query("SELECT MIN(created_at) AS t FROM tabularium_outbox WHERE status IN ('pending','sending')")
    failures = store.db.query("SELECT key, kind, game_id, seat, attempts, last_error FROM tabularium_outbox"
                              " WHERE status='failed' ORDER BY created_at DESC LIMIT 20")
    t = oldest[0]["t"] if oldest else None
    return {**counts, "total": sum(counts.values()), "tracking_position": tracking_position(store),
            "oldest_unsent_age_seconds": round(time.time() - float(t), 1) if t is not None else None,
            "recent_failures": failures}


def rows_for(store: Any, game_id: str | None = None) -> list[dict]:
    ensure_schema(store)
    if game_id:
        return store.db.query("SELECT * FROM tabularium_outbox WHERE game_id=? ORDER BY created_at", (str(game_id),))
    return store.db.query("SELECT * FROM tabularium_outbox ORDER BY created_at")


def utc(dt: datetime | None = None) -> datetime:
    return (dt or datetime.now(timezone.utc)).astimezone(timezone.utc)


def day_end(at: str) -> tuple[str, float]:
    moment = utc(datetime.fromisoformat(at.replace("Z", "+00:00")))
    day = moment.date()
    end = datetime(day.year, day.month, day.day, tzinfo=timezone.utc) + timedelta(days=1)
    return day.isoformat(), end.timestamp()


__all__ = ["pump", "claim", "finish", "due_keys", "outbox_stats", "add_rows", "new_row", "MailConfig",
           "ensure_schema", "message_id", "retry_failed", "rows_for"]
