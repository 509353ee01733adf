"""Issue #11, item 2: gunicorn started without deploy/gunicorn.conf.py (`gunicorn -b 0.0.0.0:8000
service.web.wsgi:app`, TABULARIUM_MODE unset and everything else local) passed every start-up check, because
the app never learns its bind: /mail served every player's sign-in link, and /new and POST /api/games were
open, to any address. The wsgi entry of an embedded server answers only this machine."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
from service.web.wsgi import app
client = app.test_client()
def status(path, addr, **headers):
    return client.get(path, environ_base={"REMOTE_ADDR": addr}, headers=headers).status_code
print(json.dumps({
    "local": status("/mail", "127.0.0.1"),
    "ipv6_local": status("/healthz", "::1"),
    "unix_socket": status("/healthz", ""),
    "remote_mail": status("/mail", "192.0.2.9"),
    "remote_new": status("/new", "192.0.2.9"),
    "remote_create": client.post("/api/games", json={}, environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code,
    "forwarded_by_local_proxy": status("/mail", "127.0.0.1", **{"X-Forwarded-For": "192.0.2.9"}),
    "forwarded_rfc7239": status("/mail", "127.0.0.1", Forwarded='for="[2001:db8::1]:4711"'),
    "forwarded_loopback": status("/mail", "127.0.0.1", **{"X-Forwarded-For": "127.0.0.1"}),
}))
"""


def probe(tmp_path, **env) -> dict:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABULARIUM_")}
    clean.update(TABULARIUM_VAR_DIR=str(tmp_path / "var"), TABULARIUM_MAIL_URL=f"file://{tmp_path}/mail",
                 TABULARIUM_DATABASE_URL=f"sqlite:///{tmp_path}/t.sqlite3", **env)
    out = subprocess.run([sys.executable, "-c", PROBE], env=clean, cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_embedded_wsgi_app_answers_only_this_machine(tmp_path):
    for mode in ({}, {"TABULARIUM_MODE": "embedded"}):
        seen = probe(tmp_path, **mode)
        assert seen["local"] == seen["ipv6_local"] == seen["unix_socket"] == seen["forwarded_loopback"] == 200
        assert seen["remote_mail"] == seen["remote_new"] == seen["remote_create"] == 403
        assert seen["forwarded_by_local_proxy"] == seen["forwarded_rfc7239"] == 403
