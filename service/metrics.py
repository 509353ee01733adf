"""Operational counters and the Prometheus text exposition for /metrics.

Counters live in Redis when TABULARIUM_REDIS_URL is set, so every gunicorn and Celery process adds to
the same numbers; in the embedded mode (one process) they live in memory. A process sends its counts
to Redis at most once a FLUSH_SECONDS, in one pipelined round trip, not one per request (measured: a
Redis round trip cost an HTTP action about 0.2 ms, and an action counted twice); a scrape may therefore
miss up to a second of another process's counts. Gauges (games by status, outbox depth, pump lag) are
read from the database when scraped.
"""
from __future__ import annotations

import os
import threading
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.games import GameService

KEY = os.environ.get("TABULARIUM_METRICS_PREFIX", "tabularium") + ":metrics"
FLUSH_SECONDS = 1.0
HELP = {
    "tabularium_http_requests_total": "HTTP requests answered, by method and status class.",
    "tabularium_actions_total": "Decisions submitted, by result (accepted or refused).",
}


class Counters:
    def __init__(self, redis_url: str | None = None, flush_seconds: float = FLUSH_SECONDS):
        self._redis = None
        if redis_url:
            import redis

            self._redis = redis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        self._local: Counter = Counter()     # this process's own (no Redis, or Redis failed)
        self._pending: Counter = Counter()   # not yet sent to Redis
        self._flush_seconds = flush_seconds
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def inc(self, name: str, **labels: str) -> None:
        field = _field(name, labels)
        with self._lock:
            if self._redis is None:
                self._local[field] += 1
                return
            self._pending[field] += 1
            if self._timer is None:  # the first count of a window schedules its flush
                self._timer = threading.Timer(self._flush_seconds, self.flush)
                self._timer.daemon = True
                self._timer.start()

    def flush(self) -> None:
        """Send the pending counts in one round trip; on failure they stay in this process's totals."""
        with self._lock:
            pending, self._pending, self._timer = self._pending, Counter(), None
        if not pending or self._redis is None:
            return
        try:
            pipe = self._redis.pipeline(transaction=False)
            for field, count in pending.items():
                pipe.hincrby(KEY, field, count)
            pipe.execute()
        except Exception:  # metrics must never break a request; fall back to this process
            with self._lock:
                self._local.update(pending)

    def snapshot(self) -> dict[str, int]:
        totals: Counter = Counter()
        if self._redis is not None:
            self.flush()  # this process's own counts are never late
            try:
                totals.update({k.decode(): int(v) for k, v in self._redis.hgetall(KEY).items()})
            except Exception:
                pass
        with self._lock:
            totals.update(self._local)
        return dict(totals)


def _field(name: str, labels: dict[str, str]) -> str:
    inner = ",".join(f'{k}="{_escape(v)}"' for k, v in sorted(labels.items()))
    return f"{name}{{{inner}}}" if inner else name


def _escape(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def exposition(counters: dict[str, int], gauges: dict[str, float]) -> str:
    """Prometheus text format 0.0.4."""
    lines: list[str] = []
    for family in sorted({k.split("{")[0] for k in counters} | set(HELP)):
        lines += [f"# HELP {family} {HELP.get(family, family)}", f"# TYPE {family} counter"]
        lines += [f"{k} {v}" for k, v in sorted(counters.items()) if k.split("{")[0] == family]
    for family in sorted({k.split("{")[0] for k in gauges}):
        lines += [f"# TYPE {family} gauge"]
        lines += [f"{k} {v}" for k, v in sorted(gauges.items()) if k.split("{")[0] == family]
    return "\n".join(lines) + "\n"


def gauges(service: GameService) -> dict[str, float]:
    """Games by status, plus the outbox figures when the e-mail feature is installed."""
    values: dict[str, float] = {}
    rows = service.store.db.query("SELECT status, COUNT(*) AS n FROM tabularium_games GROUP BY status")
    for status in ("active", "paused", "finished", "abandoned"):
        values[_field("tabularium_games", {"status": status})] = 0
    for row in rows:
        values[_field("tabularium_games", {"status": row["status"]})] = int(row["n"])
    values.update(_outbox_gauges(service))
    return values


def _outbox_gauges(service: GameService) -> dict[str, float]:
    try:
        from notifications.outbox import outbox_stats
    except ImportError:
        return {}
    stats = outbox_stats(service.store)
    statuses = ("pending", "sending", "sent", "failed")
    values: dict[str, float] = {_field("tabularium_outbox_rows", {"status": s}): stats.get(s, 0) for s in statuses}
    values["tabularium_outbox_depth"] = stats.get("pending", 0) + stats.get("sending", 0)
    values["tabularium_emails_sent"] = stats.get("sent", 0)
    values["tabularium_emails_failed"] = stats.get("failed", 0)
    head = service.store.app.recorder.max_notification_id() or 0
    values["tabularium_outbox_pump_lag_events"] = max(0, head - int(stats.get("tracking_position") or 0))
    age = stats.get("oldest_unsent_age_seconds")
    values["tabularium_outbox_oldest_unsent_seconds"] = age if age is not None else 0
    return values
