"""Deadlines and clocks are a pure function of the event log (service.deadlines.schedule), and the tick
acts on them idempotently: reminders once per rung, one missed deadline per decision, even with two
tick processes at once."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest

from domain.errors import BadRequest
from notifications import outbox
from domain.clock import Exclusions, check_clock, schedule
from service.deadlines import start_vacation
from tests.support.clock import MONDAY, Clock
from tests.conftest import make_service
from tests.mail.helpers import PLAYERS
from workers.ticker import tick



def clocked(url, clock, **settings):
    svc = make_service(url, **settings)
    svc.clock = clock
    return svc


def new_game(svc, players=3, **clock):
    options = {"clock": {"mode": "deadline", "per_decision_hours": 48, **clock}}
    return svc.create_game("toy", PLAYERS[:players], options, seed="ef" * 32)["id"]


def h(moment):
    return (moment - MONDAY).total_seconds() / 3600


# ------------------------------------------------------------------------------------- pure schedule

def test_a_deadline_its_reminder_ladder_and_the_late_notice(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc, reminders=[0.5, "4h"])
    red = schedule(svc.events(gid)).seats["red"]
    assert h(red.deadline) == 48 and [(r, h(t)) for r, t in red.reminders] == [("r0", 24), ("r1", 44)]
    assert h(red.late_notice) == 44
    assert svc.summary(gid)["deadlines"]["red"] == red.deadline.isoformat()


def test_weekends_do_not_count_when_asked(sqlite_url):
    clock = Clock(MONDAY + timedelta(days=4, hours=3))  # Friday 12:00
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc, per_decision_hours=24, weekend_pause=True)
    deadline = schedule(svc.events(gid)).seats["red"].deadline
    assert deadline == datetime(2026, 1, 12, 12, 0, tzinfo=timezone.utc)  # the next Monday, 12:00


def test_a_pause_stops_every_clock_and_the_resume_restarts_it(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc)
    clock.advance(hours=10)
    svc.pause(gid, "holidays")
    assert schedule(svc.events(gid)).seats["red"].deadline is None
    clock.advance(hours=30)
    svc.resume(gid, "back")
    assert h(schedule(svc.events(gid)).seats["red"].deadline) == 48 + 30


def test_vacation_stops_only_that_seats_clock_within_the_allowance(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc, vacation_days=3)
    clock.advance(hours=2)
    start_vacation(svc, gid, "red", 2)
    sched = schedule(svc.events(gid))
    assert h(sched.seats["red"].deadline) == 48 + 48 and h(sched.seats["blue"].deadline) == 48
    with pytest.raises(BadRequest):
        start_vacation(svc, gid, "blue", 4)


def test_a_fischer_clock_spends_adds_and_caps(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = svc.create_game("toy", PLAYERS[:2], {"clock": {"mode": "fischer", "initial_hours": 10,
                                                         "increment_hours": 5, "cap_hours": 12}}, seed="12" * 32)["id"]
    clock.advance(hours=4)
    svc.choose(gid, "red", svc.get(gid).prompt_for("red").id, svc.get(gid).prompt_for("red").choices[0].id)
    clock.advance(hours=1)
    svc.choose(gid, "blue", svc.get(gid).prompt_for("blue").id, svc.get(gid).prompt_for("blue").choices[0].id)
    sched = schedule(svc.events(gid))
    assert sched.banks["red"] / 3600 == pytest.approx(10 - 4 + 5)
    assert sched.banks["blue"] / 3600 == pytest.approx(min(12, 10 - 5 + 5))


def test_exclusions_arithmetic():
    start = MONDAY
    excl = Exclusions([(start + timedelta(hours=1), start + timedelta(hours=3))], weekends=False)
    assert excl.advance(start, 2 * 3600) == start + timedelta(hours=4)
    assert excl.counted(start, start + timedelta(hours=4)) == 2 * 3600
    assert Exclusions([(start, None)]).advance(start, 60) is None


@pytest.mark.parametrize("clock", [{"mode": "sometimes"}, {"per_decision_hours": -1}, {"reminders": ["soon"]},
                                   {"on_timeout": "explode"}, {"colour": "red"}, "fast"])
def test_bad_clock_settings_are_refused_with_a_sentence(clock):
    with pytest.raises(BadRequest):
        check_clock({"clock": clock})


# ------------------------------------------------------------------------------------- the tick

def kinds(svc, kind):
    return [r for r in outbox.rows_for(svc.store) if r["kind"] == kind]


def test_the_tick_reminds_once_per_rung_then_applies_the_default(database_url):
    clock = Clock()
    svc = clocked(database_url, clock)
    gid = new_game(svc, reminders=[0.5, "4h"])
    assert tick(svc, clock.advance(hours=25))["reminders"] == 3
    assert tick(svc, clock.advance(minutes=1))["reminders"] == 0
    summary = tick(svc, clock.advance(hours=19))  # 45 h: the "4h" rung, and the table is told
    assert summary["reminders"] == 3 and summary["late_notices"] == 6
    assert tick(svc, clock.advance(hours=4))["timeouts"] == 3  # 49 h
    missed = [e for e in svc.events(gid) if type(e).__name__ == "DeadlineMissed"]
    assert sorted(e.content["seat"] for e in missed) == ["blue", "green", "red"]
    assert {e.content["policy"] for e in missed} == {"default"}
    assert tick(svc, clock.now)["timeouts"] == 0
    assert len(kinds(svc, "reminder")) == 6
    svc.close()


def test_two_ticks_at_once_send_no_duplicate_reminders_and_miss_each_deadline_once(database_url):
    clock = Clock()
    first = clocked(database_url, clock)
    gid = new_game(first, reminders=[0.5, "4h"])
    second = clocked(database_url, clock)
    for hours in (25, 45, 49, 49.5):
        moment = MONDAY + timedelta(hours=hours)
        clock.now = moment
        barrier = threading.Barrier(2)
        errors = []

        def run(svc, moment=moment, barrier=barrier, errors=errors):
            barrier.wait()
            try:
                tick(svc, moment)
            except Exception as exc:  # noqa: BLE001
                errors.append(exc)

        threads = [threading.Thread(target=run, args=(s,)) for s in (first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
    reminders = kinds(first, "reminder")
    assert len(reminders) == len({r["key"] for r in reminders}) == 6
    assert len(kinds(first, "late")) == 6
    missed = [e for e in first.events(gid) if type(e).__name__ == "DeadlineMissed"]
    assert len(missed) == 3
    timeouts = [e for e in first.events(gid) if e.content.get("by") == "timeout"]
    assert len(timeouts) == 3
    first.close()
    second.close()


def test_pause_policy_and_opening_the_seat_for_a_replacement(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc, players=2, on_timeout="pause", replace_after_missed=1, reminders=[])
    tick(svc, clock.advance(hours=49))
    game = svc.get(gid)
    assert game.status == "paused"
    missed = [e for e in svc.events(gid) if type(e).__name__ == "DeadlineMissed"]
    assert missed and all(e.content.get("seat_open") for e in missed)
    assert schedule(svc.events(gid)).open_seats
    assert tick(svc, clock.advance(hours=100))["timeouts"] == 0  # paused: no clock runs
    svc.resume(gid, "the table agreed")
    deadline = schedule(svc.events(gid)).seats["red"].deadline
    assert deadline == clock.now + timedelta(hours=48)  # the late seat gets a fresh decision time


def test_a_vacation_that_ran_out_is_ended_once(sqlite_url):
    clock = Clock()
    svc = clocked(sqlite_url, clock)
    gid = new_game(svc)
    start_vacation(svc, gid, "red", 1)
    assert tick(svc, clock.advance(hours=25))["vacations_ended"] == 1
    assert tick(svc, clock.now)["vacations_ended"] == 0
    assert [type(e).__name__ for e in svc.events(gid)].count("VacationEnded") == 1


def test_reminder_late_notice_and_timeout_emails_read_well(sqlite_url, tmp_path):
    from notifications.delivery import flush
    from tests.mail.helpers import Mailboxes, mail_service, text_of

    clock = Clock()
    svc = mail_service(sqlite_url, tmp_path)
    svc.clock = clock
    gid = new_game(svc, players=2, reminders=["4h"])
    tick(svc, clock.advance(hours=45))
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    reminder = boxes.to("ann@example.org", "reminder")[0]
    assert "Reminder: your decision" in text_of(reminder) and "Wednesday 7 January 2026, 09:00 UTC" in text_of(reminder)
    late = boxes.to("bob@example.org", "late")[0]
    assert "is waiting for Red (Ann) since Monday 5 January 2026, 09:00 UTC" in text_of(late)
    red = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", red.id, red.choices[0].id)
    tick(svc, clock.advance(hours=4))
    flush(svc)
    assert len(boxes.to("ann@example.org", "timeout")) == 1
    timeout = boxes.to("ann@example.org", "timeout")[0]
    assert "Blue (Bob) missed the deadline" in text_of(timeout) and "default choice was played" in text_of(timeout)
    assert "You missed the deadline" in text_of(boxes.to("bob@example.org", "timeout")[0])
    svc.close()
