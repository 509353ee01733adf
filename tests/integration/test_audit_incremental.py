"""The incremental public audit (issue #12, section 5): from a sealed checkpoint per game, the audit reads,
checks and replays only the events since the last one, and its report is the full audit's, value for value.
A forged checkpoint is ignored (integrity alert, full audit); a stream that no longer extends a sealed one
(rewritten or truncated after it was audited, even with every hash recomputed) is a failure of the public
audit and of `tabularium verify`, and the checkpoint is kept as the evidence until an operator accepts a
restored record; an edit after it is caught; `tabularium verify` always audits in full and resets the
checkpoint."""
from __future__ import annotations

import json
import logging
import random
from datetime import datetime, timedelta, timezone

import pytest

from domain.bots import random_choice
from service import audit_checkpoints as checkpoints
from service.audit_checkpoints import TABLE, public_audit
from tests.conftest import make_service
from tests.support.play import new_game, play_random


@pytest.fixture
def snap_svc(database_url):
    """Snapshots every 4 events, so the incremental audit compares stored snapshots as it goes."""
    service = make_service(database_url, snapshot_interval=4)
    yield service
    service.close()


class Counted:
    """Counts the full audits (`GameService.audit`) the public audit falls back to."""

    def __init__(self, svc):
        self.svc, self.real, self.calls = svc, svc.audit, 0
        svc.audit = self

    def __call__(self, game_id):
        self.calls += 1
        return self.real(game_id)


def _alerts(caplog):
    return [r.getMessage() for r in caplog.records if "integrity alert" in r.getMessage()]


def _row(svc, gid):
    rows = svc.store.db.query(f"SELECT * FROM {TABLE} WHERE game_id=?", (str(svc.get(gid).id),))
    return rows[0] if rows else None


def _events_table(svc):
    return "tabularium_events" if svc.settings.is_postgres else "stored_events"


def _edit_event(svc, gid, version, change):
    """Rewrite one stored event row as someone with database access would."""
    uuid = svc.get(gid).id
    key = uuid if svc.settings.is_postgres else uuid.hex
    t = _events_table(svc)
    with svc.store.db.transaction() as cur:
        row = cur.execute(f"SELECT state FROM {t} WHERE originator_id=? AND originator_version=?",
                          (key, version)).fetchone()
        data = json.loads(bytes(row["state"]))
        change(data)
        cur.execute(f"UPDATE {t} SET state=? WHERE originator_id=? AND originator_version=?",
                    (json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode(), key, version))


def _step(svc, gid, rng):
    game = svc.get(gid)
    prompt = rng.choice(game.open_prompts())
    try:  # a legal answer to a form needs the rules and the state (domain.bots)
        choice = random_choice(prompt, rng, game.rules, game.state)
    except TypeError:
        choice = random_choice(prompt, rng)
    svc.choose(gid, prompt.seat, prompt.id, choice, key=f"k-{rng.random()}")


# ------------------------------------------------------------------------------------ same report

@pytest.mark.parametrize("rules, players, seed, gap", [("toy", 2, 1, 2), ("toy", 3, 2, 3), ("sylla", 3, 3, 12),
                                                     ("sylla", 4, 4, 9)])
def test_the_incremental_report_is_the_full_report_at_every_step(snap_svc, rules, players, seed, gap):
    """Random games audited after gaps of 1 to `gap` events (decisions and messages): the public audit's
    report equals the full audit's each time, through the end (seed revealed) and after it; the full
    audit ran only twice (no checkpoint yet; the seed revealed), the rest were increments."""
    svc, rng = snap_svc, random.Random(seed)
    gid = new_game(svc, rules=rules, players=players, seed=f"{seed:02x}" * 32)
    full = Counted(svc)
    audited = 0
    while svc.get(gid).status == "active":
        for _ in range(rng.randint(1, gap)):
            if svc.get(gid).status != "active":
                break
            if rng.random() < 0.25:
                svc.post_message(gid, None, "all", f"news {rng.random()}")
            else:
                _step(svc, gid, rng)
        before = full.calls
        incremental = public_audit(svc, gid).to_json()
        assert full.real(gid).to_json() == incremental
        assert incremental["chain_valid"] and incremental["replay_valid"] and not incremental["problems"]
        audited += 1
        assert full.calls - before <= 1
        assert _row(svc, gid)["length"] == incremental["length"]
    assert audited >= 3
    final = public_audit(svc, gid).to_json()
    assert final == full.real(gid).to_json()
    assert final["seed"] == f"{seed:02x}" * 32 and final["randomness_valid"] is True
    assert full.calls == 2  # the first audit, and the one that first saw the seed
    assert public_audit(svc, gid).to_json() == final and full.calls == 2


