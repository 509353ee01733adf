"""The Greek and Hungarian catalogs are complete, keep the English placeholders, and use the glossaries.

* Complete: every msgid of locales/messages.pot has a translation (every plural form) that is not fuzzy, and
  nothing obsolete is left (`scripts/fill_catalog.py` merges drafts; `make messages` brings new msgids).
* Placeholders: each translated form has exactly the placeholders of the English it translates (the
  singular's or the plural's, with their conversions: `%(n)d` is not `%(n)s`), and formats without error.
* Glossaries (`locales/glossary/<game>.<lang>.json`): every msgid holding a glossary term as a whole word
  (case-sensitive) has a translation holding one of the term's stems (case-insensitive; the stems default
  to the term's text). A game's glossary governs the game's own sentences (extracted from
  domain/games/<game>/) and the platform's (extracted from anywhere else) unless another game's glossary
  of the language has the same term, or the term says `"scope": "game"` (a word the platform uses in
  another sense, such as a log's "Event").
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import locales
from tests.unit.test_i18n_catalog import extracted

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "locales" / "messages.pot"
GLOSSARIES = ROOT / "locales" / "glossary"
TRANSLATED = [language for language in locales.LANGUAGES if language != locales.DEFAULT]
CONVERSION = r"[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]"
PLACEHOLDER = re.compile(r"%\((\w+)\)" + CONVERSION + "|%%")
ANY_PERCENT = re.compile(r"%(?:\(\w+\)" + CONVERSION + "|%)|%")


def key(message_id) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def forms(value) -> list[str]:
    return [value] if isinstance(value, str) else list(value or ())


@lru_cache(maxsize=None)
def catalog(language: str):
    with locales.catalog_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


@lru_cache(maxsize=1)
def template_ids() -> frozenset[str]:
    with POT.open("rb") as handle:
        return frozenset(key(m.id) for m in read_po(handle) if m.id)


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def placeholder_problems(english: list[str], translated: list[str]) -> list[str]:
    """Why the translated forms do not fit the English ones ([] when they do)."""
    wanted = [placeholders(e) for e in english]
    problems = []
    for n, form in enumerate(translated):
        if placeholders(form) not in wanted:
            problems.append(f"form {n} has {placeholders(form)}, the English {' or '.join(map(str, wanted))}")
        if len(ANY_PERCENT.findall(form)) != len(PLACEHOLDER.findall(form)):
            problems.append(f"form {n} has a % that is not a named placeholder")
        else:
            try:
                form % {m.group(1): 1 for m in PLACEHOLDER.finditer(form) if m.group(1)}
            except (KeyError, ValueError, TypeError) as exc:
                problems.append(f"form {n} does not format: {exc}")
    return problems


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_is_complete(language):
    cat = catalog(language)
    have = {key(m.id): m for m in cat if m.id}
    lines = [f"  missing: {m[:100]!r}" for m in sorted(template_ids() - set(have))]
    for msgid, m in sorted(have.items()):
        if m.fuzzy:
            lines.append(f"  fuzzy: {msgid[:100]!r}")
        elif msgid in template_ids() and not all(forms(m.string)) or len(forms(m.string)) < len(forms(m.id)):
            lines.append(f"  untranslated: {msgid[:100]!r}")
    lines += [f"  obsolete: {key(m.id)[:100]!r}" for m in cat.obsolete.values()]
    assert not lines, f"locales/{language} is not complete ({len(lines)} entries):\n" + "\n".join(lines[:400])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_english_placeholders(language):
    lines = []
    for m in catalog(language):
        if m.id and any(forms(m.string)):
            for problem in placeholder_problems(forms(m.id), [f for f in forms(m.string) if f]):
                lines.append(f"  {key(m.id)[:80]!r}: {problem}")
    assert not lines, f"locales/{language}: translations whose placeholders differ:\n" + "\n".join(lines)


def test_the_placeholder_check_bites():
    assert placeholder_problems(["%(seat)s bids %(n)d."], ["%(n)d: %(seat)s"]) == []
    assert placeholder_problems(["%(seat)s bids %(n)d."], ["%(player)s: %(n)d"])
    assert placeholder_problems(["%(seat)s bids %(n)d."], ["%(seat)s: %(n)s"])  # the conversion changed
    assert placeholder_problems(["%(n)d card", "%(n)d cards"], ["%(n)d kártya", "%(n)d kártya"]) == []
    assert placeholder_problems(["%(n)d card", "%(n)d cards"], ["egy kártya", "%(n)d kártya"]) == \
        ["form 0 has [], the English ['%(n)d'] or ['%(n)d']"]
    assert placeholder_problems(["100%% sure"], ["100% biztos"])  # a bare % breaks formatting


# ------------------------------------------------------------------------------------------ glossaries

def glossaries() -> list[tuple[str, str, dict]]:
    out = []
    for path in sorted(GLOSSARIES.glob("*.*.json")):
        game, language = path.name[:-len(".json")].rsplit(".", 1)
        out.append((game, language, json.loads(path.read_text(encoding="utf-8"))["terms"]))
    return out


def governed(game: str, term: str, where: list[str], others: list[dict]) -> bool:
    """Whether the glossary of `game` decides a msgid found at `where` (path:line places); `others` are the
    other games' glossaries of the same language."""
    own = f"domain/games/{game}/"
    if any(p.startswith(own) for p in where):
        return True
    if any(p.startswith("domain/games/") for p in where):
        return False  # another game's sentence
    return not any(term in terms for terms in others)


