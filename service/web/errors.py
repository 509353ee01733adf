"""Every failure becomes a clear sentence: JSON `{"error": ...}` under /api, a small HTML page elsewhere.

Refusals from the service map to statuses (ARCHITECTURE.md section 4); nothing ever shows a stack trace.
"""
from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from domain.errors import BadRequest, GameError, GameNotActive, NotYourDecision, StalePrompt, TooMany, UndoRefused
from domain.i18n import _
from domain.rules import IllegalAction

log = logging.getLogger("tabularium.web")

SENTENCES = {
    400: _("The request was malformed."),
    401: _("This needs you to log in: open your game link, or send your token."),
    403: _("You may not do that."),
    404: _("There is nothing here."),
    405: _("That method is not allowed here."),
    409: _("That conflicts with the current state of the game."),
    410: _("This link has already been used or has expired."),
    413: _("The request is too large (at most 256 kB)."),
    415: _("Send JSON (Content-Type: application/json)."),
    422: _("The request could not be processed."),
    429: _("Too many requests: please slow down and try again in a minute."),
    500: _("Something went wrong on our side; nothing was changed. Please try again."),
    503: _("The service is busy or unavailable; please try again."),
}


def status_for(exc: Exception) -> int:
    from service.games import GameDamaged, GameNotFound, TokenReplaced

    if isinstance(exc, GameNotFound):
        return 404
    if isinstance(exc, TokenReplaced):
        return 401
    if isinstance(exc, TooMany):  # a cap that resets with time (messages per seat per hour or day)
        return 429
    if isinstance(exc, (StalePrompt, GameNotActive, UndoRefused)):  # the moment has passed
        return 409
    if isinstance(exc, NotYourDecision):
        return 403
    if isinstance(exc, (BadRequest, IllegalAction)):
        return 422
    if isinstance(exc, GameDamaged):
        return 503
    return 503  # "too busy" and other refusals of the service


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def error_response(status: int, message: str, extra_headers: dict | None = None):
    """`message` (a domain or web Message, or text) in the reader's language, as JSON or a small page."""
    from service.web.i18n import tr

    message = tr(message)
    if wants_json():
        response = jsonify(error=message)
        response.status_code = status
    else:
        try:
            html = render_template("error.html", status=status, message=message)
        except Exception:  # never let the error page itself fail
            from markupsafe import escape

            html = f"<!doctype html><title>{status}</title><p>{escape(message)}</p>"
        response = app_response(html, status)
    for k, v in (extra_headers or {}).items():
        response.headers[k] = v
    return response


def app_response(body: str, status: int):
    from flask import make_response

    response = make_response(body, status)
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(GameError)
    def game_error(exc: GameError):
        retry = getattr(exc, "retry_after", None)
        return error_response(status_for(exc), exc.reason, {"Retry-After": str(retry)} if retry else None)

    @app.errorhandler(IllegalAction)
    def illegal(exc: IllegalAction):
        return error_response(422, exc.reason)

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError):
        return error_response(400, _("This form has expired or did not come from this site "
                                     "(its security token is missing or wrong): reload the page and try again."))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        default = SENTENCES.get(status, _("The request could not be served."))
        message = exc.description if _own_description(exc) else default
        headers = {}
        if status == 429:
            message = SENTENCES[429]
            headers["Retry-After"] = str(_retry_after(exc))
        valid = getattr(exc, "valid_methods", None)
        if status == 405 and valid:
            headers["Allow"] = ", ".join(valid)
        return error_response(status, message, headers)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        from service.web.redact import redact_path  # a 500 on /play/<token> must not log the token

        log.exception("unhandled error on %s %s", request.method, redact_path(request.path))
        return error_response(500, SENTENCES[500])


def _retry_after(exc: HTTPException) -> int:
    """The refused limit's window in seconds (the longest wait), known without asking the storage."""
    return int(getattr(exc, "retry_after", None) or 60)  # service.web.ratelimit.LimitReached


def _own_description(exc: HTTPException) -> bool:
    """True when the view gave its own sentence (abort(..., description=...)), not werkzeug's default."""
    return bool(exc.description) and exc.description != type(exc).description
