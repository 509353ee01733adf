"""Structured logs: one JSON object per line, carrying the game id and seat whenever they are known.

`bind(game_id=..., seat=...)` sets them for the current request or task (contextvars, so threads and
Celery tasks do not bleed into each other). TABULARIUM_LOG_FORMAT=text gives plain lines for a terminal.
"""
from __future__ import annotations

import contextvars
import json
import logging
import os
import sys
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Iterator

_context: contextvars.ContextVar[dict] = contextvars.ContextVar("tabularium_log_context", default={})  # noqa: B039 (never mutated: bind() sets a new dict)


@contextmanager
def bind(**fields: object) -> Iterator[None]:
    token = _context.set({**_context.get(), **{k: v for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        _context.reset(token)


def bind_now(**fields: object) -> None:
    """Set fields for the rest of the current context (a request; reset by the next one)."""
    _context.set({**_context.get(), **{k: v for k, v in fields.items() if v is not None}})


def clear() -> None:
    _context.set({})


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {"time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                 "level": record.levelname, "logger": record.name, "message": record.getMessage(),
                 **_context.get()}
        for key in ("game_id", "seat", "event", "status", "path", "method", "duration_ms"):
            if hasattr(record, key):
                entry[key] = getattr(record, key)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure(level: str | None = None) -> None:
    """Idempotent: call from every entry point (serve, wsgi, worker, beat, CLI commands that log)."""
    root = logging.getLogger()
    if any(getattr(h, "_tabularium", False) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler._tabularium = True  # type: ignore[attr-defined]
    if os.environ.get("TABULARIUM_LOG_FORMAT", "json") == "text":
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    else:
        handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(level or os.environ.get("TABULARIUM_LOG_LEVEL", "INFO"))
