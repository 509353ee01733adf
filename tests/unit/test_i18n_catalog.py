"""Every sentence is in the catalog (issue #12, section 3): what `make messages` would extract from the code
and the templates is exactly the committed template locales/messages.pot; every language's catalog has
every msgid, no fuzzy entry, and translations whose placeholders fit their msgid (Babel's checkers).

When this fails after a change of wording, run `make messages` and commit locales/.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import locales

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "locales" / "messages.pot"
CONFIG = ROOT / "locales" / "babel.cfg"
# the Makefile's `pybabel extract -k _ -k n_:1,2 -k N_` (on top of Babel's default keywords)
KEYWORDS = {**DEFAULT_KEYWORDS, "_": None, "n_": (1, 2), "N_": None}
SCANNED = ("domain", "service", "notifications", "workers")


def _key(message_id) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


@lru_cache(maxsize=1)
def extracted() -> dict[str, list[str]]:
    """msgid -> where it is written (path:line), as `pybabel extract -F locales/babel.cfg` finds them."""
    with CONFIG.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(CONFIG))
    found: dict[str, list[str]] = {}
    for top in SCANNED:  # babel.cfg's patterns are relative to the root: walk only the packages they name
        mapping = [(pattern, method) for pattern, method in method_map if pattern.startswith(f"{top}/")]
        options = {pattern: options_map.get(pattern, {}) for pattern, _m in mapping}
        for filename, lineno, message, _comments, _context in extract_from_dir(
                str(ROOT / top), [(p[len(top) + 1:], m) for p, m in mapping],
                {p[len(top) + 1:]: o for p, o in options.items()}, keywords=KEYWORDS):
            for msgid in ([message] if isinstance(message, str) else [m for m in message if m][:1]):
                if msgid:
                    found.setdefault(msgid, []).append(f"{top}/{filename}:{lineno}")
    return found


def read(path: Path, locale: str | None = None):
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def test_extraction_finds_the_sentences_of_every_layer():
    where = {place.split("/")[0] for places in extracted().values() for place in places}
    assert {"domain", "service"} <= where, f"extraction found sentences only in {sorted(where)}: check babel.cfg"
    assert any(".html:" in p for places in extracted().values() for p in places), \
        "extraction found nothing in the templates: check babel.cfg's jinja2 sections"


def test_the_template_catalog_has_every_sentence_and_nothing_stale():
    pot = {_key(m.id) for m in read(POT) if m.id}
    found = extracted()
    missing = sorted(set(found) - pot)
    stale = sorted(pot - set(found))
    lines = [f"  missing: {found[m][0]}: {m[:90]!r}" for m in missing] + [f"  stale: {m[:90]!r}" for m in stale]
    if len(lines) > 300:
        lines[300:] = [f"  ... and {len(lines) - 300} more"]
    assert not lines, (f"locales/messages.pot is out of date ({len(missing)} sentences missing, {len(stale)} "
                       "stale): run `make messages` and commit locales/\n" + "\n".join(lines))


@pytest.mark.parametrize("language", locales.LANGUAGES)
def test_every_language_catalog_is_complete_and_sound(language):
    path = locales.catalog_path(language)
    assert path.is_file(), f"{path} is missing: run `make messages` (pybabel init for a new language)"
    catalog = read(path, language)
    pot = {_key(m.id) for m in read(POT) if m.id}
    have = {_key(m.id) for m in catalog if m.id}
    problems = [f"  missing: {m[:90]!r}" for m in sorted(pot - have)]
    problems += [f"  fuzzy: {_key(m.id)[:90]!r}" for m in catalog if m.id and m.fuzzy]
    problems += [f"  obsolete: {_key(m.id)[:90]!r}" for m in catalog.obsolete.values()]
    for message, errors in catalog.check():
        problems += [f"  placeholders: {_key(message.id)[:90]!r}: {error}" for error in errors]
    assert not problems, f"{path.relative_to(ROOT)} is not in step with messages.pot:\n" + "\n".join(problems)


PO_WITH_A_BROKEN_TRANSLATION = b'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "%(seat)s bids %(amount)d denarii."
msgstr "%(amount)d d\\u00e9n\\u00e1rt fizet: %(player)s."
'''


def test_the_placeholder_check_bites():
    from io import BytesIO

    catalog = read_po(BytesIO(PO_WITH_A_BROKEN_TRANSLATION), locale="hu")
    errors = [str(e) for _m, es in catalog.check() for e in es]
    assert errors and "player" in errors[0]
