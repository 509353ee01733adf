"""Inviting a replacement player for an abandoned seat (service/web/seats.py), on SQLite and PostgreSQL:
the operator may replace any seat, the other players only a seat open for replacement, nobody a seat of
a game that is over; a refused request changes nothing; the old link dies and the newcomer is invited."""
from __future__ import annotations

import json
import re
import threading
from email import policy
from email.parser import BytesParser

import pytest

from notifications import outbox
from notifications.compose import compose
from domain.clock import clock_of, iso, schedule
from service.deadlines import apply_timeout
from service.replacement import ReplacementRefused, invite_replacement
from tests.web.helpers import (OPERATOR, PLAYERS, call, csrf_from, embedded_app, error_of, hidden, login, new_game,
                               production_app)

CLOCK = {"mode": "deadline", "per_decision_hours": 48, "reminders": [], "replace_after_missed": 1}
ZOE = {"name": "Zoe", "email": "zoe@example.org"}


@pytest.fixture
def app(prod_svc):
    return production_app(prod_svc)


@pytest.fixture
def service(prod_svc):
    """The production service (an operator token is configured), shared per backend."""
    return prod_svc


def clocked_game(app, players: int = 3, **clock) -> dict:
    return new_game(app.test_client(), players=players, token=OPERATOR, clock={**CLOCK, **clock})


def miss_deadline(service, gid: str, seat: str) -> None:
    """What `tabularium tick` does for this game once the deadline of `seat` has passed."""
    clock = clock_of(service.get(gid).options)
    owed = schedule(service.events(gid)).seats[seat]
    assert apply_timeout(service, gid, seat, owed.prompt_id, iso(owed.deadline), clock["on_timeout"],
                         clock["replace_after_missed"], owed.missed_in_a_row)


def abandoned_seat(app, service, players: int = 3, **clock) -> dict:
    """A game whose red seat missed its deadline (the others played): red is open for replacement."""
    g = clocked_game(app, players, **clock)
    c = app.test_client()
    for seat in list(g["tokens"])[1:]:
        prompt = call(c, "GET", f"/api/games/{g['id']}/view", g["tokens"][seat]).get_json()["prompt"]
        r = call(c, "POST", f"/api/games/{g['id']}/actions", g["tokens"][seat],
                 json={"prompt_id": prompt["id"], "choice": prompt["choices"][0]["id"]})
        assert r.status_code == 200, r.get_json()
    miss_deadline(service, g["id"], "red")
    return g


def invite(client, g: dict, seat: str, token: str | None, body=None, **kw):
    return call(client, "POST", f"/api/games/{g['id']}/seats/{seat}/replacement", token,
                json=ZOE if body is None else body, **kw)


def state(service, gid: str) -> tuple:
    """Everything a replacement changes: the log, the seats' tokens, their addresses."""
    game = service.get(gid)
    return game.version, dict(game.token_hashes), service.store.contacts(gid)


def replacements(service, gid: str) -> list[dict]:
    return [e.content for e in service.events(gid) if type(e).__name__ == "SeatReplaced" and not e.content.get("bot")]


# ------------------------------------------------------------------------------------------ the API

def test_the_operator_replaces_any_seat_at_any_time(app, service):
    c = app.test_client()
    g = new_game(c, players=3, token=OPERATOR)  # no clock at all: no seat is ever open
    old = g["tokens"]["blue"]
    r = invite(c, g, "blue", OPERATOR)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert (body["seat"], body["name"]) == ("blue", "Zoe") and body["url"].endswith("/play/" + body["token"])
    assert call(c, "GET", f"/api/games/{g['id']}/view", old).status_code == 401
    view = call(c, "GET", f"/api/games/{g['id']}/view", body["token"])
    assert view.status_code == 200 and view.get_json()["you"]["seat"] == "blue"
    recorded = replacements(service, g["id"])[-1]
    assert (recorded["seat"], recorded["name"], recorded["reason"]) == ("blue", "Zoe", "operator")
    assert service.store.contacts(g["id"])["blue"]["email"] == "zoe@example.org"
    assert service.get(g["id"]).seat_info("blue")["name"] == "Zoe"


