"""Issue #11, items 2, 13 and 14: the mode is explicit, production is complete or refused, cookies are
Secure on https, the operator token rotates, /metrics and /hooks/mail are closed, logout revokes copies."""
from __future__ import annotations

import pytest
from flask import Flask

from service.config import ConfigurationError, Settings
from service.web import create_app, mailhooks
from tests.conftest import make_service
from tests.web.helpers import (OPERATOR, TEST_CONFIG, WEBHOOK_SECRET, csrf_from, login, new_game,
                               production_app)

MODE_VARS = ("TABULARIUM_MODE", "TABULARIUM_BROKER_URL", "TABULARIUM_DATABASE_URL", "TABULARIUM_BASE_URL",
             "TABULARIUM_SECRET_KEY", "TABULARIUM_OPERATOR_TOKEN", "TABULARIUM_OPERATOR_TOKEN_FALLBACKS",
             "TABULARIUM_INBOUND_WEBHOOK_SECRET", "TABULARIUM_METRICS_TOKEN", "TABULARIUM_PROXY_FIX")


@pytest.fixture
def env(monkeypatch, tmp_path):
    """A clean environment for Settings.from_env (no mode, nothing set but the var/ directory)."""
    for name in MODE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TABULARIUM_VAR_DIR", str(tmp_path / "var"))

    def set_env(**values):
        for key, value in values.items():
            monkeypatch.setenv(f"TABULARIUM_{key.upper()}", value)
    return set_env


def public_without_broker(env) -> None:
    """The issue's deployment: operator token, secret key, PostgreSQL, an https base URL, no broker."""
    env(operator_token=OPERATOR, secret_key="s" * 32, database_url="postgresql://u:p@db.example/tabularium",
        base_url="https://games.example.org")


# ------------------------------------------------------------------------------------------ item 2

def test_forgetting_the_broker_on_a_public_server_refuses_to_start(env):
    public_without_broker(env)
    settings = Settings.from_env()
    with pytest.raises(ConfigurationError, match="TABULARIUM_MODE is not set"):
        settings.check()
    with pytest.raises(ConfigurationError, match="TABULARIUM_MODE"):
        create_app(settings, service=object())  # refused before any service or route exists


def test_the_production_mode_names_what_is_missing(env):
    public_without_broker(env)
    env(mode="production")
    with pytest.raises(ConfigurationError) as refused:
        Settings.from_env().check()
    message = str(refused.value)
    assert "TABULARIUM_BROKER_URL" in message and "TABULARIUM_INBOUND_WEBHOOK_SECRET" in message
    env(broker_url="redis://127.0.0.1:6379/0", inbound_webhook_secret="w" * 32)
    assert Settings.from_env().check().production


def test_the_production_mode_needs_a_real_secret_key_and_no_placeholder(env):
    env(mode="production", operator_token="CHANGE-ME", database_url="postgresql://db/t",
        broker_url="redis://r/0", inbound_webhook_secret="w" * 32)
    with pytest.raises(ConfigurationError) as refused:
        Settings.from_env().check()
    assert "TABULARIUM_SECRET_KEY" in str(refused.value) and "CHANGE-ME" in str(refused.value)


def test_an_unknown_mode_is_refused(env):
    env(mode="prod")
    with pytest.raises(ConfigurationError, match="embedded or production"):
        Settings.from_env()


def test_the_embedded_default_is_only_for_a_local_setup(env):
    settings = Settings.from_env()
    assert settings.embedded and settings.check(serving=True, binds=["127.0.0.1"]) is settings
    with pytest.raises(ConfigurationError, match="loopback"):
        settings.check(serving=True, binds=["0.0.0.0:8000"])
    env(base_url="http://192.0.2.7:8000")
    with pytest.raises(ConfigurationError, match="TABULARIUM_MODE is not set"):
        Settings.from_env().check()
    env(mode="embedded")
    with pytest.raises(ConfigurationError, match="not a loopback address"):
        Settings.from_env().check(serving=True)


