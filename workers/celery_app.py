"""The Celery app (production mode): `celery -A workers.celery_app worker` / `beat`, or
`tabularium worker` / `tabularium beat`.

Reliability settings (tech brief section 2 and pitfalls 7-12): late acks with reject-on-worker-lost
(a killed worker's task is redelivered), prefetch 1, a visibility timeout above every countdown we
use, JSON only. Tasks are thin and idempotent (workers.tasks); the outbox rows carry the state, so a
lost or duplicated task message is harmless. Beat runs `tabularium.sweep` (pump + re-enqueue due
rows, the safety net when the broker was down) every few seconds, `tabularium.tick` (reminders and
deadlines) every minute, and `tabularium.imap` when TABULARIUM_IMAP_URL is set.
"""
from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

from service.broker import VISIBILITY_TIMEOUT, celery_conf  # noqa: F401  (VISIBILITY_TIMEOUT: re-exported)
from service.config import Settings

SWEEP_SECONDS = float(os.environ.get("TABULARIUM_SWEEP_SECONDS", "10"))
TICK_SECONDS = float(os.environ.get("TABULARIUM_TICK_SECONDS", "60"))


def make_app(settings: Settings | None = None, broker_url: str | None = None, prefix: str | None = None,
             **overrides) -> Celery:
    settings = settings or Settings.from_env()
    broker = broker_url or settings.broker_url
    app = Celery("tabularium", broker=broker, include=["workers.tasks"])
    schedule = {
        "sweep": {"task": "tabularium.sweep", "schedule": SWEEP_SECONDS},
        "tick": {"task": "tabularium.tick", "schedule": TICK_SECONDS},
    }
    if os.environ.get("TABULARIUM_IMAP_URL"):
        schedule["imap"] = {"task": "tabularium.imap", "schedule": float(os.environ.get("TABULARIUM_IMAP_SECONDS", 60))}
    app.conf.update(celery_conf(broker, prefix), beat_schedule=schedule)
    app.conf.update(overrides)
    import workers.tasks  # noqa: F401  (registers the shared tasks)

    return app


@worker_process_init.connect
def _after_fork(**_):
    """Prefork children build their own service (and database pools) lazily, never the parent's."""
    from workers import runtime

    runtime.forked()


app = make_app()
