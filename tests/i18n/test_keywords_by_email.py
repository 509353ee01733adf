"""E-mails in their reader's language, and replies in any language (docs/i18n.md "Reply keywords"):

* every e-mail is composed in its recipient's language: the seat's own, else the table's, else English;
* the sentences that name a reply keyword name the word of the reader's language (ΠΑΝΤΑ, MINDIG, ALWAYS);
* a reply's keywords are understood in all three languages, in any case, with or without accents;
* `LANGUAGE <code or name>` (ΓΛΩΣΣΑ, NYELV) sets the seat's language, and the confirmation comes in it;
* a Greek or Hungarian mail client's quotation line ends the reply; a form's lines may start with the field's
  label in any language.

The test title is High Card (toy): the round winner is asked to draw (1) or pass (2)."""
from __future__ import annotations

import pytest

import locales
from domain.i18n import _
from notifications.delivery import flush
from notifications.inbound import field_lines, first_words, handle
from notifications.keywords import WORDS, command_of, words_for
from tests.mail.helpers import PLAYERS, Mailboxes, choices_in, html_of, mail_service, reply_to, text_of

EMAILS = dict(zip(("red", "blue", "green"), (p["email"] for p in PLAYERS)))


@pytest.fixture
def tables(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    yield svc, Mailboxes(tmp_path / "mail")
    svc.close()


def new_table(svc, language=None) -> str:
    options = {"rounds": 6, "hand_size": 6, **({"language": language} if language else {})}
    gid = svc.create_game("toy", PLAYERS[:3], options, seed="ab" * 32)["id"]
    flush(svc)
    return gid


def latest(boxes, email, kind="your_turn"):
    return boxes.to(email, kind)[-1]


def winner_asked(svc, gid, boxes):
    """The sealed round answered by e-mail: (the winner, its e-mail, its "draw or pass" e-mail)."""
    for email in EMAILS.values():
        mail = next(m for m in reversed(boxes.to(email, "your_turn")) if m["X-Tabularium-Game"] == gid)
        assert handle(svc, reply_to(mail, "1")).outcome == "accepted"
    flush(svc)
    winner = svc.get(gid).waiting_for()[0]
    mail = next(m for m in reversed(boxes.to(EMAILS[winner], "your_turn")) if m["X-Tabularium-Game"] == gid)
    assert [cid for _n, _label, cid in choices_in(mail)] == ["draw", "pass"]
    return winner, EMAILS[winner], mail


def subject_in(language: str, svc, gid: str, seat: str) -> str:
    game = svc.get(gid)
    return locales.render(_("[Tabularium] %(title)s, game %(short)s (%(seat)s)", title=game.rules.title,
                            short=gid[:8], seat=_(seat.capitalize())), language)


# ------------------------------------------------------------------------------------------ the words

def test_every_command_has_a_word_in_every_language_understood_in_any_spelling():
    assert words_for("el") == {"always": "ΠΑΝΤΑ", "cancel": "ΑΚΥΡΩΣΗ", "undo": "ΑΝΑΙΡΕΣΗ", "language": "ΓΛΩΣΣΑ", "show": "ΔΕΙΞΕ"}
    assert words_for("hu") == {"always": "MINDIG", "cancel": "MÉGSE", "undo": "VISSZA", "language": "NYELV", "show": "MUTAT"}
    assert words_for("en") == {"always": "ALWAYS", "cancel": "CANCEL", "undo": "UNDO", "language": "LANGUAGE", "show": "SHOW"}
    for spelling, command in [("πάντα", "always"), ("Παντα", "always"), ("ακύρωση", "cancel"), ("ΑΚΎΡΩΣΗ", "cancel"),
                              ("αναίρεση", "undo"), ("γλώσσα", "language"), ("mindig", "always"), ("megse", "cancel"),
                              ("Mégse", "cancel"), ("törlés", "cancel"), ("visszavonas", "undo"), ("Vissza", "undo"),
                              ("nyelv", "language"), ("Always", "always"), ("undo", "undo")]:
        assert command_of(spelling) == command, spelling
    assert command_of("2") is None and command_of("draw") is None and command_of("") is None
    assert all(set(by_language) == set(locales.LANGUAGES) for by_language in WORDS.values())


# ------------------------------------------------------------------------------------------ e-mails

@pytest.mark.parametrize("language, always", [("el", "ΠΑΝΤΑ"), ("hu", "MINDIG"), (None, "ALWAYS")])
def test_an_email_is_in_the_tables_language_and_names_its_keywords(tables, language, always):
    svc, boxes = tables
    gid = new_table(svc, language)
    mail = latest(boxes, EMAILS["red"])
    assert str(mail["Subject"]) == subject_in(language or "en", svc, gid, "red")
    assert f"{always} 1" in text_of(mail) and f"{always} 1" in html_of(mail)
    others = {w for code, w in (("el", "ΠΑΝΤΑ"), ("hu", "MINDIG"), ("en", "ALWAYS")) if w != always}
    assert not any(f"{w} 1" in text_of(mail) for w in others)
    assert words_for(language or "en")["language"] in text_of(mail)  # the footer says how to change language


def test_a_seats_own_language_beats_the_tables_for_its_emails_only(tables):
    from notifications.preferences import set_language

    svc, boxes = tables
    gid = new_table(svc, "el")
    set_language(svc, gid, "blue", "hu")
    winner, email, mail = winner_asked(svc, gid, boxes)
    blue_mails = [m for m in boxes.to(EMAILS["blue"], "reply_accepted") if m["X-Tabularium-Game"] == gid]
    red_mails = [m for m in boxes.to(EMAILS["red"], "reply_accepted") if m["X-Tabularium-Game"] == gid]
    assert str(blue_mails[-1]["Subject"]) == subject_in("hu", svc, gid, "blue")
    assert str(red_mails[-1]["Subject"]) == subject_in("el", svc, gid, "red")
    assert "NYELV" in text_of(blue_mails[-1]) and "ΓΛΩΣΣΑ" in text_of(red_mails[-1])  # how to change language


# ------------------------------------------------------------------------------------------ replies

@pytest.mark.parametrize("body", ["ΠΑΝΤΑ 2", "πάντα pass", "Mindig: 2.", "ALWAYS 2"])
def test_always_in_any_language_sets_a_standing_order(tables, body):
    svc, boxes = tables
    gid = new_table(svc, "el")
    winner, email, mail = winner_asked(svc, gid, boxes)
    result = handle(svc, reply_to(mail, body))
    assert result.outcome == "accepted" and result.detail == "pass"
    [order] = svc.get(gid).standing[winner]
    flush(svc)
    confirmation = latest(boxes, email, "reply_accepted")
    assert f"ΑΚΥΡΩΣΗ {order['id']}" in text_of(confirmation)  # how to cancel it, in the reader's words
    result = handle(svc, reply_to(confirmation, f"Ακύρωση {order['id']}"))
    assert result.outcome == "accepted" and result.detail == "cancel" and not svc.get(gid).standing.get(winner)


@pytest.mark.parametrize("word", ["ΑΝΑΙΡΕΣΗ", "αναίρεση", "vissza", "VISSZAVONÁS", "undo"])
def test_undo_in_any_language_takes_the_choice_back(tables, word):
    svc, boxes = tables
    gid = new_table(svc, "hu")
    winner, email, mail = winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "1")).outcome == "accepted"  # draw: may be taken back
    flush(svc)
    confirmation = latest(boxes, email, "reply_accepted")
    assert "VISSZA" in text_of(confirmation)  # "reply VISSZA to take it back", in the reader's words
    result = handle(svc, reply_to(confirmation, word))
    assert result.outcome == "accepted" and result.detail == "undo"
    flush(svc)
    assert "(VISSZA)" in text_of(latest(boxes, email, "reply_accepted"))


