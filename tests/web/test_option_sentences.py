"""One option declaration per title: a bad option gets the same sentence from the CLI (`tabularium new
--option`), the API (`POST /api/games`) and the `/new` form, and it is the declaration's own sentence."""
from __future__ import annotations

import html
import json
import os
import re

import pytest

from domain.rules import IllegalAction, get_rules
from service.cli import main
from tests.web.helpers import PLAYERS, call, csrf_from, embedded_app

# (title, option, as typed in a form or after --option NAME=, as sent in the API's JSON)
BAD = [
    ("sylla", "crisis_zone_width", "two", "two"),
    ("sylla", "crisis_zone_width", "9", 9),
    ("sylla", "granary_famine_direction", "up", "up"),
    ("sylla", "announce_token_kinds", "yes", "yes"),
    ("sylla", "crisis_order", '["civic"]', ["civic"]),
    ("sylla", "data_overrides", '{"nonsense": 1}', {"nonsense": 1}),
    ("toy", "rounds", "many", "many"),
    ("toy", "hand_size", "0", 0),
]


@pytest.fixture
def cli_env(tmp_path, monkeypatch):
    env = {"TABULARIUM_DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "TABULARIUM_VAR_DIR": str(tmp_path / "var"),
           "TABULARIUM_TEST_TITLES": "1", "TABULARIUM_BASE_URL": "http://play.example"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return {**os.environ, **env}


def declared_sentence(title: str, name: str, value) -> str:
    with pytest.raises(IllegalAction) as refused:
        get_rules(title).check_options({name: value})
    return refused.value.reason


def players_for(title: str) -> list[dict]:
    return PLAYERS[:get_rules(title).min_players]


def by_cli(capsys, title: str, name: str, text: str) -> str:
    args = ["new", title, "--option", f"{name}={text}"]
    for p in players_for(title):
        args += ["--player", f"{p['name']}:{p['email']}"]
    code = main(args)
    err = capsys.readouterr().err
    assert code != 0 and "Traceback" not in err
    return err


def by_api(client, title: str, name: str, value) -> tuple[int, str]:
    r = call(client, "POST", "/api/games", json={"rules": title, "players": players_for(title),
                                                 "options": {name: value}})
    return r.status_code, r.get_json()["error"]


def by_form(client, title: str, name: str, text: str) -> str:
    page = client.get(f"/new?rules={title}")
    assert f'name="opt_{name}"' in page.text  # the form shows every declared option
    players = players_for(title)
    r = client.post("/new", data={"csrf_token": csrf_from(page.text), "rules": title, "action": "create",
                                  "name": [p["name"] for p in players], "email": [p["email"] for p in players],
                                  f"opt_{name}": text})
    assert r.status_code == 422
    return html.unescape(re.search(r'<p class="error" role="alert">(.*?)</p>', r.text, re.S).group(1))


@pytest.mark.parametrize("title, name, text, value", BAD)
def test_a_bad_option_gets_the_declarations_sentence_from_cli_api_and_form(svc, cli_env, capsys,
                                                                            title, name, text, value):
    sentence = declared_sentence(title, name, value)
    assert sentence.endswith(".") and (name in sentence or "data override" in sentence)
    assert sentence in by_cli(capsys, title, name, text)
    client = embedded_app(svc).test_client()
    assert by_api(client, title, name, value) == (422, sentence)
    assert by_form(client, title, name, text) == sentence


@pytest.mark.parametrize("title", ["sylla", "toy"])
def test_an_unknown_option_gets_the_same_sentence_from_cli_and_api(svc, cli_env, capsys, title):
    sentence = declared_sentence(title, "no_such_option", 1)
    assert "no_such_option" in sentence
    assert sentence in by_cli(capsys, title, "no_such_option", "1")
    assert by_api(embedded_app(svc).test_client(), title, "no_such_option", 1) == (422, sentence)


def test_the_cli_reads_each_option_by_its_declared_type(svc, cli_env, capsys):
    args = ["new", "sylla", "--json", "--option", "announce_token_kinds=false", "--option", "crisis_zone_width=1",
            "--option", "decadence_slot=top", "--option", 'crisis_order=["leisure", "civic", "health"]']
    for p in players_for("sylla"):
        args += ["--player", f"{p['name']}:{p['email']}"]
    assert main(args) == 0
    from service.games import GameService

    game = GameService().get(json.loads(capsys.readouterr().out)["id"])
    assert game.options == {"announce_token_kinds": False, "crisis_zone_width": 1, "decadence_slot": "top",
                            "crisis_order": ["leisure", "civic", "health"]}


def test_titles_and_openapi_describe_the_declared_options(svc):
    client = embedded_app(svc).test_client()
    titles = {t["id"]: t for t in client.get("/api/titles").get_json()}
    width = titles["sylla"]["options"]["crisis_zone_width"]
    assert width == {**width, "type": "int", "min": 0, "max": 7, "default": 2, "advanced": True}
    assert titles["sylla"]["options"]["curia_marker"]["choices"] == ["civic", "leisure"]
    spec = client.get("/api/openapi.json").get_json()
    sylla = spec["components"]["schemas"]["Options_sylla"]
    assert sylla["properties"]["granary_famine_direction"]["enum"] == ["decrease", "increase"]
    assert "rounds" not in sylla["properties"] and sylla["additionalProperties"] is False
    assert spec["components"]["schemas"]["Options_toy"]["properties"]["rounds"]["maximum"] == 30


def test_the_form_folds_advanced_options_away(svc):
    page = embedded_app(svc).test_client().get("/new?rules=sylla").text
    advanced = page[page.index("<summary>Advanced"):]
    assert 'name="opt_data_overrides"' in advanced and 'name="opt_curia_marker"' not in advanced
    assert '<select id="opt_curia_marker"' in page  # a choice is a list to pick from
