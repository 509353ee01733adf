"""The mail hooks: inbound webhook, RFC 8058 one-click unsubscribe, and the sign-in link of every e-mail."""
from __future__ import annotations

import pytest
from flask import Flask

from notifications.delivery import flush
from service.web import mailhooks
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, reply_to


@pytest.fixture
def setup(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path)
    app = Flask(__name__)
    app.config.update(SECRET_KEY="test-secret", TESTING=True)
    app.extensions["tabularium.service"] = svc
    app.extensions["tabularium.settings"] = svc.settings
    app.register_blueprint(mailhooks.bp)
    gid = svc.create_game("toy", PLAYERS[:2], seed="aa" * 32)["id"]
    flush(svc)
    yield app.test_client(), svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def test_the_inbound_webhook_takes_raw_mime_or_a_form_field(setup, monkeypatch):
    client, svc, gid, boxes = setup
    mail = boxes.to("ann@example.org", "your_turn")[-1]
    r = client.post("/hooks/mail", data=reply_to(mail, "1"), content_type="message/rfc822")
    assert r.status_code == 200 and r.json["outcome"] == "accepted"
    assert client.post("/hooks/mail", data=b"garbage", content_type="text/plain").json["outcome"].startswith("dropped")
    monkeypatch.setenv("TABULARIUM_INBOUND_WEBHOOK_SECRET", "k3y")
    bob = boxes.to("bob@example.org", "your_turn")[-1]
    assert client.post("/hooks/mail", data={"message": reply_to(bob, "1").decode()}).status_code == 403
    r = client.post("/hooks/mail?key=k3y", data={"message": reply_to(bob, "1").decode()})
    assert r.status_code == 200 and r.json["outcome"] == "accepted"
    assert sum(1 for e in svc.events(gid) if e.content.get("key", "") and e.content["key"].startswith("mail:")) == 2


def test_one_click_unsubscribe_needs_no_login_and_does_not_redirect(setup):
    client, svc, gid, boxes = setup
    mail = boxes.to("ann@example.org")[-1]
    url = str(mail["List-Unsubscribe"]).split("<")[1].split(">")[0]
    path = url.replace("https://games.example.org", "")
    page = client.get(path)
    assert page.status_code == 200 and b"Every e-mail" in page.data
    r = client.post(path, data={"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200 and svc.store.contacts(gid)["red"]["preference"] == "none"
    client.post(path, data={"preference": "digest"})
    assert svc.store.contacts(gid)["red"]["preference"] == "digest"
    assert client.post("/u/aaaaaaaaaaaaaaaaaaaa", data={"List-Unsubscribe": "One-Click"}).status_code == 404


def test_the_sign_in_link_confirms_on_post_and_dies_with_the_seats_link(setup):
    client, svc, gid, boxes = setup
    mail = boxes.to("bob@example.org", "your_turn")[-1]
    link = next(w for w in mail.get_body(("plain",)).get_content().split() if "/go/" in w)
    path = link.replace("https://games.example.org", "")
    page = client.get(path)
    assert page.status_code == 200 and b"Continue as <strong>Blue" in page.data
    with client.session_transaction() as session:
        assert not session.get("seats")
    assert client.post(path).status_code == 400  # no CSRF token: a cross-site form logs nobody in
    token = page.data.decode().split('name="csrf_token" value="')[1].split('"')[0]
    r = client.post(path, data={"csrf_token": token})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}")
    with client.session_transaction() as session:
        assert session["seats"][0][:2] == [gid, "blue"]
    svc.rotate_token(gid, "blue")
    assert client.get(path).status_code == 410
    assert client.get("/go/not-a-token").status_code == 410


def test_the_web_app_registers_the_hooks_without_csrf(sqlite_url, tmp_path):
    web = pytest.importorskip("service.web")
    svc = mail_service(sqlite_url, tmp_path)
    app = web.create_app(service=svc, config={"RATELIMIT_ENABLED": False})
    client = app.test_client()
    assert client.post("/hooks/mail", data=b"junk", content_type="text/plain").status_code == 200
    svc.close()
