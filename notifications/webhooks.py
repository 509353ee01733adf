"""A seat's own outbound web hook: "it is your turn" and "the game is over", posted as JSON to a chat
channel (Discord, Slack, Matrix bridges) or a push service (ntfy).

* The URL is a secret (whoever has it can post to the channel): it lives in `tabularium_webhooks`, never
  in the event log or an export, and is shown back only masked (`mask`).
* URL rules (`check_url`): https, at most 500 characters, no credentials, and a host that resolves only
  to public addresses; an IPv6 address that wraps an IPv4 one (IPv4-mapped or -compatible, 6to4,
  Teredo, NAT64 64:ff9b::/96) counts as public only if the wrapped address is. The host is resolved again at send time and the connection goes to the address
  just checked (`post_json` pins it), so DNS rebinding to a private address fails.
  `TABULARIUM_WEBHOOK_ALLOW_PRIVATE=1` (tests, a private deployment) allows http and private addresses.
* Rows (`webhook_your_turn`, `webhook_finished`) are planned next to the e-mail rows (notifications.plan)
  and composed at send time (`compose`) from what the seat may see, like the e-mails. A channel is
  shared, so a payload never carries a seat token, a magic link, a choice or the prompt's sentence:
  only whose turn it is in which game, and a link to the game page, which needs the player's own login.
* The sentences (the notices, the URL rules' refusals, the test's result) are translatable messages
  (domain.i18n); a notice is rendered in the seat's language (`compose.recipient_language`).
"""
from __future__ import annotations

import http.client
import ipaddress
import json
import re
import os
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import locales
from domain.i18n import Message, _, n_
from domain.narration import and_list
from domain.rules import seat_name
from notifications.transport import PermanentError, TransientError

MAX_URL = 500
TIMEOUT = 10.0
TEST_TIMEOUT = 5.0
KINDS = {"your_turn": "webhook_your_turn", "finished": "webhook_finished"}
PREFIX = "webhook_"
ALLOW_PRIVATE_ENV = "TABULARIUM_WEBHOOK_ALLOW_PRIVATE"


class WebhookUrlError(ValueError):
    """A URL we refuse to store or post to; `args[0]` is a sentence for the player (a Message)."""


class UnknownHost(WebhookUrlError):
    """The host does not resolve (now): refused when set, retried when sending (DNS outages heal)."""


def allow_private() -> bool:
    return os.environ.get(ALLOW_PRIVATE_ENV, "").strip().lower() in ("1", "yes", "true", "on")


# ------------------------------------------------------------------------------------- URL rules

@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect (a pinned address) and what to ask for."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def check_url(url: str, private_ok: bool | None = None) -> Target:
    """The URL's form and its host's addresses; raises WebhookUrlError with a sentence."""
    private_ok = allow_private() if private_ok is None else private_ok
    scheme, host, port, path = parse_url(url, private_ok)
    return Target(scheme, host, port, path, public_address(host, port, private_ok))


def parse_url(url: str, private_ok: bool = False) -> tuple[str, str, int, str]:
    """(scheme, host, port, path with query): the pure part of the rules, no network."""
    if not isinstance(url, str) or not url.strip():
        raise WebhookUrlError(_("Paste the web hook address your chat app or push service gave you."))
    url = url.strip()
    if len(url) > MAX_URL:
        raise WebhookUrlError(_("That web hook address is too long (at most %(max)d characters).", max=MAX_URL))
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise WebhookUrlError(_("A web hook address cannot contain spaces or control characters."))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise WebhookUrlError(_("That is not a valid web address.")) from None
    allowed = ("https", "http") if private_ok else ("https",)
    if parts.scheme.lower() not in allowed:
        raise WebhookUrlError(_("The web hook address must start with https://."))
    if "@" in parts.netloc:
        raise WebhookUrlError(_("The web hook address must not contain a user name or password."))
    if not parts.hostname:
        raise WebhookUrlError(_("The web hook address has no host name."))
    scheme = parts.scheme.lower()
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, parts.hostname, port or (443 if scheme == "https" else 80), path


