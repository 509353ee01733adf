"""The hidden-information differential in other languages bites (tests/conformance/harness.py `in_language`):
a view whose English hides a seat's cards but whose translation shows them passes in English and fails in
that language. (The placeholder check of the catalogs refuses such a translation; the differential would
still catch a message whose English leaves a hidden parameter out.)"""
from __future__ import annotations

import pytest

import locales
from domain.games.toy import HighCard
from domain.i18n import Message
from tests.conformance import harness
from tests.conformance.titles import hide_toy

PSEUDO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "The other hands are hidden."
msgstr "A többi kéz: %(hands)s."
'''


class TranslatedLeak(HighCard):
    """Its view says "The other hands are hidden." with every hand as a parameter only a translation shows."""

    def view(self, state, seat):
        hands = {s: h for s, h in state["hands"].items() if s != seat}
        return {**super().view(state, seat), "note": Message("The other hands are hidden.", params={"hands": hands})}


@pytest.fixture
def pseudo_hungarian(tmp_path, monkeypatch):
    path = tmp_path / "hu" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(PSEUDO, encoding="utf-8")
    monkeypatch.setattr(locales, "catalog_path", lambda language: tmp_path / language / "LC_MESSAGES" / "messages.po")
    locales.translations.cache_clear()
    yield "hu"
    locales.translations.cache_clear()


def test_the_differential_catches_a_translation_that_shows_what_the_english_hides(pseudo_hungarian):
    harness.play_rules(TranslatedLeak(), 3, 0, hide=hide_toy, full=False)  # in English it looks fine
    harness.play_rules(TranslatedLeak(), 3, 0, hide=hide_toy, full=False, language="en")
    with pytest.raises(AssertionError, match=r"\[hidden\] the view of .* changes when only .* \(in hu\)"):
        harness.play_rules(TranslatedLeak(), 3, 0, hide=hide_toy, full=False, language="hu")
    harness.play_rules(HighCard(), 3, 0, hide=hide_toy, full=False, language="hu")  # the real toy passes


def test_in_language_renders_every_message_at_any_depth(pseudo_hungarian):
    view = {"a": [Message("The other hands are hidden.", params={"hands": "x"})], "b": ("plain", 3)}
    assert harness.in_language(view, "hu") == {"a": ["A többi kéz: x."], "b": ["plain", 3]}
    assert harness.in_language(view, None) is view
