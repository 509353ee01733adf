"""Standing orders over HTTP: `"standing": true` on an action, `DELETE /api/games/<id>/standing-orders/<n>`,
and on the game page the checkbox of the prompt form and the card of the viewer's own orders.

In High Card (the test title) the round winner is asked `draw_or_pass` (choices `draw`, `pass`). With the
seed below, the seat whose first such decision is answered by a standing order wins later rounds again
(tests/integration/test_standing_orders.py plays the same game through the service)."""
from __future__ import annotations

import json

import pytest

from tests.support.play import PLAYERS, play_sealed_round
from tests.web.helpers import (OPERATOR, call, csrf_from, embedded_app, error_of, hidden, login, new_game,
                               production_app, version)

SEED = "5c" * 32


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def _game(svc) -> tuple[str, dict]:
    created = svc.create_game("toy", PLAYERS[:2], {"rounds": 6, "hand_size": 6}, seed=SEED)
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def _view(client, gid, token, **kw):
    r = call(client, "GET", f"/api/games/{gid}/view", token, **kw)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def _to_draw_or_pass(svc, gid) -> str:
    """Sealed rounds until a seat owes draw-or-pass; that seat."""
    while svc.get(gid).status == "active":
        play_sealed_round(svc, gid)
        prompt = next((p for p in svc.get(gid).open_prompts() if p.kind == "draw_or_pass"), None)
        if prompt is not None:
            return prompt.seat
    raise AssertionError("nobody was ever asked to draw or pass")


def _act(client, gid, token, prompt_id, choice, **extra):
    return call(client, "POST", f"/api/games/{gid}/actions", token,
                json={"prompt_id": prompt_id, "choice": choice, **extra})


def _pass_for_good(client, svc) -> tuple[str, dict, str, dict]:
    """A game whose round winner answered "pass" with a standing order, through the API:
    (game id, tokens, the winner, its order as the view shows it)."""
    gid, tokens = _game(svc)
    winner = _to_draw_or_pass(svc, gid)
    prompt = _view(client, gid, tokens[winner])["prompt"]
    assert prompt["kind"] == "draw_or_pass"
    r = _act(client, gid, tokens[winner], prompt["id"], "pass", standing=True, idempotency_key="so-1")
    assert r.status_code == 200, r.get_json()
    [order] = _view(client, gid, tokens[winner])["you"]["standing_orders"]
    return gid, tokens, winner, order


def _play_out(svc, gid, seat) -> int:
    """Play the game to its end ("draw" and first choices); how often `seat` was asked draw-or-pass."""
    asked = 0
    while svc.get(gid).status == "active":
        prompt = svc.get(gid).open_prompts()[0]
        asked += prompt.seat == seat and prompt.kind == "draw_or_pass"
        svc.choose(gid, prompt.seat, prompt.id, "draw" if prompt.kind == "draw_or_pass" else prompt.choices[0].id)
    return asked


def _made_by_order(svc, gid) -> list[dict]:
    return [e.content for e in svc.events(gid)
            if type(e).__name__ == "ChoiceMade" and e.content.get("by") == "standing"]


# ------------------------------------------------------------------------------------------ the API

def test_an_order_set_with_an_action_answers_every_later_prompt_of_its_kind(client, svc):
    gid, tokens, winner, order = _pass_for_good(client, svc)
    assert (order["kind"], order["choice"], order["label"]) == ("draw_or_pass", "pass", "Pass")
    assert _play_out(svc, gid, winner) == 0  # never asked again
    fired = _made_by_order(svc, gid)
    assert fired and all((c["seat"], c["choice"], c["order"]) == (winner, "pass", order["id"]) for c in fired)
    other = next(s for s in tokens if s != winner)
    narrated = json.dumps(call(client, "GET", f"/api/games/{gid}/history", tokens[other]).get_json())
    assert "(by standing order)" in narrated  # the choices an order makes are public


def test_a_cancelled_order_stops_and_the_seat_is_asked_again(client, svc):
    gid, tokens, winner, order = _pass_for_good(client, svc)
    before = version(svc, gid)
    r = call(client, "DELETE", f"/api/games/{gid}/standing-orders/{order['id']}", tokens[winner])
    assert r.status_code == 200 and r.get_json()["version"] == before + 1 == version(svc, gid)
    assert _view(client, gid, tokens[winner])["you"]["standing_orders"] == []
    r = call(client, "DELETE", f"/api/games/{gid}/standing-orders/{order['id']}", tokens[winner])
    assert r.status_code == 422 and error_of(r)  # already gone
    assert _play_out(svc, gid, winner) > 0 and not _made_by_order(svc, gid)


