"""The browser tests' fixtures (`browser`, `live`, `artifacts`) live in tests/support/browser.py and are
registered once for the whole suite in tests/conftest.py; the names stay importable from here."""
from tests.support.browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LiveServer  # noqa: F401
