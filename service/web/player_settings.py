"""A player's own settings, from the game page and over the API: the e-mail preference, the language and
the time zone (`notifications.preferences`) and vacations (`service.deadlines.start_vacation` / `end_vacation`).

The forms are CSRF-protected like every form, and act for a seat of this browser (the operator: any
seat). The API routes take a bearer token only and are exempt from CSRF, like the API blueprint,
because they never act on a cookie. Once the game is over only the language and the time zone can still be changed (its pages stay readable).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from flask import Blueprint, abort, flash, jsonify, redirect, request, url_for

import locales
from domain.errors import BadRequest, GameError, GameNotActive
from domain.i18n import _, n_
from domain.rules import IllegalAction, seat_name
from notifications.preferences import get_language, get_preference, set_language, set_preference, set_timezone
from service import views
from domain.clock import clock_of
from service.deadlines import VacationState, end_vacation, schedule_for, start_vacation, vacation_state
from service.web import get_service, load_game
from service.web.api import game_and_caller, json_body, text_field
from service.web.auth import acting_seat
from service.web.errors import status_for
from service.web.games import form_seat, form_text, page_caller, render_game
from service.web.i18n import number, read_as, tr

log = logging.getLogger("tabularium.web")

bp = Blueprint("settings", __name__)

LIMITED_ENDPOINTS = {name: "action" for name in ("email", "reading", "vacation", "vacation_end", "api_update",
                                                 "api_vacation", "api_vacation_end")}
FLASH = "settings"  # the category _settings.html shows after the redirect
EMAIL_CHOICES = [  # (value, label, what it means), in the order the card lists them (printed with |tr)
    ("every", _("Every e-mail"), _("one for each of your turns, each message and each reminder.")),
    ("digest", _("Daily digest"), _("at most one e-mail a day, with everything that happened.")),
    ("none", _("No e-mail"), _("you follow the game on this page; only answers to e-mail you send still come.")),
]
NOTICES = {
    "every": _("You will get an e-mail for each of your turns and messages."),
    "digest": _("You will get at most one e-mail a day, a digest of everything that happened."),
    "none": _("You will get no more e-mail from this game: follow it on this page."),
}

# Offered in the time zone field's list (any IANA name is accepted): where our players are, then the world.
COMMON_ZONES = ("Europe/Athens", "Europe/Budapest", "Europe/London", "Europe/Berlin", "Europe/Rome", "Europe/Paris",
                "America/New_York", "America/Chicago", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney", "UTC")


# ------------------------------------------------------------------------------------------ reading

@dataclass(frozen=True)
class SeatSettings:
    seat: str
    email_preference: str
    has_address: bool
    deadlines: bool        # without deadlines there is no clock to stop, so no vacation
    vacation: VacationState
    language: str          # what the seat reads: its own language, else the table's, else English
    timezone: str          # the seat's own time zone, "" when it reads the game's
    game_zone: str         # the game's time zone (the clock's "timezone")

    def to_json(self) -> dict:
        return {"seat": self.seat, "email_preference": self.email_preference, "vacation": self.vacation.to_json(),
                "language": self.language, "timezone": self.timezone or None, "game_timezone": self.game_zone}


def settings_of(game: Any, seat: str) -> SeatSettings:
    svc = get_service()
    contact = svc.store.contacts(game.id).get(seat) or {}
    clock = clock_of(game.options)
    return SeatSettings(seat, get_preference(svc, game.id, seat), bool(contact.get("email")),
                        clock["mode"] != "none", vacation_state(schedule_for(svc, game), seat),
                        get_language(game, seat) or locales.DEFAULT, game.timezone_for(seat) or "",
                        clock["timezone"])


# ------------------------------------------------------------------------------------------ changing

def require_running(game: Any) -> None:
    if views.is_over(game):
        raise GameNotActive(_("This game is already over."))


def change_preference(game: Any, seat: str, preference: str, by: str) -> None:
    require_running(game)
    set_preference(get_service(), game.id, seat, preference, by=by)


def change_reading(game: Any, seat: str, by: str, language: Any = None, zone: Any = None) -> None:
    """The seat's language and/or time zone (None: unchanged); the rest of this request reads the new ones."""
    svc = get_service()
    if language is not None:
        set_language(svc, game.id, seat, language, by=by)
    if zone is not None:
        set_timezone(svc, game.id, seat, zone, by=by)
    read_as(svc.get(game.id), seat)


