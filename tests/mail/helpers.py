"""Helpers for the e-mail tests: a service writing to a file sink, reading mailboxes, composing replies."""
from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, make_msgid
from pathlib import Path

from tests.conftest import make_service

PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid", "Dee")]
CHOICE_LINE = re.compile(r"^\s+(\d+)\. (.*?)  \[([^\]]+)\]$", re.M)


def mail_service(url: str, tmp_path: Path, **overrides):
    return make_service(url, mail_url=f"file://{tmp_path}/mail", inbound_address="play@games.example.org",
                        base_url="https://games.example.org", **overrides)


def read_mail(path: Path) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(path.read_bytes())


class Mailboxes:
    """Every .eml in the sink, in the order this test first saw it (parsed once)."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.seen: dict[str, EmailMessage] = {}
        self.index: list[tuple[str, str, EmailMessage]] = []   # (to, kind, message)

    def refresh(self) -> list[EmailMessage]:
        new = []
        if self.directory.exists():
            for path in sorted(self.directory.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
                if path.name not in self.seen:
                    msg = read_mail(path)
                    self.seen[path.name] = msg
                    self.index.append((str(msg["To"]), str(msg["X-Tabularium-Kind"]), msg))
                    new.append(msg)
        return new

    def all(self) -> list[EmailMessage]:
        self.refresh()
        return list(self.seen.values())

    def to(self, address: str, kind: str | None = None) -> list[EmailMessage]:
        self.refresh()
        return [m for to, k, m in self.index if address in to and (kind is None or k == kind)]


def text_of(msg: EmailMessage) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


def html_of(msg: EmailMessage) -> str:
    return msg.get_body(preferencelist=("html",)).get_content()


def choices_in(msg: EmailMessage) -> list[tuple[int, str, str]]:
    return [(int(n), label, cid) for n, label, cid in CHOICE_LINE.findall(text_of(msg))]


def reply_to(msg: EmailMessage, body: str, sender: str | None = None, **headers) -> bytes:
    """A reply as a mail client writes it: the answer on top, the original quoted below."""
    reply = EmailMessage(policy=policy.default)
    reply["From"] = sender or str(msg["To"])
    reply["To"] = str(msg["Reply-To"])
    reply["Subject"] = "Re: " + str(msg["Subject"])
    reply["Date"] = formatdate()
    reply["Message-ID"] = make_msgid(domain="example.org")
    reply["In-Reply-To"] = str(msg["Message-ID"])
    reply["References"] = str(msg["References"]) + " " + str(msg["Message-ID"])
    for k, v in headers.items():
        reply[k.replace("_", "-")] = v
    quoted = "\n".join("> " + line for line in text_of(msg).splitlines())
    reply.set_content(f"{body}\n\nOn {msg['Date']}, Tabularium wrote:\n{quoted}\n")
    return reply.as_bytes()
