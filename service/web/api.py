"""The JSON API (ARCHITECTURE.md section 4). Each view's docstring carries its OpenAPI operation in YAML
after `---`; `service.web.openapi` builds /api/openapi.json from them and from the url map.

Errors are `{"error": "<sentence>"}`: 400 malformed, 401 no or bad token, 403 not yours, 404 no such
game, 409 stale prompt or game over, 413 too large, 422 refused by the rules or invalid values, 429 rate
limited. A refused request changes nothing.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, jsonify, request, url_for

from domain import forms
from domain.errors import GameError
from domain.i18n import _
from service import views
from service.views import REFEREE
from service.web import get_service, get_settings
from service.web.auth import acting_seat, api_caller, require_caller, seat_token_guard, viewer_for
from service.web.creation import create_game as create_game_checked
from service.web.validate import check_text

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_CLIENT_KEY = 150
HISTORY_PAGE, MAX_HISTORY_PAGE = 200, 1000  # events per page of GET .../history
GAMES_PAGE, MAX_GAMES_PAGE = 50, 500  # games per page of GET /api/games


# ------------------------------------------------------------------------------------- helpers

def json_body(optional: bool = False) -> dict:
    raw = request.get_data(cache=True)
    if optional and not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested absurdly deep
        data = None
    if not isinstance(data, dict):
        abort(400, description=_("The body must be a JSON object."))
    return data


def text_field(data: dict, name: str, required: bool = True, limit: int = 200) -> str | None:
    value = data.get(name)
    if value is None:
        if required:
            abort(400, description=_('"%(name)s" is required.', name=name))
        return None
    if not isinstance(value, str):
        abort(400, description=_('"%(name)s" must be a string.', name=name))
    if len(value) > limit:
        abort(422, description=_('"%(name)s" is too long (at most %(limit)d characters).', name=name, limit=limit))
    check_text(name, value, multiline=(name == "text"))
    return value


def bool_field(data: dict, name: str) -> bool:
    """An optional JSON boolean (absent is false); "true", 1 or null are refused rather than guessed at."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        abort(400, description=_('"%(name)s" must be true or false.', name=name))
    return value


def wanted_seat() -> str | None:
    seat = request.args.get("seat")
    return seat[:40] if seat else None


def load(game_id: str):
    from service.web import load_game

    return load_game(game_id)


def game_and_caller(game_id: str, for_command: bool = False) -> tuple[Any, Any]:
    """The game and the bearer caller of a command. The caller's seat token is checked against the game
    just loaded (no token query); without a readable game, authentication still comes first (401 before 404).
    `for_command`: the game may be a cached one trusted without a read; the command must then be given
    `seat_token_guard(caller)`."""
    from service.web import load_game

    try:
        game = load_game(game_id, for_command=for_command)
    except GameError:
        require_caller(api_caller(allow_session=False))
        raise
    return game, require_caller(api_caller(allow_session=False, game=game))


# ------------------------------------------------------------------------------------- games

@bp.post("/games")
def create_game():
    """Create a game.
    ---
    summary: Create a game
    description: >
      Open in the embedded mode; in production (an operator token is configured) only the operator
      may create. The answer holds each seat's token and url only for the operator or in the embedded
      mode; otherwise the links go to the players by e-mail. `seed` (hex) is accepted from the operator only.
      `name` (optional, at most 80 characters) names the game in the lobby, on its pages and in its e-mails;
      without it the game is called by its title and the start of its id ("Sylla, game 7dd66c3b").
      `language` (optional: "en", "el" or "hu") is the table's language: the players' pages and e-mails
      are written in it unless a player chooses their own (docs/i18n.md).
    tags: [games]
    security: [{}, {bearer: []}]
    requestBody:
      required: true
      content:
        application/json:
          schema: {$ref: '#/components/schemas/NewGame'}
    errors: [400, 401, 403, 413, 422, 429]
    responses:
      '201':
        description: Created
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Created'}
    """
    settings = get_settings()
    caller = api_caller(allow_session=False)
    if not settings.embedded and not caller.operator:
        if caller.via is None:
            abort(401, description=_("Creating a game needs the operator token on this server."))
        abort(403, description=_("Only the operator may create games on this server."))
    data = json_body()
    rules = data.get("rules")
    if not isinstance(rules, str):
        abort(400, description=_('"rules" must be the id of a game, such as "sylla".'))
    seed = data.get("seed")
    if seed is not None and not caller.operator:
        abort(403, description=_('Only the operator may choose a "seed".'))
    if seed is not None and not isinstance(seed, str):
        abort(400, description=_('"seed" must be a hexadecimal string.'))
    created = create_game_checked(rules, data.get("players"), data.get("options"), seed, name=data.get("name"),
                                  language=data.get("language"))
    show_tokens = caller.operator or settings.embedded
    seats = [{"seat": s["seat"], "name": s["name"]} | (
        {"token": s["token"], "url": s["url"]} if show_tokens else {}) for s in created["seats"]]
    body = {"id": created["id"], "seats": seats,
            "url": f"{settings.base_url}/games/{created['id']}"}
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_game", game_id=created["id"])
    return response


