"""Operations endpoints: /healthz (database and broker reachable) and /metrics (Prometheus text).

/metrics answers a scraper on this machine (the real peer and, behind the proxy, the forwarded client are
both loopback: a forged X-Forwarded-For does not make a remote caller local) or one that sends
`Authorization: Bearer <TABULARIUM_METRICS_TOKEN or the operator token>`; anyone else gets 401.

Also counts every HTTP request and binds the game id, seat and (token-redacted) path to the request's log
lines.
"""
from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, g, jsonify, request

from service import logs, metrics
from service.config import is_loopback_host
from service.web.redact import redact_path

bp = Blueprint("ops", __name__)


def _service():
    return current_app.extensions["tabularium.service"]


@bp.get("/healthz")
def healthz():
    """200 when the database and the broker answer; 503 naming the part that does not."""
    checks = {"database": _check_database(), "broker": _check_broker()}
    healthy = all(v == "ok" for v in checks.values())
    return jsonify(status="ok" if healthy else "unavailable", **checks), 200 if healthy else 503


def _check_database() -> str:
    try:
        _service().store.db.query("SELECT 1 AS one")
        return "ok"
    except Exception as exc:  # any failure is the answer, not a crash
        return f"unreachable ({type(exc).__name__})"


def _check_broker() -> str:
    url = _service().settings.broker_url
    if url.startswith("memory://"):
        return "ok"
    try:
        import redis

        redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2).ping()
        return "ok"
    except Exception as exc:
        return f"unreachable ({type(exc).__name__})"


def _local_request() -> bool:
    """Both the TCP peer (before ProxyFix rewrote it) and the client address Flask sees are loopback."""
    original = request.environ.get("werkzeug.proxy_fix.orig") or {}
    peer = original.get("REMOTE_ADDR", request.environ.get("REMOTE_ADDR"))
    return is_loopback_host(peer) and is_loopback_host(request.remote_addr)


def _metrics_allowed() -> bool:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if header and scheme.lower() == "bearer" and token.strip():
        return _service().settings.is_metrics_token(token.strip())
    return _local_request()


@bp.get("/metrics")
def prometheus():
    if not _metrics_allowed():
        return Response("The metrics need a bearer token (TABULARIUM_METRICS_TOKEN or the operator token), "
                        "or a request from this machine.\n", status=401, mimetype="text/plain",
                        headers={"WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store"})
    service = _service()
    text = metrics.exposition(service.counters.snapshot(), metrics.gauges(service))
    return Response(text, mimetype="text/plain; version=0.0.4")


@bp.before_app_request
def _start() -> None:
    g.tabularium_started = time.perf_counter()
    logs.clear()
    game_id = (request.view_args or {}).get("game_id")
    logs.bind_now(game_id=game_id, path=redact_path(request.path), method=request.method)


@bp.teardown_app_request
def _forget_log_context(_exc) -> None:
    """A request's game and seat must not label later log lines of this thread (or a test's)."""
    logs.clear()


@bp.after_app_request
def _count(response):
    if request.endpoint not in ("ops.prometheus", "ops.healthz", "static"):
        _service().counters.inc("tabularium_http_requests_total", method=request.method,
                                status=f"{response.status_code // 100}xx")
    return response
