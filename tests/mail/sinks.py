"""A real SMTP server (aiosmtpd) as the sink for delivery tests, with switchable behaviour."""
from __future__ import annotations

import asyncio
import socket
import threading
import time
from email import policy
from email.parser import BytesParser

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RecordingHandler:
    """mode: "accept" | "refuse" (451 on DATA) | "reject" (550 on DATA) | "stall" (record, then hang)."""

    def __init__(self):
        self.mode = "accept"
        self.messages: list = []          # (recipients, parsed message)
        self.refused = 0
        self.lock = threading.Lock()
        self.stall_seconds = 60.0

    async def handle_DATA(self, server, session, envelope):
        if self.mode == "refuse":
            self.refused += 1
            return "451 4.3.0 Temporary failure, try again later"
        if self.mode == "reject":
            self.refused += 1
            return "550 5.1.1 No such user"
        msg = BytesParser(policy=policy.default).parsebytes(envelope.content)
        with self.lock:
            self.messages.append((list(envelope.rcpt_tos), msg, time.time()))
        if self.mode == "stall":
            self.mode = "accept"
            await asyncio.sleep(self.stall_seconds)
        return "250 OK"

    def message_ids(self) -> list[str]:
        with self.lock:
            return [str(m["Message-ID"]) for _, m, _ in self.messages]

    def wait_for(self, count: int, timeout: float = 30.0) -> bool:
        end = time.time() + timeout
        while time.time() < end:
            if len(self.messages) >= count:
                return True
            time.sleep(0.05)
        return False


class SMTPSink:
    def __init__(self, port: int | None = None, **kwargs):
        self.handler = RecordingHandler()
        self.port = port or free_port()
        self.kwargs = kwargs
        self.controller: Controller | None = None

    def start(self) -> SMTPSink:
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port, **self.kwargs)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"
