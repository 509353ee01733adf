"""Take back a choice over HTTP: `POST /api/games/<id>/undo` and the game page's button. Allowed only
until a reveal, a draw or another player's turn; a refusal is 409 and changes nothing."""
from __future__ import annotations

import pytest

from tests.support.play import play_sealed_round
from tests.web.helpers import (OPERATOR, call, csrf_from, embedded_app, error_of, login, new_game,
                               production_app, version)


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def _view(client, gid, token):
    r = call(client, "GET", f"/api/games/{gid}/view", token)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def _drawn(client, svc, **kw):
    """A 3-player game where the round winner has just chosen to draw: that choice can be taken back."""
    g = new_game(client, players=3, **kw)
    gid = g["id"]
    play_sealed_round(svc, gid)
    winner = svc.get(gid).waiting_for()[0]
    prompt = _view(client, gid, g["tokens"][winner])["prompt"]
    assert prompt["kind"] == "draw_or_pass"
    r = call(client, "POST", f"/api/games/{gid}/actions", g["tokens"][winner],
             json={"prompt_id": prompt["id"], "choice": "draw"})
    assert r.status_code == 200
    return g, gid, winner


def test_the_view_says_who_can_undo(client, svc):
    g, gid, winner = _drawn(client, svc)
    for seat, token in g["tokens"].items():
        assert _view(client, gid, token)["you"]["can_undo"] is (seat == winner)


def test_undo_reoffers_the_decision_and_then_is_refused(client, svc):
    g, gid, winner = _drawn(client, svc)
    token = g["tokens"][winner]
    before = version(svc, gid)
    r = call(client, "POST", f"/api/games/{gid}/undo", token)
    assert r.status_code == 200 and r.get_json()["version"] == before + 1 == version(svc, gid)
    again = _view(client, gid, token)
    assert again["prompt"]["kind"] == "draw_or_pass" and again["you"]["can_undo"] is False
    history = call(client, "GET", f"/api/games/{gid}/history", token).get_json()
    assert history[-1]["type"] == "ChoiceUndone" and "took back" in " ".join(history[-1]["text"])
    r = call(client, "POST", f"/api/games/{gid}/undo", token)  # nothing left to take back
    assert r.status_code == 409 and "taken back" in error_of(r)
    assert version(svc, gid) == before + 1
    assert call(client, "GET", f"/api/games/{gid}/audit").get_json()["chain_valid"] is True


def test_undo_is_refused_after_another_players_turn(client, svc):
    g, gid, winner = _drawn(client, svc)
    token = g["tokens"][winner]
    keep = _view(client, gid, token)["prompt"]
    assert call(client, "POST", f"/api/games/{gid}/actions", token,
                json={"prompt_id": keep["id"], "choice": keep["choices"][0]["id"]}).status_code == 200
    before = version(svc, gid)
    r = call(client, "POST", f"/api/games/{gid}/undo", token)
    assert r.status_code == 409 and error_of(r).endswith(".")
    assert version(svc, gid) == before


def test_only_the_seat_itself_may_undo(client, svc):
    g, gid, winner = _drawn(client, svc)
    other = next(s for s in g["tokens"] if s != winner)
    before = version(svc, gid)
    assert call(client, "POST", f"/api/games/{gid}/undo", g["tokens"][other]).status_code == 409
    r = call(client, "POST", f"/api/games/{gid}/undo", g["tokens"][other], json={"seat": winner})
    assert r.status_code == 403                                    # naming another seat is not allowed
    assert call(client, "POST", f"/api/games/{gid}/undo").status_code == 401
    foreign = new_game(client)["tokens"]["red"]
    assert call(client, "POST", f"/api/games/{gid}/undo", foreign).status_code == 403
    r = call(client, "POST", f"/api/games/{gid}/undo", g["tokens"][winner], data="{not json",
             headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert version(svc, gid) == before


def test_the_operator_undoes_for_a_named_seat(prod_svc):
    client = production_app(prod_svc).test_client()
    g, gid, winner = _drawn(client, prod_svc, token=OPERATOR)
    before = version(prod_svc, gid)
    assert call(client, "POST", f"/api/games/{gid}/undo", OPERATOR).status_code == 422   # which seat?
    r = call(client, "POST", f"/api/games/{gid}/undo", OPERATOR, json={"seat": winner})
    assert r.status_code == 200 and version(prod_svc, gid) == before + 1


def test_the_game_page_offers_undo_only_while_it_is_allowed(svc):
    client = embedded_app(svc).test_client()
    g, gid, winner = _drawn(client, svc)
    login(client, g["tokens"][winner])
    page = client.get(f"/games/{gid}?seat={winner}")
    assert "Take back my last choice" in page.text
    before = version(svc, gid)
    assert client.post(f"/games/{gid}/undo", data={"seat": winner}).status_code == 400   # no CSRF token
    assert version(svc, gid) == before
    r = client.post(f"/games/{gid}/undo", data={"seat": winner, "csrf_token": csrf_from(page.text)})
    assert r.status_code == 303 and version(svc, gid) == before + 1
    page = client.get(r.headers["Location"])
    assert "Take back my last choice" not in page.text and 'value="draw"' in page.text
    r = client.post(f"/games/{gid}/undo", data={"seat": winner, "csrf_token": csrf_from(page.text)})
    assert r.status_code == 409 and "taken back" in r.text and version(svc, gid) == before + 1


def test_another_seat_never_sees_the_button(svc):
    client = embedded_app(svc).test_client()
    g, gid, winner = _drawn(client, svc)
    other = next(s for s in g["tokens"] if s != winner)
    login(client, g["tokens"][other])
    assert "Take back my last choice" not in client.get(f"/games/{gid}?seat={other}").text
