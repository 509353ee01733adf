"""Reply by e-mail: the first word of a reply chooses; everything else changes nothing."""
from __future__ import annotations

import random

import pytest

from notifications import outbox
from notifications.delivery import flush
from notifications.inbound import REJECTIONS_PER_HOUR, first_word, handle
from tests.mail.helpers import PLAYERS, Mailboxes, choices_in, mail_service, reply_to, text_of


@pytest.fixture
def table(database_url, tmp_path):
    svc = mail_service(database_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:3], seed="ab" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def latest(boxes, seat_email, kind="your_turn"):
    return boxes.to(seat_email, kind)[-1]


def test_a_reply_with_a_number_makes_that_choice_and_is_confirmed(table):
    svc, gid, boxes = table
    mail = latest(boxes, "ann@example.org")
    n, label, cid = choices_in(mail)[1]
    result = handle(svc, reply_to(mail, f"{n}\nthanks!"))
    assert result.outcome == "accepted" and result.detail == cid
    sealed = [e for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed"]
    assert sealed[-1].content["seat"] == "red" and sealed[-1].content["choice"] == cid
    assert sealed[-1].content["key"].startswith("mail:")
    flush(svc)
    confirmation = latest(boxes, "ann@example.org", "reply_accepted")
    assert f"Recorded: {label}" in text_of(confirmation)
    assert confirmation["Auto-Submitted"] == "auto-replied"


def test_a_reply_with_a_choice_id_works_too_and_a_duplicate_is_ignored(table):
    svc, gid, boxes = table
    mail = latest(boxes, "bob@example.org")
    raw = reply_to(mail, choices_in(mail)[0][2].upper())
    assert handle(svc, raw).outcome == "accepted"
    length = len(svc.events(gid))
    assert handle(svc, raw).outcome == "duplicate"
    assert len(svc.events(gid)) == length


def test_a_stale_reply_is_refused_with_the_current_choices(table):
    svc, gid, boxes = table
    for email in ("ann@example.org", "bob@example.org", "cid@example.org"):
        mail = latest(boxes, email)
        assert handle(svc, reply_to(mail, "1")).outcome == "accepted"
    flush(svc)
    game = svc.get(gid)
    winner = game.waiting_for()[0]
    email = next(p["email"] for p, s in zip(PLAYERS, ("red", "blue", "green")) if s == winner)
    old = boxes.to(email, "invitation")[0]  # an old e-mail: its reply address names round 1
    result = handle(svc, reply_to(old, "1"))
    assert result.outcome in ("rejected:stale", "rejected:not-due")
    flush(svc)
    explanation = latest(boxes, email, "reply_rejected")
    assert "changed nothing" in text_of(explanation)
    fresh = choices_in(explanation)
    assert [c[2] for c in fresh] == ["draw", "pass"]
    assert handle(svc, reply_to(explanation, "pass")).outcome == "accepted"


def test_illegal_choices_and_strangers_change_nothing(table):
    svc, gid, boxes = table
    mail = latest(boxes, "cid@example.org")
    length = len(svc.events(gid))
    assert handle(svc, reply_to(mail, "99")).outcome == "rejected:illegal"
    assert handle(svc, reply_to(mail, "")).outcome == "rejected:empty"
    stranger = handle(svc, reply_to(mail, "1", sender="Mallory <mallory@example.net>"))
    assert stranger.outcome == "rejected:sender"
    assert len(svc.events(gid)) == length
    flush(svc)
    to_stranger = [m for m in boxes.all() if "mallory" in str(m["To"])]
    assert not to_stranger, "explanations go to the registered address only"


def test_auto_replies_and_bounces_are_dropped_silently(table):
    svc, gid, boxes = table
    mail = latest(boxes, "ann@example.org")
    length = len(svc.events(gid))
    assert handle(svc, reply_to(mail, "1", Auto_Submitted="auto-replied")).outcome == "dropped:auto-submitted"
    assert handle(svc, reply_to(mail, "1", Precedence="bulk")).outcome == "dropped:bulk"
    assert handle(svc, reply_to(mail, "1", sender="MAILER-DAEMON@example.org")).outcome == "dropped:bounce"
    assert handle(svc, reply_to(mail, "1", X_Autoreply="yes")).outcome == "dropped:auto-reply"
    assert len(svc.events(gid)) == length
    assert not [r for r in outbox.rows_for(svc.store) if r["kind"].startswith("reply_")]


def test_the_unsubscribe_address_turns_mail_off(table):
    svc, gid, boxes = table
    mail = latest(boxes, "ann@example.org")
    mailto = str(mail["List-Unsubscribe"]).split("mailto:")[1].split("?")[0]
    raw = reply_to(mail, "unsubscribe").replace(str(mail["Reply-To"]).encode(), mailto.encode())
    assert handle(svc, raw).outcome == "unsubscribed"
    assert svc.store.contacts(gid)["red"]["preference"] == "none"
    assert any(type(e).__name__ == "PreferencesChanged" for e in svc.events(gid))


@pytest.mark.parametrize("text,word", [
    ("2\n\nOn Monday, Tabularium wrote:\n> 1. Play the 5", "2"),
    ("  card-7.  \n", "card-7"),
    ("\n\n> quoted 1\n", ""),
    ("Pass, please", "Pass"),
])
def test_first_word(text, word):
    assert first_word(text) == word


def hostile_messages(mail, rng: random.Random, count: int) -> list[bytes]:
    """Malformed, hostile and auto-submitted messages; none may change the game."""
    token_address = str(mail["Reply-To"]).encode()
    good_from = str(mail["To"])
    bad_bodies = ["zzz", "999", "-1", "0", "", "<script>alert(1)</script>", "\u202e1", "１", "1" * 300,
                  "card-999", "drop table", "\x00\x01", "=?utf-8?b?MQ==?="]
    out: list[bytes] = []
    while len(out) < count:
        k = len(out) % 12
        if k == 0:
            out.append(bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 3000))))
        elif k == 1:
            out.append(reply_to(mail, "1", Auto_Submitted=rng.choice(["auto-replied", "auto-generated", "AUTO"])))
        elif k == 2:
            out.append(b"Return-Path: <>\r\nFrom: MAILER-DAEMON@x\r\nTo: " + token_address +
                       b"\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n--b\r\n\r\n1\r\n--b--")
        elif k == 3:
            forged = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(20))
            out.append(reply_to(mail, "1").replace(token_address, f"play+{forged}@games.example.org".encode()))
        elif k == 4:
            out.append(reply_to(mail, "1", sender=f"Eve <eve{rng.randint(0, 99)}@evil.example>"))
        elif k == 5:
            out.append(reply_to(mail, rng.choice(bad_bodies), sender=good_from))
        elif k == 6:
            depth = rng.randint(20, 80)
            body = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i) for i in range(depth))
            out.append(b"From: " + good_from.encode() + b"\r\nTo: " + token_address + b"\r\n" + body + b"zzz\r\n")
        elif k == 7:
            out.append(b"From: " + good_from.encode() + b"\r\nTo: " + token_address +
                       b"\r\nContent-Type: text/plain; charset=x-unknown-charset\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                       + bytes(rng.getrandbits(8) for _ in range(200)))
        elif k == 8:
            out.append(b"From: " + good_from.encode() + b"\r\nTo: " + token_address + b"\r\nSubject: " +
                       b"x" * rng.randint(1000, 200000) + b"\r\n\r\nzzz\r\n")
        elif k == 9:
            out.append(reply_to(mail, "1", Precedence=rng.choice(["bulk", "junk", "list"]), List_Id="<x.example>"))
        elif k == 10:
            out.append(b"From: " + good_from.encode() + b"\r\nTo: " + token_address +
                       b"\r\nContent-Type: text/html\r\n\r\n<html>" + b"<div>" * 5000 + b"nope</html>")
        else:
            out.append(b"To: " + token_address + b"\r\nFrom: " + good_from.encode() + b"\r\n" +
                       b"X-Junk: " + bytes(rng.getrandbits(7) for _ in range(rng.randint(0, 500))) + b"\r\n\r\n" +
                       rng.choice([b"zzz", b"", b"\xff\xfe", b"999"]))
    return out


def test_a_thousand_hostile_emails_change_nothing_and_crash_nothing(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:3], seed="cd" * 32)["id"]
    flush(svc)
    mail = Mailboxes(tmp_path / "mail").to("ann@example.org", "your_turn")[-1]
    before = (len(svc.events(gid)), svc.get(gid).head)
    outcomes: dict[str, int] = {}
    for raw in hostile_messages(mail, random.Random(5), 1000):
        result = handle(svc, raw)
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
    assert (len(svc.events(gid)), svc.get(gid).head) == before
    assert "accepted" not in outcomes
    assert all(o.startswith(("dropped:", "rejected:", "duplicate")) for o in outcomes), outcomes
    rejections = [r for r in outbox.rows_for(svc.store) if r["kind"] == "reply_rejected"]
    assert len(rejections) <= REJECTIONS_PER_HOUR, "explanations are rate-limited: no mail loop"
    assert outcomes.get("dropped:auto-submitted", 0) >= 80 and outcomes.get("dropped:unknown-token", 0) >= 80
    svc.close()


