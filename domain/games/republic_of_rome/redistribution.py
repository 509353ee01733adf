"""The Revenue Phase (Rule 6), step 3: redistribution (Rule 6.3), sealed and simultaneous (spec [A]).

Each player sends one form: a list of transfers {from, to, talents}, applied in the order written. From:
his faction treasury or one of his Senators (not a rebel, not a captive). To: his faction treasury, one of
his Senators, another player's faction treasury or one of that player's loyal Senators (Rule 6.3: the only
moment money passes between players; with `player_to_player_money` at the Valley Games value this step
comes right after the personal revenue). A transfer may use money an earlier transfer of the same list
brought; money from other players arrives after everybody's own transfers, and a player who received some
may move it among his own holdings in a short second round (spec [A]).

What others learn (spec 16: a faction treasury's amount is secret): a player's moves among his own
holdings are told in detail to him alone; everybody reads that he moved money among his Senators and his
faction treasury (the Senators' treasuries are public, so their new amounts are seen anyway). A transfer
between players is told with its amount, source and destination to the giver and the receiver; the others
read only that the giver gave money to the receiver.

Rule 11.1 with `card_trading` at the Avalon Hill value (trades at any time, a card received outside the
Revolution Phase unplayable until the next one; spec 17.2 item 7): the first round's form also offers the
hand's cards to other factions (each card: keep, or offer to one faction). Once the forms are revealed and
the money has moved, the receivers accept or refuse in revolution.py's acceptance step (called, it returns
here); then the second round. Who offers how many cards to whom is public, which cards only the two parties
know. At the Valley Games value the field is absent.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option, Rows
from domain.i18n import _
from domain.rules import IllegalAction, seat_name

from .machine import FORM, Step, goto, state
from .names import card_name, senator_name, talents
from .narrate import narrates
from .revenue import VG_ORDER, roster, senator_option
from .state import bump, note
from .turn import end_phase

FACTION = "faction"  # a player's own faction treasury
MAX_TRANSFERS = 10
ANY_TIME = "any_time_unplayable_until_next_revolution_phase"  # option card_trading, AH
KEEP, GIVE = "keep", "give:"  # as revolution.py's card fates


def other_treasury(seat: str) -> str:
    return f"{FACTION}:{seat}"


def holders(s: dict) -> dict[str, list[str]]:
    """seat -> its Senators who may hold and move money (loyal, not captive: revenue.recipients), by number."""
    return {seat: mine["recipients"] for seat, mine in roster(s).items()}


def active_seats(s: dict, places: dict | None = None) -> list[str]:
    """Players who hold money places: a loyal Senator who is not captive (public facts only)."""
    places = places or holders(s)
    return [seat for seat in s["seats"] if not s["factions"][seat].get("eliminated") and places[seat]]


def owner_of(s: dict, place: str) -> str:
    """The seat a source or destination belongs to."""
    if place.startswith(FACTION + ":"):
        return place.split(":", 1)[1]
    return s["senators"][place]["faction"]


def balance(s: dict, seat: str, place: str) -> int:
    return s["factions"][seat]["treasury"] if place == FACTION else s["senators"][place]["talents"]


def transfers_form(s: dict, D: Any, seat: str, to_others: bool) -> Form:
    places = holders(s)
    sources = (Option(FACTION, _("Your faction treasury")),) + tuple(senator_option(D, s, sid) for sid in places[seat])
    targets = list(sources)
    if to_others:
        for other in active_seats(s, places):
            if other == seat:
                continue
            targets.append(Option(other_treasury(other), _("Faction treasury of %(seat)s", seat=seat_name(other))))
            targets += [senator_option(D, s, sid, other) for sid in places[other]]
    most = max(1, sum(balance(s, seat, o.value) for o in sources))
    return Form((Rows("transfers", _("Transfers"), (OneOf("source", _("From"), sources),
                                                     OneOf("target", _("To"), tuple(targets)),
                                                     Number("amount", _("Talents"), 1, most)), MAX_TRANSFERS),))


def check_transfers(s: dict, D: Any, seat: str, rows: list[dict]) -> None:
    """No transfer to where the money already is; none larger than what its source holds at that point
    (the seat's own money: the sentence tells only him)."""
    held: dict[str, int] = {}
    for row in rows:
        src, dst, amount = row["source"], row["target"], row["amount"]
        if src == dst:
            raise IllegalAction(_("A transfer must go from one place to another."))
        have = held.get(src, balance(s, seat, src))
        if amount > have:
            raise IllegalAction(_("%(source)s holds only %(amount)s at that point of your transfers.",
                                  source=place_words(D, s, seat, src), amount=talents(have)))
        held[src] = have - amount
        if dst == FACTION or (dst in s["senators"] and s["senators"][dst]["faction"] == seat):
            held[dst] = held.get(dst, balance(s, seat, dst)) + amount


def place_words(D: Any, s: dict, seat: str, place: str) -> str:
    return _("Your faction treasury") if place == FACTION else senator_name(D, s, place)


class SealedTransfers(Step):
    """One sealed round of transfers (the two rounds differ in who is asked and whether other players'
    holdings are destinations)."""

    secret = True
    kind = "redistribute"
    to_others = True
    waiting = _("to redistribute their money")

    def asked(self, s: dict) -> list[str]:
        raise NotImplementedError

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in self.asked(s) if seat not in s["sealed"]}

    def situation(self, s: dict, D: Any) -> list[str]:
        """view.situation: the talents promised under public deals for this Redistribution (Rule 16, deals.py)."""
        from .deals import promises_due
        return promises_due(s)

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return transfers_form(s, D, seat, self.to_others)

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        check_transfers(s, D, seat, values["transfers"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no transfer (money stays where it is)."""
        return {"transfers": []}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values}
        bump(s)
        if set(self.asked(s)) <= set(s["sealed"]):
            answers, s["sealed"] = s["sealed"], {}
            self.resolve(s, D, rng, answers)

    def resolve(self, s: dict, D: Any, rng: Random, answers: dict) -> None:
        raise NotImplementedError


@state
class RevenueRedistribution(SealedTransfers):
    """Rule 6.3: every player's transfers, sealed; own moves first (in seat order), then the money sent to
    other players arrives; whoever received some may move it in a second round."""

    name = "revenue_redistribution"
    short = "redistribute"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not self.asked(s):
            finish(s, D, rng)

    def asked(self, s: dict) -> list[str]:
        return active_seats(s)

    def form(self, s: dict, D: Any, seat: str) -> Form:
        form = transfers_form(s, D, seat, True)
        cards = cards_field(s, D, seat)
        return Form(form.fields + (cards,)) if cards else form

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no transfer, and every card kept."""
        values: dict = {"transfers": []}
        if cards_field(s, D, seat):
            values["cards"] = {c: KEEP for c in s["factions"][seat]["hand"]}
        return values

    def text(self, s: dict, D: Any, seat: str) -> str:
        if cards_field(s, D, seat):
            return _("Redistribution: move talents between your faction treasury (it holds %(treasury)s) and your "
                     "Senators, or give some to other players; transfers are applied in the order written. You may "
                     "also offer cards of your hand to other factions: a card accepted cannot be played before the "
                     "next Revolution Phase (sealed: applied when everybody has answered).",
                     treasury=talents(s["factions"][seat]["treasury"]))
        return _("Redistribution: move talents between your faction treasury (it holds %(treasury)s) and your "
                 "Senators, or give some to other players; transfers are applied in the order written (sealed: "
                 "applied when everybody has answered).", treasury=talents(s["factions"][seat]["treasury"]))

    def resolve(self, s: dict, D: Any, rng: Random, answers: dict) -> None:
        arriving: list[dict] = []
        for seat in s["seats"]:
            arriving += apply_transfers(s, D, seat, answers.get(seat, {}).get("transfers", []))
        for gift in arriving:
            deliver(s, gift)
        received = sorted({g["receiver"] for g in arriving}, key=s["seats"].index)
        s["ctx"] = {**s["ctx"], "received": received}
        offers = card_offers(s, answers)
        if offers:
            from .revolution import answer_offers, live_seats
            answer_offers(s, D, rng, offers, live_seats(s))
        else:
            self.resume(s, D, rng, None)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        """After the money (and the cards' answers, when cards were offered): the second round, or the end."""
        if s["ctx"].get("received"):
            goto(s, D, "revenue_redistribution_received", rng)
        else:
            finish(s, D, rng)


def cards_field(s: dict, D: Any, seat: str) -> EachOf | None:
    """Rule 11.1, AH `card_trading`: each card of the hand kept or offered to one other faction (None at the VG
    value, with an empty hand, or with nobody to offer to)."""
    from .revolution import live_seats
    others = [x for x in live_seats(s) if x != seat]
    hand = s["factions"][seat]["hand"]
    if s["options"].get("card_trading") != ANY_TIME or not hand or not others:
        return None
    fates = (Option(KEEP, _("Keep")),) + tuple(Option(GIVE + x, _("Offer to %(seat)s", seat=seat_name(x)))
                                               for x in others)
    return EachOf("cards", _("Cards in your hand"), tuple(Option(c, card_name(D, c)) for c in hand),
                  OneOf("fate", _("What to do"), fates))


def card_offers(s: dict, answers: dict) -> list[dict]:
    """The sealed card offers, made now in seat order (revolution.make_offer: the cards move to the receiver's
    hand, unplayable and pending)."""
    from .revolution import make_offer
    offers = []
    for seat in s["seats"]:
        fates = answers.get(seat, {}).get("cards", {})
        if not set(fates) <= set(s["factions"][seat]["hand"]):  # never between seal and reveal
            raise IllegalAction(_("A sealed redistribution names cards no longer in its faction's hand."))
        for other in s["seats"]:
            given = [c for c, f in fates.items() if f == GIVE + other]
            if given and other != seat and not s["factions"][other].get("eliminated"):
                offers.append(make_offer(s, seat, other, given, anytime=True))
    return offers


@state
class RevenueRedistributionReceived(SealedTransfers):
    """Spec 6.3 [A]: a player who received money from another may move it among his own holdings."""

    name = "revenue_redistribution_received"
    short = "redistribute2"
    to_others = False

    def asked(self, s: dict) -> list[str]:
        return [seat for seat in s["ctx"].get("received", []) if seat in active_seats(s)]

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("You received money from another player: you may move talents between your faction treasury (it "
                 "holds %(treasury)s) and your Senators once more (sealed).",
                 treasury=talents(s["factions"][seat]["treasury"]))

    def resolve(self, s: dict, D: Any, rng: Random, answers: dict) -> None:
        for seat in s["seats"]:
            apply_transfers(s, D, seat, answers.get(seat, {}).get("transfers", []))
        finish(s, D, rng)


def apply_transfers(s: dict, D: Any, seat: str, rows: list[dict]) -> list[dict]:
    """`seat`'s transfers in order: own moves at once, money for other players taken now and returned as
    gifts to deliver after everybody's own moves."""
    moves, gifts = [], []
    for row in rows:
        src, dst, amount = row["source"], row["target"], row["amount"]
        take(s, seat, src, amount)
        if dst == FACTION or owner_of(s, dst) == seat:
            give(s, seat, dst, amount)
            moves.append({"source": src, "target": dst, "amount": amount})
        else:
            gifts.append({"giver": seat, "receiver": owner_of(s, dst), "source": src, "target": dst,
                          "amount": amount})
    if moves:
        note(s, "redistribution_own", seat=seat)
        note(s, "redistribution_own_detail", to=seat, seat=seat, moves=moves)
    return gifts


def take(s: dict, seat: str, place: str, amount: int) -> None:
    if place == FACTION:
        s["factions"][seat]["treasury"] -= amount
    else:
        s["senators"][place]["talents"] -= amount


def give(s: dict, seat: str, place: str, amount: int) -> None:
    if place in (FACTION, other_treasury(seat)):
        s["factions"][seat]["treasury"] += amount
    else:
        s["senators"][place]["talents"] += amount


def deliver(s: dict, gift: dict) -> None:
    give(s, gift["receiver"], gift["target"], gift["amount"])
    note(s, "gift_public", seat=gift["giver"], receiver=gift["receiver"])
    note(s, "gift_sent", to=gift["giver"], **gift)
    note(s, "gift_received", to=gift["receiver"], **gift)


def finish(s: dict, D: Any, rng: Random) -> None:
    """The end of the redistribution: the phase ends (AH), or the State accounts follow (VG order)."""
    if s["options"]["player_to_player_money"] == VG_ORDER:
        goto(s, D, "revenue_state_accounts", rng)
    else:
        end_phase(s, D, rng)


# ------------------------------------------------------------------------------------ narration
def _place(t: Any, place: str) -> str:
    if place.startswith(FACTION):
        return _("the faction treasury")
    return t.senator(place)


@narrates("redistribution_own")
def _own(t: Any, n: dict) -> str | None:
    if t.sees(n["seat"]):
        return None  # the detailed private line says it
    return _("%(seat)s moves money between the faction's Senators and its treasury.", seat=t.who(n["seat"]))


@narrates("redistribution_own_detail")
def _own_detail(t: Any, n: dict) -> str:
    moves = t.list(_("%(amount)s from %(source)s to %(target)s", amount=t.talents(m["amount"]),
                     source=_place(t, m["source"]), target=_place(t, m["target"])) for m in n["moves"])
    if t.you(n["seat"]):
        return _("Your redistribution: %(moves)s.", moves=moves)
    return _("Redistribution of %(seat)s: %(moves)s.", seat=t.who(n["seat"]), moves=moves)


@narrates("gift_public")
def _gift_public(t: Any, n: dict) -> str | None:
    if t.sees(n["seat"]) or t.sees(n["receiver"]):
        return None  # the private lines say it with the amount
    return _("%(giver)s gives money to %(receiver)s.", giver=t.who(n["seat"]), receiver=t.who(n["receiver"]))


@narrates("gift_sent")
def _gift_sent(t: Any, n: dict) -> str:
    target = _("the faction treasury") if n["target"].startswith(FACTION) else t.senator(n["target"])
    if t.you(n["giver"]):
        return _("You give %(amount)s from %(source)s to %(receiver)s (%(target)s).", amount=t.talents(n["amount"]),
                 source=_place(t, n["source"]), receiver=t.who(n["receiver"]), target=target)
    return _("%(giver)s gives %(amount)s from %(source)s to %(receiver)s (%(target)s).", giver=t.who(n["giver"]),
             amount=t.talents(n["amount"]), source=_place(t, n["source"]), receiver=t.who(n["receiver"]), target=target)


@narrates("gift_received")
def _gift_received(t: Any, n: dict) -> str | None:
    if not t.you(n["receiver"]):
        return None  # the referee reads the giver's line
    target = _("your faction treasury") if n["target"].startswith(FACTION) else t.senator(n["target"])
    return _("%(giver)s gives you %(amount)s (to %(target)s).", giver=t.who(n["giver"]), amount=t.talents(n["amount"]),
             target=target)
