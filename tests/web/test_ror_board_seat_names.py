"""Issue #16, a newcomer's page in their language: the Republic of Rome board's seat chips (the HRAO's faction,
the Senate floor's called faction, who may veto, who is still to vote, Cato's faction) show the seat's name in
the reader's language ("Μπλε", not the seat id "Blue" capitalised), as the game page's own chips do."""
from __future__ import annotations

import html
import re

import pytest
from flask import g

from domain.games.republic_of_rome import RULES
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.scenario.republic_of_rome.position import ScriptedRandom
from tests.scenario.republic_of_rome.vote_position import open_vote, proposal, vote
from tests.web.helpers import embedded_app
from tests.web.test_senate_floor import table


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('ror-seat-names')}/events.sqlite3")
    yield embedded_app(service)
    service.close()


def chips(app, s: dict, language: str) -> list[str]:
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": "red"}, "state": RULES.view(s, "red"), "prompt": None}
    with app.test_request_context("/"):
        g.tabularium_language = language
        page = board.render(view)
    return [html.unescape(c).strip() for c in re.findall(r'<span class="chip"[^>]*>([^<]*)</span>', page)]


def test_16_the_board_s_seat_chips_are_in_the_reader_s_language(app):
    s = vote(open_vote(table(), proposal("censor", candidate="4"), ScriptedRandom()), "red", {"1": "yes"})
    english, greek = chips(app, s, "en"), chips(app, s, "el")
    assert "Blue" in english and "Green" in english
    assert "Μπλε" in greek and "Κόκκινος" in greek, greek
    assert not {"Blue", "Green", "Red"} & set(greek), f"English seat ids on a Greek page: {greek}"
