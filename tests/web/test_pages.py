"""Server-rendered pages: magic links, the game page and its forms, history, audit, lobby, mail."""
from __future__ import annotations

import random
import re
import time

import pytest

from service.web.magic import make_magic_token
from tests.web.helpers import (OPERATOR, PLAYERS, call, choice_values, csrf_from, embedded_app, hidden, login,
                               new_game, production_app, version)


@pytest.fixture
def app(svc):
    return embedded_app(svc)


@pytest.fixture
def client(app):
    return app.test_client()


def test_magic_link_get_never_logs_in(app, svc):
    c = app.test_client()
    g = new_game(c)
    token = g["tokens"]["red"]
    page = c.get(f"/play/{token}")
    assert page.status_code == 200 and "Continue" in page.text and "Ann" in page.text
    assert page.headers["Cache-Control"] == "no-store"
    assert c.get(f"/games/{g['id']}").status_code == 401  # a prefetching scanner is not logged in
    assert c.post(f"/play/{token}").status_code == 400  # no CSRF token
    assert c.get(f"/games/{g['id']}").status_code == 401
    r = c.post(f"/play/{token}", data={"csrf_token": csrf_from(page.text)})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{g['id']}?seat=red")
    cookie = r.headers.get("Set-Cookie", "")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    assert c.get(f"/games/{g['id']}").status_code == 200
    assert c.get("/play/not-a-real-token").status_code == 404
    assert c.get("/play/" + "x" * 2000).status_code == 404


def test_session_cookie_is_secure_in_production(prod_svc):
    svc = prod_svc
    c = production_app(svc).test_client()
    g = new_game(c, token=OPERATOR)
    r = login(c, g["tokens"]["red"])
    assert "Secure" in r.headers["Set-Cookie"]
    # production: one seat per game per browser; logging in as blue replaces red
    login(c, g["tokens"]["blue"])
    page = c.get(f"/games/{g['id']}")
    assert hidden(page.text, "seat") == "blue"
    assert c.get(f"/games/{g['id']}?seat=red").status_code == 403
    # /new is for the operator only
    assert c.get("/new").status_code == 403
    login(c, OPERATOR)
    assert c.get("/new").status_code == 200
    lobby = c.get("/")
    assert g["id"] in lobby.text


def play_through_forms(clients: dict, gid: str, rng: random.Random, svc, limit: int = 5000) -> int:
    steps = 0
    while svc.get(gid).status == "active" and steps < limit:
        seat = rng.choice(svc.get(gid).waiting_for())
        c = clients[seat]
        page = c.get(f"/games/{gid}?seat={seat}")
        assert page.status_code == 200
        choices = choice_values(page.text)
        assert choices, page.text
        r = c.post(f"/games/{gid}/choose", data={
            "csrf_token": csrf_from(page.text), "seat": seat, "prompt_id": hidden(page.text, "prompt_id"),
            "key": hidden(page.text, "key"), "choice": rng.choice(choices)})
        assert r.status_code == 303, r.text[:500]
        steps += 1
    return steps


def test_whole_game_through_the_forms(app, svc):
    api = app.test_client()
    g = new_game(api, players=3)
    gid = g["id"]
    clients = {}
    for seat, token in g["tokens"].items():
        clients[seat] = app.test_client()
        login(clients[seat], token)
    steps = play_through_forms(clients, gid, random.Random(5), svc)
    assert steps > 0 and svc.get(gid).status == "finished"
    page = clients["red"].get(f"/games/{gid}")
    assert "Game over" in page.text and "<svg" in page.text
    assert 'name="prompt_id"' not in page.text
    assert svc.audit(gid).ok