def test_the_operator_may_leave_out_the_address_and_gets_the_link(app, service):
    c = app.test_client()
    g = new_game(c, players=2, token=OPERATOR)
    r = invite(c, g, "red", OPERATOR, {"name": "  Rita  "})
    assert r.status_code == 200 and r.get_json()["name"] == "Rita" and r.get_json()["token"]
    assert service.store.contacts(g["id"])["red"]["email"] == ""


def test_another_seat_may_invite_only_once_the_seat_is_open(app, service):
    c = app.test_client()
    g = clocked_game(app)
    before = state(service, g["id"])
    r = invite(c, g, "red", g["tokens"]["blue"])
    assert r.status_code == 403 and "not open" in error_of(r)
    assert state(service, g["id"]) == before
    miss_deadline(service, g["id"], "red")
    r = invite(c, g, "red", g["tokens"]["blue"])
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == {"seat": "red", "name": "Zoe"}  # the new link goes to Zoe, not to Blue
    assert replacements(service, g["id"])[-1]["reason"] == "invited by blue"
    assert call(c, "GET", f"/api/games/{g['id']}/view", g["tokens"]["red"]).status_code == 401
    assert service.store.contacts(g["id"])["red"]["email"] == "zoe@example.org"
    # filled: the seat is no longer open, so a second invitation is refused
    again = invite(c, g, "red", g["tokens"]["green"], {"name": "Yan", "email": "yan@example.org"})
    assert again.status_code == 403 and service.get(g["id"]).seat_info("red")["name"] == "Zoe"


def test_a_seat_handed_to_the_bot_can_be_taken_by_a_person(app, service):
    c = app.test_client()
    g = clocked_game(app, on_timeout="bot", replace_after_missed=3)
    miss_deadline(service, g["id"], "red")
    assert service.get(g["id"]).bot_seats == ["red"]
    r = invite(c, g, "red", g["tokens"]["green"])
    assert r.status_code == 200, r.get_json()
    game = service.get(g["id"])
    assert game.bot_seats == [] and game.seat_info("red")["name"] == "Zoe"


def test_a_game_paused_by_the_deadline_policy_runs_again_with_a_new_player(app, service):
    c = app.test_client()
    g = clocked_game(app, on_timeout="pause")
    miss_deadline(service, g["id"], "red")
    assert service.get(g["id"]).status == "paused"
    r = invite(c, g, "red", g["tokens"]["blue"])
    assert r.status_code == 200, r.get_json()
    game = service.get(g["id"])
    assert game.seat_info("red")["name"] == "Zoe" and game.status == "active"  # the newcomer unpauses it
    assert [type(e).__name__ for e in service.events(g["id"])[-2:]] == ["SeatReplaced", "GameResumed"]
    assert game.prompt_for("red") is not None  # and owes the decision the absent player missed


def test_a_pause_for_another_reason_is_left_to_the_operator(app, service):
    g = clocked_game(app)
    miss_deadline(service, g["id"], "red")  # the default policy plays for red: no pause
    service.pause(g["id"], "the operator is away")
    r = invite(app.test_client(), g, "red", g["tokens"]["blue"])
    assert r.status_code == 200, r.get_json()
    assert service.get(g["id"]).status == "paused"


def test_a_seat_cannot_replace_itself(app, service):
    c = app.test_client()
    g = abandoned_seat(app, service)
    before = state(service, g["id"])
    r = invite(c, g, "red", g["tokens"]["red"])
    assert r.status_code == 403 and "your own seat" in error_of(r)
    assert state(service, g["id"]) == before


