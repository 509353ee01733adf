"""Setting a seat's web hook (service/web/webhooks.py), on SQLite and PostgreSQL: the API (a seat's own
token, or the operator naming the seat), the game page's card and form (login and CSRF), the URL rules,
and the secret: the full address is never shown back, not even to its owner, nor exported."""
from __future__ import annotations

import random

import pytest

from notifications import outbox, webhooks
from tests.mail.test_webhooks import Sink
from tests.support.play import play_random
from tests.web.helpers import OPERATOR, call, csrf_from, error_of, login, new_game, production_app

HOOK = "https://hooks.example.com/api/webhooks/42/SECRET-part-wxyz"
MASKED = "https://hooks.example.com/…wxyz"


@pytest.fixture(autouse=True)
def dns(monkeypatch):
    """No network: hooks.example.com is public, lan.example.com private, anything else unknown."""
    table = {"hooks.example.com": ["93.184.215.14"], "lan.example.com": ["192.168.0.9"], "127.0.0.1": ["127.0.0.1"]}

    def fake(host, port):
        if host not in table:
            raise OSError(-2, "Name or service not known")
        return table[host]

    monkeypatch.setattr(webhooks, "resolve", fake)
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV, raising=False)


@pytest.fixture
def app(prod_svc):
    return production_app(prod_svc)


@pytest.fixture
def g(app):
    return new_game(app.test_client(), players=2, token=OPERATOR)


def stored(svc, gid) -> dict:
    return webhooks.hooks_of(svc.store, gid)


def put(client, g, token, body):
    return call(client, "PUT", f"/api/games/{g['id']}/webhook", token, json=body)


# ------------------------------------------------------------------------------------------ the API

def test_a_seat_sets_reads_and_removes_its_own_hook(app, prod_svc, g):
    c = app.test_client()
    red = g["tokens"]["red"]
    r = put(c, g, red, {"url": HOOK})
    assert r.status_code == 200 and r.get_json() == {"seat": "red", "url": MASKED, "set": True}
    assert stored(prod_svc, g["id"]) == {"red": HOOK}
    got = call(c, "GET", f"/api/games/{g['id']}/webhook", red)
    assert got.status_code == 200 and got.get_json() == {"seat": "red", "url": MASKED, "set": True}
    assert "SECRET" not in got.text and "SECRET" not in r.text
    gone = call(c, "DELETE", f"/api/games/{g['id']}/webhook", red)
    assert gone.status_code == 200 and gone.get_json() == {"seat": "red", "url": None, "set": False}
    assert stored(prod_svc, g["id"]) == {}


def test_the_api_needs_a_bearer_token_and_a_seat_of_this_game(app, prod_svc, g):
    c = app.test_client()
    other = new_game(c, players=2, token=OPERATOR)
    assert put(c, g, None, {"url": HOOK}).status_code == 401
    assert call(c, "GET", f"/api/games/{g['id']}/webhook").status_code == 401
    assert call(c, "DELETE", f"/api/games/{g['id']}/webhook").status_code == 401
    assert put(c, g, other["tokens"]["red"], {"url": HOOK}).status_code == 403
    login(c, g["tokens"]["red"])
    assert put(c, g, None, {"url": HOOK}).status_code == 401  # a session cookie never drives the API
    assert stored(prod_svc, g["id"]) == {}


def test_another_seat_cannot_set_or_remove_mine(app, prod_svc, g):
    c = app.test_client()
    assert put(c, g, g["tokens"]["red"], {"url": HOOK}).status_code == 200
    r = put(c, g, g["tokens"]["blue"], {"url": "https://hooks.example.com/evil", "seat": "red"})
    assert r.status_code == 403 and "red" in error_of(r)
    assert put(c, g, g["tokens"]["blue"], {"url": "https://hooks.example.com/mine-bbbb"}).status_code == 200
    assert stored(prod_svc, g["id"]) == {"red": HOOK, "blue": "https://hooks.example.com/mine-bbbb"}
    assert call(c, "DELETE", f"/api/games/{g['id']}/webhook?seat=red", g["tokens"]["blue"]).status_code == 403
    assert call(c, "GET", f"/api/games/{g['id']}/webhook?seat=red", g["tokens"]["blue"]).status_code == 403
    assert call(c, "DELETE", f"/api/games/{g['id']}/webhook", g["tokens"]["blue"]).status_code == 200
    assert stored(prod_svc, g["id"]) == {"red": HOOK}  # blue's DELETE removed blue's own hook only