def test_an_increment_costs_the_events_since_the_checkpoint_not_the_game(snap_svc, monkeypatch):
    """After a long game is checkpointed, one more event is audited from one stored-row query that
    starts at the checkpoint (never from event 1), and replays one event."""
    svc = snap_svc
    gid = new_game(svc, rules="toy", players=2)
    for i in range(120):
        svc.post_message(gid, None, "all", f"m{i}")
    public_audit(svc, gid)
    svc.post_message(gid, None, "all", "one more")
    recorder = svc.store.app.recorder
    real = recorder.select_events
    asked = []

    def spy(originator_id, gt=None, **kwargs):
        asked.append(gt)
        return real(originator_id, gt=gt, **kwargs)

    monkeypatch.setattr(recorder, "select_events", spy)
    full = Counted(svc)
    report = public_audit(svc, gid)
    assert full.calls == 0 and report.length == 122 and report.ok
    assert asked == [120]  # the checkpoint's own event (121) and the new one


# ------------------------------------------------------------------------------------ forged checkpoints

def _checkpointed(svc, messages=6):
    gid = new_game(svc, rules="toy", players=2)
    for i in range(messages):
        svc.post_message(gid, None, "all", f"m{i}")
    public_audit(svc, gid)
    assert _row(svc, gid) is not None
    return gid


def _forge(svc, gid, **changes):
    sets = ", ".join(f"{k}=?" for k in changes)
    svc.store.db.execute(f"UPDATE {TABLE} SET {sets} WHERE game_id=?", (*changes.values(), str(svc.get(gid).id)))


def _forged_body(svc, gid):
    body = json.loads(_row(svc, gid)["body"])
    body["game"]["state"]["forged"] = True  # "the replay is at this state": any value of it
    return json.dumps(body)


@pytest.mark.parametrize("forgery", ["state", "length", "head", "seal", "other key"])
def test_a_forged_checkpoint_is_ignored_with_an_alert_and_the_audit_is_full(svc, caplog, forgery):
    gid = _checkpointed(svc)
    svc.post_message(gid, None, "all", "after the checkpoint")
    row = _row(svc, gid)
    if forgery == "state":
        _forge(svc, gid, body=_forged_body(svc, gid))
    elif forgery == "length":  # "verified up to 5" while it was 7
        _forge(svc, gid, length=row["length"] - 2)
    elif forgery == "head":
        _forge(svc, gid, head="f" * 64)
    elif forgery == "seal":
        _forge(svc, gid, seal="0" * 64)
    else:  # sealed properly, but under a key the server does not hold
        key = checkpoints.checkpoint_key("not-the-server-secret")
        _forge(svc, gid, seal=checkpoints._seal(key, str(svc.get(gid).id), row["length"], row["head"],
                                                row["state_hash"], row["sealed_at"], row["body"]))
    full = Counted(svc)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        report = public_audit(svc, gid)
    assert full.calls == 1 and report.to_json() == full.real(gid).to_json() and report.ok
    assert any("audit checkpoint" in a and "ignored" in a for a in _alerts(caplog))
    assert _row(svc, gid)["length"] == report.length  # replaced by a checkpoint of the full pass


def test_another_releases_checkpoint_is_not_continued(svc, caplog, monkeypatch):
    """After an upgrade (another release or rules version replayed it) the first audit is full, without
    an alert, and re-checkpoints under this release."""
    gid = _checkpointed(svc)
    svc.post_message(gid, None, "all", "after the upgrade")
    real = checkpoints.code_version
    monkeypatch.setattr(checkpoints, "code_version", lambda game: "9.9.9/" + real(game))
    full = Counted(svc)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        report = public_audit(svc, gid)
    assert full.calls == 1 and report.ok and not _alerts(caplog)
    svc.post_message(gid, None, "all", "and then")
    assert public_audit(svc, gid).ok and full.calls == 1  # the new checkpoint is continued


