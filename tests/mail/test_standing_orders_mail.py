"""`ALWAYS <n>` as the first words of a reply: make choice n now and set a standing order for that kind of
decision. In High Card (the test title) the round winner is asked to draw (1) or pass (2)."""
from __future__ import annotations

import pytest

from notifications.delivery import flush
from notifications.inbound import first_words, handle
from tests.mail.helpers import PLAYERS, Mailboxes, choices_in, html_of, mail_service, reply_to, text_of

EMAILS = dict(zip(("red", "blue", "green"), (p["email"] for p in PLAYERS)))


@pytest.fixture
def table(database_url, tmp_path):
    svc = mail_service(database_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:3], {"rounds": 6, "hand_size": 6}, seed="ab" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def latest(boxes, email, kind="your_turn"):
    return boxes.to(email, kind)[-1]


def _winner_asked(svc, gid, boxes):
    """The sealed round answered by e-mail: (the winner, its e-mail, its "draw or pass" e-mail)."""
    for email in EMAILS.values():
        assert handle(svc, reply_to(latest(boxes, email), "1")).outcome == "accepted"
    flush(svc)
    winner = svc.get(gid).waiting_for()[0]
    mail = latest(boxes, EMAILS[winner])
    assert [cid for _n, _label, cid in choices_in(mail)] == ["draw", "pass"]
    return winner, EMAILS[winner], mail


def _by(svc, gid, seat):
    return [e.content["by"] for e in svc.events(gid) if type(e).__name__ == "ChoiceMade" and e.content["seat"] == seat]


def test_the_your_turn_email_mentions_always(table):
    svc, gid, boxes = table
    mail = latest(boxes, "ann@example.org")
    assert "Reply ALWAYS 1 to choose it now and whenever you are asked this again." in text_of(mail)
    assert "ALWAYS 1" in html_of(mail)


@pytest.mark.parametrize("body", ["ALWAYS 2", "always pass\n\nthanks", "Always: 2."])
def test_always_makes_the_choice_and_sets_an_order(table, body):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    result = handle(svc, reply_to(mail, body))
    assert result.outcome == "accepted" and result.detail == "pass"
    [order] = svc.get(gid).standing[winner]
    assert (order["kind"], order["choice"], order["label"]) == ("draw_or_pass", "pass", "Pass")
    made = [e.content for e in svc.events(gid) if type(e).__name__ == "ChoiceMade" and e.content["seat"] == winner]
    assert (made[-1]["choice"], made[-1]["by"]) == ("pass", "seat") and made[-1]["key"].startswith("mail:")
    flush(svc)
    confirmation = latest(boxes, email, "reply_accepted")
    text = text_of(confirmation)
    assert "Recorded: Pass" in text and f"Standing order {order['id']} set" in text
    assert '"Drawing after a win" question' in text and "Your standing orders" in text and "/go/" in text
    assert f"Standing order {order['id']} set" in html_of(confirmation)


def test_a_plain_reply_sets_no_order_and_its_confirmation_says_none(table):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "2")).outcome == "accepted"
    assert not svc.get(gid).standing.get(winner)
    flush(svc)
    assert "Standing order" not in text_of(latest(boxes, email, "reply_accepted"))


@pytest.mark.parametrize("body, outcome", [("ALWAYS", "rejected:empty"), ("ALWAYS 9", "rejected:illegal"),
                                           ("always\n2", "rejected:empty")])
def test_always_without_a_choice_changes_nothing(table, body, outcome):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    before = svc.get(gid).version
    assert handle(svc, reply_to(mail, body)).outcome == outcome
    assert svc.get(gid).version == before and not svc.get(gid).standing.get(winner)
    flush(svc)
    assert "ALWAYS followed by the number of your choice" in text_of(latest(boxes, email, "reply_rejected"))


