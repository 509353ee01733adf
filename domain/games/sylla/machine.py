"""The flow as a small state machine: named states (in rulebook order) registered by the phase modules.

Each named state knows who owes a decision (`legal`: seat -> choice ids), how to word it (`label`,
`text`), what a choice does (`act`, which mutates a fresh copy of the state) and, for automatic steps,
what happens on arrival (`enter`). `goto` moves to another named state; automatic states chain on.
"""
from __future__ import annotations

from random import Random
from typing import Any

STATES: dict[str, Step] = {}


class Step:
    """One named state. Subclasses override what they need."""

    name = ""
    short = ""            # part of prompt ids
    kind = ""             # the decision's name (spec section 13)
    waiting = ""          # "to bid for First Consul": the web page and reminders reuse it
    secret = False        # sealed simultaneous decision
    # Whether "only one legal choice" follows from public information alone (face-up cards, cubes,
    # slots), so the platform may play a single-choice prompt at once. False (the default, the safe
    # side) when the choices depend on a secret (the seat's denarii): then the seat is asked.
    forced_public = False

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        """Arriving in this state (automatic work happens here)."""

    def legal(self, s: dict, D: Any) -> dict[str, list[str]]:
        return {}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return cid

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        """What the labels depend on besides the choice ids (None: do not cache the labels)."""
        return None

    def text(self, s: dict, D: Any, seat: str) -> str:
        return self.waiting

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        raise NotImplementedError

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return ids[0]

    def waiting_text(self, s: dict, D: Any) -> str:
        return self.waiting


def state(cls: type[Step]) -> type[Step]:
    """Class decorator: register a named state."""
    STATES[cls.name] = cls()
    return cls


def goto(s: dict, D: Any, name: str, rng: Random) -> None:
    s["phase"] = name
    STATES[name].enter(s, D, rng)
