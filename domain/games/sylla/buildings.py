"""Phase III (Buildings): offers, one-pass auctions paid by tilting cards, and the tiles' effects."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from random import Random
from typing import Any

from domain.i18n import _, n_

from .consul import bid_ids
from .data import KINDS
from .machine import Step, goto, state
from .names import colour_name, comma_list, kind_name, seat_name
from .setup import card_label
from .state import after, bump, gain, note



@lru_cache(maxsize=8)
def insula_ids(n: int) -> tuple[str, ...]:
    """Every multiset of n token kinds, e.g. tokens-civic-health (rule 14.40: repeats allowed)."""
    return tuple("tokens-" + "-".join(combo) for combo in combinations_with_replacement(KINDS, n))


def eligible(s: dict, D: Any, seat: str, colour: str) -> list[str]:
    """Rule 5.3: available characters supporting the sale colour, plus available Crane cards [A]."""
    p, down, tilted, cards = s["players"][seat], s["down"], s["tilted"], D.cards
    out = [c for c in p["cards"] if c not in down and c not in tilted and colour in cards[c].hexes]
    if colour in D.crane_hexes:
        out += [c for c in p["cranes"] if c not in down and c not in tilted]
    return out


@lru_cache(maxsize=4096)
def pay_form(cards: tuple[str, ...], labels: tuple[str, ...], k: int):
    """D9 as a form: exactly k of the eligible cards (`cards: 1 3`); option values the cards' lower-case ids."""
    from domain import forms

    field = forms.SomeOf("cards", _("Cards to tilt"),
                         tuple(forms.Option(c.lower(), label) for c, label in zip(cards, labels)), k, k)
    return forms.Form((field,), forms.encode({"cards": [c.lower() for c in cards[:k]]}))


def sale(s: dict, D: Any) -> tuple[str, str]:
    """The tile on sale and its sale colour (the colour of its slot)."""
    i = s["ctx"]["slot"]
    return s["slots"][i], D.slot_colours[i]


@state
class Buildings(Step):
    """Rule 5.3: the First Consul makes the first offer."""

    name = "buildings"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"offerer": s["fc"], "sales": 0}
        goto(s, D, "buildings_offer", rng)