@bp.get("/games")
def list_games():
    """Games visible to the caller, newest first, one page at a time.
    ---
    summary: List the caller's games
    description: >
      A seat token sees its game, the operator every game, a browser session its remembered games.
      Newest first (by creation), `limit` games a page (50 by default; at most 500). The `Link` header's
      `rel="next"` names the next (older) page, with an opaque `before` cursor; no link, no more games.
      `status` keeps only the games in those states (repeat it, or separate them with commas).
    tags: [games]
    security: [{bearer: []}]
    parameters:
      - {name: limit, in: query, required: false, schema: {type: integer, minimum: 1, maximum: 500},
         description: 'games per page (50 by default)'}
      - {name: before, in: query, required: false, schema: {type: string},
         description: "the cursor of the next page, as the Link header's rel=next names it (opaque)"}
      - {name: status, in: query, required: false,
         schema: {type: string, enum: [active, paused, finished, abandoned]},
         description: 'only games in this state (several: repeat it, or separate them with commas)'}
    errors: [400, 401, 429]
    responses:
      '200':
        description: The games
        content:
          application/json:
            schema: {type: array, items: {$ref: '#/components/schemas/GameRow'}}
    """
    from service.web.lobby import games_query

    caller = require_caller(api_caller())
    limit = cursor_int("limit")
    if limit is None:
        limit = GAMES_PAGE
    if not 1 <= limit <= MAX_GAMES_PAGE:
        abort(400, description=_('"limit" must be from 1 to %(most)d.', most=MAX_GAMES_PAGE))
    statuses, before = games_query()
    ids = None if caller.operator else list(caller.seats)
    rows, more = get_service().store.games_page(ids, statuses, before, limit)
    response = jsonify([{"id": r["id"], "rules": r["rules"], "status": r["status"], "created_at": r["created_at"],
                         "updated_at": r["updated_at"], "length": r["length"], "head": r["head"],
                         "players": r["seats"], "waiting_for": r["waiting_for"],
                         "your_seats": caller.seats_in(r["id"])} for r in rows])
    if more is not None:
        from service.web.lobby import games_cursor

        status = request.args.getlist("status") or None
        response.headers["Link"] = (f'<{url_for("api.list_games", limit=limit, status=status, before=games_cursor(more))}>;'
                                    ' rel="next"')
    return response


