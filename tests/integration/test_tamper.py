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
