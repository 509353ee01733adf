"""Celery tasks: thin, idempotent, enqueued only after commit. Their bodies live in notifications/ and
workers.ticker, so they are tested without a broker; here they are only glued to Celery."""
from __future__ import annotations

import logging
import time

from celery import current_app, shared_task

from notifications import delivery, outbox
from workers import runtime

log = logging.getLogger("tabularium.tasks")

MAX_COUNTDOWN = 600      # far below the visibility timeout (pitfall 8); longer waits go through the sweep
SWEEP_GRACE = 5.0        # fresh rows were enqueued by the pump; the sweep is for the ones that were not


def _enqueue(name: str, *args, countdown: float | None = None) -> None:
    current_app.send_task(name, args=list(args), countdown=countdown)


SPREAD, MAX_CHUNK = 4, 25   # a few rows: one or two per task (parallel, low latency); many: batches of up to 25


def _enqueue_sends(keys: list[str]) -> None:
    """Batches cut the broker round trips per e-mail; small ones keep every worker thread busy."""
    chunk = max(1, min(MAX_CHUNK, -(-len(keys) // SPREAD)))
    for i in range(0, len(keys), chunk):
        _enqueue("tabularium.send_many", keys[i:i + chunk])


@shared_task(name="tabularium.pump", ignore_result=True)
def pump() -> int:
    svc = runtime.service()
    keys = outbox.pump(svc)
    _enqueue_sends(keys)
    return len(keys)


@shared_task(name="tabularium.send_many", ignore_result=True)
def send_many(keys: list[str]) -> int:
    results = delivery.send_many(runtime.service(), list(keys)[:100])
    for key, outcome, retry_in in results:
        if outcome == "retry" and retry_in is not None and retry_in <= MAX_COUNTDOWN:
            _enqueue("tabularium.send", key, countdown=retry_in)
    return sum(outcome == "sent" for _, outcome, _ in results)


@shared_task(name="tabularium.send", ignore_result=True)
def send(key: str) -> str:
    outcome, retry_in = delivery.send_one(runtime.service(), key)
    if outcome == "retry" and retry_in is not None and retry_in <= MAX_COUNTDOWN:
        _enqueue("tabularium.send", key, countdown=retry_in)
    return outcome


@shared_task(name="tabularium.sweep", ignore_result=True)
def sweep() -> int:
    """Beat's safety net: pump, then re-enqueue rows that are due (also rows whose worker died)."""
    svc = runtime.service()
    fresh = outbox.pump(svc)
    _enqueue_sends(fresh)
    due = [k for k in outbox.due_keys(svc, before=time.time() - SWEEP_GRACE) if k not in fresh]
    _enqueue_sends(due)
    return len(fresh) + len(due)


@shared_task(name="tabularium.tick", ignore_result=True)
def tick() -> dict:
    from workers.ticker import tick as run_tick

    svc = runtime.service()
    summary = run_tick(svc)
    _enqueue_sends(outbox.pump(svc) + outbox.due_keys(svc))
    return summary


@shared_task(name="tabularium.imap", ignore_result=True)
def imap() -> int:
    from workers.imap import poll

    svc = runtime.service()
    handled = poll(svc)
    _enqueue_sends(outbox.pump(svc) + outbox.due_keys(svc))
    return handled