def resolve(host: str, port: int) -> list[str]:
    """Every address the host resolves to (tests replace this function: no network in unit tests)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [info[4][0].split("%")[0] for info in infos]


def public_address(host: str, port: int, private_ok: bool = False) -> str:
    """The first address of `host`, after checking that every one of them is public."""
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError):
        raise UnknownHost(_("The host %(host)s cannot be found.", host=host[:80])) from None
    if not addresses:
        raise UnknownHost(_("The host %(host)s cannot be found.", host=host[:80]))
    if not private_ok:
        for address in addresses:
            if not is_public(address):
                raise WebhookUrlError(_("The host %(host)s is on a private or reserved network "
                                        "(only public addresses are allowed).", host=host[:80]))
    return addresses[0]


# IPv6 forms that carry an IPv4 address a router or gateway will deliver to: the wrapped address must be
# public too, or 2002:7f00:1:: (6to4 around 127.0.0.1) reaches the loopback or a metadata service.
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")            # RFC 6052 well-known prefix: public IPv4 only
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")         # deprecated ::a.b.c.d


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """Every IPv4 address wrapped in `ip`: IPv4-mapped, IPv4-compatible, 6to4, Teredo (server and
    client) and NAT64."""
    wrapped = [ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())]
    if ip in NAT64 or ip in IPV4_COMPATIBLE:
        wrapped.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return [v4 for v4 in wrapped if v4 is not None]


def is_public(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv4Address):
        return _global(ip)
    inner = embedded_ipv4(ip)
    if not all(_global(v4) for v4 in inner):
        return False
    if ip.ipv4_mapped is not None or (ip in NAT64 and inner):
        return True  # the connection goes to that public IPv4 (NAT64: through the site's gateway)
    return _global(ip)


def _global(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_global and not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast
                                 or ip.is_reserved or ip.is_unspecified)


def mask(url: str) -> str:
    """The host and the last four characters: enough to recognise a hook, not enough to use it."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "?"
        scheme = parts.scheme or "https"
    except ValueError:
        host, scheme = "?", "https"
    return f"{scheme}://{host}/…{url[-4:]}"


# ------------------------------------------------------------------------------------- storage

def set_hook(store: Any, game_id: str, seat: str, url: str) -> None:
    from notifications.outbox import ensure_schema

    ensure_schema(store)
    store.db.execute("INSERT INTO tabularium_webhooks (game_id, seat, url, created_at) VALUES (?, ?, ?, ?)"
                     " ON CONFLICT (game_id, seat) DO UPDATE SET url=excluded.url, created_at=excluded.created_at",
                     (str(game_id), seat, url.strip(), time.time()))


def remove_hook(store: Any, game_id: str, seat: str) -> bool:
    from notifications.outbox import ensure_schema

    ensure_schema(store)
    return store.db.execute("DELETE FROM tabularium_webhooks WHERE game_id=? AND seat=?", (str(game_id), seat)) > 0


def hooks_of(store: Any, game_id: str) -> dict[str, str]:
    """seat → URL for one game (one query: the pump calls it once per game per batch)."""
    from notifications.outbox import ensure_schema

    ensure_schema(store)
    rows = store.db.query("SELECT seat, url FROM tabularium_webhooks WHERE game_id=?", (str(game_id),))
    return {r["seat"]: r["url"] for r in rows}


def hook_for(store: Any, game_id: str, seat: str) -> str | None:
    return hooks_of(store, game_id).get(seat)


# ------------------------------------------------------------------------------------- payloads

class Skip(Exception):
    """This row must not be posted (no hook any more, the prompt moved on)."""


def compose(svc: Any, row: dict) -> tuple[str, dict]:
    """(URL, payload) for one webhook row, from the game as it is now (a decision already made: skipped)."""
    gid, seat, kind = row["game_id"], row["seat"], row["kind"]
    url = hook_for(svc.store, gid, seat)
    if not url:
        raise Skip("the seat has no web hook any more")
    game = svc.get(gid)
    if kind == KINDS["your_turn"]:
        prompt = game.prompt_for(seat)
        if prompt is None or prompt.id != row["params"].get("prompt_id"):
            raise Skip("the decision was made: the notice is obsolete")
        return url, payload(svc, game, seat, kind, your_turn_line(game, seat))
    if kind == KINDS["finished"]:
        return url, payload(svc, game, seat, kind, finished_line(game, seat, bool(row["params"].get("abandoned"))))
    raise Skip(f"unknown kind {kind!r}")


