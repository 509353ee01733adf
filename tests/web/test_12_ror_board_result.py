"""Rule 12 on the Republic of Rome's board (issue #16 item 3): once the game is over, a "the game is over" block
says who won (or that the Republic fell), why, and each faction's Influence with what was not counted."""
from __future__ import annotations

import html
import random
import re

import pytest

from domain.games.republic_of_rome import RULES, victory
from domain.games.republic_of_rome.data import data_for
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.web.helpers import embedded_app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('ror-result')}/events.sqlite3")
    yield embedded_app(service)
    service.close()


def text_of(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(fragment)))


def rendered(app, s: dict, seat: str | None, **page: object) -> str:
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": seat} if seat else None, "state": RULES.view(s, seat),
            "prompt": None, **page}
    with app.test_request_context("/"):
        return text_of(board.render(view))


def game(seed: int = 3) -> dict:
    return RULES.setup(RULES.seat_ids(3), {}, random.Random(seed))


def test_12_the_board_says_who_won_why_and_each_faction_s_influence(app):
    s = game()
    red = sorted(sid for sid, x in s["senators"].items() if x["faction"] == "red")
    s["senators"][red[0]]["rebel"] = True
    victory.republic_falls(s, data_for(s), "people_revolt")
    text = rendered(app, s, "red")
    assert "The game is over Red The game is over: you win." in text, text
    assert "The people of Rome revolted: the Republic falls, and the faction in revolt takes Rome." in text
    influence = victory.faction_influence(s, "blue")
    assert f"Blue: {influence} Influence from " in text
    assert "Not counted, in revolt: " + str(RULES.view(s, None)["factions"]["red"]["senators"][0]["name"]) in text
    assert "The game is over: Red wins." in rendered(app, s, "blue")


def test_12_the_collective_loss_on_the_board_names_no_winner(app):
    s = game()
    victory.republic_falls(s, data_for(s), "four_wars")
    text = rendered(app, s, None)
    assert "The game is over: the Republic has fallen and every player loses." in text
    result = text.split("The game is over", 1)[1].split("Factions", 1)[0]
    assert " wins." not in result and "Four or more Wars were Active" in result


def test_12_no_result_block_while_the_game_goes_on(app):
    assert "The game is over" not in rendered(app, game(), "red")


def test_12_the_game_page_says_the_result_once_the_history_page_on_its_board(app):
    """The game page's "Game over" box (from the view's outcome) prints the same lines: the board leaves them
    out there; the history page's board "as of" an event has no such box and keeps them."""
    s = game()
    victory.republic_falls(s, data_for(s), "four_wars")
    outcome = {"winners": [], "scores": {seat: 0 for seat in s["seats"]}}
    assert "Four or more Wars were Active" not in rendered(app, s, "red", outcome=outcome)
    assert "Four or more Wars were Active" in rendered(app, s, "red", outcome=outcome, as_of=120)
