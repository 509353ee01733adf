"""`/` lists the games this browser is logged in to (and, in the embedded mode, every seat's link of the
games it created); `/new` creates a game: open in the embedded mode, operator-only in production."""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from domain.errors import BadRequest, GameError
from domain.i18n import _
from domain.rules import IllegalAction, UnknownTitle, comma_list, get_rules, seat_name
from service.games import token_hash
from service.web import get_service, get_settings
from service.web.auth import (links_for, remember_links, remember_seat, session_caller, session_game_ids,
                              validate_session_seats)
from service.web.creation import (available_titles, clock_fields, create_game, option_fields,
                                  option_help_available, options_schema)
from service.web.errors import status_for

bp = Blueprint("lobby", __name__)

MAX_PLAYER_ROWS = 6


@bp.get("/")
def index():
    validate_session_seats()
    caller = session_caller()
    store = get_service().store
    ids = session_game_ids()
    statuses, before = games_query()
    limit = page_limit()
    rows, more = store.games_page(None if caller.operator else ids, statuses, before, limit) \
        if (ids or caller.operator) else ([], None)
    games = [_lobby_row(r, caller, get_settings()) for r in rows]
    older = url_for("lobby.index", status=request.args.getlist("status") or None, before=games_cursor(more),
                    limit=request.args.get("limit") or None) if more is not None else None
    return render_template("lobby.html", games=games, operator=caller.operator, older=older,
                           paged=before is not None or bool(statuses), may_create=may_create(caller.operator))


def _lobby_row(row: dict, caller: Any, settings: Any) -> dict:
    """What the lobby's template reads of one games-index row (only the embedded mode keeps links)."""
    links = links_for(row["id"]) if settings.embedded else {}
    return {**row, "name": row.get("name") or _default_name(row), "your_seats": caller.seats_in(row["id"]),
            "waiting_names": comma_list(seat_name(s) for s in row["waiting_for"]),
            "links": {seat: f"{settings.base_url}/play/{tok}" for seat, tok in links.items()}}


def _default_name(row: dict) -> str:
    """The name of a game whose index row predates names (its next save writes it): as `Game.name`."""
    from domain.game import game_name

    try:
        title = get_rules(row["rules"]).title
    except UnknownTitle:
        title = str(row["rules"]).capitalize()
    return game_name({}, title, str(row["id"]))


# ------------------------------------------------------------------------------- the games list's paging
# `GET /` and `GET /api/games` page the games index newest first (Store.games_page, one indexed query);
# the cursor of the next page is the last row's (created_at, id), opaque to clients.

LOBBY_PAGE = 50
MAX_LOBBY_PAGE = 500  # as GET /api/games
STATUSES = ("active", "paused", "finished", "abandoned")


def page_limit() -> int:
    """Games a page of `/` shows: LOBBY_PAGE, or `?limit=` (1 to MAX_LOBBY_PAGE, as the API's); 400 otherwise."""
    raw = request.args.get("limit")
    if raw is None or raw == "":
        return LOBBY_PAGE
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or not 1 <= int(raw) <= MAX_LOBBY_PAGE:
        abort(400, description=_('"limit" must be from 1 to %(most)d.', most=MAX_LOBBY_PAGE))
    return int(raw)


def games_cursor(key: tuple[str, str]) -> str:
    return f"{key[0]}_{key[1]}"


def games_query() -> tuple[list[str], tuple[str, str] | None]:
    """(statuses, before) from `?status=` (repeated or comma-separated) and `?before=`; 400 when malformed."""
    from datetime import datetime
    from uuid import UUID

    statuses: list[str] = []
    for raw in request.args.getlist("status")[:10]:
        for name in raw.split(","):
            if name not in STATUSES:
                abort(400, description=_('"status" must be one of %(statuses)s.', statuses=", ".join(STATUSES)))
            statuses.append(name)
    raw = request.args.get("before")
    if raw is None or raw == "":
        return statuses, None
    at, _sep, gid = raw.rpartition("_")
    try:
        if len(raw) > 100 or not at:
            raise ValueError
        datetime.fromisoformat(at)
        gid = str(UUID(gid))
    except ValueError:
        abort(400, description=_('"before" must be the cursor of a page, as the Link header or the page names it.'))
    return statuses, (at, gid)


def may_create(operator: bool) -> bool:
    return get_settings().embedded or operator


