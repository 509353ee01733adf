"""Hidden information through the HTTP API on random games: at every step, for every seat, the view and
the history contain nothing private to another seat (toy: other hands and sealed cards; Sylla: other
seats' denarii, tokens and sealed choices). The check runs in every language (docs/i18n.md): each case's
table speaks one of them, in turn, so every answer is rendered in that language (Content-Language says so)."""
from __future__ import annotations

import json
import random

import pytest

from domain.forms import random_reply
from domain.game import MAX_STANDING_ORDERS

import locales
from domain.rules import titles
from tests.web.helpers import call, embedded_app, new_game


def seat_views(client, gid, tokens, with_history: bool, language: str = "en") -> dict[str, str]:
    out = {}
    for seat, token in tokens.items():
        v = call(client, "GET", f"/api/games/{gid}/view", token)
        assert v.status_code == 200 and v.headers["Content-Language"] == language
        text = v.text
        if with_history:
            h = call(client, "GET", f"/api/games/{gid}/history", token)
            assert h.status_code == 200 and h.headers["Content-Language"] == language
            text += h.text
        out[seat] = text
    return out


def check_toy(svc, gid, texts, views_json):
    game = svc.get(gid)
    state = game.state
    for seat, text in texts.items():
        view = views_json[seat]
        assert view["state"]["your_hand"] == state["hands"][seat]
        for other in game.seat_ids:
            if other == seat:
                continue
            for card in state["hands"][other]:
                assert f'"card-{card}"' not in text, (seat, other, card)
            sealed = game.sealed.get(other)
            if sealed:
                needle = f'"{sealed["choice"]}"'
                assert needle not in text, (seat, other, text[max(0, text.find(needle) - 300):][:400])


def check_sylla(svc, gid, texts, views_json):
    game = svc.get(gid)
    for seat, view in views_json.items():
        players = view["state"]["players"]
        assert "denarii" in players[seat] and "tokens" in players[seat]
        for other, p in players.items():
            if other != seat:
                assert not {"denarii", "tokens", "sealed_choice"} & set(p), (seat, other)
        own = {c["id"] for c in (view["prompt"] or {}).get("choices", [])}
        own |= {view["you"].get("sealed_choice"), players[seat].get("sealed_choice")}  # the same id may be mine too
        own |= {o["choice"] for o in view["you"]["standing_orders"]}
        for other, sealed in game.sealed.items():
            if other != seat and sealed["choice"] not in own:
                assert f'"{sealed["choice"]}"' not in texts[seat], (seat, other, sealed)


CASES = [("toy", 2, 1), ("toy", 3, 2), ("toy", 4, 3)]
if "sylla" in titles():
    CASES += [("sylla", 4, 5)]
# The language rotates per case rather than tripling every case: each language is checked on some table.
CASES = [(*case, locales.LANGUAGES[(n + 1) % len(locales.LANGUAGES)]) for n, case in enumerate(CASES)]


def test_the_cases_cover_every_language():
    assert {case[-1] for case in CASES} == set(locales.LANGUAGES)


@pytest.mark.parametrize("rules, players, seed, language", CASES)
def test_no_seat_sees_another_seats_secrets(svc, rules, players, seed, language):
    client = embedded_app(svc).test_client()
    g = new_game(client, rules, players, language=language)
    gid, tokens = g["id"], g["tokens"]
    rng = random.Random(seed)
    check = check_toy if rules == "toy" else check_sylla
    step = 0
    secrets_of: dict[str, list[str]] = {seat: [] for seat in tokens}  # private messages a seat must not see
    while svc.get(gid).status == "active":
        assert step < 3000
        with_history = rules == "toy" or step % 30 == 0
        texts = seat_views(client, gid, tokens, with_history=with_history, language=language)
        views_json = {s: json.loads(t[:_json_end(t)]) for s, t in texts.items()}
        check(svc, gid, texts, views_json)
        for seat, hidden in secrets_of.items():
            assert not any(h in texts[seat] for h in hidden), seat
        if step % 25 == 0:
            sender, receiver = rng.sample(sorted(tokens), 2)
            marker = f"whisper-{step}-{rng.random()}"
            r = call(client, "POST", f"/api/games/{gid}/messages", tokens[sender],
                     json={"to": [receiver], "text": marker})
            assert r.status_code == 201
            for seat in tokens:
                if seat not in (sender, receiver):
                    secrets_of[seat].append(marker)
        if step % 40 == 0:
            assert call(client, "GET", f"/api/games/{gid}/export", tokens[rng.choice(sorted(tokens))]).status_code == 403
        check_standing_orders(client, svc, gid, tokens, views_json, with_history=step % 10 == 0)
        seat = rng.choice(svc.get(gid).waiting_for())
        prompt = views_json[seat]["prompt"]
        own_orders = views_json[seat]["you"]["standing_orders"]
        room_for_order = len(own_orders) < MAX_STANDING_ORDERS or any(o["kind"] == prompt["kind"] for o in own_orders)
        standing = (step < len(tokens) or rng.random() < 0.3) and room_for_order
        for _ in range(50):  # a form's random answer may be one the rules refuse (422): answer again
            r = call(client, "POST", f"/api/games/{gid}/actions", tokens[seat],
                     json={"prompt_id": prompt["id"], "choice": random_reply(prompt, rng), "standing": standing})
            if r.status_code != 422 or not prompt.get("form"):
                break
        assert r.status_code == 200, r.get_json()
        step += 1
    # history entries carry narration only: no raw choice ids, no state
    for token in tokens.values():
        for entry in call(client, "GET", f"/api/games/{gid}/history", token).get_json():
            assert set(entry) == {"seq", "type", "at", "seat", "text", "hash"}
    # after the end: the export and the history still keep other seats' private messages out
    for seat, token in tokens.items():
        exported = call(client, "GET", f"/api/games/{gid}/export", token)
        history = call(client, "GET", f"/api/games/{gid}/history", token)
        assert exported.status_code == 200
        assert not any(h in exported.text or h in history.text for h in secrets_of[seat]), seat
        for entry in exported.get_json()["events"]:
            if entry["type"] in ("StandingOrderSet", "StandingOrderCancelled") and entry["content"] != {"redacted": True}:
                assert entry["content"]["seat"] == seat
    orders = [e for e in svc.events(gid) if type(e).__name__ == "StandingOrderSet"]
    assert orders, "no standing order was set: the test would prove nothing about them"


def check_standing_orders(client, svc, gid, tokens, views_json, with_history: bool):
    """A seat sees its own standing orders, and nobody else's (view, and history when asked)."""
    game = svc.get(gid)
    for seat, token in tokens.items():
        assert [o["id"] for o in views_json[seat]["you"]["standing_orders"]] == \
            [o["id"] for o in game.standing.get(seat, [])]
        if with_history:
            history = call(client, "GET", f"/api/games/{gid}/history", token).get_json()
            private = [h for h in history if h["type"] in ("StandingOrderSet", "StandingOrderCancelled")]
            assert all(h["seat"] == seat for h in private), seat


def _json_end(text: str) -> int:
    """The view JSON is first in the concatenation; find where it ends."""
    decoder = json.JSONDecoder()
    _obj, end = decoder.raw_decode(text)
    return end
