"""Transports: a file sink (`file://var/mail`, one `.eml` per Message-ID) and SMTP (STARTTLS or SSL).

TABULARIUM_MAIL_URL:
* `file://var/mail` (relative) or `file:///srv/mail` (absolute): the embedded default, shown at /mail.
* `smtp://user:pass@host:587` — STARTTLS; required unless the host is the loopback or `?starttls=no`
  (`?starttls=auto` uses it when offered).
* `smtps://user:pass@host:465` — TLS from the first byte.
Extra query parameters: `cafile=/path.pem` (trust this CA, for a private relay), `timeout=30`,
`envelope_from=bounces@example.org` (the SMTP MAIL FROM; default the From address).

Errors are sorted into transient (`TransientError`: connection refused or dropped, 4xx answers,
timeouts — retried with backoff) and permanent (`PermanentError`: 5xx answers, every recipient
refused — recorded as failed and shown to the operator).
"""
from __future__ import annotations

import os
import re
import smtplib
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses
from pathlib import Path
from typing import Protocol
from urllib.parse import parse_qs, unquote, urlparse


@dataclass(frozen=True)
class Outgoing:
    """A composed message: its bytes, its Message-ID and the envelope sender."""

    raw: bytes
    message_id: str
    sender: str

    def as_bytes(self) -> bytes:
        return self.raw


class TransientError(Exception):
    pass


class PermanentError(Exception):
    pass


class Transport(Protocol):
    def send(self, msg: Outgoing | Message, recipient: str) -> None: ...


class FileSink:
    """One file per Message-ID, written atomically; a re-send overwrites the same file."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory)

    def send(self, msg: Outgoing | Message, recipient: str) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        mid = msg.message_id if isinstance(msg, Outgoing) else str(msg["Message-ID"])
        name = "".join(ch for ch in mid.strip("<>") if ch.isalnum() or ch in "-._@")
        path = self.directory / f"{name}.eml"
        tmp = self.directory / f".{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        tmp.write_bytes(msg.as_bytes())
        os.replace(tmp, path)


LOOPBACK = ("127.0.0.1", "localhost", "::1")
_CRLF = re.compile(rb"\r?\n")


class SMTPTransport:
    """Keeps one connection per thread for a short while (a burst of e-mails reuses it)."""

    IDLE = 20.0

    def __init__(self, url: str):
        parts = urlparse(url)
        self.ssl = parts.scheme == "smtps"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (465 if self.ssl else 587)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        default = "auto" if self.host in LOOPBACK else "require"
        self.starttls = query.get("starttls", default)
        self.timeout = float(query.get("timeout", 30))
        self.envelope_from = query.get("envelope_from")
        self.context = ssl.create_default_context(cafile=query.get("cafile"))
        self._local = threading.local()

    def _connect(self) -> smtplib.SMTP:
        if self.ssl:
            conn: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=self.context)
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            conn.ehlo()
            if self.starttls != "no" and (self.starttls == "require" or conn.has_extn("starttls")):
                conn.starttls(context=self.context)
                conn.ehlo()
        if self.user:
            conn.login(self.user, self.password or "")
        return conn

    def _connection(self) -> smtplib.SMTP:
        cached = getattr(self._local, "conn", None)
        if cached is not None and time.monotonic() - self._local.used < self.IDLE:
            return cached
        self.close()
        self._local.conn = self._connect()
        self._local.used = time.monotonic()
        return self._local.conn

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            try:
                conn.quit()
            except (smtplib.SMTPException, OSError):
                pass

    def send(self, msg: Outgoing | Message, recipient: str) -> None:
        if isinstance(msg, Outgoing):
            sender = self.envelope_from or msg.sender
        else:
            sender = self.envelope_from or getaddresses([str(msg["From"])])[0][1]
        for attempt in (1, 2):  # a cached connection may have been closed by the server: reconnect once
            reused = getattr(self._local, "conn", None) is not None
            try:
                conn = self._connection()
                if isinstance(msg, Outgoing):  # smtplib sends bytes as they are: SMTP wants CRLF
                    refused = conn.sendmail(sender, [recipient], _CRLF.sub(b"\r\n", msg.raw))
                else:
                    refused = conn.send_message(msg, from_addr=sender, to_addrs=[recipient])
                self._local.used = time.monotonic()
                if refused:
                    raise PermanentError(f"refused: {refused}")
                return
            except smtplib.SMTPServerDisconnected as exc:
                self._local.conn = None
                if attempt == 1 and reused:
                    continue
                raise TransientError(f"disconnected: {exc}") from exc
            except smtplib.SMTPRecipientsRefused as exc:
                self._local.conn = None
                codes = [c for c, _ in exc.recipients.values()]
                if all(400 <= c < 500 for c in codes):
                    raise TransientError(f"recipient deferred: {exc.recipients}") from exc
                raise PermanentError(f"recipient refused: {exc.recipients}") from exc
            except smtplib.SMTPResponseException as exc:
                self.close()
                if 400 <= exc.smtp_code < 500:
                    raise TransientError(f"{exc.smtp_code} {exc.smtp_error!r}") from exc
                raise PermanentError(f"{exc.smtp_code} {exc.smtp_error!r}") from exc
            except (OSError, socket.timeout, smtplib.SMTPException) as exc:
                self._local.conn = None
                raise TransientError(f"{type(exc).__name__}: {exc}") from exc


_cache: dict[str, Transport] = {}
_cache_lock = threading.Lock()


def make_transport(mail_url: str) -> Transport:
    """One transport per URL per process."""
    with _cache_lock:
        if mail_url not in _cache:
            _cache[mail_url] = _build(mail_url)
        return _cache[mail_url]


def _build(mail_url: str) -> Transport:
    if mail_url.startswith("file://"):
        return FileSink(mail_url[len("file://"):] or "var/mail")
    if mail_url.startswith(("smtp://", "smtps://")):
        return SMTPTransport(mail_url)
    raise ValueError(f"TABULARIUM_MAIL_URL must start with file://, smtp:// or smtps://, not {mail_url[:20]!r}")


def reset_transports() -> None:
    with _cache_lock:
        for t in _cache.values():
            close = getattr(t, "close", None)
            if close:
                close()
        _cache.clear()
