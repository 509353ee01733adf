"""`tabularium serve` and the gunicorn entry point start and answer; optional blueprints are wired."""
from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, proc: subprocess.Popen, path: str = "/api/titles") -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else "exited"
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            return conn.getresponse().status
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not answer in 30 s")


def server_env(tmp_path) -> dict:
    return {**os.environ, "TABULARIUM_DATABASE_URL": f"sqlite:///{tmp_path}/serve.sqlite3",
            "TABULARIUM_VAR_DIR": str(tmp_path), "TABULARIUM_MAIL_URL": f"file://{tmp_path}/mail",
            "TABULARIUM_SECRET_KEY": "serve-test", "PYTHONPATH": str(ROOT)}


def test_tabularium_serve_answers(tmp_path):
    port = free_port()
    tabularium = Path(sys.executable).parent / "tabularium"
    proc = subprocess.Popen([str(tabularium), "serve", "--port", str(port)],
                            env=server_env(tmp_path), cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert wait_for(port, proc) == 200
        assert wait_for(port, proc, "/") == 200
        assert wait_for(port, proc, "/mail") == 200
    finally:
        proc.terminate()
        proc.wait(10)


def test_gunicorn_serves_the_wsgi_app(tmp_path):
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    proc = subprocess.Popen([str(gunicorn), "-w", "1", "-b", f"127.0.0.1:{port}", "service.web.wsgi:app"],
                            env=server_env(tmp_path), cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert wait_for(port, proc) == 200
        assert wait_for(port, proc, "/api/openapi.json") == 200
    finally:
        proc.terminate()
        proc.wait(10)


def test_optional_blueprints_are_registered_and_csrf_exempt(svc):
    from tests.web.helpers import embedded_app

    app = embedded_app(svc)
    try:
        import service.web.mailhooks as hooks
    except ModuleNotFoundError:
        assert not any(r.endpoint.startswith("mailhooks.") for r in app.url_map.iter_rules())
        return
    assert hooks.bp.name in app.blueprints
    csrf = app.extensions["tabularium.csrf"]
    assert hooks.bp in csrf._exempt_blueprints or hooks.bp.name in csrf._exempt_blueprints
