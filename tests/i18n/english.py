"""Is there English left in what a player reads? Helpers for the whole-game tests in other languages.

`visible_text(html)` keeps what a browser shows (text, SVG labels, alt and title texts, button and option
labels), `mail_text(message)` what a mail client shows of both parts; `english_in(text, language)` lists
the words that give English away:

* an English stop word (function words and the platform's own everyday words: "the", "your", "choose",
  "deadline"...), in any language: they are not words of Greek or Hungarian (the Hungarian words that are
  spelt like an English one, "is", "a", "be", "hat", "most", "de", "link", "audit", are left out on purpose);
* in Greek, any word written in Latin letters at all, but for a short list of proper names and codes
  (`PROPER_NAMES`): Greek is written in Greek letters.

Links, e-mail addresses, time zone names (Europe/Athens), hashes and anything with a digit, choice ids in
brackets and `<code>` are not prose and are skipped. `assert_no_english(text, language, where)` fails with the words and their context.
The same helpers serve a Republic of Rome turn in Hungarian once that title is playable.
"""
from __future__ import annotations

import html as html_module
import re
from email.message import EmailMessage

# Names and codes a translation keeps as they are: the server, the games and their makers, the test
# players, time zone abbreviations, protocols and formats.
PROPER_NAMES = frozenset(w.casefold() for w in (
    "Tabularium", "Sylla", "Ystari", "Ann", "Bob", "Cid", "Dee", "e-mail", "email", "UTC", "GMT", "CET", "CEST",
    "EET", "EEST", "WET", "WEST", "JSON", "SHA", "HTML", "URL", "HTTPS", "PDF", "Discord", "Slack", "ntfy",
    "Python", "Res", "Publica", "Magyar", "English", "Chromium", "Tabula", "Mac", "Windows", "Linux",
    "webhook", "chat", "push",  # the web hook card's technical words, which Greek keeps as they are
))
STOP_WORDS = frozenset("""
the and of to your you yours are was were with this that these those for from have has will not there
when which what who whom whose into their they them his her its it our we can may must should would could
been being by or an at on in as if then than each every any yes after before until now here only also
game games player players choose chosen choice choices decision decisions decides reply replies page pages
turn round phase deadline deadlines wins win won vacation settings language history message messages
recorded waiting nobody everyone secret secrets seat seats open send sent new next back none
""".split())
LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’-]*[A-Za-z](?![\w-])")
ROMAN = re.compile(r"[IVXLCDM]+")  # "set II", "Phase IV": numerals, in every language
NOT_PROSE = re.compile(r"https?://\S+|\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[\w/+-]+|[\w.+-]+@[\w-]+(\.[\w-]+)+|\[[^\]\n]{0,80}\]|\S*\d\S*")


def visible_text(page: str) -> str:
    """What a browser shows of an HTML page: its text (SVG labels included) and the alt, title,
    aria-label, placeholder and value texts of its elements; scripts, styles and code left out."""
    page = re.sub(r"(?is)<(script|style|code|pre|template)\b.*?</\1>", " ", page)
    page = re.sub(r"(?is)<!--.*?-->", " ", page)
    attributes = re.findall(r'''(?i)\s(?:alt|title|aria-label|placeholder)="([^"]*)"''', page)
    attributes += re.findall(r'''(?i)<(?:input)[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"''', page)
    text = re.sub(r"(?s)<[^>]*>", " ", page)
    return html_module.unescape(" ".join([text, *attributes]))


def mail_text(message: EmailMessage) -> str:
    """What a mail client shows: the subject, the plain text part and the visible text of the HTML part."""
    plain = message.get_body(preferencelist=("plain",))
    rich = message.get_body(preferencelist=("html",))
    parts = [str(message["Subject"] or "")]
    parts.append(plain.get_content() if plain is not None else "")
    parts.append(visible_text(rich.get_content()) if rich is not None else "")
    return "\n".join(parts)


def english_in(text: str, language: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of `text` that are English (see the module's docstring); [] when there are none."""
    prose = NOT_PROSE.sub(" ", text)
    allowed = PROPER_NAMES | {w.casefold() for w in allowed}
    found = []
    for m in LATIN_WORD.finditer(prose):
        word = m.group(0).casefold()
        if word in allowed or ROMAN.fullmatch(m.group(0)):
            continue
        if word in STOP_WORDS or language == "el":
            found.append(m.group(0))
    return found


def assert_no_english(text: str, language: str, where: str, allowed: frozenset[str] = frozenset()) -> None:
    words = english_in(text, language, allowed)
    if words:
        prose = " ".join(NOT_PROSE.sub(" ", text).split())
        contexts = []
        for word in dict.fromkeys(words):
            i = prose.find(word)
            contexts.append(f"  {word!r}: ...{prose[max(0, i - 60):i + 60]}...")
        raise AssertionError(f"English left in {where} ({language}): {sorted(set(words))}\n" + "\n".join(contexts[:20]))


__all__ = ["PROPER_NAMES", "STOP_WORDS", "visible_text", "mail_text", "english_in", "assert_no_english"]
