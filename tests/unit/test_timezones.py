"""A game's time zone (domain.timezones and the clock setting "timezone"): which names are accepted,
where local weekends and digest days begin across daylight-saving changes, and how times are written.
Fixed instants only; nothing here reads the wall clock."""
from __future__ import annotations

import hashlib
from datetime import date, datetime, timedelta, timezone

import pytest

from domain.errors import BadRequest
from notifications.outbox import day_end
from notifications.plan import digest_day
from domain.clock import DEFAULTS, HELP, Exclusions, check_clock, describe_clock
from domain.timezones import check_zone, day_bounds, format_moment, local_midnight, weekends

UTC = timezone.utc


def at(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def hours(span: tuple[datetime, datetime]) -> float:
    return (span[1] - span[0]).total_seconds() / 3600


# ------------------------------------------------------------------------------------------ validation

@pytest.mark.parametrize("name", ["Europe/Rome", "America/New_York", "UTC", "Etc/UTC", "Asia/Kolkata"])
def test_iana_names_are_accepted(name):
    assert check_zone(name) == name
    assert check_clock({"clock": {"timezone": name}})["timezone"] == name


def test_the_zone_defaults_to_utc_and_is_listed_with_its_help():
    assert DEFAULTS["timezone"] == "UTC" and check_clock({"clock": {"mode": "deadline"}})["timezone"] == "UTC"
    assert check_clock(None)["timezone"] == "UTC"
    assert "IANA" in HELP["timezone"] and "Europe/Rome" in HELP["timezone"]
    assert "time zone" in HELP["weekend_pause"]


@pytest.mark.parametrize("name", ["Mars/Olympus_Mons", "Europe", "../etc/passwd", "/etc/localtime", "localtime",
                                  "posixrules", "Factory", "posix/Europe/Rome", "right/Europe/Rome", "Europe/Rome\x00",
                                  "", "A" * 65, "Europe/" + "x" * 200])
def test_unknown_or_machine_dependent_names_are_refused_with_a_sentence(name):
    with pytest.raises(BadRequest) as refused:
        check_clock({"clock": {"mode": "deadline", "timezone": name}})
    assert "IANA" in str(refused.value) and str(refused.value).endswith(".")


@pytest.mark.parametrize("value", [5, None, True, ["Europe/Rome"], {"name": "Europe/Rome"}, 1.5])
def test_a_timezone_that_is_not_a_string_is_refused(value):
    with pytest.raises(BadRequest, match="timezone must be an IANA time zone name"):
        check_clock({"clock": {"timezone": value}})


def test_a_wrongly_cased_name_gets_a_suggestion():
    with pytest.raises(BadRequest, match="did you mean 'Europe/Rome'"):
        check_zone("europe/rome")


def test_describe_clock_names_the_zone_only_when_it_is_not_utc():
    rome = describe_clock(check_clock({"clock": {"weekend_pause": True, "timezone": "Europe/Rome"}}))
    assert "The clock stops on Saturdays and Sundays (Europe/Rome)." in rome
    assert rome[-1] == "Times are shown in Europe/Rome time."
    utc = describe_clock(check_clock({"clock": {"weekend_pause": True}}))
    assert "The clock stops on Saturdays and Sundays (UTC)." in utc and not any("Times are shown" in s for s in utc)
    no_deadlines = describe_clock(check_clock({"clock": {"mode": "none", "timezone": "America/New_York"}}))
    assert no_deadlines == ["No deadlines: the game waits for every decision.",
                            "Times are shown in America/New_York time."]


# ------------------------------------------------------------------------------------------ weekends

def test_a_rome_weekend_is_saturday_to_monday_local_time():
    (span,) = weekends(at(2026, 3, 6, 12), at(2026, 3, 7), "Europe/Rome")
    assert span == (at(2026, 3, 6, 23), at(2026, 3, 8, 23)) and hours(span) == 48


def test_a_rome_weekend_with_the_spring_change_lasts_47_hours_and_the_autumn_one_49():
    (spring,) = weekends(at(2026, 3, 27, 12), at(2026, 3, 28), "Europe/Rome")
    assert spring == (at(2026, 3, 27, 23), at(2026, 3, 29, 22)) and hours(spring) == 47  # CET -> CEST
    (autumn,) = weekends(at(2026, 10, 23, 12), at(2026, 10, 24), "Europe/Rome")
    assert autumn == (at(2026, 10, 23, 22), at(2026, 10, 25, 23)) and hours(autumn) == 49  # CEST -> CET


def test_new_york_weekends_across_both_changes():
    (spring,) = weekends(at(2026, 3, 6, 12), at(2026, 3, 8), "America/New_York")  # the second weekend of March
    assert spring == (at(2026, 3, 7, 5), at(2026, 3, 9, 4)) and hours(spring) == 47    # EST -> EDT
    (autumn,) = weekends(at(2026, 10, 30, 12), at(2026, 11, 1), "America/New_York")
    assert autumn == (at(2026, 10, 31, 4), at(2026, 11, 2, 5)) and hours(autumn) == 49  # EDT -> EST


def test_the_weekend_of_a_moment_is_decided_by_its_local_day():
    monday_in_rome = at(2026, 3, 29, 23, 30)  # Sunday in UTC, Monday 01:30 CEST in Rome: the weekend is over
    assert weekends(monday_in_rome, monday_in_rome + timedelta(hours=1), "Europe/Rome") == []
    sunday = at(2026, 3, 29, 12)  # a Sunday belongs to the weekend that began the day before
    (span,) = weekends(sunday, sunday + timedelta(hours=1), "Europe/Rome")
    assert span[0] == at(2026, 3, 27, 23)
    in_new_york = at(2026, 3, 9, 2)  # Sunday 22:00 EDT, though Monday in UTC
    (span,) = weekends(in_new_york, in_new_york + timedelta(hours=1), "America/New_York")
    assert span == (at(2026, 3, 7, 5), at(2026, 3, 9, 4))


def test_the_clock_runs_around_a_zoned_weekend_with_a_dst_change():
    friday = at(2026, 3, 27, 15)  # 16:00 CET: 8 running hours before Saturday 00:00 CET
    rome = Exclusions([], weekends=True, zone="Europe/Rome")
    assert rome.advance(friday, 30 * 3600) == at(2026, 3, 30, 20)  # Monday 22:00 CEST
    assert rome.counted(friday, at(2026, 3, 30, 20)) == 30 * 3600
    utc = Exclusions([], weekends=True)
    assert utc.advance(friday, 30 * 3600) == at(2026, 3, 30, 21)  # the UTC weekend is one hour later


def _sweep() -> str:
    """Deadlines over three weeks of start times, budgets and a pause, with the UTC weekend pause."""
    start = at(2026, 3, 2)
    pause = (at(2026, 3, 10, 6), at(2026, 3, 11, 18))
    lines = []
    for step in range(0, 24 * 21, 7):
        since = start + timedelta(hours=step, minutes=13)
        for excl in (Exclusions([], weekends=True), Exclusions([pause], weekends=True)):
            for budget in (5, 24, 49, 72, 100):
                lines.append(f"{since.isoformat()} {budget} {excl.advance(since, budget * 3600).isoformat()} "
                             f"{excl.counted(since, since + timedelta(hours=budget)):.0f}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def test_utc_weekends_compute_exactly_what_they_did_before_zones():
    # The digest of the same sweep run on the code before zones existed (commit 10da6c2).
    assert _sweep() == "d545cc8bce72b9c26fae5884833ecb1b7ae8f7c78f55ae018bdee097267ca342"


# ------------------------------------------------------------------------------------------ days

def test_local_midnight_where_midnight_is_skipped_or_repeated():
    # Brazil 2018: clocks jumped from 00:00 to 01:00, so the day began at 01:00 -02 (03:00 UTC).
    assert local_midnight(date(2018, 11, 4), "America/Sao_Paulo") == at(2018, 11, 4, 3)
    # Brazil 2019: 00:00 came back to 23:00 the evening before: the 16th lasted 25 hours.
    _, start, end = day_bounds(at(2019, 2, 16, 12), "America/Sao_Paulo")
    assert (start, end) == (at(2019, 2, 16, 2), at(2019, 2, 17, 3))


@pytest.mark.parametrize("zone, first, lengths", [
    ("Europe/Rome", at(2026, 3, 27, 12), {"2026-03-28": 24, "2026-03-29": 23, "2026-03-30": 24}),
    ("America/New_York", at(2026, 10, 30, 12), {"2026-10-31": 24, "2026-11-01": 25, "2026-11-02": 24}),
])
def test_digest_days_across_a_dst_change_are_neither_repeated_nor_skipped(zone, first, lengths):
    seen: dict[str, set[float]] = {}
    order: list[str] = []
    for step in range(0, 4 * 24 * 4):  # every quarter of an hour for four days
        day, end = digest_day((first + timedelta(minutes=15 * step)).isoformat(), zone)
        seen.setdefault(day, set()).add(end)
        if not order or order[-1] != day:
            order.append(day)
    assert order == sorted(seen) and len(order) == len(set(order))  # each day in one run, in order
    dates = [date.fromisoformat(d) for d in order]
    assert all(b - a == timedelta(days=1) for a, b in zip(dates, dates[1:]))  # no day skipped
    assert all(len(ends) == 1 for ends in seen.values())  # one send time per day (one row key)
    for day, length in lengths.items():
        start = local_midnight(date.fromisoformat(day), zone).timestamp()
        assert seen[day] == {start + length * 3600}


def test_digest_days_follow_local_midnight_not_utc_midnight():
    assert digest_day("2026-03-28T22:30:00+00:00", "Europe/Rome")[0] == "2026-03-28"  # 23:30 CET
    assert digest_day("2026-03-28T23:30:00+00:00", "Europe/Rome")[0] == "2026-03-29"  # 00:30 CET
    assert digest_day("2026-03-09T02:00:00+00:00", "America/New_York")[0] == "2026-03-08"  # 22:00 EDT


def test_utc_digest_days_are_the_old_utc_days():
    for moment in ("2026-03-28T23:59:59+00:00", "2026-03-29T00:00:00+00:00", "2026-10-25T01:30:00+00:00"):
        assert digest_day(moment, "UTC") == day_end(moment)


# ------------------------------------------------------------------------------------------ display

def test_the_short_format_shows_local_time_then_utc():
    assert format_moment(at(2026, 11, 30, 17), "Europe/Rome") == "Mon 30 Nov 18:00 CET (17:00 UTC)"
    assert format_moment(at(2026, 3, 30, 20), "Europe/Rome") == "Mon 30 Mar 22:00 CEST (20:00 UTC)"
    assert format_moment(at(2026, 3, 9, 2), "America/New_York") == "Sun 8 Mar 22:00 EDT (Mon 02:00 UTC)"
    assert format_moment(at(2026, 11, 30, 17), "UTC") == "Mon 30 Nov 17:00 UTC"


def test_the_long_format_of_e_mails_keeps_the_old_utc_wording():
    assert format_moment(at(2026, 1, 7, 9), "UTC", long=True) == "Wednesday 7 January 2026, 09:00 UTC"
    assert format_moment(at(2026, 1, 7, 9), "Europe/Rome", long=True) == \
        "Wednesday 7 January 2026, 10:00 CET (09:00 UTC)"


def test_zones_without_a_letter_abbreviation_are_named_and_utc_aliases_are_not_repeated():
    assert format_moment(at(2026, 11, 30, 17), "America/Sao_Paulo") == \
        "Mon 30 Nov 14:00 America/Sao_Paulo (17:00 UTC)"  # the database only has "-03"
    assert format_moment(at(2026, 11, 30, 17), "Etc/UTC") == "Mon 30 Nov 17:00 UTC"
    assert format_moment(at(2026, 11, 30, 17), "Europe/London") == "Mon 30 Nov 17:00 GMT (17:00 UTC)"


def test_an_unknown_zone_in_a_stored_game_keeps_its_deadlines_in_utc():
    """A game created where the zone existed, read where the zone database lacks it: its clock must not
    silently become "no deadlines" (timeouts would stop); only the zone falls back to UTC."""
    from domain.clock import clock_of

    options = {"clock": {"mode": "deadline", "per_decision_hours": 24, "timezone": "Mars/Olympus_Mons"}}
    clock = clock_of(options)
    assert clock["mode"] == "deadline" and clock["per_decision_hours"] == 24 and clock["timezone"] == "UTC"
    assert clock_of({"clock": {"mode": "sometimes"}})["mode"] == "none"  # anything else damaged: no deadlines


def test_past_moments_read_in_the_games_zone_only():
    from datetime import datetime, timezone

    from domain.timezones import format_local

    moment = datetime(2026, 3, 30, 20, 0, tzinfo=timezone.utc)
    assert format_local(moment, "Europe/Rome") == "Mon 30 Mar 22:00 CEST"
    assert format_local(moment, "America/New_York") == "Mon 30 Mar 16:00 EDT"
    assert format_local(moment, "UTC") == "Mon 30 Mar 20:00 UTC"
