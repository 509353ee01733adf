"""The tick loads only the games whose wake-up time has come (service.store's deadlines read model,
`tabularium_wakeups`, written in the save's transaction): an idle clocked game is not loaded at all, a
due one is acted upon, a paused game sleeps until it resumes, a game whose reminders were sent sleeps
until its next moment, rows missing after an upgrade are backfilled, and a snapshot taken before the
aggregate kept its clock still loads (folded from the events, then snapshotted again)."""
from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from eventsourcing.domain import Snapshot

from domain.clock import schedule
from tests.support.clock import MONDAY, Clock
from tests.conftest import make_service
from tests.mail.helpers import PLAYERS
from workers.ticker import tick



@pytest.fixture
def world(database_url):
    clock = Clock()
    svc = make_service(database_url)
    svc.clock = clock
    loads: Counter = Counter()
    real_get = svc.get

    def counting_get(game_id, version=None):
        loads[str(game_id)] += 1
        return real_get(game_id, version=version)

    svc.get = counting_get
    yield svc, clock, loads
    svc.close()


def new_game(svc, hours=48, **clock):
    options = {"clock": {"mode": "deadline", "per_decision_hours": hours, **clock}} if hours else {}
    return svc.create_game("toy", PLAYERS[:3], options, seed="ef" * 32)["id"]


def wake(svc, gid):
    rows = svc.store.db.query("SELECT wake_at FROM tabularium_wakeups WHERE game_id=?", (gid,))
    return rows[0]["wake_at"] if rows else "missing"


def test_an_idle_game_is_not_loaded_while_a_due_one_is_acted_upon(world):
    svc, clock, loads = world
    due = new_game(svc, reminders=[])
    idle = new_game(svc, hours=500, reminders=[])
    unclocked = new_game(svc, hours=0)
    assert wake(svc, unclocked) is None
    assert wake(svc, due) == pytest.approx((MONDAY + timedelta(hours=48)).timestamp())
    loads.clear()
    summary = tick(svc, clock.advance(hours=49))
    assert summary["timeouts"] == 3 and summary["games"] == 1
    assert loads[due] >= 1 and loads[idle] == 0 and loads[unclocked] == 0
    # the timeouts' save moved the due game's row to its next decisions' deadline
    assert wake(svc, due) == pytest.approx((clock.now + timedelta(hours=48)).timestamp())
    loads.clear()
    assert tick(svc, clock.advance(minutes=1))["games"] == 0 and sum(loads.values()) == 0


def test_after_its_reminders_a_game_sleeps_until_its_next_moment(world):
    svc, clock, loads = world
    gid = new_game(svc, reminders=[0.5, "4h"])
    assert tick(svc, clock.advance(hours=25))["reminders"] == 3
    assert wake(svc, gid) == pytest.approx((MONDAY + timedelta(hours=44)).timestamp())  # the "4h" rung
    loads.clear()
    assert tick(svc, clock.advance(minutes=1))["reminders"] == 0 and loads[gid] == 0
    assert tick(svc, clock.advance(hours=19))["reminders"] == 3 and loads[gid] >= 1


def test_a_pause_puts_the_game_to_sleep_and_the_resume_wakes_it(world):
    svc, clock, loads = world
    gid = new_game(svc, reminders=[])
    clock.advance(hours=10)
    svc.pause(gid, "holidays")
    assert wake(svc, gid) is None
    loads.clear()
    assert tick(svc, clock.advance(hours=100))["timeouts"] == 0 and loads[gid] == 0
    svc.resume(gid, "back")
    assert wake(svc, gid) == pytest.approx((MONDAY + timedelta(hours=48 + 100)).timestamp())
    assert tick(svc, clock.advance(hours=39))["timeouts"] == 3


def test_rows_missing_after_an_upgrade_are_backfilled_by_the_first_tick(world):
    svc, clock, loads = world
    due, idle = new_game(svc, reminders=[]), new_game(svc, hours=500, reminders=[])
    svc.store.db.execute("DELETE FROM tabularium_wakeups")
    summary = tick(svc, clock.advance(hours=49))
    assert summary["backfilled"] == 2 and summary["timeouts"] == 3
    assert wake(svc, idle) == pytest.approx((MONDAY + timedelta(hours=500)).timestamp())
    loads.clear()
    assert tick(svc, clock.advance(minutes=1))["backfilled"] == 0 and loads[idle] == 0 and loads[due] == 0


def test_a_snapshot_without_the_clock_state_still_loads_and_is_taken_again(database_url):
    clock = Clock()
    writer = make_service(database_url, snapshot_interval=0)  # no snapshots of its own
    writer.clock = clock
    gid = new_game(writer, reminders=[])
    for n in range(6):
        clock.advance(hours=1)
        writer.post_message(gid, "red", "all", f"message {n}")
    game = writer.get(gid)
    writer.close()
    svc = make_service(database_url, snapshot_interval=50)
    try:
        old = svc.get(gid, version=4)
        del old.__dict__["clock_state"]  # what a snapshot taken before the aggregate kept its clock holds
        snapshots = svc.store.app.snapshots
        snapshots.put([Snapshot.take(old)])  # sealed by the store's mapper, like any snapshot
        assert [("clock_state" in s.state, s.originator_version) for s in snapshots.get(game.id)] == [(False, 4)]
        loaded = svc.get(gid)
        assert loaded.version == game.version and loaded.clock_state == game.clock_state
        assert svc.deadlines(loaded) == schedule(svc.events(gid)).deadlines()
        taken = list(snapshots.get(game.id))
        assert [(("clock_state" in s.state), s.originator_version) for s in taken] == \
            [(False, 4), (True, game.version)]
        assert svc.get(gid).clock_state == game.clock_state  # now from the new snapshot
        assert svc.audit(gid).ok
    finally:
        svc.close()
