"""Issue #11, items 12 and 14: bounded work for anonymous callers. Every endpoint has a rate limit (the
public audit its own), the audit of an unchanged chain is cached, the history comes in pages, and chat
has caps per message, per seat and per game."""
from __future__ import annotations

import re

import pytest

from notifications import tokens
from tests.web.helpers import OPERATOR, call, csrf_from, embedded_app, error_of, login, new_game


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


# ------------------------------------------------------------------------------------ rate limits

def limited_client(svc, monkeypatch, **limits):
    for kind, spec in limits.items():
        monkeypatch.setenv(f"TABULARIUM_RATELIMIT_{kind.upper()}", spec)
    return embedded_app(svc, RATELIMIT_ENABLED=True, RATELIMIT_KEY_PREFIX=f"t{id(limits)}").test_client()


def test_the_public_audit_is_rate_limited_per_client(svc, monkeypatch):
    c = limited_client(svc, monkeypatch, audit="3/minute", create="100/minute")
    gid = new_game(c)["id"]
    codes = [c.get(f"/api/games/{gid}/audit").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = c.get(f"/api/games/{gid}/audit")
    assert error_of(refused) and refused.headers["Retry-After"] == "60"
    assert c.get(f"/games/{gid}/audit").status_code == 429  # the page shares the budget
    other = c.get(f"/api/games/{gid}/audit", environ_base={"REMOTE_ADDR": "198.51.100.9"})
    assert other.status_code == 200  # another client has its own


def test_bearer_gets_sign_in_links_and_unsubscribe_links_are_rate_limited(svc, monkeypatch):
    c = limited_client(svc, monkeypatch, read="4/minute", login="2/minute", unsubscribe="2/minute",
                       create="100/minute")
    g = new_game(c)
    gid, red = g["id"], g["tokens"]["red"]
    codes = [call(c, "GET", f"/api/games/{gid}/view", red).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 200, 429]
    assert c.get("/api/titles").status_code == 429  # every other endpoint counts against "read"
    go = f"/go/{tokens.signin_token(svc.settings, svc.get(gid), 'red')}"
    assert [c.get(go).status_code for _ in range(3)] == [200, 200, 429]
    assert [c.get("/u/nope").status_code for _ in range(3)] == [404, 404, 429]


# ------------------------------------------------------------------------------------ audit cache

def test_the_audit_of_an_unchanged_chain_is_computed_once(client, svc, monkeypatch):
    gid = new_game(client)["id"]
    import service.web.audit_pages as pages

    audits = []  # each audit made (incremental from the game's checkpoint, or full)
    real = pages.public_audit
    monkeypatch.setattr(pages, "public_audit", lambda s, game_id: audits.append(game_id) or real(s, game_id))
    first = client.get(f"/api/games/{gid}/audit").get_json()
    assert client.get(f"/api/games/{gid}/audit").get_json() == first
    assert client.get(f"/games/{gid}/audit").status_code == 200
    assert len(audits) == 1
    svc.post_message(gid, None, "all", "a new event")
    second = client.get(f"/api/games/{gid}/audit").get_json()
    assert len(audits) == 2 and second["length"] == first["length"] + 1 and second["head"] != first["head"]


def test_the_audit_cache_is_bounded_and_entries_expire(client, svc):
    from service.web.audit_pages import AuditCache

    now = [1000.0]
    cache = AuditCache(svc, size=2, max_age=60, clock=lambda: now[0])
    games = [new_game(client)["id"] for _ in range(3)]
    for gid in games:
        assert cache.report(gid)["chain_valid"] is True
    assert len(cache.items) == 2 and cache.misses == 3
    cache.report(games[-1])
    assert cache.hits == 1
    now[0] += 61
    cache.report(games[-1])
    assert cache.misses == 4


def test_a_changed_last_event_is_audited_again(client, svc):
    from service.web.audit_pages import AuditCache

    gid = new_game(client)["id"]
    svc.post_message(gid, None, "all", "honest")
    cache = AuditCache(svc)
    assert cache.report(gid)["chain_valid"] is True
    from service.games import parse_game_id

    last = svc.store.app.recorder.select_events(parse_game_id(gid), desc=True, limit=1)[0]
    state = bytes(last.state).replace(b"honest", b"forged")
    pg = svc.settings.is_postgres
    table = "tabularium_events" if pg else "stored_events"
    svc.store.db.execute(f"UPDATE {table} SET state=? WHERE originator_id=? AND originator_version=?",
                         (state, parse_game_id(gid) if pg else parse_game_id(gid).hex, last.originator_version))
    assert cache.report(gid)["chain_valid"] is False


# ------------------------------------------------------------------------------------ history pages

@pytest.fixture
def long_game(client, svc):
    g = new_game(client)
    for i in range(260):
        svc.post_message(g["id"], None, "all", f"message {i} " + "x" * 200)
    return g


def test_the_api_history_comes_in_pages_newest_first(client, svc, long_game):
    gid, red = long_game["id"], long_game["tokens"]["red"]
    total = svc.get(gid).version
    r = call(client, "GET", f"/api/games/{gid}/history", red)
    page = r.get_json()
    assert r.status_code == 200 and len(page) == 200
    assert [e["seq"] for e in page] == sorted(e["seq"] for e in page) and page[-1]["seq"] == total
    older = re.search(r'<([^>]+)>; rel="next"', r.headers["Link"]).group(1)
    assert f"before={page[0]['seq']}" in older and 'rel="prev"' not in r.headers["Link"]
    rest = call(client, "GET", older, red)
    seqs = [e["seq"] for e in rest.get_json()] + [e["seq"] for e in page]
    assert seqs == list(range(1, total + 1)) and "Link" not in rest.headers or 'rel="next"' not in rest.headers["Link"]
    fwd = call(client, "GET", f"/api/games/{gid}/history?after=0&limit=50", red)
    assert [e["seq"] for e in fwd.get_json()] == list(range(1, 51))
    assert "after=50" in fwd.headers["Link"]
    for bad in ("before=x", "limit=0", "limit=1001", "after=-1", "before=3&after=1"):
        assert call(client, "GET", f"/api/games/{gid}/history?{bad}", red).status_code == 400, bad


def test_the_history_page_is_bounded_and_links_to_older_pages(client, svc, long_game):
    gid = long_game["id"]
    login(client, long_game["tokens"]["red"])
    page = client.get(f"/games/{gid}/history")
    assert page.status_code == 200 and len(page.data) < 150_000
    assert page.text.count('class="seq"') == 100 and "Older events" in page.text
    older = re.search(r'href="([^"]*before=\d+[^"]*)">← Older events', page.text).group(1).replace("&amp;", "&")
    second = client.get(older)
    assert second.status_code == 200 and "Newer events" in second.text
    assert client.get(f"/games/{gid}/history?at=3").text.count('class="seq"') == 100
    assert client.get(f"/games/{gid}/history?before=abc").status_code == 400


# ------------------------------------------------------------------------------------ chat caps

def post(client, gid, token, text="hello"):
    return call(client, "POST", f"/api/games/{gid}/messages", token, json={"text": text})


def test_chat_is_capped_per_seat_per_hour_with_a_sentence(client, svc, monkeypatch):
    from service.games import MessageCaps

    monkeypatch.setattr(svc, "message_caps", MessageCaps(per_seat_hour=3))
    g = new_game(client)
    gid, red, blue = g["id"], g["tokens"]["red"], g["tokens"]["blue"]
    assert [post(client, gid, red).status_code for _ in range(3)] == [201] * 3
    before = svc.get(gid).version
    r = post(client, gid, red)
    assert r.status_code == 429 and "in the last hour" in error_of(r) and int(r.headers["Retry-After"]) > 0
    assert svc.get(gid).version == before
    assert post(client, gid, blue).status_code == 201  # another seat's budget
    # the form says so too
    login(client, red)
    page = client.get(f"/games/{gid}?seat=red").text
    r = client.post(f"/games/{gid}/messages", data={"csrf_token": csrf_from(page), "seat": "red", "text": "hi"})
    assert r.status_code == 429 and "in the last hour" in r.text


def test_chat_length_and_game_total_are_capped(client, svc, monkeypatch):
    from service.games import MessageCaps

    monkeypatch.setattr(svc, "message_caps", MessageCaps(length=20, per_game=2))
    g = new_game(client)
    gid, red, blue = g["id"], g["tokens"]["red"], g["tokens"]["blue"]
    r = post(client, gid, red, "x" * 21)
    assert r.status_code == 422 and "at most 20" in error_of(r)
    assert post(client, gid, red).status_code == 201 and post(client, gid, blue).status_code == 201
    r = post(client, gid, blue)
    assert r.status_code == 422 and "limit of 2 messages" in error_of(r)
    assert call(client, "POST", f"/api/games/{gid}/messages", OPERATOR, json={"text": "ok"}).status_code in (201, 401)


def test_message_caps_come_from_the_environment():
    from service.games import MessageCaps

    caps = MessageCaps.from_env({"TABULARIUM_MESSAGES_PER_SEAT_HOUR": "5", "TABULARIUM_MESSAGE_MAX_LENGTH": "100"})
    assert caps.per_seat_hour == 5 and caps.length == 100 and caps.per_game == MessageCaps().per_game
    with pytest.raises(ValueError, match="TABULARIUM_MESSAGES_PER_GAME"):
        MessageCaps.from_env({"TABULARIUM_MESSAGES_PER_GAME": "lots"})
