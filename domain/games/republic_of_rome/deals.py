"""Rule 16, public deals: recorded at the start of each Revolution Phase, claimed, ruled on by the other players,
and voided by the wronged party. The server records and applies; it judges nothing itself.

"Public deals (made in the open channel) are binding: if a party claims a breach and a majority of the other
players finds that the agreed terms were not met, the wronged party may void the deal and take back whatever he
gave that is still unplayed in the other party's hand, and money promised to the defaulter for the next
Redistribution step is no longer owed." (spec 16; spec 17.2 decisions 4 and 5)

The flow (one round trip when nothing happens): revolution_public_deals, one sealed form for every faction
(nothing, propose a deal to one other faction, or claim a breach of an earlier deal it is party to); then, only
when needed, revolution_deal_confirm (each proposal's other party accepts or refuses, and may give cards in
return), revolution_deal_ruling (sealed: the factions not party to a claimed deal rule breach or kept, or
abstain) and revolution_deal_void (a claimant whose claim was upheld voids the deal or not); then the card play.

Readings [A] (docs/rules-republic-of-rome.md, "Deals and shown cards"):
* the deal's words are whatever the parties said in the open channel; the record holds the parties, the turn,
  the cards each gave at once (moved now, unplayable for the receiver until the next Revolution Phase, as
  traded cards are) and the talents each promised for the next Redistribution (shown as owed; the server does
  not move money). Public: all of it but which cards: how many cards each gave is public, which ones only the
  two parties are told (a hand is secret, spec 16; a party may show them with "show my cards");
* a deal may be claimed from the next Revolution Phase on, once by each party; a claim is upheld when more of
  the ruling factions find a breach than find the deal kept (abstentions are not counted, nor is a faction
  party to the deal); the claimant then voids it or not: the cards he gave still in the other's hand come back
  to him (playable), and the talents he promised are no longer owed; what the defaulter gave or promised stays.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option, SomeOf
from domain.i18n import _, n_
from domain.rules import IllegalAction, comma_list, seat_name

from .machine import FORM, Step, goto, state
from .names import card_name, talents
from .narrate import narrates
from .revolution import live_seats, move_cards
from .state import bump, note

NOTHING, DEAL, CLAIM = "none", "deal:", "claim:"
ACCEPT, REFUSE = "accept", "refuse"
BREACH, KEPT, ABSTAIN = "breach", "kept", "abstain"
VOID, KEEP = "void", "keep"
MAX_PROMISE = 200  # talents one faction may promise in one deal (a bound for the form)
NEXT = "revolution_play_cards"


def deals(s: dict) -> list[dict]:
    return s.get("deals") or []


def other_party(deal: dict, seat: str) -> str:
    return next(p for p in deal["parties"] if p != seat)


def claimable(s: dict, seat: str) -> list[dict]:
    """Deals of earlier turns `seat` is party to and has not claimed yet."""
    return [d for d in deals(s) if seat in d["parties"] and d["turn"] < s["turn"] and seat not in d["claimed"]]


def replace_deal(s: dict, deal: dict) -> None:
    """The deals list and the changed record are replaced, never changed in place (state.py's clone contract)."""
    s["deals"] = [deal if d["id"] == deal["id"] else d for d in deals(s)]


def finish(s: dict, D: Any, rng: Random) -> None:
    ctx = s["ctx"]
    if ctx.get("proposals"):
        goto(s, D, "revolution_deal_confirm", rng)
    elif ctx.get("claims") and not ctx.get("ruled"):
        goto(s, D, "revolution_deal_ruling", rng)
    elif ctx.get("upheld"):
        goto(s, D, "revolution_deal_void", rng)
    else:
        goto(s, D, NEXT, rng)


@state
class RevolutionPublicDeals(Step):
    """Rule 16 (spec 17.2 decisions 4, 5): every faction at once, sealed: nothing, a public deal proposed to one
    other faction (cards given now, talents promised each way), or a claim of breach of an earlier deal."""

    name = "revolution_public_deals"
    short = "deals"
    kind = "public_deal"
    secret = True
    waiting = _("to record public deals or claim a breach")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"proposals": [], "claims": []}

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in live_seats(s) if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        acts = [Option(NOTHING, _("Nothing"))]
        acts += [Option(DEAL + o, _("Record a public deal with %(seat)s", seat=seat_name(o)))
                 for o in live_seats(s) if o != seat]
        acts += [Option(f"{CLAIM}{d['id']}", _("Claim that %(seat)s broke deal %(n)d (turn %(turn)d)",
                                               seat=seat_name(other_party(d, seat)), n=d["id"], turn=d["turn"]))
                 for d in claimable(s, seat)]
        fields: list = [OneOf("act", _("Public deal"), tuple(acts))]
        hand = s["factions"][seat]["hand"]
        if hand:
            fields.append(SomeOf("cards", _("Cards you give now (with a deal)"),
                                 tuple(Option(c, card_name(D, c)) for c in hand)))
        fields.append(Number("give", _("Talents you promise at the next Redistribution"), 0, MAX_PROMISE))
        fields.append(Number("get", _("Talents the other faction promises at the next Redistribution"), 0,
                             MAX_PROMISE))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        terms = bool(values.get("cards")) or values["give"] or values["get"]
        if values["act"].startswith(DEAL) and not terms:
            raise IllegalAction(_("A deal records cards given now or talents promised: name some."))
        if not values["act"].startswith(DEAL) and terms:
            raise IllegalAction(_("Cards and talents are recorded only with a deal: choose the faction to deal "
                                  "with, or leave them empty."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Public deals: record a deal made in the open channel with one other faction (the cards you "
                 "give now and the talents each promises at the next Redistribution; the other faction confirms "
                 "it), claim that a faction broke an earlier deal with you, or do nothing.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """defaults.py: nothing is recorded and nothing claimed."""
        values: dict = {"act": NOTHING, "give": 0, "get": 0}
        if s["factions"][seat]["hand"]:
            values["cards"] = []
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values}
        bump(s)
        if set(live_seats(s)) <= set(s["sealed"]):
            answers, s["sealed"] = s["sealed"], {}
            self.resolve(s, D, rng, answers)

    def resolve(self, s: dict, D: Any, rng: Random, answers: dict) -> None:
        proposals, claims = [], []
        for seat in live_seats(s):
            v = answers[seat]
            if v["act"].startswith(DEAL):
                if not set(v.get("cards", [])) <= set(s["factions"][seat]["hand"]):  # never between seal and reveal
                    raise IllegalAction(_("A sealed deal names cards no longer in its faction's hand."))
                p = {"from": seat, "to": v["act"][len(DEAL):], "cards": list(v.get("cards", [])),
                     "give": v["give"], "get": v["get"]}
                proposals.append(p)
                note(s, "deal_proposed", seat=seat, partner=p["to"], count=len(p["cards"]), give=p["give"],
                     get=p["get"])
                if p["cards"]:  # as a trade offer: in the other's hand at once, unplayable, until he answers
                    move_cards(s, seat, p["to"], p["cards"])
                    note(s, "deal_offered", seat=seat, cards=p["cards"], to=p["to"])
            elif v["act"].startswith(CLAIM):
                deal = next(d for d in deals(s) if d["id"] == int(v["act"][len(CLAIM):]))
                replace_deal(s, {**deal, "claimed": deal["claimed"] + [seat]})
                claims.append({"deal": deal["id"], "by": seat})
                note(s, "deal_claimed", seat=seat, partner=other_party(deal, seat), deal=deal["id"])
        s["ctx"] = {"proposals": proposals, "claims": claims}
        finish(s, D, rng)


def offered_to(s: dict, seat: str) -> list[str]:
    """Cards of proposals to `seat` still waiting for his answer (in his hand, not his to give)."""
    return [c for p in s["ctx"]["proposals"] if p["to"] == seat for c in p["cards"]]


@state
class RevolutionDealConfirm(Step):
    """Rule 16: the other party of each proposal, in seat order, accepts or refuses it, and may give cards of
    his own in return. The proposer's cards wait in his hand, unplayable, as a trade offer's do (revolution.py);
    refused, they go back."""

    name = "revolution_deal_confirm"
    short = "confirm"
    kind = "confirm_deal"
    waiting = _("to accept or refuse a public deal")

    def next_proposal(self, s: dict, D: Any, rng: Random) -> None:
        if not s["ctx"]["proposals"]:
            finish(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["proposals"][0]["to"]: [FORM]}

    def situation(self, s: dict, D: Any) -> list[str]:
        """view.situation: the proposal waiting for its answer, as public as its reveal was."""
        p = s["ctx"]["proposals"][0]
        return [n_("%(seat)s proposes a public deal to %(partner)s: %(n)d card now, %(give)s promised by %(seat)s "
                   "and %(get)s by %(partner)s at the next Redistribution.",
                   "%(seat)s proposes a public deal to %(partner)s: %(n)d cards now, %(give)s promised by %(seat)s "
                   "and %(get)s by %(partner)s at the next Redistribution.", len(p["cards"]),
                   seat=seat_name(p["from"]), partner=seat_name(p["to"]), give=talents(p["give"]),
                   get=talents(p["get"]))]

    def form(self, s: dict, D: Any, seat: str) -> Form:
        fields: list = [OneOf("answer", _("The deal"), (Option(ACCEPT, _("Accept")), Option(REFUSE, _("Refuse"))))]
        mine = [c for c in s["factions"][seat]["hand"] if c not in offered_to(s, seat)]
        if mine:
            fields.append(SomeOf("cards", _("Cards you give now in return"),
                                 tuple(Option(c, card_name(D, c)) for c in mine)))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        if values["answer"] == REFUSE and values.get("cards"):
            raise IllegalAction(_("Cards are given only with a deal you accept."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        p = s["ctx"]["proposals"][0]
        cards = comma_list(card_name(D, c) for c in p["cards"]) if p["cards"] else _("no card")
        return _("%(seat)s records a public deal with you: they give you %(cards)s now and promise %(give)d "
                 "talents at the next Redistribution; you promise %(get)d talents. The other terms are those "
                 "said in the open channel. Accept or refuse; you may give cards in return.",
                 seat=seat_name(p["from"]), cards=cards, give=p["give"], get=p["get"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """defaults.py: the deal is refused."""
        values: dict = {"answer": REFUSE}
        if self.form(s, D, seat).field("cards") is not None:
            values["cards"] = []
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        ctx = s["ctx"]
        p, ctx["proposals"] = ctx["proposals"][0], ctx["proposals"][1:]
        if values["answer"] == REFUSE:
            note(s, "deal_refused", seat=seat, partner=p["from"])
            if p["cards"]:
                give_back(s, seat, p["from"], p["cards"])
        else:
            record(s, p, list(values.get("cards", [])))
        self.next_proposal(s, D, rng)


def record(s: dict, p: dict, returned: list[str]) -> None:
    giver, taker = p["from"], p["to"]
    deal_id = max((d["id"] for d in deals(s)), default=0) + 1
    deal = {"id": deal_id, "turn": s["turn"], "parties": [giver, taker],
            "cards": {giver: list(p["cards"]), taker: returned}, "talents": {giver: p["give"], taker: p["get"]},
            "claimed": [], "voided_by": []}
    s["deals"] = deals(s) + [deal]
    if returned:  # the proposer's cards are in the taker's hand already (resolve)
        move_cards(s, taker, giver, returned)
        note(s, "deal_cards", seat=taker, partner=giver, cards=returned, to=giver)
    note(s, "deal_recorded", seat=giver, partner=taker, deal=deal_id, given=len(p["cards"]),
         returned=len(returned), give=p["give"], get=p["get"])


@state
class RevolutionDealRuling(Step):
    """Rule 16: the factions not party to a claimed deal each rule, sealed: breach, kept, or abstain."""

    name = "revolution_deal_ruling"
    short = "ruling"
    kind = "rule_on_breach"
    secret = True
    waiting = _("to rule on a claimed breach of a deal")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {**s["ctx"], "ruled": True, "upheld": []}
        if not self.judges(s):
            self.resolve(s, D, rng, {})

    def judged(self, s: dict, seat: str) -> list[dict]:
        return [c for c in s["ctx"]["claims"] if seat not in self.parties(s, c)]

    def parties(self, s: dict, claim: dict) -> list[str]:
        return next(d["parties"] for d in deals(s) if d["id"] == claim["deal"])

    def judges(self, s: dict) -> list[str]:
        return [seat for seat in live_seats(s) if self.judged(s, seat)]

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in self.judges(s) if seat not in s["sealed"]}

    def situation(self, s: dict, D: Any) -> list[str]:
        return [_("%(claimant)s claims that %(seat)s broke deal %(n)d.", claimant=seat_name(c["by"]),
                  seat=seat_name(other_party(self.deal(s, c), c["by"])), n=c["deal"]) for c in s["ctx"]["claims"]]

    def form(self, s: dict, D: Any, seat: str) -> Form:
        items = tuple(Option(f"{c['deal']}:{c['by']}", _("%(claimant)s claims %(seat)s broke deal %(n)d",
                                                          claimant=seat_name(c["by"]),
                                                          seat=seat_name(other_party(self.deal(s, c), c["by"])),
                                                          n=c["deal"]))
                      for c in self.judged(s, seat))
        ruling = OneOf("ruling", _("Ruling"), (Option(BREACH, _("The terms were not met")),
                                               Option(KEPT, _("The deal was kept")), Option(ABSTAIN, _("Abstain"))))
        return Form((EachOf("rulings", _("Claims of breach"), items, ruling),))

    def deal(self, s: dict, claim: dict) -> dict:
        return next(d for d in deals(s) if d["id"] == claim["deal"])

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        """Every ruling is one of the form's (checked by the form): nothing more to check."""

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("A faction claims that a public deal was broken. Judging by the terms said in the open channel, "
                 "rule on each claim: were the terms not met, or was the deal kept? A majority finding a breach "
                 "lets the claimant void the deal.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """defaults.py: the faction abstains (not counted)."""
        return {"rulings": {f"{c['deal']}:{c['by']}": ABSTAIN for c in self.judged(s, seat)}}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values}
        bump(s)
        if set(self.judges(s)) <= set(s["sealed"]):
            answers, s["sealed"] = s["sealed"], {}
            self.resolve(s, D, rng, answers)

    def resolve(self, s: dict, D: Any, rng: Random, answers: dict) -> None:
        upheld = []
        for c in s["ctx"]["claims"]:
            key = f"{c['deal']}:{c['by']}"
            votes = {seat: a["rulings"][key] for seat, a in answers.items() if key in a["rulings"]}
            breach = sorted(seat for seat, v in votes.items() if v == BREACH)
            kept = sorted(seat for seat, v in votes.items() if v == KEPT)
            won = len(breach) > len(kept)
            note(s, "deal_ruling", seat=c["by"], partner=other_party(self.deal(s, c), c["by"]), deal=c["deal"],
                 breach=breach, kept=kept, upheld=won)
            if won:
                upheld.append(c)
        s["ctx"] = {**s["ctx"], "claims": [], "upheld": upheld}
        finish(s, D, rng)


@state
class RevolutionDealVoid(Step):
    """Rule 16: a claimant whose claim was upheld may void the deal: the cards he gave still in the other
    party's hand come back to him, and the talents he promised are no longer owed."""

    name = "revolution_deal_void"
    short = "void"
    kind = "void_deal"
    waiting = _("to void a broken deal or let it stand")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["upheld"][0]["by"]: [VOID, KEEP]}

    def situation(self, s: dict, D: Any) -> list[str]:
        claim = s["ctx"]["upheld"][0]
        return [_("The claim of %(seat)s on deal %(n)d is upheld: %(seat)s voids the deal or lets it stand.",
                  seat=seat_name(claim["by"]), n=claim["deal"])]

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        deal = s["ctx"]["upheld"][0]["deal"]
        return _("Void deal %(n)d", n=deal) if cid == VOID else _("Let deal %(n)d stand", n=deal)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("The other factions found that deal %(n)d was broken. Void it (the cards you gave that are still "
                 "in the other faction's hand come back to you, and the talents you promised are no longer owed), "
                 "or let it stand?", n=s["ctx"]["upheld"][0]["deal"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """defaults.py: the deal is voided (the claimant asked for the ruling)."""
        return VOID

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        ctx = s["ctx"]
        claim, ctx["upheld"] = ctx["upheld"][0], ctx["upheld"][1:]
        deal = next(d for d in deals(s) if d["id"] == claim["deal"])
        if cid == VOID:
            void(s, deal, seat)
        else:
            note(s, "deal_stands", seat=seat, deal=deal["id"])
        finish(s, D, rng)


def give_back(s: dict, holder: str, owner: str, cards: list[str]) -> None:
    """Cards back to the faction they came from, playable: they are its own again."""
    move_cards(s, holder, owner, cards)
    f = s["factions"][owner]
    f["unplayable"] = [c for c in f["unplayable"] if c not in cards]


def void(s: dict, deal: dict, seat: str) -> None:
    other = other_party(deal, seat)
    back = [c for c in deal["cards"][seat] if c in s["factions"][other]["hand"]]
    if back:
        give_back(s, other, seat, back)
        note(s, "deal_cards_back", seat=seat, partner=other, cards=back, to=seat)
    replace_deal(s, {**deal, "voided_by": deal["voided_by"] + [seat]})
    note(s, "deal_voided", seat=seat, partner=other, deal=deal["id"], back=len(back),
         talents=deal["talents"][seat])


def owed(s: dict, deal: dict, seat: str) -> int:
    """Talents `seat` still owes under `deal` at the Redistribution after it (0 once he voided it)."""
    return 0 if seat in deal["voided_by"] else deal["talents"][seat]


def promises_due(s: dict) -> list[str]:
    """The talents promised under public deals for this turn's Redistribution, still owed (public): the
    Redistribution's situation on the board (redistribution.py)."""
    return [_("Deal %(n)d: %(seat)s promised %(partner)s %(talents)s at this Redistribution.", n=d["id"],
              seat=seat_name(p), partner=seat_name(other_party(d, p)), talents=talents(owed(s, d, p)))
            for d in deals(s) if d["turn"] + 1 == s["turn"] for p in d["parties"] if owed(s, d, p)]


def deals_view(s: dict, D: Any, viewer: str | None) -> list[dict]:
    """Public: parties, turn, how many cards each gave, talents owed, claims and voids. Which cards, the two
    parties were told when they moved (the narration); the board does not keep naming them, since a card
    given may since have gone on to another hand."""
    out = []
    for d in deals(s):
        row = {"id": d["id"], "turn": d["turn"], "parties": list(d["parties"]),
               "cards": {p: len(d["cards"][p]) for p in d["parties"]},
               "owed": {p: owed(s, d, p) for p in d["parties"]}, "due_turn": d["turn"] + 1,
               "claimed": list(d["claimed"]), "voided_by": list(d["voided_by"])}
        out.append(row)
    return out


def check_deals(s: dict) -> None:
    """invariants.py: each deal between two seats, claims and voids by its parties, once each; a proposal
    waiting for its answer has put its cards in the other party's hand, unplayable."""
    ids = [d["id"] for d in deals(s)]
    assert ids == sorted(set(ids)), "deal ids repeat or are out of order"
    for d in deals(s):
        a, b = d["parties"]
        assert a != b and a in s["factions"] and b in s["factions"], f"deal {d['id']} parties {d['parties']}"
        assert set(d["voided_by"]) <= set(d["claimed"]) <= {a, b}, f"deal {d['id']} claims or voids"
        assert len(set(d["claimed"])) == len(d["claimed"]) and all(v >= 0 for v in d["talents"].values())
    if s["step"] == "revolution_deal_confirm":
        for p in s["ctx"]["proposals"]:
            f = s["factions"][p["to"]]
            assert p["from"] != p["to"] and set(p["cards"]) <= set(f["unplayable"]), f"proposal {p}"


# ------------------------------------------------------------------------------------------ narration
@narrates("deal_proposed")
def _proposed(t: Any, n: dict) -> str:
    return n_("%(seat)s proposes a public deal to %(partner)s: %(n)d card now, %(give)s promised by %(seat)s and "
              "%(get)s by %(partner)s at the next Redistribution.",
              "%(seat)s proposes a public deal to %(partner)s: %(n)d cards now, %(give)s promised by %(seat)s and "
              "%(get)s by %(partner)s at the next Redistribution.", n["count"], seat=t.who(n["seat"]),
              partner=t.who(n["partner"]), give=t.talents(n["give"]), get=t.talents(n["get"]))


@narrates("deal_claimed")
def _claimed(t: Any, n: dict) -> str:
    return _("%(seat)s claims that %(partner)s broke deal %(deal)d; the other factions rule on it.",
             seat=t.who(n["seat"]), partner=t.who(n["partner"]), deal=n["deal"])


@narrates("deal_offered")
def _offered(t: Any, n: dict) -> str:
    return _("%(seat)s offers you %(cards)s under the deal; they wait in your hand until you answer.",
             seat=t.who(n["seat"]), cards=t.list(t.card(c) for c in n["cards"]))


@narrates("deal_refused")
def _refused(t: Any, n: dict) -> str:
    return _("%(seat)s refuses the deal %(partner)s proposed.", seat=t.who(n["seat"]), partner=t.who(n["partner"]))


@narrates("deal_recorded")
def _recorded(t: Any, n: dict) -> str:
    return _("Deal %(deal)d between %(seat)s and %(partner)s is recorded. Cards given now: %(given)d by %(seat)s, "
             "%(returned)d by %(partner)s. Promised at the next Redistribution: %(give)s by %(seat)s, %(get)s by "
             "%(partner)s.", deal=n["deal"], seat=t.who(n["seat"]), partner=t.who(n["partner"]),
             given=n["given"], returned=n["returned"], give=t.talents(n["give"]), get=t.talents(n["get"]))


@narrates("deal_cards")
def _deal_cards(t: Any, n: dict) -> str:
    return _("%(seat)s gives you %(cards)s under the deal (playable from the next Revolution Phase).",
             seat=t.who(n["seat"]), cards=t.list(t.card(c) for c in n["cards"]))


@narrates("deal_ruling")
def _ruling(t: Any, n: dict) -> str:
    breach, kept = t.list(t.who(x) for x in n["breach"]) or _("nobody"), t.list(t.who(x) for x in n["kept"]) or _("nobody")
    if n["upheld"]:
        return _("Deal %(deal)d, the claim of %(seat)s: a breach for %(breach)s, kept for %(kept)s; the claim is "
                 "upheld.", deal=n["deal"], breach=breach, kept=kept, seat=t.who(n["seat"]))
    return _("Deal %(deal)d, the claim of %(seat)s: a breach for %(breach)s, kept for %(kept)s; the claim fails.",
             deal=n["deal"], breach=breach, kept=kept, seat=t.who(n["seat"]))


@narrates("deal_stands")
def _stands(t: Any, n: dict) -> str:
    return _("%(seat)s lets deal %(deal)d stand.", seat=t.who(n["seat"]), deal=n["deal"])


@narrates("deal_voided")
def _voided(t: Any, n: dict) -> str:
    return n_("%(seat)s voids deal %(deal)d: %(n)d card comes back from %(partner)s, and the %(talents)s "
              "%(seat)s promised are no longer owed.", "%(seat)s voids deal %(deal)d: %(n)d cards come back from "
              "%(partner)s, and the %(talents)s %(seat)s promised are no longer owed.", n["back"],
              seat=t.who(n["seat"]), deal=n["deal"], partner=t.who(n["partner"]), talents=t.talents(n["talents"]))


@narrates("deal_cards_back")
def _cards_back(t: Any, n: dict) -> str:
    return _("Back in your hand: %(cards)s.", cards=t.list(t.card(c) for c in n["cards"]))
