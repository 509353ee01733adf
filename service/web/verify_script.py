"""`/verify/tabularium_verify.py`: the standalone archive verifier, served by the server itself.

Players check a finished game's archive with a single file we ship (service/web/tabularium_verify.py,
standard library only), not with a package from a public index: the name "tabularium" there is not
ours. The bytes are read once at start-up; the same bytes are served and their SHA-256 is shown on the
audit page (`verifier` in every template), so what a player downloads is what the page vouches for.
"""
from __future__ import annotations

import hashlib
from importlib import resources

from flask import Blueprint, Response, has_request_context, request

FILENAME = "tabularium_verify.py"
URL = "/verify/" + FILENAME

bp = Blueprint("verifier", __name__)


def _load() -> tuple[bytes, str]:
    data = resources.files("service.web").joinpath(FILENAME).read_bytes()
    return data, hashlib.sha256(data).hexdigest()


SCRIPT, SHA256 = _load()


@bp.get(URL)
def script():
    if request.if_none_match.contains(SHA256):
        return Response(status=304, headers={"ETag": f'"{SHA256}"'})
    response = Response(SCRIPT, mimetype="text/x-python")
    response.headers["Content-Disposition"] = f'attachment; filename="{FILENAME}"'
    response.headers["ETag"] = f'"{SHA256}"'
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.app_context_processor
def verifier_context() -> dict:
    root = request.script_root if has_request_context() else ""
    return {"verifier": {"url": root + URL, "filename": FILENAME, "sha256": SHA256}}
