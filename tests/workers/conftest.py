"""Celery tests run a real worker on the real Redis (127.0.0.1:6379, a unique key prefix per test),
with a real SMTP server (aiosmtpd) as the sink. Without Redis they are skipped, except under CI=true."""
from __future__ import annotations

import os
import socket
import subprocess
import time
import uuid
from pathlib import Path

import pytest

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379


def redis_up(port: int = REDIS_PORT) -> bool:
    try:
        with socket.create_connection((REDIS_HOST, port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture
def redis_url():
    if not redis_up():
        message = f"Redis is not reachable at {REDIS_HOST}:{REDIS_PORT}"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI=true: a missing service fails the run)")
        pytest.skip(message)
    return f"redis://{REDIS_HOST}:{REDIS_PORT}/0"


@pytest.fixture
def prefix():
    return f"tabtest-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def sink():
    from tests.mail.sinks import SMTPSink

    s = SMTPSink().start()
    yield s
    s.stop()


class OwnRedis:
    """A private redis-server (never the shared one on 6379), to stop and start during a test."""

    def __init__(self, directory: Path):
        from tests.mail.sinks import free_port

        self.port = free_port()
        self.directory = directory
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.directory)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if redis_up(self.port):
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def own_redis(tmp_path, redis_url):
    import shutil

    if shutil.which("redis-server") is None:
        message = "redis-server is not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    r = OwnRedis(tmp_path)
    r.start()
    yield r
    r.stop()
