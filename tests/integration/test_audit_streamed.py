"""The full audit streamed a chunk at a time (service.audit_stored, service.audit.StreamAudit; issue #12,
section 5) gives the report the audit of the whole record as one list gave (tests/support/audit_reference.py,
the former code kept as the oracle), value for value and sentence for sentence: on an untouched finished game
(the seed revealed, so the draws are read a second time) and on records damaged at a chunk boundary (a row
changed, unreadable, deleted or swapped, a rewrite with recomputed hashes, a forged salt, a wrong witness,
forged, unreadable or misplaced snapshots). And it never holds more than a chunk of rows."""
from __future__ import annotations

import json
import random

import pytest
from eventsourcing.domain import Snapshot

from domain.chain import event_hash
from service import audit_stored
from service.audit import StreamAudit, audit_entries, entry_of
from tests.conftest import make_service
from tests.support import audit_reference
from tests.support.play import new_game

CHUNK = 5  # small, so a game of a few dozen events crosses many chunk boundaries


@pytest.fixture
def snap_svc(database_url):
    """Snapshots every 4 events: they fall on both sides of the chunk boundaries."""
    service = make_service(database_url, snapshot_interval=4)
    yield service
    service.close()


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(audit_stored, "CHUNK", CHUNK)


def _finished(svc, seed=5):
    """A finished toy game of 3 seats with public and private messages between the decisions."""
    from domain.bots import random_choice

    rng = random.Random(seed)
    gid = new_game(svc, players=3, seed=f"{seed:02x}" * 32)
    while svc.get(gid).status == "active":
        game = svc.get(gid)
        if rng.random() < 0.4:
            to = "all" if rng.random() < 0.7 else [game.seat_ids[1]]
            svc.post_message(gid, game.seat_ids[0], to, f"news {rng.random()}")
            continue
        prompt = rng.choice(game.open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng), key=f"k-{rng.random()}")
    assert svc.get(gid).version > 4 * CHUNK
    return gid


# ------------------------------------------------------------------------------------ damage, as a writer

def _table(svc, kind="events"):
    if svc.settings.is_postgres:
        return f"tabularium_{kind}"
    return f"stored_{kind}"


def _key(svc, gid):
    uuid = svc.get(gid).id
    return uuid if svc.settings.is_postgres else uuid.hex


def _raw(svc, sql, params=()):
    with svc.store.db.transaction() as cur:
        return cur.execute(sql, params)


def _state(svc, gid, version, kind="events"):
    row = _raw(svc, f"SELECT state FROM {_table(svc, kind)} WHERE originator_id=? AND originator_version=?",
               (_key(svc, gid), version)).fetchone()
    return bytes(row["state"])


def _put(svc, gid, version, state, kind="events"):
    _raw(svc, f"UPDATE {_table(svc, kind)} SET state=? WHERE originator_id=? AND originator_version=?",
         (state, _key(svc, gid), version))


def _delete(svc, gid, version, kind="events"):
    _raw(svc, f"DELETE FROM {_table(svc, kind)} WHERE originator_id=? AND originator_version=?",
         (_key(svc, gid), version))


def _types(svc, gid):
    return {e.originator_version: type(e).__name__ for e in svc.events(gid)}


def _rehash_from(svc, gid, seq, change):
    """Change the content of event `seq`, then recompute its hash and every later event's link and hash,
    and the games table's witness: the chain is valid again, only the replay or the randomness can tell."""
    uuid, types = svc.get(gid).id, _types(svc, gid)
    prev = None
    for version in range(seq, max(types) + 1):
        data = json.loads(_state(svc, gid, version))
        if version == seq:
            change(data["content"])
        if prev is not None:
            data["prev_hash"] = prev
        data["hash"] = prev = event_hash(str(uuid), version, types[version], data["prev_hash"], data["content"])
        _put(svc, gid, version, json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())
    svc.store.db.execute("UPDATE tabularium_games SET head=? WHERE id=?", (prev, str(uuid)))


def _first_at_or_after(svc, gid, seq, kind, test=lambda e: True):
    return next(e.originator_version for e in svc.events(gid)
                if e.originator_version >= seq and type(e).__name__ == kind and test(e))


