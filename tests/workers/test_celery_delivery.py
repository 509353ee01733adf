"""The outbox through a real Celery worker on Redis, delivering to a real SMTP server.

* every committed event's e-mails arrive exactly once (one Message-ID each);
* Redis stopped while three moves are made, then started again: nothing is lost or doubled;
* SMTP down, then refusing (451), then accepting: retried with backoff, each e-mail arrives once;
* a worker SIGKILLed in the middle of a send: the row is re-sent after its lease, same Message-ID.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest
from celery.contrib.testing.worker import start_worker

from notifications import outbox
from tests.mail.helpers import PLAYERS
from tests.conftest import make_service
from workers import runtime
from workers.celery_app import make_app

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.redis]


def service_for(tmp_path, broker_url, mail_url, url=None):
    return make_service(url or f"sqlite:///{tmp_path}/events.sqlite3", broker_url=broker_url, mail_url=mail_url,
                        inbound_address="play@games.example.org")


@contextmanager
def celery_worker(svc, broker_url, prefix, pool="solo"):
    app = make_app(svc.settings, broker_url=broker_url, prefix=prefix)
    runtime.use(svc, app)
    runtime.install(svc, app)
    try:
        with start_worker(app, pool=pool, perform_ping_check=False, loglevel="WARNING", shutdown_timeout=15):
            yield app
    finally:
        runtime.reset()


def wait_until(condition, timeout=40.0, step=0.1, beat=None):
    """Poll; `beat` (a callable) is run every second, as Celery beat would send the sweep."""
    end, last_beat = time.time() + timeout, 0.0
    while time.time() < end:
        if condition():
            return True
        if beat is not None and time.time() - last_beat > 1.0:
            beat()
            last_beat = time.time()
        time.sleep(step)
    return condition()


def all_sent(svc) -> bool:
    """Every event pumped, and every row it made delivered."""
    if outbox.tracking_position(svc.store) != svc.store.app.recorder.max_notification_id():
        return False
    rows = outbox.rows_for(svc.store)
    return bool(rows) and all(r["status"] in ("sent", "skipped") for r in rows)


def sent_ids(svc) -> set[str]:
    return {r["message_id"] for r in outbox.rows_for(svc.store) if r["status"] == "sent"}


def move(svc, gid, n=1):
    for _ in range(n):
        game = svc.get(gid)
        prompt = game.open_prompts()[0]
        svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)


def test_each_email_arrives_once_through_a_real_worker(tmp_path, database_url, redis_url, prefix, sink):
    svc = service_for(tmp_path, redis_url, sink.url, url=database_url)
    with celery_worker(svc, redis_url, prefix) as app:
        gid = svc.create_game("toy", PLAYERS[:3], seed="11" * 32)["id"]
        move(svc, gid, 3)
        assert wait_until(lambda: all_sent(svc) and len(sink.handler.messages) >= len(sent_ids(svc)))
        for _ in range(3):  # duplicated pumps and sweeps change nothing
            app.send_task("tabularium.pump")
            app.send_task("tabularium.sweep")
        time.sleep(1.5)
    ids = sink.handler.message_ids()
    assert Counter(ids).most_common(1)[0][1] == 1
    assert set(ids) == sent_ids(svc) and len(ids) >= 7
    kinds = Counter(r["kind"] for r in outbox.rows_for(svc.store))
    assert kinds["invitation"] == 3 and kinds["your_turn"] >= 4
    svc.close()


def test_redis_down_while_three_moves_are_made(tmp_path, own_redis, prefix, sink):
    svc = service_for(tmp_path, own_redis.url, sink.url)
    with celery_worker(svc, own_redis.url, prefix) as app:
        gid = svc.create_game("toy", PLAYERS[:3], seed="22" * 32)["id"]
        assert wait_until(lambda: all_sent(svc) and len(sink.handler.messages) == 6)
        own_redis.stop()
        started = time.time()
        move(svc, gid, 3)
        assert time.time() - started < 5, "a broker outage must not hold up the players"
        before = len(sink.handler.messages)
        own_redis.start()
        assert wait_until(lambda: all_sent(svc) and len(sink.handler.messages) >= len(sent_ids(svc)),
                          timeout=60, beat=lambda: app.send_task("tabularium.sweep"))
    ids = sink.handler.message_ids()
    assert len(ids) > before and Counter(ids).most_common(1)[0][1] == 1
    assert set(ids) == sent_ids(svc)
    svc.close()


def test_smtp_down_then_refusing_then_accepting(tmp_path, redis_url, prefix, monkeypatch):
    from tests.mail.sinks import SMTPSink

    monkeypatch.setenv("TABULARIUM_MAIL_RETRY_SECONDS", "0.3")
    monkeypatch.setenv("TABULARIUM_MAIL_RETRY_MAX_SECONDS", "1.5")
    sink = SMTPSink()  # not started: connections are refused
    svc = service_for(tmp_path, redis_url, sink.url)
    try:
        with celery_worker(svc, redis_url, prefix) as app:
            svc.create_game("toy", PLAYERS[:3], seed="33" * 32)
            assert wait_until(lambda: len(outbox.rows_for(svc.store)) == 6 and
                              all(r["attempts"] >= 1 and r["last_error"] for r in outbox.rows_for(svc.store)))
            sink.handler.mode = "refuse"
            sink.start()
            assert wait_until(lambda: sink.handler.refused >= 6)
            assert not sink.handler.messages
            sink.handler.mode = "accept"
            assert wait_until(lambda: all_sent(svc) and len(sink.handler.messages) >= 6,
                              beat=lambda: app.send_task("tabularium.sweep"))
    finally:
        sink.stop()
    ids = sink.handler.message_ids()
    assert len(ids) == 6 and len(set(ids)) == 6
    attempts = [r["attempts"] for r in outbox.rows_for(svc.store)]
    assert min(attempts) >= 2 and sum(attempts) >= 18  # refused connection, 451s, then accepted
    assert outbox.outbox_stats(svc.store)["failed"] == 0
    svc.close()


def test_worker_killed_mid_send_is_resent_after_the_lease_with_the_same_message_id(tmp_path, redis_url, prefix,
                                                                                    sink):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    svc = service_for(tmp_path, redis_url, sink.url, url=url)
    env = {**os.environ, "TABULARIUM_DATABASE_URL": url, "TABULARIUM_BROKER_URL": redis_url,
           "TABULARIUM_BROKER_PREFIX": prefix, "TABULARIUM_MAIL_URL": sink.url, "TABULARIUM_SECRET_KEY": "test-secret",
           "TABULARIUM_INBOUND_ADDRESS": "play@games.example.org", "TABULARIUM_TEST_TITLES": "1",
           "TABULARIUM_MAIL_LEASE_SECONDS": "3", "TABULARIUM_VAR_DIR": str(tmp_path / "var")}
    sink.handler.mode = "stall"  # the first message is accepted, then the server hangs before answering
    proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "workers.celery_app", "worker", "--pool", "solo",
                             "-Q", "tabularium", "--loglevel", "WARNING", "--without-heartbeat", "--without-gossip",
                             "--without-mingle"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        app = make_app(svc.settings, broker_url=redis_url, prefix=prefix)
        runtime.install(svc, app)
        runtime.use(svc, app)
        svc.create_game("toy", PLAYERS[:3], seed="44" * 32)
        assert wait_until(lambda: len(sink.handler.messages) == 1, timeout=60)
        time.sleep(0.3)
        proc.kill()  # SIGKILL in the middle of the SMTP transaction
        proc.wait(timeout=10)
        first = sink.handler.message_ids()[0]
        row = next(r for r in outbox.rows_for(svc.store) if r["message_id"] == first)
        assert row["status"] == "sending"
    finally:
        if proc.poll() is None:
            proc.kill()
    runtime.reset()
    with celery_worker(svc, redis_url, prefix) as app:
        assert wait_until(lambda: all_sent(svc) and len(sink.handler.messages) >= 7, timeout=60,
                          beat=lambda: app.send_task("tabularium.sweep"))
    ids = Counter(sink.handler.message_ids())
    assert ids[first] == 2, "re-sent once, after the lease, with the same Message-ID"
    assert all(n == 1 for mid, n in ids.items() if mid != first) and len(ids) == 6
    resent = [m for _, m, _ in sink.handler.messages if str(m["Message-ID"]) == first]
    assert resent[0].get_body(("plain",)).get_content() == resent[1].get_body(("plain",)).get_content()
    svc.close()