def cursor_int(name: str) -> int | None:
    """An optional whole number from the query; 400 with a sentence when it is not one."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        abort(400, description=_('"%(name)s" must be a whole number.', name=name))
    return int(raw)


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    """Summary of one game.
    ---
    summary: Game summary
    description: Rules, status, version, players, who the game waits for and their deadlines.
    tags: [games]
    security: [{bearer: []}]
    parameters: [game_id]
    errors: [401, 403, 404, 429, 503]
    responses:
      '200':
        description: The summary
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Summary'}
    """
    game = load(game_id)
    viewer_for(game, api_caller(game=game))
    svc = get_service()
    return jsonify(views.summary_json(game, svc.deadlines(game)))


@bp.get("/games/<game_id>/view")
def get_view(game_id: str):
    """The caller's view of a game.
    ---
    summary: Your view
    description: >
      What the caller may see now: the game, your seat, the rules' view of the state, your prompt (with
      the `id` to send back as `prompt_id`), who the game waits for, the outcome. The operator sees the
      unredacted view, or a seat's view with `?seat=`.
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - seat
    errors: [401, 403, 404, 429, 503]
    responses:
      '200':
        description: The view
        content:
          application/json:
            schema: {$ref: '#/components/schemas/View'}
    """
    game = load(game_id)
    viewer = viewer_for(game, api_caller(game=game), wanted_seat())
    return jsonify(views.view_json(game, viewer, get_service().deadlines(game)))


@bp.post("/games/<game_id>/actions")
def post_action(game_id: str):
    """Make a choice.
    ---
    summary: Answer your prompt
    description: >
      Send the prompt id you are answering, one of its choice ids (for a prompt with a `form`: its answer,
      the JSON object {field name: value} as a string; see docs/api.md), and an idempotency key (any string you
      make up per decision, at most 150 characters): the same key twice records one event and answers the
      same version. The operator acts for a seat by naming it in `seat`. `"standing": true` also sets a
      standing order: the same choice is made for you whenever a prompt of the same kind offers it again
      (one order per kind, at most 12; see the view's `you.standing_orders`). Only a seat's own token may
      set one: the operator gets 422.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Action'}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: Recorded
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Version'}
    """
    game, caller = game_and_caller(game_id, for_command=True)
    data = json_body()
    prompt_id = text_field(data, "prompt_id")
    choice = text_field(data, "choice", limit=forms.MAX_ANSWER)  # a form's answer is longer than an id
    key = text_field(data, "idempotency_key", required=False, limit=MAX_CLIENT_KEY)
    standing = bool_field(data, "standing")
    seat, by = acting_seat(game, caller, data.get("seat"))
    # The Game scopes idempotency keys per seat; `current` spares the command a second load.
    result = get_service().choose(game.id, seat, prompt_id, choice, key=key, by=by, current=game,
                                  guard=seat_token_guard(caller), standing=standing)
    return jsonify(version=result["version"])


@bp.post("/games/<game_id>/undo")
def post_undo(game_id: str):
    """Take back your last choice.
    ---
    summary: Undo your last choice
    description: >
      Allowed only while nothing has happened since that choice but your own decisions: no reveal, no
      random draw, no other player's turn (the view's `you.can_undo` says whether it is allowed now).
      Recorded as a `ChoiceUndone` event; the decision is offered again. The operator names the `seat`.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: false
      content:
        application/json:
          schema: {type: object, properties: {seat: {type: string}}}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: Taken back
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Version'}
    """
    game, caller = game_and_caller(game_id, for_command=True)
    data = json_body(optional=True)
    seat, _by = acting_seat(game, caller, data.get("seat"))
    result = get_service().undo(game.id, seat, current=game, guard=seat_token_guard(caller))
    return jsonify(version=result["version"])


@bp.delete("/games/<game_id>/standing-orders/<int:order_id>")
def delete_standing_order(game_id: str, order_id: int):
    """Cancel one of your standing orders.
    ---
    summary: Cancel a standing order
    description: >
      Cancels the caller's own standing order number `order_id` (its `id` in the view's
      `you.standing_orders`); from then on the seat is asked again. Recorded as an event private to the
      seat. The operator names the seat (`?seat=` or `{"seat"}` in the body). An order number the seat
      does not have gets 422; a game that is over, 409.
    tags: [play]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: order_id, in: path, required: true, schema: {type: integer, minimum: 1},
         description: "the order's id, as in the view's you.standing_orders"}
      - {name: seat, in: query, required: false, schema: {type: string}, description: operator only}
    requestBody:
      required: false
      content:
        application/json:
          schema: {type: object, properties: {seat: {type: string, description: operator only}}}
    errors: [400, 401, 403, 404, 409, 413, 422, 429, 503]
    responses:
      '200':
        description: Cancelled
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Version'}
    """
    game, caller = game_and_caller(game_id, for_command=True)
    data = json_body(optional=True)
    seat, _by = acting_seat(game, caller, named_seat(data))
    result = get_service().cancel_standing_order(game.id, seat, order_id, current=game,
                                                 guard=seat_token_guard(caller))
    return jsonify(version=result["version"])


def named_seat(data: dict) -> Any:
    """The seat a DELETE names: `?seat=` (a DELETE body is often dropped by clients) or `{"seat"}`."""
    query, body = request.args.get("seat"), data.get("seat")
    if query is not None and body is not None and query != body:
        abort(400, description=_('Name the "seat" once: the query and the body disagree.'))
    return body if body is not None else query


@bp.get("/games/<game_id>/history")
def get_history(game_id: str):
    """The game's events, narrated for the caller.
    ---
    summary: History
    description: >
      The events the caller may see, with their narration from the caller's seat, in event order, one
      page at a time: by default the newest `limit` (200; at most 1000). `before=SEQ` gives the page of
      events before SEQ, `after=SEQ` the page after it. The `Link` header names the neighbouring pages:
      `rel="next"` the older one (`before=`), `rel="prev"` the newer one (`after=`); no link, no page.
      Once a game is over every seat reads the full, unredacted narration; private messages stay private.
    tags: [history]
    security: [{bearer: []}]
    parameters:
      - game_id
      - seat
      - {name: before, in: query, required: false, schema: {type: integer, minimum: 0},
         description: 'the page of events before this event number (older)'}
      - {name: after, in: query, required: false, schema: {type: integer, minimum: 0},
         description: 'the page of events after this event number (newer)'}
      - {name: limit, in: query, required: false, schema: {type: integer, minimum: 1, maximum: 1000},
         description: 'events per page (200 by default)'}
    errors: [400, 401, 403, 404, 429, 503]
    responses:
      '200':
        description: The events
        content:
          application/json:
            schema: {type: array, items: {$ref: '#/components/schemas/HistoryEntry'}}
    """
    from service.web.history import cursor, page_of

    before, after, limit = cursor("before"), cursor("after"), cursor("limit")
    if limit is None:
        limit = HISTORY_PAGE
    if not 1 <= limit <= MAX_HISTORY_PAGE:
        abort(400, description=_('"limit" must be from 1 to %(most)d.', most=MAX_HISTORY_PAGE))
    game = load(game_id)
    viewer = viewer_for(game, api_caller(game=game), wanted_seat())
    entries, older, newer = page_of(game, viewer, before, after, limit)
    response = jsonify(entries)
    links = []
    if older is not None:
        links.append(f'<{url_for("api.get_history", game_id=str(game.id), before=older, limit=limit, seat=wanted_seat())}>; rel="next"')
    if newer is not None:
        links.append(f'<{url_for("api.get_history", game_id=str(game.id), after=newer, limit=limit, seat=wanted_seat())}>; rel="prev"')
    if links:
        response.headers["Link"] = ", ".join(links)
    return response


@bp.get("/games/<game_id>/history/<int(signed=True):seq>")
def get_history_view(game_id: str, seq: int):
    """The caller's view right after event `seq`.
    ---
    summary: View as of an event
    tags: [history]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: seq, in: path, required: true, schema: {type: integer}, description: 'An event number (1 is the creation).'}
      - seat
    errors: [401, 403, 404, 429, 503]
    responses:
      '200':
        description: The view then
        content:
          application/json:
            schema: {$ref: '#/components/schemas/View'}
    """
    game = load(game_id)
    viewer = viewer_for(game, api_caller(game=game), wanted_seat())
    if not 1 <= seq <= game.version:
        abort(404, description=_("There is no event %(seq)d in this game; it has %(length)d.", seq=seq,
                                     length=game.version))
    return jsonify(get_service().view(game.id, viewer, seq))


@bp.post("/games/<game_id>/messages")
def post_message(game_id: str):
    """Post a message.
    ---
    summary: Post a message
    description: >
      `to` is "all" or a list of seats. The operator posts as the operator. Caps (server settings): the
      length of a message (4000 characters; 422 beyond), a seat's messages per hour (30) and per day (200;
      429 with Retry-After beyond), and a game's messages in all (5000; 422 beyond).
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Message'}
    errors: [400, 401, 403, 404, 413, 422, 429, 503]
    responses:
      '201':
        description: Posted
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Version'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body()
    text = text_field(data, "text", limit=get_service().message_caps.length)
    to = parse_recipients(data.get("to", "all"))
    if caller.operator and not caller.seats_in(game.id):
        seat = None
    else:
        seat, _by = acting_seat(game, caller, data.get("seat"))
    get_service().post_message(game.id, seat, to, text)
    response = jsonify(version=load(game.id).version)
    response.status_code = 201
    return response


