"""Phase I (First Consul: election, token, hunger) and phase II (Recruitment)."""
from __future__ import annotations

from functools import lru_cache
from random import Random
from typing import Any

from domain.i18n import _, n_

from .data import KINDS
from .machine import Step, goto, state
from .names import denarii, kind_name, seat_name, votes as votes_of
from .state import bump, clockwise_from, count_type, move_marker, note


@lru_cache(maxsize=4096)
def bid_ids(low: int, high: int, with_pass: bool) -> tuple[str, ...]:
    bids = tuple(f"bid-{v}" for v in range(low, high + 1))
    return (("pass",) + bids) if with_pass else bids


def split_votes(votes: int, senators: int) -> tuple[int, int]:
    """Rule 5.1: a bid of V votes uses min(V, S) Senators and max(0, V - S) denarii."""
    return min(votes, senators), max(0, votes - senators)




# ------------------------------------------------------------------------------- Phase I: election
@state
class FirstConsulBidding(Step):
    """Rule 5.1 step 1: one open auction, one pass; the previous First Consul opens."""

    name = "first_consul_bidding"
    short = "consul"
    kind = "consul_bid"
    forced_public = False  # the choices depend on the seat's denarii: a forced pass (or bid-0) shows the bidder's denarii
    waiting = _("to bid for First Consul")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"order": clockwise_from(s, s["fc"]), "i": 0, "high": None, "bidder": None, "bids": {}}
        note(s, "round", s["round"], s["fc"])

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        seat = ctx["order"][ctx["i"]]
        top = count_type(s, D, seat, "senator", False) + s["players"][seat]["denarii"]
        if ctx["i"] == 0:
            return {seat: bid_ids(0, top, False)}  # Rule 14.1: the opener may bid any affordable V >= 0
        return {seat: bid_ids(ctx["high"] + 1, top, True)}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return count_type(s, D, seat, "senator", False)

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "pass":
            return _("Pass")
        votes = int(cid[4:])
        used, paid = split_votes(votes, count_type(s, D, seat, "senator", False))
        return n_("Bid %(votes)s: %(n)d Senator + %(denarii)s", "Bid %(votes)s: %(n)d Senators + %(denarii)s", used,
                  votes=votes_of(votes), denarii=denarii(paid))

    def text(self, s: dict, D: Any, seat: str) -> str:
        ctx = s["ctx"]
        if ctx["i"] == 0:
            return _("Open the election for First Consul: bid any number of votes (Senators, then denarii).")
        return _("Election for First Consul: the highest bid is %(high)d (%(bidder)s). Outbid it or pass; you speak once.",
                 high=ctx["high"], bidder=seat_name(ctx["bidder"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return ids[0]  # pass, or the opener's bid of 0

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        if cid == "pass":
            ctx["bids"][seat] = "pass"
            note(s, "consul_pass", seat)
        else:
            votes = int(cid[4:])
            ctx["bids"][seat], ctx["high"], ctx["bidder"] = votes, votes, seat
            note(s, "consul_bid", seat, votes)
        ctx["i"] += 1
        bump(s)
        if ctx["i"] == len(ctx["order"]):
            self.elect(s, D, rng)

    def elect(self, s: dict, D: Any, rng: Random) -> None:
        """Only the winner pays the denarius part of the bid; Senators are not tilted by voting."""
        winner, votes = s["ctx"]["bidder"], s["ctx"]["high"]
        used, paid = split_votes(votes, count_type(s, D, winner, "senator", False))
        s["players"][winner]["denarii"] -= paid
        s["fc"] = winner
        note(s, "consul_elected", winner, votes, used, paid)
        goto(s, D, "first_consul_token", rng)


@state
class FirstConsulToken(Step):
    """Rule 5.1 steps 2-3: the First Consul's announced token, then hunger from the food symbols."""

    name = "first_consul_token"
    short = "token"
    kind = "consul_take_token"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to take a Res Publica token")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {}

    def legal(self, s: dict, D: Any) -> dict:
        return {s["fc"]: ["token-" + k for k in KINDS]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Take a %(kind)s token", kind=kind_name(cid[6:]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As First Consul, take one Res Publica token of your choice (its kind is announced).")

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        kind = cid[6:]
        n = D.const["first_consul_tokens"]
        s["players"][seat]["tokens"][kind] += n
        note(s, "fc_token", seat, kind, n)
        food = sum(D.events[ev]["food_symbols"] for ev in s["events"] if ev)
        moved = move_marker(s, D, "famine", food)
        note(s, "hunger", food, moved, s["tracks"]["famine"])
        bump(s)
        goto(s, D, "recruitment", rng)


# ------------------------------------------------------------------------------ Phase II: recruitment
@state
class Recruitment(Step):
    """Rule 5.2: from the First Consul clockwise, each player must take one card from the display."""

    name = "recruitment"
    short = "recruit"
    kind = "recruit"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to recruit a character")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"order": clockwise_from(s, s["fc"]), "i": 0}
        if not s["display"]:
            self.finish(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        return {ctx["order"][ctx["i"]]: [c.lower() for c in s["display"]]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        from .setup import card_label
        return _("Recruit the %(card)s", card=card_label(D, D.card_lower[cid]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Recruit one character from the display (it is usable from phase III of this round).")

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        card = D.card_lower[cid]
        s["display"].remove(card)
        p = s["players"][seat]
        p["cards"] = p["cards"] + [card]
        note(s, "recruit", seat, card)
        s["ctx"]["i"] += 1
        bump(s)
        if s["ctx"]["i"] == len(s["ctx"]["order"]) or not s["display"]:
            self.finish(s, D, rng)

    def finish(self, s: dict, D: Any, rng: Random) -> None:
        """Rule 5.2 [I]: leftover cards go to the bottom of the deck in random order."""
        left = s["display"]
        if left:
            rng.shuffle(left)
            s["char_deck"] = s["char_deck"] + left
            note(s, "leftovers", len(left))
        s["display"] = []
        goto(s, D, "buildings", rng)
