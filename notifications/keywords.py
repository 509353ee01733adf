"""The words a reply by e-mail may start with, in every language (docs/i18n.md "Reply keywords").

A reply's first word is a choice's number (the same in every language) or id, or one of these commands:

    command   English    Greek                 Hungarian
    always    ALWAYS     ΠΑΝΤΑ                 MINDIG
    cancel    CANCEL     ΑΚΥΡΩΣΗ               MÉGSE       (also TÖRLÉS)
    undo      UNDO       ΑΝΑΙΡΕΣΗ              VISSZA      (also VISSZAVONÁS)
    language  LANGUAGE   ΓΛΩΣΣΑ                NYELV
    show      SHOW       ΔΕΙΞΕ                 MUTAT       (then the seats: "SHOW blue green")

Every language's words are accepted whatever the reader's language (a Greek player may write UNDO), in any
case and with or without accents (`locales.fold`: "ακύρωση", "Ακυρωση", "mégse" and "MEGSE" all do). An e-mail
names the words of its reader's language: the sentences take the word as a parameter (`%(always)s`), so a
translation shows the word its reader should type (`words_for`).
"""
from __future__ import annotations

from locales import DEFAULT, LANGUAGES, fold

COMMANDS = ("always", "cancel", "undo", "language", "show")
# command -> language -> the word e-mails show first, then other words accepted for it
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "always": {"en": ("ALWAYS",), "el": ("ΠΑΝΤΑ",), "hu": ("MINDIG",)},
    "cancel": {"en": ("CANCEL",), "el": ("ΑΚΥΡΩΣΗ",), "hu": ("MÉGSE", "TÖRLÉS")},
    "undo": {"en": ("UNDO",), "el": ("ΑΝΑΙΡΕΣΗ",), "hu": ("VISSZA", "VISSZAVONÁS")},
    "language": {"en": ("LANGUAGE",), "el": ("ΓΛΩΣΣΑ",), "hu": ("NYELV",)},
    "show": {"en": ("SHOW",), "el": ("ΔΕΙΞΕ",), "hu": ("MUTAT",)},
}
_BY_FOLDED = {fold(word): command for command, by_language in WORDS.items()
              for words in by_language.values() for word in words}


def command_of(word: str) -> str | None:
    """The command a reply's first word names ("ΠΑΝΤΑ" -> "always"), in any of the languages, or None."""
    return _BY_FOLDED.get(fold(word)) if word else None


def word(command: str, language: str) -> str:
    """The word an e-mail in `language` shows for `command` (English for a language without words)."""
    by_language = WORDS[command]
    return (by_language.get(language) or by_language[DEFAULT])[0]


def words_for(language: str) -> dict[str, str]:
    """{command: word} in `language`: the templates' `keywords` and the parameters of their sentences."""
    return {command: word(command, language) for command in COMMANDS}


def _check() -> None:
    """Two commands never share a word, and every language has a word for every command."""
    folded = [fold(w) for by_language in WORDS.values() for words in by_language.values() for w in words]
    assert len(folded) == len(set(folded)), "a reply keyword names two commands"
    assert all(set(LANGUAGES) <= set(by_language) for by_language in WORDS.values())


_check()

__all__ = ["COMMANDS", "WORDS", "command_of", "word", "words_for"]
