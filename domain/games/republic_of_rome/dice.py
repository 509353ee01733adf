"""Dice and Mortality chits. Every roll comes from the `rng` argument and is public (spec 16): it is noted
for narration with what it was for. One die of each roll is the designated coloured die (spec 2, [A]: the
first die rolled), which Ally Deserts and Enemy's Ally Deserts read.
"""
from __future__ import annotations

import re
from random import Random
from typing import Any

from .state import note

_EXPR = re.compile(r"^(-?)(\d+)d6([+-]\d+)?$")


def roll(s: dict, rng: Random, n: int, purpose: str, **facts: Any) -> list[int]:
    """Roll `n` six-sided dice, note them publicly (`purpose` names the roll for narration)."""
    dice = [rng.randint(1, 6) for _ in range(n)]
    note(s, "roll", purpose=purpose, dice=dice, total=sum(dice), **facts)
    return dice


def roll_expression(s: dict, rng: Random, expr: dict, purpose: str, **facts: Any) -> int:
    """A data dice expression {n_dice, dice_sign, modifier} ('-1d6-1': the dice total negated, then the
    modifier added)."""
    dice = roll(s, rng, expr["n_dice"], purpose, **facts) if expr["n_dice"] else []
    return expr["dice_sign"] * sum(dice) + expr["modifier"]


def evil_omens(s: dict) -> int:
    """The Evil Omens level in effect (Rule 13: -1 to most rolls per level)."""
    return s.get("evil_omens", 0)


# ------------------------------------------------------------------------------ Mortality chits
def chit_pool(D: Any) -> list[str]:
    """Rule 15.1: 30 numbered chits, the blanks and the Draw 2 chits, as strings ('7', 'blank', 'draw2')."""
    t = D.tables["mortality_chits"]
    return [str(n) for n in t["numbered"]] + ["blank"] * t["blank"] + ["draw2"] * t["draw_two"]


def draw_chits(s: dict, D: Any, rng: Random, count: int, purpose: str) -> list[str]:
    """Draw `count` chits (Rule 5.2): a Draw 2 goes back at once and two more are drawn; drawn chits stay
    out until the whole draw is finished. Stops when only Draw 2 chits are left (spec 18.1 [A]).
    Returns the numbered and blank chits drawn, in order, and notes them publicly."""
    cup = chit_pool(D)
    drawn: list[str] = []
    owed = count
    while owed > 0:
        if all(c == "draw2" for c in cup):
            break
        chit = cup[rng.randrange(len(cup))]
        if chit == "draw2":
            owed += 1  # it goes back at once; this draw is replaced by two
            drawn.append(chit)
            continue
        cup.remove(chit)
        drawn.append(chit)
        owed -= 1
    note(s, "chits", purpose=purpose, chits=drawn)
    return [c for c in drawn if c != "draw2"]