def seat_label(game: Any, seat: str) -> Message:
    names = {s["seat"]: s["name"] for s in game.seats}
    return _("%(seat)s (%(name)s)", seat=seat_name(seat), name=names.get(seat, seat))


def your_turn_line(game: Any, seat: str) -> Message:
    """Only who and which game. Not the prompt's sentence: a title may word it with the seat's own
    private facts (a hand, a purse), and a channel is shared with the other players."""
    return _("%(title)s: your turn, %(seat)s.", title=game.rules.title, seat=seat_label(game, seat))


def finished_line(game: Any, seat: str, abandoned: bool) -> Message:
    if abandoned or not game.outcome:
        return _("%(title)s: the game was abandoned, %(seat)s.", title=game.rules.title, seat=seat_label(game, seat))
    winners = game.outcome.get("winners", [])
    if not winners:
        return _("%(title)s: the game is over, %(seat)s — nobody wins.", title=game.rules.title,
                 seat=seat_label(game, seat))
    return n_("%(title)s: the game is over, %(seat)s — %(winners)s wins.",
              "%(title)s: the game is over, %(seat)s — %(winners)s win.", len(winners), title=game.rules.title,
              seat=seat_label(game, seat), winners=and_list([seat_label(game, w) for w in winners]))


def trial_line(game: Any, seat: str) -> Message:
    return _("%(title)s: test message for %(seat)s — this is where your turns will be announced.",
             title=game.rules.title, seat=seat_label(game, seat))


def game_link(svc: Any, game_id: str, seat: str) -> str:
    """The game page, which asks for the player's own login: never a token or a magic link."""
    return f"{svc.settings.base_url}/games/{game_id}?seat={seat}"


def payload(svc: Any, game: Any, seat: str, kind: str, line: str) -> dict:
    """The JSON posted: the notice in the seat's language, then the link to the game page."""
    from notifications.compose import language_of

    language = language_of(svc, str(game.id), seat, game)
    link = game_link(svc, str(game.id), seat)
    sentence = neutralise(f"{locales.render(line, language)} {link}")
    return {"text": sentence, "content": sentence, "game_id": str(game.id), "seat": seat, "kind": kind,
            "title": locales.render(game.rules.title, language), "url": link,
            # Discord: a player named "@everyone" must not ping the whole server.
            "allowed_mentions": {"parse": []}}


def neutralise(sentence: str) -> str:
    """Slack reads <!channel> and <@U123> as mentions: names and prompts are plain text here."""
    return sentence.replace("<", "‹").replace(">", "›")


# ------------------------------------------------------------------------------------- transport

MAX_RETRY_AFTER = 86400


def post_json(url: str, body: dict, timeout: float | None = None) -> int:
    """POST once, no redirects followed. Returns the 2xx status; raises TransientError (429, 5xx, timeouts,
    connection errors: retry later) or PermanentError (any other answer, or a URL we refuse)."""
    try:
        target = check_url(url)
    except UnknownHost as exc:
        raise TransientError(str(exc)) from exc  # a DNS outage heals: the row retries with the backoff
    except WebhookUrlError as exc:
        raise PermanentError(str(exc)) from exc
    path, body = ntfy_request(target, body) if is_ntfy(target) else (target.path, body)
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    headers = {"Content-Type": "application/json", "User-Agent": "Tabularium", "Content-Length": str(len(data))}
    conn = _connection(target, TIMEOUT if timeout is None else timeout)
    try:
        conn.request("POST", path, body=data, headers=headers)
        response = conn.getresponse()
        detail = response.read(300).decode("utf-8", "replace").strip()
        status = response.status
        retry_after = response.getheader("Retry-After")
    except (OSError, http.client.HTTPException) as exc:
        raise TransientError(f"{type(exc).__name__}: {exc}"[:300]) from exc
    finally:
        conn.close()
    return classify(status, detail, retry_after)