def test_form_errors_keep_the_page_and_change_nothing(app, svc):
    c = app.test_client()
    g = new_game(c)
    gid = g["id"]
    login(c, g["tokens"]["red"])
    page = c.get(f"/games/{gid}").text
    form = {"csrf_token": csrf_from(page), "seat": "red", "prompt_id": hidden(page, "prompt_id"),
            "key": hidden(page, "key")}
    r = c.post(f"/games/{gid}/choose", data={**form, "choice": "card-999"})
    assert r.status_code == 422 and "not one of the choices" in r.text and 'name="prompt_id"' in r.text
    r = c.post(f"/games/{gid}/choose", data={**form, "prompt_id": "0.old", "choice": choice_values(page)[0]})
    assert r.status_code == 409 and "reload" in r.text
    r = c.post(f"/games/{gid}/choose", data={**form, "seat": "blue", "choice": choice_values(page)[0]})
    assert r.status_code == 403
    r = c.post(f"/games/{gid}/choose", data={**form, "choice": ""})
    assert r.status_code == 422
    r = c.post(f"/games/{gid}/choose", data={k: v for k, v in form.items() if k != "csrf_token"} | {"choice": "x"})
    assert r.status_code == 400 and "reload" in r.text
    assert version(svc, gid) == 1
    # a double submit of the same rendered form records one decision
    ok = {**form, "choice": choice_values(page)[0]}
    assert c.post(f"/games/{gid}/choose", data=ok).status_code == 303
    assert c.post(f"/games/{gid}/choose", data=ok).status_code == 303
    assert version(svc, gid) == 2


def test_seat_switcher_when_one_browser_holds_every_seat(app, svc):
    c = app.test_client()
    page = c.get("/new?rules=toy")
    assert page.status_code == 200 and "rounds" in page.text and "How many rounds" in page.text
    r = c.post("/new", data={"csrf_token": csrf_from(page.text), "rules": "toy", "action": "create",
                             "name": ["Ann", "Bob", "", ""], "email": ["ann@example.org", "", "", ""],
                             "opt_rounds": "2", "opt_hand_size": "3"})
    assert r.status_code == 303
    gid = re.search(r"/games/([0-9a-f-]{36})", r.headers["Location"]).group(1)
    game = svc.get(gid)
    assert game.options == {"rounds": 2}
    page = c.get(f"/games/{gid}").text
    assert "Play as:" in page and f"/games/{gid}?seat=blue" in page
    lobby = c.get("/").text
    assert gid in lobby and lobby.count('<a href="http://127.0.0.1:8000/play/') == 2  # every seat's link
    rng = random.Random(2)
    steps = play_through_forms({"red": c, "blue": c}, gid, rng, svc)
    assert steps >= 4 and svc.get(gid).status == "finished"


def test_new_game_form_refuses_bad_input(app, svc):
    c = app.test_client()
    before = svc.store.all_game_ids()
    page = c.get("/new?rules=toy").text
    base = {"csrf_token": csrf_from(page), "rules": "toy", "action": "create"}
    r = c.post("/new", data={**base, "name": ["Ann"]})
    assert r.status_code == 422 and "2 to 4 players" in r.text
    r = c.post("/new", data={**base, "name": ["Ann", "Bob"], "opt_rounds": "lots"})
    assert r.status_code == 422 and "whole number" in r.text
    r = c.post("/new", data={**base, "name": ["Ann", "Bob"], "email": ["bad", ""]})
    assert r.status_code == 422
    assert c.post("/new", data={"rules": "toy", "name": ["Ann", "Bob"]}).status_code == 400  # no CSRF
    assert svc.store.all_game_ids() == before


def test_messages_are_escaped_and_private(app, svc):
    c, d = app.test_client(), app.test_client()
    g = new_game(c, players=3)
    gid = g["id"]
    login(c, g["tokens"]["red"])
    login(d, g["tokens"]["green"])
    page = c.get(f"/games/{gid}").text
    payload = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">'
    r = c.post(f"/games/{gid}/messages", data={"csrf_token": csrf_from(page), "seat": "red", "text": payload})
    assert r.status_code == 303
    r = c.post(f"/games/{gid}/messages", data={"csrf_token": csrf_from(page), "seat": "red", "to": ["blue"],
                                               "text": "secret for blue"})
    assert r.status_code == 303
    r = c.post(f"/games/{gid}/messages", data={"csrf_token": csrf_from(page), "seat": "red", "text": "nul\x00"})
    assert r.status_code == 400
    mine, theirs = c.get(f"/games/{gid}").text, d.get(f"/games/{gid}").text
    for text in (mine, theirs):
        assert "<script>window.__xss" not in text and "&lt;script&gt;window.__xss=1&lt;/script&gt;" in text
        assert "<img src=x" not in text
    assert "secret for blue" in mine and "secret for blue" not in theirs
    assert "secret for blue" not in d.get(f"/games/{gid}/history").text


