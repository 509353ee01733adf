"""Fill a language's catalog from translation drafts and the games' glossaries.

    python scripts/fill_catalog.py LANG            # every locales/drafts/LANG-*.json, then the glossaries

A draft is a JSON object {msgid: translation}; a plural message's translation is a list of the
language's plural forms. The glossaries (`locales/glossary/<game>.<LANG>.json`, {"terms": {English:
{"text": translation, "stems": [...]}}}) give the translation of a name once: a msgid that *is* a
glossary term takes the glossary's text, whatever a draft says. A translation whose placeholders differ
from the English is refused (reported, not written). Exits 1 when something was refused.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%%")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def glossary_names(language: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for path in sorted((ROOT / "locales" / "glossary").glob(f"*.{language}.json")):
        for term, entry in json.loads(path.read_text(encoding="utf-8"))["terms"].items():
            names[term] = entry["text"]
    return names


def main(language: str) -> int:
    po_path = ROOT / "locales" / language / "LC_MESSAGES" / "messages.po"
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=Locale.parse(language))
    drafts: dict[str, object] = {}
    for path in sorted((ROOT / "locales" / "drafts").glob(f"{language}-*.json")):
        drafts.update(json.loads(path.read_text(encoding="utf-8")))
    drafts.update(glossary_names(language))
    refused = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key not in drafts:
            continue
        text = drafts[key]
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [text] if isinstance(text, str) else list(text)
        if isinstance(message.id, str) != isinstance(text, str):
            forms = [forms[0]] if isinstance(message.id, str) else forms * catalog.num_plurals
            forms = forms[:catalog.num_plurals] if not isinstance(message.id, str) else forms
        wanted = {tuple(placeholders(e)) for e in english}
        bad = [f for f in forms if tuple(placeholders(f)) not in wanted and placeholders(f) != placeholders(english[-1])]
        if bad or not all(forms):
            print(f"refused {key!r}: {forms!r}", file=sys.stderr)
            refused += 1
            continue
        message.string = forms[0] if isinstance(message.id, str) else tuple(forms)
        message.flags.discard("fuzzy")
    with po_path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, include_previous=False)
    missing = sum(1 for m in catalog if m.id and not (m.string if isinstance(m.string, str) else all(m.string)))
    print(f"{language}: {len(catalog)} messages, {missing} without a translation, {refused} refused")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
