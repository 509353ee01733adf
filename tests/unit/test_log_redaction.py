"""Issue #11 item 13 (and the loopback bind of item 14): the shipped gunicorn configuration never logs a
token, and binds to loopback unless told otherwise. A token path is redacted wherever it sits: after extra
slashes, under a mount prefix, percent-encoded, or in the query."""
from __future__ import annotations

import io
import logging
import runpy
from datetime import timedelta
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"
SECRET = "Sx9-secret-token-value"


@pytest.fixture
def conf(monkeypatch):
    monkeypatch.delenv("TABULARIUM_BIND", raising=False)
    return runpy.run_path(str(CONF))


def test_gunicorn_binds_to_loopback_by_default(conf):
    assert conf["bind"] == "127.0.0.1:8000"


class _Response:
    status = "200 OK"
    sent = 10
    headers = [("Location", f"/play/{SECRET}"), ("Set-Cookie", f"tabularium_session={SECRET}")]


class _Request:
    headers = [("AUTHORIZATION", f"Bearer {SECRET}"), ("COOKIE", f"tabularium_session={SECRET}"),
               ("REFERER", f"https://games.example.org/play/{SECRET}"), ("X-TABULARIUM-WEBHOOK-KEY", SECRET)]


PATHS = [f"/play/{SECRET}", f"/play/m.{SECRET}.abc", f"/go/{SECRET}", f"/u/{SECRET}",
         # extra slashes (werkzeug merges or redirects them), an app mounted under a prefix (SCRIPT_NAME),
         # a percent-encoded segment (werkzeug decodes the path before it routes it)
         f"//play/{SECRET}", f"///go/{SECRET}", f"/tabularium/play/{SECRET}", f"/games//u/{SECRET}",
         f"/%70lay%2F{SECRET}"]
QUERIES = [f"/hooks/mail?key={SECRET}", f"/api/games?token={SECRET}&x=1",  # the shipped format logs no query
           f"/login?next=/play/{SECRET}", f"/login?next=%2Fgo%2F{SECRET}&x=1"]


@pytest.mark.parametrize("fmt,target", [("shipped", t) for t in PATHS]
                         + [(f, t) for f in ("default", "everything") for t in PATHS + QUERIES])
def test_the_access_log_never_holds_a_token(conf, target, fmt):
    from gunicorn.config import Config
    from gunicorn.util import load_class

    cfg = Config()
    cfg.set("accesslog", "-")
    formats = {"default": cfg.access_log_format, "shipped": conf["access_log_format"],
               "everything": '%(h)s "%(r)s" %(U)s %(q)s %(f)s %({authorization}i)s %({cookie}i)s %({referer}i)s '
                             '%({x-tabularium-webhook-key}i)s %({location}o)s %({set-cookie}o)s '
                             '%({raw_uri}e)s %({http_authorization}e)s %({query_string}e)s %({path_info}e)s'}
    cfg.set("access_log_format", formats[fmt])
    logger = load_class(conf.get("logger_class", "gunicorn.glogging.Logger"), default="gunicorn.glogging.Logger", section="gunicorn.loggers")(cfg)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.access_log.handlers = [handler]
    path, _, query = target.partition("?")
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": target, "PATH_INFO": path, "QUERY_STRING": query,
               "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1", "HTTP_AUTHORIZATION": f"Bearer {SECRET}",
               "HTTP_COOKIE": f"tabularium_session={SECRET}", "HTTP_REFERER": f"https://games.example.org/go/{SECRET}"}
    logger.access(_Response(), _Request(), environ, timedelta(milliseconds=3))
    line = stream.getvalue()
    assert line.strip() and SECRET not in line, line


