"""Tokens never reach a log: the paths and queries that carry one are redacted before they are written.

* Paths: `/play/<seat or operator token or signed link>`, `/go/<signed sign-in link>`, `/u/<unsubscribe
  token>` keep their prefix and lose the rest (`/play/[redacted]`). The segment is found anywhere in the
  path, not only at its start: after extra slashes (`//play/<token>`, which werkzeug normalises or
  redirects), under the prefix of an app mounted below the site's root (SCRIPT_NAME: `/games/play/...`),
  in an absolute-form target (`http://host/play/...`), and percent-encoded (`/%70lay%2F<token>`).
* Queries: the value of any parameter named like a credential (`key`, `token`, `secret`, `signature`,
  `password`, `auth`...) becomes `[redacted]` (`/hooks/mail?key=...` is the inbound webhook's secret),
  and a token path in any parameter, its name or its value (`?next=/play/<token>`), is redacted as above.
* Headers: Authorization, Cookie and the webhook key header are never logged.

`RedactingLogger` is gunicorn's access logger with every atom that may carry a token redacted
(deploy/gunicorn.conf.py sets `logger_class` to it); ops.py binds the redacted path to the app's own log
lines."""
from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlencode

REDACTED = "[redacted]"
# the first token segment anywhere in a path (after any prefix or slashes), and all that follows it
TOKEN_PATHS = re.compile(r"^(.*?/(?:play|go|u)/)[^?#]*", re.IGNORECASE | re.DOTALL)
# the same in a query's names and values, where the path may also start without its slash (`next=play/...`)
TOKEN_IN_VALUE = re.compile(r"^((?:.*?/)?(?:play|go|u)/).*", re.IGNORECASE | re.DOTALL)
SECRET_PARAM = re.compile(r"(key|token|secret|sig|signature|password|passwd|auth|code|nonce)", re.IGNORECASE)
SECRET_HEADERS = ("authorization", "proxy-authorization", "cookie", "set-cookie", "x-tabularium-webhook-key")


TOKEN_IN_TEXT = re.compile(r"((?:/|%2F|(?<=[=?&]))(?:play|go|u)(?:/|%2F))[^\s?\"'#<>]+", re.IGNORECASE)
SECRET_PARAM_IN_TEXT = re.compile(r"([?&][^=&\s\"'#]*(?:key|token|secret|sig|password|passwd|auth|code|nonce)"
                                  r"[^=&\s\"'#]*=)[^&\s\"'#]+", re.IGNORECASE)


def redact_text(text: str) -> str:
    """Any log message (werkzeug's request lines in `tabularium serve`): token paths and credential parameters."""
    return SECRET_PARAM_IN_TEXT.sub(lambda m: m.group(1) + REDACTED,
                                    TOKEN_IN_TEXT.sub(lambda m: m.group(1) + REDACTED, text))


class RedactingFilter:
    """A logging filter that rewrites a record's message with `redact_text` (installed on the werkzeug logger
    by `tabularium serve`, whose development server logs each request line)."""

    def filter(self, record) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 — a broken record is logging's business, not ours
            return True
        redacted = redact_text(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


def _decoded(text: str) -> str:
    """Percent-decoding until nothing changes (a few rounds): what a router may finally see."""
    for _ in range(3):
        decoded = unquote(text)
        if decoded == text:
            break
        text = decoded
    return text


def redact_path(path: str | None) -> str:
    if not path:
        return path or ""
    redacted, found = TOKEN_PATHS.subn(lambda m: m.group(1) + REDACTED, path)
    if found or "%" not in path:
        return redacted
    decoded = _decoded(path)  # `/%70lay%2F<token>`: werkzeug decodes the path before it routes it
    redacted, found = TOKEN_PATHS.subn(lambda m: m.group(1) + REDACTED, decoded)
    return redacted if found else path


def _redact_value(value: str) -> str:
    redacted, found = TOKEN_IN_VALUE.subn(lambda m: m.group(1) + REDACTED, value)
    if found or "%" not in value:
        return redacted
    redacted, found = TOKEN_IN_VALUE.subn(lambda m: m.group(1) + REDACTED, _decoded(value))
    return redacted if found else value


def redact_query(query: str | None) -> str:
    if not query:
        return query or ""
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=False)
    except ValueError:
        return REDACTED
    if not pairs:
        return REDACTED if "=" in query else query
    return urlencode([(_redact_value(k), REDACTED if SECRET_PARAM.search(k) else _redact_value(v))
                      for k, v in pairs], safe="[]/")


def redact_target(target: str | None) -> str:
    """A request target (`/path?query`)."""
    if not target:
        return target or ""
    path, sep, query = target.partition("?")
    return redact_path(path) + (sep + redact_query(query) if sep else "")


def redact_request_line(line: str | None) -> str:
    """`GET /play/abc?x=1 HTTP/1.1` -> `GET /play/[redacted]?x=1 HTTP/1.1`."""
    if not line:
        return line or ""
    parts = line.split(" ")
    if len(parts) >= 2:
        parts[1] = redact_target(parts[1])
        return " ".join(parts)
    return redact_target(line)


try:
    from gunicorn.glogging import Logger as _GunicornLogger
except ImportError:  # gunicorn is only installed where it serves
    _GunicornLogger = object  # type: ignore[assignment,misc]


class RedactingLogger(_GunicornLogger):  # type: ignore[misc,valid-type]
    """gunicorn's logger whose access-log atoms carry no token: `%(U)s`, `%(q)s`, `%(r)s`, `%(f)s` and
    the `{header}i` atoms of credentials are redacted, whatever access_log_format asks for."""

    def atoms(self, resp, req, environ, request_time):  # noqa: D102 — gunicorn's signature
        atoms = super().atoms(resp, req, environ, request_time)
        return redact_atoms(atoms)


def redact_atoms(atoms: dict) -> dict:
    atoms = dict(atoms)
    if "U" in atoms:
        atoms["U"] = redact_path(atoms["U"])
    if "q" in atoms:
        atoms["q"] = redact_query(atoms["q"])
    if "r" in atoms:
        atoms["r"] = redact_request_line(atoms["r"])
    if "f" in atoms:  # the referer: a page opened from a /play/ link
        atoms["f"] = redact_referer(atoms["f"])
    for key in list(atoms):
        if not (isinstance(key, str) and key.startswith("{") and key[-2:] in ("}i", "}o", "}e")):
            continue
        name, kind = key[1:-2].lower(), key[-1]
        if kind == "e":  # environ: HTTP_AUTHORIZATION, RAW_URI, PATH_INFO, QUERY_STRING...
            name = name[5:].replace("_", "-") if name.startswith("http_") else name
            if name in ("raw_uri", "request_uri"):
                atoms[key] = redact_target(atoms[key])
                continue
            if name == "path_info":
                atoms[key] = redact_path(atoms[key])
                continue
            if name == "query_string":
                atoms[key] = redact_query(atoms[key])
                continue
        if name in SECRET_HEADERS:
            atoms[key] = REDACTED
        elif name in ("referer", "location", "content-location"):
            atoms[key] = redact_referer(atoms[key])
    return atoms


def redact_referer(url: str | None) -> str:
    if not url or url == "-":
        return url or ""
    m = re.match(r"^([a-z][a-z0-9+.-]*://[^/]*)(.*)$", url, re.IGNORECASE)
    if m:
        return m.group(1) + redact_target(m.group(2))
    return redact_target(url)
