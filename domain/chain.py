"""The tamper-evident hash chain over a game's events.

hash = SHA-256 of the canonical JSON of {game, seq, type, prev, content}. Every event's content holds a
secret random `salt`, revealed only with the content itself, so a published hash never lets anyone
brute-force a low-entropy secret (a thumb, a bid, a card) by trying every possible value.

Two kinds of salt (see `is_private_event`):
  * a public event's salt derives from the game's secret seed (domain.game.salt_for). It must stay secret
    only until the event's content is shown to everyone, at the latest when the game ends and reveals the
    seed; the audit then checks that it derives from the seed.
  * a private event's salt (a standing order, a message to some seats) is fresh randomness drawn by the
    service for that command (128 bits) and handed to the aggregate, which records it in the content.
    Such an event is withheld from the other seats' copies for good, while its hash stays published and
    the seed is revealed at the end: a seed-derived salt would then let any seat recover a guessable
    content (an order's kind, choice and time; a "yes") by trying candidates against the hash. The audit
    accepts any salt on a private event (games recorded before this rule have seed-derived ones).
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


# Events private to some seats whatever the content: a seat's standing orders being set or cancelled.
PRIVATE_KINDS = frozenset({"StandingOrderSet", "StandingOrderCancelled"})


def is_private_event(kind: str, content: Any) -> bool:
    """Whether the event is withheld from some seat for good (service.views.may_see_event says from whom):
    a standing order set or cancelled, or a message not addressed to "all". Its salt is then fresh
    randomness, never derived from the seed."""
    if kind in PRIVATE_KINDS:
        return True
    return kind == "MessagePosted" and isinstance(content, dict) and content.get("to") != "all"


def state_hash(state: Any) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


class ChainError(ValueError):
    """A stored event does not fit the chain: its hash does not recompute, or it does not link to the
    event before it. Raised while loading; the service reports the game as damaged."""


def check_link(seq: int, head: str, prev_hash: str) -> None:
    """Event `seq` must name the hash of the event before it (`head`), or the chain is broken there."""
    if prev_hash != head:
        raise ChainError(f"event {seq} does not link to the event before it")