@pytest.mark.parametrize("path, logged", [
    (f"//play/{SECRET}", "//play/[redacted]"),
    (f"////play/{SECRET}/more", "////play/[redacted]"),
    (f"/tabularium/play/{SECRET}", "/tabularium/play/[redacted]"),
    (f"/a/b//go/{SECRET}", "/a/b//go/[redacted]"),
    (f"/mounted/u/{SECRET}", "/mounted/u/[redacted]"),
    (f"https://games.example.org//play/{SECRET}", "https://games.example.org//play/[redacted]"),
    (f"/%70lay/{SECRET}", "/play/[redacted]"),
    (f"/play%2F{SECRET}", "/play/[redacted]"),
])
def test_a_token_segment_is_redacted_anywhere_in_the_path(path, logged):
    from service.web.redact import redact_path, redact_request_line, redact_target

    assert redact_path(path) == logged
    assert redact_target(path + "?x=1") == logged + "?x=1"
    assert redact_request_line(f"GET {path} HTTP/1.1") == f"GET {logged} HTTP/1.1"


@pytest.mark.parametrize("path", ["/api/games/abc/audit", "/playground/x", "/games/g/undo", "/static/app.css"])
def test_paths_without_a_token_segment_are_logged_as_they_are(path):
    from service.web.redact import redact_path

    assert redact_path(path) == path


@pytest.mark.parametrize("query", [f"next=/play/{SECRET}", f"next=%2Fplay%2F{SECRET}&x=1",
                                   f"back=https://games.example.org/tabularium/u/{SECRET}",
                                   f"to=go/{SECRET}", f"/play/{SECRET}"])
def test_a_token_path_in_the_query_is_redacted(query):
    from service.web.redact import redact_query, redact_target, redact_text

    assert SECRET not in redact_query(query) and "[redacted]" in redact_query(query)
    assert SECRET not in redact_target("/login?" + query)
    assert SECRET not in redact_text(f'"GET /login?{query} HTTP/1.1" 302')


@pytest.mark.parametrize("path", [f"/tabularium/play/{SECRET}", f"/%70lay/{SECRET}"])
def test_the_apps_own_log_lines_redact_an_unusual_token_path(sqlite_url, path):
    """A token path the app does not route (a prefix a proxy did not strip, a segment left encoded) still
    reaches its before-request hook, which logs the path: no token in that line."""
    from service import logs
    from service.web import create_app
    from tests.conftest import make_service

    svc = make_service(sqlite_url)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.INFO)
    try:
        app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False})
        # PATH_INFO as a WSGI server passes it (the test client would read `//play` as a host name)
        with app.test_request_context("/", environ_overrides={"PATH_INFO": path}):
            app.preprocess_request()
            logging.getLogger("tabularium.web").info("during an odd request")
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        svc.close()
    assert "during an odd request" in stream.getvalue() and SECRET not in stream.getvalue()
    assert "play/[redacted]" in stream.getvalue()


def test_the_apps_own_log_lines_carry_the_redacted_path(sqlite_url):
    from service import logs
    from service.web import create_app
    from tests.conftest import make_service

    svc = make_service(sqlite_url)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.INFO)
    try:
        app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False})

        with app.test_request_context(f"/play/{SECRET}"):
            app.preprocess_request()
            logging.getLogger("tabularium.web").info("during a /play/ request")
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        svc.close()
    assert "during a /play/ request" in stream.getvalue() and SECRET not in stream.getvalue()
    assert "/play/[redacted]" in stream.getvalue()


def test_an_unexpected_error_on_a_sign_in_link_logs_no_token(sqlite_url, caplog):
    from service.web import create_app
    from tests.conftest import make_service

    svc = make_service(sqlite_url)
    try:
        app = create_app(service=svc, config={"TESTING": True, "RATELIMIT_ENABLED": False,
                                              "PROPAGATE_EXCEPTIONS": False})

        def broken(token):
            raise RuntimeError("a bug behind a sign-in link")

        app.view_functions["play.magic"] = broken
        with caplog.at_level(logging.ERROR):
            response = app.test_client().get(f"/play/{SECRET}")
    finally:
        svc.close()
    assert response.status_code == 500 and b"Traceback" not in response.data
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "unhandled error on GET /play/[redacted]" in logged and SECRET not in logged


def test_a_wrong_mode_gives_the_cli_a_sentence_not_a_traceback(monkeypatch, capsys):
    from service import cli

    monkeypatch.setenv("TABULARIUM_MODE", "bogus")
    assert cli.main(["show", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert "TABULARIUM_MODE='bogus' is not a mode" in err and "Traceback" not in err