@pytest.mark.parametrize("end", ["abandoned", "finished"])
def test_a_game_that_is_over_refuses_everyone(app, service, end):
    c = app.test_client()
    g = abandoned_seat(app, service, players=2)
    if end == "abandoned":
        service.abandon(g["id"], "operator", "the table broke up")
    else:
        while service.get(g["id"]).status == "active":
            prompt = service.get(g["id"]).open_prompts()[0]
            service.choose(g["id"], prompt.seat, prompt.id, prompt.choices[0].id)
    assert service.get(g["id"]).status == end
    before = state(service, g["id"])
    for token in (OPERATOR, g["tokens"]["blue"]):
        r = invite(c, g, "red", token)
        assert r.status_code == 409 and end in error_of(r)
    assert state(service, g["id"]) == before


@pytest.mark.parametrize("body, status", [
    ({"email": "zoe@example.org"}, 400),                       # no name
    ({"name": "", "email": "zoe@example.org"}, 422),
    ({"name": "   ", "email": "zoe@example.org"}, 422),
    ({"name": 5, "email": "zoe@example.org"}, 400),
    ({"name": ["Zoe"], "email": "zoe@example.org"}, 400),
    ({"name": "Z" * 61, "email": "zoe@example.org"}, 422),
    ({"name": "Zoe"}, 400),                                    # a player must give the address
    ({"name": "Zoe", "email": ""}, 422),
    ({"name": "Zoe", "email": "not-an-address"}, 422),
    ({"name": "Zoe", "email": "zoe@example.org\r\nBcc: x@y.z"}, 400),
    ({"name": "Zoe", "email": 7}, 400),
    ({"name": "Zoe\u0000", "email": "zoe@example.org"}, 400),
    (["Zoe", "zoe@example.org"], 400),
    ("Zoe", 400),
    (None, 400),
])
def test_bad_input_is_refused_with_a_sentence_and_changes_nothing(app, service, body, status):
    c = app.test_client()
    g = abandoned_seat(app, service)
    before = state(service, g["id"])
    r = call(c, "POST", f"/api/games/{g['id']}/seats/red/replacement", g["tokens"]["blue"],
             data=json.dumps(body) if body is not None else b"not json", content_type="application/json")
    assert r.status_code == status, (body, r.get_json())
    assert error_of(r).endswith(".")
    assert state(service, g["id"]) == before


def test_wrong_callers_and_places_are_refused_and_change_nothing(app, service):
    c = app.test_client()
    g = abandoned_seat(app, service)
    other = new_game(c, players=2, token=OPERATOR)
    before = state(service, g["id"])
    cases = [
        (invite(c, g, "red", None), 401),
        (invite(c, g, "red", "not-a-token"), 401),
        (invite(c, g, "red", other["tokens"]["blue"]), 403),            # another game's token
        (invite(c, g, "purple", g["tokens"]["blue"]), 404),              # no such seat
        (invite(c, g, "purple", OPERATOR), 404),
        (invite(c, {"id": "00000000-0000-0000-0000-000000000000"}, "red", OPERATOR), 404),
        (invite(c, {"id": "not-a-game"}, "red", OPERATOR), 404),
    ]
    for response, status in cases:
        assert response.status_code == status, (status, response.get_json())
        assert error_of(response).endswith(".")
    assert state(service, g["id"]) == before


def test_the_session_cookie_alone_never_invites(app, service):
    c = app.test_client()
    g = abandoned_seat(app, service)
    login(c, g["tokens"]["blue"])
    before = state(service, g["id"])
    r = c.post(f"/api/games/{g['id']}/seats/red/replacement", json=ZOE)
    assert r.status_code == 401
    assert state(service, g["id"]) == before