def test_rotating_the_link_logs_out_other_browsers(app, svc):
    c, other = app.test_client(), app.test_client()
    g = new_game(c)
    gid, token = g["id"], g["tokens"]["red"]
    login(c, token)
    login(other, token)
    page = c.get(f"/games/{gid}").text
    r = c.post(f"/games/{gid}/token", data={"csrf_token": csrf_from(page), "seat": "red"})
    assert r.status_code == 200
    new = re.search(r"/play/([A-Za-z0-9_-]{20,})", r.text).group(1)
    assert new != token
    assert c.get(f"/games/{gid}").status_code == 200          # this browser stays in
    assert other.get(f"/games/{gid}").status_code == 401      # the other one is out
    assert other.get(f"/play/{token}").status_code == 404     # and the old link is dead
    assert call(c, "GET", f"/api/games/{gid}/view", new).status_code == 200


def test_signed_magic_links_are_one_time(app, svc):
    c = app.test_client()
    g = new_game(c)
    game = svc.get(g["id"])
    signed = make_magic_token(svc.settings.secret_key, g["id"], "blue", game.token_hashes["blue"])
    browser = app.test_client()
    r = login(browser, signed)
    assert r.status_code == 303
    assert hidden(browser.get(f"/games/{g['id']}").text, "seat") == "blue"
    again = app.test_client()
    page = again.get(f"/play/{signed}")
    assert again.post(f"/play/{signed}", data={"csrf_token": csrf_from(page.text)}).status_code == 410
    assert app.test_client().get(f"/play/{signed[:-3]}abc").status_code == 404
    forged = make_magic_token("another-key", g["id"], "blue", game.token_hashes["blue"])
    assert app.test_client().get(f"/play/{forged}").status_code == 404


def test_history_page_steps_through_every_event(app, svc):
    c = app.test_client()
    g = new_game(c)
    gid = g["id"]
    login(c, g["tokens"]["red"])
    clients = {"red": c, "blue": app.test_client()}
    login(clients["blue"], g["tokens"]["blue"])
    play_through_forms(clients, gid, random.Random(9), svc, limit=3)
    n = version(svc, gid)
    page = c.get(f"/games/{gid}/history").text
    for seq in range(1, n + 1):
        assert f"at={seq}" in page
    at = c.get(f"/games/{gid}/history?at=2")
    assert at.status_code == 200 and "After event #2" in at.text and "<svg" in at.text
    assert c.get(f"/games/{gid}/history?at={n + 1}").status_code == 404
    assert c.get(f"/games/{gid}/history?at=x").status_code == 404
    assert app.test_client().get(f"/games/{gid}/history").status_code == 401


def test_audit_page_is_public_and_explains_offline_verification(app, svc):
    c = app.test_client()
    g = new_game(c)
    page = app.test_client().get(f"/games/{g['id']}/audit")
    assert page.status_code == 200
    report = svc.audit(g["id"]).to_json()
    assert report["head"] in page.text and report["seed_commitment"] in page.text
    assert "tabularium verify archive.json" in page.text and "Download the archive" not in page.text


def test_mail_outbox_pages(app, svc, tmp_path, monkeypatch):
    from email.message import EmailMessage

    folder = tmp_path / "mail"
    folder.mkdir()
    for i, subject in enumerate(["older <b>", "newer"]):
        msg = EmailMessage()
        msg["Subject"], msg["From"], msg["To"] = subject, "play@localhost", "ann@example.org"
        msg.set_content(f"Your turn: http://127.0.0.1:8000/play/abc{i} <script>x</script>")
        path = folder / f"{i}-message.eml"
        path.write_bytes(bytes(msg))
        t = time.time() - 100 + i * 10
        import os
        os.utime(path, (t, t))
    from dataclasses import replace

    monkeypatch.setitem(app.extensions, "tabularium.settings", replace(svc.settings, mail_url=f"file://{folder}"))
    c = app.test_client()
    page = c.get("/mail").text
    assert page.index("newer") < page.index("older &lt;b&gt;")
    msg = c.get("/mail/0-message.eml")
    assert msg.status_code == 200
    assert '<a href="http://127.0.0.1:8000/play/abc0"' in msg.text and "&lt;script&gt;" in msg.text
    for bad in ("../x.eml", "..%2Fsecret.eml", "nope.eml", "a.txt"):
        assert c.get(f"/mail/{bad}").status_code == 404


