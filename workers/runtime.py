"""Per-process state of the workers: the GameService (built lazily, after fork) and the kick that
enqueues the pump once an event is committed.

`kick` is registered on `GameService.listeners`, so it runs only after a successful save. It never
blocks the caller and never fails it: a small daemon thread publishes one coalesced `tabularium.pump`
task. If the broker is down the kick is lost — harmlessly, because the pump reads the event log from
its tracking position and beat's `tabularium.sweep` runs it every few seconds anyway.
"""
from __future__ import annotations

import logging
import os
import threading
from typing import Any

log = logging.getLogger("tabularium.workers")

_lock = threading.Lock()
_state: dict[str, Any] = {"service": None, "celery": None, "kicker": None, "pid": None}


def service() -> Any:
    """The process's GameService (pitfall 20: one long-lived instance; pitfall 10: built after fork)."""
    with _lock:
        if _state["service"] is None or _state["pid"] != os.getpid():
            from service.composition import build

            _state["service"] = build().games
            _state["pid"] = os.getpid()
        return _state["service"]


def use(svc: Any, celery_app: Any = None) -> None:
    """Tests and embedded mode: run the tasks of this process against this service (and Celery app)."""
    with _lock:
        _state.update(service=svc, pid=os.getpid())
        if celery_app is not None:
            _state["celery"] = celery_app


def forked() -> None:
    """worker_process_init: a prefork child drops what it inherited (the solo pool sends it too, unforked)."""
    if _state["pid"] is not None and _state["pid"] != os.getpid():
        reset()


def reset() -> None:
    with _lock:
        _state.update(service=None, celery=None, kicker=None, pid=None)


_apps: dict[str, Any] = {}


def celery_app(settings: Any = None) -> Any:
    """The Celery app for `settings` (one per broker URL), else the process's (the env's) app."""
    if settings is not None and _state["celery"] is None:
        from workers.celery_app import make_app

        with _lock:
            if settings.broker_url not in _apps:
                _apps[settings.broker_url] = make_app(settings)
            return _apps[settings.broker_url]
    if _state["celery"] is None:
        from workers.celery_app import app

        _state["celery"] = app
    return _state["celery"]


def enqueue(name: str, *args: Any, countdown: float | None = None, app: Any = None) -> bool:
    """Publish a task; False (logged) if the broker cannot be reached."""
    try:
        (app or celery_app()).send_task(name, args=list(args), countdown=countdown, retry=False)
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


def install(svc: Any, celery_app_: Any = None) -> Kicker:
    """Production: after every committed save, enqueue the pump (once per service)."""
    existing = next((f for f in svc.listeners if isinstance(f, Kicker)), None)
    if existing is not None:
        return existing
    if celery_app_ is not None:
        _state["celery"] = celery_app_
    app = celery_app_ or celery_app(svc.settings)
    kicker = Kicker(lambda: enqueue("tabularium.pump", app=app))
    svc.listeners.append(kicker)
    return kicker


def after_command(svc: Any, keys: tuple | list = ()) -> dict:
    """At the end of a CLI command that may have recorded events: deliver (embedded) or enqueue."""
    if svc.settings.embedded:
        from notifications.delivery import flush

        return flush(svc)
    app = celery_app(svc.settings)
    sent = [enqueue("tabularium.send", key, app=app) for key in keys]
    return {"enqueued": enqueue("tabularium.pump", app=app) and all(sent)}


def deliver_soon(svc: Any, keys: tuple | list = ()) -> None:
    """From a web request: wake the embedded delivery thread, or enqueue the rows (never blocks long)."""
    waker = next((f for f in svc.listeners if hasattr(f, "wake")), None)
    if waker is not None:
        waker()
    elif not svc.settings.embedded:
        app = celery_app(svc.settings)
        for key in keys:
            enqueue("tabularium.send", key, app=app)
