"""Moments in the reader's language (babel.dates): the edge's half of `domain.i18n.Moment`.

The domain writes a moment's English ("Mon 30 Nov 18:00 CET (17:00 UTC)", domain.timezones) and keeps the
instant, the zone and the style beside it; here the same moment is written the way the reader's locale
writes dates and times (CLDR, through Babel):

    short   el "Δευ 30 Νοε, 7:00 μ.μ. CET (5:00 μ.μ. UTC)"     hu "nov. 30., H 18:00 CET (17:00 UTC)"
    long    el "Δευτέρα 30 Νοεμβρίου 2026 - 7:00 μ.μ. CET (5:00 μ.μ. UTC)"
            hu "2026. november 30., hétfő 18:00 CET (17:00 UTC)"
    local   the short form without the UTC time in brackets

The zone is the one the Moment names, unless the reader has one of their own (`zone=`). English keeps the
domain's own text for the game's zone, so English pages and e-mails read exactly as they always did.
"""
from __future__ import annotations

from datetime import datetime, timezone

from babel import Locale
from babel.dates import format_date, format_skeleton, format_time

from domain.i18n import Moment
from domain.timezones import UTC_NAME, format_local, format_moment, zone as zone_info, zone_label


def render_moment(moment: Moment, language: str, zone: str | None = None) -> str:
    """`moment` written for a reader of `language`, in `zone` (default: the moment's own zone)."""
    name = zone or moment.zone
    try:
        utc = datetime.fromisoformat(moment.at).astimezone(timezone.utc)
        zone_info(name)
    except (TypeError, ValueError, KeyError, OSError):
        return str(moment)  # a moment stored by something else: its English as recorded
    if language == "en":
        if name == moment.zone:
            return str(moment)
        if moment.style == "local":
            return str(format_local(utc, name))
        return str(format_moment(utc, name, long=moment.style == "long"))
    return _localised(utc, name, moment.style, Locale.parse(language))


def _localised(utc: datetime, name: str, style: str, locale: Locale) -> str:
    local = utc.astimezone(zone_info(name))
    day = format_date(local, "full", locale=locale) if style == "long" else format_skeleton("MMMEd", local, locale=locale)
    pattern = locale.datetime_formats["long" if style == "long" else "short"]
    pattern = getattr(pattern, "pattern", pattern)  # a DateTimePattern in some Babel versions, a str in others
    label = zone_label(local, name)
    text = str(pattern).replace("{1}", day).replace("{0}", f"{format_time(local, 'short', locale=locale)} {label}")
    if style == "local" or label == UTC_NAME:
        return text
    other_day = "" if utc.date() == local.date() else format_skeleton("E", utc, locale=locale) + " "
    return f"{text} ({other_day}{format_time(utc, 'short', locale=locale)} UTC)"


__all__ = ["render_moment"]
