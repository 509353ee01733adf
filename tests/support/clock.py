"""A settable clock for tests: the service reads the time from it, a test moves it on."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

MONDAY = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self, start: datetime = MONDAY):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now
