"""Inviting a replacement player for an abandoned seat, from the game page and over the API.

The rules (who may, for which seats) live in `service.replacement`; the replacement itself is
`service.deadlines.replace_seat` (a new link for the seat, the new address, a SeatReplaced event, and
the pump's invitation e-mail). The form is CSRF-protected like every form; the API route takes a bearer
token only and is exempt from CSRF, like the API blueprint, because it never acts on a cookie.
"""
from __future__ import annotations

import logging

from flask import Blueprint, abort, flash, jsonify, redirect, url_for

from domain.errors import GameError
from domain.i18n import _
from domain.rules import IllegalAction, seat_name
from service.replacement import OPERATOR, OpenSeat, invite_replacement, open_seats_of
from service.views import REFEREE
from service.web import get_service, get_settings, load_game
from service.web.api import game_and_caller, json_body, text_field
from service.web.auth import Caller
from service.web.errors import status_for
from service.web.games import form_text, page_caller, render_game
from service.web.i18n import tr

log = logging.getLogger("tabularium.web")

bp = Blueprint("seats", __name__)

LIMITED_ENDPOINTS = {"invite": "action", "api_invite": "action"}
MAX_NAME, MAX_EMAIL = 60, 254
FLASH = "replacement"  # the category _seats.html shows after the redirect


# ------------------------------------------------------------------------------------------ the form

def form_inviter(game, caller: Caller) -> tuple[str, str]:
    """(inviter, viewer): who invites (a seat of this browser, or OPERATOR) and the seat the page is
    seen as. The form names the seat the page was shown as; the operator invites as the operator."""
    wanted = form_text("inviter", 40)
    if caller.operator:
        return OPERATOR, wanted if wanted in game.seat_ids else REFEREE
    if wanted in caller.seats_in(game.id):
        return wanted, wanted
    abort(403, description=_("This browser is not logged in as %(seat)s.", seat=wanted))


def page_of(game_id: str, viewer: str) -> str:
    seat = viewer if viewer != REFEREE else None
    return url_for("games.page", game_id=game_id, seat=seat) + "#replacements"


@bp.post("/games/<game_id>/replacements")
def invite(game_id: str):
    game = load_game(game_id)
    caller = page_caller(game)
    inviter, viewer = form_inviter(game, caller)
    seat = form_text("seat", 40)
    name = form_text("name", 200, required=False) or ""   # too long or blank: the service says why
    email = form_text("email", MAX_EMAIL, required=False) or ""
    try:  # the page cannot show the new link, so from here it can only go by e-mail, even the operator's
        invite_replacement(get_service(), game.id, seat, name, email, inviter, need_email=True)
    except (GameError, IllegalAction) as exc:
        return render_game(load_game(game.id), caller, viewer, error=exc.reason, status=status_for(exc))
    flash(tr(_("%(name)s is invited to take over %(seat)s: the link to the game is on its way by e-mail.",
               name=name.strip(), seat=seat_name(seat))), FLASH)
    return redirect(page_of(str(game.id), viewer), 303)


# ------------------------------------------------------------------------------------------ the API

def bearer_inviter(game, caller: Caller) -> str:
    if caller.operator:
        return OPERATOR
    seats = caller.seats_in(game.id)
    if not seats:
        abort(403, description=_("Your token belongs to another game."))
    return seats[0]


@bp.post("/api/games/<game_id>/seats/<seat>/replacement")
def api_invite(game_id: str, seat: str):
    """Invite a replacement player for a seat.
    ---
    summary: Invite a replacement player
    description: >
      Hands `seat` to a new player: the seat gets a new token (its old token, links, browser sessions
      and e-mail reply addresses stop working at once), `email` becomes its address, and the new player
      is invited by e-mail with their link. A player of the game (their seat token) may do it only for
      another seat that is open for replacement (it missed the clock's `replace_after_missed` deadlines
      in a row, or was handed to the bot), and must give `email`. The operator may replace any seat of a
      running game at any time, may leave out `email`, and is the only caller answered with the new
      `token` and `url`. A finished or abandoned game refuses (409).
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: seat, in: path, required: true, schema: {type: string}, description: 'The seat to hand over, e.g. "red".'}
    requestBody:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [name]
            properties:
              name: {type: string, minLength: 1, maxLength: 60, pattern: '\\S', description: "the new player's name"}
              email: {type: string, maxLength: 254, description: "the new player's address (required unless you are the operator)"}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: The seat is handed over; the invitation is on its way
        content:
          application/json:
            schema:
              type: object
              required: [seat, name]
              properties:
                seat: {type: string}
                name: {type: string}
                token: {type: string, description: operator only}
                url: {type: string, description: operator only}
    """
    game, caller = game_and_caller(game_id)
    inviter = bearer_inviter(game, caller)
    data = json_body()
    name = text_field(data, "name", limit=MAX_NAME)
    email = text_field(data, "email", required=inviter != OPERATOR, limit=MAX_EMAIL) or ""
    token = invite_replacement(get_service(), game.id, seat, name, email, inviter)
    body = {"seat": seat, "name": name.strip()}
    if inviter == OPERATOR:  # as at creation: players get their links by e-mail, the operator in the answer
        body |= {"token": token, "url": f"{get_settings().base_url}/play/{token}"}
    return jsonify(body)



# ------------------------------------------------------------------------------------------ the page

@bp.app_context_processor
def replacement_helpers() -> dict:
    return {"seats_open_for_replacement": seats_open_for_replacement}


def seats_open_for_replacement(game) -> list[OpenSeat]:
    """For _seats.html. An optional card must never take the game page down with it."""
    try:
        return open_seats_of(get_service(), game)
    except Exception:  # noqa: BLE001
        log.exception("cannot tell which seats of %s are open for replacement", getattr(game, "id", "?"))
        return []
