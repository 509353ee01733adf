"""Rate limits on every endpoint: fixed windows per client address (after ProxyFix),
counted in Redis in production, where every gunicorn worker shares them, and in memory in the embedded
mode.

Each limit is one `limits` hit straight to its storage: one Redis round trip for an action. Flask-Limiter
made the same hit plus per-request bookkeeping (exemption scopes, limit parsing, contexts) that cost an
HTTP action about 0.3 ms of CPU (measured beside bench_http). A storage outage lets requests through: a
Redis failure must not take the games down.

Kinds (budgets in service.web.DEFAULT_LIMITS): create, login (magic and sign-in links), action (commands),
audit (the public audit and the export), unsubscribe (`/u/`), and read for every other endpoint (pages,
API reads, bearer-token GETs). Unlimited: static files, the health check, and the inbound-mail webhook
(it answers its provider, and carries its own secret).
"""
from __future__ import annotations

import functools
import logging
from typing import Any, Callable

from limits import parse_many, storage, strategies
from werkzeug.exceptions import TooManyRequests

log = logging.getLogger("tabularium.web")


UNLIMITED = frozenset({"static", "ops.healthz", "mailhooks.inbound_mail"})
DEFAULT_KIND = "read"


def kind_for(endpoint: str, limited: dict[str, str]) -> str | None:
    """The kind of limit an endpoint counts against: its own, else "read"; None for the unlimited few."""
    if endpoint in limited:
        return limited[endpoint]
    return None if endpoint in UNLIMITED else DEFAULT_KIND


class LimitReached(TooManyRequests):
    def __init__(self, retry_after: int):
        super().__init__()
        self.retry_after = retry_after  # seconds: the refused limit's window, the longest wait


class RateLimits:
    def __init__(self, storage_uri: str, specs: dict[str, str], prefix: str = ""):
        self.strategy = strategies.FixedWindowRateLimiter(storage.storage_from_string(storage_uri))
        self.limits = {kind: parse_many(spec) for kind, spec in specs.items()}
        self.prefix = prefix or "tabularium-limits"

    def hit(self, kind: str, client: str) -> None:
        """Count one request of `client` against every limit of `kind`; LimitReached when one is full."""
        for limit in self.limits.get(kind, ()):  # a kind without a budget (a partial override) is not limited
            try:
                allowed = self.strategy.hit(limit, self.prefix, kind, client)
            except Exception as exc:  # noqa: BLE001 — any storage trouble: let the request through
                log.warning("rate limits unavailable (%s: %s): request allowed", type(exc).__name__, exc)
                return
            if not allowed:
                raise LimitReached(int(limit.get_expiry()))

    def limited(self, kind: str, client: Callable[[], str]) -> Callable:
        """A view decorator: the request counts against `kind` before the view runs."""
        def decorate(view: Callable) -> Callable:
            @functools.wraps(view)
            def limited_view(*args: Any, **kwargs: Any) -> Any:
                self.hit(kind, client())
                return view(*args, **kwargs)
            return limited_view
        return decorate
