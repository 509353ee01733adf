"""A real server thread on a free port and Debian's Chromium driven by Playwright (never a downloaded browser).

The fixtures are registered once, in tests/conftest.py, so every directory (tests/e2e, tests/i18n) shares one
session browser per worker: two `sync_playwright()` in one process fail ("Sync API inside the asyncio loop").
"""
from __future__ import annotations

import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = os.path.join(os.path.dirname(__file__), "..", "..", "test-artifacts")


@pytest.fixture(scope="session")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed (CI=true: a missing browser fails the run)")
        pytest.skip("chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
                               args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class LiveServer:
    def __init__(self, svc):
        from tests.web.helpers import embedded_app

        self.svc = svc
        self.app = embedded_app(svc)
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, name="live-server", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture
def live(database_url):
    from tests.conftest import make_service

    svc = make_service(database_url)
    server = LiveServer(svc)
    yield server
    server.stop()
    svc.close()


@pytest.fixture(scope="session")
def artifacts():
    path = os.path.abspath(ARTIFACTS)
    os.makedirs(path, exist_ok=True)
    return path
