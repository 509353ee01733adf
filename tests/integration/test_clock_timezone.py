"""A per-game time zone through the whole service: weekend pauses and the tick in Europe/Rome and
America/New_York across daylight-saving changes, UTC games unchanged, digest days cut at local midnight,
and deadlines shown in the game's zone on the game page and in e-mails. The service's clock is fixed."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from domain.errors import BadRequest
from notifications import outbox
from notifications.delivery import flush
from notifications.preferences import set_preference
from domain.clock import schedule
from service.web import create_app
from tests.support.clock import Clock
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of
from tests.web.helpers import csrf_from, login
from workers.ticker import tick

UTC = timezone.utc
EU_CHANGE_FRIDAY = datetime(2026, 3, 27, 15, tzinfo=UTC)  # Europe moves to summer time on Sunday the 29th
US_CHANGE_FRIDAY = datetime(2026, 3, 6, 15, tzinfo=UTC)   # the US moves on Sunday the 8th


@pytest.fixture
def world(sqlite_url, tmp_path):
    clock = Clock(EU_CHANGE_FRIDAY)
    svc = mail_service(sqlite_url, tmp_path)
    svc.clock = clock
    yield svc, clock, Mailboxes(tmp_path / "mail")
    svc.close()


def new_game(svc, **clock) -> dict:
    options = {"clock": {"mode": "deadline", "per_decision_hours": 30, "weekend_pause": True,
                         "reminders": [0.5, "4h"], **clock}}
    return svc.create_game("toy", PLAYERS[:3], options, seed="ab" * 32)


def seat_times(svc, gid: str) -> dict:
    seats = schedule(svc.events(gid)).to_json()["seats"]
    return {s: (c["deadline"], [t for _, t in c["reminders"]], c["late_notice"]) for s, c in seats.items()}


# ------------------------------------------------------------------------------------------ deadlines

def test_a_utc_game_computes_the_deadlines_it_always_did(world):
    svc, clock, _ = world
    gid = new_game(svc)["id"]
    # Values computed by the code before zones existed, for this very scenario (commit 10da6c2).
    before = ("2026-03-30T21:00:00+00:00", ["2026-03-30T06:00:00+00:00", "2026-03-30T17:00:00+00:00"],
              "2026-03-30T17:00:00+00:00")
    assert seat_times(svc, gid) == {"red": before, "blue": before, "green": before}
    clock.now = datetime(2026, 3, 30, 10, tzinfo=UTC)
    prompt = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", prompt.id, prompt.choices[0].id)
    clock.now = datetime(2026, 3, 30, 11, tzinfo=UTC)
    svc.pause(gid, "lunch")
    clock.now = datetime(2026, 3, 31, 11, tzinfo=UTC)
    svc.resume(gid, "back")
    after = ("2026-03-31T21:00:00+00:00", ["2026-03-30T06:00:00+00:00", "2026-03-31T17:00:00+00:00"],
             "2026-03-31T17:00:00+00:00")
    assert seat_times(svc, gid) == {"blue": after, "green": after}
    assert svc.summary(gid)["deadlines"] == {"blue": "2026-03-31T21:00:00+00:00", "green": "2026-03-31T21:00:00+00:00"}


def test_a_rome_weekend_with_the_spring_change_pauses_47_hours(world):
    svc, _, _ = world
    gid = new_game(svc, timezone="Europe/Rome")["id"]
    # Friday 16:00 CET: 8 hours run before Saturday 00:00 CET (23:00 UTC); the clock restarts on Monday
    # 00:00 CEST (Sunday 22:00 UTC), and the other 22 hours end on Monday 22:00 CEST.
    red = seat_times(svc, gid)["red"]
    assert red == ("2026-03-30T20:00:00+00:00", ["2026-03-30T05:00:00+00:00", "2026-03-30T16:00:00+00:00"],
                   "2026-03-30T16:00:00+00:00")
    assert "Weekends (Europe/Rome) do not count." in schedule(svc.events(gid)).seats["red"].explain
    summary = svc.summary(gid)  # the API keeps ISO-8601 UTC; the zone is in the game's clock option
    assert summary["deadlines"]["red"] == "2026-03-30T20:00:00+00:00"
    assert summary["options"]["clock"]["timezone"] == "Europe/Rome"
    assert schedule(svc.events(gid)).to_json()["clock"]["timezone"] == "Europe/Rome"


def test_a_new_york_weekend_with_the_spring_change_and_the_tick(world):
    svc, clock, _ = world
    clock.now = US_CHANGE_FRIDAY  # 10:00 EST: 14 hours run before Saturday 00:00 EST (05:00 UTC)
    gid = new_game(svc, timezone="America/New_York")["id"]
    # Monday 00:00 EDT is 04:00 UTC (a 47-hour weekend); 16 more hours end at 16:00 EDT.
    deadline = datetime(2026, 3, 9, 20, tzinfo=UTC)
    assert schedule(svc.events(gid)).seats["red"].deadline == deadline
    clock.now = deadline - timedelta(minutes=1)
    assert tick(svc, clock.now)["timeouts"] == 0
    clock.now = deadline + timedelta(minutes=1)
    assert tick(svc, clock.now)["timeouts"] == 3
    missed = [e.content for e in svc.events(gid) if type(e).__name__ == "DeadlineMissed"]
    assert {m["deadline"] for m in missed} == {deadline.isoformat()}


def test_an_unknown_zone_is_refused_at_creation(world):
    svc, _, _ = world
    with pytest.raises(BadRequest, match="Unknown time zone 'Europe/Atlantis'"):
        new_game(svc, timezone="Europe/Atlantis")
    assert svc.store.all_game_ids() == []


# ------------------------------------------------------------------------------------------ digest

def test_digest_days_are_cut_at_rome_midnight_across_the_spring_change(world):
    svc, clock, boxes = world
    clock.now = datetime(2026, 3, 27, 9, tzinfo=UTC)
    gid = new_game(svc, mode="none", timezone="Europe/Rome")["id"]
    set_preference(svc, gid, "blue", "digest")
    for moment, text in [((3, 28, 22, 30), "saturday late"),       # 23:30 CET, Saturday
                         ((3, 28, 23, 30), "sunday early"),        # 00:30 CET, Sunday (still Saturday in UTC)
                         ((3, 29, 21, 30), "sunday late"),         # 23:30 CEST, Sunday
                         ((3, 29, 22, 30), "monday early")]:       # 00:30 CEST, Monday (still Sunday in UTC)
        clock.now = datetime(2026, *moment, tzinfo=UTC)
        svc.post_message(gid, "red", "all", text)
    outbox.pump(svc)
    rows = {r["key"].rsplit("/", 1)[1]: r for r in outbox.rows_for(svc.store, gid)
            if r["kind"] == "digest" and r["seat"] == "blue"}
    assert sorted(rows) == ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30"]
    # Each row waits for its local day to end: Saturday ends at 23:00 UTC, the 23-hour Sunday at 22:00.
    assert rows["2026-03-28"]["not_before"] == datetime(2026, 3, 28, 23, tzinfo=UTC).timestamp() + 60
    assert rows["2026-03-29"]["not_before"] == datetime(2026, 3, 29, 22, tzinfo=UTC).timestamp() + 60
    with svc.store.db.transaction() as cur:  # the days are over
        cur.execute("UPDATE tabularium_outbox SET not_before=0 WHERE kind='digest'")
    flush(svc)
    digests = {}
    for mail in boxes.to("bob@example.org", "digest"):
        body = text_of(mail)
        digests[body.split(" for ", 1)[1][:10]] = body
    assert "for 2026-03-29 (Europe/Rome time):" in digests["2026-03-29"]
    sunday = digests["2026-03-29"]
    assert "sunday early" in sunday and "sunday late" in sunday
    assert "saturday late" not in sunday and "monday early" not in sunday
    assert "saturday late" in digests["2026-03-28"] and "sunday early" not in digests["2026-03-28"]
    assert "monday early" in digests["2026-03-30"]


# ------------------------------------------------------------------------------------------ display

def test_e_mails_show_deadlines_in_the_games_zone_with_utc_alongside(world):
    svc, _, boxes = world
    new_game(svc, timezone="Europe/Rome")
    new_game(svc)
    flush(svc)
    turns = boxes.to("ann@example.org", "your_turn")
    assert len(turns) == 2
    rome = next(m for m in turns if "CEST" in text_of(m))
    assert "Deadline: Monday 30 March 2026, 22:00 CEST (20:00 UTC)" in text_of(rome)
    assert "Deadline: <strong>Monday 30 March 2026, 22:00 CEST (20:00 UTC)</strong>" in html_of(rome)
    utc = next(m for m in turns if m is not rome)
    assert "Deadline: Monday 30 March 2026, 21:00 UTC\n" in text_of(utc)
    invitations = [text_of(m) for m in boxes.to("ann@example.org", "invitation")]
    assert sum("Times are shown in Europe/Rome time." in t for t in invitations) == 1


@pytest.mark.parametrize("zone, shown, clock_line", [
    ("Europe/Rome", "Mon 30 Mar 22:00 CEST (20:00 UTC)", "The clock stops on Saturdays and Sundays (Europe/Rome)."),
    ("UTC", "Mon 30 Mar 21:00 UTC", "The clock stops on Saturdays and Sundays (UTC)."),
])
def test_the_game_page_shows_deadlines_in_the_games_zone(world, zone, shown, clock_line):
    svc, _, _ = world
    app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False})
    game = new_game(svc, timezone=zone)
    client = app.test_client()
    login(client, game["seats"][0]["token"])
    page = client.get(f"/games/{game['id']}?seat=red").get_data(as_text=True)
    assert f"Deadline: {shown}." in page  # the player's own decision
    assert f"Ann (deadline {shown})" in page  # the waiting-for line
    assert clock_line in page
    assert ("Times are shown in Europe/Rome time." in page) == (zone != "UTC")


def test_the_new_game_form_explains_sets_and_checks_the_zone(world):
    svc, _, _ = world
    app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    page = client.get("/new?rules=toy").get_data(as_text=True)
    assert 'name="clock_timezone"' in page and "an IANA name such as" in page
    form = {"csrf_token": csrf_from(page), "rules": "toy", "action": "create", "name": ["Ann", "Bob"],
            "email": ["ann@example.org", "bob@example.org"], "clock_mode": "deadline",
            "clock_timezone": "Mars/Olympus_Mons"}
    refused = client.post("/new", data=form)
    assert refused.status_code in (400, 422) and "Unknown time zone" in refused.get_data(as_text=True)
    assert svc.store.all_game_ids() == []
    created = client.post("/new", data={**form, "clock_timezone": "America/New_York"})
    assert created.status_code in (200, 201, 302, 303)
    (gid,) = svc.store.all_game_ids()
    assert svc.get(gid).options["clock"]["timezone"] == "America/New_York"


def test_the_new_game_form_keeps_a_zone_without_deadlines(world):
    svc, _, _ = world
    app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    page = client.get("/new?rules=toy").get_data(as_text=True)
    form = {"csrf_token": csrf_from(page), "rules": "toy", "action": "create", "name": ["Ann", "Bob"],
            "email": ["ann@example.org", "bob@example.org"], "clock_mode": "none",
            "clock_per_decision_hours": "12"}
    client.post("/new", data=form)                                      # no zone: no clock option at all
    client.post("/new", data={**form, "clock_timezone": "Asia/Tokyo"})  # a zone alone is kept
    clocks = [svc.get(gid).options.get("clock") for gid in svc.store.all_game_ids()]
    assert [c for c in clocks if c] == [{"mode": "none", "timezone": "Asia/Tokyo"}] and len(clocks) == 2