def test_serve_refuses_to_listen_beyond_loopback_in_the_embedded_mode(env, monkeypatch, capsys):
    from werkzeug import serving

    from service.cli import main

    started = []
    monkeypatch.setattr(serving, "run_simple", lambda *a, **k: started.append(a))
    assert main(["serve", "--host", "0.0.0.0", "--port", "8765"]) == 2
    assert not started and "loopback" in capsys.readouterr().err


def test_https_base_urls_set_secure_cookies_even_when_embedded(sqlite_url):
    svc = make_service(sqlite_url, base_url="https://localhost:8443")
    try:
        client = create_app(service=svc, config=TEST_CONFIG).test_client()
        g = new_game(client)
        assert "Secure" in login(client, g["tokens"]["red"]).headers["Set-Cookie"]
    finally:
        svc.close()


# ------------------------------------------------------------------------------------------ item 13

def test_the_operator_token_rotates_without_downtime(sqlite_url, monkeypatch):
    monkeypatch.setenv("TABULARIUM_OPERATOR_TOKEN_FALLBACKS", "old-operator-token-0123456789")
    svc = make_service(sqlite_url, operator_token="new-operator-token-0123456789")
    try:
        assert svc.settings.operator_tokens == ["old-operator-token-0123456789", "new-operator-token-0123456789"]
        assert svc.authenticate("old-operator-token-0123456789") == ("*", "operator")
        assert svc.authenticate("new-operator-token-0123456789") == ("*", "operator")
        assert svc.authenticate("old-operator-token-012345678") is None
        assert not svc.settings.is_operator_token("") and not svc.settings.is_operator_token(None)
    finally:
        svc.close()


def test_an_operator_login_ends_when_its_token_is_retired(database_url):
    old, new = "old-operator-token-0123456789", "new-operator-token-0123456789"
    rotating = make_service(database_url, mode="production", operator_token=new, operator_token_fallbacks=(old,),
                            broker_url="redis://127.0.0.1:6379/15", inbound_webhook_secret=WEBHOOK_SECRET)
    retired = make_service(database_url, mode="production", operator_token=new,
                           broker_url="redis://127.0.0.1:6379/15", inbound_webhook_secret=WEBHOOK_SECRET)
    try:
        client = production_app(rotating).test_client()
        login(client, old)
        assert client.get("/new").status_code == 200
        cookie = client.get_cookie("tabularium_session").value
        after = production_app(retired).test_client()
        after.set_cookie("tabularium_session", cookie)
        assert after.get("/new").status_code == 403
    finally:
        rotating.close()
        retired.close()


# ------------------------------------------------------------------------------------------ item 14

def test_the_mail_webhook_refuses_everyone_in_production_without_its_secret(sqlite_url, monkeypatch):
    monkeypatch.delenv("TABULARIUM_INBOUND_WEBHOOK_SECRET", raising=False)
    svc = make_service(sqlite_url, mode="production", operator_token=OPERATOR, broker_url="redis://127.0.0.1:1/0")
    try:
        assert "TABULARIUM_INBOUND_WEBHOOK_SECRET" in " ".join(svc.settings.problems())
        app = Flask(__name__)
        app.config.update(SECRET_KEY="test-secret", TESTING=True)
        app.extensions["tabularium.service"] = svc
        app.extensions["tabularium.settings"] = svc.settings
        app.register_blueprint(mailhooks.bp)
        answer = app.test_client().post("/hooks/mail", data=b"From: x@example.org\r\n\r\n1\r\n",
                                        content_type="message/rfc822")
        assert answer.status_code == 403
    finally:
        svc.close()


