"""Issue #14, done when: a 4-player game of The Republic of Rome, created by its id through the service (a seed
makes the game repeatable), plays three whole turns through the web: every
decision is sent to the JSON API with the seat's own token (a form's answer as its canonical JSON, drawn
as the bot draws it: ror_play.bot_answer), and every seat's view, history and board page show that seat's
own faction treasury and hand and nobody else's.
"""
from __future__ import annotations

import json
import random

import pytest

from tests.conftest import make_service
from tests.support.play import PLAYERS
from tests.web.helpers import call, embedded_app, login
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.names import card_name
from tests.web.ror_play import assert_view_keeps_secrets, bot_answer, leaked_cards

TURNS = 3
MAX_GAMES = 5


@pytest.fixture
def svc(tmp_path):
    service = make_service(f"sqlite:///{tmp_path}/events.sqlite3")
    yield service
    service.close()


def _act(client, gid: str, token: str, prompt_id: str, answer: str, key: str) -> None:
    r = call(client, "POST", f"/api/games/{gid}/actions", token,
             json={"prompt_id": prompt_id, "choice": answer, "idempotency_key": key})
    assert r.status_code == 200, r.get_json()


def test_three_turns_of_a_4_player_game_through_the_web_api(svc):
    """Seeded games, one after the other until one lasts three whole turns (a random game may end sooner,
    by bankruptcy or a People's revolt, while Combat is not built): at most MAX_GAMES."""
    client = embedded_app(svc).test_client()
    for n in range(MAX_GAMES):
        created = svc.create_game("republic_of_rome", PLAYERS[:4], {}, seed=f"{14 + n:02x}" * 32)
        gid, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
        held: dict = {}
        turns_played = _play_through_the_api(svc, client, gid, tokens, random.Random(14 + n), held)
        game = svc.get(gid)
        for seat, token in tokens.items():
            _check_seat_pages(client, gid, seat, token, game.state, turns_played, held.get(seat, set()))
        if game.state["turn"] == TURNS + 1:
            break
    assert game.state["turn"] == TURNS + 1, f"no game of {MAX_GAMES} lasted {TURNS} turns"
    assert set(range(1, TURNS + 1)) <= turns_played, "every turn asks the players for decisions"


def _play_through_the_api(svc, client, gid: str, tokens: dict, rng: random.Random, held: dict | None = None) -> set[int]:
    """Random legal decisions through POST /actions until turn TURNS + 1 begins or the game ends; every
    seat's view checked before it acts. Returns the turns in which decisions were made; `held` gathers the
    cards each seat has held (traded cards go on to other hands: a seat's history may name them)."""
    decisions, turns_played = 0, set()
    while svc.get(gid).status == "active" and svc.get(gid).state["turn"] <= TURNS:
        game = svc.get(gid)
        for owner, f in game.state["factions"].items():
            (held if held is not None else {}).setdefault(owner, set()).update(f["hand"])
        seat = rng.choice(game.waiting_for())
        view = call(client, "GET", f"/api/games/{gid}/view", tokens[seat]).get_json()
        assert_view_keeps_secrets(view, game.state, seat)
        prompt = game.prompt_for(seat)
        assert view["prompt"]["id"] == prompt.id and (view["prompt"]["form"] is not None) == (prompt.form is not None)
        _act(client, gid, tokens[seat], prompt.id, bot_answer(game.state, prompt, rng)[0], f"d{decisions}")
        decisions += 1
        turns_played.add(game.state["turn"])
        assert decisions < 3000
    return turns_played


def _check_seat_pages(client, gid: str, seat: str, token: str, state: dict, turns: set[int],
                      held: set = frozenset()) -> None:
    """The seat's whole history and its board page name no other seat's hand card (but the cards it once
    held itself); its view shows its own."""
    once = {str(card_name(data_for(state), c)) for c in held}
    history = call(client, "GET", f"/api/games/{gid}/history?limit=1000", token)
    assert history.status_code == 200
    text = json.dumps(history.get_json(), ensure_ascii=False)
    assert all(f"Turn {turn}: the Forum Phase begins." in text for turn in turns if turn >= 1)
    over = state["finished"]  # once the game is over every seat reads the unredacted narration (api.py: history)
    assert over or not set(leaked_cards(text, state, seat)) - once
    assert_view_keeps_secrets(call(client, "GET", f"/api/games/{gid}/view", token).get_json(), state, seat)
    login(client, token)
    page = client.get(f"/games/{gid}?seat={seat}")
    assert page.status_code == 200
    assert over or not set(leaked_cards(page.text, state, seat)) - once
