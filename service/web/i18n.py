"""The web's side of translation (issue #12, "Every sentence translatable"): Flask-Babel over the
gettext catalogs of `locales/`, in the reader's language.

* `reader_language()` is Flask-Babel's locale selector: the language a page or an API answer is written in.
  On a seat's page or answer (the route names a game and the browser or the bearer token holds one of its
  seats): the seat's own language, else the table's, else the browser's. Elsewhere (the lobby, /new, a
  spectator): the browser's. The browser's is the language chosen with the switcher (a cookie), else the
  best of `Accept-Language`, else English (docs/i18n.md "Who reads which language").
* Templates write their sentences with `_()`/`ngettext()` (newstyle: named parameters, `%(name)s`) or
  `{% trans %}` blocks; `pybabel extract -F locales/babel.cfg` finds them.
* Sentences the domain made (`domain.i18n.Message`: prompts, labels, narration, refusals) reach the
  templates as values and are printed with the `|tr` filter, which renders them in the reader's language
  (`locales.render`); Python code of the web layer renders them with `tr()` (error pages, flashed notices).
* JSON answers render every Message they hold the same way before they are serialised (`LocalisedJSON`).

The catalogs are read from the .po files by `locales.translations` (no compiled .mo in the repository),
so Flask-Babel's own loader (which reads .mo files) is replaced by `CatalogDomain`.
"""
from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, g, has_request_context, redirect, request
from flask.json.provider import DefaultJSONProvider
from markupsafe import Markup, escape

import locales
from domain.i18n import Message, Sentences, _, from_json
from domain.help import kind_name
from domain.rules import seat_name

STATUS_NAMES = {"active": _("active"), "paused": _("paused"), "finished": _("finished"),
                "abandoned": _("abandoned")}  # a game's status, as the lobby and the game page show it


log = logging.getLogger("tabularium.web")
COOKIE = "tabularium_lang"        # the language chosen with the switcher, for pages without a seat
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
bp = Blueprint("language", __name__)


def reader_language() -> str:
    """The language of the person reading this page or answer, worked out once per request."""
    if not has_request_context():
        return locales.DEFAULT
    known = g.get("tabularium_language")
    if known is None and request.url_rule is None and "tabularium_reader" not in g:
        # Before routing (opening the session cookie serialises with the app's JSON provider) or for a URL
        # that matches no route: no game to go by, and nothing remembered that the route may yet decide.
        return browser_language()
    if known is None:
        game, seat = page_reader()
        known = _seat_language(game, seat) or browser_language()
        g.tabularium_language = known
    return known