def test_mail_is_only_in_the_embedded_mode(prod_svc):
    svc = prod_svc
    assert production_app(svc).test_client().get("/mail").status_code == 404


def test_html_error_pages_never_show_a_trace(app, svc, monkeypatch):
    c = app.test_client()
    r = c.get("/no/such/page")
    assert r.status_code == 404 and r.mimetype == "text/html" and "Not found" in r.text
    assert c.delete("/new").status_code == 405
    big = c.post("/new", data={"name": "x" * 300_000})
    assert big.status_code == 413
    g = new_game(c)
    login(c, g["tokens"]["red"])

    def boom(*a, **k):
        raise RuntimeError("internal detail that must not leak")

    monkeypatch.setattr(svc, "deadlines", boom)
    r = c.get(f"/games/{g['id']}")
    assert r.status_code == 500 and "internal detail" not in r.text and "Traceback" not in r.text
    r = call(c, "GET", f"/api/games/{g['id']}/view", g["tokens"]["red"])
    assert r.status_code == 500 and r.get_json() == {"error": r.get_json()["error"]} and "internal" not in r.text


def test_rate_limits(svc):
    app = embedded_app(svc, RATELIMIT_ENABLED=True)
    app_limits = app.config["TABULARIUM_LIMITS"]
    assert app_limits["login"].startswith("30/minute")
    c = app.test_client()
    statuses = [c.get("/play/nope").status_code for _ in range(31)]
    assert statuses[:30] == [404] * 30 and statuses[30] == 429
    r = c.get("/play/nope")
    assert r.status_code == 429 and "slow down" in r.text
    assert r.headers["Retry-After"] == "60"  # the refused limit is per minute
    assert not any(h.lower().startswith("x-ratelimit") for h in r.headers.keys())
    body = {"rules": "toy", "players": PLAYERS[:2]}
    codes = [call(c, "POST", "/api/games", json=body).status_code for _ in range(11)]
    assert codes[:10] == [201] * 10 and codes[10] == 429
    refused = call(c, "POST", "/api/games", json=body)
    assert "error" in refused.get_json() and refused.headers["Retry-After"] == "60"


def test_proxy_fix_uses_the_forwarded_address(svc, monkeypatch):
    monkeypatch.setenv("TABULARIUM_PROXY_FIX", "1")
    app = embedded_app(svc, RATELIMIT_ENABLED=True)
    c = app.test_client()
    for _ in range(30):
        assert c.get("/play/nope", headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 404
    assert c.get("/play/nope", headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 429
    # another client behind the same proxy has its own budget
    assert c.get("/play/nope", headers={"X-Forwarded-For": "203.0.113.8"}).status_code == 404


@pytest.mark.redis
def test_rate_limits_are_shared_through_redis(svc):
    """Production: two app processes (here two apps) count against one Redis budget."""
    import uuid
    from dataclasses import replace

    redis_url = "redis://127.0.0.1:6379/14"
    try:
        import redis

        redis.Redis.from_url(redis_url, socket_connect_timeout=2).ping()
    except Exception:
        import os

        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable (CI=true: a missing service fails the run)")
        pytest.skip("Redis is not reachable")
    from service.web import create_app

    settings = replace(svc.settings, redis_url=redis_url)
    prefix = uuid.uuid4().hex
    apps = [create_app(settings, svc, {"TESTING": True, "RATELIMIT_KEY_PREFIX": prefix}) for _ in range(2)]
    codes = [apps[i % 2].test_client().get("/play/nope").status_code for i in range(31)]
    assert codes[:30] == [404] * 30 and codes[30] == 429