NTFY_TOPIC = re.compile(r"/([-_A-Za-z0-9]{1,64})")


def is_ntfy(target: Target) -> bool:
    """ntfy (ntfy.sh, or a server whose name starts with "ntfy.") shows a JSON body posted to a topic as
    raw text; a topic URL with anything beyond the topic is posted as it is."""
    named = target.host == "ntfy.sh" or target.host.startswith("ntfy.")
    return named and NTFY_TOPIC.fullmatch(target.path) is not None


def ntfy_request(target: Target, body: dict) -> tuple[str, dict]:
    """ntfy's JSON publishing: posted to the server's root with the topic inside, all UTF-8 (its header
    fields, Title and Click, would have to be Latin-1)."""
    topic = NTFY_TOPIC.fullmatch(target.path).group(1)
    return "/", {"topic": topic, "title": body.get("title", "Tabularium"), "message": body.get("text", ""),
                 "click": body.get("url", ""), "tags": ["game_die"]}


class RetryLater(TransientError):
    """The receiver said when to come back (`Retry-After` on a 429 or 503): the row waits at least that."""

    def __init__(self, summary: str, after: float):
        super().__init__(summary)
        self.after = after


def classify(status: int, detail: str = "", retry_after: str | None = None) -> int:
    summary = f"HTTP {status}" + (f": {' '.join(detail.split())[:200]}" if detail else "")
    if 200 <= status < 300:
        return status
    if status == 429 or status >= 500:
        after = retry_after_seconds(retry_after)
        raise RetryLater(summary, after) if after else TransientError(summary)
    raise PermanentError(summary)  # 3xx (we follow no redirect) and 4xx: the URL is wrong


def retry_after_seconds(value: str | None) -> float | None:
    """`Retry-After` in seconds (the HTTP-date form is rare for hooks and read as absent), at most a day."""
    if value is None or not value.strip().isdigit():
        return None
    return float(min(int(value.strip()), MAX_RETRY_AFTER))


def _connection(target: Target, timeout: float) -> http.client.HTTPConnection:
    """Connect to the address just checked, while Host and TLS (SNI, certificate) use the host name:
    a second DNS answer can no longer send us elsewhere."""
    cls = http.client.HTTPSConnection if target.scheme == "https" else http.client.HTTPConnection
    conn = cls(target.host, target.port, timeout=timeout)

    def pinned(address: tuple, timeout: Any = None, source_address: Any = None) -> socket.socket:
        return socket.create_connection((target.address, address[1]), timeout, source_address)

    conn._create_connection = pinned  # type: ignore[attr-defined]  # http.client's own hook for this
    return conn


def send_test(svc: Any, game: Any, seat: str, url: str) -> Message:
    """One synchronous POST, no outbox row: a sentence saying what happened, for the page (the web
    renders it in the reader's language)."""
    body = payload(svc, game, seat, "webhook_test", trial_line(game, seat))
    try:
        status = post_json(url, body, timeout=TEST_TIMEOUT)
    except (TransientError, PermanentError) as exc:
        return _("The test message was not accepted: %(error)s", error=_failure(exc))
    return _("The test message was accepted (HTTP %(status)s).", status=status)


def _failure(exc: Exception) -> Any:
    """Why a post failed: the URL rule's own sentence (a Message) when that was it, else the receiver's
    answer or the connection error as it came (not ours to translate)."""
    cause = exc.__cause__
    if isinstance(cause, WebhookUrlError) and cause.args and isinstance(cause.args[0], Message):
        return cause.args[0]
    return str(exc)


__all__ = ["check_url", "parse_url", "resolve", "public_address", "is_public", "mask", "set_hook", "remove_hook",
           "hooks_of", "hook_for", "compose", "post_json", "send_test", "WebhookUrlError", "UnknownHost", "Skip", "KINDS"]
