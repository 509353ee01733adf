"""Signed one-time magic links (`/play/m.<signed>`), for e-mails that should not carry the seat token.

A signed link names a game, a seat and the fingerprint of the seat's token hash when it was issued (so a
rotated token voids it), carries a random nonce (recorded when used: one time only), and expires after
`max_age` seconds. It is signed with the server's secret key (itsdangerous, salt "tabularium-magic-link";
a list of keys, newest last, allows rotation). The plain seat-token link `/play/<token>` keeps working
until the token is rotated.
"""
from __future__ import annotations

import secrets
import time
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from domain.i18n import _
from service.store import NONCE_TABLE

PREFIX = "m."
SALT = "tabularium-magic-link"


class LinkRefused(Exception):
    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


def _serializer(secret_keys: str | list[str]) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_keys if isinstance(secret_keys, list) else [secret_keys], salt=SALT)


def make_magic_token(secret_key: str | list[str], game_id: str, seat: str, token_hash: str) -> str:
    """A signed link token for `/play/<it>`; `token_hash` is the seat's current token hash."""
    payload = {"g": str(game_id), "s": seat, "f": token_hash[:16], "n": secrets.token_urlsafe(12)}
    return PREFIX + _serializer(secret_key).dumps(payload)


def is_signed(token: str) -> bool:
    return token.startswith(PREFIX)


def read_magic_token(secret_key: str | list[str], token: str, max_age: int) -> dict[str, Any]:
    try:
        data = _serializer(secret_key).loads(token[len(PREFIX):], max_age=max_age)
    except SignatureExpired:
        raise LinkRefused(410, _("This link has expired: use the link in a newer e-mail, or ask for a new one.")) from None
    except BadSignature:
        raise LinkRefused(404, _("This link is not valid.")) from None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("g", "s", "f", "n")):
        raise LinkRefused(404, _("This link is not valid."))
    return data


def ensure_table(db: Any) -> None:
    for attempt in range(5):
        try:
            db.execute(NONCE_TABLE)
            return
        except Exception:  # two processes creating it at once on PostgreSQL: try again
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))


def consume_nonce(db: Any, data: dict, now: str) -> bool:
    """Record the nonce; False when it was used before."""
    ensure_table(db)
    with db.transaction() as cur:
        if cur.execute("SELECT nonce FROM tabularium_web_nonces WHERE nonce=?", (data["n"],)).fetchone():
            return False
        cur.execute("INSERT INTO tabularium_web_nonces (nonce, game_id, seat, used_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (nonce) DO NOTHING", (data["n"], data["g"], data["s"], now))
        return cur.rowcount == 1
