"""IMAP poller for inbound replies: TABULARIUM_IMAP_URL = imaps://user:pass@host[:993]/INBOX
(or imap://…, with STARTTLS unless the host is the loopback or `?starttls=no`; `?cafile=` trusts a
private CA). Unseen messages are handled one by one (notifications.inbound.handle) and then flagged
\\Seen (and deleted with `?delete=yes`). A message that fails for a temporary reason stays unseen and is
tried again at the next poll; duplicates are harmless (inbound de-duplicates by Message-ID)."""
from __future__ import annotations

import imaplib
import logging
import os
import ssl
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

log = logging.getLogger("tabularium.imap")

MAX_PER_POLL = 200


def poll(svc: Any, url: str | None = None) -> int:
    from notifications.inbound import handle

    url = url or os.environ.get("TABULARIUM_IMAP_URL")
    if not url:
        return 0
    parts = urlparse(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    context = ssl.create_default_context(cafile=query.get("cafile"))
    host = parts.hostname or "localhost"
    if parts.scheme == "imaps":
        conn = imaplib.IMAP4_SSL(host, parts.port or 993, ssl_context=context, timeout=30)
    else:
        conn = imaplib.IMAP4(host, parts.port or 143, timeout=30)
        starttls = query.get("starttls", "auto" if host in ("127.0.0.1", "localhost", "::1") else "require")
        if starttls == "require" or (starttls == "auto" and "STARTTLS" in conn.capabilities):
            conn.starttls(ssl_context=context)
    handled = 0
    try:
        conn.login(unquote(parts.username or ""), unquote(parts.password or ""))
        conn.select((parts.path or "/INBOX").lstrip("/") or "INBOX")
        status, data = conn.search(None, "UNSEEN")
        numbers = (data[0] or b"").split()[:MAX_PER_POLL] if status == "OK" else []
        for num in numbers:
            status, fetched = conn.fetch(num, "(RFC822)")
            raw = next((item[1] for item in fetched or [] if isinstance(item, tuple)), None)
            if status != "OK" or raw is None:
                continue
            result = handle(svc, raw)
            log.info("imap: message %s: %s", num.decode(), result.outcome)
            conn.store(num, "+FLAGS", "(\\Seen \\Deleted)" if query.get("delete") == "yes" else "(\\Seen)")
            handled += 1
        if query.get("delete") == "yes":
            conn.expunge()
    finally:
        try:
            conn.logout()
        except (imaplib.IMAP4.error, OSError):
            pass
    return handled