@bp.post("/games/<game_id>/show")
def show_cards(game_id: str):
    """Show your cards.
    ---
    summary: Show your secret cards to chosen seats
    description: >
      `to` is a list of other seats. The server composes the message from the seat's real hand (every card,
      the ones not yet playable too), so its readers can trust it; only the sender and those seats ever read
      it (history, e-mail, export). Counted as a message against the same caps. 422 when the title has no
      secret cards (Sylla) or a seat is not another seat of the game.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: true
      content:
        application/json:
          schema: {$ref: '#/components/schemas/ShowCards'}
    errors: [400, 401, 403, 404, 422, 429, 503]
    responses:
      '201':
        description: Shown
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Version'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body()
    seat, _by = acting_seat(game, caller, data.get("seat"))
    to = parse_recipients(data.get("to"))
    if to == "all":  # every other seat: cards are never shown to spectators
        to = [s for s in game.seat_ids if s != seat]
    result = get_service().show_cards(game.id, seat, to)
    response = jsonify(version=result["version"])
    response.status_code = 201
    return response


def parse_recipients(to: Any) -> str | list[str]:
    if to == "all":
        return "all"
    if isinstance(to, list) and all(isinstance(s, str) and len(s) <= 40 for s in to) and len(to) <= 10:
        for seat in to:
            check_text("to", seat)
        return to
    abort(400, description=_('"to" must be "all" or a list of seats.'))


@bp.post("/games/<game_id>/token")
def rotate_token(game_id: str):
    """Replace a seat's token.
    ---
    summary: Rotate a seat token
    description: >
      The seat itself (its own token) or the operator (naming `seat`) gets a new token and link; the old
      one stops working at once, for the API and for every browser logged in with it. Recorded as an event.
    tags: [play]
    security: [{bearer: []}]
    parameters: [game_id]
    requestBody:
      required: false
      content:
        application/json:
          schema: {type: object, properties: {seat: {type: string}}}
    errors: [400, 401, 403, 404, 422, 429, 503]
    responses:
      '200':
        description: The new token
        content:
          application/json:
            schema: {$ref: '#/components/schemas/NewToken'}
    """
    game, caller = game_and_caller(game_id)
    data = json_body(optional=True)
    seat, _by = acting_seat(game, caller, data.get("seat"))
    token = get_service().rotate_token(game.id, seat)
    return jsonify(seat=seat, token=token, url=f"{get_settings().base_url}/play/{token}")


@bp.get("/games/<game_id>/audit")
def get_audit(game_id: str):
    """Verify the game's record.
    ---
    summary: Audit
    description: >
      Public: the chain length and head, whether the chain and a full replay verify, the seed commitment,
      and after the end the revealed seed with a check of every random draw against it. The report of an
      unchanged chain is cached for a few minutes; rate-limited per client address.
    tags: [audit]
    security: [{}]
    parameters: [game_id]
    errors: [404, 429, 503]
    responses:
      '200':
        description: The audit report
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Audit'}
    """
    from service.web.audit_pages import audit_report

    return jsonify(audit_report(game_id))


@bp.get("/games/<game_id>/export")
def get_export(game_id: str):
    """The verifiable archive.
    ---
    summary: Export
    description: >
      The whole archive, verifiable offline with `tabularium verify archive.json`: for the players once the
      game is over (private messages between others keep only their hash), for the operator at any time.
    tags: [audit]
    security: [{bearer: []}]
    parameters:
      - game_id
      - {name: download, in: query, required: false, schema: {type: string, enum: ['0', '1']}}
    errors: [401, 403, 404, 429, 503]
    responses:
      '200':
        description: The archive
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Archive'}
    """
    game = load(game_id)
    caller = api_caller(game=game)
    viewer = viewer_for(game, caller, wanted_seat())
    if caller.operator and not caller.seats_in(game.id):
        viewer = REFEREE
    archive = get_service().export(game.id, viewer)
    response = jsonify(archive)
    if request.args.get("download") == "1":
        response.headers["Content-Disposition"] = f'attachment; filename="tabularium-{game.id}.json"'
    return response


@bp.get("/titles")
def list_titles():
    """The games this server plays, with their options.
    ---
    summary: Titles
    tags: [games]
    security: [{}]
    errors: [429]
    responses:
      '200':
        description: The titles
        content:
          application/json:
            schema: {type: array, items: {$ref: '#/components/schemas/Title'}}
    """
    from service.web.creation import title_list

    return jsonify(title_list())


@bp.get("/openapi.json")
def openapi():
    """This document.
    ---
    summary: OpenAPI document
    tags: [meta]
    security: [{}]
    errors: [429]
    responses:
      '200':
        description: The OpenAPI 3 document of this API
        content:
          application/json:
            schema: {type: object}
    """
    from service.web.openapi import spec_for

    return jsonify(spec_for())