def form_days(text: str) -> float:
    """The form's number of days; a sentence (422, shown on the page) when it is not a number."""
    try:
        return float(text.strip())
    except ValueError:
        raise BadRequest(_("The number of vacation days must be a number, such as 3.")) from None


def json_days(data: dict) -> float:
    days = data.get("days")
    if days is None:
        abort(400, description=_('"days" is required.'))
    if isinstance(days, bool) or not isinstance(days, (int, float)):
        abort(400, description=_('"days" must be a number.'))
    return days


# ------------------------------------------------------------------------------------------ the forms

def page_of(game_id: str, seat: str) -> str:
    return url_for("games.page", game_id=game_id, seat=seat) + "#settings"


def form_action(game_id: str, action: Callable[[Any, str, str], str]):
    """Run `action(game, seat, by)` for the form's seat; back to the page with its notice, or the page
    with the reason (and nothing changed) when the service refuses."""
    game = load_game(game_id)
    caller = page_caller(game)
    seat, by = form_seat(game, caller)
    try:
        notice = action(game, seat, by)
    except (GameError, IllegalAction) as exc:
        return render_game(load_game(game.id), caller, seat, error=exc.reason, status=status_for(exc))
    flash(tr(notice), FLASH)  # the session keeps text: rendered in the reader's language now
    return redirect(page_of(str(game.id), seat), 303)


@bp.post("/games/<game_id>/settings/email")
def email(game_id: str):
    preference = form_text("preference", 20)

    def action(game: Any, seat: str, by: str) -> str:
        change_preference(game, seat, preference, by)
        return NOTICES[preference]
    return form_action(game_id, action)


@bp.post("/games/<game_id>/settings/reading")
def reading(game_id: str):
    language, zone = form_text("language", 40), form_text("timezone", 80, required=False) or ""

    def action(game: Any, seat: str, by: str) -> str:
        change_reading(game, seat, by, language, zone)
        return _("Saved: you read this game in %(language)s, with times in %(zone)s.",
                 language=locales.NAMES[get_language(get_service().get(game.id), seat)],
                 zone=zone or clock_of(game.options)["timezone"])
    return form_action(game_id, action)


@bp.post("/games/<game_id>/vacation")
def vacation(game_id: str):
    text = form_text("days", 30)

    def action(game: Any, seat: str, by: str) -> str:
        days = form_days(text)
        start_vacation(get_service(), game.id, seat, days)
        return n_("%(seat)s is on vacation for %(days)s day: the clock is stopped.",
                  "%(seat)s is on vacation for %(days)s days: the clock is stopped.",
                  int(days) if float(days).is_integer() else 2,  # a fraction of a day reads as "days"
                  seat=seat_name(seat), days=number(days))
    return form_action(game_id, action)


@bp.post("/games/<game_id>/vacation/end")
def vacation_end(game_id: str):
    def action(game: Any, seat: str, by: str) -> str:
        end_vacation(get_service(), game.id, seat)
        return _("Welcome back: %(seat)s's clock runs again, and the unused days are kept.", seat=seat_name(seat))
    return form_action(game_id, action)


# ------------------------------------------------------------------------------------------ the API
# Each docstring repeats the answer's schema: the OpenAPI document is built from the docstrings alone.

def answer(game_id: Any, seat: str):
    return jsonify(settings_of(load_game(game_id), seat).to_json())


@bp.get("/api/games/<game_id>/settings")
def api_settings(game_id: str):
    """A seat's settings in a game.
    ---
    summary: Your settings
    description: >
      Your e-mail preference ("every", "digest": at most one e-mail a day, or "none") and your vacation:
      whether you are on one, until when, and the vacation days you may still take in this game (0 in a
      game without deadlines, where there is no clock to stop). The operator names the `seat`.
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: seat, in: query, required: false, schema: {type: string}, description: 'operator only: the seat to read'}
    errors: [400, 401, 403, 404, 422, 429, 503]
    responses:
      '200':
        description: The settings
        content:
          application/json:
            schema: {$ref: '#/components/schemas/SeatSettings'}
    """
    game, caller = game_and_caller(game_id)
    seat, _by = acting_seat(game, caller, request.args.get("seat"))
    return answer(game.id, seat)


