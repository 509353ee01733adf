"""End of the game (rule 10): Ecclesia (Christians, the sealed freeing of slaves), tokens, winners."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, n_

from .data import KINDS
from .machine import Step, goto, state
from .names import denarii
from .state import bump, count_type, gain, note


def christians(s: dict, D: Any, seat: str) -> int:
    """Face-up Christian characters, tilted or not (rule 10.1)."""
    return sum(1 for c in s["players"][seat]["cards"] if D.cards[c].christian and c not in s["down"])


@state
class Ecclesia(Step):
    """Rule 10.1: each face-up Christian gives 2 prestige. Automatic."""

    name = "ecclesia"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {}
        gains = {}
        for seat in s["seats"]:
            n = christians(s, D, seat)
            gains[seat] = [n, gain(s, seat, n * D.const["christian_end_prestige"], "christians")]
        note(s, "christians", gains)
        goto(s, D, "free_slaves", rng)


@state
class FreeSlaves(Step):
    """Rule 10.2: players with face-up Slaves secretly choose how many to free (D18)."""

    name = "free_slaves"
    short = "free"
    kind = "free_slaves"
    forced_public = False  # the choices depend on the seat's denarii: a lone free-0 shows that the seat cannot pay
    waiting = _("to free slaves")
    secret = True

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        who = [seat for seat in s["seats"] if count_type(s, D, seat, "slave", False)]
        s["ctx"] = {"who": who}
        if not who:
            final_scoring(s, D)

    def most(self, s: dict, D: Any, seat: str) -> int:
        slaves = count_type(s, D, seat, "slave", False)
        return min(slaves, s["players"][seat]["denarii"] // D.const["slave_freeing_cost"])

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [f"free-{k}" for k in range(self.most(s, D, seat) + 1)]
                for seat in s["ctx"]["who"] if seat not in s["sealed"]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        k = int(cid[5:])
        c = D.const
        return n_("Free %(n)d Slave: pay %(denarii)s, +%(prestige)d prestige",
                  "Free %(n)d Slaves: pay %(denarii)s, +%(prestige)d prestige", k,
                  denarii=denarii(k * c["slave_freeing_cost"]), prestige=k * c["slave_freeing_prestige"])

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Ecclesia: secretly choose how many of your face-up Slaves to free "
                 "(%(cost)d denarii each, %(prestige)d prestige each).",
                 cost=D.const["slave_freeing_cost"], prestige=D.const["slave_freeing_prestige"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return ids[-1]  # freeing as many as possible is never worse: money is worth nothing now

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        s["sealed"][seat] = cid
        note(s, "sealed", seat, "free", cid)
        if len(s["sealed"]) == len(s["ctx"]["who"]):
            freed = {}
            for who in s["ctx"]["who"]:
                k = int(s["sealed"][who][5:])
                s["players"][who]["denarii"] -= k * D.const["slave_freeing_cost"]
                freed[who] = [k, gain(s, who, k * D.const["slave_freeing_prestige"], "slaves")]
            note(s, "slaves_freed", freed)
            s["public"]["freed"] = freed
            s["sealed"] = {}
            bump(s)
            final_scoring(s, D)


def final_scoring(s: dict, D: Any) -> None:
    """Rule 10.3-10.5: every token scores its marker's value; the highest prestige wins, ties share."""
    final = {}
    for seat in s["seats"]:
        tokens = dict(s["players"][seat]["tokens"])
        points = sum(tokens[k] * s["tracks"][k] for k in KINDS)
        final[seat] = {"tokens": tokens, "points": gain(s, seat, points, "tokens")}
    top = max(s["players"][seat]["prestige"] for seat in s["seats"])
    winners = [seat for seat in s["seats"] if s["players"][seat]["prestige"] == top]
    s["public"]["final"] = {"tokens": final, "markers": {k: s["tracks"][k] for k in KINDS}, "winners": winners}
    s["ctx"] = {}
    s["phase"] = "game_over"
    s["finished"] = True
    note(s, "final", final, winners)


@state
class GameOver(Step):
    name = "game_over"
    waiting = ""
