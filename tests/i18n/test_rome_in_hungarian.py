"""A turn of The Republic of Rome in Hungarian, by e-mail and in the browser, with no English left in what the
players read (issue #17), played with the helpers the Sylla game in Greek uses
(tests/i18n/play.py, tests/i18n/english.py). Needs the Hungarian catalog complete."""
from __future__ import annotations

import random

import pytest

from domain.rules import reachable
from tests.i18n.english import assert_no_english
from tests.i18n.play import log_in, play_by_email, play_in_browser
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service

TITLE = "republic_of_rome"
pytestmark = pytest.mark.skipif(not reachable(TITLE), reason="The Republic of Rome is not installed")


def one_turn(start: int):
    """Stop once the game's turn number has moved on from `start`: one whole turn was played."""
    return lambda game: game.state.get("turn", 0) > start


def no_english(where: str, text: str) -> None:
    assert_no_english(text, "hu", where)


def test_a_republic_of_rome_turn_in_hungarian_by_email(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        gid = svc.create_game(TITLE, PLAYERS[:4], {"language": "hu"}, seed="5e" * 32)["id"]
        start = svc.get(gid).state.get("turn", 0)
        made = play_by_email(svc, gid, Mailboxes(tmp_path / "mail"), "hu", random.Random(7), no_english,
                             until=one_turn(start))
        assert made > 0 and (svc.get(gid).state.get("turn", 0) > start or svc.get(gid).status != "active")
    finally:
        svc.close()


@pytest.mark.browser
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_republic_of_rome_turn_in_hungarian_in_the_browser(browser, live):  # noqa: F811
    created = live.svc.create_game(TITLE, PLAYERS[:4], {"language": "hu"}, seed="5e" * 32)
    gid = created["id"]
    contexts = {s["seat"]: browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
                for s in created["seats"]}
    pages = {s["seat"]: log_in(contexts[s["seat"]], f"{live.url}/play/{s['token']}") for s in created["seats"]}
    start = live.svc.get(gid).state.get("turn", 0)
    assert play_in_browser(live, pages, gid, random.Random(7), no_english, until=one_turn(start)) > 0
    for context in contexts.values():
        context.close()
