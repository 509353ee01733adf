"""The edge's side of translation: gettext catalogs (Babel) and rendering messages in a reader's language.

Layout: `locales/messages.pot` is the template extracted from the code and the templates
(`make messages`: `pybabel extract -F locales/babel.cfg -k _ -k n_:1,2 -k N_ -o locales/messages.pot .`),
and `locales/<lang>/LC_MESSAGES/messages.po` a catalog per language (English: `en`, whose empty
translations mean "as written"). Catalogs are read from the .po files at first use (no compiled .mo in
the repository); a language without a catalog falls back to English.

`render(text, locale)` turns a `domain.i18n.Message` (or `Sentences`, a `Moment`, or a plain str) into the
text of that language; `gettext`/`ngettext` serve the Jinja templates (`install(env, locale)`).

The languages (docs/i18n.md): English, Greek and Hungarian, each named in its own language (`NAMES`).
Who reads which is decided at the edges (service.web.i18n.reader_language, notifications.compose.
recipient_language, service.cli.cli_language) from the seat's preference, the table's language, the
browser's Accept-Language or the environment's locale; `language_named` reads a language a person wrote.
"""
from __future__ import annotations

import functools
import gettext as gettext_module
import unicodedata
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from domain.i18n import Message, Moment, Sentences, fill

HERE = Path(__file__).resolve().parent
DOMAIN = "messages"
DEFAULT = "en"
LANGUAGES = ("en", "el", "hu")  # the languages with a catalog, English first
NAMES = {"en": "English", "el": "Ελληνικά", "hu": "Magyar"}  # each in its own language, as a switcher shows it
# What a person may write for a language (an e-mail's LANGUAGE command, the CLI): its code, its own name, and
# its name in the other two languages; compared without accents or case (`fold`).
_ALIASES = {
    "en": ("en", "english", "αγγλικα", "angol", "angolul"),
    "el": ("el", "gr", "ελληνικα", "greek", "gorog", "gorogul", "ellinika"),
    "hu": ("hu", "magyar", "magyarul", "hungarian", "ουγγρικα"),
}


def fold(text: str) -> str:
    """`text` without accents and case, for comparing words a person typed: "ΑΚΎΡΩΣΗ" -> "ακυρωση"."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().replace("ς", "σ")


def supported(code: object) -> str | None:
    """`code` if it is one of LANGUAGES, else None."""
    return code if isinstance(code, str) and code in LANGUAGES else None


def from_tag(tag: object) -> str | None:
    """The language of a locale tag or POSIX locale name ("el-GR", "hu_HU.UTF-8", "en"), if we have it."""
    if not isinstance(tag, str) or not tag:
        return None
    primary = tag.replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
    return supported(primary)


def language_named(word: object) -> str | None:
    """The language a person named ("el", "Ελληνικά", "greek", "MAGYAR"), or None."""
    if not isinstance(word, str) or not word.strip():
        return None
    folded = fold(word).strip(".,;:!?\"'()")
    return next((code for code, names in _ALIASES.items() if folded in names), None)


def catalog_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=16)
def translations(language: str) -> gettext_module.NullTranslations:
    """The language's translations (English, or anything without a catalog: the text as written)."""
    path = catalog_path(language)
    if language == DEFAULT or not path.exists():
        return gettext_module.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=Locale.parse(language))
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext_module.GNUTranslations(buffer)


def render(text: Any, language: str = DEFAULT, zone: str | None = None) -> str:
    """A message in `language` (its parameters that are messages too); any other value as str. Moments are
    written in the language's way (locales.dates), in `zone` when the reader has one of their own."""
    if isinstance(text, Moment):
        from locales.dates import render_moment

        return render_moment(text, language, zone)
    if isinstance(text, Sentences):
        return " ".join(render(part, language, zone) for part in text.parts)
        return " ".join(render(part, language) for part in text.parts)
    if not isinstance(text, Message):
        return "" if text is None else str(text)
    if language == DEFAULT and (zone is None or not _holds_moment(text)):
        return str(text)
    tr = translations(language)
    template = tr.ngettext(text.msgid, text.plural, text.n) if text.plural is not None else tr.gettext(text.msgid)
    return fill(template, text.params, lambda m: render(m, language, zone))


def _holds_moment(message: Message) -> bool:
    """Whether a moment is among the message's parameters, at any depth (only then can a zone change it)."""
    return any(isinstance(v, Moment) or (isinstance(v, Message) and _holds_moment(v)) or
               (isinstance(v, Sentences) and any(isinstance(p, Message) and _holds_moment(p) for p in v.parts))
               for v in message.params.values())


def install(env: Any, language: str = DEFAULT) -> None:
    """Give a Jinja environment (with the `jinja2.ext.i18n` extension) the language's gettext."""
    tr = translations(language)
    env.install_gettext_translations(tr, newstyle=True)


__all__ = ["render", "translations", "install", "catalog_path", "LANGUAGES", "NAMES", "DEFAULT", "fold",
           "supported", "from_tag", "language_named"]
