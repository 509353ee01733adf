"""The composition root: one place that builds what a process runs on: the settings, the event store (with
its read models), the clock, the outbox and the mail transport, and the GameService over them.

The CLI (`service.cli.service`), the worker runtime (`workers.runtime.service`) and the tests' helper
(`tests.conftest.make_service`) build through `build`. Layers (pyproject.toml [tool.importlinter]): the
service sits above notifications, so this module may wire the outbox and the transport in.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from service.config import Settings
from service.games import GameService, utc_now
from service.store import Store


@dataclass(frozen=True)
class Services:
    """What one process runs on. `games` is the application service; the rest hang off it."""

    settings: Settings
    games: GameService
    clock: Callable[[], datetime]

    @property
    def store(self) -> Store:
        return self.games.store

    def transport(self):
        """The mail transport named by the settings (SMTP, or the file sink): notifications.transport."""
        from notifications.transport import make_transport

        return make_transport(self.settings.mail_url)

    def ensure_outbox(self) -> None:
        """The outbox table (the pump's queue of e-mails and web hooks), if missing."""
        from notifications.outbox import ensure_schema

        ensure_schema(self.store)

    def close(self) -> None:
        self.games.close()


def build(settings: Settings | None = None, clock: Callable[[], datetime] | None = None) -> Services:
    """Build the services from `settings` (default: the environment) and `clock` (default: UTC now)."""
    settings = settings or Settings.from_env()
    clock = clock or utc_now
    return Services(settings, GameService(settings, clock=clock), clock)


__all__ = ["Services", "build"]
