"""The Forum Phase (Rule 7): the passage of time, six Initiatives, the auction of the extra ones, and the end
of the phase ("putting Rome in order").

An Initiative (Rule 7.2) is a short sequence of named states:

  forum_initiative_roll        the mandatory 2d6 roll, confirmed by the player: a 7 puts an event in play
                               (events.py), anything else draws the top card
  forum_initiative_persuasion  a persuasion attempt, a nested sequence (persuasion.py), when one is possible
  forum_initiative_actions     one form for the rest: Knights, Faction Leader or Games, releasing an
                               opposed Statesman (knights.py), then the next Initiative

The first Initiatives go one per player from the HRAO's player clockwise; the others (6 minus the number of
players) are auctioned one at a time (Rule 7.3). After the sixth, the end of the phase (forum_end.py). The phase's working data `s["ctx"]` is
{order, n (Initiatives taken), initiator, auction}; nested sequences keep their own and come back to it.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction

from . import events
from .card_play import family_card_arrives
from .data import card_key, card_kind, is_faction_card
from .dice import roll
from .machine import FORM, Step, call, goto, state
from .names import senator_name
from .narrate import ROLL_PURPOSES, narrates
from .state import bump, clockwise_from, hrao_seat, in_rome, note, sorted_ids

ACTIVE = ("active", "unprosecuted")  # Rule 6.2: an Unprosecuted War is still an Active War


def initiatives(D: Any) -> int:
    """Rule 7.2: exactly six Initiatives per turn."""
    return D.c("initiatives_per_turn")


@state
class ForumPassageOfTime(Step):
    """Rule 7.1: the events of earlier turns leave (except Refuge and the Rhodian alliance); then the first
    Initiatives go one per player, from the HRAO's player clockwise (Rule 7.2)."""

    name = "forum_passage_of_time"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        events.passage_of_time(s, D)
        s["ctx"] = {"order": clockwise_from(s, hrao_seat(s, D)), "n": 0, "initiator": None}
        s["initiatives"] = 0
        goto(s, D, "forum_next_initiative", rng)


@state
class ForumNextInitiative(Step):
    """Rule 7.2-7.3: the next player's Initiative, an auctioned one, or the end of the phase after six."""

    name = "forum_next_initiative"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        s["initiatives"] = ctx["n"]
        if ctx["n"] >= initiatives(D):
            goto(s, D, "forum_end", rng)
        elif ctx["n"] < len(ctx["order"]):
            begin_initiative(s, D, rng, ctx["order"][ctx["n"]])
        else:
            goto(s, D, "forum_initiative_auction", rng)


def begin_initiative(s: dict, D: Any, rng: Random, seat: str) -> None:
    s["ctx"]["initiator"] = seat
    note(s, "initiative", seat=seat, n=s["ctx"]["n"] + 1)
    goto(s, D, "forum_initiative_roll", rng)