def test_a_forged_checkpoint_cannot_hide_a_forged_event(svc, caplog):
    """A forger rewrites an old event (re-hashing it and every later one, and the witness) and moves the
    checkpoint's head to the forged chain: the seal fails, the full audit replays and refuses it."""
    from domain.chain import event_hash

    gid = new_game(svc, rules="toy", players=2)
    rng = random.Random(7)
    for _ in range(3):
        _step(svc, gid, rng)
    public_audit(svc, gid)
    uuid = svc.get(gid).id
    length = _row(svc, gid)["length"]
    choice_seq = next(e["seq"] for e in (svc.history(gid, None)) if e["type"] == "ChoiceMade")
    prev = [None]

    def forge(version):
        def change(data):
            if version == choice_seq:
                data["content"]["choice"] = "forged"
            if prev[0] is not None:
                data["prev_hash"] = prev[0]
            data["hash"] = event_hash(str(uuid), version, _types[version], data["prev_hash"], data["content"])
            prev[0] = data["hash"]
        return change

    _types = {e["seq"]: e["type"] for e in svc.history(gid, None)}
    for version in range(choice_seq, length + 1):
        _edit_event(svc, gid, version, forge(version))
    svc.store.db.execute("UPDATE tabularium_games SET head=? WHERE id=?", (prev[0], str(uuid)))
    _forge(svc, gid, head=prev[0])
    full = Counted(svc)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        report = public_audit(svc, gid)
    assert full.calls == 1 and not report.ok
    assert any("audit checkpoint" in a for a in _alerts(caplog))
    assert _row(svc, gid) is None  # a failed audit leaves no checkpoint


# ------------------------------------------------------------------------------------ the stream moved

def test_an_event_appended_then_edited_after_the_checkpoint_is_caught(svc, caplog):
    from domain.chain import event_hash

    gid = _checkpointed(svc)
    svc.post_message(gid, None, "all", "honest")
    version = svc.get(gid).version

    def plain(data):
        data["content"]["text"] = "forged"

    _edit_event(svc, gid, version, plain)
    report = public_audit(svc, gid)
    assert not report.chain_valid and any("does not match its hash" in p for p in report.problems)
    assert _row(svc, gid) is None

    def rehashed(data):  # its own hash recomputed: it no longer is the head the games table witnessed
        data["hash"] = event_hash(str(svc.get(gid).id), version, "MessagePosted", data["prev_hash"],
                                  data["content"])

    _edit_event(svc, gid, version, rehashed)
    report = public_audit(svc, gid)
    assert not report.chain_valid and any(f"event {version} differs from the chain head" in p
                                          for p in report.problems)


CHANGED = "The record was changed after it was audited at event {}: "


def test_a_rewritten_checkpoint_event_is_a_failure_and_the_checkpoint_is_kept(svc, caplog):
    """The event at the checkpoint's length is re-hashed (and the witness with it): the chain looks valid to
    a full audit, but the stream is no longer an extension of what was audited. The report fails with the
    sentence first, an alert, and the checkpoint (the evidence) is kept."""
    from domain.chain import event_hash

    gid = _checkpointed(svc)
    uuid, length = svc.get(gid).id, _row(svc, gid)["length"]
    before = dict(_row(svc, gid))
    new_head = []

    def rehashed(data):
        data["content"]["text"] = "rewritten"
        data["hash"] = event_hash(str(uuid), length, "MessagePosted", data["prev_hash"], data["content"])
        new_head.append(data["hash"])

    _edit_event(svc, gid, length, rehashed)
    svc.store.db.execute("UPDATE tabularium_games SET head=? WHERE id=?", (new_head[0], str(uuid)))
    full = Counted(svc)
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        report = public_audit(svc, gid)
    assert full.calls == 1
    # the forger re-hashed one event and the witness: the full audit alone cannot tell, the checkpoint does
    assert full.real(gid).ok
    assert not report.ok and not report.chain_valid
    assert report.problems[0].startswith(CHANGED.format(length)) and "has the hash" in report.problems[0]
    assert any(CHANGED.format(length) in a and "kept as the evidence" in a for a in _alerts(caplog))
    assert dict(_row(svc, gid)) == before


def test_a_truncated_stream_is_a_failure_and_the_checkpoint_is_kept(svc, caplog):
    gid = _checkpointed(svc)
    uuid, length = svc.get(gid).id, _row(svc, gid)["length"]
    before = dict(_row(svc, gid))
    key = uuid if svc.settings.is_postgres else uuid.hex
    svc.store.db.execute(f"DELETE FROM {_events_table(svc)} WHERE originator_id=? AND originator_version=?",
                         (key, length))
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        report = public_audit(svc, gid)
    assert any(CHANGED.format(length) in a for a in _alerts(caplog))
    assert not report.chain_valid and any("truncated" in p for p in report.problems)
    assert report.problems[0] == CHANGED.format(length) + (
        f"the audited record had {length} events, the stored one now has {length - 1} (it was truncated)")
    assert dict(_row(svc, gid)) == before


