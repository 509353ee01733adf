"""Translatable messages (domain.i18n) and their rendering at the edge (locales)."""
from __future__ import annotations

import copy
import json

import pytest

import locales
from domain.i18n import Message, Sentences, _, from_json, join_sentences, n_, to_json

PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "%(who)s pays %(amount)d denarii."
msgstr "%(amount)d dénárt fizet: %(who)s."

msgid "Red"
msgstr "Piros"

msgid "%(n)d card"
msgid_plural "%(n)d cards"
msgstr[0] "%(n)d kártya"
msgstr[1] "%(n)d kártyák"

msgid "Broken %(who)s."
msgstr "Törött %(whom)s."
'''


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    path = tmp_path / "hu" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(locales, "catalog_path", lambda language: tmp_path / language / "LC_MESSAGES" / "messages.po")
    locales.translations.cache_clear()
    yield "hu"
    locales.translations.cache_clear()


def test_a_message_is_its_english_text_and_keeps_its_msgid_and_named_parameters():
    m = _("%(who)s pays %(amount)d denarii.", who=_("Red"), amount=3)
    assert m == "Red pays 3 denarii." and isinstance(m, str)
    assert m.msgid == "%(who)s pays %(amount)d denarii." and m.params["amount"] == 3
    assert n_("%(n)d card", "%(n)d cards", 1) == "1 card" and n_("%(n)d card", "%(n)d cards", 2) == "2 cards"


def test_messages_survive_json_copies_and_joins():
    m = join_sentences([_("%(who)s pays %(amount)d denarii.", who=_("Red"), amount=3),
                        n_("%(n)d card", "%(n)d cards", 2)])
    again = from_json(json.loads(json.dumps(to_json(m))))
    assert isinstance(again, Sentences) and again == m
    assert isinstance(again.parts[0].params["who"], Message)
    assert copy.deepcopy(m).parts[1].plural == "%(n)d cards"


def test_the_edge_renders_a_message_in_the_readers_language_with_nested_messages_and_plurals(pseudo):
    m = _("%(who)s pays %(amount)d denarii.", who=_("Red"), amount=3)
    assert locales.render(m, pseudo) == "3 dénárt fizet: Piros."
    assert locales.render(m, "en") == "Red pays 3 denarii."
    assert locales.render(n_("%(n)d card", "%(n)d cards", 2), pseudo) == "2 kártyák"
    assert locales.render(join_sentences([m, _("Red")]), pseudo) == "3 dénárt fizet: Piros. Piros"
    assert locales.render(_("Not in the catalog."), pseudo) == "Not in the catalog."
    assert locales.render("plain", pseudo) == "plain"


def test_a_translation_whose_placeholders_do_not_fit_is_an_error_not_a_wrong_sentence(pseudo):
    with pytest.raises(ValueError, match="does not fit"):
        locales.render(_("Broken %(who)s.", who="x"), pseudo)
