"""Event-store figures, each beside the raw eventsourcing append rate measured in the same run.

  raw append        a minimal eventsourcing aggregate, one save() per event (the floor we build on)
  command append    GameService commands (load, rules, hash chain, save, index), one event each
  load              rebuilding a finished game, with and without a snapshot
  hash check        the same loads with every row's hash (and a snapshot's seal) checked, as deployed,
                    beside the plain eventsourcing decoder, samples interleaved in the same run
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from service.config import Settings
from service.db import eventsourcing_env
from service.games import GameService

RAW_EVENTS = 500
MESSAGES = 300
LOADS = 15


class Counter(Aggregate):
    @event("Created")
    def __init__(self) -> None:
        self.n = 0

    @event("Incremented")
    def increment(self, by: int) -> None:
        self.n += by


class RawApp(Application):
    name = "BenchRaw"


def raw_append_rate(url: str, events: int = RAW_EVENTS) -> float:
    app = RawApp(env=eventsourcing_env(url, True))
    counter = Counter()
    app.save(counter)
    started = time.perf_counter()
    for _ in range(events):
        counter.increment(1)
        app.save(counter)
    rate = events / (time.perf_counter() - started)
    app.close()
    return rate


def title_for_bench() -> tuple[str, int]:
    from domain.rules import titles

    return ("sylla", 4) if "sylla" in titles() else ("toy", 4)


def finished_game(svc: GameService, rules: str, players: int) -> str:
    from tests.support.play import PLAYERS

    gid = svc.create_game(rules, PLAYERS[:players], {}, seed="5a" * 32)["id"]
    rng = random.Random(7)
    while svc.get(gid).status == "active":
        prompt = rng.choice(svc.get(gid).open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, rng.choice(prompt.choices).id)
    return gid


def command_append_rate(svc: GameService, gid: str) -> float:
    import dataclasses

    if hasattr(svc, "message_caps"):  # the chat caps would refuse a benchmark's burst of messages
        svc.message_caps = dataclasses.replace(svc.message_caps, per_seat_hour=10**9, per_seat_day=10**9,
                                               per_game=10**9)
    started = time.perf_counter()
    for n in range(MESSAGES):
        svc.post_message(gid, "red", "all", f"message {n}")
    return MESSAGES / (time.perf_counter() - started)


def load_ms(svc: GameService, gid: str) -> float:
    """A rebuild from the store: an explicit version bypasses the repository's cache of the latest game."""
    version = svc.get(gid).version
    samples = []
    for _ in range(LOADS):
        started = time.perf_counter()
        svc.get(gid, version=version)
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def checked_vs_plain_ms(svc: GameService, read) -> tuple[float, float]:
    """Median ms of `read()` with the checking decoder (service.store.CheckedMapper) and with eventsourcing's
    plain Mapper swapped in; samples alternate so both see the same machine."""
    from eventsourcing.persistence import Mapper

    app = svc.store.app
    checked = app.events.mapper
    plain = Mapper(checked.transcoder, checked.compressor, checked.cipher)
    samples: dict[str, list[float]] = {"checked": [], "plain": []}
    try:
        for _ in range(LOADS):
            for name, mapper in (("checked", checked), ("plain", plain)):
                app.events.mapper = mapper
                if app.snapshots is not None:
                    app.snapshots.mapper = mapper  # the plain decoder ignores the seal (an extra attribute)
                started = time.perf_counter()
                read()
                samples[name].append((time.perf_counter() - started) * 1000)
    finally:
        app.events.mapper = checked
        if app.snapshots is not None:
            app.snapshots.mapper = checked
    return statistics.median(samples["checked"]), statistics.median(samples["plain"])


def bench_hash_check(label: str, without: GameService, with_snap: GameService, gid: str, length: int) -> None:
    gid_uuid = without.get(gid).id
    full = checked_vs_plain_ms(without, lambda: without.get(gid, version=length))
    snap = checked_vs_plain_ms(with_snap, lambda: with_snap.get(gid, version=length))
    tail = checked_vs_plain_ms(without, lambda: list(without.store.app.events.get(gid_uuid, gt=length - 1)))
    print(f"{label} load finished game ({length} events), hash check vs none: {full[0]:.2f} ms vs {full[1]:.2f} ms "
          f"(+{(full[0] - full[1]) * 1000 / length:.1f} us an event)")
    print(f"{label} load with snapshot, seal and hash checks vs none: "
          f"{snap[0]:.2f} ms vs {snap[1]:.2f} ms")
    print(f"{label} read one new event (a cached game's fast-forward), hash check vs none: "
          f"{tail[0] * 1000:.0f} us vs {tail[1] * 1000:.0f} us")


def bench_backend(label: str, url: str) -> None:
    rules, players = title_for_bench()
    raw = raw_append_rate(url)
    with_snap = GameService(Settings.from_env(database_url=url, secret_key="bench", test_titles=True,
                                              snapshot_interval=50))
    without = GameService(Settings.from_env(database_url=url, secret_key="bench", test_titles=True,
                                            snapshot_interval=0))
    gid = finished_game(without, rules, players)
    length = without.get(gid).version
    with_snap.store.app.take_snapshot(with_snap.get(gid).id)
    print(f"{label} raw eventsourcing append: {raw:.0f} events/s")
    print(f"{label} load finished {rules} game ({length} events) without snapshot: {load_ms(without, gid):.2f} ms")
    print(f"{label} load finished {rules} game with snapshot: {load_ms(with_snap, gid):.2f} ms")
    bench_hash_check(label, without, with_snap, gid, length)
    print(f"{label} tabularium command append (post_message: load, hash, save, index; snapshots every 50): "
          f"{command_append_rate(with_snap, gid):.0f} events/s")
    with_snap.close()
    without.close()


def main() -> None:
    from tests.support import pg

    with tempfile.TemporaryDirectory() as tmp:
        bench_backend("sqlite", f"sqlite:///{tmp}/bench.sqlite3")
    if not pg.postgres_available():
        print("postgres: not reachable, skipped", file=sys.stderr)
        return
    url = pg.create_database()
    try:
        bench_backend("postgres", url)
    finally:
        pg.drop_database(url)


if __name__ == "__main__":
    main()