def test_the_order_then_answers_for_the_seat(table):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    while svc.get(gid).status == "active":  # everyone plays; the winner's draw-or-pass is the order's
        prompt = svc.get(gid).open_prompts()[0]
        assert not (prompt.seat == winner and prompt.kind == "draw_or_pass")
        svc.choose(gid, prompt.seat, prompt.id, "draw" if prompt.kind == "draw_or_pass" else prompt.choices[0].id)
    assert "standing" in _by(svc, gid, winner)


@pytest.mark.parametrize("text, words", [("ALWAYS 2\n> 1. Draw", ["ALWAYS", "2"]), ("3", ["3"]),
                                         ("\n\n> quoted\n", []), ("(always) [pass]!", ["always", "pass"])])
def test_first_words(text, words):
    assert first_words(text, 2) == words


def test_a_choice_made_by_the_order_is_news_in_the_next_email(table):
    """It is not the player acting: "since you last acted" still counts from the player's own choice."""
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    while "standing" not in _by(svc, gid, winner):
        prompt = svc.get(gid).open_prompts()[0]
        svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)
    flush(svc)
    since = text_of(latest(boxes, email)).split("Since you last acted", 1)[1]
    assert "You pass. (by standing order)" in since


def test_no_your_turn_email_asks_what_the_order_answers(table):
    """The order answers within the save that opened the decision, so the seat is never told to decide."""
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    flush(svc)
    before = len(boxes.to(email, "your_turn"))
    while _by(svc, gid, winner).count("standing") < 2 and svc.get(gid).status == "active":
        prompt = svc.get(gid).open_prompts()[0]
        svc.choose(gid, prompt.seat, prompt.id, "draw" if prompt.kind == "draw_or_pass" else prompt.choices[0].id)
        flush(svc)
    assert _by(svc, gid, winner).count("standing") >= 1
    later = boxes.to(email, "your_turn")[before:]
    assert later, "the winner was still asked for its cards"
    assert not any([cid for _n, _label, cid in choices_in(m)] == ["draw", "pass"] for m in later)


def test_cancel_by_reply_removes_the_order_and_says_so(table):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    flush(svc)
    confirmation = latest(boxes, email, "reply_accepted")
    [order] = svc.get(gid).standing[winner]
    assert f"reply CANCEL {order['id']}" in text_of(confirmation)
    result = handle(svc, reply_to(confirmation, f"CANCEL {order['id']}"))  # any current reply address will do
    assert result.outcome == "accepted" and result.detail == "cancel"
    assert not svc.get(gid).standing.get(winner)
    flush(svc)
    text = text_of(latest(boxes, email, "reply_accepted"))
    assert f"standing order {order['id']} is cancelled" in text and "Reply UNDO" not in text


@pytest.mark.parametrize("body", ["CANCEL", "cancel x", "CANCEL 99999", "cancel 1234567890123"])
def test_a_bad_cancel_changes_nothing_and_explains(table, body):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    before = svc.get(gid).version
    assert handle(svc, reply_to(mail, body)).outcome == "rejected:cancel"
    assert svc.get(gid).version == before and svc.get(gid).standing.get(winner)
    flush(svc)
    assert "cancel" in text_of(latest(boxes, email, "reply_rejected")).lower()


def test_one_seat_cannot_cancel_anothers_order_by_mail(table):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    [order] = svc.get(gid).standing[winner]
    other = next(e for s, e in EMAILS.items() if s != winner)
    assert handle(svc, reply_to(latest(boxes, other), f"CANCEL {order['id']}")).outcome == "rejected:cancel"
    assert svc.get(gid).standing[winner] == [order]


def test_a_cancel_with_a_non_ascii_digit_is_explained(table):
    svc, gid, boxes = table
    winner, email, mail = _winner_asked(svc, gid, boxes)
    assert handle(svc, reply_to(mail, "ALWAYS 2")).outcome == "accepted"
    assert handle(svc, reply_to(mail, "CANCEL ²")).outcome == "rejected:cancel"
    assert svc.get(gid).standing.get(winner)
