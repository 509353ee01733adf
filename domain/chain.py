"""The tamper-evident hash chain over a game's events.

hash = SHA-256 of the canonical JSON of {game, seq, type, prev, content}. Every event's content holds a
secret random `salt`, revealed only with the content itself, so a published hash never lets anyone
brute-force a low-entropy secret (a thumb, a bid, a card) by trying every possible value.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = "0" * 64


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def event_hash(game_id: str, seq: int, event_type: str, prev_hash: str, content: dict) -> str:
    body = {"game": game_id, "seq": seq, "type": event_type, "prev": prev_hash, "content": content}
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def state_hash(state: Any) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


class ChainError(ValueError):
    """A stored event does not fit the chain: its hash does not recompute, or it does not link to the
    event before it. Raised while loading; the service reports the game as damaged."""


def check_link(seq: int, head: str, prev_hash: str) -> None:
    """Event `seq` must name the hash of the event before it (`head`), or the chain is broken there."""
    if prev_hash != head:
        raise ChainError(f"event {seq} does not link to the event before it")
