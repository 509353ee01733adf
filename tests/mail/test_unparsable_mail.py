"""Inbound mail that cannot or must not be parsed (a MIME bomb, too many parts, too deep, too big, an
unknown charset) is dropped for good on every route, changes nothing, and never holds back the mail
behind it; a genuinely temporary failure (the database) is still retried."""
from __future__ import annotations

import json
import sqlite3

import pytest
from flask import Flask

from notifications import outbox, tokens
from notifications.delivery import flush
from notifications.inbound import MAX_BYTES, handle
from service.web import mailhooks
from tests.mail.fake_imap import FakeIMAP, Mailbox
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, reply_to
from workers.cli import EX_TEMPFAIL, mail_in
from workers.imap import poll


def nested(depth: int, inner: bytes = b"1") -> bytes:
    return b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i) for i in range(depth)) \
        + b"Content-Type: text/plain\r\n\r\n" + inner + b"\r\n"


def hostile(mail) -> dict[str, tuple[bytes, str]]:
    """name -> (message, expected outcome). Each comes from the seat's own address to its current reply
    address, so only the limits stand between it and the game."""
    head = b"From: " + str(mail["To"]).encode() + b"\r\nTo: " + str(mail["Reply-To"]).encode() + b"\r\n"
    flat = b"".join(b"--p\r\nContent-Type: text/plain\r\n\r\n1\r\n" for _ in range(150))
    padded = reply_to(mail, "1\n" + ("x" * 75 + "\n") * (MAX_BYTES // 76 + 100))
    return {
        "bomb": (head + b"Message-ID: <bomb@example.org>\r\n" + nested(1000), "dropped:too-many-parts"),
        "deep": (head + b"Message-ID: <deep@example.org>\r\n" + nested(15), "dropped:too-deep"),
        "parts": (head + b"Message-ID: <parts@example.org>\r\nContent-Type: multipart/mixed; boundary=p\r\n\r\n"
                  + flat + b"--p--\r\n", "dropped:too-many-parts"),
        "size": (padded, "dropped:size"),
        "charset": (head + b"Message-ID: <cs@example.org>\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\n"
                    b"\xff\xfe1 \xe9\xe9\r\n", "dropped:charset"),
    }


def snapshot(svc, gid) -> tuple:
    outbox.ensure_schema(svc.store)
    inbound = svc.store.db.query("SELECT COUNT(*) AS n FROM tabularium_inbound")[0]["n"]
    return len(svc.events(gid)), svc.get(gid).head, len(outbox.rows_for(svc.store)), int(inbound)


@pytest.fixture
def table(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], seed="e5" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail").to("ann@example.org", "your_turn")[-1]
    svc.close()


def sealed_by(svc, gid) -> list[str]:
    return [e.content["seat"] for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed"]


def test_every_unparsable_message_is_dropped_with_its_reason_and_changes_nothing(database_url, tmp_path):
    svc = mail_service(database_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], seed="e5" * 32)["id"]
    flush(svc)
    mail = Mailboxes(tmp_path / "mail").to("ann@example.org", "your_turn")[-1]
    before = snapshot(svc, gid)
    messages = hostile(mail)
    outcomes = {name: handle(svc, raw).outcome for name, (raw, _expected) in messages.items()}
    assert outcomes == {name: expected for name, (_raw, expected) in messages.items()}
    assert snapshot(svc, gid) == before  # no event, no explanation e-mail, no inbound record
    assert handle(svc, reply_to(mail, "1")).outcome == "accepted"  # the limits leave real replies alone
    svc.close()


def test_mail_in_exits_0_for_unparsable_messages_and_75_only_for_a_temporary_failure(table, monkeypatch, capsys):
    svc, gid, mail = table
    before = snapshot(svc, gid)
    for name, (raw, expected) in hostile(mail).items():
        assert mail_in(raw, as_json=True, svc=svc) == 0, name
        assert json.loads(capsys.readouterr().out)["outcome"] == expected
    assert snapshot(svc, gid) == before
    reply = reply_to(mail, "1")

    def database_down(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(tokens, "lookup", database_down)
    assert mail_in(reply, svc=svc) == EX_TEMPFAIL  # the MTA keeps the reply and tries again
    monkeypatch.undo()
    assert mail_in(reply, svc=svc) == 0 and sealed_by(svc, gid) == ["red"]


def test_the_webhook_answers_200_for_unparsable_messages_and_503_only_for_a_temporary_failure(table, monkeypatch):
    svc, gid, mail = table
    app = Flask(__name__)
    app.config.update(SECRET_KEY="test-secret", TESTING=True, MAX_CONTENT_LENGTH=256 * 1024,
                      MAX_FORM_MEMORY_SIZE=64 * 1024)  # the real app's limits, sized for forms
    app.extensions["tabularium.service"] = svc
    app.extensions["tabularium.settings"] = svc.settings
    app.register_blueprint(mailhooks.bp)
    client = app.test_client()
    monkeypatch.setenv("TABULARIUM_INBOUND_WEBHOOK_SECRET", "k3y")
    before = snapshot(svc, gid)
    for name, (raw, expected) in hostile(mail).items():
        r = client.post("/hooks/mail?key=k3y", data=raw, content_type="message/rfc822")
        assert (r.status_code, r.json) == (200, {"outcome": expected}), name
        r = client.post("/hooks/mail?key=k3y", data={"message": raw.decode("latin-1")})
        assert (r.status_code, r.json) == (200, {"outcome": expected}), name
    huge = b"x" * (3 * MAX_BYTES)
    r = client.post("/hooks/mail?key=k3y", data=huge, content_type="message/rfc822")
    assert (r.status_code, r.json) == (200, {"outcome": "dropped:size"})
    assert snapshot(svc, gid) == before
    monkeypatch.setattr(tokens, "lookup", lambda *a, **k: (_ for _ in ()).throw(sqlite3.OperationalError("down")))
    assert client.post("/hooks/mail?key=k3y", data=reply_to(mail, "1"), content_type="message/rfc822").status_code == 503
    assert snapshot(svc, gid) == before


def test_the_poller_drops_a_bomb_and_records_the_reply_behind_it(table):
    svc, gid, mail = table
    box = Mailbox("play", "secret")
    for raw, _expected in hostile(mail).values():
        box.add(raw)
    box.add(reply_to(mail, "2"))
    with FakeIMAP(box) as server:
        url = f"imap://play:secret@127.0.0.1:{server.port}/INBOX"
        assert poll(svc, url) == 6
        assert all("\\Seen" in m["flags"] for m in box.messages)
        assert poll(svc, url) == 0
    assert sealed_by(svc, gid) == ["red"]
    size_n = list(hostile(mail)).index("size") + 1
    assert [items for n, items in box.fetched if n == size_n] == ["(RFC822.SIZE)"], "too big to download"


def test_the_poller_leaves_a_message_unseen_after_a_temporary_failure_and_goes_on(table, monkeypatch):
    svc, gid, mail = table
    box = Mailbox("play", "secret")
    box.add(reply_to(mail, "2"))
    box.add(reply_to(mail, "2", sender="Eve <eve@example.net>"))
    real_lookup, calls = tokens.lookup, []

    def first_call_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return real_lookup(*args, **kwargs)

    monkeypatch.setattr(tokens, "lookup", first_call_fails)
    with FakeIMAP(box) as server:
        url = f"imap://play:secret@127.0.0.1:{server.port}/INBOX"
        assert poll(svc, url) == 1  # the second message was handled; the first waits
        assert [("\\Seen" in m["flags"]) for m in box.messages] == [False, True]
        assert poll(svc, url) == 1
        assert all("\\Seen" in m["flags"] for m in box.messages)
    assert sealed_by(svc, gid) == ["red"]


def test_the_mail_in_command_drops_a_bomb_and_an_oversized_message_with_exit_0(tmp_path, monkeypatch, capsys):
    """The real command, reading standard input as an MTA pipe feeds it; an oversized message is read to
    the end (the MTA must not see a broken pipe) but never kept whole."""
    import io

    from service import cli

    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "TEST_TITLES": "1",
                       "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    svc = mail_service(url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], seed="e6" * 32)["id"]
    flush(svc)
    mail = Mailboxes(tmp_path / "mail").to("ann@example.org", "your_turn")[-1]
    before = snapshot(svc, gid)
    messages = hostile(mail)
    oversized = io.BytesIO(messages["size"][0] + b"y" * (4 * MAX_BYTES))
    for stdin, expected in ((io.BytesIO(messages["bomb"][0]), "dropped:too-many-parts"), (oversized, "dropped:size")):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(stdin))
        assert cli.main(["mail-in", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["outcome"] == expected
    assert oversized.read() == b""  # drained
    assert snapshot(svc, gid) == before
    svc.close()
