"""Issue #15 item 6: the Senate floor on the game page, from a vote the engine runs: the faction called now, who
may still veto (public facts only: the factions that have not voted, never whose hand holds a Tribune), Cato's
free Tribune, the sealed answers already in, and the way to the messages beside it."""
from __future__ import annotations

import html
import re

import pytest

from domain.games.republic_of_rome import RULES
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, set_hand
from tests.scenario.republic_of_rome.vote_position import open_vote, proposal, senate_table, vote
from tests.web.helpers import embedded_app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('ror-floor')}/events.sqlite3")
    yield embedded_app(service)
    service.close()


def table(**options) -> dict:
    s = senate_table(3, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, None, "green", statesman="22A", leader=True)  # Cato the Elder
    return s


def page(app, s: dict, viewer: str | None) -> str:
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": viewer} if viewer else None, "state": RULES.view(s, viewer),
            "prompt": None}
    with app.test_request_context("/"):
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(board.render(view))))


def test_the_floor_names_the_faction_called_who_may_veto_and_links_the_messages(app):
    pages = {}
    for hand in (["int:seduction.1"], ["int:tribune.1"]):  # whether blue holds a Tribune is secret
        s = table()
        set_hand(s, "blue", hand)
        s = open_vote(s, proposal("censor", candidate="4"), ScriptedRandom())
        s = vote(s, "red", {"1": "yes"})
        pages[hand[0] == "int:tribune.1"] = {viewer: page(app, s, viewer) for viewer in ("red", "green", None)}
    for viewer, text in pages[True].items():
        assert "Called to vote now: Blue" in text
        assert "May still veto with a Tribune (factions that have not voted; who holds one is secret): Blue Green" in text
        assert "Cato the Elder gives Green a free Tribune this turn." in text
        assert "Negotiate: public and private messages" in text
        assert text == pages[False][viewer], f"{viewer}'s page tells whether blue holds a Tribune"
    with app.test_request_context("/"):
        assert 'href="#messages"' in board.render({"game": {"rules": "republic_of_rome", "players": [], "options": {}},
                                                   "you": None, "state": RULES.view(s, None), "prompt": None})


def test_a_proposal_that_cannot_be_vetoed_says_so(app):
    s = open_vote(table(), proposal("censor", candidate="4", vetoable=False), ScriptedRandom())
    assert "This proposal cannot be vetoed." in page(app, s, "blue")


def test_sealed_votes_show_who_has_answered_never_what(app):
    s = open_vote(table(senate_votes="sealed"), proposal("censor", candidate="4"), ScriptedRandom())
    s = vote(s, "blue", {"4": "no"})
    text = page(app, s, "red")
    assert "Votes are sealed" in text and "Answered: Blue" in text
    assert "Blue: 0 for" not in text and "Julius (4) no" not in text


def test_9_10_the_floor_says_the_consul_for_life_casts_every_faction_s_votes(app):
    s = table()
    s["consul_for_life"] = {"senator": "1", "seat": "red", "turn": s["turn"], "elected": True}
    s = open_vote(s, proposal("censor", candidate="4"), ScriptedRandom())
    text = page(app, s, "blue")
    assert "The Consul for Life's faction, Red, casts the votes of every faction not in revolt." in text
    s["consul_for_life"] = None
    assert "Consul for Life's faction" not in page(app, open_vote(table(), proposal("censor", candidate="4"),
                                                                 ScriptedRandom()), "blue")
