"""Spec 16 "show his cards to anyone", by e-mail: a reply starting SHOW (ΔΕΙΞΕ, MUTAT) followed by seats
(their ids or their colours in any language) shows the seat's real hand to those seats; the receivers' message
e-mail names the cards, a third seat's mailbox never does, and a reply naming nobody changes nothing."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.names import card_name
from notifications import outbox
from notifications.delivery import flush
from notifications.inbound import handle
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, reply_to, text_of

EMAILS = dict(zip(("red", "blue", "green", "yellow"), (p["email"] for p in PLAYERS)))


@pytest.fixture
def tables(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    yield svc, Mailboxes(tmp_path / "mail")
    svc.close()


def rome(svc, seed: str, **options) -> str:
    gid = svc.create_game("republic_of_rome", PLAYERS[:4], options, seed=seed * 32)["id"]
    flush(svc)
    return gid


def any_mail(boxes, seat: str, gid: str):
    return next(m for m in reversed(boxes.to(EMAILS[seat])) if m["X-Tabularium-Game"] == gid and m["Reply-To"])


def message_mails(svc, boxes, seat: str) -> str:
    outbox.pump(svc)
    with svc.store.db.transaction() as cur:  # the throttle window has passed
        cur.execute("UPDATE tabularium_outbox SET not_before=0 WHERE kind='message'")
    flush(svc)
    return "\n".join(text_of(m) for m in boxes.to(EMAILS[seat], "message"))


@pytest.mark.parametrize("body, language", [("SHOW blue", None), ("ΔΕΙΞΕ Μπλε", "el"), ("mutat kék", "hu"),
                                            ("show Blue.", "el")])
def test_16_show_by_email_shows_the_real_hand_to_the_named_seat_only(tables, body, language):
    svc, boxes = tables
    gid = rome(svc, "21", **({"language": language} if language else {}))
    state = svc.get(gid).state
    names = [str(card_name(data_for(state), c)) for c in state["factions"]["red"]["hand"]]
    result = handle(svc, reply_to(any_mail(boxes, "red", gid), body))
    assert result.outcome == "accepted" and result.detail == "show"
    event = svc.events(gid)[-1]
    assert event.content["to"] == ["blue"] and event.content["shown"] == state["factions"]["red"]["hand"]
    flush(svc)
    assert boxes.to(EMAILS["red"], "reply_accepted"), "the sender is told it was done"
    blue = message_mails(svc, boxes, "blue")
    if language is None:
        assert "Red (Ann) shows you their hand (3 cards)" in blue and all(name in blue for name in names)
    assert blue, "the receiver is told"
    assert not message_mails(svc, boxes, "green") and not message_mails(svc, boxes, "yellow")


@pytest.mark.parametrize("body", ["SHOW", "SHOW purple", "SHOW red", "SHOW blue nobody"])
def test_16_show_naming_nobody_oneself_or_an_unknown_seat_changes_nothing(tables, body):
    svc, boxes = tables
    gid = rome(svc, "22")
    before = svc.get(gid).version
    result = handle(svc, reply_to(any_mail(boxes, "red", gid), body))
    assert result.outcome == "rejected:show" and svc.get(gid).version == before
    flush(svc)
    assert "SHOW" in text_of(boxes.to(EMAILS["red"], "reply_rejected")[-1])


def test_show_in_a_game_without_secret_cards_is_refused_with_a_sentence(tables):
    svc, boxes = tables
    gid = svc.create_game("sylla", PLAYERS[:3], {}, seed="23" * 32)["id"]
    flush(svc)
    mail = any_mail(boxes, "red", gid)  # Ann's seat
    other = next(s for s in svc.get(gid).seat_ids if s != result_seat(svc, gid, EMAILS["red"]))
    result = handle(svc, reply_to(mail, f"SHOW {other}"))
    assert result.outcome == "rejected:show" and "no secret cards" in result.detail


def result_seat(svc, gid: str, email: str) -> str:
    return next(s for s, c in svc.store.contacts(gid).items() if c.get("email") == email)
