"""A small SQL helper for the platform's own tables (game index, seat tokens, contacts, outbox).

The event store belongs to eventsourcing; these tables sit beside it in the same database. SQL is
written with `?` placeholders and translated for psycopg.
"""
from __future__ import annotations

import itertools
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import unquote, urlparse


_instances = itertools.count(1)


class Database:
    def __init__(self, url: str):
        self.url = url
        # A never-reused identity for per-database caches (id() is reused once an object is collected,
        # which made a fresh database look as if its tables had already been created).
        self.uid = next(_instances)
        self.is_postgres = url.startswith(("postgresql://", "postgres://"))
        if self.is_postgres:
            from psycopg_pool import ConnectionPool

            self._pool = ConnectionPool(url.replace("postgres://", "postgresql://", 1), min_size=1,
                                        max_size=10, open=True, kwargs={"autocommit": False})
        else:
            self.path = sqlite_path(url)
            self._local = threading.local()

    def close(self) -> None:
        if self.is_postgres:
            self._pool.close()

    @contextmanager
    def transaction(self) -> Iterator[Cursor]:
        if self.is_postgres:
            with self._pool.connection() as conn:
                with conn.transaction():
                    yield Cursor(conn.cursor(), postgres=True)
            return
        conn = self._sqlite()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield Cursor(conn.cursor(), postgres=False)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def query(self, sql: str, params: tuple = ()) -> list[dict]:
        with self.transaction() as cur:
            return cur.execute(sql, params).fetchall()

    def execute(self, sql: str, params: tuple = ()) -> int:
        with self.transaction() as cur:
            return cur.execute(sql, params).rowcount

    def _sqlite(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA busy_timeout=30000")
            self._local.conn = conn
        return conn


class Cursor:
    def __init__(self, cursor: Any, postgres: bool):
        self._cursor, self._postgres = cursor, postgres

    def execute(self, sql: str, params: tuple = ()) -> Cursor:
        if self._postgres:
            sql = sql.replace("?", "%s")
        self._cursor.execute(sql, params)
        return self

    def fetchall(self) -> list[dict]:
        cols = [d[0] for d in self._cursor.description or []]
        return [dict(zip(cols, row)) for row in self._cursor.fetchall()]

    def fetchone(self) -> dict | None:
        rows = self.fetchall()
        return rows[0] if rows else None

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount


def sqlite_path(url: str) -> str:
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return path


def eventsourcing_env(url: str, create_tables: bool) -> dict[str, str]:
    """Translate TABULARIUM_DATABASE_URL into eventsourcing's persistence settings."""
    # The repository keeps the latest aggregate per game, fast-forwards it with any newer events (so other
    # processes' writes are seen) and hands out deep copies: a command no longer replays the tail of the
    # stream since the last snapshot (measured: three loads per HTTP action, ~8 ms each, before).
    # No pre-ping (a round trip per checkout): eventsourcing retries its reads and writes on a broken
    # connection, and the pool discards broken connections, so a database restart heals by itself.
    env = {"CREATE_TABLE": "yes" if create_tables else "no", "AGGREGATE_CACHE_MAXSIZE": "500",
           "AGGREGATE_CACHE_FASTFORWARD": "y", "DEEPCOPY_FROM_AGGREGATE_CACHE": "y"}
    if url.startswith("sqlite:///"):
        return {**env, "PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": sqlite_path(url),
                "SQLITE_LOCK_TIMEOUT": "30"}
    if url.startswith(("postgresql://", "postgres://")):
        parts = urlparse(url)
        return {**env, "PERSISTENCE_MODULE": "eventsourcing.postgres",
                "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
                "POSTGRES_HOST": parts.hostname or "127.0.0.1", "POSTGRES_PORT": str(parts.port or 5432),
                "POSTGRES_USER": unquote(parts.username or "postgres"),
                "POSTGRES_PASSWORD": unquote(parts.password or ""), "POSTGRES_PRE_PING": "n",
                "POSTGRES_POOL_SIZE": "5", "POSTGRES_MAX_OVERFLOW": "10"}
    raise ValueError(f"TABULARIUM_DATABASE_URL must start with sqlite:/// or postgresql://, not {url!r}")
