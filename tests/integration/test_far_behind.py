"""A game cached in one process while another wrote many events (a web worker after a long bulk of mail
replies, or after the other worker served the game) is not brought up to date by folding every event since
into the cached copy: the rows since would be read in one list (15,000 rows raised a worker's RSS by 40 MB in
bench.bench_length). Fewer than a snapshot interval's worth are folded in as before; more, and the game is
rebuilt from its latest snapshot. Either way it is the game a fresh process loads."""
from __future__ import annotations

import pytest

from service.web.cache import GameCache
from tests.conftest import make_service
from tests.support.play import new_game

INTERVAL = 5


@pytest.fixture
def two_processes(database_url):
    """Two services on one database, as two worker processes: snapshots every INTERVAL events."""
    here, there = (make_service(database_url, snapshot_interval=INTERVAL) for _ in range(2))
    yield here, there
    here.close()
    there.close()


def _rows_read(monkeypatch, svc):
    """The sizes of the stored-event queries `svc` makes from now on, and the snapshots it reads."""
    sizes, snapshots = [], []
    for recorder, seen in ((svc.store.app.recorder, sizes), (svc.store.app.snapshots.recorder, snapshots)):
        def counted(*args, _real=recorder.select_events, _seen=seen, **kwargs):
            rows = _real(*args, **kwargs)
            _seen.append(len(rows))
            return rows
        monkeypatch.setattr(recorder, "select_events", counted)
    return sizes, snapshots


def _grow(svc, gid, events):
    for n in range(events):
        svc.post_message(gid, None, "all", f"written elsewhere {n}")


@pytest.mark.parametrize("written", [1, INTERVAL - 1, INTERVAL, 7 * INTERVAL + 2])
def test_the_repository_folds_a_few_events_and_rebuilds_a_game_far_behind(two_processes, monkeypatch, written):
    here, there = two_processes
    gid = new_game(here, players=3)
    here.get(gid)  # cached in this process's repository
    _grow(there, gid, written)
    sizes, snapshots = _rows_read(monkeypatch, here)
    game = here.get(gid)
    fresh = make_service(here.settings.database_url, snapshot_interval=INTERVAL)
    try:
        latest = fresh.get(gid)
    finally:
        fresh.close()
    assert (game.version, game.head, game.state, game.clock_state) == \
        (latest.version, latest.head, latest.state, latest.clock_state)
    assert max(sizes) <= INTERVAL  # never every event since in one list
    assert bool(snapshots) == (written >= INTERVAL)  # far behind: from the latest snapshot
    assert here.get(gid) is not game and here.get(gid).version == latest.version  # still a copy per caller


@pytest.mark.parametrize("written", [2, 7 * INTERVAL + 2])
def test_the_web_cache_reloads_a_game_far_behind_instead_of_folding_it(two_processes, monkeypatch, written):
    here, there = two_processes
    gid = new_game(here, players=3)
    cache = GameCache(here)
    cache.get(gid)
    misses = cache.misses
    _grow(there, gid, written)
    sizes, _snapshots = _rows_read(monkeypatch, here)
    game = cache.get(gid)
    assert (game.version, game.head, game.state) == (there.get(gid).version, there.get(gid).head,
                                                     there.get(gid).state)
    assert max(sizes) <= INTERVAL
    assert (cache.misses > misses) == (written >= INTERVAL)  # far behind: loaded by the service
    assert cache.get(gid) is game  # and cached again
