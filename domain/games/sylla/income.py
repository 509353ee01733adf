"""Phase IV (Income): income, then Private Temples and Taverns, from the First Consul clockwise."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, n_

from .data import KINDS
from .machine import Step, goto, state
from .names import kind_name
from .state import bump, clockwise_from, count_type, move_marker, note, tiles_of


def unused(s: dict, D: Any, seat: str, ttype: str) -> list[str]:
    return [t for t in tiles_of(s, D, seat, ttype) if t not in s["ctx"]["used"]]


@state
class Income(Step):
    """Rule 5.4: each player takes income, then may use each face-up Temple and Tavern once (D11, D12)."""

    name = "income"
    short = "income"
    kind = "use_temple_or_tavern"
    forced_public = False  # the choices depend on the seat's denarii: a lone `done` shows that the Temple is unaffordable
    waiting = _("to use a Private Temple or a Tavern")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"order": clockwise_from(s, s["fc"]), "i": 0, "used": [], "claimed": []}
        self.next_turn(s, D, rng)

    def next_turn(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        while ctx["i"] < len(ctx["order"]):
            seat = ctx["order"][ctx["i"]]
            ctx["used"] = []
            collect(s, D, seat)
            if self.can_act(s, D, seat):
                return
            ctx["i"] += 1
        goto(s, D, "events_place_cubes", rng)

    def can_act(self, s: dict, D: Any, seat: str) -> bool:
        """A decision is owed while an unused Temple, or an unused Tavern with a free marker, remains.

        Whether the Temple is affordable is private, so it does not decide whether a prompt exists.
        """
        if unused(s, D, seat, "private_temple"):
            return True
        return bool(unused(s, D, seat, "tavern")) and len(s["ctx"]["claimed"]) < len(KINDS)

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        seat = ctx["order"][ctx["i"]]
        ids = []
        if unused(s, D, seat, "private_temple") and s["players"][seat]["denarii"] >= D.const["private_temple_cost"]:
            ids += ["temple-" + k for k in KINDS]
        if unused(s, D, seat, "tavern"):
            ids += [f"tavern-{k}-{d}" for k in KINDS if k not in ctx["claimed"] for d in ("left", "right")]
        return {seat: ids + ["done"]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return s["tracks"]["civic"], s["tracks"]["health"], s["tracks"]["leisure"]

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "done":
            return _("Use no (more) Temple or Tavern this round")
        if cid.startswith("temple-"):
            return n_("Private Temple: pay %(n)d denarius for a %(kind)s token",
                      "Private Temple: pay %(n)d denarii for a %(kind)s token", D.const["private_temple_cost"],
                      kind=kind_name(cid[7:]))
        _tavern, kind, way = cid.split("-")
        now = s["tracks"][kind]
        new = min(D.track_max, max(D.track_min, now + (1 if way == "right" else -1)))
        if new == now:
            return _("Tavern: claim the %(kind)s marker at %(now)d without moving it (block it)",
                     kind=kind_name(kind), now=now)
        if way == "right":
            return _("Tavern: move the %(kind)s marker right (%(now)d to %(new)d)", kind=kind_name(kind), now=now, new=new)
        return _("Tavern: move the %(kind)s marker left (%(now)d to %(new)d)", kind=kind_name(kind), now=now, new=new)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("You have taken your income. Use your Private Temple(s) and Tavern(s), or stop.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return "done"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        bump(s)
        if cid == "done":
            note(s, "income_done", seat)
            ctx["i"] += 1
            self.next_turn(s, D, rng)
            return
        if cid.startswith("temple-"):
            temple_use(s, D, seat, cid[7:])
        else:
            _tavern, kind, way = cid.split("-")
            tavern_use(s, D, seat, kind, way)
        if not self.can_act(s, D, seat):
            ctx["i"] += 1
            self.next_turn(s, D, rng)


def collect(s: dict, D: Any, seat: str) -> None:
    """Rule 5.4.1: income tile + 1 per available Merchant + 2 per face-up Market."""
    p, c = s["players"][seat], D.const
    base = D.income_tiles[p["income_tile"]]["denarii"] if p["income_tile"] else 0
    merchants = count_type(s, D, seat, "merchant", True)
    markets = len(tiles_of(s, D, seat, "market"))
    total = base + merchants * c["merchant_income"] + markets * c["market_income"]
    p["denarii"] += total
    note(s, "income", seat, total, base, merchants, markets)


def temple_use(s: dict, D: Any, seat: str, kind: str) -> None:
    """Rule 7.3: pay 2 denarii, take 1 token of any kind; once per temple per round."""
    temple = unused(s, D, seat, "private_temple")[0]
    s["ctx"]["used"].append(temple)
    s["players"][seat]["denarii"] -= D.const["private_temple_cost"]
    s["players"][seat]["tokens"][kind] += D.const["private_temple_tokens"]
    note(s, "temple", seat, kind, D.const["private_temple_cost"])


def tavern_use(s: dict, D: Any, seat: str, kind: str, way: str) -> None:
    """Rule 7.4: claim an unclaimed marker and move it one space; at a track end it is only blocked."""
    tavern = unused(s, D, seat, "tavern")[0]
    s["ctx"]["used"].append(tavern)
    s["ctx"]["claimed"].append(kind)
    moved = move_marker(s, D, kind, 1 if way == "right" else -1)
    note(s, "tavern", seat, kind, moved, s["tracks"][kind])