@bp.post("/api/games/<game_id>/settings")
def api_update(game_id: str):
    """Change your e-mail preference, language or time zone.
    ---
    summary: Change your e-mail preference, language or time zone
    description: >
      Any of: `email_preference`, "every" (an e-mail for each of your turns, messages and reminders),
      "digest" (at most one e-mail a day) or "none"; `language`, the language of your pages and e-mails
      ("en", "el" or "hu"; the language's name is understood too), which wins over the table's language
      and the browser's; `timezone`, the IANA time zone your pages and e-mails show times in ("" for the
      game's own). Each change is recorded as a `PreferencesChanged` event; the same value again records
      nothing. The operator names the `seat`. A game that is over refuses a change of the e-mail
      preference (409). Answers the settings as they are now.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema:
            type: object
            minProperties: 1
            properties:
              email_preference: {type: string, enum: [every, digest, none]}
              language: {type: string, enum: [en, el, hu], description: 'the language of your pages and e-mails'}
              timezone: {type: string, maxLength: 64, description: 'an IANA time zone, "" for the game''s'}
              seat: {type: string, description: operator only}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: Changed
        content:
          application/json:
            schema: {$ref: '#/components/schemas/SeatSettings'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body()
    seat, by = acting_seat(game, caller, data.get("seat"))
    fields = [name for name in ("email_preference", "language", "timezone") if name in data]
    if not fields:
        abort(400, description=_('Send at least one of "email_preference", "language" and "timezone".'))
    if "email_preference" in data:
        change_preference(game, seat, text_field(data, "email_preference", limit=20), by)
    if "language" in data or "timezone" in data:
        change_reading(game, seat, by, text_field(data, "language", required=False, limit=40),
                       text_field(data, "timezone", required=False, limit=80) if "timezone" in data else None)
    return answer(game.id, seat)


@bp.post("/api/games/<game_id>/vacation")
def api_vacation(game_id: str):
    """Start a vacation.
    ---
    summary: Start a vacation
    description: >
      Your clock stops for `days` days (fractions allowed), within the game's allowance (the clock's
      `vacation_days`, less the days you already took; the settings' `days_left`). Recorded as a
      `VacationStarted` event; the vacation ends by itself, or earlier with `POST .../vacation/end`.
      A game without deadlines refuses (422), and so does a seat already on vacation; a game that is over
      refuses with 409. The operator names the `seat`.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [days]
            properties:
              days: {type: number, exclusiveMinimum: true, minimum: 0}
              seat: {type: string, description: operator only}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: The vacation has started
        content:
          application/json:
            schema: {$ref: '#/components/schemas/SeatSettings'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body()
    seat, _by = acting_seat(game, caller, data.get("seat"))
    start_vacation(get_service(), game.id, seat, json_days(data))
    return answer(game.id, seat)


@bp.post("/api/games/<game_id>/vacation/end")
def api_vacation_end(game_id: str):
    """Come back from a vacation early.
    ---
    summary: End your vacation early
    description: >
      Your clock runs again from now; the days you did not use stay in your allowance. Recorded as a
      `VacationEnded` event. A seat that is not on vacation is refused (422), a game that is over with
      409. The operator names the `seat`.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: false
      content:
        application/json:
          schema: {type: object, properties: {seat: {type: string, description: operator only}}}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: The vacation is over
        content:
          application/json:
            schema: {$ref: '#/components/schemas/SeatSettings'}
    """
    game, caller = game_and_caller(game_id)
    seat, _by = acting_seat(game, caller, json_body(optional=True).get("seat"))
    end_vacation(get_service(), game.id, seat)
    return answer(game.id, seat)



# ------------------------------------------------------------------------------------------ the page

@bp.app_context_processor
def settings_helpers() -> dict:
    return {"seat_settings": seat_settings, "email_choices": EMAIL_CHOICES, "common_zones": COMMON_ZONES}


def seat_settings(game: Any, seat: str) -> SeatSettings | None:
    """For _settings.html. An optional card must never take the game page down with it."""
    try:
        return settings_of(game, seat)
    except Exception:  # noqa: BLE001
        log.exception("cannot read the settings of %s in %s", seat, getattr(game, "id", "?"))
        return None
