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

A title makes one `Cloner(deeper, shared)` and calls it for every apply: it writes its copy out once per
set of state keys (about as fast as a hand-written copy). The promise is checked, not trusted: the conformance suite (tests/conformance) and each title's random
play compare every state before and after `apply` and fail on any change.
"""
from __future__ import annotations

from typing import Any, Callable, Collection, Mapping

_CONTAINERS = (dict, list)


class Cloner:
    """`clone` for one title: `deeper` and `shared` as in the module docstring, fixed once. Callable."""

    def __init__(self, deeper: Mapping[str, Callable[[Any], Any]] | None = None, shared: Collection[str] = ()):
        self.deeper = dict(deeper or {})
        self.shared = frozenset(shared)
        self._plans: dict[tuple, tuple] = {}

    def __call__(self, state: dict) -> dict:
        """A copy of `state` that one `apply` may change."""
        keys = tuple(state)
        copier = self._plans.get(keys)
        if copier is None:
            copier = self._compile(keys)
        return copier(state)

    def _compile(self, keys: tuple) -> Callable[[dict], dict]:
        """The copy for states with these keys, written out once (a state's keys rarely change): every
        key but the shared and the deeper ones is copied when it holds a container, at run time."""
        if len(self._plans) > 256:
            self._plans.clear()
        if not all(type(k) is str for k in keys):  # not JSON; still copied by the contract, just slower
            return self._plans.setdefault(keys, self._slow)
        lines = ["def copier(s):", "    c = s.copy()"]
        env: dict[str, Any] = {"C": _CONTAINERS}
        for k in keys:
            if k in self.deeper:
                env[f"d{len(env)}"] = self.deeper[k]
                lines.append(f"    c[{k!r}] = d{len(env) - 1}(c[{k!r}])")
            elif k not in self.shared:
                lines += [f"    v = c[{k!r}]", f"    if type(v) in C: c[{k!r}] = v.copy()"]
        lines.append("    return c")
        exec("\n".join(lines), env)  # noqa: S102  (generated from the state's own keys, shown with repr)
        copier = self._plans[keys] = env["copier"]
        return copier

    def _slow(self, state: dict) -> dict:
        c = state.copy()
        for key, v in state.items():
            if key in self.deeper:
                c[key] = self.deeper[key](v)
            elif key not in self.shared and type(v) in _CONTAINERS:
                c[key] = v.copy()
        return c


_PLAIN = Cloner()


def clone(state: dict, deeper: Mapping[str, Callable[[Any], Any]] | None = None,
          shared: Collection[str] = ()) -> dict:
    """A copy of `state` that one `apply` may change (the contract is in the module docstring). A title
    with `deeper` or `shared` makes one `Cloner(deeper, shared)` and calls it: it remembers its plan."""
    return (_PLAIN if not deeper and not shared else Cloner(deeper, shared))(state)


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
