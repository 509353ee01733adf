"""Persistence: the eventsourcing Application (event store) and the platform's index tables.

One long-lived `Store` per process (tech-brief pitfalls 3, 10, 20): build it after fork, keep a reference.
The `games` table is a read model and a witness: it holds each game's length and chain head as last
saved, so a truncated or rewritten stream is caught by `verify` even though the chain itself is intact.
"""
from __future__ import annotations

import json
from typing import Any, Iterable
from uuid import UUID

from eventsourcing.application import Application

from domain.game import Game
from service.config import Settings
from service.db import Database, eventsourcing_env
from service.recorders import INDEX_KWARG, recorder_topic

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tabularium_games (
        id TEXT PRIMARY KEY, rules TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, length INTEGER NOT NULL, head TEXT NOT NULL, seats TEXT NOT NULL,
        waiting_for TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tabularium_seat_tokens (
        token_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS tabularium_seat_tokens_game ON tabularium_seat_tokens (game_id, seat)",
    """CREATE TABLE IF NOT EXISTS tabularium_contacts (
        game_id TEXT NOT NULL, seat TEXT NOT NULL, email TEXT NOT NULL, preference TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
]


def project_game(game: Game | None, events: Iterable[Any]) -> Game | None:
    """eventsourcing's default projector asserts a runtime Protocol per event, which costs more than
    the fold itself (measured: ~80 us an event); our events are known to mutate."""
    for domain_event in events:
        game = domain_event.mutate(game)
    return game


def index_row(game: Game) -> tuple:
    """The game's summary as saved (parameters of `service.recorders.INDEX_UPSERT`)."""
    return (game.rules_id, game.status, game.created_at, game.updated_at, game.version, game.head,
            json.dumps([{"seat": s["seat"], "name": s["name"]} for s in game.seats]),
            json.dumps(game.waiting_for()), str(game.id))


class GamesApplication(Application[UUID]):
    name = "Tabularium"  # pins the env prefix and the PostgreSQL table names (tabularium_events, ...)
    snapshotting_projectors = {Game: project_game}

    def __init__(self, env: dict, snapshot_interval: int):
        env = {**env, "APPLICATION_RECORDER_TOPIC": recorder_topic(env)}
        if snapshot_interval > 0:
            self.snapshotting_intervals = {Game: snapshot_interval}
            env = {**env, "IS_SNAPSHOTTING_ENABLED": "y"}
        super().__init__(env=env)

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
                                    settings.snapshot_interval)
        self.db = Database(settings.database_url)
        if settings.create_tables:
            self.create_tables()

    def create_tables(self) -> None:
        with self.db.transaction() as cur:
            for statement in SCHEMA:
                cur.execute(statement)

    def close(self) -> None:
        self.db.close()
        self.app.close()

    # ---------------------------------------------------------------- index and witness

    def save(self, game: Game) -> None:
        """Append the game's pending events and, in the same transaction, its index/witness row."""
        self.app.save(game, **{INDEX_KWARG: index_row(game)})

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
        rows = self.db.query("SELECT * FROM tabularium_games ORDER BY created_at DESC")
        games = [{**r, "seats": json.loads(r["seats"]), "waiting_for": json.loads(r["waiting_for"])}
                 for r in rows]
        return [g for g in games if ids is None or g["id"] in ids]

    def all_game_ids(self) -> list[str]:
        return [r["id"] for r in self.db.query("SELECT id FROM tabularium_games ORDER BY created_at")]
