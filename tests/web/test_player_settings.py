"""A player's own settings (service/web/player_settings.py), on SQLite and PostgreSQL: the e-mail
preference and vacations, over the API and from the game page's card. A seat changes only its own
settings, the operator any seat's; a refused request changes nothing; time is a fixed clock."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

import pytest

from notifications import outbox
from notifications.compose import Skip, compose
from notifications.preferences import get_preference
from tests.support.clock import MONDAY, Clock
from tests.support.play import play_sealed_round
from tests.web.helpers import (OPERATOR, call, csrf_from, embedded_app, error_of, login, new_game,
                               production_app, version)

CLOCK = {"mode": "deadline", "per_decision_hours": 48, "reminders": [], "vacation_days": 5}


@pytest.fixture
def service(prod_svc, monkeypatch):
    """The production service (an operator token is configured), shared per backend, on a fixed clock."""
    monkeypatch.setattr(prod_svc, "clock", Clock())
    return prod_svc


@pytest.fixture
def app(service):
    return production_app(service)


def clocked_game(app, players: int = 2, **clock) -> dict:
    return new_game(app.test_client(), players=players, token=OPERATOR, clock={**CLOCK, **clock})


def plain_game(app, players: int = 2) -> dict:
    return new_game(app.test_client(), players=players, token=OPERATOR)  # no clock: no deadlines


def deadline(service, gid: str, seat: str) -> datetime:
    return datetime.fromisoformat(service.deadlines(service.get(gid))[seat])


def events_of(service, gid: str, kind: str) -> list[dict]:
    """The content of the game's events of one kind, without their random salt."""
    return [{k: v for k, v in e.content.items() if k != "salt"} for e in service.events(gid)
            if type(e).__name__ == kind]


def state(service, gid: str) -> tuple:
    """Everything a settings change touches: the log and the seats' addresses and preferences."""
    return version(service, gid), service.store.contacts(gid)


def settings(client, g: dict, token: str, seat: str | None = None):
    return call(client, "GET", f"/api/games/{g['id']}/settings" + (f"?seat={seat}" if seat else ""), token)


def post(client, g: dict, path: str, token: str | None, body=None, **kw):
    return call(client, "POST", f"/api/games/{g['id']}/{path}", token, json=body, **kw)


# ------------------------------------------------------------------------------------------ the API: e-mail

def test_a_seat_reads_its_settings(app, service):
    g = clocked_game(app)
    r = settings(app.test_client(), g, g["tokens"]["blue"])
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == {"seat": "blue", "email_preference": "every",
                            "vacation": {"on": False, "until": None, "days_left": 5},
                            "language": "en", "timezone": None, "game_timezone": "UTC"}


