"""The sample nginx site must not undo the inbound webhook's promise (issue #11, item 1): a message too big
to read is dropped with a 200, but the site's `client_max_body_size 1m` answered 413 for anything over
1 MB before the app saw it, so the provider retried it for days."""
from __future__ import annotations

import re
from pathlib import Path

from service.web.mailhooks import WEBHOOK_MAX_BYTES

CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "tabularium.conf"
UNITS = {"": 1, "k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}


def location(text: str, pattern: str) -> str | None:
    m = re.search(r"location\s+" + pattern + r"\s*\{(.*?)\n    \}", text, re.S)
    return m.group(1) if m else None


def size(value: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([kmg]?)", value.strip().lower()).groups()
    return int(number) * UNITS[unit]


def test_the_inbound_webhook_gets_past_nginx_up_to_the_apps_own_limit():
    text = CONF.read_text()
    hook = location(text, r"=\s*/hooks/mail")
    assert hook is not None, "no location for /hooks/mail: the server-wide body limit applies"
    limit = re.search(r"client_max_body_size\s+(\w+);", hook)
    assert limit and size(limit.group(1)) > WEBHOOK_MAX_BYTES
    assert "proxy_pass http://tabularium_web;" in hook
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in hook  # the same proxy headers as location /