@pytest.mark.parametrize("standing", ["true", 1, 0, None, [], {}, "yes"])
def test_a_standing_that_is_not_a_boolean_is_refused_and_changes_nothing(client, svc, standing):
    gid, tokens = _game(svc)
    prompt = _view(client, gid, tokens["red"])["prompt"]
    before = version(svc, gid)
    r = _act(client, gid, tokens["red"], prompt["id"], prompt["choices"][0]["id"], standing=standing)
    assert r.status_code == 400 and '"standing"' in error_of(r)
    assert version(svc, gid) == before and not svc.get(gid).standing


def test_standing_false_is_a_plain_choice(client, svc):
    gid, tokens = _game(svc)
    prompt = _view(client, gid, tokens["red"])["prompt"]
    r = _act(client, gid, tokens["red"], prompt["id"], prompt["choices"][0]["id"], standing=False)
    assert r.status_code == 200 and not svc.get(gid).standing


def test_cancel_refusals_change_nothing(client, svc):
    gid, tokens, winner, order = _pass_for_good(client, svc)
    other = next(s for s in tokens if s != winner)
    url = f"/api/games/{gid}/standing-orders/{order['id']}"
    before = version(svc, gid)
    r = call(client, "DELETE", f"/api/games/{gid}/standing-orders/{order['id'] + 1000}", tokens[winner])
    assert r.status_code == 422 and "no standing order" in error_of(r)
    assert call(client, "DELETE", url, tokens[other]).status_code == 422   # not one of the other seat's orders
    assert call(client, "DELETE", url, tokens[other], query_string={"seat": winner}).status_code == 403
    assert call(client, "DELETE", url, tokens[other], json={"seat": winner}).status_code == 403
    assert call(client, "DELETE", url).status_code == 401
    foreign = new_game(client)["tokens"]["red"]
    assert call(client, "DELETE", url, foreign).status_code == 403
    r = call(client, "DELETE", url, tokens[winner], data="{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    r = call(client, "DELETE", url, tokens[winner], query_string={"seat": winner}, json={"seat": other})
    assert r.status_code == 400
    assert call(client, "DELETE", f"/api/games/{gid}/standing-orders/x", tokens[winner]).status_code == 404
    assert version(svc, gid) == before
    assert [o["id"] for o in svc.get(gid).standing[winner]] == [order["id"]]


def test_other_seats_never_see_the_order(client, svc):
    gid, tokens, winner, order = _pass_for_good(client, svc)
    other = next(s for s in tokens if s != winner)
    mine = json.dumps(call(client, "GET", f"/api/games/{gid}/history", tokens[winner]).get_json())
    assert "StandingOrderSet" in mine and "standing order" in mine
    for url in (f"/api/games/{gid}/view", f"/api/games/{gid}/history", f"/api/games/{gid}/history/{order['id']}"):
        seen = call(client, "GET", url, tokens[other])
        assert seen.status_code == 200
        text = json.dumps(seen.get_json())
        assert "StandingOrderSet" not in text and "set a standing order" not in text, url
        if url.endswith("/view") or "/history/" in url:
            assert seen.get_json()["you"]["standing_orders"] == []
    _play_out(svc, gid, winner)
    after = json.dumps(call(client, "GET", f"/api/games/{gid}/history", tokens[other]).get_json())
    assert "StandingOrderSet" not in after  # private for good, also once the game is over
    archive = call(client, "GET", f"/api/games/{gid}/export", tokens[other]).get_json()
    assert "StandingOrderSet" not in json.dumps(archive)
    hidden = [e for e in archive["events"] if e["seq"] == order["id"]]
    assert hidden == [{"seq": order["id"], "type": "Private", "content": {"redacted": True},
                       "prev_hash": hidden[0]["prev_hash"], "hash": hidden[0]["hash"]}]


def test_a_game_that_is_over_keeps_its_orders(client, svc):
    gid, tokens, winner, order = _pass_for_good(client, svc)
    _play_out(svc, gid, winner)
    before = version(svc, gid)
    r = call(client, "DELETE", f"/api/games/{gid}/standing-orders/{order['id']}", tokens[winner])
    assert r.status_code == 409 and error_of(r).endswith(".")
    assert version(svc, gid) == before


def test_the_operator_cannot_set_an_order_but_may_cancel_one_for_a_named_seat(prod_svc):
    client = production_app(prod_svc).test_client()
    gid, tokens, winner, order = _pass_for_good(client, prod_svc)
    prompt = prod_svc.get(gid).open_prompts()[0]  # the next round's card, for some seat
    seat = prompt.seat
    before = version(prod_svc, gid)
    r = _act(client, gid, OPERATOR, prompt.id, prompt.choices[0].id, seat=seat, standing=True)
    assert r.status_code == 422 and "standing order" in error_of(r)
    url = f"/api/games/{gid}/standing-orders/{order['id']}"
    assert call(client, "DELETE", url, OPERATOR).status_code == 422                  # which seat?
    assert version(prod_svc, gid) == before and len(prod_svc.get(gid).standing[winner]) == 1
    r = call(client, "DELETE", url, OPERATOR, query_string={"seat": winner})
    assert r.status_code == 200 and prod_svc.get(gid).standing[winner] == []


def test_the_document_describes_the_field_and_the_route(client):
    spec = call(client, "GET", "/api/openapi.json").get_json()
    operation = spec["paths"]["/api/games/{game_id}/standing-orders/{order_id}"]["delete"]
    assert {"200", "401", "403", "404", "409", "422"} <= set(operation["responses"])
    assert spec["components"]["schemas"]["Action"]["properties"]["standing"]["type"] == "boolean"
    you = spec["components"]["schemas"]["View"]["properties"]["you"]["properties"]
    assert you["standing_orders"]["items"]["required"] == ["id", "kind", "choice", "label"]


# ------------------------------------------------------------------------------------- the game page

def _logged_in_winner(svc):
    """A browser logged in as the seat that owes draw-or-pass, on its game page."""
    client = embedded_app(svc).test_client()
    gid, tokens = _game(svc)
    winner = _to_draw_or_pass(svc, gid)
    login(client, tokens[winner])
    page = client.get(f"/games/{gid}?seat={winner}")
    assert page.status_code == 200
    return client, gid, tokens, winner, page.text


def _choose_form(page: str, seat: str) -> dict:
    return {"csrf_token": csrf_from(page), "seat": seat, "prompt_id": hidden(page, "prompt_id"),
            "key": hidden(page, "key")}


def test_the_checkbox_sets_an_order_and_the_card_cancels_it(svc):
    client, gid, tokens, winner, page = _logged_in_winner(svc)
    assert 'name="standing"' in page and "Also choose this whenever I am asked this again (standing order)" in page
    r = client.post(f"/games/{gid}/choose", data={**_choose_form(page, winner), "choice": "pass", "standing": "yes"})
    assert r.status_code == 303
    [order] = svc.get(gid).standing[winner]
    assert (order["kind"], order["choice"]) == ("draw_or_pass", "pass")
    page = client.get(r.headers["Location"]).text
    assert "Your standing orders" in page and "Drawing after a win:" in page and f"(order {order['id']})" in page
    cancel = f"/games/{gid}/standing-orders/{order['id']}/cancel"
    assert cancel in page
    before = version(svc, gid)
    r = client.post(cancel, data={"seat": winner})                          # no CSRF token
    assert r.status_code == 400 and version(svc, gid) == before and svc.get(gid).standing[winner]
    r = client.post(cancel, data={"seat": winner, "csrf_token": csrf_from(page)})
    assert r.status_code == 303 and r.headers["Location"].endswith("#standing")
    assert svc.get(gid).standing[winner] == [] and version(svc, gid) == before + 1
    page = client.get(r.headers["Location"]).text
    assert f"Standing order {order['id']} is cancelled" in page
    r = client.post(cancel, data={"seat": winner, "csrf_token": csrf_from(page)})  # gone: the reason, no change
    assert r.status_code == 422 and "no standing order" in r.text and version(svc, gid) == before + 1


def test_without_the_box_no_order_is_set(svc):
    client, gid, tokens, winner, page = _logged_in_winner(svc)
    r = client.post(f"/games/{gid}/choose", data={**_choose_form(page, winner), "choice": "pass"})
    assert r.status_code == 303 and not svc.get(gid).standing.get(winner)
    assert "Your standing orders" not in client.get(r.headers["Location"]).text


def test_the_card_shows_only_the_viewers_own_orders_escaped(svc, monkeypatch):
    client, gid, tokens, winner, page = _logged_in_winner(svc)
    r = client.post(f"/games/{gid}/choose", data={**_choose_form(page, winner), "choice": "pass", "standing": "yes"})
    assert r.status_code == 303
    other = next(s for s in tokens if s != winner)
    stranger = embedded_app(svc).test_client()
    login(stranger, tokens[other])
    theirs = stranger.get(f"/games/{gid}?seat={other}").text
    assert "Your standing orders" not in theirs and "set a standing order" not in theirs
    assert stranger.get(f"/games/{gid}?seat={winner}").status_code == 403
    from service import views

    real = views.standing_orders_json
    monkeypatch.setattr(views, "standing_orders_json", lambda game, seat: [
        {**o, "label": "<script>alert(1)</script>"} for o in real(game, seat)])
    page = client.get(f"/games/{gid}?seat={winner}").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
