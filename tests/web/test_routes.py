"""Every mutating route of the web layer, taken from the url map: refused without authentication, without
a CSRF token (forms) or a bearer token (API), and a refused request changes nothing."""
from __future__ import annotations

import tempfile

import pytest

from tests.conftest import make_service
from tests.web.helpers import OPERATOR, WEBHOOK_SECRET, csrf_from, login, new_game, production_app

OURS = ("api", "play", "games", "history", "audit", "lobby", "mail", "seats", "settings", "webhooks")


METHODS: dict[str, str] = {}  # endpoint -> the mutating method it answers (POST, or PUT/PATCH/DELETE)


def _post_rules() -> list[tuple[str, str]]:
    folder = tempfile.mkdtemp()
    svc = make_service(f"sqlite:///{folder}/routes.sqlite3", operator_token=OPERATOR, broker_url="redis://x/0",
                       inbound_webhook_secret=WEBHOOK_SECRET)
    try:
        app = production_app(svc)
        rules = [r for r in app.url_map.iter_rules() if r.methods and ({"POST", "PUT", "PATCH", "DELETE"} & r.methods)
                 and r.endpoint.split(".")[0] in OURS]
        METHODS.update({r.endpoint: min({"POST", "PUT", "PATCH", "DELETE"} & r.methods) for r in rules})
        return sorted((r.endpoint, r.rule) for r in rules)
    finally:
        svc.close()


POST_RULES = _post_rules()


def test_the_url_map_has_the_expected_mutating_routes():
    endpoints = {e for e, _ in POST_RULES}
    assert {"api.create_game", "api.post_action", "api.post_message", "api.rotate_token", "play.magic",
            "play.logout", "games.choose", "games.message", "games.rotate_token", "lobby.new_game"} <= endpoints


@pytest.fixture
def world(prod_svc):
    app = production_app(prod_svc)
    g = new_game(app.test_client(), token=OPERATOR)
    return prod_svc, app, g


def fill(rule: str, g: dict) -> str:
    return (rule.replace("<game_id>", g["id"]).replace("<path:token>", g["tokens"]["red"]).replace("<seat>", "blue")
            .replace("<int:order_id>", "1"))


def is_api(rule: str) -> bool:
    return rule.startswith("/api/")


def snapshot(svc, g):
    return svc.get(g["id"]).version, len(svc.store.all_game_ids()), svc.get(g["id"]).token_hashes


@pytest.mark.parametrize("endpoint, rule", POST_RULES)
def test_anonymous_posts_are_refused(world, endpoint, rule):
    svc, app, g = world
    before = snapshot(svc, g)
    body = {"prompt_id": "x", "choice": "x", "text": "hi", "seat": "red", "rules": "toy",
            "players": [{"name": "a"}, {"name": "b"}]}
    c = app.test_client()
    send = {"json": body} if is_api(rule) else {"data": body}
    r = c.open(fill(rule, g), method=METHODS[endpoint], **send)
    assert 400 <= r.status_code < 500, (endpoint, r.status_code)
    assert r.status_code in ((401,) if is_api(rule) else (400, 401, 403)), (endpoint, r.status_code)
    assert snapshot(svc, g) == before


@pytest.mark.parametrize("endpoint, rule", POST_RULES)
def test_logged_in_posts_need_the_csrf_or_bearer_token(world, endpoint, rule):
    svc, app, g = world
    c = app.test_client()
    login(c, g["tokens"]["red"])
    before = snapshot(svc, g)
    view = c.get(f"/games/{g['id']}").text
    prompt_id = (view.split('name="prompt_id" value="')[1].split('"')[0]) if 'name="prompt_id"' in view else "x"
    form = {"prompt_id": prompt_id, "choice": "card-1", "key": "k", "text": "hi", "seat": "red", "rules": "toy",
            "name": ["a", "b"], "action": "create"}
    if is_api(rule):
        r = c.open(fill(rule, g), method=METHODS[endpoint], json=form)  # a session cookie never authorises the API
        assert r.status_code == 401, endpoint
    else:
        r = c.post(fill(rule, g), data=form)
        assert r.status_code == 400 and "security token" in r.text, endpoint
        r = c.post(fill(rule, g), data={**form, "csrf_token": "forged." + csrf_from(view)[7:]})
        assert r.status_code == 400, endpoint
    assert snapshot(svc, g) == before


def test_choose_needs_a_current_prompt(world):
    svc, app, g = world
    c = app.test_client()
    login(c, g["tokens"]["red"])
    page = c.get(f"/games/{g['id']}").text
    before = snapshot(svc, g)
    base = {"csrf_token": csrf_from(page), "seat": "red", "choice": "card-1"}
    assert c.post(f"/games/{g['id']}/choose", data=base).status_code == 400            # no prompt id
    assert c.post(f"/games/{g['id']}/choose", data={**base, "prompt_id": "9.r9.play"}).status_code in (409, 422)
    assert snapshot(svc, g) == before
