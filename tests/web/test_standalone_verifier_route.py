"""The server serves its own single-file verifier, and the audit page vouches for exactly those bytes: the
link, their SHA-256 and the command to run. No page or document sends players to `pip install tabularium`
(that name on the public index belongs to someone else)."""
from __future__ import annotations

import hashlib
import html
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.play import play_random
from tests.web.helpers import bearer, embedded_app, new_game

ROOT = Path(__file__).resolve().parents[2]
URL = "/verify/tabularium_verify.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else (shutil.which("python3") or sys.executable)


def shown_sha256(page: str) -> str:
    section = page[page.index('id="verifier"'):]
    m = re.search(r'<pre class="hash">([0-9a-f]{64})</pre>', section)
    assert m, "the audit page shows no SHA-256 for the verifier"
    return m.group(1)


def test_the_served_verifier_hashes_to_the_sha256_on_the_audit_page(sqlite_svc):
    client = embedded_app(sqlite_svc).test_client()
    game = new_game(client)
    served = client.get(URL)
    assert served.status_code == 200
    assert served.mimetype == "text/x-python"
    assert served.headers["Content-Disposition"] == 'attachment; filename="tabularium_verify.py"'
    assert served.data == (ROOT / "service" / "web" / "tabularium_verify.py").read_bytes()
    digest = hashlib.sha256(served.data).hexdigest()
    assert served.headers["ETag"] == f'"{digest}"'

    page = client.get(f"/games/{game['id']}/audit")
    assert page.status_code == 200
    assert shown_sha256(page.text) == digest
    assert f'href="{URL}"' in page.text
    assert f"python3 -I tabularium_verify.py tabularium-{game['id']}.json" in html.unescape(page.text)


def test_the_audit_page_names_no_install_command_and_says_what_the_script_does_not_check(sqlite_svc):
    client = embedded_app(sqlite_svc).test_client()
    game = new_game(client)
    page = " ".join(html.unescape(client.get(f"/games/{game['id']}/audit").text).split())
    assert "pip install" not in page
    assert "It does not replay the game's rules; that needs the project's source" in page
    assert "tabularium verify archive.json" in page


def test_no_page_document_or_e_mail_tells_anyone_to_pip_install_tabularium():
    files = [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("deploy/**/*.md"),
             *ROOT.glob("service/**/templates/**/*"), *ROOT.glob("notifications/templates/**/*"),
             *ROOT.glob("service/**/*.py")]
    offenders = [str(f.relative_to(ROOT)) for f in files if f.is_file()
                 and re.search(r"pip3?\s+install\s+(-U\s+|--upgrade\s+)?['\"]?tabularium\b",
                               f.read_text(encoding="utf-8", errors="replace"))]
    assert not offenders


def test_the_downloaded_verifier_passes_the_downloaded_archive_of_a_finished_game(sqlite_svc, tmp_path):
    client = embedded_app(sqlite_svc).test_client()
    game = new_game(client, players=3)
    sqlite_svc.post_message(game["id"], "blue", ["green"], "secret plan")
    play_random(sqlite_svc, game["id"], random.Random(4))
    archive = client.get(f"/api/games/{game['id']}/export?download=1", headers=bearer(game["tokens"]["red"]))
    assert archive.status_code == 200 and b"secret plan" not in archive.data
    (tmp_path / "archive.json").write_bytes(archive.data)
    (tmp_path / "tabularium_verify.py").write_bytes(client.get(URL).data)
    done = subprocess.run([PYTHON, "-I", "tabularium_verify.py", "archive.json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'withheld ("Private") entry' in done.stdout
    assert "rules replay: not checked by this script; run `tabularium verify` from the source" in done.stdout