@state
class BuildingsOffer(Step):
    """Rule 5.3.1: the offerer puts up any face-up tile still in a slot (14.5)."""

    name = "buildings_offer"
    short = "offer"
    kind = "offer_building"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to offer a building for sale")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        limit = D.per_player[len(s["seats"])]["buildings_offered"]
        if s["ctx"]["sales"] >= limit or not any(s["slots"]):
            self.close(s, D, rng)

    def close(self, s: dict, D: Any, rng: Random) -> None:
        """Rule 5.3.4: after the last sale, the tiles still in slots are removed from the game."""
        removed = [t for t in s["slots"] if t]
        s["tiles_out"] = s["tiles_out"] + removed
        s["slots"] = [None] * len(s["slots"])
        if removed:
            note(s, "unsold_removed", removed)
        goto(s, D, "income", rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["offerer"]: [f"slot-{i + 1}" for i, t in enumerate(s["slots"]) if t]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return tuple(s["slots"])

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        i = int(cid[5:]) - 1
        return _("Offer the %(building)s (%(colour)s slot %(slot)d)", building=D.tile_name(s["slots"][i]),
                 colour=colour_name(D.slot_colours[i]), slot=i + 1)

    def text(self, s: dict, D: Any, seat: str) -> str:
        limit = D.per_player[len(s["seats"])]["buildings_offered"]
        return _("Put a building up for sale (sale %(sale)d of %(limit)d); you will bid last.",
                 sale=s["ctx"]["sales"] + 1, limit=limit)

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        ctx.update(slot=int(cid[5:]) - 1, order=after(s, seat), i=0, high=0, bidder=None, bids={})
        tile, colour = sale(s, D)
        note(s, "offer", seat, tile, colour)
        bump(s)
        goto(s, D, "buildings_bid", rng)


@state
class BuildingsBid(Step):
    """Rule 5.3.2: from the offerer's left, offerer last, each player passes or outbids once."""

    name = "buildings_bid"
    short = "build"
    kind = "building_bid"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to bid for a building")

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        seat = ctx["order"][ctx["i"]]
        top = len(eligible(s, D, seat, D.slot_colours[ctx["slot"]]))
        return {seat: bid_ids(ctx["high"] + 1, top, True)}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return D.slot_colours[s["ctx"]["slot"]]

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "pass":
            return _("Pass")
        n = int(cid[4:])
        return n_("Bid %(n)d: tilt %(n)d card with a %(colour)s hex", "Bid %(n)d: tilt %(n)d cards with a %(colour)s hex",
                  n, colour=colour_name(D.slot_colours[s["ctx"]["slot"]]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        ctx = s["ctx"]
        tile, colour = sale(s, D)
        if ctx["bidder"]:
            return _("The %(building)s is for sale in %(colour)s: the highest bid is %(high)d (%(bidder)s). "
                     "Outbid it or pass; you speak once.", building=D.tile_name(tile), colour=colour_name(colour),
                     high=ctx["high"], bidder=seat_name(ctx["bidder"]))
        return _("The %(building)s is for sale in %(colour)s: no bid yet. Outbid it or pass; you speak once.",
                 building=D.tile_name(tile), colour=colour_name(colour))

    def waiting_text(self, s: dict, D: Any) -> str:
        return _("to bid for the %(building)s", building=D.tile_name(sale(s, D)[0]))

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        if cid == "pass":
            ctx["bids"][seat] = "pass"
            note(s, "build_pass", seat)
        else:
            n = int(cid[4:])
            ctx["bids"][seat], ctx["high"], ctx["bidder"] = n, n, seat
            note(s, "build_bid", seat, n)
        ctx["i"] += 1
        bump(s)
        if ctx["i"] == len(ctx["order"]):
            self.close(s, D, rng)

    def close(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        tile, colour = sale(s, D)
        if ctx["bidder"] is None:
            # Rule 14.4 [I]: nobody bid: the tile leaves the game; the same offerer offers again.
            s["tiles_out"] = s["tiles_out"] + [tile]
            s["slots"][ctx["slot"]] = None
            ctx["sales"] += 1
            note(s, "unsold", tile)
            if s["options"]["unsold_building_offerer"] == "next":
                ctx["offerer"] = after(s, ctx["offerer"])[0]
            goto(s, D, "buildings_offer", rng)
            return
        ctx["winner"], ctx["to_pay"], ctx["paid"] = ctx["bidder"], ctx["high"], []
        note(s, "build_won", ctx["bidder"], tile, ctx["high"])
        goto(s, D, "buildings_pay", rng)


PAY_PREFIX = "pay-"  # a whole payment as the step's own id: pay-<card>.<card>... (codes in eligible order)


def pay_id(cards: list[str]) -> str:
    return PAY_PREFIX + ".".join(c.lower() for c in cards)


@state
class BuildingsPay(Step):
    """Rule 5.3.3: the winner tilts exactly n eligible cards (D9), as one decision: a form ticking n of
    the eligible cards (`cards: 1 3 4`), or, when exactly n are eligible, the forced `tilt-all`.

    The old reading took the payment one card per prompt (`tilt-<card>`); recorded games keep those ids,
    which stay legal (the compatibility reading, docs/rules-sylla.md "Decisions that are forms")."""

    name = "buildings_pay"
    short = "pay"
    kind = "pay_building"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to tilt cards to pay for a building")

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        cards = eligible(s, D, ctx["winner"], D.slot_colours[ctx["slot"]])
        if len(cards) <= ctx["to_pay"]:
            return {ctx["winner"]: ["tilt-all"]}
        return {ctx["winner"]: ["tilt-" + c.lower() for c in cards]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return tuple(eligible(s, D, seat, D.slot_colours[s["ctx"]["slot"]]))

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "tilt-all":
            cards = eligible(s, D, seat, D.slot_colours[s["ctx"]["slot"]])
            return _("Tilt %(cards)s", cards=comma_list(card_label(D, c) for c in cards))
        return _("Tilt the %(card)s", card=card_label(D, D.card_lower[cid[5:]]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        tile, colour = sale(s, D)
        if s["ctx"]["paid"]:  # a payment begun card by card in a game recorded before the form
            return n_("Pay for the %(building)s: tilt %(n)d more card with a %(colour)s hex.",
                      "Pay for the %(building)s: tilt %(n)d more cards with a %(colour)s hex.", s["ctx"]["to_pay"],
                      building=D.tile_name(tile), colour=colour_name(colour))
        return n_("Pay for the %(building)s: tilt %(n)d card with a %(colour)s hex.",
                  "Pay for the %(building)s: tilt %(n)d cards with a %(colour)s hex.", s["ctx"]["to_pay"],
                  building=D.tile_name(tile), colour=colour_name(colour))

    # ------------------------------------------------------------------ the form (one decision)
    def form(self, s: dict, D: Any, seat: str):
        """k of the eligible cards, k the price; None when the payment is forced (`tilt-all`, played by
        the platform as before)."""
        cards = eligible(s, D, seat, D.slot_colours[s["ctx"]["slot"]])
        k = s["ctx"]["to_pay"]
        if len(cards) <= k:
            return None
        return pay_form(tuple(cards), tuple(card_label(D, c) for c in cards), k)

    def from_answer(self, s: dict, D: Any, seat: str, values: dict) -> str:
        return pay_id([D.card_lower[c] for c in values["cards"]])

    def to_answer(self, s: dict, D: Any, seat: str, cid: str) -> str:
        from domain import forms

        if cid == "tilt-all" or self.form(s, D, seat) is None:
            return cid
        cards = self.paid_with(s, D, seat, cid)
        return forms.encode({"cards": [c.lower() for c in cards]})

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """A timeout pays with the first eligible cards (the old default took them one by one, first first)."""
        if ids == ["tilt-all"]:
            return "tilt-all"
        return pay_id(eligible(s, D, seat, D.slot_colours[s["ctx"]["slot"]])[: s["ctx"]["to_pay"]])

    def accepts(self, s: dict, D: Any, seat: str, cid: str) -> bool:
        """The whole payment is legal: exactly the price, distinct, every card eligible (IllegalAction with
        the reason otherwise); an old per-card id is legal when listed."""
        from domain.rules import IllegalAction

        if not cid.startswith(PAY_PREFIX):
            return False
        ctx = s["ctx"]
        colour = D.slot_colours[ctx["slot"]]
        can = eligible(s, D, seat, colour)
        cards = [D.card_lower.get(c) for c in cid[len(PAY_PREFIX):].split(".")] if cid != PAY_PREFIX else []
        wrong = [c for c in cards if c not in can]
        if wrong or len(set(cards)) != len(cards):
            raise IllegalAction(_("You can pay only with your available cards that show a %(colour)s hex, each once.",
                                  colour=colour_name(colour)))
        if len(cards) != ctx["to_pay"]:
            raise IllegalAction(n_("The price is %(n)d card: tilt exactly %(n)d, not %(given)d.",
                                   "The price is %(n)d cards: tilt exactly %(n)d, not %(given)d.", ctx["to_pay"],
                                   given=len(cards)))
        return True

    def paid_with(self, s: dict, D: Any, seat: str, cid: str) -> list[str]:
        colour = D.slot_colours[s["ctx"]["slot"]]
        if cid == "tilt-all":
            return eligible(s, D, seat, colour)[: s["ctx"]["to_pay"]]
        if cid.startswith(PAY_PREFIX):
            return [D.card_lower[c] for c in cid[len(PAY_PREFIX):].split(".")]
        return [D.card_lower[cid[5:]]]  # an old recorded game: one card per decision

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        cards = self.paid_with(s, D, seat, cid)
        for c in cards:
            s["tilted"][c] = True
        ctx["paid"] += cards
        ctx["to_pay"] -= len(cards)
        note(s, "tilt", seat, cards, ctx["to_pay"])
        bump(s)
        if ctx["to_pay"] == 0:
            self.take(s, D, seat, rng)

    def take(self, s: dict, D: Any, seat: str, rng: Random) -> None:
        """The buyer takes the tile and becomes the next offerer (rule 5.3.3, section 7)."""
        ctx = s["ctx"]
        tile = sale(s, D)[0]
        s["slots"][ctx["slot"]] = None
        ctx["sales"] += 1
        ctx["offerer"] = seat
        note(s, "bought", seat, tile)
        if apply_tile(s, D, seat, tile):
            goto(s, D, "buildings_insula", rng)
        else:
            goto(s, D, "buildings_offer", rng)


def apply_tile(s: dict, D: Any, seat: str, tile: str) -> bool:
    """Section 7: kept tiles go to the area face up; one-shot tiles act and are discarded.

    Returns True when the buyer still has to choose Insula tokens.
    """
    ttype, p, c = D.tile_type[tile], s["players"][seat], D.const
    if ttype in D.kept_types:
        p["tiles"] = p["tiles"] + [tile]
        return False
    s["tiles_out"] = s["tiles_out"] + [tile]
    if ttype == "insula":
        if D.insula_choice == "buyer_chooses":
            return True
        for kind in D.insula_choice:  # Rule 14.40: fixed kinds printed on the tile, from data
            p["tokens"][kind] += 1
        note(s, "insula", seat, list(D.insula_choice))
    elif ttype == "crane" and s["cranes"]:
        crane, s["cranes"] = s["cranes"][0], s["cranes"][1:]
        p["cranes"] = p["cranes"] + [crane]
        s["tilted"][crane] = True  # Rule 7.5: the Crane card enters tilted
        note(s, "crane", seat, crane)
    elif ttype == "triumphal_arch":
        note(s, "prestige", seat, gain(s, seat, c["triumphal_arch_prestige"], "buildings"), "the Triumphal Arch")
    elif ttype == "statue":
        note(s, "prestige", seat, gain(s, seat, c["statue_prestige"], "buildings"), "the Statue")
    elif ttype == "bank":
        p["denarii"] += c["bank_denarii"]
        note(s, "bank", seat, c["bank_denarii"])
    return False


@state
class BuildingsInsula(Step):
    """Rule 7 / 14.40 [I]: the buyer of an Insula chooses the kinds of its 2 tokens (D10)."""

    name = "buildings_insula"
    short = "insula"
    kind = "choose_insula_tokens"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to choose the Insula's tokens")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["offerer"]: insula_ids(D.const["insula_tokens"])}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        kinds = [kind_name(k) for k in cid[7:].split("-")]
        out = kinds[0]
        for k in kinds[1:]:
            out = _("%(kinds)s + %(kind)s", kinds=out, kind=k)
        return _("Take %(kinds)s tokens", kinds=out)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return n_("Your Insula gives %(n)d Res Publica token: choose its kind.",
                  "Your Insula gives %(n)d Res Publica tokens: choose their kinds.", D.const["insula_tokens"])

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        kinds = cid[7:].split("-")
        for kind in kinds:
            s["players"][seat]["tokens"][kind] += 1
        note(s, "insula", seat, kinds)
        bump(s)
        goto(s, D, "buildings_offer", rng)