def test_two_invitations_at_once_fill_the_seat_once(app, service):
    """The rules are judged again inside the save: the later of two simultaneous invitations finds the
    seat filled. (On PostgreSQL the loser may instead fail earlier, in Store.set_contact, whose DELETE +
    INSERT lets two writers of one seat's address collide on the primary key; it changes nothing either.)"""
    g = abandoned_seat(app, service)
    barrier, outcomes = threading.Barrier(2), []

    def run(inviter: str, name: str) -> None:
        barrier.wait()
        try:
            invite_replacement(service, g["id"], "red", name, f"{name.lower()}@example.org", inviter)
            outcomes.append(("ok", name))
        except ReplacementRefused as exc:
            outcomes.append(("refused", exc.reason))
        except Exception as exc:  # noqa: BLE001 — the address race described above
            outcomes.append(("refused" if "UniqueViolation" in type(exc).__name__ else "crashed", repr(exc)))

    threads = [threading.Thread(target=run, args=args) for args in (("blue", "Yan"), ("green", "Zoe"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
    winner = next(name for kind, name in outcomes if kind == "ok")
    assert [r["name"] for r in replacements(service, g["id"])] == [winner]
    assert service.get(g["id"]).seat_info("red")["name"] == winner


def test_the_new_player_is_invited_by_email_with_a_working_link(app, service):
    c = app.test_client()
    g = abandoned_seat(app, service)
    assert invite(c, g, "red", g["tokens"]["blue"]).status_code == 200
    seq = service.get(g["id"]).version
    outbox.pump(service)
    rows = [{**r, "params": json.loads(r["params"])} for r in outbox.rows_for(service.store, g["id"])
            if r["kind"] == "invitation" and r["seq"] == seq]
    assert [(r["seat"], r["params"]) for r in rows] == [("red", {"replacement": True})]
    mail = compose(service, rows[0])  # as the sender renders it (nothing is sent here)
    assert mail.recipient == "zoe@example.org"
    message = BytesParser(policy=policy.default).parsebytes(mail.message.as_bytes())
    assert "zoe@example.org" in str(message["To"])
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "Hello Zoe" in text and "You are taking over the Red seat" in text


def test_the_openapi_document_describes_the_route(app):
    spec = app.test_client().get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/games/{game_id}/seats/{seat}/replacement"]["post"]
    assert operation["operationId"] == "api_invite"
    assert {"200", "401", "403", "404", "409", "422"} <= set(operation["responses"])
    assert operation["requestBody"]["content"]["application/json"]["schema"]["required"] == ["name"]


# ------------------------------------------------------------------------------------------ the game page

def page(client, g: dict, seat: str | None = None):
    r = client.get(f"/games/{g['id']}" + (f"?seat={seat}" if seat else ""))
    assert r.status_code == 200, r.text[:300]
    return r.text


def card(page_text: str) -> str:
    """The replacement card of a game page ("" when it is not shown)."""
    m = re.search(r'<section class="card replacements" id="replacements">.*?</section>', page_text, re.S)
    return m.group(0) if m else ""


def form_for(page_text: str, seat: str) -> dict:
    return {"csrf_token": csrf_from(page_text), "inviter": hidden(page_text, "inviter"), "seat": seat, **ZOE}


def test_the_card_shows_only_when_a_seat_is_open(app, service):
    g = clocked_game(app)
    blue, red = app.test_client(), app.test_client()
    login(blue, g["tokens"]["blue"])
    login(red, g["tokens"]["red"])
    assert 'id="replacements"' not in page(blue, g) and 'id="replacements"' not in page(red, g)
    miss_deadline(service, g["id"], "red")
    shown = card(page(blue, g))
    assert f'action="/games/{g["id"]}/replacements"' in shown and "missed 1 deadline in a row" in shown
    assert 'name="seat" value="red"' in shown and 'name="inviter" value="blue"' in shown
    own = card(page(red, g))  # red is told, and gets no form for its own seat
    assert "You missed 1 deadline in a row" in own and "<form" not in own


def test_the_card_escapes_names(app, service):
    c = app.test_client()
    players = [{"name": "<b>Ann</b>", "email": "ann@example.org"}, PLAYERS[1]]
    r = call(c, "POST", "/api/games", OPERATOR, json={"rules": "toy", "players": players, "options": {"clock": CLOCK}})
    g = r.get_json()
    g["tokens"] = {s["seat"]: s["token"] for s in g["seats"]}
    miss_deadline(service, g["id"], "red")
    login(c, g["tokens"]["blue"])
    shown = page(c, g)
    assert "&lt;b&gt;Ann&lt;/b&gt;: missed 1 deadline" in card(shown) and "<b>Ann</b>" not in shown


def test_the_form_invites_and_comes_back_with_a_notice(app, service):
    g = abandoned_seat(app, service)
    c = app.test_client()
    login(c, g["tokens"]["blue"])
    r = c.post(f"/games/{g['id']}/replacements", data=form_for(page(c, g), "red"))
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{g['id']}?seat=blue#replacements")
    after = page(c, g, "blue")
    assert "Zoe is invited to take over Red" in card(after) and "<form" not in card(after)
    assert card(page(c, g, "blue")) == ""  # the notice is shown once; no seat is open any more
    assert replacements(service, g["id"])[-1]["reason"] == "invited by blue"
    assert service.store.contacts(g["id"])["red"]["email"] == "zoe@example.org"


def test_the_operator_uses_the_form_too(app, service):
    g = abandoned_seat(app, service)
    c = app.test_client()
    login(c, OPERATOR)
    shown = page(c, g)
    assert hidden(shown, "inviter") == "operator" and 'name="seat" value="red"' in card(shown)
    r = c.post(f"/games/{g['id']}/replacements", data=form_for(shown, "red"))
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{g['id']}#replacements")
    assert replacements(service, g["id"])[-1]["reason"] == "operator"


def test_the_form_requires_its_csrf_token(app, service):
    g = abandoned_seat(app, service)
    c = app.test_client()
    login(c, g["tokens"]["blue"])
    form = form_for(page(c, g), "red")
    before = state(service, g["id"])
    r = c.post(f"/games/{g['id']}/replacements", data={k: v for k, v in form.items() if k != "csrf_token"})
    assert r.status_code == 400 and "security token" in r.text
    r = c.post(f"/games/{g['id']}/replacements", data={**form, "csrf_token": "forged." + form["csrf_token"][7:]})
    assert r.status_code == 400
    assert app.test_client().post(f"/games/{g['id']}/replacements", data=form).status_code in (400, 401)
    assert state(service, g["id"]) == before


@pytest.mark.parametrize("change, status, sentence", [
    ({"seat": "blue"}, 403, "your own seat"),
    ({"seat": "green"}, 403, "not open"),
    ({"seat": "purple"}, 404, "no seat"),
    ({"email": ""}, 422, "e-mail address"),
    ({"email": "zoe at example.org"}, 422, "not an e-mail address"),
    ({"name": ""}, 422, "needs a name"),
    ({"name": "Z" * 61}, 422, "at most 60"),
])
def test_a_refused_form_shows_the_page_with_the_reason_and_changes_nothing(app, service, change, status, sentence):
    g = abandoned_seat(app, service)
    c = app.test_client()
    login(c, g["tokens"]["blue"])
    form = {**form_for(page(c, g), "red"), **change}
    before = state(service, g["id"])
    r = c.post(f"/games/{g['id']}/replacements", data=form)
    assert r.status_code == status and sentence in r.text and 'class="error"' in r.text
    assert 'id="game"' in r.text  # the game page itself, not an error page
    assert state(service, g["id"]) == before


def test_the_form_refuses_an_inviter_this_browser_is_not(app, service):
    g = abandoned_seat(app, service)
    c = app.test_client()
    login(c, g["tokens"]["blue"])
    before = state(service, g["id"])
    r = c.post(f"/games/{g['id']}/replacements", data={**form_for(page(c, g), "red"), "inviter": "green"})
    assert r.status_code == 403 and "not logged in as green" in r.text
    assert state(service, g["id"]) == before


def test_the_embedded_mode_serves_the_card_too(svc):
    service = svc
    app = embedded_app(service)
    c = app.test_client()
    g = new_game(c, players=2, clock=CLOCK)
    miss_deadline(service, g["id"], "red")
    login(c, g["tokens"]["blue"])
    r = c.post(f"/games/{g['id']}/replacements", data=form_for(page(c, g, "blue"), "red"))
    assert r.status_code == 303 and service.get(g["id"]).seat_info("red")["name"] == "Zoe"
