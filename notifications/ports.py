"""What notifications and workers need from the application service, as a typed interface.

The notifications layer sits below the service (pyproject.toml [tool.importlinter]): it never imports
`service`, and the GameService it is handed satisfies this Protocol structurally. Workers (above both)
type their `svc` with it too.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Protocol, TypeVar, runtime_checkable

T = TypeVar("T")


@runtime_checkable
class GameServicePort(Protocol):
    settings: Any  # service.config.Settings: base_url, mail_url, secret keys, mode
    store: Any  # service.store.Store: contacts, outbox tables, the deadlines read model
    clock: Callable[[], datetime]  # the process's clock (tests and `--now` move it)

    def now(self) -> str: ...

    def get(self, game_id: Any, version: int | None = None) -> Any: ...

    def events(self, game_id: Any) -> list: ...

    def run_command(self, game_id: Any, command: Callable[[Any], T]) -> T: ...

    def change_preference(self, game_id: Any, seat: str, preference: str, by: str) -> dict: ...

    def change_language(self, game_id: Any, seat: str, language: str, by: str) -> dict: ...

    def change_timezone(self, game_id: Any, seat: str, zone: str, by: str) -> dict: ...


__all__ = ["GameServicePort"]
