"""Short scoped tokens for e-mail: reply plus-addresses, unsubscribe links, and sign-in links.

* A reply token names one (game, seat, prompt): `play+<token>@domain`. It is 20 characters of
  lowercase base32 HMAC (100 bits, key = the secret key): short enough for the 64-octet local part,
  immune to MTAs that fold case (tech brief pitfall 17). The token is stored with what it names, and
  re-verified against the HMAC and the seat's current token fingerprint when used, so replacing a
  seat or rotating its link revokes every outstanding reply address of that seat.
* Unsubscribe tokens are the same shape with purpose "unsub" (the prompt is empty).
* Sign-in links in e-mails are itsdangerous-signed {game, seat, fingerprint} (salted per purpose,
  60 days); the mail hook exchanges them for a browser session.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import threading
import time
from collections import OrderedDict
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

from notifications.outbox import ensure_schema

TOKEN_LEN = 20
_stored: OrderedDict[tuple, None] = OrderedDict()   # tokens this process already stored (rows never change)
_stored_lock = threading.Lock()
SIGNIN_MAX_AGE = 60 * 24 * 3600
REPLY, UNSUB = "reply", "unsub"


def fingerprint(game: Any, seat: str) -> str:
    return (game.token_hashes.get(seat) or "")[:16]


def _mac(secret: str, *parts: str) -> str:
    digest = hmac.new(secret.encode(), "|".join(parts).encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:TOKEN_LEN]


def issue(svc: Any, purpose: str, game: Any, seat: str, prompt_id: str = "",
          pending: list | None = None) -> str:
    """Deterministic for its scope (a re-rendered e-mail carries the same address); stored for lookup.

    With `pending`, the row is appended there instead of written now: delivery stores it in the same
    transaction that marks the e-mail sent (the address cannot be used before the e-mail exists)."""
    fp = fingerprint(game, seat)
    token = _mac(svc.settings.secret_key, purpose, str(game.id), seat, prompt_id, fp)
    if (svc.store.db.uid, token) in _stored:
        return token
    row = (token, purpose, str(game.id), seat, prompt_id, fp, time.time())
    if pending is not None:
        pending.append(row)
        return token
    ensure_schema(svc.store)
    with svc.store.db.transaction() as cur:
        store_rows(svc, cur, [row])
    return token


def store_rows(svc: Any, cur: Any, rows: list) -> None:
    for row in rows:
        cur.execute("INSERT INTO tabularium_mail_tokens (token, purpose, game_id, seat, prompt_id, fingerprint,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (token) DO NOTHING", row)
    with _stored_lock:
        for row in rows:
            _stored[(svc.store.db.uid, row[0])] = None
        while len(_stored) > 10_000:
            _stored.popitem(last=False)


def lookup(svc: Any, token: str) -> dict | None:
    """The token's scope if it is genuine; `current` says whether the seat still holds the same link."""
    token = (token or "").lower()
    if len(token) != TOKEN_LEN:
        return None
    ensure_schema(svc.store)
    rows = svc.store.db.query("SELECT * FROM tabularium_mail_tokens WHERE token=?", (token,))
    if not rows:
        return None
    row = rows[0]
    keys = getattr(svc.settings, "secret_keys", [svc.settings.secret_key])
    genuine = any(hmac.compare_digest(_mac(key, row["purpose"], row["game_id"], row["seat"], row["prompt_id"],
                                           row["fingerprint"]), token) for key in keys)
    return row if genuine else None


def reply_address(settings: Any, token: str) -> str:
    local, _, domain = settings.inbound_address.partition("@")
    return f"{local}+{token}@{domain or 'localhost'}"


class _FixedTimeSerializer(URLSafeTimedSerializer):
    """Signs with a given issue time, so a re-sent e-mail is byte-for-byte the same message."""

    def __init__(self, *args: Any, issued_at: float | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.issued_at = issued_at

    def make_signer(self, salt: Any = None) -> Any:
        signer = super().make_signer(salt)
        if self.issued_at is not None:
            signer.get_timestamp = lambda: int(self.issued_at)  # type: ignore[method-assign]
        return signer


def _signer(settings: Any, issued_at: float | None = None) -> URLSafeTimedSerializer:
    keys = getattr(settings, "secret_keys", [settings.secret_key])  # signs with the last, checks with all
    return _FixedTimeSerializer(keys, salt="tabularium-mail-signin", issued_at=issued_at)


def signin_token(settings: Any, game: Any, seat: str, issued_at: float | None = None) -> str:
    return _signer(settings, issued_at).dumps({"g": str(game.id), "s": seat, "f": fingerprint(game, seat)})


def read_signin(settings: Any, token: str, max_age: int = SIGNIN_MAX_AGE) -> dict | None:
    try:
        data = _signer(settings).loads(token, max_age=max_age)
    except BadSignature:  # includes SignatureExpired
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("g", "s", "f")):
        return None
    return data