def _form_options(rules: Any) -> tuple[dict, dict]:
    """Options from the form: only the ones that differ from their default. Returns (options, raw).

    Each field is read by the title's declaration (`Rules.parse_option`); a value it cannot read is
    passed on as text, so the declaration's check words the same sentence as for the CLI and the API."""
    options, raw = {}, {}
    for name, spec in options_schema(rules).items():
        field = request.form.get(f"opt_{name}")
        if field is None:
            continue
        raw[name] = field
        default = spec.get("default")
        if spec.get("type") == "json" and field.strip() in ("", json.dumps(default)):
            continue
        value = rules.parse_option(name, field)
        if value != default or type(value) is not type(default):
            options[name] = value
    clock, raw_clock = _form_clock()
    if clock:
        options["clock"] = clock
    raw.update(raw_clock)
    return options, raw


def _form_clock() -> tuple[dict, dict]:
    """The deadline settings (options["clock"], read by the platform, never by the rules)."""
    from domain.clock import DEFAULTS

    clock, raw = {}, {}
    for name, default in DEFAULTS.items():
        field = request.form.get(f"clock_{name}")
        if field is None or field.strip() == "":
            continue
        raw[f"clock_{name}"] = field
        if isinstance(default, bool):
            value: Any = field == "true"
        elif isinstance(default, (int, float)):
            try:
                value = float(field) if "." in field else int(field)
            except ValueError:
                raise BadRequest(_("The clock setting %(name)s must be a number.", name=repr(name))) from None
        elif isinstance(default, str) or default is None:
            value = field
        else:
            try:
                value = json.loads(field)
            except json.JSONDecodeError:
                raise BadRequest(_("The clock setting %(name)s must be written as JSON, e.g. %(example)s.",
                                   name=repr(name), example=json.dumps(default))) from None
        if value != default:
            clock[name] = value
    if clock.get("mode", DEFAULTS["mode"]) == "none":
        # no deadlines: only the time zone still matters (digest days, the times pages show)
        return ({"mode": "none", "timezone": clock["timezone"]} if "timezone" in clock else {}), raw
    return clock, raw


def _title_choice() -> str:
    titles = available_titles()
    wanted = request.values.get("rules")
    if wanted in titles:
        return wanted
    return "sylla" if "sylla" in titles else (titles[0] if titles else "")


def render_new(error: str | None = None, status: int = 200, players: list | None = None, raw: dict | None = None):
    rid = _title_choice()
    rules = get_rules(rid) if rid else None
    schema = options_schema(rules) if rules else {}
    count = rules.max_players if rules else MAX_PLAYER_ROWS
    rows = list(players or [])[:count]
    rows = rows + [{"name": "", "email": ""}] * (count - len(rows))
    raw = raw or {}
    html = render_template("new.html", titles=[(t, get_rules(t).title) for t in available_titles()], rules=rules,
                           options=option_fields(schema, raw), clock=clock_fields(raw),
                           option_help=option_help_available(), rows=rows[:MAX_PLAYER_ROWS], error=error,
                           raw=raw)
    return Response(html, status=status)


@bp.route("/new", methods=["GET", "POST"])
def new_game():
    caller = session_caller()
    if not may_create(caller.operator):
        abort(403, description=_("On this server games are created by the operator: log in with the operator's link."))
    if request.method == "GET":
        return render_new()
    rid = _title_choice()
    names = request.form.getlist("name")[:MAX_PLAYER_ROWS]
    emails = request.form.getlist("email")[:MAX_PLAYER_ROWS]
    players = [{"name": n.strip(), "email": (emails[i] if i < len(emails) else "").strip()}
               for i, n in enumerate(names) if n.strip()]
    name = request.form.get("game_name", "")
    raw: dict = {"game_name": name}
    try:
        options, form_raw = _form_options(get_rules(rid))
        raw.update(form_raw)
        created = create_game(rid, players, options, name=name)
    except (GameError, IllegalAction) as exc:
        return render_new(exc.reason, status_for(exc), players, raw)
    gid = created["id"]
    settings = get_settings()
    if settings.embedded:
        for s in created["seats"]:
            remember_seat(gid, s["seat"], token_hash(s["token"]))
        remember_links(gid, {s["seat"]: s["token"] for s in created["seats"]})
        return redirect(url_for("games.page", game_id=gid, created=1), 303)
    html = render_template("created.html", created=created, rules=get_rules(rid))
    return Response(html, status=201, headers={"Cache-Control": "no-store"})
