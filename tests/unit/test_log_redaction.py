"""Issue #11 item 13 (and the loopback bind of item 14): the shipped gunicorn configuration never logs a
token, and binds to loopback unless told otherwise."""
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


PATHS = [f"/play/{SECRET}", f"/play/m.{SECRET}.abc", f"/go/{SECRET}", f"/u/{SECRET}"]
QUERIES = [f"/hooks/mail?key={SECRET}", f"/api/games?token={SECRET}&x=1"]  # the shipped format logs no query


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
