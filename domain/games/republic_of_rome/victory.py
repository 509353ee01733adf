"""Rule 12: victory and defeat (part 3 of the title; being built).

`republic_falls(s, D, reason, rng)` is the one way a collective loss is declared (four Active Wars at the end
of a Combat Phase, People Revolt, bankruptcy): Rule 12 item 2, a rebel in revolt at that moment wins instead.
"""
from __future__ import annotations

from random import Random
from typing import Any

from .turn import end_game


def rebels(s: dict) -> list[str]:
    return sorted({x["faction"] for x in s["senators"].values() if x["rebel"] and x["faction"]})


def republic_falls(s: dict, D: Any, reason: str, rng: Random | None = None) -> None:
    """Rule 12 item 1: everybody loses; item 2: unless a faction is in revolt, which then wins."""
    rebel = rebels(s)
    if rebel:
        end_game(s, D, "victory", rebel[:1], reason)
    else:
        end_game(s, D, "collective_loss", [], reason)
