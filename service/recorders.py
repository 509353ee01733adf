"""Event recorders that write the game index/witness row in the same transaction as the events.

`GamesApplication.save(game, tabularium_index=row, tabularium_wake=wake)` hands the rows to the recorder,
which upserts them right after inserting the events (the wake-up row: `service.store.wake_row`). One transaction instead of two: the witness can never lag behind
the log (a crash between two commits used to leave it one save behind), and an HTTP action pays for
one commit, not two (measured in `bench.bench_http`).
"""
from __future__ import annotations

from typing import Any, Sequence

from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.sqlite import SQLiteApplicationRecorder

# Never moves the witness backwards: a slower writer of an older version changes nothing.
INDEX_UPSERT = (
    "INSERT INTO tabularium_games (rules, status, created_at, updated_at, length, head, seats, waiting_for, summary,"
    " id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET rules=excluded.rules,"
    " status=excluded.status, created_at=excluded.created_at, updated_at=excluded.updated_at,"
    " length=excluded.length, head=excluded.head, seats=excluded.seats, waiting_for=excluded.waiting_for,"
    " summary=excluded.summary"
    " WHERE tabularium_games.length <= excluded.length")
INDEX_UPSERT_PG = INDEX_UPSERT.replace("?", "%s")
INDEX_KWARG = "tabularium_index"
# The deadlines read model (`service.store.wake_row`): when the tick next has something to do for the game.
# Monotone like the index row.
WAKE_UPSERT = (
    "INSERT INTO tabularium_wakeups (game_id, length, wake_at) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE"
    " SET length=excluded.length, wake_at=excluded.wake_at WHERE tabularium_wakeups.length <= excluded.length")
WAKE_UPSERT_PG = WAKE_UPSERT.replace("?", "%s")
WAKE_KWARG = "tabularium_wake"


class IndexingPostgresRecorder(PostgresApplicationRecorder):
    """Also: no NOTIFY per insert. Nothing here LISTENs (the outbox pump is kicked through the broker and
    swept by beat; it reads the notification log, whose order the table lock still guarantees)."""

    def _notify_channel(self, curs: Any) -> None:
        pass

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[Any], **kwargs: Any) -> None:
        super()._insert_stored_events(curs, stored_events, **kwargs)
        row = kwargs.get(INDEX_KWARG)
        if row is not None:  # its own cursor: the caller fetches the notification ids from `curs`
            with curs.connection.cursor() as index_cursor:
                index_cursor.execute(INDEX_UPSERT_PG, row, prepare=True)
                wake = kwargs.get(WAKE_KWARG)
                if wake is not None:
                    index_cursor.execute(WAKE_UPSERT_PG, wake, prepare=True)


class IndexingSQLiteRecorder(SQLiteApplicationRecorder):
    def _insert_events(self, c: Any, stored_events: Sequence[Any], **kwargs: Any) -> Any:
        ids = super()._insert_events(c, stored_events, **kwargs)
        row = kwargs.get(INDEX_KWARG)
        if row is not None:
            c.execute(INDEX_UPSERT, row)
            wake = kwargs.get(WAKE_KWARG)
            if wake is not None:
                c.execute(WAKE_UPSERT, wake)
        return ids


def recorder_topic(env: dict) -> str:
    """The eventsourcing topic of the indexing recorder for this persistence module."""
    if env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        return f"{__name__}:IndexingPostgresRecorder"
    return f"{__name__}:IndexingSQLiteRecorder"
