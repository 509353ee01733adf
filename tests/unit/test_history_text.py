"""The history read model stores an entry's lines as message JSON and renders them when read, in the
reader's language; rows written before hold plain strings (English) and read as they are."""
from __future__ import annotations

import json

import locales
from domain.i18n import _, join_sentences, n_
from service.history_model import read_text, stored_text

PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "%(who)s took back a choice (event %(event)s)."
msgstr "%(who)s visszavont egy döntést (%(event)s. esemény)."

msgid "You"
msgstr "Te"
'''


def test_lines_are_stored_as_messages_and_rendered_when_read(tmp_path, monkeypatch):
    lines = [_("%(who)s took back a choice (event %(event)s).", who=_("You"), event=7),
             join_sentences([_("Game over."), n_("%(winners)s wins.", "%(winners)s win.", 1, winners="Red")]),
             "plain"]
    stored = stored_text(lines)
    assert read_text(stored) == ["You took back a choice (event 7).", "Game over. Red wins.", "plain"]
    path = tmp_path / "hu" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(locales, "catalog_path", lambda language: tmp_path / language / "LC_MESSAGES" / "messages.po")
    locales.translations.cache_clear()
    try:
        assert read_text(stored, "hu")[0] == "Te visszavont egy döntést (7. esemény)."
    finally:
        locales.translations.cache_clear()


def test_rows_written_before_hold_plain_strings_and_read_as_they_are():
    old = json.dumps(["Red (Ann) took back a choice (event 7).", "Seed revealed: ab."], ensure_ascii=False)
    assert read_text(old) == ["Red (Ann) took back a choice (event 7).", "Seed revealed: ab."]
    assert read_text(old, "hu") == ["Red (Ann) took back a choice (event 7).", "Seed revealed: ab."]
