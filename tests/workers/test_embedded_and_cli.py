"""The embedded mode (in-process threads, file sink) and the CLI commands of the workers."""
from __future__ import annotations

import io
import json
import time

from service import cli
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service
from workers import embedded, runtime


def test_embedded_workers_deliver_after_each_save(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path)
    worker = embedded.start(svc, sweep_seconds=0.5, tick_seconds=0.5)
    try:
        assert embedded.start(svc) is worker  # idempotent
        svc.create_game("toy", PLAYERS[:3], seed="cc" * 32)
        boxes = Mailboxes(tmp_path / "mail")
        end = time.time() + 20
        while len(boxes.all()) < 6 and time.time() < end:
            time.sleep(0.05)
        assert sorted(m["X-Tabularium-Kind"] for m in boxes.all()) == ["invitation"] * 3 + ["your_turn"] * 3
    finally:
        worker.stop()
        runtime.reset()
        svc.close()


def test_production_settings_only_register_the_kick(sqlite_url, tmp_path):
    svc = mail_service(sqlite_url, tmp_path, broker_url="redis://127.0.0.1:1/0")
    assert embedded.start(svc) is None
    assert any(isinstance(f, runtime.Kicker) for f in svc.listeners)
    runtime.reset()
    svc.close()


def test_cli_tick_mail_in_and_mail_status(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "TEST_TITLES": "1",
                       "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    svc = mail_service(url, tmp_path)
    svc.create_game("toy", PLAYERS[:2], {"clock": {"per_decision_hours": 1}}, seed="dd" * 32)
    svc.close()
    assert cli.main(["mail-flush", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"sent": 4}
    assert cli.main(["tick", "--now", "2099-01-01T00:00:00Z", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["timeouts"] == 2 and summary["mail"]["sent"] >= 2
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"junk")))
    assert cli.main(["mail-in", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "dropped:no-token"
    assert cli.main(["mail-status", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["failed"] == 0 and stats["sent"] >= 6
    assert cli.main(["mail-retry", "--all-failed"]) == 0


def test_cli_seat_commands(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "TEST_TITLES": "1",
                       "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    svc = mail_service(url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], {"clock": {"on_timeout": "pause"}}, seed="ee" * 32)["id"]
    old_hash = svc.get(gid).token_hashes["blue"]
    assert cli.main(["vacation", gid, "red", "2"]) == 0
    assert cli.main(["replace-seat", gid, "blue", "Eve:eve@example.org"]) == 0
    assert "/play/" in capsys.readouterr().out
    game = svc.get(gid)
    assert game.seat_info("blue")["name"] == "Eve" and game.token_hashes["blue"] != old_hash
    assert svc.store.contacts(gid)["blue"]["email"] == "eve@example.org"
    boxes = Mailboxes(tmp_path / "mail")
    invitation = boxes.to("eve@example.org")
    assert [m["X-Tabularium-Kind"] for m in invitation] == ["invitation"]
    assert "YOUR DECISION" in invitation[0].get_body(("plain",)).get_content()
    assert cli.main(["mail-preference", gid, "red", "digest"]) == 0
    assert svc.store.contacts(gid)["red"]["preference"] == "digest"
    svc.pause(gid, "test")
    assert cli.main(["resume", gid]) == 0
    assert svc.get(gid).status == "active"
    svc.close()


def test_cli_operator_commands_for_stale_games(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "TEST_TITLES": "1",
                       "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    svc = mail_service(url, tmp_path)
    stale = svc.create_game("toy", PLAYERS[:2], {}, seed="ee" * 32)["id"]
    capsys.readouterr()
    assert cli.main(["games", "--json", "--idle-days", "0"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in listed] == [stale] and listed[0]["status"] == "active"
    assert cli.main(["games", "--json", "--idle-days", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # created just now: not idle for three days
    assert cli.main(["pause", stale]) == 0 and svc.get(stale).status == "paused"
    assert cli.main(["games", "--status", "paused"]) == 0 and stale in capsys.readouterr().out
    old = svc.get(stale).token_hashes["red"]
    assert cli.main(["new-link", stale, "red"]) == 0
    link = capsys.readouterr().out.strip()
    assert "/play/" in link and svc.get(stale).token_hashes["red"] != old
    assert svc.authenticate(link.rsplit("/", 1)[1]) == (stale, "red")
    assert cli.main(["abandon", stale, "--reason", "nobody played for a month"]) == 0
    game = svc.get(stale)
    assert game.status == "abandoned" and svc.audit(stale).ok
    finished = Mailboxes(tmp_path / "mail").to("ann@example.org")
    assert "finished" in [m["X-Tabularium-Kind"] for m in finished]
    svc.close()