def test_changing_the_email_preference_records_it(app, service):
    c = app.test_client()
    g = clocked_game(app)
    before = version(service, g["id"])
    r = post(c, g, "settings", g["tokens"]["red"], {"email_preference": "digest"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["email_preference"] == "digest" and r.get_json()["seat"] == "red"
    assert get_preference(service, g["id"], "red") == "digest" and get_preference(service, g["id"], "blue") == "every"
    assert events_of(service, g["id"], "PreferencesChanged") == [
        {"seat": "red", "preference": "digest", "by": "seat", "at": MONDAY.isoformat()}]
    assert version(service, g["id"]) == before + 1
    assert settings(c, g, g["tokens"]["red"]).get_json()["email_preference"] == "digest"
    again = post(c, g, "settings", g["tokens"]["red"], {"email_preference": "digest"})  # no change: no event
    assert again.status_code == 200 and version(service, g["id"]) == before + 1


def planned_rows(service, gid: str, since: int) -> list[dict]:
    """The game's outbox rows: the digests (one row per seat and day, whatever its events) and the rows
    planned for its events after version `since`, params decoded."""
    outbox.pump(service)
    return [{**r, "params": json.loads(r["params"])} for r in outbox.rows_for(service.store, gid)
            if r["kind"] == "digest" or r["seq"] > since]


def test_the_preference_decides_the_later_your_turn_emails(app, service):
    c = app.test_client()
    quiet, loud = plain_game(app), plain_game(app)
    assert post(c, quiet, "settings", quiet["tokens"]["red"], {"email_preference": "none"}).status_code == 200
    assert post(c, quiet, "settings", quiet["tokens"]["blue"], {"email_preference": "digest"}).status_code == 200
    since = {g["id"]: version(service, g["id"]) for g in (quiet, loud)}
    for g in (quiet, loud):
        play_sealed_round(service, g["id"])  # the round's winner becomes due: a your-turn e-mail is planned

    quiet_rows = planned_rows(service, quiet["id"], since[quiet["id"]])
    assert [r["seat"] for r in quiet_rows if r["kind"] == "digest"] == ["blue"]  # one a day, for blue only
    [turn] = [r for r in quiet_rows if r["kind"] == "your_turn"]
    with pytest.raises(Skip, match="preference"):  # neither "none" nor "digest" sends a your-turn e-mail
        compose(service, turn)

    loud_rows = planned_rows(service, loud["id"], since[loud["id"]])
    assert not [r for r in loud_rows if r["kind"] == "digest"]
    [turn] = [r for r in loud_rows if r["kind"] == "your_turn"]
    assert compose(service, turn).recipient.endswith("@example.org")  # "every": it is sent


# ------------------------------------------------------------------------------------------ the API: vacations

def test_a_vacation_stops_the_seats_deadline(app, service):
    c = app.test_client()
    g = clocked_game(app)
    red, blue = deadline(service, g["id"], "red"), deadline(service, g["id"], "blue")
    assert red == MONDAY + timedelta(hours=48)
    r = post(c, g, "vacation", g["tokens"]["red"], {"days": 2})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["vacation"] == {"on": True, "until": (MONDAY + timedelta(days=2)).isoformat(), "days_left": 3}
    assert deadline(service, g["id"], "red") == red + timedelta(days=2)
    assert deadline(service, g["id"], "blue") == blue  # only that seat's clock stops
    assert events_of(service, g["id"], "VacationStarted")[-1]["seat"] == "red"


def test_coming_back_early_restarts_the_clock_and_keeps_the_unused_days(app, service):
    c = app.test_client()
    g = clocked_game(app)
    assert post(c, g, "vacation", g["tokens"]["red"], {"days": 2}).status_code == 200
    service.clock.advance(hours=12)
    r = post(c, g, "vacation/end", g["tokens"]["red"])
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["vacation"] == {"on": False, "until": None, "days_left": 4.5}
    assert deadline(service, g["id"], "red") == MONDAY + timedelta(hours=12 + 48)
    assert events_of(service, g["id"], "VacationEnded")[-1]["seat"] == "red"
    before = version(service, g["id"])
    again = post(c, g, "vacation/end", g["tokens"]["red"])
    assert again.status_code == 422 and "not on vacation" in error_of(again)
    assert version(service, g["id"]) == before


def test_the_allowance_is_enforced(app, service):
    c = app.test_client()
    g = clocked_game(app)
    before = version(service, g["id"])
    r = post(c, g, "vacation", g["tokens"]["red"], {"days": 6})
    assert r.status_code == 422 and "at most 5 more" in error_of(r)
    assert version(service, g["id"]) == before
    assert post(c, g, "vacation", g["tokens"]["red"], {"days": 3}).status_code == 200
    twice = post(c, g, "vacation", g["tokens"]["red"], {"days": 1})
    assert twice.status_code == 422 and "already on vacation" in error_of(twice)
    service.clock.advance(days=3, hours=1)  # the vacation ran out (the tick would end it)
    assert post(c, g, "vacation/end", g["tokens"]["red"]).status_code == 200
    r = post(c, g, "vacation", g["tokens"]["red"], {"days": 2.5})
    assert r.status_code == 422 and "at most 2 more" in error_of(r)
    assert post(c, g, "vacation", g["tokens"]["red"], {"days": 2}).status_code == 200
    assert settings(c, g, g["tokens"]["red"]).get_json()["vacation"]["days_left"] == 0


def test_a_game_without_deadlines_refuses_vacations(app, service):
    c = app.test_client()
    g = plain_game(app)
    assert settings(c, g, g["tokens"]["red"]).get_json()["vacation"] == {"on": False, "until": None, "days_left": 0}
    before = version(service, g["id"])
    for token, body in ((g["tokens"]["red"], {"days": 1}), (OPERATOR, {"days": 1, "seat": "red"})):
        r = post(c, g, "vacation", token, body)
        assert r.status_code == 422 and "no deadlines" in error_of(r)
    assert version(service, g["id"]) == before


def test_one_seat_cannot_change_another_seats_settings(app, service):
    c = app.test_client()
    g = clocked_game(app)
    before = state(service, g["id"])
    blue = g["tokens"]["blue"]
    for r in (post(c, g, "settings", blue, {"email_preference": "none", "seat": "red"}),
              post(c, g, "vacation", blue, {"days": 1, "seat": "red"}),
              post(c, g, "vacation/end", blue, {"seat": "red"}),
              settings(c, g, blue, "red")):
        assert r.status_code == 403 and "not logged in as red" in error_of(r)
    assert state(service, g["id"]) == before


def test_the_operator_may_change_any_seats_settings(app, service):
    c = app.test_client()
    g = clocked_game(app)
    r = post(c, g, "settings", OPERATOR, {"email_preference": "none", "seat": "blue"})
    assert r.status_code == 200 and r.get_json()["seat"] == "blue"
    assert events_of(service, g["id"], "PreferencesChanged")[-1] == {
        "seat": "blue", "preference": "none", "by": "operator", "at": MONDAY.isoformat()}
    assert post(c, g, "vacation", OPERATOR, {"days": 1, "seat": "blue"}).get_json()["vacation"]["on"] is True
    assert settings(c, g, OPERATOR, "blue").get_json()["vacation"]["days_left"] == 4
    assert post(c, g, "vacation/end", OPERATOR, {"seat": "blue"}).get_json()["vacation"]["on"] is False
    before = version(service, g["id"])
    unnamed = post(c, g, "vacation", OPERATOR, {"days": 1})  # the operator must say for which seat
    assert unnamed.status_code == 422 and "seat" in error_of(unnamed)
    assert settings(c, g, OPERATOR).status_code == 422
    assert version(service, g["id"]) == before


@pytest.mark.parametrize("path, body, status", [
    ("settings", {"email_preference": "weekly"}, 422),
    ("settings", {"email_preference": 1}, 400),
    ("settings", {"email_preference": ["none"]}, 400),
    ("settings", {"email_preference": "x" * 21}, 422),
    ("settings", {"email_preference": "none\u0000"}, 400),
    ("settings", {}, 400),
    ("settings", {"email_preference": "none", "seat": 3}, 400),
    ("settings", ["none"], 400),
    ("vacation", {"days": "3"}, 400),
    ("vacation", {"days": True}, 400),
    ("vacation", {"days": [1]}, 400),
    ("vacation", {}, 400),
    ("vacation", {"days": None}, 400),
    ("vacation", {"days": 0}, 422),
    ("vacation", {"days": -1}, 422),
    ("vacation", {"days": 1e9}, 422),
    ("vacation", {"days": 10 ** 400}, 422),
    ("vacation", "NaN", 422),
    ("vacation", "Infinity", 422),
    ("vacation", "not json", 400),
    ("vacation/end", "not json", 400),
    ("vacation/end", {"seat": ["red"]}, 400),
])
def test_bad_input_is_refused_with_a_sentence_and_changes_nothing(app, service, path, body, status):
    c = app.test_client()
    g = clocked_game(app)
    before = state(service, g["id"])
    if body in ("NaN", "Infinity"):  # Python's JSON parser reads these; the days must still be refused
        raw = '{"days": %s}' % body
    else:
        raw = body if body == "not json" else json.dumps(body)
    r = call(c, "POST", f"/api/games/{g['id']}/{path}", g["tokens"]["red"], data=raw, content_type="application/json")
    assert r.status_code == status, (body, r.get_json())
    assert error_of(r).endswith(".")
    assert state(service, g["id"]) == before


def test_wrong_callers_and_places_are_refused(app, service):
    c = app.test_client()
    g = clocked_game(app)
    other = clocked_game(app)
    before = state(service, g["id"])
    cases = [
        (post(c, g, "settings", None, {"email_preference": "none"}), 401),
        (post(c, g, "vacation", "not-a-token", {"days": 1}), 401),
        (settings(c, g, None), 401),
        (post(c, g, "vacation", other["tokens"]["red"], {"days": 1}), 403),
        (post(c, {"id": "00000000-0000-0000-0000-000000000000"}, "vacation", OPERATOR, {"days": 1}), 404),
        (post(c, {"id": "not-a-game"}, "settings", OPERATOR, {"email_preference": "none"}), 404),
        (post(c, g, "vacation", OPERATOR, {"days": 1, "seat": "purple"}), 422),
    ]
    for response, status in cases:
        assert response.status_code == status, (status, response.get_json())
        assert error_of(response).endswith(".")
    assert state(service, g["id"]) == before


def test_the_session_cookie_alone_never_changes_settings(app, service):
    c = app.test_client()
    g = clocked_game(app)
    login(c, g["tokens"]["red"])
    before = state(service, g["id"])
    assert c.post(f"/api/games/{g['id']}/settings", json={"email_preference": "none"}).status_code == 401
    assert c.post(f"/api/games/{g['id']}/vacation", json={"days": 1}).status_code == 401
    assert c.get(f"/api/games/{g['id']}/settings").status_code == 401
    assert state(service, g["id"]) == before


@pytest.mark.parametrize("end", ["abandoned", "finished"])
def test_a_game_that_is_over_refuses_changes(app, service, end):
    c = app.test_client()
    g = clocked_game(app)
    if end == "abandoned":
        service.abandon(g["id"], "operator", "the table broke up")
    else:
        while service.get(g["id"]).status == "active":
            prompt = service.get(g["id"]).open_prompts()[0]
            service.choose(g["id"], prompt.seat, prompt.id, prompt.choices[0].id)
    before = state(service, g["id"])
    for path, body in (("settings", {"email_preference": "none"}), ("vacation", {"days": 1}), ("vacation/end", {})):
        r = post(c, g, path, g["tokens"]["red"], body)
        assert r.status_code == 409 and "over" in error_of(r), (path, r.get_json())
    assert settings(c, g, g["tokens"]["red"]).status_code == 200  # reading is still fine
    assert state(service, g["id"]) == before


def test_the_openapi_document_describes_the_routes(app):
    spec = app.test_client().get("/api/openapi.json").get_json()
    paths = spec["paths"]
    assert paths["/api/games/{game_id}/settings"]["get"]["operationId"] == "api_settings"
    for path, method, required in (("/api/games/{game_id}/settings", "post", None),
                                   ("/api/games/{game_id}/vacation", "post", ["days"])):
        operation = paths[path][method]
        assert {"200", "400", "401", "403", "404", "409", "422"} <= set(operation["responses"])
        assert operation["requestBody"]["content"]["application/json"]["schema"].get("required") == required
    changes = paths["/api/games/{game_id}/settings"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"email_preference", "language", "timezone"} <= set(changes["properties"])
    assert changes["properties"]["language"]["enum"] == ["en", "el", "hu"] and changes["minProperties"] == 1
    answer = paths["/api/games/{game_id}/vacation/end"]["post"]["responses"]["200"]["content"]["application/json"]
    assert answer["schema"] == {"$ref": "#/components/schemas/SeatSettings"}
    settings = spec["components"]["schemas"]["SeatSettings"]
    assert settings["properties"]["vacation"]["required"] == ["on", "until", "days_left"]


# ------------------------------------------------------------------------------------------ the game page

def page(client, g: dict, seat: str | None = None, status: int = 200) -> str:
    r = client.get(f"/games/{g['id']}" + (f"?seat={seat}" if seat else ""))
    assert r.status_code == status, r.text[:300]
    return r.text


def card(page_text: str) -> str:
    """The settings card of a game page ("" when it is not shown)."""
    m = re.search(r'<section class="card settings" id="settings">.*?</section>', page_text, re.S)
    return m.group(0) if m else ""


def form(page_text: str, seat: str, **fields) -> dict:
    return {"csrf_token": csrf_from(page_text), "seat": seat, **fields}


def logged_in(app, g: dict, token: str):
    c = app.test_client()
    login(c, token)
    return c


def test_the_card_appears_only_when_it_should(app, service):
    g, plain = clocked_game(app), plain_game(app)
    red = logged_in(app, g, g["tokens"]["red"])
    shown = card(page(red, g))
    assert f'action="/games/{g["id"]}/settings/email"' in shown and 'name="seat" value="red"' in shown
    assert re.search(r'value="every" checked', shown) and f'action="/games/{g["id"]}/vacation"' in shown
    assert 'max="5"' in shown
    assert 'id="settings"' not in page(app.test_client(), g, status=401)  # nobody logged in: no page at all
    operator = logged_in(app, g, OPERATOR)
    assert card(page(operator, g)) == ""  # the referee's view has no seat to set
    as_blue = card(page(operator, g, "blue"))
    assert 'name="seat" value="blue"' in as_blue and "(Blue)" in as_blue
    no_clock = card(page(logged_in(app, plain, plain["tokens"]["red"]), plain))
    assert "settings/email" in no_clock and "Vacation" not in no_clock and "/vacation" not in no_clock
    service.abandon(g["id"], "operator", "the table broke up")
    over = card(page(red, g))  # over: only the language and the time zone may still change
    assert "settings/email" not in over and "/vacation" not in over and "settings/reading" in over


def test_the_form_changes_the_preference_and_comes_back_with_a_notice(app, service):
    g = clocked_game(app)
    c = logged_in(app, g, g["tokens"]["red"])
    r = c.post(f"/games/{g['id']}/settings/email", data=form(page(c, g), "red", preference="none"))
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{g['id']}?seat=red#settings")
    after = card(page(c, g, "red"))
    assert "no more e-mail" in after and re.search(r'value="none" checked', after)
    assert "no more e-mail" not in card(page(c, g, "red"))  # the notice is shown once
    assert get_preference(service, g["id"], "red") == "none"
    assert events_of(service, g["id"], "PreferencesChanged")[-1]["by"] == "seat"


def test_the_forms_start_and_end_a_vacation(app, service):
    g = clocked_game(app)
    c = logged_in(app, g, g["tokens"]["red"])
    red = deadline(service, g["id"], "red")
    r = c.post(f"/games/{g['id']}/vacation", data=form(page(c, g), "red", days="1.5"))
    assert r.status_code == 303 and r.headers["Location"].endswith("#settings")
    assert deadline(service, g["id"], "red") == red + timedelta(days=1.5)
    shown = card(page(c, g, "red"))
    assert "Red is on vacation for 1.5 days" in shown and "On vacation until Tue 6 Jan 21:00 UTC" in shown
    assert "3.5 vacation days left" in shown and "/vacation/end" in shown
    service.clock.advance(hours=6)
    r = c.post(f"/games/{g['id']}/vacation/end", data=form(page(c, g), "red"))
    assert r.status_code == 303
    assert deadline(service, g["id"], "red") == red + timedelta(hours=6)
    assert "Welcome back" in card(page(c, g, "red"))


def test_the_operator_uses_the_forms_for_any_seat(app, service):
    g = clocked_game(app)
    c = logged_in(app, g, OPERATOR)
    r = c.post(f"/games/{g['id']}/vacation", data=form(page(c, g, "blue"), "blue", days="2"))
    assert r.status_code == 303 and r.headers["Location"].endswith("?seat=blue#settings")
    assert events_of(service, g["id"], "VacationStarted")[-1]["seat"] == "blue"


@pytest.mark.parametrize("path, fields, status, sentence", [
    ("settings/email", {"preference": "weekly"}, 422, "must be one of every, digest, none"),
    ("vacation", {"days": "three"}, 422, "must be a number"),
    ("vacation", {"days": "-2"}, 422, "at most 5 more"),
    ("vacation", {"days": "6"}, 422, "at most 5 more"),
    ("vacation", {"days": "nan"}, 422, "at most 5 more"),
    ("vacation", {"days": "1e999"}, 422, "at most 5 more"),
    ("vacation/end", {}, 422, "not on vacation"),
])
def test_a_refused_form_shows_the_page_with_the_reason_and_changes_nothing(app, service, path, fields, status,
                                                                            sentence):
    g = clocked_game(app)
    c = logged_in(app, g, g["tokens"]["red"])
    before = state(service, g["id"])
    r = c.post(f"/games/{g['id']}/{path}", data=form(page(c, g), "red", **fields))
    assert r.status_code == status and sentence in r.text and 'class="error"' in r.text
    assert 'id="game"' in r.text and 'id="settings"' in r.text  # the game page itself, with its card
    assert state(service, g["id"]) == before


def test_a_game_without_deadlines_refuses_the_vacation_form(app, service):
    g = plain_game(app)
    c = logged_in(app, g, g["tokens"]["red"])
    before = state(service, g["id"])
    r = c.post(f"/games/{g['id']}/vacation", data=form(page(c, g), "red", days="1"))
    assert r.status_code == 422 and "no deadlines" in r.text
    assert state(service, g["id"]) == before


def test_a_form_cannot_act_for_another_seat(app, service):
    g = clocked_game(app)
    c = logged_in(app, g, g["tokens"]["blue"])
    before = state(service, g["id"])
    for path, fields in (("settings/email", {"preference": "none"}), ("vacation", {"days": "1"}),
                         ("vacation/end", {})):
        r = c.post(f"/games/{g['id']}/{path}", data=form(page(c, g), "red", **fields))
        assert r.status_code == 403 and "not logged in as red" in r.text
    assert state(service, g["id"]) == before


def test_the_forms_require_their_csrf_token(app, service):
    g = clocked_game(app)
    c = logged_in(app, g, g["tokens"]["red"])
    good = form(page(c, g), "red", preference="none", days="1")
    before = state(service, g["id"])
    for path in ("settings/email", "vacation", "vacation/end"):
        r = c.post(f"/games/{g['id']}/{path}", data={k: v for k, v in good.items() if k != "csrf_token"})
        assert r.status_code == 400 and "security token" in r.text
        r = c.post(f"/games/{g['id']}/{path}", data={**good, "csrf_token": "forged." + good["csrf_token"][7:]})
        assert r.status_code == 400
        assert app.test_client().post(f"/games/{g['id']}/{path}", data=good).status_code in (400, 401)
    assert state(service, g["id"]) == before


def test_the_embedded_mode_serves_the_card_too(svc, monkeypatch):
    monkeypatch.setattr(svc, "clock", Clock())
    app = embedded_app(svc)
    c = app.test_client()
    g = new_game(c, players=2, clock=CLOCK)
    login(c, g["tokens"]["red"])
    r = c.post(f"/games/{g['id']}/vacation", data=form(page(c, g), "red", days="1"))
    assert r.status_code == 303
    assert 'id="settings"' in page(c, g) and events_of(svc, g["id"], "VacationStarted")
