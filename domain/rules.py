"""The rules protocol every title implements (ARCHITECTURE.md section 2).

State is plain JSON-compatible data (dicts, lists, str, int, float, bool, None).
`apply` must not mutate the state it is given: the platform keeps `before` for `describe`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any, Mapping, Protocol, Sequence

State = dict[str, Any]


class IllegalAction(Exception):
    """A submitted choice that the rules refuse; `reason` is a sentence for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Choice:
    id: str
    label: str


@dataclass(frozen=True)
class Prompt:
    """A decision owed by one seat. Its `id` changes whenever the decision it stands for changes."""

    seat: str
    id: str
    kind: str
    text: str
    choices: tuple[Choice, ...]
    secret: bool = False

    def choice_ids(self) -> list[str]:
        return [c.id for c in self.choices]

    def find(self, choice_id: str) -> Choice | None:
        return next((c for c in self.choices if c.id == choice_id), None)


@dataclass(frozen=True)
class Outcome:
    """Final result: a score per seat and the winners (several when tied winners share victory)."""

    scores: Mapping[str, int]
    winners: tuple[str, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"scores": dict(self.scores), "winners": list(self.winners), "details": dict(self.details)}

    @classmethod
    def from_json(cls, data: Mapping) -> "Outcome":
        return cls(dict(data["scores"]), tuple(data["winners"]), dict(data.get("details", {})))


class Rules(Protocol):
    id: str
    title: str
    version: str
    min_players: int
    max_players: int

    def setup(self, seats: Sequence[str], options: Mapping, rng: Random) -> State: ...

    def prompts(self, state: State) -> list[Prompt]: ...

    def apply(self, state: State, seat: str, choice: str, rng: Random) -> State: ...

    def view(self, state: State, seat: str | None) -> dict: ...

    def default_choice(self, state: State, seat: str) -> str: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def describe(self, before: State, seat: str, choice: str, after: State, viewer: str | None) -> list[str]: ...

    # Optional: `option_defaults() -> dict` lists the options a game accepts, with their defaults;
    # `check_invariants(state) -> None` raises AssertionError when the state is impossible;
    # `forced_choice_is_public(state, prompt) -> bool`, see below.


def forced_choice_is_public(rules: Rules, state: State, prompt: Prompt) -> bool:
    """May the platform play a prompt with a single choice by itself, at once?

    A forced move is recorded at the same instant as the event that caused it, so everybody can tell
    it was forced. That is harmless only when "this seat has a single legal choice" follows from what
    every other seat sees (face-up cards, public counts); when it follows from the seat's secret
    information (its money, a hidden hand) the seat must be asked, with the single choice, like any
    other decision. The title answers through its optional method
    `forced_choice_is_public(state, prompt) -> bool` (called only for prompts with one choice, with
    the state the prompt was computed from). Without the method the answer is the conservative one:
    False, the seat is asked.
    """
    hook = getattr(rules, "forced_choice_is_public", None)
    return bool(hook(state, prompt)) if hook is not None else False


class UnknownTitle(KeyError):
    pass


_REGISTRY: dict[str, Rules] = {}
_UNLISTED: set[str] = set()


def register(rules: Rules, listed: bool = True) -> Rules:
    """Add a title. Unlisted titles (test-only toys) are reachable by id but not offered."""
    _REGISTRY[rules.id] = rules
    if not listed:
        _UNLISTED.add(rules.id)
    return rules


def get_rules(rules_id: str) -> Rules:
    _load_titles()
    try:
        return _REGISTRY[rules_id]
    except KeyError:
        raise UnknownTitle(f"There is no game called {rules_id!r}; known: {', '.join(titles())}.") from None


def titles(include_unlisted: bool = False) -> list[str]:
    _load_titles()
    return sorted(r for r in _REGISTRY if include_unlisted or r not in _UNLISTED)


_loaded = False


def _load_titles() -> None:
    global _loaded
    if not _loaded:
        from domain import games  # noqa: F401  (importing registers every title)

        _loaded = True
