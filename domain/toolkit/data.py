"""A title's data file (cards, tiles, tables): `[A]` values, `data_overrides`, and compiling once per options.

A data file is JSON beside the rules code. A value the rulebook leaves open (marked assumed, `[A]`, in
shared/rules) is written `{"value": X, "assumed": true}`; `unwrap` strips the wrappers. A table may
change any value through its `data_overrides` option (a dict merged into the raw data: nested keys as
in the file, lists of records by their `id`), and a few named options may change data too. A `DataSet`
compiles the data (the title's own class, from the unwrapped dict and the options) once per distinct set
of the options that change data, and finds it again from a game state by the key stored in it.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable, Sequence

from domain.i18n import _
from domain.rules import IllegalAction


def unwrap(value: Any) -> Any:
    """Strip the {"value": X, "assumed": bool} wrappers, recursively."""
    if isinstance(value, dict):
        if "value" in value and "assumed" in value:
            return unwrap(value["value"])
        return {k: unwrap(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


def is_wrapped(value: Any) -> bool:
    return isinstance(value, dict) and "value" in value and "assumed" in value


def merge_overrides(base: Any, override: Any, path: str = "data", title: str = "the title") -> Any:
    """Merge `override` into `base`: dicts key by key, id-lists record by id, wrapped values by value.

    Unknown keys and ids are refused, so a typo in a table's options never passes silently.
    """
    if is_wrapped(base) and not is_wrapped(override):
        return {**base, "value": merge_overrides(base["value"], override, path, title), "assumed": True}
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            if key not in base:
                where = f"{path}.{key}"  # a path of keys, not words
                raise IllegalAction(_("The data override %(path)s does not name anything in %(title)s's data.",
                                      path=where, title=title))
            merged[key] = merge_overrides(base[key], value, f"{path}.{key}", title)
        return merged
    if isinstance(base, list) and isinstance(override, dict) and base and all("id" in r for r in base):
        ids = [r["id"] for r in base]
        for key in override:
            if key not in ids:
                where = f"{path}.{key}"  # a path of keys, not words
                raise IllegalAction(_("The data override %(path)s names no record with that id.", path=where))
        return [merge_overrides(r, override[r["id"]], f"{path}.{r['id']}", title) if r["id"] in override else r
                for r in base]
    if isinstance(base, dict) and not isinstance(override, dict):
        raise IllegalAction(_("The data override %(path)s must be a dict, like the value it changes.", path=path))
    return copy.deepcopy(override)


class DataSet:
    """One title's data file, compiled by `compile(unwrapped raw data, options)` once per data key.

    `option_keys` are the options that change the data (`data_overrides` among them, when the title
    takes it); the data key of a game is stored in its state (as `dkey`), so reading needs no options.
    """

    def __init__(self, path: Path, title: str, compile: Callable[[dict, dict], Any], option_keys: Sequence[str]):
        self.raw: dict = json.loads(Path(path).read_text(encoding="utf-8"))
        self.title = title
        self._compile = compile
        self.option_keys = tuple(option_keys)
        self.cache: dict[str, Any] = {}

    def raw_copy(self) -> dict:
        """A private copy of the shipped data (for docs and tests)."""
        return copy.deepcopy(self.raw)

    def key(self, options: dict) -> str:
        """The cache key of the data a game uses: only the options that change data."""
        relevant = {k: options.get(k) for k in self.option_keys}
        return json.dumps(relevant, sort_keys=True, separators=(",", ":"))

    def compile(self, options: dict) -> Any:
        key = self.key(options)
        found = self.cache.get(key)
        if found is None:
            raw = self.raw
            if options.get("data_overrides"):
                raw = merge_overrides(self.raw, options["data_overrides"], title=self.title)
            found = self.cache[key] = self._compile(raw, options)
        return found

    def for_state(self, state: dict, key: str = "dkey") -> Any:
        """The compiled data of a game, from its state (cached)."""
        found = self.cache.get(state[key])
        return found if found is not None else self.compile(state["options"])
