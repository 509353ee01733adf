"""Per-process state of the workers: the GameService (built lazily, after fork) and the Celery app
(with its tasks) that publishes through `service.broker` (the kick that enqueues the pump once an event
is committed lives there, so the web process publishes without importing the workers)."""
from __future__ import annotations

import logging
import os
import threading
from typing import TYPE_CHECKING, Any

from service import broker
from service.broker import Kicker

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger("tabularium.workers")

_lock = threading.Lock()
_state: dict[str, Any] = {"service": None, "celery": None, "kicker": None, "pid": None}


def service() -> GameService:
    """The process's GameService (pitfall 20: one long-lived instance; pitfall 10: built after fork)."""
    with _lock:
        if _state["service"] is None or _state["pid"] != os.getpid():
            from service.composition import build

            _state["service"] = build().games
            _state["pid"] = os.getpid()
        return _state["service"]


def use(svc: GameService, celery_app: Any = None) -> None:
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
    """Publish a task with this process's app; False (logged) if the broker cannot be reached."""
    return broker.enqueue(name, *args, countdown=countdown, app=app or celery_app())


def install(svc: GameService, celery_app_: Any = None) -> Kicker:
    """Production: after every committed save, enqueue the pump (once per service)."""
    if celery_app_ is not None:
        _state["celery"] = celery_app_
    return broker.install(svc, celery_app_ or celery_app(svc.settings))


def after_command(svc: GameService, keys: tuple | list = ()) -> dict:
    """At the end of a CLI command that may have recorded events: deliver (embedded) or enqueue."""
    if svc.settings.embedded:
        from notifications.delivery import flush

        return flush(svc)
    app = celery_app(svc.settings)
    sent = [enqueue("tabularium.send", key, app=app) for key in keys]
    return {"enqueued": enqueue("tabularium.pump", app=app) and all(sent)}


def deliver_soon(svc: GameService, keys: tuple | list = ()) -> None:
    """From a web request: wake the embedded delivery thread, or enqueue the rows (never blocks long)."""
    broker.deliver_soon(svc, keys, app=None if svc.settings.embedded else celery_app(svc.settings))
