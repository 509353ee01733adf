"""Phase VII (Famine and crises) and the end-of-round refresh (rules 5.7, 5.8)."""
from __future__ import annotations

from random import Random
from typing import Any

from .machine import Step, goto, state
from .setup import reveal_buildings, reveal_display
from .state import gain, note, tiles_of


@state
class FamineAndCrises(Step):
    """Rule 5.7: feeding, then a crisis for each Res Publica marker in the crisis zone. Automatic."""

    name = "famine_and_crises"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {}
        feeding(s, D)
        s["public"]["crises"] = [crisis(s, D, kind) for kind in s["options"]["crisis_order"]
                                 if s["tracks"][kind] in D.crisis]
        goto(s, D, "end_of_round", rng)


def feeding(s: dict, D: Any) -> None:
    """Rule 5.7.1: lose max(0, F - 2 x face-up Fields); Fields never give prestige."""
    level = s["tracks"]["famine"]
    losses = {}
    for seat in s["seats"]:
        fields = len(tiles_of(s, D, seat, "field"))
        loss = max(0, level - D.const["field_feeding_reduction"] * fields)
        losses[seat] = [loss, -gain(s, seat, -loss, "feeding"), fields]
    note(s, "feeding", level, losses)


def crisis(s: dict, D: Any, kind: str) -> dict:
    """Rule 5.7.2 / 14.20 [I]: counts become public; most +3, fewest -3; all tied: nothing."""
    counts = {seat: s["players"][seat]["tokens"][kind] for seat in s["seats"]}
    high, low = max(counts.values()), min(counts.values())
    changes = {}
    if high != low:
        for seat in s["seats"]:
            if counts[seat] == high:
                changes[seat] = gain(s, seat, D.const["crisis_gain"], "crises")
            elif counts[seat] == low:
                changes[seat] = gain(s, seat, -D.const["crisis_loss"], "crises")
    note(s, "crisis", kind, counts, changes)
    return {"kind": kind, "counts": counts, "changes": changes}


@state
class EndOfRound(Step):
    """Rule 5.8: refresh for the next round (not after the last round, 14.34)."""

    name = "end_of_round"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if s["round"] >= D.rounds:
            goto(s, D, "ecclesia", rng)
            return
        reveal_display(s, D)
        reveal_buildings(s)
        s["tilted"] = {}  # Rule 5.8.3: including face-down cards, which stay face down
        note(s, "round_end", s["round"], len(s["display"]), sum(1 for t in s["slots"] if t))
        s["round"] += 1
        goto(s, D, "first_consul_bidding", rng)
