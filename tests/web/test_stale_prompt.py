"""Issue #11, item 11: a prompt id this seat already answered, or one that was superseded, is stale (409,
"read again"); 403 stays for a decision that was never the seat's. Over the API, the turn form and e-mail."""
from __future__ import annotations

import pytest

from notifications.delivery import flush
from notifications.inbound import handle
from tests.mail.helpers import PLAYERS as MAIL_PLAYERS, Mailboxes, mail_service, reply_to
from tests.web.helpers import call, csrf_from, embedded_app, error_of, login, new_game, version


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def view(client, gid, token):
    return call(client, "GET", f"/api/games/{gid}/view", token).get_json()


def act(client, gid, token, prompt_id, choice, key=None):
    body = {"prompt_id": prompt_id, "choice": choice} | ({"idempotency_key": key} if key else {})
    return call(client, "POST", f"/api/games/{gid}/actions", token, json=body)


def test_resending_an_answered_prompt_is_409_not_403(client, svc):
    g = new_game(client)
    gid, red, blue = g["id"], g["tokens"]["red"], g["tokens"]["blue"]
    p = view(client, gid, red)["prompt"]
    assert act(client, gid, red, p["id"], p["choices"][0]["id"], key="first").status_code == 200
    before = version(svc, gid)
    # the same decision again with another key (a retry without the key, a second tab): already made
    again = act(client, gid, red, p["id"], p["choices"][1]["id"], key="second")
    assert again.status_code == 409 and "already made" in error_of(again)
    assert version(svc, gid) == before
    # after the round resolves, the seat that has no decision re-sends its round-1 prompt: still 409
    pb = view(client, gid, blue)["prompt"]
    assert act(client, gid, blue, pb["id"], pb["choices"][0]["id"]).status_code == 200
    waiting = view(client, gid, red)["waiting_for"]
    idle, idle_prompt = (red, p) if waiting == ["blue"] else (blue, pb)
    r = act(client, gid, idle, idle_prompt["id"], idle_prompt["choices"][0]["id"])
    assert r.status_code == 409, r.get_json()
    # a decision that was never this seat's stays 403: the winner's prompt id, or a made-up one
    winner = blue if idle == red else red
    wp = view(client, gid, winner)["prompt"]
    assert act(client, gid, idle, wp["id"], "pass").status_code == 403
    assert act(client, gid, idle, "1.nothing", "pass").status_code == 403
    assert act(client, gid, idle, "99999999.r1.play", "pass").status_code == 403
    assert act(client, gid, idle, "x.y", "pass").status_code == 403


def test_the_turn_form_says_the_decision_was_already_made(client, svc):
    g = new_game(client)
    gid = g["id"]
    login(client, g["tokens"]["red"])
    page = client.get(f"/games/{gid}?seat=red").text
    prompt_id = view(client, gid, g["tokens"]["red"])["prompt"]
    choices = prompt_id["choices"]
    form = {"csrf_token": csrf_from(page), "seat": "red", "prompt_id": prompt_id["id"]}
    first = client.post(f"/games/{gid}/choose", data=form | {"choice": choices[0]["id"], "key": "a"})
    assert first.status_code == 303
    before = version(svc, gid)
    second = client.post(f"/games/{gid}/choose", data=form | {"choice": choices[1]["id"], "key": "b"})
    assert second.status_code == 409 and "already made" in second.text
    assert version(svc, gid) == before


def test_an_email_reply_to_a_decision_already_made_says_so(database_url, tmp_path):
    svc = mail_service(database_url, tmp_path)
    try:
        gid = svc.create_game("toy", MAIL_PLAYERS[:2], seed="ab" * 32)["id"]
        flush(svc)
        boxes = Mailboxes(tmp_path / "mail")
        mail = boxes.to("ann@example.org", "invitation")[-1]
        assert handle(svc, reply_to(mail, "1")).outcome == "accepted"
        before = len(svc.events(gid))
        result = handle(svc, reply_to(mail, "2", ))
        assert result.outcome == "rejected:stale"
        assert len(svc.events(gid)) == before
        flush(svc)
        explanation = boxes.to("ann@example.org", "reply_rejected")[-1]
        from tests.mail.helpers import text_of

        assert "already made" in text_of(explanation)
    finally:
        svc.close()
