"""Template helpers shared by the page blueprints: CSRF field, per-form idempotency keys, seat colours,
board pictures, clickable links in plain text."""
from __future__ import annotations

import importlib
import logging
import re
import secrets
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

log = logging.getLogger("tabularium.web")

SEAT_COLOURS = {"red": "#c0392b", "blue": "#2e6db4", "green": "#2e8b57", "yellow": "#d4ac0d",
                "black": "#333333", "white": "#bbbbbb", "purple": "#7d3c98", "orange": "#d35400"}


def seat_colour(seat: str | None) -> str:
    return SEAT_COLOURS.get(seat or "", "#777777")


def form_key() -> str:
    """An idempotency key for one rendered form: submitting it twice records one event."""
    return "w" + secrets.token_urlsafe(12)


_URL = re.compile(r"https?://[^\s<>\"']+")


def linkify(text: str) -> Markup:
    """Escape plain text and make its http(s) links clickable."""
    out, last = [], 0
    for m in _URL.finditer(text or ""):
        url = m.group(0).rstrip(".,;:)")
        out.append(escape(text[last:m.start()]))
        out.append(Markup('<a href="{0}" rel="noopener noreferrer">{0}</a>').format(url))
        last = m.start() + len(url)
    out.append(escape((text or "")[last:]))
    return Markup("").join(out)


def board_module(rules_id: str):
    name = re.sub(r"[^a-z0-9_]", "_", (rules_id or "").lower())
    try:
        return importlib.import_module(f"service.web.boards.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"service.web.boards.{name}":
            raise
        return importlib.import_module("service.web.boards.generic")


def board(view: dict) -> Markup:
    """The picture of the board for this view (inline SVG), or a readable listing when no renderer fits."""
    from service.web.boards import generic

    module = board_module(view["game"]["rules"])
    try:
        return Markup(module.render(view))
    except Exception:  # a renderer that lags behind its rules must not break the page
        log.exception("board renderer %s failed; showing the generic listing", module.__name__)
        return Markup(generic.render(view))


def game_time(at: str | None, game: Any) -> str:
    """A deadline as the game's players read it: in the game's time zone with UTC alongside,
    "Mon 30 Mar 22:00 CEST (20:00 UTC)"; "Mon 30 Mar 20:00 UTC" in a UTC game."""
    if not at:
        return ""
    from domain.clock import clock_of, parse_at
    from domain.timezones import format_moment

    from service.web.i18n import tr

    return tr(format_moment(parse_at(at), clock_of(game.options)["timezone"]))  # the reader's language and zone


def game_local_time(at: str | None, game: Any) -> str:
    """When something happened, in the game's time zone: "Mon 30 Mar 22:00 CEST"."""
    if not at:
        return ""
    from domain.clock import clock_of, parse_at
    from domain.timezones import format_local

    from service.web.i18n import tr

    return tr(format_local(parse_at(at), clock_of(game.options)["timezone"]))  # the reader's language and zone


def private_info(view: dict) -> list[tuple[str, Any]]:
    """(label, value) pairs of what only the viewer may see."""
    from service.web.boards import generic

    module = board_module(view["game"]["rules"])
    try:
        return list(getattr(module, "private", generic.private)(view))
    except Exception:
        log.exception("private-info renderer %s failed", module.__name__)
        return generic.private(view)


def init_app(app: Flask) -> None:
    from flask_wtf.csrf import generate_csrf

    from service.web import get_settings

    @app.context_processor
    def helpers() -> dict:
        return {"csrf_token": generate_csrf, "form_key": form_key, "seat_colour": seat_colour,
                "embedded": get_settings().embedded, "board": board, "private_info": private_info}

    app.jinja_env.filters["linkify"] = linkify
    app.jinja_env.filters["seat_colour"] = seat_colour
    app.jinja_env.filters["when"] = lambda at: (at or "")[:16].replace("T", " ") + (" UTC" if at else "")
    app.jinja_env.filters["game_time"] = game_time
    app.jinja_env.filters["game_local_time"] = game_local_time

    @app.after_request
    def security_headers(response):
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if response.mimetype == "text/html":
            response.headers.setdefault(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                "script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
        return response