def _drawn_by_mail(svc, boxes):
    """The sealed round answered by e-mail; the round's winner then chooses to draw, by e-mail too."""
    for email in ("ann@example.org", "bob@example.org", "cid@example.org"):
        assert handle(svc, reply_to(latest(boxes, email), "1")).outcome == "accepted"
    flush(svc)
    gid = svc.store.all_game_ids()[-1]
    winner = svc.get(gid).waiting_for()[0]
    email = dict(zip(("red", "blue", "green"), (p["email"] for p in PLAYERS)))[winner]
    mail = latest(boxes, email)
    n = next(n for n, _label, cid in choices_in(mail) if cid == "draw")
    assert handle(svc, reply_to(mail, str(n))).outcome == "accepted"
    flush(svc)
    return gid, winner, email


def test_undo_by_reply_takes_back_the_last_choice(table):
    svc, gid, boxes = table
    gid, winner, email = _drawn_by_mail(svc, boxes)
    confirmation = latest(boxes, email, "reply_accepted")
    assert "Reply UNDO to take it back" in text_of(confirmation)
    before = svc.get(gid).version
    result = handle(svc, reply_to(confirmation, "undo\n\nsorry, misclick"))
    assert result.outcome == "accepted" and result.detail == "undo"
    assert svc.get(gid).version == before + 1 and type(svc.events(gid)[-1]).__name__ == "ChoiceUndone"
    assert svc.get(gid).prompt_for(winner).kind == "draw_or_pass"
    flush(svc)
    undone = latest(boxes, email, "reply_accepted")
    assert "taken back" in text_of(undone) and "Reply UNDO" not in text_of(undone)


def test_undo_by_reply_is_refused_once_the_moment_has_passed(table):
    svc, gid, boxes = table
    gid, winner, email = _drawn_by_mail(svc, boxes)
    keep = latest(boxes, email)  # the next decision (keep or discard), answered: the draw is revealed
    assert handle(svc, reply_to(keep, "1")).outcome == "accepted"
    flush(svc)
    before = svc.get(gid).version
    result = handle(svc, reply_to(latest(boxes, email, "reply_accepted"), "UNDO"))
    assert result.outcome == "rejected:undo" and svc.get(gid).version == before
    flush(svc)
    assert "nothing was taken back" in text_of(latest(boxes, email, "reply_rejected"))