def _rewrite(svc, gid, seq):
    """What a database writer who knows the chain does: change the message at `seq`, recompute its hash and
    every later event's link and hash, and the games table's witness. The chain is valid again."""
    from domain.chain import event_hash

    uuid = svc.get(gid).id
    types = {e["seq"]: e["type"] for e in svc.history(gid, None)}
    prev = [None]

    def change(version):
        def edit(data):
            if version == seq:
                data["content"]["text"] = "it never happened"
            if prev[0] is not None:
                data["prev_hash"] = prev[0]
            data["hash"] = event_hash(str(uuid), version, types[version], data["prev_hash"], data["content"])
            prev[0] = data["hash"]
        return edit

    for version in range(seq, max(types) + 1):
        _edit_event(svc, gid, version, change(version))
    svc.store.db.execute("UPDATE tabularium_games SET head=? WHERE id=?", (prev[0], str(uuid)))
    assert svc.audit(gid).ok  # nothing in the events themselves shows it


def _rewritten(svc):
    """A checkpointed game, two events after its checkpoint, rewritten from a message before it."""
    gid = _checkpointed(svc)
    length = _row(svc, gid)["length"]
    svc.post_message(gid, None, "all", "after the audit")
    svc.post_message(gid, None, "all", "after the audit too")
    seq = next(e["seq"] for e in svc.history(gid, None) if e["type"] == "MessagePosted")
    assert seq < length
    _rewrite(svc, gid, seq)
    return gid, length


