"""The web's side of translation (issue #12, "Every sentence translatable"): Flask-Babel over the
gettext catalogs of `locales/`, in the reader's language.

* `reader_language()` is Flask-Babel's locale selector: the language a page or an API answer is written in.
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

from typing import Any

from flask import Flask, has_request_context
from flask.json.provider import DefaultJSONProvider
from markupsafe import Markup, escape

import locales
from domain.i18n import Message, Sentences, _, from_json

STATUS_NAMES = {"active": _("active"), "paused": _("paused"), "finished": _("finished"),
                "abandoned": _("abandoned")}  # a game's status, as the lobby and the game page show it


def reader_language() -> str:
    """The language of the person reading this page or answer. English for now: the seat's preference and
    the browser's Accept-Language (within `locales.LANGUAGES`) come in the languages issue."""
    return locales.DEFAULT


def current_language() -> str:
    """`reader_language()` in a request; the default language outside one (a background render)."""
    return reader_language() if has_request_context() else locales.DEFAULT


def tr(text: Any) -> str:
    """A domain message (or whole sentences, or a message stored as JSON) in the reader's language; any
    other value as text (None as "")."""
    if isinstance(text, dict):
        text = from_json(text)
    return locales.render(text, current_language())


def status_name(status: str) -> str:
    """A game's status in the reader's language (an unknown one as it is)."""
    return tr(STATUS_NAMES.get(status, status))


def winner_list(seats: list[str], names: dict) -> str:
    """ "Red (Ann) and Blue (Bob)": seats with their players' names, listed the reader's language's way."""
    from babel.lists import format_list

    items = [tr(_("%(seat)s (%(name)s)", seat=seat.capitalize(), name=names.get(seat, seat))) for seat in seats]
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
    app.jinja_env.globals.update(reader_language=reader_language, status_name=status_name,
                                winner_list=winner_list)
    app.json = LocalisedJSON(app)


__all__ = ["reader_language", "current_language", "tr", "tr_html", "localise", "LocalisedJSON", "init_app"]
