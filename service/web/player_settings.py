"""A player's own settings, from the game page and over the API: the e-mail preference
(`notifications.preferences`) and vacations (`service.deadlines.start_vacation` / `end_vacation`).

The forms are CSRF-protected like every form, and act for a seat of this browser (the operator: any
seat). The API routes take a bearer token only and are exempt from CSRF, like the API blueprint,
because they never act on a cookie. Nothing can be changed once the game is over.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from flask import Blueprint, abort, flash, jsonify, redirect, request, url_for

from domain.errors import BadRequest, GameError, GameNotActive
from domain.i18n import _, n_
from domain.rules import IllegalAction
from notifications.preferences import get_preference, set_preference
from service import views
from domain.clock import clock_of
from service.deadlines import VacationState, end_vacation, schedule_for, start_vacation, vacation_state
from service.web import get_service, load_game
from service.web.api import game_and_caller, json_body, text_field
from service.web.auth import acting_seat
from service.web.errors import status_for
from service.web.games import form_seat, form_text, page_caller, render_game
from service.web.i18n import tr

log = logging.getLogger("tabularium.web")

bp = Blueprint("settings", __name__)

LIMITED_ENDPOINTS = {name: "action" for name in ("email", "vacation", "vacation_end", "api_update",
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


# ------------------------------------------------------------------------------------------ reading

@dataclass(frozen=True)
class SeatSettings:
    seat: str
    email_preference: str
    has_address: bool
    deadlines: bool        # without deadlines there is no clock to stop, so no vacation
    vacation: VacationState

    def to_json(self) -> dict:
        return {"seat": self.seat, "email_preference": self.email_preference, "vacation": self.vacation.to_json()}


def settings_of(game: Any, seat: str) -> SeatSettings:
    svc = get_service()
    contact = svc.store.contacts(game.id).get(seat) or {}
    return SeatSettings(seat, get_preference(svc, game.id, seat), bool(contact.get("email")),
                        clock_of(game.options)["mode"] != "none", vacation_state(schedule_for(svc, game), seat))


# ------------------------------------------------------------------------------------------ changing

def require_running(game: Any) -> None:
    if views.is_over(game):
        raise GameNotActive(_("This game is already over."))


def change_preference(game: Any, seat: str, preference: str, by: str) -> None:
    require_running(game)
    set_preference(get_service(), game.id, seat, preference, by=by)


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


@bp.post("/games/<game_id>/vacation")
def vacation(game_id: str):
    text = form_text("days", 30)

    def action(game: Any, seat: str, by: str) -> str:
        days = form_days(text)
        start_vacation(get_service(), game.id, seat, days)
        return n_("%(seat)s is on vacation for %(days)s day: the clock is stopped.",
                  "%(seat)s is on vacation for %(days)s days: the clock is stopped.",
                  int(days) if float(days).is_integer() else 2,  # a fraction of a day reads as "days"
                  seat=seat.capitalize(), days=format(days, "g"))
    return form_action(game_id, action)


@bp.post("/games/<game_id>/vacation/end")
def vacation_end(game_id: str):
    def action(game: Any, seat: str, by: str) -> str:
        end_vacation(get_service(), game.id, seat)
        return _("Welcome back: %(seat)s's clock runs again, and the unused days are kept.", seat=seat.capitalize())
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
    """Change your e-mail preference.
    ---
    summary: Change your e-mail preference
    description: >
      `email_preference` is "every" (an e-mail for each of your turns, messages and reminders), "digest"
      (at most one e-mail a day) or "none". Recorded as a `PreferencesChanged` event. The operator names
      the `seat`. A game that is over refuses (409). Answers the settings as they are now.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [email_preference]
            properties:
              email_preference: {type: string, enum: [every, digest, none]}
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
    change_preference(game, seat, text_field(data, "email_preference", limit=20), by)
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
    return {"seat_settings": seat_settings, "email_choices": EMAIL_CHOICES}


def seat_settings(game: Any, seat: str) -> SeatSettings | None:
    """For _settings.html. An optional card must never take the game page down with it."""
    try:
        return settings_of(game, seat)
    except Exception:  # noqa: BLE001
        log.exception("cannot read the settings of %s in %s", seat, getattr(game, "id", "?"))
        return None