def untouched(svc, gid):
    pass


def one_byte_at_the_boundary(svc, gid):
    state = _state(svc, gid, CHUNK + 1)
    at = state.index(b'"at":"') + 8
    _put(svc, gid, CHUNK + 1, state[:at] + (b"9" if state[at:at + 1] != b"9" else b"8") + state[at + 1:])


def garbage_at_the_end_of_a_chunk(svc, gid):
    _put(svc, gid, CHUNK, b"\x00not json")


def deleted_at_the_boundary(svc, gid):
    _delete(svc, gid, CHUNK + 1)


def deleted_last(svc, gid):
    _delete(svc, gid, svc.get(gid).version)


def swapped_across_the_boundary(svc, gid):
    a, b = _state(svc, gid, CHUNK), _state(svc, gid, CHUNK + 1)
    types = _types(svc, gid)
    table, key = _table(svc), _key(svc, gid)
    topics = {v: _raw(svc, f"SELECT topic FROM {table} WHERE originator_id=? AND originator_version=?",
                      (key, v)).fetchone()["topic"] for v in (CHUNK, CHUNK + 1)}
    assert types
    _raw(svc, f"UPDATE {table} SET state=?, topic=? WHERE originator_id=? AND originator_version=?",
         (b, topics[CHUNK + 1], key, CHUNK))
    _raw(svc, f"UPDATE {table} SET state=?, topic=? WHERE originator_id=? AND originator_version=?",
         (a, topics[CHUNK], key, CHUNK + 1))


def rehashed_choice_after_the_boundary(svc, gid):
    seq = _first_at_or_after(svc, gid, 2 * CHUNK + 1, "ChoiceMade")
    _rehash_from(svc, gid, seq, lambda c: c.update(choice="forged"))


def rehashed_message_at_the_boundary(svc, gid):
    """A public message rewritten (text and all hashes after it): the chain and the replay hold; the stored
    snapshots since (whose heads are the old hashes) no longer sit on it."""
    seq = _first_at_or_after(svc, gid, CHUNK, "MessagePosted", lambda e: e.content["to"] == "all")
    _rehash_from(svc, gid, seq, lambda c: c.update(text="it never happened"))


def rehashed_salt_in_a_later_chunk(svc, gid):
    """A public event's salt no longer derived from the seed: the second reading (draws and salts) says so."""
    seq = _first_at_or_after(svc, gid, 3 * CHUNK + 1, "MessagePosted", lambda e: e.content["to"] == "all")
    _rehash_from(svc, gid, seq, lambda c: c.update(salt="0" * 32))


def witness_one_longer(svc, gid):
    svc.store.db.execute("UPDATE tabularium_games SET length=length+1 WHERE id=?", (str(svc.get(gid).id),))


def witness_at_the_boundary_with_another_head(svc, gid):
    svc.store.db.execute("UPDATE tabularium_games SET length=? WHERE id=?", (CHUNK, str(svc.get(gid).id)))


def witness_of_length_zero(svc, gid):
    svc.store.db.execute("UPDATE tabularium_games SET length=0 WHERE id=?", (str(svc.get(gid).id),))


def witness_negative(svc, gid):
    svc.store.db.execute("UPDATE tabularium_games SET length=-2 WHERE id=?", (str(svc.get(gid).id),))


def witness_far_negative(svc, gid):
    svc.store.db.execute("UPDATE tabularium_games SET length=-100000 WHERE id=?", (str(svc.get(gid).id),))


def snapshot_forged_and_sealed_at_the_boundary(svc, gid):
    version = 2 * CHUNK  # 10: a snapshot every 4 events falls on 8 and 12; this one is re-taken at 10
    game = svc.get(gid, version=version)
    game.state = {**game.state, "forged": 99}
    svc.store.app.snapshots.put([Snapshot.take(game)])


def snapshot_unreadable(svc, gid):
    _put(svc, gid, 8, b"{not json", kind="snapshots")


def snapshot_beyond_the_last_event(svc, gid):
    snapshot = Snapshot.take(svc.get(gid, version=8))
    snapshot.__dict__["originator_version"] = svc.get(gid).version + 3
    svc.store.app.snapshots.put([snapshot])


