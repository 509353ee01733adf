"""Tampering with any stored event makes verify fail: one byte, a deleted tail, two swapped events."""
import random

import pytest

from tests.support.play import new_game, play_random


def _events_table(svc):
    return "tabularium_events" if svc.settings.is_postgres else "stored_events"


def _raw(svc, sql, params=()):
    with svc.store.db.transaction() as cur:
        return cur.execute(sql.replace("{t}", _events_table(svc)), params)


@pytest.fixture
def finished_game(svc):
    gid = new_game(svc, players=3)
    play_random(svc, gid, random.Random(3))
    assert svc.audit(gid).ok
    return gid


def _state(svc, gid, version):
    row = _raw(svc, "SELECT state FROM {t} WHERE originator_id=? AND originator_version=?",
               (_id(svc, gid), version)).fetchone()
    return bytes(row["state"])


def _id(svc, gid):
    uuid = svc.get(gid).id
    return uuid if svc.settings.is_postgres else uuid.hex


def test_changing_one_byte_of_a_payload_breaks_the_chain(svc, finished_game):
    state = _state(svc, finished_game, 3)
    at = state.index(b'"at":"') + 8  # a digit of the year: still valid JSON, different content
    tampered = state[:at] + (b"9" if state[at:at + 1] != b"9" else b"8") + state[at + 1:]
    _raw(svc, "UPDATE {t} SET state=? WHERE originator_id=? AND originator_version=?",
         (tampered, _id(svc, finished_game), 3))
    report = svc.audit(finished_game)
    assert not report.chain_valid and not report.ok
    assert any("event 3" in p and "hash" in p for p in report.problems)


def test_garbage_bytes_are_reported_not_crashed_on(svc, finished_game):
    _raw(svc, "UPDATE {t} SET state=? WHERE originator_id=? AND originator_version=?",
         (b"\x00not json", _id(svc, finished_game), 2))
    report = svc.audit(finished_game)
    assert not report.ok and any("cannot be read" in p for p in report.problems)


def test_deleting_the_last_event_is_detected(svc, finished_game):
    length = svc.audit(finished_game).length
    _raw(svc, "DELETE FROM {t} WHERE originator_id=? AND originator_version=?", (_id(svc, finished_game), length))
    report = svc.audit(finished_game)
    assert not report.chain_valid
    assert any("truncated" in p for p in report.problems)


def test_swapping_two_events_is_detected(svc, finished_game):
    a, b = _state(svc, finished_game, 4), _state(svc, finished_game, 5)
    gid = _id(svc, finished_game)
    topics = {v: _raw(svc, "SELECT topic FROM {t} WHERE originator_id=? AND originator_version=?",
                      (gid, v)).fetchone()["topic"] for v in (4, 5)}
    _raw(svc, "UPDATE {t} SET state=?, topic=? WHERE originator_id=? AND originator_version=?", (b, topics[5], gid, 4))
    _raw(svc, "UPDATE {t} SET state=?, topic=? WHERE originator_id=? AND originator_version=?", (a, topics[4], gid, 5))
    report = svc.audit(finished_game)
    assert not report.chain_valid
    assert any("event 4" in p for p in report.problems)


def test_an_untouched_game_verifies_completely(svc, finished_game):
    report = svc.audit(finished_game)
    assert report.chain_valid and report.replay_valid and report.randomness_valid
    assert report.seed is not None and report.length == len(svc.events(finished_game))


# ---------------------------------------------------------------------------- issue #11, items 3 and 4

import json  # noqa: E402
import logging  # noqa: E402

from service.games import GameDamaged  # noqa: E402
from tests.conftest import make_service  # noqa: E402


def _edit_row(svc, gid, version, change, table="events"):
    """Rewrite one stored row's JSON the way someone with database access would (same separators)."""
    name = {"events": _events_table(svc),
            "snapshots": "tabularium_snapshots" if svc.settings.is_postgres else "stored_snapshots"}[table]
    row = _raw(svc, f"SELECT state FROM {name} WHERE originator_id=? AND originator_version=?",
               (_id(svc, gid), version)).fetchone()
    data = json.loads(bytes(row["state"]))
    data = change(data) or data
    _raw(svc, f"UPDATE {name} SET state=? WHERE originator_id=? AND originator_version=?",
         (json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode(), _id(svc, gid), version))


def _rename(old, new):
    def change(data):
        data[new] = data.pop(old)
    return change


def _alerts(caplog):
    return [r for r in caplog.records if "integrity alert" in r.getMessage()]


def test_renaming_a_stored_field_fails_verify_and_loading_answers_a_sentence(svc, finished_game, caplog):
    """Renaming "timestamp" passed verify and crashed `show` and `history` with a traceback."""
    _edit_row(svc, finished_game, 3, _rename("timestamp", "timestamq"))
    report = svc.audit(finished_game)
    assert not report.ok and not report.chain_valid
    assert any("event 3" in p and "fields" in p for p in report.problems), report.problems
    fresh = make_service(svc.settings.database_url)  # another process: nothing cached
    try:
        with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
            for read in (lambda: fresh.view(finished_game, None), lambda: fresh.history(finished_game, None),
                         lambda: fresh.summary(finished_game), lambda: svc.history(finished_game, "red")):
                with pytest.raises(GameDamaged, match="integrity check"):
                    read()
        assert _alerts(caplog)
    finally:
        fresh.close()


