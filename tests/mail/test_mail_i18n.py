"""E-mails are written in the recipient's language (issue #12, "Every sentence translatable"): every
sentence of the templates is a gettext message, and an e-mail to a reader of another language comes out
in that language, subject included, the domain's messages (seat names, the history) with it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import locales
from notifications import compose
from notifications.delivery import flush
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of

TEMPLATES = Path(compose.__file__).parent / "templates"

PSEUDO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "[Tabularium] %(title)s, game %(short)s (%(seat)s)"
msgstr "[Tabularium] %(title)s, játszma %(short)s (%(seat)s)"

msgid "Hello %(name)s,"
msgstr "Szia %(name)s,"

msgid "Red"
msgstr "Piros"

msgid "Game page: %(url)s"
msgstr "Játékoldal: %(url)s"

msgid "Game page"
msgstr "Játékoldal"

msgid "You are invited to a game of %(title)s (game %(short)s). You play %(seat)s."
msgstr "Meghívtak egy %(title)s játszmába (%(short)s). Te vagy: %(seat)s."

msgid "You are invited to a game of <strong>%(title)s</strong> (game %(short)s). You play <strong>%(seat)s</strong>."
msgstr "Meghívtak egy <strong>%(title)s</strong> játszmába (%(short)s). Te vagy: <strong>%(seat)s</strong>."
'''


def template_files() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.suffix in (".txt", ".html"))


def words_outside_gettext(source: str) -> list[str]:
    """The words a template writes as plain text: everything but its tags, expressions, HTML markup and entities."""
    text = re.sub(r"\{#.*?#\}", "", source, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}", " ", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"&[a-z]+;", " ", text)
    return re.findall(r"[^\W\d_]{2,}", text)


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_sentence_of_an_e_mail_template_is_a_gettext_message(path):
    assert words_outside_gettext(path.read_text(encoding="utf-8")) == [], \
        f"{path.name}: write the sentence as {{{{ _('...', name=value) }}}} (named parameters)"


def test_the_template_lint_sees_plain_words():
    assert words_outside_gettext("<p>Hello {{ player }},</p>") == ["Hello"]
    assert words_outside_gettext('<p>{{ _("Hello %(name)s,", name=player) }}</p> &middot; #{{ e.seq }}') == []


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    path = tmp_path / "po" / "hu" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(PSEUDO, encoding="utf-8")
    monkeypatch.setattr(locales, "catalog_path", lambda language: tmp_path / "po" / language / "LC_MESSAGES" / "messages.po")
    monkeypatch.setattr(compose, "recipient_language", lambda contact: "hu")
    locales.translations.cache_clear()
    compose.environments.cache_clear()
    yield "hu"
    locales.translations.cache_clear()
    compose.environments.cache_clear()


def test_an_e_mail_is_written_in_its_recipients_language_subject_included(pseudo, tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        svc.create_game("toy", PLAYERS[:2], seed="0a" * 32)
        flush(svc)
        invitation = Mailboxes(tmp_path / "mail").to("ann@example.org", "invitation")[0]
    finally:
        svc.close()
    assert str(invitation["Subject"]).endswith("játszma " + str(invitation["X-Tabularium-Game"])[:8] + " (Piros)")
    text, html = text_of(invitation), html_of(invitation)
    assert text.startswith("Szia Ann,\n") and "You play Piros." not in text
    assert "Meghívtak egy" in text and "Te vagy: Piros." in text and "Játékoldal: https://" in text
    assert "Szia Ann," in html and "Te vagy: <strong>Piros</strong>." in html and ">Játékoldal</a>" in html
    assert "Players: Piros (Ann), Blue (Bob)." in text  # the seat names are the domain's messages, rendered too


def test_english_stays_as_it_was(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        gid = svc.create_game("toy", PLAYERS[:2], seed="0b" * 32)["id"]
        title = svc.get(gid).rules.title
        flush(svc)
        invitation = Mailboxes(tmp_path / "mail").to("ann@example.org", "invitation")[0]
    finally:
        svc.close()
    assert str(invitation["Subject"]) == f"[Tabularium] {title}, game {gid[:8]} (Red)"
    assert text_of(invitation).startswith(f"Hello Ann,\n\nYou are invited to a game of {title} (game {gid[:8]}). "
                                          "You play Red.\n\nPlayers: Red (Ann), Blue (Bob).\n")


def test_a_your_turn_email_links_the_rule_for_its_decision(tmp_path):
    from domain.help import rule_section
    from notifications.delivery import flush
    from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of

    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        gid = svc.create_game("sylla", PLAYERS[:3], {}, seed="5e" * 32)["id"]
        flush(svc)
        game = svc.get(gid)
        seat = game.waiting_for()[0]
        section = rule_section("sylla", game.prompt_for(seat).kind)
        assert section
        contacts = svc.store.contacts(gid)
        mails = Mailboxes(tmp_path / "mail").to(contacts[seat]["email"])
        turn = next(m for m in mails if "What does this mean?" in text_of(m))
        url = f"{svc.settings.base_url}/rules/sylla#{section}"
        assert url in text_of(turn) and url in html_of(turn)
    finally:
        svc.close()