def event_under_a_snapshot_deleted(svc, gid):
    _delete(svc, gid, 12)


DAMAGE = [untouched, one_byte_at_the_boundary, garbage_at_the_end_of_a_chunk, deleted_at_the_boundary,
          deleted_last, swapped_across_the_boundary, rehashed_choice_after_the_boundary,
          rehashed_message_at_the_boundary, rehashed_salt_in_a_later_chunk, witness_one_longer,
          witness_at_the_boundary_with_another_head, witness_of_length_zero, witness_negative,
          witness_far_negative, snapshot_forged_and_sealed_at_the_boundary, snapshot_unreadable,
          snapshot_beyond_the_last_event, event_under_a_snapshot_deleted]
PASSES = {untouched, witness_of_length_zero}  # nothing the record itself shows


@pytest.mark.parametrize("damage", DAMAGE, ids=[d.__name__ for d in DAMAGE])
def test_the_streamed_audit_reports_what_the_whole_list_reported(snap_svc, small_chunks, damage):
    svc = snap_svc
    gid = _finished(svc)
    damage(svc, gid)
    streamed = svc.audit(gid).to_json()
    assert streamed == audit_reference.reference_audit(svc, gid).to_json()
    assert (not streamed["problems"]) == (damage in PASSES), streamed["problems"]
    if damage in PASSES:
        assert streamed["randomness_valid"] is True and streamed["seed"] is not None


def test_a_tampered_row_at_a_chunk_boundary_is_named_with_its_sentence(snap_svc, small_chunks):
    svc = snap_svc
    gid = _finished(svc)
    rehashed_choice_after_the_boundary(svc, gid)
    report = svc.audit(gid)
    assert report.chain_valid and report.replay_valid is False
    assert any("was not a legal choice" in p for p in report.problems), report.problems


def test_the_audit_never_holds_more_than_a_chunk_of_rows(snap_svc, small_chunks, monkeypatch):
    svc = snap_svc
    gid = _finished(svc)
    recorder = svc.store.app.recorder
    real, sizes = recorder.select_events, []

    def counted(*args, **kwargs):
        rows = real(*args, **kwargs)
        sizes.append(len(rows))
        return rows

    monkeypatch.setattr(recorder, "select_events", counted)
    report = svc.audit(gid)
    assert report.ok and report.randomness_valid
    assert sizes and max(sizes) <= CHUNK
    assert sum(sizes) == 2 * svc.get(gid).version  # the checks, then the draws of the revealed seed
    assert not report.replayed.pending_events  # the replay does not keep the events it replayed


# ------------------------------------------------------------------------------------ lists (archives)

def _entries(svc, gid):
    return [entry_of(e) for e in svc.events(gid)]


def _chunked(game_id, entries, size, witness=None):
    auditor = StreamAudit(game_id, witness, withheld={e["seq"] for e in entries if isinstance(e, dict)
                                                      and e.get("content") == {"redacted": True}})
    for start in range(0, len(entries), size):
        auditor.feed(entries[start:start + size])
    return auditor.report(lambda: (entries[s:s + size] for s in range(0, len(entries), size))).to_json()


def _list_damage(entries):
    """Lists damaged in the ways an archive can be: each with a check that trips."""
    def with_entry(i, **change):
        copy = [dict(e) for e in entries]
        copy[i] = {**copy[i], **change}
        return copy

    content = dict(entries[7]["content"], salt="1" * 32)
    return {
        "untouched": entries,
        "content changed": with_entry(7, content=content),
        "not a dict": entries[:3] + [42] + entries[4:],
        "a schema problem after a chain problem": with_entry(12, prev_hash="0" * 64)[:20] + [{"seq": "x"}],
        "out of order": entries[:6] + [entries[7], entries[6]] + entries[8:],
        "no events": [],
        "only the creation": entries[:1],
        "decisions withheld": [{"seq": e["seq"], "type": "Private", "content": {"redacted": True},
                                "prev_hash": e["prev_hash"], "hash": e["hash"]}
                               if 4 <= i < 12 and e["type"] == "ChoiceMade" else e for i, e in enumerate(entries)],
    }