@pytest.mark.parametrize("body, language", [("ΓΛΩΣΣΑ ελληνικά", "el"), ("nyelv magyar", "hu"), ("LANGUAGE el", "el"),
                                            ("Γλώσσα hu", "hu"), ("Nyelv English", "en"), ("language Ελληνικά", "el")])
def test_the_language_command_sets_the_seats_language_and_answers_in_it(tables, body, language):
    svc, boxes = tables
    gid = new_table(svc, "hu" if language != "hu" else "el")
    mail = latest(boxes, EMAILS["green"])
    result = handle(svc, reply_to(mail, body))
    assert result.outcome == "accepted" and result.detail == f"language:{language}"
    assert svc.get(gid).language_for("green") == language
    changes = [e.content for e in svc.events(gid) if type(e).__name__ == "PreferencesChanged"]
    assert changes[-1]["language"] == language and changes[-1]["by"] == "seat"
    flush(svc)
    confirmation = latest(boxes, EMAILS["green"], "reply_accepted")
    assert str(confirmation["Subject"]) == subject_in(language, svc, gid, "green")
    assert locales.NAMES[language] in text_of(confirmation) and words_for(language)["language"] in text_of(confirmation)
    assert words_for(language)["undo"] not in text_of(confirmation).split("--")[0]  # nothing to take back


def test_an_unknown_language_changes_nothing_and_lists_the_languages(tables):
    svc, boxes = tables
    gid = new_table(svc, "el")
    before = svc.get(gid).version
    result = handle(svc, reply_to(latest(boxes, EMAILS["red"]), "ΓΛΩΣΣΑ klingon"))
    assert result.outcome == "rejected:language" and svc.get(gid).version == before
    flush(svc)
    text = text_of(latest(boxes, EMAILS["red"], "reply_rejected"))
    assert "ΓΛΩΣΣΑ" in text and "Ελληνικά" in text and "Magyar" in text


@pytest.mark.parametrize("quote", ["Στις Δευ, 30 Νοε 2026 στις 6:00 μ.μ., ο/η Tabularium <play@games.example.org> έγραψε:",
                                   "Tabularium <play@games.example.org> ezt írta (időpont: 2026. nov. 30., H 18:00):",
                                   "2026. nov. 30. 18:00 keltezéssel Tabularium ezt írta:",
                                   "-----Αρχικό μήνυμα-----", "-----Eredeti üzenet-----"])
def test_a_greek_or_hungarian_quotation_line_ends_the_reply(quote):
    assert first_words(f"\n{quote}\n> ΠΑΝΤΑ 3\n", 2) == []
    assert first_words(f"2 köszi\n\n{quote}\n> 3\n", 2) == ["2", "köszi"]


def test_a_forms_lines_may_start_with_the_fields_label_in_any_language():
    from domain.forms import Form, Option, SomeOf

    label = _("Characters")
    form = Form((SomeOf("characters", label, tuple(Option(str(n), _("Senator")) for n in range(1, 11)), 6, 6),))
    greek, hungarian = locales.render(label, "el"), locales.render(label, "hu")
    lines = field_lines(form, [f"{greek.upper()}: 1 2 3 4 5 6", f"{hungarian}: 1", "characters: 2", "Ismeretlen: 3"])
    assert lines == ["characters: 1 2 3 4 5 6", "characters: 1", "characters: 2", "Ismeretlen: 3"]
