"""Battle arithmetic on the Combat Results Table (Rule 10.3), as pure functions: the Combat Phase
(combat.py) and a civil war against a rebel army (Rule 11.2) both use them.

  modifier(roman, mil, enemy, adjustment, omens) -> the number added to the unmodified 3d6 total
  resolve(total, dice, modifier, disaster, standoff) -> "disaster" | "standoff" | "defeat" | "stalemate" | "victory"
  losses(result, modifier_total, legions, fleets, halve) -> (Legions lost, Fleets lost)

`total` is the unmodified 3d6 total, `modifier_total` the modified total read on the table. The table's rows
are the data's (`D.tables["combat_results"]["rows"]`); the functions take them as `rows` (default: the
data file's own, for callers without a GameData at hand).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

RESULTS = ("disaster", "standoff", "defeat", "stalemate", "victory")


@lru_cache(maxsize=1)
def _default_rows() -> tuple:
    from .data import compile_data
    return tuple(compile_data({}).tables["combat_results"]["rows"])


def modifier(roman: int, mil: int, enemy: int, adjustment: int = 0, omens: int = 0) -> int:
    """Rule 10.3 item 3: Roman strength + MIL capped by the Roman strength (spec 18.17) - War strength
    (adjusted by Ally Deserts / Enemy's Ally Deserts, never below 0) - Evil Omens levels (when they apply)."""
    return roman + min(mil, roman) - max(0, enemy + adjustment) - omens


def row(modified: int, rows: Iterable[dict] | None = None) -> dict:
    """The Combat Results Table row of a modified total (below the first row: the first; above: the last)."""
    rows = tuple(rows) if rows is not None else _default_rows()
    for r in rows:
        if (r["min"] is None or modified >= r["min"]) and (r["max"] is None or modified <= r["max"]):
            return r
    return rows[0] if modified < (rows[0]["max"] or 0) else rows[-1]


def resolve(total: int, dice: Iterable[int], modifier: int, disaster: set, standoff: set,
            rows: Iterable[dict] | None = None) -> str:
    """Rule 10.3 item 4: an unmodified total on an unused Disaster number is a Disaster, else on an unused
    Standoff number a Standoff; otherwise the Combat Results Table row of total + modifier."""
    if total in disaster:
        return "disaster"
    if total in standoff:
        return "standoff"
    return row(total + modifier, rows)["result"]


def ceil_div(n: int, d: int) -> int:
    return -(-n // d)


def losses(result: str, modifier_total: int, legions: int, fleets: int, halve: bool,
           rows: Iterable[dict] | None = None) -> tuple[int, int]:
    """Rule 10.3 item 4: units lost, each capped by the units present: the table's N Legions and N Fleets
    ('all': every unit); a Disaster half and a Standoff a quarter of each (rounded up); halved again,
    rounded up, with Fabius Cunctator as Commander (`halve`)."""
    if result == "disaster":
        lost = (ceil_div(legions, 2), ceil_div(fleets, 2))
    elif result == "standoff":
        lost = (ceil_div(legions, 4), ceil_div(fleets, 4))
    else:
        n = row(modifier_total, rows)["losses"]
        lost = (legions, fleets) if n == "all" else (min(n, legions), min(n, fleets))
    if halve:
        lost = (ceil_div(lost[0], 2), ceil_div(lost[1], 2))
    return lost