def browser_language() -> str:
    """The switcher's cookie, else the best of the browser's Accept-Language we have, else English."""
    chosen = locales.supported(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    best = request.accept_languages.best_match(locales.LANGUAGES)
    if best is None:  # "el-GR" only: werkzeug matches a tag to a bare language, not always the reverse
        best = next((lang for tag, _q in request.accept_languages if (lang := locales.from_tag(tag))), None)
    g.tabularium_vary = True
    return locales.supported(best) or locales.DEFAULT


def _seat_language(game: Any, seat: str | None) -> str | None:
    from notifications.preferences import get_language

    return get_language(game, seat) if game is not None and seat else None


def read_as(game: Any, seat: str | None) -> None:
    """A view that knows whose page it shows before the route says so (the magic link's confirmation,
    the sign-in link) names the game and seat: the page is then in that seat's language."""
    g.tabularium_reader = (game, seat)
    g.pop("tabularium_language", None)
    try:
        from flask_babel import refresh

        refresh()
    except (ImportError, RuntimeError):
        pass


def page_reader() -> tuple[Any, str | None]:
    """(game, seat) whose page or answer this is: the route's game and, of its seats, the one the request
    asks for (`?seat=`) or the one this browser or bearer token holds (a seat that owes a decision first).
    (None, None) when the route names no game, or the caller holds none of its seats; never raises."""
    if "tabularium_reader" in g:
        return g.tabularium_reader
    found: tuple[Any, str | None] = (None, None)
    game_id = (request.view_args or {}).get("game_id")
    if game_id:
        try:
            found = _seat_of_caller(game_id)
        except Exception:  # noqa: BLE001 — a bad token or a missing game: the view itself says so
            log.debug("no reader seat for this request", exc_info=True)
    g.tabularium_reader = found
    return found


def _seat_of_caller(game_id: str) -> tuple[Any, str | None]:
    from flask import current_app

    from service.web import load_game
    from service.web.auth import bearer_caller, session_caller
    from service.web.cache import COMMAND_MAX_AGE

    loaded = g.get("tabularium_loaded", {})
    game = next((x for x in loaded.values() if str(x.id) == str(game_id)), None)
    if game is None:  # a recent copy is as good as the latest for a language (it changes rarely)
        cache = current_app.extensions.get("tabularium.games")
        game = cache.get(game_id, max_age=COMMAND_MAX_AGE) if cache is not None else load_game(game_id)
    caller = bearer_caller(game) if request.headers.get("Authorization") else session_caller(game)
    seats = caller.seats_in(game.id)
    if not seats:
        return game, None
    wanted = request.args.get("seat") or (request.form.get("seat") if request.mimetype in FORM_TYPES else None)
    if wanted in seats:
        return game, wanted
    waiting = set(game.waiting_for())
    return game, next((s for s in seats if s in waiting), seats[0])


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def seat_settings_url() -> str | None:
    """When this page is in a seat's language: the link to that seat's settings card, where the language is
    chosen (the footer shows it instead of the browser's switcher, which could not change it). Else None."""
    game, seat = page_reader()
    if _seat_language(game, seat) is None:
        return None
    from flask import url_for

    return url_for("games.page", game_id=str(game.id), seat=seat) + "#settings"


def language_links() -> list[dict]:
    """The switcher: each language, in its own name, with the link that chooses it for this browser."""
    here = request.full_path if request.query_string else request.path
    current = reader_language()
    return [{"code": code, "name": locales.NAMES[code], "current": code == current,
             "url": f"/language/{code}?next={quote_path(here)}"} for code in locales.LANGUAGES]


def reply_keywords() -> dict[str, str]:
    """The reply-by-e-mail command words of the reader's language (notifications.keywords)."""
    from notifications.keywords import words_for

    return words_for(reader_language())


def all_reply_keywords() -> str:
    """Every command word of every language, for the help page: "ALWAYS / ΠΑΝΤΑ / MINDIG, ..."."""
    from notifications.keywords import COMMANDS, WORDS

    return ", ".join(" / ".join(w for language in locales.LANGUAGES for w in WORDS[c][language]) for c in COMMANDS)


def quote_path(path: str) -> str:
    from urllib.parse import quote

    return quote(path, safe="/")


@bp.get("/language/<code>")
def choose_language(code: str):
    """The switcher's link: remember the language in a cookie and go back to the page (same site only)."""
    target = request.args.get("next") or "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target, 303)
    if locales.supported(code):
        response.set_cookie(COOKIE, code, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def current_language() -> str:
    """`reader_language()` in a request; the default language outside one (a background render)."""
    return reader_language() if has_request_context() else locales.DEFAULT


def reader_zone() -> str | None:
    """The time zone the seat of this page reads times in, if it chose one (else the game's applies)."""
    if not has_request_context():
        return None
    game, seat = page_reader()
    return game.timezone_for(seat) if game is not None and seat else None


def number(value: Any) -> str:
    """A number as the reader's language writes it ("2.5" in English, "2,5" in Greek and Hungarian)."""
    from babel.numbers import format_decimal

    try:
        return format_decimal(value, locale=current_language())
    except (TypeError, ValueError, ArithmeticError):
        return str(value)


def tr(text: Any) -> str:
    """A domain message (or whole sentences, or a message stored as JSON) in the reader's language; any
    other value as text (None as ""). Moments in it are written in the reader's zone."""
    if isinstance(text, dict):
        text = from_json(text)
    return locales.render(text, current_language(), reader_zone())


def status_name(status: str) -> str:
    """A game's status in the reader's language (an unknown one as it is)."""
    return tr(STATUS_NAMES.get(status, status))


def winner_list(seats: list[str], names: dict) -> str:
    """ "Red (Ann) and Blue (Bob)": seats with their players' names, listed the reader's language's way."""
    from babel.lists import format_list

    items = [tr(_("%(seat)s (%(name)s)", seat=seat_name(seat), name=names.get(seat, seat))) for seat in seats]
    return format_list(items, locale=current_language()) if items else ""


def tr_html(text: Any) -> Markup:
    """A message as HTML in the reader's language: its sentence as the catalog has it (trusted, as Jinja's
    gettext trusts it) with its parameters escaped, unless they are Markup already (`<strong>` a name)."""
    if not isinstance(text, Message):
        return escape(tr(text))
    catalog = locales.translations(current_language())
    template = catalog.ngettext(text.msgid, text.plural, text.n) if text.plural is not None \
        else catalog.gettext(text.msgid)
    if not text.params:
        return Markup(template)
    return Markup(template) % {k: v if isinstance(v, Markup) else escape(tr(v)) for k, v in text.params.items()}


def localise(value: Any, language: str) -> Any:
    """`value` with every Message in it (at any depth of dicts, lists and tuples) rendered in `language`."""
    if isinstance(value, (Message, Sentences)):
        return locales.render(value, language)
    if isinstance(value, dict):
        return {k: localise(v, language) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [localise(v, language) for v in value]
    return value


class LocalisedJSON(DefaultJSONProvider):
    """JSON answers in the reader's language: the domain's messages are rendered before serialising.
    A Message is a str holding its English, so in English the answer is already right as it stands."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        language = current_language()
        if language != locales.DEFAULT:
            obj = localise(obj, language)
        return super().dumps(obj, **kwargs)


class _Gettext:
    """The stdlib translations of `locales.translations` with the names Flask-Babel calls."""

    def __init__(self, translations: Any):
        self.t = translations

    def ugettext(self, string: str) -> str:
        return self.t.gettext(string)

    def ungettext(self, singular: str, plural: str, n: int) -> str:
        return self.t.ngettext(singular, plural, n)

    def upgettext(self, context: str, string: str) -> str:
        return self.t.pgettext(context, string)

    def unpgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.t.npgettext(context, singular, plural, n)

    gettext, ngettext, pgettext, npgettext = ugettext, ungettext, upgettext, unpgettext


def init_app(app: Flask) -> None:
    """Flask-Babel with the locale selector, the `locales/` catalogs (domain "messages"), Jinja's i18n
    extension with newstyle gettext (`_`, `gettext`, `ngettext` in every template), and `|tr`."""
    from flask_babel import Babel, Domain, get_locale

    class CatalogDomain(Domain):
        def get_translations(self):  # the .po catalogs, read and cached by locales.translations
            locale = get_locale() if has_request_context() else None
            return _Gettext(locales.translations(str(locale) if locale else locales.DEFAULT))

    babel = Babel(app, locale_selector=reader_language, default_locale=locales.DEFAULT,
                  default_domain=locales.DOMAIN, default_translation_directories=str(locales.HERE))
    babel.domain_instance = CatalogDomain(translation_directories=[str(locales.HERE)], domain=locales.DOMAIN)
    app.jinja_env.add_extension("jinja2.ext.i18n")  # Flask-Babel added it already; saying so costs nothing
    app.jinja_env.filters["tr"] = tr
    app.jinja_env.filters["seat"] = lambda seat: tr(seat_name(seat))  # "red" -> "Red", "Κόκκινος", "Piros"
    app.jinja_env.filters["number"] = number
    app.jinja_env.globals.update(reader_language=reader_language, status_name=status_name,
                                winner_list=winner_list, language_links=language_links,
                                seat_settings_url=seat_settings_url, reply_keywords=reply_keywords,
                                all_reply_keywords=all_reply_keywords, kind_name=kind_name,
                                language_names=locales.NAMES)
    app.json = LocalisedJSON(app)
    app.register_blueprint(bp)

    @app.after_request
    def content_language(response):
        """Say which language the answer is in, and that it depends on the browser's choice."""
        if "tabularium_language" in g:
            response.headers.setdefault("Content-Language", g.tabularium_language)
            if g.get("tabularium_vary"):
                response.vary.update(("Accept-Language", "Cookie"))
        return response


__all__ = ["reader_language", "browser_language", "read_as", "page_reader", "current_language", "reader_zone", "tr",
           "tr_html", "localise", "LocalisedJSON", "init_app", "language_links", "COOKIE"]
