"""The embedded mode: the same pump, delivery and tick as the Celery tasks, run in daemon threads of
the web process (`tabularium serve` calls `start(service)`).

* A delivery thread wakes on every committed save (the listener) and every few seconds, pumps the
  outbox and sends what is due (retries included).
* A ticker thread runs the tick (reminders, late notices, deadlines) every minute.
With production settings (a real broker) `start` only registers the kick that enqueues the pump
task: `tabularium worker` and `tabularium beat` do the rest.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from notifications.delivery import flush
from workers import runtime

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger("tabularium.embedded")


class Embedded:
    def __init__(self, svc: GameService, sweep_seconds: float = 5.0, tick_seconds: float = 60.0):
        self.svc = svc
        self.sweep_seconds, self.tick_seconds = sweep_seconds, tick_seconds
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._deliver, name="tabularium-mail", daemon=True),
                        threading.Thread(target=self._tick, name="tabularium-tick", daemon=True)]

    def __call__(self, game: Any = None) -> None:  # the listener: called after every committed save
        self.wake.set()

    def start(self) -> Embedded:
        for t in self.threads:
            t.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        for t in self.threads:
            t.join(timeout=10)

    def _deliver(self) -> None:
        while not self.stopping.is_set():
            self.wake.wait(timeout=self.sweep_seconds)
            self.wake.clear()
            if self.stopping.is_set():
                return
            try:
                flush(self.svc)
            except Exception:  # noqa: BLE001 — keep the thread alive; the next wake retries
                log.exception("embedded: delivery round failed")

    def _tick(self) -> None:
        from workers.ticker import tick

        while not self.stopping.wait(timeout=self.tick_seconds):
            try:
                tick(self.svc)
            except Exception:  # noqa: BLE001
                log.exception("embedded: tick failed")
            self.wake.set()


def start(service: GameService, sweep_seconds: float = 5.0, tick_seconds: float = 60.0) -> Embedded | None:
    """Start the in-process workers for `service` (embedded mode), or register the production kick."""
    if not service.settings.embedded:
        runtime.install(service)
        return None
    existing = next((f for f in service.listeners if isinstance(f, Embedded)), None)
    if existing is not None:
        return existing
    runtime.use(service)
    worker = Embedded(service, sweep_seconds, tick_seconds)
    service.listeners.append(worker)
    worker.start()
    worker.wake.set()
    return worker
