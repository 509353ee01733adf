"""A game's time zone: which IANA names are accepted, where local days and weekends begin, and how a
moment is written for the game's players.

The log and the API keep every instant in UTC. The zone (the clock setting "timezone", "UTC" when unset)
only decides where Saturdays, Mondays and digest days begin, and how times read on pages and in e-mails.
Pure functions: nothing here reads a clock (the zone database is read like the rules' data files).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from domain.errors import BadRequest
from domain.i18n import Moment, _

UTC_NAME = "UTC"
MAX_NAME_LENGTH = 64   # the longest IANA name is about half of this
# Names that load but mean something different on each machine (or nothing): a game's zone must
# give the same weekends wherever its log is replayed.
_MACHINE_DEPENDENT = frozenset({"localtime", "posixrules", "Factory"})
SATURDAY = 5


# ------------------------------------------------------------------------------------------ names

@lru_cache(maxsize=1)
def known_zones() -> frozenset[str]:
    """Every IANA name this machine knows (system database and the tzdata package), read once."""
    return frozenset(available_timezones()) - _MACHINE_DEPENDENT


def check_zone(name: object) -> str:
    """The zone name if it is a usable IANA name; BadRequest with a sentence otherwise."""
    if not isinstance(name, str) or not name or len(name) > MAX_NAME_LENGTH:
        raise BadRequest(_('The clock\'s timezone must be an IANA time zone name such as "Europe/Rome" '
                           'or "America/New_York" (default "UTC").'))
    if name == UTC_NAME:
        return name
    if name in known_zones():
        try:
            ZoneInfo(name)
            return name
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass  # listed but unreadable: refused below like an unknown name
    meant = _suggestion(name)
    if meant is not None:
        raise BadRequest(_('Unknown time zone %(zone)r (did you mean %(meant)r?); use an IANA name such as '
                           '"Europe/Rome" or "America/New_York".', zone=name, meant=meant))
    raise BadRequest(_('Unknown time zone %(zone)r; use an IANA name such as "Europe/Rome" or "America/New_York".',
                       zone=name))


def _suggestion(name: str) -> str | None:
    """Names are case-sensitive: the spelling the player probably meant, if any."""
    folded = name.casefold()
    matches = sorted(z for z in known_zones() if z.casefold() == folded)
    return matches[0] if matches else None


def zone(name: str) -> tzinfo:
    """The tzinfo of a checked name; UTC is the plain datetime.timezone.utc, as before zones existed."""
    return timezone.utc if name == UTC_NAME else ZoneInfo(name)


def is_utc(name: str) -> bool:
    return name == UTC_NAME


# ------------------------------------------------------------------------------------------ days

def local_midnight(day: date, name: str) -> datetime:
    """The UTC instant at which `day` begins in the zone.

    fold=0 (the default) gives the right answer at both kinds of change: a midnight skipped by a
    spring-forward maps to the moment of the change, a repeated one to its first occurrence."""
    return datetime(day.year, day.month, day.day, tzinfo=zone(name)).astimezone(timezone.utc)


def local_date(moment: datetime, name: str) -> date:
    return moment.astimezone(zone(name)).date()


def day_bounds(moment: datetime, name: str) -> tuple[date, datetime, datetime]:
    """(local date, its start, its end) of the local day holding `moment`; start and end in UTC.

    Across a daylight-saving change the day lasts 23 or 25 hours, so consecutive days always meet."""
    day = local_date(moment, name)
    return day, local_midnight(day, name), local_midnight(day + timedelta(days=1), name)


def weekends(start: datetime, until: datetime, name: str) -> list[tuple[datetime, datetime]]:
    """Saturday 00:00 to Monday 00:00 local time, as UTC instants, for every weekend that is not over
    at `start` and begins before `until`. Across a daylight-saving change a weekend lasts 47 or 49
    hours; in UTC it is always 48, exactly as before zones existed."""
    day = local_date(start, name)
    saturday = day + timedelta(days=(SATURDAY - day.weekday()) % 7)
    if day.weekday() == 6:  # a Sunday belongs to the weekend that began the day before
        saturday -= timedelta(days=7)
    spans = []
    begins = local_midnight(saturday, name)
    while begins < until:
        spans.append((begins, local_midnight(saturday + timedelta(days=2), name)))
        saturday += timedelta(days=7)
        begins = local_midnight(saturday, name)
    return spans


# ------------------------------------------------------------------------------------------ display

def format_moment(moment: datetime, name: str, long: bool = False) -> Moment:
    """A moment as the game's players read it: local time with the zone's abbreviation, then UTC in
    brackets when the zone is not UTC (with the UTC weekday when the dates differ).

    short: "Mon 30 Nov 18:00 CET (17:00 UTC)"; long (e-mails): "Monday 30 November 2026, 18:00 CET
    (17:00 UTC)". A UTC game reads "Monday 30 November 2026, 17:00 UTC", as e-mails always did.
    That is the English; the result is a `Moment`, which the edge writes in the reader's language."""
    utc = moment.astimezone(timezone.utc)
    local = utc.astimezone(zone(name))
    day = (f"{local:%A} {local.day} {local:%B %Y}," if long else f"{local:%a} {local.day} {local:%b}")
    label = zone_label(local, name)
    text = f"{day} {local:%H:%M} {label}"
    if label != UTC_NAME:  # UTC itself, or an alias such as "Etc/UTC": brackets would only repeat it
        other_day = "" if utc.date() == local.date() else f"{utc:%a} "
        text = f"{text} ({other_day}{utc:%H:%M} UTC)"
    return Moment(text, utc.isoformat(), name, "long" if long else "short")


def format_local(moment: datetime, name: str) -> Moment:
    """A past moment (a message, an event) in the game's zone only: "Mon 30 Nov 18:00 CET"."""
    utc = moment.astimezone(timezone.utc)
    local = utc.astimezone(zone(name))
    return Moment(f"{local:%a} {local.day} {local:%b} {local:%H:%M} {zone_label(local, name)}", utc.isoformat(),
                  name, "local")


def zone_label(local: datetime, name: str) -> str:
    """The zone's abbreviation ("CET", "EDT"); its name where the database has only an offset ("-03")."""
    if is_utc(name):
        return UTC_NAME
    abbreviation = local.tzname() or ""
    return abbreviation if abbreviation[:1].isalpha() else name


__all__ = ["UTC_NAME", "check_zone", "known_zones", "zone", "is_utc", "local_midnight", "local_date",
           "day_bounds", "weekends", "format_moment", "format_local", "zone_label"]
