"""Helpers for the web tests: apps in both modes, authenticated JSON calls, form scraping."""
from __future__ import annotations

import html
import re
from typing import Any

from service.web import create_app
from tests.conftest import make_service

OPERATOR = "operator-token-for-tests-0123456789abcdef"
WEBHOOK_SECRET = "inbound-webhook-secret-for-tests"
TEST_CONFIG = {"TESTING": True, "RATELIMIT_ENABLED": False}
PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid", "Dee")]


def embedded_app(svc, **config):
    return create_app(service=svc, config={**TEST_CONFIG, **config})


def production_service(url: str):
    """Production settings (TABULARIUM_MODE=production): a real broker URL (unused by the web layer), an
    operator token and the inbound webhook's secret."""
    return make_service(url, mode="production", operator_token=OPERATOR, broker_url="redis://127.0.0.1:6379/15",
                        inbound_webhook_secret=WEBHOOK_SECRET)


def production_app(svc, **config):
    return create_app(service=svc, config={**TEST_CONFIG, **config})


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def call(client, method: str, url: str, token: str | None = None, **kw):
    return client.open(url, method=method, headers={**bearer(token), **kw.pop("headers", {})}, **kw)


def new_game(client, rules: str = "toy", players: int = 2, token: str | None = None, **options) -> dict:
    r = call(client, "POST", "/api/games", token,
             json={"rules": rules, "players": PLAYERS[:players], "options": options})
    assert r.status_code == 201, r.get_json()
    data = r.get_json()
    data["tokens"] = {s["seat"]: s["token"] for s in data["seats"]}
    return data


def csrf_from(page: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert m, "no CSRF token in the page"
    return html.unescape(m.group(1))


def hidden(page: str, name: str) -> str | None:
    m = re.search(rf'name="{name}" value="([^"]*)"', page)
    return html.unescape(m.group(1)) if m else None


def choice_values(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'name="choice" value="([^"]+)"', page)]


def login(client, token: str):
    page = client.get(f"/play/{token}")
    assert page.status_code == 200, page.text[:300]
    return client.post(f"/play/{token}", data={"csrf_token": csrf_from(page.text)})


def version(svc, game_id: str) -> int:
    return svc.get(game_id).version


def error_of(response) -> Any:
    data = response.get_json(silent=True)
    assert isinstance(data, dict) and isinstance(data.get("error"), str) and data["error"], response.data[:300]
    return data["error"]
