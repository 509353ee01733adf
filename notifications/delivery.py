"""Send one outbox row: claim it (lease), compose it for its recipient, hand it to the transport, record
the result. Idempotent: a row that is not claimable (sent, being sent, not yet due) is left alone, so a
task delivered twice sends once. Delivery itself is at-least-once (a worker that dies after the SMTP
server accepted the message re-sends it after the lease, with the same Message-ID)."""
from __future__ import annotations

import logging
from typing import Any

from notifications import outbox, webhooks
from notifications.compose import NotYet, Skip, compose
from notifications.transport import PermanentError, TransientError, Transport, make_transport

log = logging.getLogger("tabularium.mail")

NOT_YET_DELAY = 1.0
RENDER_ATTEMPTS = 3  # a row that cannot be composed three times is a bug: show it to the operator


def send_one(svc: Any, key: str, transport: Transport | None = None,
             config: outbox.MailConfig | None = None) -> tuple[str, float | None]:
    """Returns (outcome, retry_in): outcome is sent | skipped | failed | retry | not-claimable."""
    config = config or outbox.MailConfig.from_env()
    row = outbox.claim(svc, key, config)
    if row is None:
        return "not-claimable", None
    return deliver(svc, row, transport, config)


def send_many(svc: Any, keys: list[str], transport: Transport | None = None,
              config: outbox.MailConfig | None = None) -> list[tuple[str, str, float | None]]:
    """Claim a batch in one transaction, then deliver each row: [(key, outcome, retry_in)]."""
    config = config or outbox.MailConfig.from_env()
    return [(row["key"], *deliver(svc, row, transport, config)) for row in outbox.claim_many(svc, keys, config)]


def deliver(svc: Any, row: dict, transport: Transport | None, config: outbox.MailConfig) -> tuple[str, float | None]:
    """Compose, send and record one claimed row."""
    key = row["key"]
    if row["kind"] == "pump_error":
        outbox.finish(svc, key, outbox.FAILED, row["params"].get("error", "the pump could not plan this event"))
        return "failed", None
    if row["kind"].startswith(webhooks.PREFIX):
        return deliver_webhook(svc, row, config)
    try:
        composed = compose(svc, row)
    except Skip as why:
        outbox.finish(svc, key, outbox.SKIPPED, str(why))
        return "skipped", None
    except NotYet as why:
        outbox.finish(svc, key, outbox.PENDING, str(why), retry_in=NOT_YET_DELAY)
        return "retry", NOT_YET_DELAY
    except Exception as exc:  # noqa: BLE001 — a template or data bug: retry a little, then show the operator
        log.exception("mail: cannot compose %s", key)
        return _failure(svc, row, config, f"compose: {type(exc).__name__}: {exc}", limit=RENDER_ATTEMPTS)
    try:
        (transport or make_transport(svc.settings.mail_url)).send(composed.message, composed.recipient)
    except PermanentError as exc:
        log.warning("mail: %s refused permanently: %s", key, exc)
        outbox.finish(svc, key, outbox.FAILED, str(exc)[:1000], recipient=composed.recipient)
        return "failed", None
    except (TransientError, OSError) as exc:
        log.info("mail: %s not sent yet: %s", key, exc)
        return _failure(svc, row, config, str(exc)[:1000], limit=config.max_attempts)
    outbox.finish(svc, key, outbox.SENT, recipient=composed.recipient, tokens=composed.tokens)
    return "sent", None


def deliver_webhook(svc: Any, row: dict, config: outbox.MailConfig) -> tuple[str, float | None]:
    """A seat's web hook: compose from what the seat may see now, POST, record the HTTP status. The
    recipient column shows the masked URL, never the URL itself (it is a secret)."""
    key = row["key"]
    try:
        url, body = webhooks.compose(svc, row)
    except webhooks.Skip as why:
        outbox.finish(svc, key, outbox.SKIPPED, str(why))
        return "skipped", None
    except Exception as exc:  # noqa: BLE001 — a data bug: retry a little, then show the operator
        log.exception("webhook: cannot compose %s", key)
        return _failure(svc, row, config, f"compose: {type(exc).__name__}: {exc}", limit=RENDER_ATTEMPTS)
    shown = webhooks.mask(url)
    try:
        status = webhooks.post_json(url, body)
    except PermanentError as exc:
        log.warning("webhook: %s refused permanently: %s", key, exc)
        outbox.finish(svc, key, outbox.FAILED, str(exc)[:1000], recipient=shown)
        return "failed", None
    except TransientError as exc:
        log.info("webhook: %s not sent yet: %s", key, exc)
        return _failure(svc, row, config, str(exc)[:1000], limit=config.max_attempts, recipient=shown,
                        at_least=getattr(exc, "after", 0.0))
    outbox.finish(svc, key, outbox.SENT, f"HTTP {status}", recipient=shown)  # the answer, for the operator
    return "sent", None


def _failure(svc: Any, row: dict, config: outbox.MailConfig, error: str, limit: int,
             recipient: str | None = None, at_least: float = 0.0) -> tuple[str, float | None]:
    if row["attempts"] >= limit:
        outbox.finish(svc, row["key"], outbox.FAILED, error, recipient=recipient)
        return "failed", None
    delay = max(config.backoff(row["attempts"]), at_least)
    outbox.finish(svc, row["key"], outbox.PENDING, error, retry_in=delay)
    return "retry", delay


def flush(svc: Any, transport: Transport | None = None, rounds: int = 20) -> dict:
    """Pump and send everything due, in this process (embedded mode, CLI commands, tests)."""
    counts: dict[str, int] = {}
    for _ in range(rounds):
        outbox.pump(svc)
        keys = outbox.due_keys(svc)
        if not keys:
            break
        for key in keys:
            outcome, _ = send_one(svc, key, transport)
            counts[outcome] = counts.get(outcome, 0) + 1
        if all(k in ("retry", "not-claimable") for k in counts):
            break
    return counts