def test_the_operator_sets_any_seat_by_naming_it(app, prod_svc, g):
    c = app.test_client()
    r = put(c, g, OPERATOR, {"url": HOOK, "seat": "blue"})
    assert r.status_code == 200 and r.get_json()["seat"] == "blue"
    assert put(c, g, OPERATOR, {"url": HOOK}).status_code == 422  # must name the seat
    got = call(c, "GET", f"/api/games/{g['id']}/webhook?seat=blue", OPERATOR)
    assert got.get_json() == {"seat": "blue", "url": MASKED, "set": True}
    assert call(c, "GET", f"/api/games/{g['id']}/webhook", OPERATOR).status_code == 422
    assert call(c, "DELETE", f"/api/games/{g['id']}/webhook?seat=blue", OPERATOR).get_json()["set"] is False


@pytest.mark.parametrize("url, status, sentence", [
    ("http://hooks.example.com/x", 422, "must start with https://"),
    ("https://me:pw@hooks.example.com/x", 422, "user name or password"),
    ("https://lan.example.com/x", 422, "private or reserved network"),
    ("https://127.0.0.1/x", 422, "private or reserved network"),
    ("https://nowhere.example.net/x", 422, "cannot be found"),
    ("https://hooks.example.com/" + "a" * 500, 422, "at most 500 characters"),
    (42, 400, "must be a string"),
])
def test_bad_urls_are_refused_with_a_sentence_and_nothing_is_stored(app, prod_svc, g, url, status, sentence):
    r = put(app.test_client(), g, g["tokens"]["red"], {"url": url})
    assert r.status_code == status and sentence in error_of(r)
    assert stored(prod_svc, g["id"]) == {}


def test_a_finished_game_takes_no_new_hook(app, prod_svc, g):
    play_random(prod_svc, g["id"], random.Random(2))
    r = put(app.test_client(), g, g["tokens"]["red"], {"url": HOOK})
    assert r.status_code == 409 and "over" in error_of(r)
    assert stored(prod_svc, g["id"]) == {}


def test_the_hook_stays_out_of_the_event_log_and_the_export(app, prod_svc, g):
    c = app.test_client()
    assert put(c, g, g["tokens"]["red"], {"url": HOOK}).status_code == 200
    export = call(c, "GET", f"/api/games/{g['id']}/export", OPERATOR)
    assert export.status_code == 200 and "SECRET" not in export.text and "hooks.example.com" not in export.text
    assert not any("hooks.example.com" in str(e.content) for e in prod_svc.events(g["id"]))


# ------------------------------------------------------------------------------------------ the page

def page(c, g, seat="red"):
    return c.get(f"/games/{g['id']}?seat={seat}")


def form_post(c, g, **fields):
    return c.post(f"/games/{g['id']}/webhook", data=fields)


def test_the_card_shows_a_masked_hook_and_the_form_sets_replaces_and_removes_it(app, prod_svc, g):
    c = app.test_client()
    login(c, g["tokens"]["red"])
    before = page(c, g).text
    assert 'id="webhook"' in before and "No web hook set" in before and "Discord/Slack" in before
    r = form_post(c, g, csrf_token=csrf_from(before), seat="red", url=HOOK, action="save")
    assert r.status_code == 303 and r.headers["Location"].endswith("#webhook")
    after = page(c, g).text
    assert stored(prod_svc, g["id"]) == {"red": HOOK}
    assert MASKED in after and "SECRET" not in after and "Your web hook is set" in after
    assert "Replace" in after and "Send a test message" in after
    form_post(c, g, csrf_token=csrf_from(after), seat="red", url=HOOK + "2", action="save")
    assert stored(prod_svc, g["id"]) == {"red": HOOK + "2"}
    r = form_post(c, g, csrf_token=csrf_from(after), seat="red", action="remove")
    assert r.status_code == 303 and stored(prod_svc, g["id"]) == {}
    assert "Your web hook is removed" in page(c, g).text


