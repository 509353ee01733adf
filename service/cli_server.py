"""`tabularium serve [--host H] [--port P]`: the web app (and, in the embedded mode, the in-process
workers when `workers.embedded` is there). Production runs `gunicorn -w N service.web.wsgi:app` instead."""
from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

from domain.i18n import _
from service.cli import command, say, text
from service.config import ConfigurationError, Settings

if TYPE_CHECKING:
    from service.games import GameService


def start_embedded_workers(service: GameService) -> bool:
    """`workers.embedded.start(service)` (the e-mail side's outbox pump and scheduler), when it exists."""
    try:
        module = importlib.import_module("workers.embedded")
    except ModuleNotFoundError as exc:
        if exc.name not in ("workers.embedded", "workers"):
            raise
        return False
    start = getattr(module, "start", None)
    if start is None:
        return False
    start(service)
    return True


@command("serve", lambda p: (p.add_argument("--host", default="127.0.0.1"),
         p.add_argument("--port", type=int, default=8000)))
def cmd_serve(args) -> int:
    """Serve the web pages and the JSON API."""
    from werkzeug.serving import run_simple

    from service.composition import build
    from service.web import create_app

    from service import logs

    logs.configure()
    try:
        settings = Settings.from_env().check(serving=True, binds=[args.host])
    except ConfigurationError as exc:
        print(text(_("error: %(problem)s", problem=exc.args[0] if exc.args else str(exc))), file=sys.stderr)
        return 2
    service = build(settings).games
    if settings.embedded:
        if start_embedded_workers(service):
            say(_("embedded workers started (outbox pump, reminders, deadlines)"))
    else:
        say(_("production mode: run the workers separately; for real traffic use gunicorn service.web.wsgi:app"))
    app = create_app(settings, service)
    import logging

    from service.web.redact import RedactingFilter

    logging.getLogger("werkzeug").addFilter(RedactingFilter())  # its request lines hold /play/<token>
    root = f"http://{args.host}:{args.port}/"
    say(_("Tabularium on %(url)s  (base URL for links: %(base_url)s)", url=root, base_url=settings.base_url))
    if settings.embedded:
        print("  " + text(_("e-mails are written to %(mail_url)s and shown at %(url)s", mail_url=settings.mail_url,
                            url=root + "mail")))
    run_simple(args.host, args.port, app, threaded=True, use_reloader=False, use_debugger=False)
    return 0
