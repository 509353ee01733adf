"""The CLI contracts: `--json` outputs that scripts rely on, exit codes, and the verify/export/import loop."""
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from service.cli import main
from service.games import GameService

SEED = "ef" * 32


@pytest.fixture
def cli_env(tmp_path, monkeypatch):
    db = tmp_path / "cli.sqlite3"
    env = {"TABULARIUM_DATABASE_URL": f"sqlite:///{db}", "TABULARIUM_VAR_DIR": str(tmp_path / "var"),
           "TABULARIUM_TEST_TITLES": "1", "TABULARIUM_BASE_URL": "http://play.example"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return {**os.environ, **env, "db": str(db)}


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def new_game(capsys, players=2):
    args = ["new", "toy", "--seed", SEED, "--json"]
    for name in ["Ann:ann@example.org", "Bob:bob@example.org", "Cid:cid@example.org"][:players]:
        args += ["--player", name]
    code, out, _ = run(capsys, *args)
    assert code == 0
    return json.loads(out)


def test_new_json_contract(cli_env, capsys):
    data = new_game(capsys)
    assert set(data) == {"id", "seats"}
    assert [set(s) for s in data["seats"]] == [{"seat", "name", "token", "url"}] * 2
    assert data["seats"][0]["url"] == "http://play.example/play/" + data["seats"][0]["token"]
    assert len(data["seats"][0]["token"]) >= 22  # at least 128 bits, url-safe


def test_show_json_is_exactly_the_api_view(cli_env, capsys):
    gid = new_game(capsys)["id"]
    code, out, _ = run(capsys, "show", gid, "--as", "red", "--json")
    assert code == 0
    svc = GameService()
    assert json.loads(out) == svc.view(gid, "red")
    assert set(json.loads(out)) >= {"game", "you", "state", "prompt", "waiting_for", "outcome"}


def test_play_by_number_history_and_show_at(cli_env, capsys):
    gid = new_game(capsys)["id"]
    assert run(capsys, "play", gid, "--as", "red", "2")[0] == 0
    code, out, _ = run(capsys, "history", gid, "--as", "blue", "--json")
    history = json.loads(out)
    assert [h["type"] for h in history] == ["GameCreated", "ChoiceSealed"]
    assert set(history[0]) == {"seq", "type", "at", "seat", "text", "hash"}
    code, out, _ = run(capsys, "show", gid, "--as", "red", "--at", "1", "--json")
    assert json.loads(out)["as_of"] == 1 and json.loads(out)["prompt"] is not None
    code, _, err = run(capsys, "play", gid, "--as", "red", "card-1")
    assert code == 1 and "no decision" in err


def test_a_standing_order_from_the_terminal(cli_env, capsys):
    gid = new_game(capsys)["id"]
    for seat in ("red", "blue"):  # the sealed round; then its winner is asked to draw or pass
        assert run(capsys, "play", gid, "--as", seat, "1")[0] == 0
    winner = GameService().get(gid).waiting_for()[0]
    code, out, _ = run(capsys, "play", gid, "--as", winner, "pass", "--always")
    number = GameService().get(gid).standing[winner][0]["id"]
    assert code == 0 and f"standing order {number}: draw or pass -> pass" in out
    assert f"cancel-order {gid} --as {winner} {number}" in out
    code, out, _ = run(capsys, "orders", gid, "--as", winner)
    assert int(out.split()[0]) == number
    assert "draw or pass: Pass (pass)" in out
    other = "blue" if winner == "red" else "red"
    code, _, err = run(capsys, "cancel-order", gid, "--as", other, str(number))
    assert code == 1 and "no standing order" in err
    assert run(capsys, "cancel-order", gid, "--as", winner, str(number))[0] == 0
    assert "has no standing orders" in run(capsys, "orders", gid, "--as", winner)[1]
    code, _, err = run(capsys, "orders", gid, "--as", "purple")
    assert code == 1 and "no seat 'purple'" in err


def test_an_illegal_choice_is_refused_with_a_sentence(cli_env, capsys):
    gid = new_game(capsys)["id"]
    code, _, err = run(capsys, "play", gid, "--as", "red", "card-999")
    assert code == 1 and "not one of the choices" in err


def _finish(gid):
    import random

    from tests.support.play import play_random
    play_random(GameService(), gid, random.Random(1))


def test_verify_export_import_and_tamper(cli_env, capsys, tmp_path, monkeypatch):
    gid = new_game(capsys, players=3)["id"]
    _finish(gid)
    code, out, _ = run(capsys, "verify", gid)
    assert code == 0 and "OK" in out and "dice valid" in out
    code, out, _ = run(capsys, "export", gid)
    archive = tmp_path / "archive.json"
    archive.write_text(out)
    code, out, _ = run(capsys, "verify", str(archive), "--json")
    assert code == 0 and json.loads(out)[str(archive)]["randomness_valid"] is True
    monkeypatch.setenv("TABULARIUM_DATABASE_URL", f"sqlite:///{tmp_path}/fresh.sqlite3")
    assert run(capsys, "import", str(archive))[0] == 0
    assert GameService().get(gid).head == json.loads(archive.read_text())["head"]
    monkeypatch.setenv("TABULARIUM_DATABASE_URL", f"sqlite:///{cli_env['db']}")
    with sqlite3.connect(cli_env["db"]) as conn:
        conn.execute("UPDATE stored_events SET state = replace(state, '\"choice\":\"card-', '\"choice\":\"card-1')"
                     " WHERE originator_version = 2")
    code, out, _ = run(capsys, "verify", "--all")
    assert code == 1 and "FAILED" in out and "event 2" in out


def test_simulate_json_contract(cli_env, capsys):
    code, out, _ = run(capsys, "simulate", "toy", "--games", "20", "--players", "3", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"title", "players", "games", "decisions", "seconds", "games_per_second",
                         "decisions_per_second", "errors"}
    assert data["games"] == 20 and data["errors"] == [] and data["decisions"] > 20


def test_the_console_script_runs_as_a_real_process(cli_env):
    result = subprocess.run([sys.executable, "-m", "service.cli", "new", "toy", "--player", "A:a@x.org",
                             "--player", "B:b@x.org", "--json"], env=cli_env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    gid = json.loads(result.stdout)["id"]
    bad = subprocess.run([sys.executable, "-m", "service.cli", "verify", "not-a-game"], env=cli_env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and "no game" in bad.stderr
    ok = subprocess.run([sys.executable, "-m", "service.cli", "verify", gid], env=cli_env,
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0


def test_bad_options_are_refused_with_a_sentence(cli_env, capsys):
    code, _, err = run(capsys, "new", "sylla", "--player", "A:a@x.org", "--player", "B:b@x.org",
                       "--player", "C:c@x.org", "--option", "clock=7")
    assert code == 1 and "clock" in err and "Traceback" not in err
    code, _, err = run(capsys, "new", "sylla", "--player", "A:a@x.org", "--player", "B:b@x.org",
                       "--player", "C:c@x.org", "--option", "no_such_option=1")
    assert code == 1 and "no_such_option" in err


def test_init_db_creates_every_platform_table(cli_env, capsys):
    """Production runs with TABULARIUM_CREATE_TABLES=no after `init-db`, so init-db makes them all."""
    code, out, _ = run(capsys, "init-db")
    assert code == 0 and "tables created" in out
    with sqlite3.connect(cli_env["db"]) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert any(n.endswith("_events") for n in names)  # the event store (its name is eventsourcing's)
    assert {"tabularium_games", "tabularium_seat_tokens", "tabularium_contacts",
            "tabularium_outbox", "tabularium_outbox_tracking", "tabularium_mail_tokens", "tabularium_inbound",
            "tabularium_web_nonces"} <= names
    assert run(capsys, "init-db")[0] == 0  # again: nothing to do, no error


def test_the_republic_of_rome_is_created_without_test_titles_but_the_toy_needs_them(cli_env, capsys, monkeypatch):
    """The Republic of Rome is a listed title (on /new, issue #16), created with test titles off; the toy is a
    test-only title."""
    from domain.rules import titles

    monkeypatch.setenv("TABULARIUM_TEST_TITLES", "")
    assert "republic_of_rome" in titles() and "toy" not in titles()
    players = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
               "--player", "Cid:cid@example.org", "--player", "Dan:dan@example.org"]
    code, out, _ = run(capsys, "new", "republic_of_rome", "--json", *players)
    assert code == 0 and len(json.loads(out)["seats"]) == 4
    code, _, err = run(capsys, "new", "toy", "--json", *players[:4])
    assert code != 0 and "no game called 'toy'" in err