def test_the_form_needs_a_login_and_the_csrf_token(app, prod_svc, g):
    anonymous = app.test_client()
    assert form_post(anonymous, g, seat="red", url=HOOK).status_code in (400, 401)
    c = app.test_client()
    login(c, g["tokens"]["red"])
    r = form_post(c, g, seat="red", url=HOOK)
    assert r.status_code == 400 and "security token" in r.text
    assert stored(prod_svc, g["id"]) == {}


def test_a_browser_cannot_set_another_seats_hook(app, prod_svc, g):
    c = app.test_client()
    login(c, g["tokens"]["red"])
    r = form_post(c, g, csrf_token=csrf_from(page(c, g).text), seat="blue", url=HOOK)
    assert r.status_code == 403
    assert stored(prod_svc, g["id"]) == {}


def test_a_bad_url_in_the_form_is_explained_on_the_page(app, prod_svc, g):
    c = app.test_client()
    login(c, g["tokens"]["red"])
    r = form_post(c, g, csrf_token=csrf_from(page(c, g).text), seat="red", url="https://lan.example.com/h")
    assert r.status_code == 422 and "private or reserved network" in r.text
    assert stored(prod_svc, g["id"]) == {}


def test_the_card_is_for_a_logged_in_seat_of_a_running_game_only(app, prod_svc, g):
    c = app.test_client()
    login(c, g["tokens"]["red"])
    assert 'id="webhook"' in page(c, g).text
    operator = app.test_client()
    login(operator, OPERATOR)
    as_red = page(operator, g).text
    assert "Play a card" in as_red and 'id="webhook"' not in as_red  # the operator sees red's game, not red's hook
    play_random(prod_svc, g["id"], random.Random(4))
    assert 'id="webhook"' not in page(c, g).text


def test_a_names_markup_is_escaped_on_the_card(app, prod_svc):
    c = app.test_client()
    r = call(c, "POST", "/api/games", OPERATOR,
             json={"rules": "toy", "players": [{"name": "<b>Ann</b>"}, {"name": "Bob"}]})
    g = {"id": r.get_json()["id"], "tokens": {s["seat"]: s["token"] for s in r.get_json()["seats"]}}
    webhooks.set_hook(prod_svc.store, g["id"], "red", "https://hooks.example.com/<i>x</i>")
    login(c, g["tokens"]["red"])
    text = page(c, g).text
    card = text[text.index('id="webhook"'):]
    assert "<i>" not in card and "&lt;/i&gt;" in card  # the masked tail is escaped too


def test_the_test_button_posts_once_and_reports_the_status_without_an_outbox_row(app, prod_svc, g, monkeypatch):
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "1")
    sink = Sink()
    try:
        webhooks.set_hook(prod_svc.store, g["id"], "red", sink.url())
        c = app.test_client()
        login(c, g["tokens"]["red"])
        rows_before = len(outbox.rows_for(prod_svc.store, g["id"]))
        r = form_post(c, g, csrf_token=csrf_from(page(c, g).text), seat="red", action="test")
        assert r.status_code == 303
        assert "The test message was accepted (HTTP 200)." in page(c, g).text
        assert len(sink.requests) == 1 and sink.requests[0]["json"]["kind"] == "webhook_test"
        assert g["tokens"]["red"] not in sink.requests[0]["raw"].decode()
        assert len(outbox.rows_for(prod_svc.store, g["id"])) == rows_before
        sink.script = [404]
        form_post(c, g, csrf_token=csrf_from(page(c, g).text), seat="red", action="test")
        assert "The test message was not accepted: HTTP 404" in page(c, g).text
    finally:
        sink.close()
