"""The players' quick-start page exists in every language, links the others, and names the reply keywords
the inbound parser accepts in its language (notifications/keywords.py), so the page and the parser agree."""
from __future__ import annotations

from pathlib import Path

import pytest

import locales
from notifications.keywords import COMMANDS, word

DOCS = Path(__file__).resolve().parents[2] / "docs" / "players"


@pytest.mark.parametrize("language", locales.LANGUAGES)
def test_the_quick_start_names_its_languages_reply_words_and_links_the_others(language):
    page = (DOCS / f"quick-start.{language}.md").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"`{word(command, language)}" in page, (language, command)
    for other in locales.LANGUAGES:
        if other != language:
            assert f"(quick-start.{other}.md)" in page