def test_a_choice_changed_under_a_cached_game_is_never_served(svc, caplog):
    """The game sits in the process's caches; an older row's choice is edited (its hash left as it was, or
    recomputed): history, export and the audit read every row, so they refuse it; nothing serves it."""
    from domain.chain import event_hash

    gid = new_game(svc, players=3)
    play_random(svc, gid, random.Random(3))
    assert svc.get(gid).version > 5 and svc.history(gid, None)

    def change(data):
        data["content"]["choice"] = "card-1" if data["content"]["choice"] != "card-1" else "card-2"

    _edit_row(svc, gid, 2, change)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        with pytest.raises(GameDamaged):
            svc.history(gid, None)
        with pytest.raises(GameDamaged):
            svc.export(gid, "referee")
    assert _alerts(caplog)
    assert not svc.audit(gid).ok

    def rehash(data):  # a forger who recomputes the edited event's own hash breaks the next link instead
        data["hash"] = event_hash(str(svc.get(gid).id), 2, "ChoiceSealed", data["prev_hash"], data["content"])

    _edit_row(svc, gid, 2, rehash)
    with pytest.raises(GameDamaged, match="event 3 does not link"):
        svc.history(gid, None)
    report = svc.audit(gid)
    assert not report.chain_valid and any("event 3" in p for p in report.problems)


def test_the_web_answers_a_damaged_game_with_a_sentence_never_the_altered_event(svc, caplog):
    from tests.web.helpers import call, embedded_app, login
    from tests.web.helpers import new_game as web_new_game

    app = embedded_app(svc)
    client = app.test_client()
    created = web_new_game(client, players=3)
    gid, red, blue = created["id"], created["tokens"]["red"], created["tokens"]["blue"]
    play_random(svc, gid, random.Random(4), max_steps=6)
    assert call(client, "GET", f"/api/games/{gid}/view", red).status_code == 200  # cached by the web process
    assert call(client, "GET", f"/api/games/{gid}/history", red).status_code == 200

    def change(data):
        data["content"]["choice"] = "forged"

    _edit_row(svc, gid, 2, change)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        r = call(client, "GET", f"/api/games/{gid}/history", blue)
        assert r.status_code == 503 and "integrity check" in r.get_json()["error"] and b"forged" not in r.data
        login(client, blue)
        page = client.get(f"/games/{gid}/history")
        assert page.status_code == 503 and "integrity check" in page.text and "forged" not in page.text
    audit = call(client, "GET", f"/api/games/{gid}/audit")
    assert audit.status_code == 200 and audit.get_json()["chain_valid"] is False
    assert _alerts(caplog)


def _snapshot_game(url):
    svc = make_service(url, snapshot_interval=4)
    gid = new_game(svc, players=3)
    play_random(svc, gid, random.Random(3))
    return svc, gid


def _latest_snapshot_version(svc, gid):
    return max(s.originator_version for s in svc.store.app.snapshots.get(svc.get(gid).id))


def _forge_state(data):
    """Like giving a seat 99 denarii: one value of the rules state in the snapshot changes."""
    state = data["state"]["state"]
    key = next(k for k, v in state.items() if isinstance(v, (int, dict, list)) and not isinstance(v, bool))
    state[key] = 99 if not isinstance(state[key], int) or state[key] != 99 else 98


def test_a_forged_snapshot_is_ignored_on_load_alerted_and_reported_by_verify(database_url, caplog):
    svc, gid = _snapshot_game(database_url)
    try:
        truth = svc.get(gid).state
        version = _latest_snapshot_version(svc, gid)
        _edit_row(svc, gid, version, _forge_state, table="snapshots")
        fresh = make_service(database_url, snapshot_interval=4)
        with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
            assert fresh.get(gid).state == truth  # rebuilt from the events, not from the forgery
            assert fresh.get(gid, version=version).state == svc.get(gid, version=version).state
        assert any("snapshot" in r.getMessage() for r in _alerts(caplog))
        report = fresh.audit(gid)
        assert not report.ok and any(f"snapshot at event {version}" in p for p in report.problems)
        fresh.close()
    finally:
        svc.close()


def test_verify_compares_every_snapshot_with_the_events_even_a_validly_sealed_one(database_url):
    """A snapshot sealed with the server's key but holding another state (a bug, or someone with the key)
    is caught by verify's rebuild from the events."""
    from eventsourcing.domain import Snapshot

    svc, gid = _snapshot_game(database_url)
    try:
        game = svc.get(gid, version=4)
        game.state = {**game.state, "forged": 99} if isinstance(game.state, dict) else game.state
        snapshot = Snapshot.take(game)
        table = "tabularium_snapshots" if svc.settings.is_postgres else "stored_snapshots"
        _raw(svc, f"DELETE FROM {table} WHERE originator_id=? AND originator_version=?", (_id(svc, gid), 4))
        svc.store.app.snapshots.put([snapshot])
        report = svc.audit(gid)
        assert not report.ok and any("snapshot at event 4 differs" in p for p in report.problems)
    finally:
        svc.close()


def test_a_snapshot_moved_to_another_version_is_not_trusted(database_url, caplog):
    """The seal covers the game id and version, and the snapshot's head must be its event's hash."""
    svc, gid = _snapshot_game(database_url)
    try:
        table = "tabularium_snapshots" if svc.settings.is_postgres else "stored_snapshots"
        rows = _raw(svc, f"SELECT originator_version, state FROM {table} WHERE originator_id=?"
                    " ORDER BY originator_version", (_id(svc, gid),)).fetchall()
        assert len(rows) >= 2
        older, newest = rows[0]["state"], rows[-1]["originator_version"]
        _raw(svc, f"UPDATE {table} SET state=? WHERE originator_id=? AND originator_version=?",
             (bytes(older), _id(svc, gid), newest))
        fresh = make_service(database_url, snapshot_interval=4)
        with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
            assert fresh.get(gid).state == svc.get(gid).state
        assert _alerts(caplog)
        assert not fresh.audit(gid).ok
        fresh.close()
    finally:
        svc.close()