@pytest.mark.parametrize("size", [1, 3, CHUNK, 1000])
def test_feeding_a_list_in_chunks_of_any_size_gives_the_list_report(sqlite_svc, size):
    gid = _finished(sqlite_svc)
    entries = _entries(sqlite_svc, gid)
    witness = {"length": len(entries), "head": entries[-1]["hash"]}
    for name, damaged in _list_damage(entries).items():
        wrong = {"length": 9, "head": "0" * 64}
        for given in (None, witness, wrong):
            expected = audit_reference.audit_entries(gid, damaged, given).to_json()
            assert audit_entries(gid, damaged, given).to_json() == expected, name
            assert _chunked(gid, damaged, size, given) == expected, name
            clean = (name == "untouched" and given is not wrong) or (name == "only the creation" and given is None)
            assert bool(expected["problems"]) != clean, (name, given, expected)


# ------------------------------------------------------------------------------------ the incremental audit

def _checkpointed_then_grown(svc, events):
    from service.audit_checkpoints import public_audit

    gid = new_game(svc, players=3)
    public_audit(svc, gid)  # the checkpoint
    length = svc.get(gid).version
    for n in range(events):
        svc.post_message(gid, None, "all", f"since the checkpoint {n}")
    return gid, length


def test_the_events_since_a_checkpoint_are_checked_chunk_by_chunk(snap_svc, small_chunks, monkeypatch):
    """Four chunks of events since the checkpoint: the increment's report is the full audit's, it reads no
    more than a chunk of events (or snapshots) at a time, and the full audit was not needed."""
    from service.audit_checkpoints import public_audit

    svc = snap_svc
    gid, length = _checkpointed_then_grown(svc, 4 * CHUNK + 2)
    full_calls = []
    real_audit = svc.audit
    monkeypatch.setattr(svc, "audit", lambda g: full_calls.append(g) or real_audit(g))
    sizes = []
    for recorder in (svc.store.app.recorder, svc.store.app.snapshots.recorder):
        def counted(*args, _real=recorder.select_events, **kwargs):
            rows = _real(*args, **kwargs)
            sizes.append(len(rows))
            return rows
        monkeypatch.setattr(recorder, "select_events", counted)
    report = public_audit(svc, gid).to_json()
    assert not full_calls and max(sizes) <= CHUNK
    assert report == real_audit(gid).to_json() and report["length"] == length + 4 * CHUNK + 2


@pytest.mark.parametrize("where", ["first", "boundary", "last"])
def test_an_event_edited_in_any_chunk_since_the_checkpoint_fails_the_public_audit(snap_svc, small_chunks, where):
    """A message rewritten with its hash, every later hash and the witness recomputed, in the first chunk
    read after the checkpoint, at a chunk boundary or in the last: the increment gives up and the full
    audit's report (the snapshots since no longer sit on the chain) is the answer."""
    from service.audit_checkpoints import public_audit

    svc = snap_svc
    gid, length = _checkpointed_then_grown(svc, 3 * CHUNK)
    seq = {"first": length + 1, "boundary": length + CHUNK, "last": svc.get(gid).version}[where]
    _rehash_from(svc, gid, seq, lambda c: c.update(text="it never happened"))
    report = public_audit(svc, gid).to_json()
    assert report == audit_reference.reference_audit(svc, gid).to_json()
    if where != "last":  # a rewritten last event is under no snapshot: nothing in the record shows it
        assert not report["replay_valid"] and any("snapshot at event" in p for p in report["problems"])


@pytest.mark.parametrize("since", [2, CHUNK - 1, 2 * CHUNK - 1])  # the last chunk short, or exactly full
def test_a_snapshot_beyond_the_events_since_the_checkpoint_fails_the_public_audit(snap_svc, small_chunks, since):
    from service.audit_checkpoints import public_audit

    svc = snap_svc
    gid, length = _checkpointed_then_grown(svc, since)
    snapshot_beyond_the_last_event(svc, gid)
    report = public_audit(svc, gid).to_json()
    assert report == audit_reference.reference_audit(svc, gid).to_json()
    assert any("has no event under it" in p for p in report["problems"])
