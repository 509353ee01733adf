"""The web layer: a Flask app over the GameService (ARCHITECTURE.md section 4).

`create_app(settings=None, service=None)` builds one app with one long-lived GameService in
`app.extensions["tabularium.service"]` (built here, so under gunicorn each worker builds its own after
fork). Blueprints: api (JSON, bearer tokens), play (magic links, session), games (the game page and its
forms), history, audit, lobby (`/`, `/new`) and, in the embedded mode only, mail (the local outbox).
Views stay thin: they parse the request, call the service and render. Every sentence a page or an
answer shows is a gettext message, rendered in the reader's language (service.web.i18n, Flask-Babel).

The factory refuses to build an app whose settings do not pass `Settings.check()` (an unset
TABULARIUM_MODE on a non-local deployment, an incomplete production mode): see docs/operations.md,
"Security model".
"""
from __future__ import annotations

import importlib
import logging
import os
import weakref
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app
from flask.sessions import SecureCookieSessionInterface

from service.config import Settings

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger("tabularium.web")

MAX_CONTENT_LENGTH = 256 * 1024

# Rate limits per client address (after ProxyFix); override with TABULARIUM_RATELIMIT_<KIND>.
DEFAULT_LIMITS = {
    "create": "10/minute;100/hour",
    "login": "30/minute;300/hour",
    "action": "120/minute",
    "read": "300/minute;5000/hour",      # every other endpoint: pages, API reads, links (ratelimit.kind_for)
    "audit": "20/minute;200/hour",       # the public audit and the export: a full replay when not cached
    "unsubscribe": "60/minute;600/hour",  # /u/<token>; mail providers' one-click POSTs share addresses
}
LIMITED_ENDPOINTS = {
    "api.create_game": "create", "lobby.new_game": "create",
    "play.magic": "login",
    "api.post_action": "action", "api.post_undo": "action", "api.post_message": "action", "api.rotate_token": "action",
    "games.choose": "action", "games.undo": "action", "games.message": "action", "games.rotate_token": "action",
    "api.delete_standing_order": "action", "games.cancel_standing_order": "action",
    "api.get_audit": "audit", "audit.page": "audit", "api.get_export": "audit",
}