def test_a_rewrite_with_recomputed_hashes_is_reported_by_the_api_the_page_and_verify(svc, monkeypatch, capsys):
    from service import cli
    from tests.web.helpers import embedded_app

    gid, length = _rewritten(svc)
    client = embedded_app(svc).test_client()
    body = client.get(f"/api/games/{gid}/audit").get_json()
    assert body["chain_valid"] is False and body["problems"][0].startswith(CHANGED.format(length))
    page = client.get(f"/games/{gid}/audit")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert CHANGED.format(length) in html and "BROKEN" in html
    monkeypatch.setattr(cli, "service", lambda: svc)
    capsys.readouterr()
    assert cli.main(["verify", gid]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "chain BROKEN" in out and CHANGED.format(length) in out
    assert cli.main(["verify", "--all", "--json"]) == 1
    reports = json.loads(capsys.readouterr().out)
    assert reports[str(svc.get(gid).id)]["problems"][0].startswith(CHANGED.format(length))


def test_the_evidence_survives_further_audits_and_new_events(svc, monkeypatch, capsys):
    from service import cli

    gid, length = _rewritten(svc)
    evidence = dict(_row(svc, gid))
    monkeypatch.setattr(cli, "service", lambda: svc)
    for i in range(3):
        report = public_audit(svc, gid)
        assert not report.chain_valid and report.problems[0].startswith(CHANGED.format(length))
        assert cli.main(["verify", gid]) == 1 and cli.main(["verify", "--all"]) == 1
        svc.post_message(gid, None, "all", f"play goes on {i}")  # new events on the rewritten chain
        assert dict(_row(svc, gid)) == evidence
    later = datetime.now(timezone.utc) + timedelta(seconds=checkpoints.DEFAULT_FULL_EVERY + 60)
    monkeypatch.setattr(svc, "clock", lambda: later)  # the periodic full pass: clean-looking, still refused
    assert not public_audit(svc, gid).chain_valid
    monkeypatch.setenv("TABULARIUM_AUDIT_FULL_EVERY", "0")
    assert not public_audit(svc, gid).chain_valid
    capsys.readouterr()
    assert dict(_row(svc, gid)) == evidence


def test_accepting_a_restored_record_drops_the_checkpoint_after_saying_what_it_drops(svc, monkeypatch, capsys,
                                                                                      caplog):
    from service import cli

    gid, length = _rewritten(svc)
    evidence = dict(_row(svc, gid))
    monkeypatch.setattr(cli, "service", lambda: svc)
    capsys.readouterr()
    with caplog.at_level(logging.ERROR, logger="tabularium.integrity"):
        assert cli.main(["verify", gid, "--accept-restored-record"]) == 0
    out = capsys.readouterr().out
    dropped = out.splitlines()[0]
    assert dropped.startswith(f"tabularium: Dropped the audit checkpoint of game {svc.get(gid).id} "
                              f"({length} events audited, up to head {evidence['head']}")
    assert "The record was changed after it was audited" in dropped and ": OK" in out
    assert any("accepted the stored record as restored" in a for a in _alerts(caplog))
    row = _row(svc, gid)  # the passed full audit: a new checkpoint of the record as it is now
    stored = svc.audit(gid)
    assert stored.ok and (row["length"], row["head"]) == (stored.length, stored.head)
    assert public_audit(svc, gid).ok
    assert cli.main(["verify", gid]) == 0
    assert cli.main(["verify", "--all", "--accept-restored-record"]) == 2  # one game at a time, by name
    assert "takes one game id" in capsys.readouterr().err


# ------------------------------------------------------------------------------------ older rows: full passes

def _edit_old_choice(svc, gid):
    seq = next(e["seq"] for e in svc.history(gid, None) if e["type"] == "MessagePosted")

    def change(data):
        data["content"]["text"] = "edited by hand"

    _edit_event(svc, gid, seq, change)


def test_an_old_row_edited_under_the_checkpoint_is_caught_by_the_periodic_full_pass(svc, monkeypatch):
    gid = _checkpointed(svc)
    _edit_old_choice(svc, gid)
    svc.post_message(gid, None, "all", "later")
    assert public_audit(svc, gid).ok  # the increment does not re-read rows before its checkpoint
    svc.post_message(gid, None, "all", "later still")
    now = datetime.now(timezone.utc) + timedelta(seconds=checkpoints.DEFAULT_FULL_EVERY + 60)
    monkeypatch.setattr(svc, "clock", lambda: now)
    report = public_audit(svc, gid)
    assert not report.chain_valid and any("does not match its hash" in p for p in report.problems)
    assert _row(svc, gid) is None


def test_a_full_every_of_zero_makes_every_public_audit_full(svc, monkeypatch):
    gid = _checkpointed(svc)
    _edit_old_choice(svc, gid)
    monkeypatch.setenv("TABULARIUM_AUDIT_FULL_EVERY", "0")
    assert not public_audit(svc, gid).chain_valid


def test_verify_audits_in_full_and_resets_the_checkpoint(svc, monkeypatch, capsys):
    from service import cli

    monkeypatch.setattr(cli, "service", lambda: svc)
    gid = _checkpointed(svc)
    sealed_at = _row(svc, gid)["sealed_at"]
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    monkeypatch.setattr(svc, "clock", lambda: later)
    assert cli.main(["verify", gid]) == 0
    assert _row(svc, gid)["sealed_at"] > sealed_at  # a passed full audit: the checkpoint's full pass is now
    _edit_old_choice(svc, gid)
    assert cli.main(["verify", "--all"]) == 1
    capsys.readouterr()
    assert _row(svc, gid) is None  # dropped: the public audit is full again and says so
    assert not public_audit(svc, gid).chain_valid


def test_the_seed_reveal_makes_one_full_pass_that_catches_an_old_edit(svc):
    """The first audit that sees the seed revealed re-reads every row (every draw is checked against it)."""
    gid = new_game(svc, rules="toy", players=2)
    rng = random.Random(11)
    _step(svc, gid, rng)
    svc.post_message(gid, None, "all", "early")
    svc.post_message(gid, None, "all", "the checkpoint's")
    public_audit(svc, gid)
    _edit_old_choice(svc, gid)
    svc.post_message(gid, None, "all", "later")
    assert public_audit(svc, gid).ok  # still an increment: the old row is not re-read
    play_random(svc, gid, rng)
    assert svc.get(gid).status == "finished"
    report = public_audit(svc, gid)
    assert not report.chain_valid and any("event 3" in p for p in report.problems)


# ------------------------------------------------------------------------------------ the web

def test_the_audit_api_and_page_answer_from_the_checkpoint(svc):
    from tests.web.helpers import embedded_app

    client = embedded_app(svc).test_client()
    gid = _checkpointed(svc)
    full = Counted(svc)
    for i in range(3):
        svc.post_message(gid, None, "all", f"web {i}")
        body = client.get(f"/api/games/{gid}/audit").get_json()
        assert body == full.real(gid).to_json()
        assert client.get(f"/games/{gid}/audit").status_code == 200
    assert full.calls == 0
