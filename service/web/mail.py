"""`/mail` (embedded mode only): the local outbox, one `.eml` file per message in the directory of
TABULARIUM_MAIL_URL (`file://var/mail`), newest first, each readable as text with clickable links, so a
newcomer can follow the links the server e-mailed without any mail server."""
from __future__ import annotations

import re
from email import policy
from email.parser import BytesParser
from pathlib import Path

from flask import Blueprint, abort, render_template

from domain.i18n import _

from service.web import get_settings

bp = Blueprint("mail", __name__)

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+=-]{0,200}\.eml$")
MAX_LIST = 300


def mail_dir() -> Path | None:
    url = get_settings().mail_url
    if not url.startswith("file://"):
        return None
    return Path(url[len("file://"):] or ".")


def _headers(path: Path) -> dict:
    with path.open("rb") as fh:
        msg = BytesParser(policy=policy.default).parse(fh, headersonly=True)
    return {"name": path.name, "subject": str(msg.get("Subject") or _("(no subject)")), "to": str(msg.get("To", "")),
            "from": str(msg.get("From", "")), "date": str(msg.get("Date", ""))}


@bp.get("/mail")
def index():
    folder = mail_dir()
    messages = []
    if folder is not None and folder.is_dir():
        files = sorted((p for p in folder.glob("*.eml") if p.is_file()),
                       key=lambda p: (p.stat().st_mtime, p.name), reverse=True)[:MAX_LIST]
        for path in files:
            try:
                messages.append(_headers(path))
            except (OSError, ValueError):
                continue
    return render_template("mail_list.html", messages=messages, folder=str(folder) if folder else None)


@bp.get("/mail/<name>")
def message(name: str):
    folder = mail_dir()
    if folder is None or not NAME.match(name):
        abort(404, description=_("There is no such message."))
    path = folder / name
    try:
        if path.resolve().parent != folder.resolve() or not path.is_file():
            abort(404, description=_("There is no such message."))
        with path.open("rb") as fh:
            msg = BytesParser(policy=policy.default).parse(fh)
    except OSError:
        abort(404, description=_("There is no such message."))
    body = msg.get_body(preferencelist=("plain", "html"))
    try:
        text = body.get_content() if body is not None else ""
    except (LookupError, ValueError):
        text = _("(this message's text cannot be decoded)")
    if body is not None and body.get_content_type() == "text/html":
        text = re.sub(r"<[^>]+>", " ", text)
    headers = [(k, str(msg.get(k))) for k in ("From", "To", "Subject", "Date", "Message-ID", "List-Unsubscribe")
               if msg.get(k)]
    return render_template("mail_message.html", name=name, headers=headers, text=text,
                           subject=str(msg.get("Subject") or _("(no subject)")))