def create_app(settings: Settings | None = None, service: GameService | None = None,
               config: dict | None = None) -> Flask:
    """Build the app. `service` (a GameService) is reused when given; otherwise one is built here by the
    composition root (`service.composition.build`), as the CLI and the workers build theirs.

    `config` overrides Flask config keys before the extensions start (tests use it, e.g.
    {"RATELIMIT_ENABLED": False}).
    """
    from flask_wtf.csrf import CSRFProtect
    from werkzeug.middleware.proxy_fix import ProxyFix

    from service.composition import build

    if settings is None:
        settings = service.settings if service is not None else Settings.from_env()
    settings.check()  # a clear sentence, before anything listens, when the mode is unset or incomplete
    if service is None:
        service = build(settings).games

    app = Flask(__name__)
    app.session_interface = CachedSigningSessionInterface()
    from service.web import i18n

    # Flask-Babel: the reader's language (i18n.reader_language, English until the languages issue), the
    # catalogs of locales/ (domain "messages"), Jinja's `_`/`ngettext` (newstyle) and `|tr` for the
    # domain's messages; JSON answers render those messages in the same language.
    i18n.init_app(app)
    env = os.environ.get
    app.config.update(
        SECRET_KEY=settings.secret_key,
        SECRET_KEY_FALLBACKS=list(settings.secret_key_fallbacks),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        MAX_FORM_MEMORY_SIZE=64 * 1024,
        MAX_FORM_PARTS=200,
        SESSION_COOKIE_NAME="tabularium_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=settings.secure_cookies,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 180,
        WTF_CSRF_TIME_LIMIT=None,
        RATELIMIT_STORAGE_URI=settings.redis_url or "memory://",
        RATELIMIT_ENABLED=env("TABULARIUM_RATELIMIT", "1").lower() not in ("0", "no", "false", "off"),
        RATELIMIT_KEY_PREFIX="",
        JSON_SORT_KEYS=False,
        TABULARIUM_LIMITS={k: env(f"TABULARIUM_RATELIMIT_{k.upper()}", v) for k, v in DEFAULT_LIMITS.items()},
        TABULARIUM_PROXY_FIX=env("TABULARIUM_PROXY_FIX", "") in ("1", "yes", "true"),
        TABULARIUM_MAGIC_MAX_AGE=30 * 24 * 3600,
    )
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    if config:
        app.config.update(config)
    app.extensions["tabularium.settings"] = settings
    app.extensions["tabularium.service"] = service
    from service.history_model import HistoryModel
    from service.web.cache import GameCache

    app.extensions["tabularium.games"] = GameCache(service)
    service.listeners.append(weak_listener(service.listeners, app.extensions["tabularium.games"].saved))
    app.extensions["tabularium.history"] = HistoryModel(service)  # the narration read model (bounded pages)

    if app.config["TABULARIUM_PROXY_FIX"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_port=1, x_prefix=1)

    from service.web import api, audit_pages, errors, games, history, lobby, play, render, verify_script

    csrf = CSRFProtect(app)
    app.extensions["tabularium.csrf"] = csrf
    render.init_app(app)
    errors.init_app(app)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # bearer tokens only: the API never acts on a cookie for a POST
    app.register_blueprint(play.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(audit_pages.bp)
    app.register_blueprint(verify_script.bp)  # the standalone archive verifier the audit page links to
    app.register_blueprint(lobby.bp)
    if settings.embedded:
        from service.web import mail

        app.register_blueprint(mail.bp)
    register_optional_blueprints(app)
    from service.web import ops

    app.register_blueprint(ops.bp)  # /healthz, /metrics, request counting and log context

    if app.config["RATELIMIT_ENABLED"]:
        install_rate_limits(app)
    return app


def install_rate_limits(app: Flask) -> None:
    """Limits per client address on the endpoints of LIMITED_ENDPOINTS. No X-RateLimit-* headers (they
    cost a round trip each); a refusal says when to come back (Retry-After, errors.py)."""
    from service.web.ratelimit import RateLimits

    limits = RateLimits(app.config["RATELIMIT_STORAGE_URI"], app.config["TABULARIUM_LIMITS"],
                        app.config["RATELIMIT_KEY_PREFIX"])
    app.extensions["tabularium.limits"] = limits
    from service.web.ratelimit import kind_for

    for endpoint in list(app.view_functions):
        kind = kind_for(endpoint, LIMITED_ENDPOINTS)  # every endpoint has a budget ("read" by default)
        if kind is not None:
            app.view_functions[endpoint] = limits.limited(kind, _client_address)(app.view_functions[endpoint])


# Blueprints written beside the core web layer, registered when their module exists: (module, CSRF-exempt).
# mailhooks: the inbound-mail webhook and one-click unsubscribe (mail providers POST without cookies).
# Their /api/ routes are CSRF-exempt (bearer tokens only); their forms are not.
# seats: inviting a replacement player for an abandoned seat.
# player_settings: a player's own e-mail preference and vacation (forms, so CSRF applies).
# webhooks: a player's own "your turn" web hook (chat apps, push services).
OPTIONAL_BLUEPRINTS = [("service.web.mailhooks", True), ("service.web.seats", False),
                       ("service.web.player_settings", False), ("service.web.webhooks", False),
                       ("service.web.help", False)]  # help: /rules/<title>, /help/email and the help-link globals


def register_optional_blueprints(app: Flask) -> None:
    for name, exempt in OPTIONAL_BLUEPRINTS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        bp = getattr(module, "bp", None)
        if bp is None:
            continue
        app.register_blueprint(bp)
        csrf = app.extensions.get("tabularium.csrf")
        if csrf is not None:
            if exempt:
                csrf.exempt(bp)
            for view in _api_views(app, bp.name):  # bearer tokens only, like the api blueprint
                csrf.exempt(view)
        limits = getattr(module, "LIMITED_ENDPOINTS", {})
        LIMITED_ENDPOINTS.update({f"{bp.name}.{endpoint}": kind for endpoint, kind in limits.items()})


def _api_views(app: Flask, blueprint: str) -> list:
    """The blueprint's views under /api/: they act on a bearer token, never on a cookie (no CSRF)."""
    return [app.view_functions[r.endpoint] for r in app.url_map.iter_rules()
            if r.endpoint.startswith(blueprint + ".") and r.rule.startswith("/api/")]


def weak_listener(listeners: list, method: Any) -> Any:
    """A service listener that does not keep its app alive (tests build many apps on one service):
    once the app is gone, the listener removes itself."""
    ref = weakref.WeakMethod(method)

    def listener(game: Any) -> None:
        bound = ref()
        if bound is None:
            if listener in listeners:
                listeners.remove(listener)
            return
        bound(game)
    return listener


def _client_address() -> str:
    from flask import request

    return request.remote_addr or "unknown"


class CachedSigningSessionInterface(SecureCookieSessionInterface):
    """Flask builds the cookie's signing serializer, key derivation and all, on every request, even a
    bearer API call that never reads the cookie (measured: ~30 us). Keys only change with the config."""

    def get_signing_serializer(self, app: Flask) -> Any:
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        cached = self.__dict__.get("_cached")
        if cached is None or cached[0] != key:
            cached = self.__dict__["_cached"] = (key, super().get_signing_serializer(app))
        return cached[1]


def get_service() -> GameService:
    return current_app.extensions["tabularium.service"]


def load_game(game_id: Any, for_command: bool = False):
    """The current game for reading (cached; never mutate it): commands go through the service.

    Loaded once per request (authentication and the view share it); a save in this request drops it.
    `for_command`: the game a command starts from, which may be a cached one confirmed a moment ago
    without a read (see service.web.cache); only for a command that passes its caller's guard."""
    from flask import g

    from service.games import parse_game_id
    from service.web.cache import COMMAND_MAX_AGE

    gid = parse_game_id(game_id)
    loaded = g.setdefault("tabularium_loaded", {})
    if gid not in loaded:
        max_age = COMMAND_MAX_AGE if for_command else 0.0
        loaded[gid] = current_app.extensions["tabularium.games"].get(gid, max_age=max_age)
    return loaded[gid]


def history_model() -> Any:
    """The narrated history read model (service.history_model): pages are bounded queries."""
    return current_app.extensions["tabularium.history"]


def game_history(game_id: Any, viewer: Any) -> list[dict]:
    """The whole history narrated for `viewer` (the same entries as GameService.history). Pages and the
    game page read bounded slices instead (`history_model().page`, `.recent`)."""
    return history_model().entries(load_game(game_id), viewer)


def game_last_move(game_id: Any, viewer: Any) -> int:
    """The seq of the viewer's own latest decision, or 0."""
    return history_model().last_move(load_game(game_id), viewer)


def get_settings() -> Settings:
    return current_app.extensions["tabularium.settings"]


__all__ = ["create_app", "register_optional_blueprints", "get_service", "get_settings", "load_game",
           "game_history", "game_last_move", "history_model"]
