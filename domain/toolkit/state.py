"""The copy an `apply` changes, and the contract that keeps it cheap.

The protocol forbids `apply` to change the state it is given (the platform keeps it for `describe`, undo
and replay). Copying the whole state for every decision is safe but slow (for Sylla, a deep copy costs
more than the rest of `apply`), so the toolkit copies by a contract instead:

* `clone(state)` copies the top level and **every dict or list directly under it**, whatever its key: a
  step may change any top-level container in place (`s["tracks"]["civic"] += 1`, `s["display"].append(c)`),
  and a key added to the state later is covered without anybody listing it.
* Containers further down are shared with the state the copy was made from. A step **replaces** them
  (`p["cards"] = p["cards"] + [c]`, `s["ledger"] = {**s["ledger"], seat: {...}}`) rather than changing them
  in place, unless the title copies them itself through `deeper` (key -> function copying that value;
  Sylla copies its players and its step's working data so that its steps may change those in place).
* `shared` names top-level values the title promises never to change in place (long decks that are only
  ever replaced): they are not copied. It is a speed-up only: leaving a key out is always safe.

The promise is checked, not trusted: the conformance suite (tests/conformance) and each title's random
play compare every state before and after `apply` and fail on any change.
"""
from __future__ import annotations

from typing import Any, Callable, Collection, Mapping

_CONTAINERS = (dict, list)
_NO_DEEPER: Mapping[str, Callable[[Any], Any]] = {}


def clone(state: dict, deeper: Mapping[str, Callable[[Any], Any]] = _NO_DEEPER,
          shared: Collection[str] = ()) -> dict:
    """A copy of `state` that one `apply` may change (the contract is in the module docstring)."""
    c = {k: (v.copy() if type(v) in _CONTAINERS and k not in shared else v) for k, v in state.items()}
    for key, copy in deeper.items():
        if key in state:
            c[key] = copy(state[key])
    return c


def deep_copy(value: Any) -> Any:
    """A full copy of plain JSON data (dicts and lists all the way down)."""
    t = type(value)
    if t is dict:
        return {k: deep_copy(v) for k, v in value.items()}
    if t is list:
        return [deep_copy(v) for v in value]
    return value


def copy_records(value: list) -> list:
    """A list of dicts whose dicts are changed in place: the list and each dict copied (for `deeper`)."""
    return [x.copy() if type(x) is dict else x for x in value]
