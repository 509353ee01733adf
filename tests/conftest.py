"""Shared fixtures: a service on SQLite and on the real PostgreSQL (every store-facing test runs on both)."""
from __future__ import annotations

import os

import pytest

from service.config import Settings
from service.composition import build
from service.games import GameService
from tests.support import pg

os.environ.setdefault("TABULARIUM_TEST_TITLES", "1")
# Your-turn e-mails are due as soon as their decision opens, unless a test sets the settle time itself
# (tests/mail/test_email_count.py and test_e2e_by_email.py simulate the production default with a fake clock).
os.environ.setdefault("TABULARIUM_MAIL_SETTLE_SECONDS", "0")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/events.sqlite3"
        return
    url = pg.create_database()
    yield url
    pg.drop_database(url)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path}/events.sqlite3"


def make_service(url: str, **overrides) -> GameService:
    """A service whose mode is explicit (TABULARIUM_MODE is never left to guess in tests): embedded with the
    in-memory broker, production with a real broker URL (the web layer then needs what production needs)."""
    memory = str(overrides.get("broker_url", "memory://")).startswith("memory://")
    overrides.setdefault("mode", "embedded" if memory else "production")
    settings = Settings.from_env(database_url=url, secret_key="test-secret", test_titles=True, **overrides)
    return build(settings).games  # the composition root the CLI and the workers use


@pytest.fixture
def svc(database_url):
    service = make_service(database_url)
    yield service
    service.close()


@pytest.fixture
def sqlite_svc(sqlite_url):
    service = make_service(sqlite_url)
    yield service
    service.close()


@pytest.fixture(autouse=True)
def _root_logging_restored():
    """Entry points under test (`serve`, the WSGI module) configure logging on the stream pytest captures
    for that test; later tests would log into a closed stream. Each test leaves the root logger as found."""
    import logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


# The browser fixtures, registered once for every directory (tests/support/browser.py).
from tests.support.browser import artifacts, browser, live  # noqa: E402, F401
