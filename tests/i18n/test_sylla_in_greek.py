"""A whole Sylla game in Greek, by e-mail and in the browser, with no English left in what the players read
(tests/i18n/english.py: English stop words, and in Greek any word in Latin letters but a short list of
proper names); and the game page in each language, photographed under test-artifacts/i18n/ (git-ignored).

The table's language is Greek; the browsers ask for English (Accept-Language) and the e-mails are composed
with nothing else to go by: the table's language must win everywhere. Needs complete catalogs
(tests/i18n/test_catalogs.py)."""
from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

import locales
from domain.rules import titles
from service import cli
from tests.i18n.english import assert_no_english, visible_text
from tests.i18n.play import log_in, play_by_email, play_in_browser
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service

pytestmark = pytest.mark.skipif("sylla" not in titles(), reason="Sylla is not installed")
CLOCK = {"mode": "deadline", "per_decision_hours": 24, "timezone": "Europe/Athens"}
SEEN_PAGES = ("", "/history", "/audit")


def no_english(language: str):
    def seen(where: str, text: str) -> None:
        assert_no_english(text, language, where)
    return seen


@pytest.fixture
def env(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "BASE_URL": "https://games.example.org",
                       "BROKER_URL": "memory://", "TEST_TITLES": "1", "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    return url


def test_a_whole_sylla_game_in_greek_by_email(env, tmp_path):
    svc = mail_service(env, tmp_path)
    try:
        gid = svc.create_game("sylla", PLAYERS[:3], {"clock": CLOCK, "language": "el"}, seed="5e" * 32)["id"]
        boxes = Mailboxes(tmp_path / "mail")
        rng = random.Random(17)
        made = play_by_email(svc, gid, boxes, "el", rng, no_english("el"), until=lambda game: game.version > 60)
        later = (datetime.now(timezone.utc) + timedelta(days=30)).isoformat()  # a deadline missed: reminders,
        assert cli.main(["tick", "--now", later]) == 0                          # the late notice, the timeout
        made += play_by_email(svc, gid, boxes, "el", random.Random(18), no_english("el"), standing_order_at=None)
        assert svc.get(gid).status == "finished" and made > 20
        kinds = {str(m["X-Tabularium-Kind"]) for m in boxes.all()}
        assert {"invitation", "your_turn", "reply_accepted", "timeout", "finished"} <= kinds, kinds
        subjects = {str(m["Subject"]) for m in boxes.all()}
        assert all("παρτίδα" in s or "Sylla" in s for s in subjects), subjects
    finally:
        svc.close()


@pytest.mark.browser
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_whole_sylla_game_in_greek_in_the_browser(browser, live):  # noqa: F811
    svc = live.svc
    created = svc.create_game("sylla", PLAYERS[:3], {"language": "el", "clock": CLOCK}, seed="5e" * 32)
    gid = created["id"]
    contexts, pages = {}, {}
    for s in created["seats"]:
        contexts[s["seat"]] = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        pages[s["seat"]] = log_in(contexts[s["seat"]], f"{live.url}/play/{s['token']}")
        assert pages[s["seat"]].get_attribute("html", "lang") == "el"
    made = play_in_browser(live, pages, gid, random.Random(5), no_english("el"))
    assert svc.get(gid).status == "finished" and made > 20
    page = pages["red"]
    for path in SEEN_PAGES:
        page.goto(f"{live.url}/games/{gid}{path}", wait_until="domcontentloaded")
        assert_no_english(visible_text(page.content()), "el", f"the page /games/<id>{path} after the end")
    for context in contexts.values():
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_game_page_in_each_language_photographed(browser, live, artifacts):  # noqa: F811
    svc = live.svc
    shots = os.path.join(artifacts, "i18n")
    os.makedirs(shots, exist_ok=True)
    texts = {}
    for language in locales.LANGUAGES:
        created = svc.create_game("sylla", PLAYERS[:3], {"language": language, "clock": CLOCK}, seed="5e" * 32)
        gid = created["id"]
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        seats = {s["seat"]: log_in(context, f"{live.url}/play/{s['token']}") for s in created["seats"]}
        rng = random.Random(3)
        play_in_browser(live, seats, gid, rng, lambda where, text: None, until=lambda game: game.version > 4)
        page = seats["red"]
        page.goto(f"{live.url}/games/{gid}?seat=red", wait_until="domcontentloaded")
        assert page.get_attribute("html", "lang") == language
        path = os.path.join(shots, f"game-page-{language}.png")
        page.screenshot(path=path, full_page=True)
        assert os.path.getsize(path) > 10_000
        texts[language] = visible_text(page.content())
        context.close()
    print("screenshots: " + ", ".join(sorted(os.path.join(shots, f) for f in os.listdir(shots))))
    for language, text in texts.items():
        if language != locales.DEFAULT:
            assert_no_english(text, language, f"the game page in {language}")


def test_the_json_view_of_a_greek_table_is_greek(env, tmp_path):
    """The API answers a seat of a Greek table in Greek too: the prompt, its choices and the history."""
    from tests.web.helpers import call, embedded_app

    svc = mail_service(env, tmp_path)
    try:
        created = svc.create_game("sylla", PLAYERS[:3], {"language": "el"}, seed="5e" * 32)
        client = embedded_app(svc).test_client()
        token = created["seats"][0]["token"]
        view = call(client, "GET", f"/api/games/{created['id']}/view", token)
        history = call(client, "GET", f"/api/games/{created['id']}/history", token)
        assert view.headers["Content-Language"] == "el"
        prompt = view.get_json()["prompt"]
        fields = (prompt.get("form") or {}).get("fields", [])
        texts = [prompt["text"], *[c["label"] for c in prompt["choices"]], *[f["label"] for f in fields],
                 *[o["label"] for f in fields for o in f.get("options", [])]]
        texts += [line for entry in history.get_json() for line in entry["text"]]
        assert_no_english(json.dumps(texts, ensure_ascii=False), "el", "the API's view and history")
    finally:
        svc.close()
