"""The IMAP route, against a small real IMAP server on the loopback: unseen messages are handled once."""
from __future__ import annotations

from notifications.delivery import flush
from tests.mail.fake_imap import FakeIMAP, Mailbox
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, reply_to
from workers.imap import poll


def test_the_poller_handles_unseen_replies_once(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], seed="bb" * 32)["id"]
    flush(svc)
    mail = Mailboxes(tmp_path / "mail").to("ann@example.org", "your_turn")[-1]
    box = Mailbox("play", "pa ss")
    box.add(reply_to(mail, "2"))
    box.add(reply_to(mail, "1", Auto_Submitted="auto-replied"))
    box.add(b"not even an e-mail")
    with FakeIMAP(box) as server:
        url = f"imap://play:pa%20ss@127.0.0.1:{server.port}/INBOX"
        assert poll(svc, url) == 3
        assert all("\\Seen" in m["flags"] for m in box.messages)
        assert poll(svc, url) == 0
        box.add(reply_to(mail, "2"))  # the same reply again, e.g. delivered twice: a new Message-ID...
        assert poll(svc, url + "?delete=yes") == 1
        assert len(box.messages) == 3
    sealed = [e for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed"]
    assert len(sealed) == 1 and sealed[0].content["seat"] == "red"
    svc.close()
