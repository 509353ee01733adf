"""The Republic of Rome is offered on /new (issue #16 item 6), on a server without the test titles: the
title in the list of games, its player range, every table option with its label, its explanation and its
default (the advanced ones folded away), and a game created from that form."""
from __future__ import annotations

import html
import re

import pytest

from domain.games.republic_of_rome.options import SPEC
from domain.rules import titles
from service.config import Settings
from service.composition import build
from service.web import create_app
from tests.web.helpers import TEST_CONFIG, csrf_from

TITLE = "republic_of_rome"


@pytest.fixture
def client(tmp_path):
    settings = Settings.from_env(database_url=f"sqlite:///{tmp_path}/events.sqlite3", secret_key="test-secret",
                                 test_titles=False, mode="embedded", mail_url=f"file://{tmp_path}/mail")
    svc = build(settings).games
    yield create_app(service=svc, config=TEST_CONFIG).test_client(), svc
    svc.close()


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", page))


def test_the_republic_of_rome_is_a_listed_title():
    assert TITLE in titles() and "toy" not in titles()


def test_new_lists_the_republic_of_rome_beside_sylla(client):
    c, _ = client
    page = c.get("/new")
    assert page.status_code == 200
    offered = re.findall(r'<option value="([a-z_]+)"[^>]*>([^<]+)</option>', page.text.split('name="rules"')[1].split("</select>")[0])
    assert ("republic_of_rome", "The Republic of Rome") in offered and "sylla" in dict(offered)
    assert "toy" not in dict(offered)


def test_new_explains_every_option_of_the_republic_of_rome(client):
    c, _ = client
    page = c.get(f"/new?rules={TITLE}")
    assert page.status_code == 200
    shown = text_of(page.text)
    assert "The Republic of Rome" in shown and "Players (3 to 6), in seating order" in shown
    assert shown.count('name="name"') == 6  # a row per possible player
    plain, advanced = shown.split("<details>")
    for option in SPEC:
        described = option.describe()
        where = advanced if described.get("advanced") or described["type"] == "json" else plain
        assert f'name="opt_{option.name}"' in where, f"{option.name} is not on /new where it belongs"
        assert str(described["label"]) in where and str(described["help"]) in where, f"{option.name} is not explained"
    assert "Default: In order." in plain  # a choice's default shown in words (senate_votes)


def test_a_game_of_the_republic_of_rome_is_created_from_the_new_form(client):
    c, svc = client
    page = c.get(f"/new?rules={TITLE}")
    r = c.post("/new", data={"csrf_token": csrf_from(page.text), "rules": TITLE, "action": "create",
                             "name": ["Ann", "Bob", "Cid", "", "", ""], "email": [""] * 6,
                             "opt_senate_votes": "sealed"})
    assert r.status_code == 303, text_of(r.text)[:500]
    gid = re.search(r"/games/([0-9a-f-]{36})", r.headers["Location"]).group(1)
    game = svc.get(gid)
    assert game.rules_id == TITLE and len(game.seats) == 3 and game.options["senate_votes"] == "sealed"
    assert c.get(f"/games/{gid}").status_code == 200
