"""Replying to a form by e-mail (domain/forms.py): Sylla's opening decision is "6 of the 10 characters of
your set" (3 players). The your-turn e-mail lists them numbered with the reply syntax; a reply
`characters: 1 3 4 6 7 9` (or the bare line `1 3 4 6 7 9`) seals the canonical answer; a wrong reply
changes nothing and gets the reply_rejected e-mail with the sentence and the syntax again."""
from __future__ import annotations

import json

import pytest

from notifications.delivery import flush
from notifications.inbound import handle
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, reply_to, text_of


@pytest.fixture
def table(database_url, tmp_path):
    svc = mail_service(database_url, tmp_path)
    gid = svc.create_game("sylla", PLAYERS[:3], {}, seed="ab" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def _seat_of(svc, gid, email):
    return next(s for s, c in svc.store.contacts(gid).items() if c.get("email") == email)


def test_the_your_turn_email_shows_the_numbered_characters_and_the_reply_syntax(table):
    svc, gid, boxes = table
    email = PLAYERS[0]["email"]
    mail = boxes.to(email, "your_turn")[-1]
    text = text_of(mail)
    options = svc.get(gid).prompt_for(_seat_of(svc, gid, email)).form.fields[0].options
    assert "Characters (choose exactly 6):" in text
    for n, o in enumerate(options, 1):
        assert f"  {n}. {o.label}" in text
    assert "characters: 1 2 3 4 5 6" in text and "the numbers of exactly 6 options" in text
    assert "A single line is enough too, for example: 1 2 3 4 5 6" in text
    assert "characters: 1 2 3 4 5 6" in html_of(mail)


@pytest.mark.parametrize("body", ["characters: 1 3 4 6 7 9", "1 3 4 6 7 9\n\nAnn", "Characters: 9, 7, 6, 4, 3, 1"])
def test_a_reply_with_the_numbers_seals_the_canonical_answer(table, body):
    svc, gid, boxes = table
    email = PLAYERS[0]["email"]
    seat = _seat_of(svc, gid, email)
    options = svc.get(gid).prompt_for(seat).form.fields[0].options
    result = handle(svc, reply_to(boxes.to(email, "your_turn")[-1], body))
    assert result.outcome == "accepted", result
    expected = json.dumps({"characters": [options[i - 1].value for i in (1, 3, 4, 6, 7, 9)]}, separators=(",", ":"))
    assert svc.get(gid).sealed[seat]["choice"] == expected
    flush(svc)
    confirmation = text_of(boxes.to(email, "reply_accepted")[-1])
    assert f"Characters: {options[0].label}, {options[2].label}" in confirmation


@pytest.mark.parametrize("body, sentence", [
    # The rules' refusal is quoted whole (a translated sentence is not lower-cased into ours).
    ("characters: 1 3 4 6 7", "changed nothing: Characters: choose exactly 6, not 5."),
    ("characters: 1 3 4 6 7 12", "changed nothing: Characters: 12 is not an option number (1 to 10)."),
    ("137", "changed nothing: Characters: 137 is not an option number (1 to 10)."),  # an old choice number
])
def test_a_wrong_reply_changes_nothing_and_is_explained(table, body, sentence):
    svc, gid, boxes = table
    email = PLAYERS[0]["email"]
    seat = _seat_of(svc, gid, email)
    before = svc.get(gid).version
    result = handle(svc, reply_to(boxes.to(email, "your_turn")[-1], body))
    assert result.outcome == "rejected:illegal"
    assert svc.get(gid).version == before and seat not in svc.get(gid).sealed
    flush(svc)
    text = text_of(boxes.to(email, "reply_rejected")[-1])
    assert sentence in text
    assert "Write one line per field, for example: characters: 1 2 3 4 5 6." in text
    assert "Characters (choose exactly 6):" in text  # the decision is shown again
