"""Publishing work to the Celery broker by task name, from any process (web, CLI, workers).

Publishing needs the broker's settings, not the tasks' code, so it lives here, below the workers: the
web process kicks the outbox pump after each committed save without importing `workers` (the layer
contract: workers > service). `workers.celery_app` builds the executing app from the same
`celery_conf`, so a published message and its consumer always agree (JSON, queue, key prefix).

`Kicker` is registered on `GameService.listeners`, so it runs only after a successful save. It never
blocks the caller and never fails it: a small daemon thread publishes one coalesced `tabularium.pump`
task. If the broker is down the kick is lost — harmlessly, because the pump reads the event log from
its tracking position and beat's `tabularium.sweep` runs it every few seconds anyway.
"""
from __future__ import annotations

import logging
import os
import threading
from typing import TYPE_CHECKING, Any

from celery import Celery

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger("tabularium.workers")

VISIBILITY_TIMEOUT = 3600
_lock = threading.Lock()
_publishers: dict[tuple[str, str], Celery] = {}


def celery_conf(broker: str, prefix: str | None = None) -> dict:
    """The settings every Tabularium Celery app shares, publisher or worker (tech brief pitfalls 7-12)."""
    prefix = prefix if prefix is not None else os.environ.get("TABULARIUM_BROKER_PREFIX", "")
    options: dict = {"visibility_timeout": VISIBILITY_TIMEOUT}
    if prefix:
        options["global_keyprefix"] = prefix
    conf = dict(
        task_serializer="json", accept_content=["json"], result_serializer="json",
        task_ignore_result=True, result_backend=None,
        task_acks_late=True, task_reject_on_worker_lost=True, worker_prefetch_multiplier=1,
        broker_transport_options=options, broker_connection_retry_on_startup=True,
        broker_connection_retry=True, broker_connection_max_retries=None,
        worker_cancel_long_running_tasks_on_connection_loss=True,
        task_default_queue="tabularium", timezone="UTC", enable_utc=True, worker_hijack_root_logger=False,
        task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 1},
    )
    if broker.startswith("memory://"):
        conf.update(task_always_eager=True, task_eager_propagates=False)
    return conf


def publisher(settings: Any) -> Celery:
    """A Celery app that only publishes (no tasks registered), one per broker URL and key prefix."""
    key = (settings.broker_url, os.environ.get("TABULARIUM_BROKER_PREFIX", ""))
    with _lock:
        if key not in _publishers:
            app = Celery("tabularium", broker=settings.broker_url)
            app.conf.update(celery_conf(settings.broker_url))
            _publishers[key] = app
        return _publishers[key]


def enqueue(name: str, *args: Any, countdown: float | None = None, app: Any) -> bool:
    """Publish a task; False (logged) if the broker cannot be reached."""
    try:
        app.send_task(name, args=list(args), countdown=countdown, retry=False)
        return True
    except Exception as exc:  # noqa: BLE001 — kombu raises many kinds; the sweep will catch up
        log.warning("workers: could not enqueue %s (%s: %s); the periodic sweep will catch up",
                    name, type(exc).__name__, exc)
        return False


class Kicker:
    """Coalesces kicks: however many events were saved, one pump task is published per wake-up."""

    def __init__(self, publish):
        self.publish = publish
        self.wanted = threading.Event()
        self.thread: threading.Thread | None = None

    def __call__(self, game: Any = None) -> None:
        self.wanted.set()
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._run, name="tabularium-kick", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        while True:
            if not self.wanted.wait(timeout=30):
                return
            self.wanted.clear()
            try:
                self.publish()
            except Exception:  # noqa: BLE001
                log.exception("workers: kick failed")


def install(svc: GameService, app: Any = None) -> Kicker:
    """Production: after every committed save, enqueue the pump (once per service)."""
    existing = next((f for f in svc.listeners if isinstance(f, Kicker)), None)
    if existing is not None:
        return existing
    app = app or publisher(svc.settings)
    kicker = Kicker(lambda: enqueue("tabularium.pump", app=app))
    svc.listeners.append(kicker)
    return kicker


def deliver_soon(svc: GameService, keys: tuple | list = (), app: Any = None) -> None:
    """From a web request: wake the embedded delivery thread, or enqueue the rows (never blocks long)."""
    waker = next((f for f in svc.listeners if hasattr(f, "wake")), None)
    if waker is not None:
        waker()
    elif not svc.settings.embedded:
        app = app or publisher(svc.settings)
        for key in keys:
            enqueue("tabularium.send", key, app=app)
