"""Issue #14 item 8, spec 16 ("A player may voluntarily show his cards to anyone"): a seat shows its secret
cards to chosen seats through the API (POST /api/games/<id>/show) or the game page's form. The server writes
the message from the real hand; only the sender and the chosen seats ever read it (view, history, page,
export), in their own language; a title without secret cards (Sylla) does not offer it."""
from __future__ import annotations

import json

import pytest

import locales

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.names import card_name
from tests.support.play import PLAYERS
from tests.web.helpers import call, csrf_from, embedded_app, error_of, login


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def rome(svc, seed: str = "14", **options) -> tuple[str, dict]:
    created = svc.create_game("republic_of_rome", PLAYERS[:4], options, seed=seed * 32)
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def hand_names(svc, gid: str, seat: str) -> list[str]:
    state = svc.get(gid).state
    return [str(card_name(data_for(state), c)) for c in state["factions"][seat]["hand"]]


def history_text(client, gid: str, token: str) -> str:
    r = call(client, "GET", f"/api/games/{gid}/history", token)
    assert r.status_code == 200
    return r.text


def test_16_a_seat_shows_its_hand_to_one_seat_and_only_that_seat_reads_it(svc, client):
    gid, tokens = rome(svc)
    names = hand_names(svc, gid, "red")
    r = call(client, "POST", f"/api/games/{gid}/show", tokens["red"], json={"to": ["blue"]})
    assert r.status_code == 201 and r.get_json()["version"] == svc.get(gid).version
    event = svc.events(gid)[-1]
    assert event.content["shown"] == svc.get(gid).state["factions"]["red"]["hand"]
    assert event.content["to"] == ["blue"] and event.content["state_version"] == svc.get(gid).state_version
    blue = history_text(client, gid, tokens["blue"])
    assert f"Red (Ann) shows you their hand ({len(names)} cards): " in blue
    assert all(name in blue for name in names)
    assert f"You show your hand to Blue ({len(names)} cards)" in history_text(client, gid, tokens["red"])
    for other in ("green", "yellow"):
        text = history_text(client, gid, tokens[other]) + call(client, "GET", f"/api/games/{gid}/view",
                                                                tokens[other]).text
        assert "shows" not in text and not any(f'"{c}"' in text for c in event.content["shown"])
        assert event.content["text"] not in text
    assert "shows" not in json.dumps(svc.history(gid, None))  # a spectator neither


def test_16_all_means_every_other_seat_never_spectators(svc, client):
    gid, tokens = rome(svc, "15")
    r = call(client, "POST", f"/api/games/{gid}/show", tokens["green"], json={"to": "all"})
    assert r.status_code == 201
    assert svc.events(gid)[-1].content["to"] == ["blue", "red", "yellow"]
    assert "shows you their hand" in history_text(client, gid, tokens["yellow"])
    assert not [e for e in svc.history(gid, None) if e["type"] == "MessagePosted"]


def test_16_the_receiver_reads_it_in_his_own_language(svc, client):
    gid, tokens = rome(svc, "16", language="hu")
    call(client, "POST", f"/api/games/{gid}/show", tokens["red"], json={"to": ["blue"]})
    r = call(client, "GET", f"/api/games/{gid}/history", tokens["blue"])
    assert r.headers["Content-Language"] == "hu"
    state = svc.get(gid).state
    hungarian = [locales.render(card_name(data_for(state), c), "hu") for c in state["factions"]["red"]["hand"]]
    assert all(name in r.text for name in hungarian)  # rendered from the ids, not the stored English
    assert hungarian != hand_names(svc, gid, "red")


@pytest.mark.parametrize("body", [{"to": ["red"]}, {"to": ["purple"]}, {"to": []}])
def test_16_showing_to_oneself_an_unknown_seat_or_nobody_is_refused(svc, client, body):
    gid, tokens = rome(svc, "17")
    before = svc.get(gid).version
    r = call(client, "POST", f"/api/games/{gid}/show", tokens["red"], json=body)
    assert r.status_code in (400, 422) and error_of(r)
    assert svc.get(gid).version == before


def test_a_title_without_secret_cards_does_not_offer_it(svc, client):
    created = svc.create_game("sylla", PLAYERS[:3], {}, seed="18" * 32)
    gid, token = created["id"], created["seats"][0]["token"]
    r = call(client, "POST", f"/api/games/{gid}/show", token, json={"to": [created["seats"][1]["seat"]]})
    assert r.status_code == 422 and "no secret cards" in error_of(r)
    login(client, token)
    assert "Show my cards" not in client.get(f"/games/{gid}").text


def test_16_the_game_page_form_shows_the_cards_and_the_receivers_page_lists_them(svc, client):
    gid, tokens = rome(svc, "19")
    names = hand_names(svc, gid, "red")
    login(client, tokens["red"])
    page = client.get(f"/games/{gid}").text
    assert "Show my cards to" in page
    r = client.post(f"/games/{gid}/show", data={"csrf_token": csrf_from(page), "seat": "red", "to": ["yellow"]})
    assert r.status_code == 303 and r.headers["Location"].endswith("#messages")
    other = embedded_app(svc).test_client()
    login(other, tokens["yellow"])
    assert "shows you their hand" in other.get(f"/games/{gid}").text
    third = embedded_app(svc).test_client()
    login(third, tokens["green"])
    assert not any(name in third.get(f"/games/{gid}").text.split('id="messages"')[1].split("</section>")[0]
                   for name in names)


def test_16_exports_withhold_the_shown_cards_from_the_other_seats(svc, client):
    gid, tokens = rome(svc, "1a")
    call(client, "POST", f"/api/games/{gid}/show", tokens["red"], json={"to": ["blue"]})
    seq = svc.get(gid).version
    svc.abandon(gid, "operator", "test over")
    shown = svc.events(gid)[seq - 1].content["shown"]
    for seat, sees in (("blue", True), ("red", True), ("green", False), ("yellow", False)):
        entry = next(e for e in svc.export(gid, seat)["events"] if e["seq"] == seq)
        assert (entry["content"].get("shown") == shown) == sees, seat
    report = call(client, "GET", f"/api/games/{gid}/audit", tokens["green"]).get_json()
    assert report["chain_valid"] and report["replay_valid"]
