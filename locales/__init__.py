"""The edge's side of translation: gettext catalogs (Babel) and rendering messages in a reader's language.

Layout: `locales/messages.pot` is the template extracted from the code and the templates
(`make messages`: `pybabel extract -F locales/babel.cfg -k _ -k n_:1,2 -k N_ -o locales/messages.pot .`),
and `locales/<lang>/LC_MESSAGES/messages.po` a catalog per language (English: `en`, whose empty
translations mean "as written"). Catalogs are read from the .po files at first use (no compiled .mo in
the repository); a language without a catalog falls back to English.

`render(text, locale)` turns a `domain.i18n.Message` (or `Sentences`, or a plain str) into the text of
that language; `gettext`/`ngettext` serve the Jinja templates (`install(env, locale)`).
"""
from __future__ import annotations

import functools
import gettext as gettext_module
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from domain.i18n import Message, Sentences, fill

HERE = Path(__file__).resolve().parent
DOMAIN = "messages"
DEFAULT = "en"
LANGUAGES = ("en",)  # the languages with a catalog; a later issue adds el and hu


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


def render(text: Any, language: str = DEFAULT) -> str:
    """A message in `language` (its parameters that are messages too); any other value as str."""
    if isinstance(text, Sentences):
        return " ".join(render(part, language) for part in text.parts)
    if not isinstance(text, Message):
        return "" if text is None else str(text)
    if language == DEFAULT:
        return str(text)
    tr = translations(language)
    template = tr.ngettext(text.msgid, text.plural, text.n) if text.plural is not None else tr.gettext(text.msgid)
    return fill(template, text.params, lambda m: render(m, language))


def install(env: Any, language: str = DEFAULT) -> None:
    """Give a Jinja environment (with the `jinja2.ext.i18n` extension) the language's gettext."""
    tr = translations(language)
    env.install_gettext_translations(tr, newstyle=True)


__all__ = ["render", "translations", "install", "catalog_path", "LANGUAGES", "DEFAULT"]