@state
class ForumInitiativeRoll(Step):
    """Rule 7.2 step 1: the mandatory Initiative roll (2d6, never modified); the player confirms, the server
    rolls. 7: an event (events.py), and no card; otherwise the top card of the deck (an empty deck: nothing)."""

    name = "forum_initiative_roll"
    short = "init"
    kind = "roll_initiative"
    forced_public = False  # the player confirms his own roll (decision 17)
    waiting = _("to roll for an Initiative")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["initiator"]: ["roll"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Roll for the Initiative")

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Initiative %(n)d of 6: roll two dice (7: an event; otherwise you draw a card).", n=s["ctx"]["n"] + 1)

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        dice = roll(s, rng, 2, "initiative", seat=seat)
        if sum(dice) == 7:
            opened = events.random_event(s, D, rng, seat, then="forum_initiative_persuasion")
            if opened or s["finished"]:
                return
        else:
            draw_card(s, D, seat)
        goto(s, D, "forum_initiative_persuasion", rng)


@state
class ForumInitiativePersuasion(Step):
    """Rule 7.2 step 2: at most one persuasion attempt (persuasion.py), when the player has a Senator in Rome
    and there is somebody to persuade; then the rest of the Initiative (knights.py)."""

    name = "forum_initiative_persuasion"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        from .persuasion import persuasion_possible
        seat = s["ctx"]["initiator"]
        if persuasion_possible(s, D, seat):
            call(s, D, "forum_persuasion", rng, then="forum_initiative_actions", args={"seat": seat})
        else:
            goto(s, D, "forum_initiative_actions", rng)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        self.enter(s, D, rng)  # back from the Storm at Sea


# ------------------------------------------------------------------------------------ the card drawn
def draw_card(s: dict, D: Any, seat: str) -> None:
    """Rule 7.2 step 1: the top card; black cards are placed openly, red ones go secretly to the hand. The
    turn the last card is drawn is recorded: the scenario ends with it (turn.py)."""
    if not s["deck"]:
        note(s, "deck_empty")
        return
    card, s["deck"] = s["deck"][0], s["deck"][1:]
    if not s["deck"]:
        s["deck_exhausted_turn"] = s["turn"]
    if card == ERA_ENDS:
        era_ends(s, seat)
        return
    if is_faction_card(card):
        f = s["factions"][seat]
        s["factions"][seat]["hand"] = f["hand"] + [card]
        note(s, "drew_faction_card", seat=seat)
        note(s, "drew_faction_card_private", to=seat, card=card)
        return
    note(s, "drew_forum_card", seat=seat, card=card)
    kind, key = card_kind(card), card_key(card)
    if kind == "sen":
        family_card_arrives(s, D, key)
    elif kind == "war":
        place_war(s, D, key)
    elif kind == "ldr":
        place_leader(s, D, key)


# ------------------------------------------------------------------------------------- Era Ends (VG)
ERA_ENDS = "era:ends"


def era_ends_option(s: dict) -> bool:
    return s["options"]["game_end"] == "era_ends_card_forum_phase"


def shuffle_in_era_ends(s: dict, D: Any, rng: Random) -> None:
    """VG 3.01.4 with `game_end` set to the Era Ends card: the card is shuffled into the bottom of the deck. VG
    builds that bottom from 6 gray and 6 white cards of the later decks; the Early deck alone has none, so the
    card is shuffled with the Early deck's last 12 cards (the same place from the end) [A]."""
    if not era_ends_option(s):
        return
    n = sum(D.variants["era_ends_deck_build"]["valley_games"][k] for k in ("gray_cards", "white_cards"))
    bottom = s["deck"][-n:] + [ERA_ENDS]
    rng.shuffle(bottom)
    s["deck"] = s["deck"][:-n] + bottom if len(s["deck"]) > n else bottom


def era_ends(s: dict, seat: str) -> None:
    """The Era Ends card drawn (VG 1.12.1): the game ends at the end of this Forum Phase (turn.end_phase reads
    `era_ends_revealed`, the turn it was drawn); from now on an unmodified 9 already fails a persuasion. The
    card leaves the game (it is nowhere: the card count of the Early deck does not know it)."""
    s["era_ends_revealed"] = s["turn"]
    note(s, "era_ends", seat=seat)


def series_wars(s: dict, D: Any, series: str) -> list[str]:
    """The Wars of one series in play, earliest in the series first."""
    return sorted((w for w in s["forum"]["wars"] if D.wars[w]["series"] == series),
                  key=lambda w: D.wars[w]["series_index"])


def set_war(s: dict, war: str, status: str) -> None:
    old = s["forum"]["wars"].get(war, {"naval_victory": False})
    s["forum"]["wars"][war] = {**old, "status": status}


def place_war(s: dict, D: Any, war: str) -> None:
    """Rule 10.1: Active or Inactive as printed; a War matching one in play makes both Active at once (AH), or
    waits in the Imminent box until the next Mortality Phase (flag imminent_wars; the War already in play
    still becomes Active now [A]). A Leader of the series waiting in the Curia joins it: both are Active."""
    series = D.wars[war]["series"]
    matching = series_wars(s, D, series)
    status = "active" if D.wars[war]["active_when_drawn"] else "inactive"
    if matching:
        status = "imminent" if s["options"]["imminent_wars"] else "active"
        for other in matching:
            if s["forum"]["wars"][other]["status"] == "inactive":
                set_war(s, other, "active")
                note(s, "war_activated", war=other, by=war)
    waiting = [lid for lid in s["curia"]["leaders"] if D.leaders[lid]["series"] == series]
    if waiting:
        status = "active"
    set_war(s, war, status)
    note(s, "war_placed", war=war, status=status)
    for lid in waiting:
        s["curia"] = {**s["curia"], "leaders": [x for x in s["curia"]["leaders"] if x != lid]}
        s["forum"]["leaders"] = {**s["forum"]["leaders"], lid: war}
        note(s, "leader_joins", leader=lid, war=war, source="curia")
    if events.refuge_joins(s, D, war) and s["forum"]["wars"][war]["status"] == "inactive":
        set_war(s, war, "active")
        note(s, "war_activated", war=war, by=s["forum"]["events"]["refuge"]["leader"])


def place_leader(s: dict, D: Any, lid: str) -> None:
    """Rule 10.1: a Leader joins a War of his series in play and makes it Active; with none, to the Curia."""
    wars = series_wars(s, D, D.leaders[lid]["series"])
    if not wars:
        s["curia"] = {**s["curia"], "leaders": s["curia"]["leaders"] + [lid]}
        note(s, "leader_to_curia", leader=lid)
        return
    war = next((w for w in wars if s["forum"]["wars"][w]["status"] != "imminent"), wars[0])
    s["forum"]["leaders"] = {**s["forum"]["leaders"], lid: war}
    if s["forum"]["wars"][war]["status"] in ("inactive", "imminent"):
        set_war(s, war, "active")
        note(s, "war_activated", war=war, by=lid)
    note(s, "leader_joins", leader=lid, war=war, source="deck")


# -------------------------------------------------------------------------------- the auction (7.3)
def bidders(s: dict, seat: str, high: int) -> list[str]:
    """The seat's Senators in Rome who can pay more than the high bid (edge case 27: one Senator pays)."""
    return sorted_ids(sid for sid, x in s["senators"].items()
                      if x["faction"] == seat and in_rome(s, sid) and x["talents"] > high)


@state
class ForumInitiativeAuction(Step):
    """Rule 7.3: an extra Initiative is auctioned once around the table from the HRAO's player."""

    name = "forum_initiative_auction"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"]["auction"] = {"order": clockwise_from(s, hrao_seat(s, D)), "i": 0, "high": 0, "bidder": None,
                               "senator": None}
        note(s, "auction_opens", n=s["ctx"]["n"] + 1)
        next_bidder(s, D, rng)


