"""The outbox pump: exactly one row per (event, recipient, kind), committed with its tracking position;
leased claims; your-turn e-mails only when a seat becomes due; preferences; throttled messages."""
from __future__ import annotations

import threading
import time

import pytest

from notifications import outbox
from notifications.compose import Skip, compose
from notifications.delivery import flush, send_one
from notifications.preferences import set_preference
from tests.conftest import make_service
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, text_of


@pytest.fixture
def svc(database_url, tmp_path):
    service = mail_service(database_url, tmp_path)
    yield service
    service.close()


def play(svc, gid, seat, n=0):
    prompt = svc.get(gid).prompt_for(seat)
    svc.choose(gid, seat, prompt.id, prompt.choices[n].id)


def keys_by_kind(svc):
    out: dict[str, list[str]] = {}
    for r in outbox.rows_for(svc.store):
        out.setdefault(r["kind"], []).append(r["key"])
    return out


def test_one_row_per_event_recipient_and_kind_whatever_the_pumps(svc, database_url):
    gid = svc.create_game("toy", PLAYERS[:3], seed="01" * 32)["id"]
    for seat in ("red", "blue", "green"):
        play(svc, gid, seat)
    others = [make_service(database_url) for _ in range(3)]
    threads = [threading.Thread(target=outbox.pump, args=(s,)) for s in [svc, *others]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outbox.pump(svc)
    rows = outbox.rows_for(svc.store)
    assert len(rows) == len({r["key"] for r in rows})
    kinds = keys_by_kind(svc)
    assert len(kinds["invitation"]) == 3
    # Sealed choices make nobody newly due; the reveal makes the round's winner due: 3 + 1 your-turns.
    assert len(kinds["your_turn"]) == 4
    assert outbox.tracking_position(svc.store) == svc.store.app.recorder.max_notification_id()
    for s in others:
        s.close()


def test_claims_are_leased_and_a_dead_claim_can_be_taken_again(svc, monkeypatch):
    svc.create_game("toy", PLAYERS[:2], seed="02" * 32)
    outbox.pump(svc)
    key = outbox.due_keys(svc)[0]
    config = outbox.MailConfig(lease_seconds=0.5)
    row = outbox.claim(svc, key, config)
    assert row is not None and row["attempts"] == 1
    assert outbox.claim(svc, key, config) is None  # leased
    time.sleep(0.6)
    again = outbox.claim(svc, key, config)  # the first claimant died: the lease expired
    assert again is not None and again["attempts"] == 2 and again["message_id"] == row["message_id"]
    outbox.finish(svc, key, outbox.SENT)
    assert outbox.claim(svc, key, config) is None
    assert send_one(svc, key)[0] == "not-claimable"


def test_a_failure_retries_then_is_recorded_and_shown_to_the_operator(svc):
    class Refusing:
        def send(self, msg, recipient):
            from notifications.transport import TransientError

            raise TransientError("451 try later")

    class Rejecting:
        def send(self, msg, recipient):
            from notifications.transport import PermanentError

            raise PermanentError("550 no such user")

    svc.create_game("toy", PLAYERS[:2], seed="03" * 32)
    outbox.pump(svc)
    first, second = outbox.due_keys(svc)[:2]
    config = outbox.MailConfig(retry_base_seconds=0, max_attempts=3)
    outcomes = [send_one(svc, first, Refusing(), config)[0] for _ in range(3)]
    assert outcomes == ["retry", "retry", "failed"]
    assert send_one(svc, second, Rejecting(), config)[0] == "failed"
    stats = outbox.outbox_stats(svc.store)
    assert stats["failed"] == 2 and {f["key"] for f in stats["recent_failures"]} == {first, second}
    assert outbox.retry_failed(svc) == 2 and outbox.outbox_stats(svc.store)["failed"] == 0


def test_message_ids_are_deterministic_and_the_thread_is_constant(svc, tmp_path):
    gid = svc.create_game("toy", PLAYERS[:2], seed="04" * 32)["id"]
    play(svc, gid, "red")
    outbox.pump(svc)
    rows = {r["key"]: r for r in outbox.rows_for(svc.store)}
    for key, row in rows.items():
        assert row["message_id"] == outbox.message_id(key, "games.example.org")
        claimed = outbox.claim(svc, key)
        a, b = compose(svc, claimed).message, compose(svc, claimed).message
        assert a.as_bytes() == b.as_bytes(), "a re-send is the same message"
        outbox.finish(svc, key, outbox.PENDING)
    flush(svc)
    mails = Mailboxes(tmp_path / "mail").to("ann@example.org")
    assert len({str(m["Subject"]) for m in mails}) == 1
    assert len({str(m["References"]) for m in mails}) == 1


def test_preferences_digest_and_none(svc, tmp_path):
    gid = svc.create_game("toy", PLAYERS[:3], seed="05" * 32)["id"]
    set_preference(svc, gid, "blue", "digest")
    set_preference(svc, gid, "green", "none")
    play(svc, gid, "red")
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    assert [m["X-Tabularium-Kind"] for m in boxes.to("bob@example.org")] == ["invitation"]
    assert boxes.to("cid@example.org") == []  # "none" means none
    digest = [r for r in outbox.rows_for(svc.store) if r["kind"] == "digest"]
    assert [r["seat"] for r in digest] == ["blue"] and digest[0]["status"] == "pending"
    assert digest[0]["not_before"] > time.time()  # sent after the day is over
    skipped = {r["seat"] for r in outbox.rows_for(svc.store) if r["status"] == "skipped"}
    assert skipped == {"blue", "green"}


def test_messages_are_throttled_into_one_email_per_window(svc, tmp_path):
    gid = svc.create_game("toy", PLAYERS[:3], seed="06" * 32)["id"]
    svc.post_message(gid, "red", "all", "Ave!")
    svc.post_message(gid, "red", "all", "Are you there?")
    svc.post_message(gid, "blue", ["red"], "only for Red: secret plan")
    outbox.pump(svc)
    rows = [r for r in outbox.rows_for(svc.store) if r["kind"] == "message"]
    assert sorted(r["seat"] for r in rows) == ["blue", "green", "red"]
    with svc.store.db.transaction() as cur:  # the window has passed
        cur.execute("UPDATE tabularium_outbox SET not_before=0 WHERE kind='message'")
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    green = boxes.to("cid@example.org", "message")
    assert len(green) == 1 and "Ave!" in text_of(green[0]) and "Are you there?" in text_of(green[0])
    assert "secret plan" not in text_of(green[0])
    assert "secret plan" in text_of(boxes.to("ann@example.org", "message")[0])


def test_a_row_for_a_seat_without_address_is_skipped(svc):
    gid = svc.create_game("toy", [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": ""}],
                          seed="07" * 32)["id"]
    outbox.pump(svc)
    row = next(r for r in outbox.rows_for(svc.store) if r["seat"] == "blue")
    with pytest.raises(Skip):
        compose(svc, {**row, "params": {}})
    assert send_one(svc, row["key"])[0] == "skipped"
    assert gid


def test_an_imported_finished_game_announces_nothing(database_url, tmp_path):
    import random

    from tests.support.play import play_random

    svc = mail_service(database_url, tmp_path)
    gid = svc.create_game("toy", PLAYERS[:2], seed="08" * 32)["id"]
    play_random(svc, gid, random.Random(1))
    archive = svc.export(gid, "*")
    svc.close()
    other = mail_service(database_url.replace("events.sqlite3", "other.sqlite3") if "sqlite" in database_url
                         else database_url, tmp_path)
    outbox.pump(other)
    rows_before = len(outbox.rows_for(other.store))
    if other.exists(gid):
        return  # same PostgreSQL database: importing the same game is refused anyway
    other.clock = lambda: __import__("datetime").datetime(2030, 1, 1, tzinfo=__import__("datetime").timezone.utc)
    other.import_archive(archive)
    outbox.pump(other)
    assert len(outbox.rows_for(other.store)) == rows_before
    other.close()


def test_old_delivered_rows_are_pruned_failed_ones_stay(svc):
    svc.create_game("toy", PLAYERS[:2], seed="09" * 32)
    flush(svc)
    with svc.store.db.transaction() as cur:
        cur.execute("UPDATE tabularium_outbox SET created_at=0")
        cur.execute("UPDATE tabularium_outbox SET status='failed' WHERE kind='invitation'")
    assert outbox.prune(svc) == 2
    assert {r["status"] for r in outbox.rows_for(svc.store)} == {"failed"}


def test_an_event_that_cannot_be_planned_does_not_stall_the_pump(svc, monkeypatch):
    import notifications.plan as plan

    gid = svc.create_game("toy", PLAYERS[:2], seed="0a" * 32)["id"]
    monkeypatch.setattr(plan, "_plan_game", lambda *a: 1 / 0)
    outbox.pump(svc)
    monkeypatch.undo()
    play(svc, gid, "red")
    outbox.pump(svc)
    assert outbox.tracking_position(svc.store) == svc.store.app.recorder.max_notification_id()
    flush(svc)
    stats = outbox.outbox_stats(svc.store)
    assert stats["failed"] == 1 and "ZeroDivisionError" in stats["recent_failures"][0]["last_error"]
