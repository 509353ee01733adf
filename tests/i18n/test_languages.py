"""Who reads which language (docs/i18n.md): a seat's pages follow its own language, then the table's, then the
browser's (the switcher's cookie, then Accept-Language); pages without a seat the browser's; the CLI the
environment's locale; moments are written by Babel in the reader's language and zone. These tests check
the choice of language (Content-Language, the html lang, what is recorded), not the translations."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

import locales
from domain.i18n import Moment, _, from_json, to_json
from domain.timezones import format_local, format_moment
from service.cli import cli_language, main
from tests.web.helpers import PLAYERS, call, csrf_from, embedded_app, login


@pytest.fixture
def app(sqlite_svc):
    return embedded_app(sqlite_svc)


def create(app, language=None, rules="toy", players=2, options=None) -> dict:
    body = {"rules": rules, "players": PLAYERS[:players], "options": options or {}}
    if language is not None:
        body["language"] = language
    r = call(app.test_client(), "POST", "/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    data = r.get_json()
    data["tokens"] = {s["seat"]: s["token"] for s in data["seats"]}
    return data


def language_of(response) -> str:
    return response.headers.get("Content-Language")


# ------------------------------------------------------------------------------------------ the languages

def test_three_languages_each_named_in_its_own_language():
    assert locales.LANGUAGES == ("en", "el", "hu")
    assert locales.NAMES == {"en": "English", "el": "Ελληνικά", "hu": "Magyar"}
    for code, name in locales.NAMES.items():
        assert locales.language_named(name) == code and locales.language_named(name.upper()) == code
        assert locales.language_named(code) == code
    assert locales.language_named("ελληνικα") == "el" and locales.language_named("Hungarian") == "hu"
    assert locales.language_named("français") is None and locales.language_named("") is None


@pytest.mark.parametrize("tag, language", [("el_GR.UTF-8", "el"), ("hu_HU", "hu"), ("en-GB", "en"), ("el", "el"),
                                           ("C", None), ("POSIX", None), ("fr_FR.UTF-8", None), ("", None)])
def test_locale_tags_name_a_language(tag, language):
    assert locales.from_tag(tag) == language


# ------------------------------------------------------------------------------------------ moments

AT = datetime(2026, 11, 30, 17, 0, tzinfo=timezone.utc)


def test_a_moment_is_its_english_and_survives_json():
    moment = format_moment(AT, "Europe/Athens", long=True)
    assert isinstance(moment, Moment) and moment == "Monday 30 November 2026, 19:00 EET (17:00 UTC)"
    assert from_json(json.loads(json.dumps(to_json(moment)))) == moment
    inside = from_json(json.loads(json.dumps(to_json(_("Deadline: %(at)s.", at=moment)))))
    assert locales.render(inside, "hu") == locales.render(_("Deadline: %(at)s.", at=moment), "hu")


def test_babel_writes_a_moment_the_way_each_language_writes_dates():
    long, short = format_moment(AT, "Europe/Athens", long=True), format_moment(AT, "Europe/Athens")
    assert locales.render(long, "en") == str(long)
    assert locales.render(long, "el").startswith("Δευτέρα 30 Νοεμβρίου 2026") and "EET" in locales.render(long, "el")
    assert locales.render(long, "hu").startswith("2026. november 30., hétfő 19:00 EET (17:00 UTC)")
    assert locales.render(short, "hu").startswith("nov. 30.")
    assert "Νοε" in locales.render(short, "el") and "UTC" in locales.render(short, "el")
    local = format_local(AT, "UTC")
    assert "UTC" in locales.render(local, "hu") and "(" not in locales.render(local, "hu")


def test_a_moment_is_written_in_the_readers_own_zone():
    moment = format_moment(AT, "UTC", long=True)
    assert locales.render(moment, "en", "Asia/Tokyo") == "Tuesday 1 December 2026, 02:00 JST (Mon 17:00 UTC)"
    assert locales.render(_("Deadline: %(at)s.", at=moment), "en", "Asia/Tokyo") == \
        "Deadline: Tuesday 1 December 2026, 02:00 JST (Mon 17:00 UTC)."
    assert locales.render(moment, "hu", "Europe/Budapest").startswith("2026. november 30., hétfő 18:00 CET")


# ------------------------------------------------------------------------------------------ pages

def test_pages_without_a_seat_read_the_browsers_language(app):
    c = app.test_client()
    assert language_of(c.get("/")) == "en"
    assert language_of(c.get("/", headers={"Accept-Language": "el-GR,el;q=0.9,en;q=0.5"})) == "el"
    page = c.get("/new", headers={"Accept-Language": "hu"})
    assert language_of(page) == "hu" and '<html lang="hu">' in page.text
    assert "Accept-Language" in page.headers.get("Vary", "")
    assert language_of(c.get("/", headers={"Accept-Language": "fr, de;q=0.8"})) == "en"


def test_the_switcher_remembers_a_language_for_this_browser(app):
    c = app.test_client()
    lobby = c.get("/", headers={"Accept-Language": "el"})
    assert 'href="/language/hu?next=/"' in lobby.text and ">Magyar</a>" in lobby.text and ">Ελληνικά</strong>" in lobby.text
    r = c.get("/language/hu?next=/new")
    assert r.status_code == 303 and r.headers["Location"].endswith("/new")
    assert language_of(c.get("/new", headers={"Accept-Language": "el"})) == "hu"  # the choice beats the header
    for target in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        assert c.get(f"/language/el?next={target}").headers["Location"].endswith("/")
    assert c.get("/language/fr?next=/").status_code == 303 and language_of(c.get("/")) == "el"  # unknown: ignored


def test_a_seats_pages_read_its_language_then_the_tables_then_the_browsers(app, sqlite_svc):
    g = create(app, "el")
    c = app.test_client()
    login(c, g["tokens"]["red"])
    page = c.get(f"/games/{g['id']}", headers={"Accept-Language": "hu"})
    assert language_of(page) == "el" and '<html lang="el">' in page.text  # the table's beats the browser's
    assert f'href="/games/{g["id"]}?seat=red#settings"' in page.text  # the footer points to the settings
    assert language_of(c.get("/", headers={"Accept-Language": "hu"})) == "hu"  # the lobby has no seat
    form = {"csrf_token": csrf_from(page.text), "seat": "red", "language": "hu", "timezone": ""}
    r = c.post(f"/games/{g['id']}/settings/reading", data=form)
    assert r.status_code == 303, r.text[:300]
    assert language_of(c.get(f"/games/{g['id']}")) == "hu"
    changes = [e.content for e in sqlite_svc.events(g["id"]) if type(e).__name__ == "PreferencesChanged"]
    assert [(c_["seat"], c_["language"], c_["preference"], c_["by"]) for c_ in changes] == [("red", "hu", "every", "seat")]
    assert sqlite_svc.get(g["id"]).language_for("red") == "hu" and sqlite_svc.get(g["id"]).language_for("blue") == "el"
    api = app.test_client()
    assert language_of(call(api, "GET", f"/api/games/{g['id']}/view", g["tokens"]["red"])) == "hu"
    assert language_of(call(api, "GET", f"/api/games/{g['id']}/view", g["tokens"]["blue"],
                            headers={"Accept-Language": "en"})) == "el"


def test_without_a_table_language_a_seat_reads_the_browsers(app):
    g = create(app)
    c = app.test_client()
    login(c, g["tokens"]["red"])
    page = c.get(f"/games/{g['id']}", headers={"Accept-Language": "hu"})
    assert language_of(page) == "hu" and 'href="/language/el?next=' in page.text  # the switcher, not the settings


def test_the_magic_link_confirmation_is_in_the_seats_language(app):
    g = create(app, "hu")
    page = app.test_client().get(f"/play/{g['tokens']['blue']}", headers={"Accept-Language": "el"})
    assert page.status_code == 200 and language_of(page) == "hu"


# ------------------------------------------------------------------------------------------ the API

def test_the_settings_api_sets_a_language_by_code_or_name_and_a_time_zone(app, sqlite_svc):
    g = create(app, "el", options={"clock": {"mode": "deadline", "per_decision_hours": 24}})
    c, token = app.test_client(), g["tokens"]["blue"]
    r = call(c, "POST", f"/api/games/{g['id']}/settings", token, json={"language": "Magyar"})
    assert r.status_code == 200 and r.get_json()["language"] == "hu" and language_of(r) == "hu"
    r = call(c, "POST", f"/api/games/{g['id']}/settings", token, json={"timezone": "Europe/Budapest"})
    assert r.get_json()["timezone"] == "Europe/Budapest" and r.get_json()["game_timezone"] == "UTC"
    r = call(c, "POST", f"/api/games/{g['id']}/settings", token, json={"timezone": ""})
    assert r.get_json()["timezone"] is None
    before = sqlite_svc.get(g["id"]).version
    assert call(c, "POST", f"/api/games/{g['id']}/settings", token, json={"language": "hu"}).status_code == 200
    assert sqlite_svc.get(g["id"]).version == before  # the same language again records nothing
    for body in ({"language": "fr"}, {"timezone": "Mars/Olympus"}, {"language": 3}, {}):
        r = call(c, "POST", f"/api/games/{g['id']}/settings", token, json=body)
        assert r.status_code in (400, 422), (body, r.status_code)
    assert sqlite_svc.get(g["id"]).version == before


def test_the_table_language_is_chosen_at_creation(app, sqlite_svc):
    assert sqlite_svc.get(create(app, "hu")["id"]).options["language"] == "hu"
    assert sqlite_svc.get(create(app, options={"language": "el"})["id"]).options["language"] == "el"  # an option
    assert "language" not in sqlite_svc.get(create(app)["id"]).options
    r = call(app.test_client(), "POST", "/api/games", json={"rules": "toy", "players": PLAYERS[:2], "language": "xx"})
    assert r.status_code == 400 and "en, el, hu" in r.get_json()["error"]
    spec = app.test_client().get("/api/openapi.json").get_json()
    assert spec["components"]["schemas"]["NewGame"]["properties"]["language"]["enum"] == ["en", "el", "hu"]


def test_the_new_game_form_offers_the_table_language_preset_to_the_readers(app, sqlite_svc):
    c = app.test_client()
    form = c.get("/new?rules=toy", headers={"Accept-Language": "hu"})
    assert 'name="table_language"' in form.text and '<option value="hu" lang="hu" selected>Magyar</option>' in form.text
    data = {"csrf_token": csrf_from(form.text), "rules": "toy", "name": ["Ann", "Bob"], "email": ["", ""],
            "table_language": "el"}
    r = c.post("/new", data=data)
    assert r.status_code in (201, 303), r.text[:500]
    [row] = sqlite_svc.store.db.query("SELECT id FROM tabularium_games")
    assert sqlite_svc.get(row["id"]).options["language"] == "el"


# ------------------------------------------------------------------------------------------ the CLI

@pytest.mark.parametrize("environ, language", [
    ({"LANG": "el_GR.UTF-8"}, "el"), ({"LANG": "en_US.UTF-8", "LC_ALL": "hu_HU.UTF-8"}, "hu"),
    ({"LANG": "hu_HU.UTF-8", "LC_MESSAGES": "C"}, "en"), ({"LANGUAGE": "fr:el", "LANG": "hu_HU"}, "el"),
    ({"LANG": "C.UTF-8"}, "en"), ({}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en")])
def test_the_cli_writes_in_the_environments_language(environ, language):
    assert cli_language(environ) == language


def test_the_cli_creates_a_game_with_a_table_language(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABULARIUM_DATABASE_URL", f"sqlite:///{tmp_path}/cli.sqlite3")
    monkeypatch.setenv("TABULARIUM_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("TABULARIUM_TEST_TITLES", "1")
    assert main(["new", "toy", "--player", "Ann:a@x.org", "--player", "Bob:b@x.org", "--language", "Ελληνικά",
                 "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["id"]
    from service.cli import service

    assert service().get(gid).options["language"] == "el"
    with pytest.raises(SystemExit) as refused:
        main(["new", "toy", "--player", "Ann:a@x.org", "--player", "Bob:b@x.org", "--language", "klingon"])
    assert "en, el, hu" in str(refused.value)
    monkeypatch.setenv("LANG", "el_GR.UTF-8")
    with pytest.raises(SystemExit) as greek:
        main(["new", "toy", "--player", "Ann:a@x.org", "--player", "Bob:b@x.org", "--language", "klingon"])
    assert str(greek.value) == "tabularium: " + locales.render(
        _("--language must be one of %(choices)s.", choices="en, el, hu"), "el")


def test_the_very_first_request_of_a_new_app_reads_the_seats_language(sqlite_svc):
    """Opening the session cookie serialises with the app's JSON provider before routing: the language
    must not be settled then, before the route names the game."""
    created = sqlite_svc.create_game("toy", PLAYERS[:2], {"language": "hu"}, seed="ab" * 32)
    fresh = embedded_app(sqlite_svc).test_client()
    r = call(fresh, "GET", f"/api/games/{created['id']}/view", created["seats"][0]["token"])
    assert r.status_code == 200 and language_of(r) == "hu"


@pytest.mark.parametrize("language, shown", [("en", "2.5"), ("el", "2,5"), ("hu", "2,5")])
def test_numbers_are_written_the_readers_way(app, language, shown):
    from service.web.i18n import number

    with app.test_request_context("/", headers={"Accept-Language": language}):
        assert number(2.5) == shown and number(3) == "3" and number("x") == "x"
