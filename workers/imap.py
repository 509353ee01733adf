"""IMAP poller for inbound replies: TABULARIUM_IMAP_URL = imaps://user:pass@host[:993]/INBOX
(or imap://…, with STARTTLS unless the host is the loopback or `?starttls=no`; `?cafile=` trusts a
private CA). Unseen messages are handled one by one (notifications.inbound.handle) and then flagged
\\Seen (and deleted with `?delete=yes`). A message that fails for a temporary reason stays unseen and is
tried again at the next poll; duplicates are harmless (inbound de-duplicates by Message-ID)."""
from __future__ import annotations

import imaplib
import logging
import os
import re
import ssl
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, unquote, urlparse

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger("tabularium.imap")

MAX_PER_POLL = 200
MAX_FAILURES = 3  # consecutive temporary failures that end a poll early
SIZE = re.compile(rb"RFC822\.SIZE (\d+)")


def poll(svc: GameService, url: str | None = None) -> int:
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
        failures = 0
        for num in numbers:
            outcome = _take(svc, conn, num)
            if outcome is None:  # left unseen: tried again at the next poll
                failures += 1
                if failures >= MAX_FAILURES:
                    break  # the database is likely down: stop hammering it; the next poll resumes
                continue
            failures = 0
            log.info("imap: message %s: %s", num.decode(), outcome)
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


def _take(svc: GameService, conn: imaplib.IMAP4, num: bytes) -> str | None:
    """Handle one message: its outcome (then it is flagged seen), or None to leave it unseen.

    Whatever the message holds, `handle` drops it rather than raising, so one hostile message can
    never hold back the replies behind it. An exception here is a temporary failure (the database):
    the message stays unseen for the next poll, and the loop goes on to the next one. A broken IMAP
    connection (imaplib's errors) ends the poll."""
    from notifications.inbound import MAX_BYTES, handle

    size = _size(conn, num)
    if size is not None and size > MAX_BYTES:  # not even fetched: it could be gigabytes
        log.warning("imap: message %s of %d bytes dropped (over %d)", num.decode(), size, MAX_BYTES)
        return "dropped:size"
    status, fetched = conn.fetch(num, "(BODY.PEEK[])")  # PEEK: fetching alone must not flag it \Seen
    raw = next((item[1] for item in fetched or [] if isinstance(item, tuple)), None)
    if status != "OK" or raw is None:
        return None
    try:
        return handle(svc, raw).outcome
    except Exception:  # noqa: BLE001 — not the message's fault; see above
        log.exception("imap: message %s left for the next poll", num.decode())
        return None


def _size(conn: imaplib.IMAP4, num: bytes) -> int | None:
    """The message's size as the server reports it, or None if it does not say."""
    status, data = conn.fetch(num, "(RFC822.SIZE)")
    text = b" ".join(item if isinstance(item, bytes) else item[0] for item in data or [] if item)
    found = SIZE.search(text) if status == "OK" else None
    return int(found.group(1)) if found else None
