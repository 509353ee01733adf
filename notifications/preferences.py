"""Per-player preferences: the e-mail preference ("every" (default), "digest" (one e-mail a day), "none"),
the language of the seat's pages and e-mails, and the time zone it reads times in.

The contacts table holds the e-mail preference the sender reads; a PreferencesChanged event records the
change in the game's log as well (who asked, when), so the record explains why a player got no e-mail.
A language or a time zone lives in the log only (PreferencesChanged with a `language` or `timezone` field,
folded into the game: `Game.language_for`, `Game.timezone_for`), so it replays with the game."""
from __future__ import annotations

from typing import Any

import locales
from domain.errors import BadRequest
from domain.game import EMAIL_PREFERENCES
from domain.i18n import _
from notifications.ports import GameServicePort

PREFERENCES = EMAIL_PREFERENCES  # every e-mail, one digest a day, none


def set_preference(svc: GameServicePort, game_id: str, seat: str, preference: str, by: str = "seat") -> None:
    if preference not in PREFERENCES:
        raise BadRequest(_("The e-mail preference must be one of %(choices)s.", choices=", ".join(PREFERENCES)))
    contact = svc.store.contacts(game_id).get(seat)
    if contact is None:
        raise BadRequest(_("There is no seat %(seat)s with an address in this game.", seat=repr(seat)))
    if contact.get("preference") == preference:
        return
    svc.store.set_contact(svc.get(game_id).id, seat, contact["email"], preference)
    from notifications.compose import forget_contacts

    forget_contacts(svc, str(game_id))
    svc.change_preference(game_id, seat, preference, by)


def get_preference(svc: GameServicePort, game_id: str, seat: str) -> str:
    return (svc.store.contacts(game_id).get(seat) or {}).get("preference") or "every"


def language_choice(value: Any) -> str:
    """The language a request names (a code such as "el", or its name: "Ελληνικά", "magyar"), else
    BadRequest listing the languages there are."""
    language = locales.language_named(value) if isinstance(value, str) else None
    if language is None:
        raise BadRequest(_("The language must be one of %(choices)s.", choices=", ".join(
            f"{code} ({locales.NAMES[code]})" for code in locales.LANGUAGES)))
    return language


def set_language(svc: GameServicePort, game_id: str, seat: str, language: Any, by: str = "seat") -> str:
    """Record the seat's language (a code or a name); the same language again records nothing."""
    language = language_choice(language)
    game = svc.get(game_id)
    if seat not in game.seat_ids:
        raise BadRequest(_("There is no seat %(seat)r in this game.", seat=seat))
    if game.__dict__.get("languages", {}).get(seat) != language:
        svc.change_language(game_id, seat, language, by)
    return language


def get_language(game: Any, seat: str | None) -> str | None:
    """The language the seat chose, else the table's; None when neither was chosen (or has no catalog)."""
    return locales.supported(game.language_for(seat)) if game is not None else None


def set_timezone(svc: GameServicePort, game_id: str, seat: str, zone: Any, by: str = "seat") -> str:
    """Record the time zone the seat reads times in (an IANA name; "" for the game's own zone again)."""
    from domain.timezones import check_zone

    zone = zone.strip() if isinstance(zone, str) else zone
    if zone != "":
        zone = check_zone(zone)
    game = svc.get(game_id)
    if (game.timezone_for(seat) or "") != zone:
        svc.change_timezone(game_id, seat, zone, by)
    return zone


__all__ = ["PREFERENCES", "set_preference", "get_preference", "language_choice", "set_language", "get_language",
           "set_timezone"]
