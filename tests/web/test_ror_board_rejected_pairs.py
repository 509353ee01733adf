"""Rule 9.5.2 on the board (issue #16, a newcomer playing alone): the Consul pairs rejected this turn are named
beside the Senate, so the Presiding Magistrate does not nominate one again and meet "This pair was rejected
already this turn"."""
from __future__ import annotations

import html

from domain.games.republic_of_rome import RULES
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.unit.republic_of_rome.test_senate_agenda import nominate, opened, table
from tests.scenario.republic_of_rome.senate_position import votes_all
from tests.web.helpers import embedded_app


def web_view(s: dict, seat: str) -> dict:
    players = [{"seat": x, "name": x.title()} for x in s["seats"]]
    return {"state": RULES.view(s, seat), "you": {"seat": seat}, "prompt": None,
            "game": {"rules": "republic_of_rome", "players": players, "options": {}}}


def test_9_5_2_the_board_names_the_consul_pairs_rejected_this_turn(tmp_path):
    s = opened(table())
    assert board.model(web_view(s, "green"))["rejected_pairs"] == []
    s = votes_all(nominate(s, "2", "3"), {"red": "no", "blue": "yes", "green": "no"})
    svc = make_service(f"sqlite:///{tmp_path}/events.sqlite3")
    try:
        with embedded_app(svc).test_request_context("/"):
            page = html.unescape(board.render(web_view(s, "green")))
    finally:
        svc.close()
    assert "Consul pairs rejected this turn (they may not be nominated again): <span>Fabius (2) and Valerius (3)" \
        in page
