"""The JSON API against ARCHITECTURE.md section 4, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import random

import pytest

from service import audit
from tests.web.helpers import (OPERATOR, PLAYERS, call, embedded_app, error_of, new_game, production_app, version)


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def view(client, gid, token, **kw):
    r = call(client, "GET", f"/api/games/{gid}/view", token, **kw)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def act(client, gid, token, prompt_id, choice, key=None):
    body = {"prompt_id": prompt_id, "choice": choice}
    if key:
        body["idempotency_key"] = key
    return call(client, "POST", f"/api/games/{gid}/actions", token, json=body)


def test_create_in_embedded_mode_shows_every_link(client):
    r = call(client, "POST", "/api/games", json={"rules": "toy", "players": PLAYERS[:3]})
    assert r.status_code == 201
    body = r.get_json()
    assert [s["seat"] for s in body["seats"]] == ["red", "blue", "green"]
    assert all(s["token"] and s["url"].endswith("/play/" + s["token"]) for s in body["seats"])
    assert r.headers["Location"].endswith(f"/api/games/{body['id']}")


@pytest.mark.parametrize("body, status", [
    ({"rules": "toy"}, 400),
    ({"rules": 5, "players": PLAYERS[:2]}, 400),
    ({"rules": "toy", "players": "Ann"}, 400),
    ({"rules": "toy", "players": [1, 2]}, 400),
    ({"rules": "toy", "players": [{"name": 3}, {"name": "x"}]}, 400),
    ({"rules": "toy", "players": PLAYERS[:1]}, 422),
    ({"rules": "nope", "players": PLAYERS[:2]}, 422),
    ({"rules": "toy", "players": PLAYERS[:2], "options": []}, 400),
    ({"rules": "toy", "players": PLAYERS[:2], "options": {"rounds": "many"}}, 422),
    ({"rules": "toy", "players": PLAYERS[:2], "options": {"colour": "red"}}, 422),
    ({"rules": "toy", "players": [{"name": "x" * 61}, {"name": "y"}]}, 422),
    ({"rules": "toy", "players": [{"name": "a", "email": "not-an-address"}, {"name": "y"}]}, 422),
    ({"rules": "toy", "players": PLAYERS[:2], "seed": "ab" * 32}, 403),
    ({"rules": "toy", "players": [{"name": "a\u0000"}, {"name": "b"}]}, 400),
    ({"rules": "toy", "players": [{"name": "a", "email": "a@b.c\ud800"}, {"name": "b"}]}, 400),
])
def test_create_refuses_bad_input(client, svc, body, status):
    before = svc.store.all_game_ids()
    r = call(client, "POST", "/api/games", data=json.dumps(body), content_type="application/json")
    assert r.status_code == status, r.get_json()
    error_of(r)
    assert svc.store.all_game_ids() == before


def test_create_needs_the_operator_in_production(prod_svc):
    svc = prod_svc
    client = production_app(svc).test_client()
    body = {"rules": "toy", "players": PLAYERS[:2]}
    assert call(client, "POST", "/api/games", json=body).status_code == 401
    assert call(client, "POST", "/api/games", "wrong", json=body).status_code == 401
    r = call(client, "POST", "/api/games", OPERATOR, json={**body, "seed": "cd" * 32})
    assert r.status_code == 201
    seat_token = r.get_json()["seats"][0]["token"]
    assert seat_token
    assert call(client, "POST", "/api/games", seat_token, json=body).status_code == 403
    listed = call(client, "GET", "/api/games", OPERATOR).get_json()
    assert r.get_json()["id"] in [g["id"] for g in listed] and "token" not in str(listed)


def test_authentication_and_scoping(client, svc):
    a, b = new_game(client), new_game(client)
    ta, tb = a["tokens"]["red"], b["tokens"]["red"]
    url = f"/api/games/{a['id']}/view"
    assert call(client, "GET", url).status_code == 401
    assert call(client, "GET", url, "not-a-token").status_code == 401
    assert call(client, "GET", url, headers={"Authorization": "Basic abc"}).status_code == 401
    r = call(client, "GET", url, tb)
    assert r.status_code == 403 and "another game" in error_of(r)
    assert view(client, a["id"], ta)["you"]["seat"] == "red"
    assert call(client, "GET", "/api/games/00000000-0000-0000-0000-000000000000/view", ta).status_code == 404
    assert call(client, "GET", "/api/games/not-a-uuid", ta).status_code == 404
    # a token for game B can't act on game A
    prompt = view(client, a["id"], ta)["prompt"]
    r = act(client, a["id"], tb, prompt["id"], prompt["choices"][0]["id"])
    assert r.status_code == 403
    assert version(svc, a["id"]) == 1


def test_actions_status_codes_and_idempotency(client, svc):
    g = new_game(client)
    gid, red, blue = g["id"], g["tokens"]["red"], g["tokens"]["blue"]
    p = view(client, gid, red)["prompt"]
    choice = p["choices"][0]["id"]
    v0 = version(svc, gid)
    assert act(client, gid, red, p["id"], "card-999").status_code == 422
    assert act(client, gid, red, "0.stale", choice).status_code == 409
    assert version(svc, gid) == v0
    r1 = act(client, gid, red, p["id"], choice, key="k1")
    r2 = act(client, gid, red, p["id"], choice, key="k1")
    assert r1.status_code == r2.status_code == 200 and r1.get_json() == r2.get_json()
    assert version(svc, gid) == v0 + 1
    # the same key from another seat is that seat's own key, not a replay of red's result
    pb = view(client, gid, blue)["prompt"]
    rb = act(client, gid, blue, pb["id"], pb["choices"][0]["id"], key="k1")
    assert rb.status_code == 200 and rb.get_json()["version"] > r1.get_json()["version"]
    # now one seat won the round and must draw or pass; the other has no decision: 403
    state = view(client, gid, red)
    waiting = state["waiting_for"]
    assert len(waiting) == 1
    other = blue if waiting == ["red"] else red
    winner = red if other == blue else blue
    wp = view(client, gid, winner)["prompt"]
    before = version(svc, gid)
    r = act(client, gid, other, wp["id"], "pass")
    assert r.status_code == 403 and error_of(r)
    assert version(svc, gid) == before


@pytest.mark.parametrize("payload, status", [
    (b"not json", 400), (b"[1, 2]", 400), (b'{"prompt_id": 1, "choice": "x"}', 400),
    (b'{"choice": "x"}', 400), (b'{"prompt_id": "x", "choice": ["x"]}', 400),
    (b'{"prompt_id": "x", "choice": "x", "idempotency_key": 5}', 400),
    (b'{"prompt_id": "x", "choice": "x", "idempotency_key": "' + b"k" * 151 + b'"}', 422),
    (b'{"prompt_id": "x", "choice": "' + b"c" * 300 * 1024 + b'"}', 413),
    (b"[" * 50000, 400), (b'{"a":' * 50000, 400), (b"\xff\xfe", 400),
    (b'{"prompt_id": "\\ud800", "choice": "x"}', 400), (b'{"prompt_id": "a\\u0000", "choice": "x"}', 400),
])
def test_malformed_actions_change_nothing(client, svc, payload, status):
    g = new_game(client)
    r = call(client, "POST", f"/api/games/{g['id']}/actions", g["tokens"]["red"], data=payload,
             content_type="application/json")
    assert r.status_code == status
    error_of(r)
    assert version(svc, g["id"]) == 1


def test_api_post_ignores_the_session_cookie(client, svc):
    """The API is exempt from CSRF, so it must never act on a cookie alone."""
    from tests.web.helpers import login

    g = new_game(client)
    login(client, g["tokens"]["red"])
    assert client.get(f"/api/games/{g['id']}/view").status_code == 200  # GET: the cookie is enough
    p = view(client, g["id"], g["tokens"]["red"])["prompt"]
    r = client.post(f"/api/games/{g['id']}/actions", json={"prompt_id": p["id"], "choice": p["choices"][0]["id"]})
    assert r.status_code == 401
    assert version(svc, g["id"]) == 1


def test_messages_history_and_privacy(client, svc):
    g = new_game(client, players=3)
    gid, t = g["id"], g["tokens"]
    assert call(client, "POST", f"/api/games/{gid}/messages", t["red"], json={"text": "hello all"}).status_code == 201
    r = call(client, "POST", f"/api/games/{gid}/messages", t["red"], json={"to": ["blue"], "text": "psst blue"})
    assert r.status_code == 201 and r.get_json()["version"] == 3
    for body, status in [({"text": ""}, 422), ({"text": 5}, 400), ({"to": "some", "text": "x"}, 400),
                         ({"to": ["purple"], "text": "x"}, 422), ({"text": "x" * 4001}, 422), ({}, 400),
                         ({"text": "nul \u0000"}, 400), ({"text": "half \ud800"}, 400), ({"to": ["\u0000"], "text": "x"}, 400)]:
        r = call(client, "POST", f"/api/games/{gid}/messages", t["red"], data=json.dumps(body),
                 content_type="application/json")
        assert r.status_code == status, (body, r.get_json())
    assert version(svc, gid) == 3

    def texts(token):
        r = call(client, "GET", f"/api/games/{gid}/history", token)
        assert r.status_code == 200
        return " ".join(" ".join(e["text"]) for e in r.get_json())

    assert "psst blue" in texts(t["blue"]) and "psst blue" in texts(t["red"])
    assert "psst blue" not in texts(t["green"]) and "hello all" in texts(t["green"])
    entries = call(client, "GET", f"/api/games/{gid}/history", t["red"]).get_json()
    assert [e["seq"] for e in entries] == [1, 2, 3]
    assert set(entries[0]) >= {"seq", "type", "at", "seat", "text", "hash"}


def test_history_views_as_of_each_event(client, svc):
    g = new_game(client)
    gid, red = g["id"], g["tokens"]["red"]
    p = view(client, gid, red)["prompt"]
    act(client, gid, red, p["id"], p["choices"][0]["id"])
    first = call(client, "GET", f"/api/games/{gid}/history/1", red)
    assert first.status_code == 200
    assert first.get_json()["as_of"] == 1 and first.get_json()["game"]["version"] == 1
    assert len(first.get_json()["state"]["your_hand"]) == 3
    second = call(client, "GET", f"/api/games/{gid}/history/2", red).get_json()
    assert second["you"]["sealed_choice"] == p["choices"][0]["id"]  # sealed: the hand changes at the reveal
    for seq in (0, -1, 3, 10**6):
        assert call(client, "GET", f"/api/games/{gid}/history/{seq}", red).status_code == 404
    assert call(client, "GET", f"/api/games/{gid}/history/abc", red).status_code == 404


def play_out(client, svc, g, rng):
    gid = g["id"]
    while True:
        summary = call(client, "GET", f"/api/games/{gid}", g["tokens"]["red"]).get_json()
        if summary["status"] != "active":
            return summary
        seat = rng.choice(summary["waiting_for"])
        p = view(client, gid, g["tokens"][seat])["prompt"]
        r = act(client, gid, g["tokens"][seat], p["id"], rng.choice(p["choices"])["id"], key=f"{rng.random()}")
        assert r.status_code == 200, r.get_json()


def test_audit_export_and_verification(client, svc):
    g = new_game(client, players=3)
    gid = g["id"]
    r = client.get(f"/api/games/{gid}/audit")  # public
    assert r.status_code == 200
    early = r.get_json()
    assert early["chain_valid"] and early["seed_commitment"] and early.get("seed") is None
    assert call(client, "GET", f"/api/games/{gid}/export", g["tokens"]["red"]).status_code == 403
    assert client.get(f"/api/games/{gid}/export").status_code == 401
    play_out(client, svc, g, random.Random(3))
    report = client.get(f"/api/games/{gid}/audit").get_json()
    assert report["chain_valid"] and report["replay_valid"] and report["randomness_valid"]
    assert report["seed"] and report["length"] == version(svc, gid)
    r = call(client, "GET", f"/api/games/{gid}/export?download=1", g["tokens"]["blue"])
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    archive = r.get_json()
    assert archive["head"] == report["head"]
    assert audit.audit_archive(archive).ok
    assert call(client, "GET", f"/api/games/{gid}/audit").status_code == 200
    assert client.get("/api/games/00000000-0000-0000-0000-000000000001/audit").status_code == 404


def test_operator_sees_and_acts_everywhere(prod_svc):
    svc = prod_svc
    client = production_app(svc).test_client()
    g = new_game(client, token=OPERATOR)
    gid = g["id"]
    assert view(client, gid, OPERATOR)["you"]["seat"] is None
    assert view(client, gid, OPERATOR, query_string={"seat": "blue"})["you"]["seat"] == "blue"
    p = view(client, gid, g["tokens"]["blue"])["prompt"]
    r = call(client, "POST", f"/api/games/{gid}/actions", OPERATOR,
             json={"prompt_id": p["id"], "choice": p["choices"][0]["id"]})
    assert r.status_code == 422  # the operator must say for which seat
    r = call(client, "POST", f"/api/games/{gid}/actions", OPERATOR,
             json={"prompt_id": p["id"], "choice": p["choices"][0]["id"], "seat": "blue"})
    assert r.status_code == 200
    assert call(client, "GET", f"/api/games/{gid}/export", OPERATOR).status_code == 200
    assert gid in [row["id"] for row in call(client, "GET", "/api/games", OPERATOR).get_json()]
    mine = call(client, "GET", "/api/games", g["tokens"]["red"]).get_json()
    assert [(row["id"], row["your_seats"]) for row in mine] == [(gid, ["red"])]
    assert call(client, "GET", "/api/games").status_code == 401


def test_rotate_token(client, svc):
    g = new_game(client)
    gid, old = g["id"], g["tokens"]["red"]
    r = call(client, "POST", f"/api/games/{gid}/token", old)
    assert r.status_code == 200
    new = r.get_json()["token"]
    assert r.get_json()["seat"] == "red" and new != old and r.get_json()["url"].endswith(new)
    assert call(client, "GET", f"/api/games/{gid}/view", old).status_code == 401
    assert view(client, gid, new)["you"]["seat"] == "red"
    assert view(client, gid, g["tokens"]["blue"])["you"]["seat"] == "blue"
    history = call(client, "GET", f"/api/games/{gid}/history", new).get_json()
    assert history[-1]["type"] == "SeatTokenRotated"
    # blue cannot rotate red's token
    r = call(client, "POST", f"/api/games/{gid}/token", g["tokens"]["blue"], json={"seat": "red"})
    assert r.status_code == 403
    assert call(client, "POST", f"/api/games/{gid}/token", json={}).status_code == 401


def test_errors_are_json_sentences(client):
    for method, url, status in [("GET", "/api/nothing", 404), ("DELETE", "/api/games", 405),
                                ("PUT", "/api/games/x/actions", 405)]:
        r = client.open(url, method=method)
        assert r.status_code == status and r.is_json
        assert error_of(r).endswith(".")


def test_openapi_document_is_valid(client):
    from openapi_spec_validator import validate

    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    spec = r.get_json()
    validate(spec)
    paths = spec["paths"]
    for path, methods in {"/api/games": {"get", "post"}, "/api/games/{game_id}": {"get"},
                          "/api/games/{game_id}/view": {"get"}, "/api/games/{game_id}/actions": {"post"},
                          "/api/games/{game_id}/history": {"get"}, "/api/games/{game_id}/history/{seq}": {"get"},
                          "/api/games/{game_id}/messages": {"post"}, "/api/games/{game_id}/audit": {"get"},
                          "/api/games/{game_id}/export": {"get"}, "/api/games/{game_id}/token": {"post"},
                          "/api/openapi.json": {"get"}}.items():
        assert methods <= set(paths[path]), path


def test_a_token_rotated_in_another_process_is_refused_here_at_once(client, svc, database_url):
    """Two web processes, each with its own caches: a token rotated through one stops working on the
    other at its next request, although the other had the game cached and checks tokens against it."""
    from tests.conftest import make_service

    other_svc = make_service(database_url)
    try:
        other = embedded_app(other_svc).test_client()
        g = new_game(client)
        gid, old = g["id"], g["tokens"]["red"]
        prompt = view(other, gid, old)["prompt"]  # the other process caches the game now
        new = call(client, "POST", f"/api/games/{gid}/token", old).get_json()["token"]
        before = version(svc, gid)
        r = act(other, gid, old, prompt["id"], prompt["choices"][0]["id"])
        assert r.status_code == 401 and version(svc, gid) == before
        assert call(other, "GET", f"/api/games/{gid}/view", old).status_code == 401
        assert act(other, gid, new, prompt["id"], prompt["choices"][0]["id"]).status_code == 200
        foreign = new_game(client)["tokens"]["red"]  # a seat token of another game
        assert act(other, gid, foreign, prompt["id"], prompt["choices"][0]["id"]).status_code == 403
    finally:
        other_svc.close()


def test_titles_list_each_games_options_and_the_clock_settings(client):
    from domain.clock import DEFAULTS

    titles = client.get("/api/titles").get_json()
    assert {t["id"] for t in titles} >= {"toy"}
    for t in titles:
        assert t["min_players"] <= t["max_players"]
        clock = t["platform_options"]["clock"]["settings"]
        assert set(clock) == set(DEFAULTS) and clock["timezone"]["default"] == "UTC"
        assert all(isinstance(s["help"], str) and s["help"] for s in clock.values())


def test_the_errors_shorthand_expands_to_the_shared_error_response():
    from service.web.openapi import with_error_responses

    operation = with_error_responses({"summary": "x", "errors": [401, 409],
                                      "responses": {"200": {"description": "ok"}}})
    assert "errors" not in operation
    assert operation["responses"] == {"200": {"description": "ok"},
                                      "401": {"$ref": "#/components/responses/Error"},
                                      "409": {"$ref": "#/components/responses/Error"}}
