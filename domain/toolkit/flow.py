"""The flow engine: a title's sequence of play as named states, in rulebook order.

A `Step` subclass is one named state (name it after the rulebook step, and cite the rule in its
docstring or a `Rule x.y:` comment). It knows who owes a decision (`legal`: seat -> choice ids), how to
word it (`label`, `text`), what a choice does (`act`, which changes a fresh copy of the state, see
`toolkit.state.clone`) and, for automatic steps, what happens on arrival (`enter`).

A `Flow` holds the named states of one title and moves between them, in the state itself (plain JSON):

* `goto(s, D, name, rng)`: leave for another named state (`s[flow.key]` is the state's name), whose `enter`
  runs at once; automatic states chain on by calling `goto` again.
* `call(s, D, name, rng, then=None, args=None)`: start a nested sequence (a persuasion inside an
  initiative, a vote inside a proposal, an assassination interrupting the Senate). A frame
  `{"then": name to come back to, "ctx": the caller's working data}` is pushed on `s["calls"]`, the callee
  starts with `s["ctx"] = args` (a dict; empty by default) and enters.
* `ret(s, D, rng, value=None)`: end the nested sequence: pop the frame, give the caller its working data
  back, go to `then` (by default the state that called) and run that state's `resume(s, D, rng, value)`:
  the continuation, with the callee's return value (JSON). The default `resume` does nothing, so the
  caller's decision is simply owed again with its working data as it was.

`s["calls"]` exists only while a call is open (a title that never calls keeps exactly its old states).
Frames are never changed in place: `call` and `ret` replace the list, and `ret` hands back a copy of the
saved working data, so a state shared with earlier ones (toolkit.state) is never changed.
"""
from __future__ import annotations

from random import Random
from typing import Any

from .state import deep_copy

CALLS = "calls"


class Step:
    """One named state. Subclasses override what they need."""

    name = ""
    short = ""            # part of prompt ids
    kind = ""             # the decision's name: standing orders and e-mail replies are per kind
    waiting = ""          # "to bid for First Consul": the web page and reminders reuse it
    secret = False        # sealed simultaneous decision
    # Whether "only one legal choice" follows from public information alone (face-up cards, cubes,
    # slots), so the platform may play a single-choice prompt at once. False (the default, the safe
    # side) when the choices depend on a secret (the seat's money): then the seat is asked.
    forced_public = False

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        """Arriving in this state (automatic work happens here)."""

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        """Coming back to this state when a sequence it called returns `value` (see `Flow.ret`)."""

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


class Flow:
    """The named states of one title, and the moves between them (goto, call, ret)."""

    def __init__(self, key: str = "phase"):
        self.key = key                        # where the state's name is kept in the game state
        self.states: dict[str, Step] = {}

    def state(self, cls: type[Step]) -> type[Step]:
        """Class decorator: register a named state."""
        if cls.name in self.states:
            raise ValueError(f"two states are named {cls.name!r}")
        self.states[cls.name] = cls()
        return cls

    def current(self, s: dict) -> Step:
        return self.states[s[self.key]]

    def goto(self, s: dict, D: Any, name: str, rng: Random) -> None:
        s[self.key] = name
        self.states[name].enter(s, D, rng)

    def call(self, s: dict, D: Any, name: str, rng: Random, then: str | None = None,
             args: dict | None = None) -> None:
        """Start the nested sequence `name`; `ret` comes back to `then` (default: the calling state)."""
        frame = {"then": then or s[self.key], "ctx": s.get("ctx", {})}
        s[CALLS] = [*s.get(CALLS, ()), frame]
        s["ctx"] = dict(args or {})
        self.goto(s, D, name, rng)

    def ret(self, s: dict, D: Any, rng: Random, value: Any = None) -> None:
        """End the innermost nested sequence, handing `value` to the continuation's `resume`."""
        frames = s.get(CALLS)
        if not frames:
            raise RuntimeError(f"{s[self.key]!r} returned without a call")
        frame = frames[-1]
        if len(frames) == 1:
            del s[CALLS]
        else:
            s[CALLS] = frames[:-1]
        s["ctx"] = deep_copy(frame["ctx"])
        s[self.key] = frame["then"]
        self.states[frame["then"]].resume(s, D, rng, value)

    def depth(self, s: dict) -> int:
        """How many nested sequences are open."""
        return len(s.get(CALLS, ()))