def whole_word(term: str) -> re.Pattern:
    return re.compile(rf"(?<![\w]){re.escape(term)}(?![\w])")


def pattern_free(text: str, patterns: list[re.Pattern]) -> str:
    """`text` without the occurrences of longer terms: "Faction Leader" is its own term, not a "Leader"."""
    for pattern in patterns:
        text = pattern.sub(" ", text)
    return text


def glossary_problems(game: str, terms: dict, messages: dict[str, list[str]], where: dict[str, list[str]],
                      others: list[dict] = ()) -> list[str]:
    """msgid -> translated forms (`messages`), msgid -> extraction places (`where`), the other games'
    glossaries of the language (`others`): the msgids holding a term whose translation holds none of its
    stems."""
    problems = []
    for term, entry in terms.items():
        stems = [s.casefold() for s in (entry.get("stems") or [entry["text"]])]
        pattern = whole_word(term)
        longer = [whole_word(t) for t in terms if t != term and pattern.search(t)]  # "Faction Leader" for "Leader"
        own_only = entry.get("scope") == "game"
        for msgid, translated in messages.items():
            places = where.get(msgid, [])
            if not pattern.search(pattern_free(msgid, longer)) or not governed(game, term, places, others) or \
                    own_only and not any(p.startswith(f"domain/games/{game}/") for p in places):
                continue
            for form in translated:
                if form and not any(stem in form.casefold() for stem in stems):
                    problems.append(f"  {term!r} -> {entry['text']!r}: {msgid[:70]!r} is {form[:70]!r}")
    return problems


@pytest.mark.parametrize("game, language, terms", glossaries(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_translations_use_the_glossary(game, language, terms):
    if language not in TRANSLATED:
        pytest.skip(f"{language} has no catalog")
    entries = [m for m in catalog(language) if m.id]
    messages = {" ".join(forms(m.id)): forms(m.string) for m in entries}  # a plural's term may be in either form
    where = {" ".join(forms(m.id)): extracted().get(key(m.id), []) for m in entries}
    others = [t for g, lang, t in glossaries() if lang == language and g != game]
    problems = glossary_problems(game, terms, messages, where, others)
    assert not problems, f"{game}.{language}.json is not applied ({len(problems)}):\n" + "\n".join(problems[:300])


def test_the_glossary_check_bites():
    terms = {"Senator": {"text": "Γερουσιαστής", "stems": ["Γερουσιαστ"]}, "Red": {"text": "Κόκκινος"}}
    where = {"The Senator votes.": ["domain/games/sylla/x.py:1"], "Red wins.": ["domain/rules.py:1"],
             "Reddish.": ["domain/rules.py:2"], "A senator.": ["domain/games/sylla/x.py:2"]}
    good = {"The Senator votes.": ["Ο γερουσιαστής ψηφίζει."], "Red wins.": ["Ο Κόκκινος κερδίζει."],
            "Reddish.": ["Κοκκινωπό."], "A senator.": ["Ένας βουλευτής."]}
    assert glossary_problems("sylla", terms, good, where) == []  # whole words, case-sensitive terms
    bad = {**good, "The Senator votes.": ["Ο βουλευτής ψηφίζει."], "Red wins.": ["Ο Ερυθρός κερδίζει."]}
    assert len(glossary_problems("sylla", terms, bad, where)) == 2
    assert glossary_problems("other", terms, bad, where) == [  # another game's sentence is not its own
        "  'Red' -> 'Κόκκινος': 'Red wins.' is 'Ο Ερυθρός κερδίζει.'"]
    assert glossary_problems("other", terms, bad, where, others=[{"Red": {"text": "Piros"}}]) == []  # shared
    scoped = {**terms, "Red": {"text": "Κόκκινος", "scope": "game"}}
    assert len(glossary_problems("sylla", scoped, bad, where)) == 1  # "Red wins." is the platform's
    terms = {"Leader": {"text": "Ηγέτης"}, "Faction Leader": {"text": "Αρχηγός Παράταξης"}}
    where = {"Faction Leader": ["domain/games/rome/x.py:1"], "The Leader dies.": ["domain/games/rome/x.py:2"]}
    assert glossary_problems("rome", terms, {"Faction Leader": ["Αρχηγός Παράταξης"],
                                             "The Leader dies.": ["Ο Ηγέτης πεθαίνει."]}, where) == []
    assert glossary_problems("rome", terms, {"Faction Leader": ["Ηγέτης"], "The Leader dies.": ["Ο αρχηγός."]},
                             where) == ["  'Leader' -> 'Ηγέτης': 'The Leader dies.' is 'Ο αρχηγός.'",
                                        "  'Faction Leader' -> 'Αρχηγός Παράταξης': 'Faction Leader' is 'Ηγέτης'"]
