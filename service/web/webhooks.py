"""A seat's own "your turn" web hook (notifications.webhooks): a card on the game page and three API routes.

The URL is a secret (whoever has it can post to the channel), so no page or answer ever shows it back,
not even to its owner: only `mask(url)`. The form is CSRF-protected like every form of the game page;
the API routes take a bearer token only (a seat's own, or the operator naming `seat`) and are exempt
from CSRF, like the API blueprint, because they never act on a cookie.
"""
from __future__ import annotations

import logging

from flask import Blueprint, abort, flash, jsonify, redirect, request, url_for

from domain.i18n import _
from notifications.webhooks import WebhookUrlError, check_url, hook_for, mask, remove_hook, send_test, set_hook
from service import views
from service.web import get_service, load_game
from service.web.api import game_and_caller, json_body, text_field
from service.web.auth import Caller, acting_seat
from service.web.games import form_seat, page_caller, render_game
from service.web.i18n import tr

log = logging.getLogger("tabularium.web")

bp = Blueprint("webhooks", __name__)

LIMITED_ENDPOINTS = {"update": "action", "api_put": "action", "api_delete": "action"}
MAX_URL_FIELD = 2000  # longer than the rule (500): a player reads the rule's own sentence
FLASH = "webhook"     # the category _webhook.html shows after the redirect
GAME_OVER = _("The game is over: there are no more turns to announce.")


def checked_url(raw: str) -> str:
    """The URL as stored, or abort(422) with the rule it breaks."""
    try:
        check_url(raw)
    except WebhookUrlError as exc:
        abort(422, description=reason(exc))
    return raw.strip()


def reason(exc: Exception) -> str:
    """The refusal's sentence as raised (a Message keeps its msgid for the reader's language)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, str) else str(exc)


def hook_json(game_id: str, seat: str) -> dict:
    url = hook_for(get_service().store, game_id, seat)
    return {"seat": seat, "url": mask(url) if url else None, "set": bool(url)}


# ------------------------------------------------------------------------------------------ the form

def page_of(game_id: str, seat: str) -> str:
    return url_for("games.page", game_id=game_id, seat=seat) + "#webhook"


@bp.post("/games/<game_id>/webhook")
def update(game_id: str):
    game = load_game(game_id)
    caller = page_caller(game)
    seat, _by = form_seat(game, caller)
    action = request.form.get("action", "save")
    store = get_service().store
    if action == "remove":
        remove_hook(store, game.id, seat)
        flash(tr(_("Your web hook is removed.")), FLASH)
    elif action == "test":
        url = hook_for(store, game.id, seat)
        if not url:
            return render_game(game, caller, seat, error=_("Save a web hook first, then test it."), status=409)
        flash(tr(send_test(get_service(), game, seat, url)), FLASH)
    else:
        if views.is_over(game):
            return render_game(game, caller, seat, error=GAME_OVER, status=409)
        raw = request.form.get("url", "")  # check_url says what is wrong with it, length included
        try:
            check_url(raw)
        except WebhookUrlError as exc:
            return render_game(game, caller, seat, error=reason(exc), status=422)
        set_hook(store, game.id, seat, raw)
        flash(tr(_("Your web hook is set (%(address)s).", address=mask(raw.strip()))), FLASH)
    return redirect(page_of(str(game.id), seat), 303)


# ------------------------------------------------------------------------------------------ the API

def bearer_seat(game, caller: Caller, wanted) -> str:
    seat, _by = acting_seat(game, caller, wanted)
    return seat


@bp.get("/api/games/<game_id>/webhook")
def api_get(game_id: str):
    """Whether a seat has a web hook.
    ---
    summary: Your web hook
    description: >
      Whether the caller's seat (the operator names it with `?seat=`) posts "your turn" and "game over"
      to a web hook. The address is a secret: it is never shown back, only its host and last four characters.
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: seat, in: query, required: false, schema: {type: string}, description: operator only}
    errors: [400, 401, 403, 404, 422, 429, 503]
    responses:
      '200':
        description: The seat's web hook, masked
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Webhook'}
    """
    game, caller = game_and_caller(game_id)
    return jsonify(hook_json(str(game.id), bearer_seat(game, caller, request.args.get("seat"))))


@bp.put("/api/games/<game_id>/webhook")
def api_put(game_id: str):
    """Set or replace a seat's web hook.
    ---
    summary: Set your web hook
    description: >
      From now on "it is your turn" and "the game is over" are also posted as JSON to `url` (Slack reads
      `text`, Discord reads `content`). Rules: https, at most 500 characters, no user name or password,
      a host on a public network. The operator names the `seat`. A game that is over refuses (409).
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [url]
            properties:
              url: {type: string, maxLength: 500, description: 'the web hook address, https://...'}
              seat: {type: string, description: operator only}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: Set; the address is shown masked
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Webhook'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body()
    seat = bearer_seat(game, caller, data.get("seat"))
    raw = text_field(data, "url", limit=MAX_URL_FIELD) or ""
    if views.is_over(game):
        abort(409, description=GAME_OVER)
    url = checked_url(raw)
    set_hook(get_service().store, game.id, seat, url)
    return jsonify(hook_json(str(game.id), seat))


@bp.delete("/api/games/<game_id>/webhook")
def api_delete(game_id: str):
    """Remove a seat's web hook.
    ---
    summary: Remove your web hook
    description: Nothing more is posted to it (rows already queued are skipped). The operator names `?seat=`.
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: seat, in: query, required: false, schema: {type: string}, description: operator only}
    errors: [400, 401, 403, 404, 422, 429, 503]
    responses:
      '200':
        description: Removed (or there was none)
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Webhook'}
    """
    game, caller = game_and_caller(game_id)
    seat = bearer_seat(game, caller, request.args.get("seat"))
    remove_hook(get_service().store, game.id, seat)
    return jsonify(hook_json(str(game.id), seat))



# ------------------------------------------------------------------------------------------ the page

@bp.app_context_processor
def webhook_helpers() -> dict:
    return {"webhook_card": webhook_card}


def webhook_card(game, seat: str | None, my_seats: list) -> dict | None:
    """For _webhook.html: {"set", "masked"} for a logged-in seat of a running game, else None.
    An optional card must never take the game page down with it."""
    if not seat or seat not in my_seats or views.is_over(game):
        return None
    try:
        url = hook_for(get_service().store, game.id, seat)
    except Exception:  # noqa: BLE001
        log.exception("cannot read the web hook of %s/%s", getattr(game, "id", "?"), seat)
        return None
    return {"set": bool(url), "masked": mask(url) if url else None}