def next_bidder(s: dict, D: Any, rng: Random) -> None:
    """On to the next seat able to outbid (a seat that cannot is passed over: treasuries are public)."""
    a = s["ctx"]["auction"]
    while a["i"] < len(a["order"]):
        if bidders(s, a["order"][a["i"]], a["high"]):
            goto(s, D, "forum_initiative_auction_bid", rng)
            return
        a["i"] += 1
    s["ctx"].pop("auction")
    if a["bidder"] is None:
        seat = hrao_seat(s, D)
        note(s, "auction_free", seat=seat)
    else:
        seat = a["bidder"]
        s["senators"][a["senator"]]["talents"] -= a["high"]
        note(s, "auction_won", seat=seat, senator=a["senator"], bid=a["high"])
    begin_initiative(s, D, rng, seat)


@state
class ForumInitiativeAuctionBid(Step):
    """Rule 7.3 (decision 24): pass, or bid more than the high bid, paid by one named Senator in Rome."""

    name = "forum_initiative_auction_bid"
    short = "bid"
    kind = "bid_initiative"
    waiting = _("to bid for an extra Initiative")

    def bidder(self, s: dict) -> str:
        a = s["ctx"]["auction"]
        return a["order"][a["i"]]

    def legal(self, s: dict, D: Any) -> dict:
        return {self.bidder(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        high = s["ctx"]["auction"]["high"]
        ids = bidders(s, seat, high)
        options = (Option("pass", _("Pass")),) + tuple(
            Option(sid, _("%(senator)s pays (%(talents)s)", senator=senator_name(D, s, sid),
                          talents=_talents(s["senators"][sid]["talents"]))) for sid in ids)
        most = max(s["senators"][sid]["talents"] for sid in ids)
        return Form((OneOf("senator", _("Bid paid by"), options), Number("bid", _("Bid"), high + 1, most)))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        sid = values["senator"]
        if sid != "pass" and values["bid"] > s["senators"][sid]["talents"]:
            raise IllegalAction(_("%(senator)s has only %(talents)s to pay a bid.", senator=senator_name(D, s, sid),
                                  talents=_talents(s["senators"][sid]["talents"])))

    def text(self, s: dict, D: Any, seat: str) -> str:
        a = s["ctx"]["auction"]
        if a["bidder"] is None:
            return _("Initiative %(n)d of 6 is auctioned: bid for it (paid to the Bank by one of your Senators in "
                     "Rome), or pass. No bid yet.", n=s["ctx"]["n"] + 1)
        return _("Initiative %(n)d of 6 is auctioned: the high bid is %(bid)s by %(seat)s. Bid more, or pass.",
                 n=s["ctx"]["n"] + 1, bid=_talents(a["high"]), seat=_seat(a["bidder"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no bid for extra Initiatives."""
        return {"senator": "pass", "bid": s["ctx"]["auction"]["high"] + 1}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        a = s["ctx"]["auction"]
        if values["senator"] == "pass":
            note(s, "auction_pass", seat=seat)
        else:
            a.update(high=values["bid"], bidder=seat, senator=values["senator"])
            note(s, "auction_bid", seat=seat, senator=values["senator"], bid=values["bid"])
        a["i"] += 1
        next_bidder(s, D, rng)


def _talents(n: int) -> str:
    from .names import talents
    return talents(n)


def _seat(seat: str) -> str:
    from domain.rules import seat_name
    return seat_name(seat)


# ------------------------------------------------------------------------------------------ narration
@narrates("initiative")
def _initiative(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("Initiative %(n)d: yours.", n=n["n"])
    return _("Initiative %(n)d: %(seat)s.", n=n["n"], seat=t.who(n["seat"]))


@narrates("drew_faction_card")
def _drew_faction(t: Any, n: dict) -> str | None:
    if t.you(n["seat"]):
        return None
    return _("%(seat)s draws a Faction card.", seat=t.who(n["seat"]))


@narrates("drew_faction_card_private")
def _drew_faction_private(t: Any, n: dict) -> str:
    return _("You draw %(card)s into your hand.", card=t.card(n["card"]))


@narrates("drew_forum_card")
def _drew_forum(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You draw %(card)s: it goes to the Forum.", card=t.card(n["card"]))
    return _("%(seat)s draws %(card)s: it goes to the Forum.", seat=t.who(n["seat"]), card=t.card(n["card"]))


@narrates("era_ends")
def _era_ends(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You draw Era Ends: the game ends at the end of this Forum Phase, and from now on an unmodified "
                 "9 or more fails a persuasion.")
    return _("%(seat)s draws Era Ends: the game ends at the end of this Forum Phase, and from now on an "
             "unmodified 9 or more fails a persuasion.", seat=t.who(n["seat"]))


@narrates("deck_empty")
def _deck_empty(t: Any, n: dict) -> str:
    return _("The deck is empty: no card is drawn.")


WAR_STATUS = {"active": _("Active"), "inactive": _("Inactive"), "imminent": _("Imminent"),
              "unprosecuted": _("Unprosecuted")}


@narrates("war_placed")
def _war_placed(t: Any, n: dict) -> str:
    return _("%(war)s is %(status)s.", war=t.card("war:" + n["war"]), status=WAR_STATUS[n["status"]])


@narrates("war_activated")
def _war_activated(t: Any, n: dict) -> str:
    return _("%(war)s becomes Active.", war=t.card("war:" + n["war"]))


@narrates("leader_joins")
def _leader_joins(t: Any, n: dict) -> str:
    return _("%(leader)s leads %(war)s.", leader=t.card("ldr:" + n["leader"]), war=t.card("war:" + n["war"]))


@narrates("leader_to_curia")
def _leader_curia(t: Any, n: dict) -> str:
    return _("%(leader)s has no War in play and goes to the Curia.", leader=t.card("ldr:" + n["leader"]))


@narrates("auction_opens")
def _auction_opens(t: Any, n: dict) -> str:
    return _("Initiative %(n)d is auctioned.", n=n["n"])


@narrates("auction_pass")
def _auction_pass(t: Any, n: dict) -> str:
    return _("You pass.") if t.you(n["seat"]) else _("%(seat)s passes.", seat=t.who(n["seat"]))


@narrates("auction_bid")
def _auction_bid(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You bid %(bid)s, paid by %(senator)s.", bid=t.talents(n["bid"]), senator=t.senator(n["senator"]))
    return _("%(seat)s bids %(bid)s, paid by %(senator)s.", seat=t.who(n["seat"]), bid=t.talents(n["bid"]),
             senator=t.senator(n["senator"]))


@narrates("auction_won")
def _auction_won(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You win the Initiative: %(senator)s pays %(bid)s to the Bank.", senator=t.senator(n["senator"]),
                 bid=t.talents(n["bid"]))
    return _("%(seat)s wins the Initiative: %(senator)s pays %(bid)s to the Bank.", seat=t.who(n["seat"]),
             senator=t.senator(n["senator"]), bid=t.talents(n["bid"]))


@narrates("auction_free")
def _auction_free(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("Nobody bids: the Initiative is yours for free (the HRAO's faction).")
    return _("Nobody bids: the Initiative goes to %(seat)s for free (the HRAO's faction).", seat=t.who(n["seat"]))


ROLL_PURPOSES.update({"initiative": _("the Initiative"), "random_event": _("the Random Events table")})

from . import event_choices as _choices, forum_end as _end, knights as _knights  # noqa: E402,F401  (states)
from . import persuasion as _persuasion  # noqa: E402,F401