def test_metrics_need_a_token_or_a_local_caller(database_url, monkeypatch):
    monkeypatch.setenv("TABULARIUM_PROXY_FIX", "1")
    svc = make_service(database_url, mode="production", operator_token=OPERATOR, metrics_token="metrics-token-123",
                       broker_url="redis://127.0.0.1:6379/15", inbound_webhook_secret=WEBHOOK_SECRET)
    try:
        client = production_app(svc).test_client()
        remote = {"REMOTE_ADDR": "203.0.113.5"}
        assert client.get("/metrics", environ_base=remote).status_code == 401
        # a forged X-Forwarded-For from a remote peer does not make it local
        assert client.get("/metrics", environ_base=remote, headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 401
        # through the proxy on this host, the forwarded client decides
        assert client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"},
                          headers={"X-Forwarded-For": "198.51.100.9"}).status_code == 401
        assert client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code == 200
        for token in (OPERATOR, "metrics-token-123"):
            ok = client.get("/metrics", environ_base=remote, headers={"Authorization": f"Bearer {token}"})
            assert ok.status_code == 200 and "tabularium_http_requests_total" in ok.text
        assert client.get("/metrics", environ_base=remote,
                          headers={"Authorization": "Bearer wrong"}).status_code == 401
    finally:
        svc.close()


def test_logout_revokes_a_copied_session_cookie(prod_svc):
    client = production_app(prod_svc).test_client()
    g = new_game(client, token=OPERATOR)
    gid = g["id"]
    login(client, g["tokens"]["red"])
    page = client.get(f"/games/{gid}")
    assert page.status_code == 200
    copied = client.get_cookie("tabularium_session").value
    assert client.post("/logout", data={"csrf_token": csrf_from(page.text)}).status_code == 303
    thief = production_app(prod_svc).test_client()  # another worker, same database
    thief.set_cookie("tabularium_session", copied)
    assert thief.get(f"/games/{gid}").status_code == 401
    assert thief.get(f"/api/games/{gid}/view").status_code == 401
    # the seat's link still works: logging in again gives a fresh, valid session
    login(client, g["tokens"]["red"])
    assert client.get(f"/games/{gid}").status_code == 200


def test_logout_revokes_a_copied_operator_cookie(prod_svc):
    client = production_app(prod_svc).test_client()
    login(client, OPERATOR)
    page = client.get("/new")
    assert page.status_code == 200
    copied = client.get_cookie("tabularium_session").value
    client.post("/logout", data={"csrf_token": csrf_from(page.text)})
    thief = production_app(prod_svc).test_client()
    thief.set_cookie("tabularium_session", copied)
    assert thief.get("/new").status_code == 403
    login(client, OPERATOR)
    assert client.get("/new").status_code == 200


def test_serve_keeps_tokens_out_of_its_request_log(env, monkeypatch, tmp_path):
    import io
    import logging

    from werkzeug import serving

    from service.cli import main

    monkeypatch.setattr(serving, "run_simple", lambda *a, **k: None)
    env(database_url=f"sqlite:///{tmp_path}/serve.sqlite3", mail_url=f"file://{tmp_path}/mail")
    monkeypatch.setattr("service.cli_server.start_embedded_workers", lambda service: False)
    werkzeug_log = logging.getLogger("werkzeug")
    filters = list(werkzeug_log.filters)
    root = logging.getLogger()
    root_handlers, root_level = list(root.handlers), root.level  # `serve` configures logging on this test's stderr
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    werkzeug_log.addHandler(handler)
    try:
        assert main(["serve", "--port", "8766"]) == 0
        werkzeug_log.warning('%s - - [%s] %s', "127.0.0.1", "now", '"GET /play/Sx9-seat-token HTTP/1.1" 200 -')
    finally:
        werkzeug_log.removeHandler(handler)
        werkzeug_log.filters[:] = filters
        root.handlers[:] = root_handlers
        root.setLevel(root_level)
    assert "/play/[redacted]" in stream.getvalue() and "Sx9-seat-token" not in stream.getvalue()
