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

from service.config import Settings

SWEEP_SECONDS = float(os.environ.get("TABULARIUM_SWEEP_SECONDS", "10"))
TICK_SECONDS = float(os.environ.get("TABULARIUM_TICK_SECONDS", "60"))
VISIBILITY_TIMEOUT = 3600


def make_app(settings: Settings | None = None, broker_url: str | None = None, prefix: str | None = None,
             **overrides) -> Celery:
    settings = settings or Settings.from_env()
    broker = broker_url or settings.broker_url
    prefix = prefix if prefix is not None else os.environ.get("TABULARIUM_BROKER_PREFIX", "")
    options: dict = {"visibility_timeout": VISIBILITY_TIMEOUT}
    if prefix:
        options["global_keyprefix"] = prefix
    app = Celery("tabularium", broker=broker, include=["workers.tasks"])
    schedule = {
        "sweep": {"task": "tabularium.sweep", "schedule": SWEEP_SECONDS},
        "tick": {"task": "tabularium.tick", "schedule": TICK_SECONDS},
    }
    if os.environ.get("TABULARIUM_IMAP_URL"):
        schedule["imap"] = {"task": "tabularium.imap", "schedule": float(os.environ.get("TABULARIUM_IMAP_SECONDS", 60))}
    app.conf.update(
        task_serializer="json", accept_content=["json"], result_serializer="json",
        task_ignore_result=True, result_backend=None,
        task_acks_late=True, task_reject_on_worker_lost=True, worker_prefetch_multiplier=1,
        broker_transport_options=options, broker_connection_retry_on_startup=True,
        broker_connection_retry=True, broker_connection_max_retries=None,
        worker_cancel_long_running_tasks_on_connection_loss=True,
        task_default_queue="tabularium", timezone="UTC", enable_utc=True,
        beat_schedule=schedule, worker_hijack_root_logger=False,
        task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 1},
    )
    if broker.startswith("memory://"):
        app.conf.update(task_always_eager=True, task_eager_propagates=False)
    app.conf.update(overrides)
    import workers.tasks  # noqa: F401  (registers the shared tasks)

    return app


@worker_process_init.connect
def _after_fork(**_):
    """Prefork children build their own service (and database pools) lazily, never the parent's."""
    from workers import runtime

    runtime.forked()


app = make_app()
