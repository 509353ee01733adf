"""WSGI entry for production: `gunicorn -w 2 service.web.wsgi:app` (no --preload: the database pools
must be created in each worker after fork; tech-brief pitfall 10).

The settings are checked as for a real server (`serving=True`): an embedded mode is refused unless its base
URL is loopback; deploy/gunicorn.conf.py also refuses binds beyond loopback in the embedded mode. gunicorn
started without that file (`gunicorn -b 0.0.0.0:8000 service.web.wsgi:app`) never tells the app its bind,
so in the embedded mode the app itself answers only this machine (`local_only`): a request from another
address, or forwarded by a proxy for one, gets a 403 instead of /mail's sign-in links."""
from service import logs
from service.composition import build
from service.config import Settings, is_loopback_host
from service.web import create_app

FORWARDING_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_FORWARDED")
REFUSED = (b"This Tabularium server runs in the embedded mode, which only answers this machine. "
           b"Set TABULARIUM_MODE=production for a server others reach (docs/operations.md, Security model).\n")


def _forwarded_for(environ) -> list[str]:
    """Every client address a proxy named (X-Forwarded-For, X-Real-IP, Forwarded: for=...)."""
    found = []
    for name in FORWARDING_HEADERS:
        for item in (environ.get(name) or "").split(","):
            for part in item.split(";"):
                part = part.strip()
                if name == "HTTP_FORWARDED":
                    if not part.lower().startswith("for="):
                        continue
                    part = part[4:].strip('"')
                    part = part.rsplit(":", 1)[0] if part.count(":") == 1 or part.startswith("[") else part
                if part:
                    found.append(part)
    return found


def local_only(wsgi_app):
    """The embedded mode's guard: the socket peer (an empty address is a unix socket) and every address a
    proxy forwarded must be loopback."""
    def guarded(environ, start_response):
        peer = environ.get("REMOTE_ADDR") or ""
        addresses = ([peer] if peer else []) + _forwarded_for(environ)
        if not all(is_loopback_host(address) for address in addresses):
            start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8"),
                                             ("Content-Length", str(len(REFUSED)))])
            return [REFUSED]
        return wsgi_app(environ, start_response)
    return guarded


logs.configure()  # one JSON object per line, with game_id and seat when known
settings = Settings.from_env().check(serving=True)
app = create_app(settings, build(settings).games)  # the composition root, as the CLI and the workers
if settings.embedded:
    app.wsgi_app = local_only(app.wsgi_app)
