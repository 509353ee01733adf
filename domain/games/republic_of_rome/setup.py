"""Setup, Early Republic (Rule 3): the deal, the Temporary Rome Consul, the initial hands, then one sealed form
per player for his Faction Leader and his initial card play (Rule 3.4 and 3.7 together), and turn 1 begins
with the Mortality Phase."""
from __future__ import annotations

from random import Random
from typing import Any

from domain import forms
from domain.forms import EachOf, Form, OneOf, Option, SomeOf
from domain.i18n import _

from .card_play import (assign_concession, assignable_concessions, concession_holders, play_statesman,
                        playable_statesmen)
from .data import card_kind, card_key, is_faction_card
from .forum import shuffle_in_era_ends
from .machine import FORM, Step, state
from .names import card_name, senator_name
from .state import aligned, bump, clockwise_from, new_senator, note, sort_key
from .turn import start_phase

KEEP = "keep"  # a Concession kept in hand


def empty_state(seats: list[str], options: dict, D: Any, dkey: str) -> dict:
    c = D.const
    return {
        "seats": seats, "turn": 0, "phase": "setup", "step": "setup_deal", "seq": 0, "finished": False,
        "options": options, "dkey": dkey, "ctx": {}, "notes": [], "sealed": {},
        "senators": {}, "factions": {seat: {"leader": None, "treasury": 0, "hand": [], "unplayable": []}
                                     for seat in seats},
        "deck": [], "curia": {"senators": [], "concessions": [], "leaders": []}, "discard": [], "removed": [],
        "forum": {"wars": {}, "leaders": {}, "events": {}, "provinces": [], "concessions": []},
        "provinces": {},
        "treasury": c["state_treasury_start"], "unrest": c["unrest_start"],
        "legions": [{"id": i + 1, "veteran": False, "loyal_to": None, "at": "italy"}
                    for i in range(c["starting_legions_in_italy"])],
        "fleets": [{"id": i + 1, "at": "italy"} for i in range(c["starting_fleets"])],
        "drought": 0, "manpower_shortage": 0, "no_recruitment": False, "evil_omens": 0,
        "land_bills": {"I": 0, "II": 0, "III": 0}, "temporary_rome_consul": None,
        "deck_exhausted_turn": None, "result": None,
    }


def new_game(seats: list[str], options: dict, D: Any, dkey: str, rng: Random) -> dict:
    if options.get("scenario") is not None:  # a prepared position keeps the platform's seat order
        from .scenario import build_scenario
        s = empty_state(list(seats), options, D, dkey)
        build_scenario(s, D, options["scenario"], rng)
        return s
    order = list(seats)
    rng.shuffle(order)  # Rule 3.1: the seat order is fixed at random
    s = empty_state(order, options, D, dkey)
    deal(s, D, rng)
    return s


def deal(s: dict, D: Any, rng: Random) -> None:
    """Rule 3.2-3.3: the 1st Punic War to the Forum (Inactive); three Family Senators to each player."""
    deck = D.early_deck()
    families = [c for c in deck if card_kind(c) == "sen"]
    deck = [c for c in deck if card_kind(c) != "sen" and c != "war:1st_punic_war"]
    s["forum"]["wars"] = {"1st_punic_war": {"status": "inactive", "naval_victory": False}}
    rng.shuffle(families)
    for seat in s["seats"]:
        for card in families[:3]:
            sid = card_key(card)
            s["senators"][sid] = new_senator(D, sid, faction=seat)
        families = families[3:]
        note(s, "dealt", seat=seat, senators=sorted(aligned(s, seat), key=sort_key))
    deck += families
    rng.shuffle(deck)
    s["deck"] = deck
    temporary_rome_consul(s, D, rng)
    initial_hands(s, D, rng)
    shuffle_in_era_ends(s, D, rng)  # VG 3.01.4, only with game_end set to the Era Ends card
    s["step"] = "setup_faction_leader_and_cards"
    s["ctx"] = {}


def temporary_rome_consul(s: dict, D: Any, rng: Random) -> None:
    """Rule 3.5: the dealt Senator with the lowest id (AH), or the first whose chit is drawn (VG)."""
    dealt = sorted(s["senators"], key=sort_key)
    if s["options"]["temporary_consul"] == "random_mortality_chit":
        from .dice import chit_pool
        pool = [c for c in chit_pool(D) if c in s["senators"]]
        sid = pool[rng.randrange(len(pool))]
    else:
        sid = dealt[0]
    x = s["senators"][sid]
    x["office"], x["prior_consul"] = "rome_consul", True
    x["inf"] += D.offices["rome_consul"]["influence_gain"]
    s["temporary_rome_consul"] = sid
    note(s, "temporary_rome_consul", senator=sid, seat=x["faction"])


def initial_hands(s: dict, D: Any, rng: Random) -> None:
    """Rule 3.6: from the Temporary Rome Consul's player clockwise, draw until three red cards; the black
    cards drawn are shown, set aside, then shuffled back into the deck."""
    first = s["senators"][s["temporary_rome_consul"]]["faction"]
    aside: list[str] = []
    deck = list(s["deck"])
    for seat in clockwise_from(s, first):
        hand: list[str] = []
        while len(hand) < 3 and deck:
            card = deck.pop(0)
            (hand if is_faction_card(card) else aside).append(card)
        s["factions"][seat]["hand"] = hand
        note(s, "initial_hand", seat=seat, count=len(hand))
    if aside:
        note(s, "set_aside_shown", cards=aside)
    deck += aside
    rng.shuffle(deck)
    s["deck"] = deck


@state
class FactionLeadersAndInitialCards(Step):
    """Rule 3.4 and 3.7, one sealed form per player (both are simultaneous and independent of each other's
    answers, so setup takes one round trip): the Faction Leader among his three Senators, the Statesmen he
    plays (Rule 11.1) and the Concessions he assigns to his own Senators. Revealed when everybody has
    answered: the leaders first, then each player's cards in seat order (no play can make another illegal:
    every Statesman has his own number, and nothing here depends on another player's cards)."""

    name = "setup_faction_leader_and_cards"
    short = "setup"
    kind = "choose_faction_leader"
    secret = True
    waiting = _("to choose a Faction Leader and play initial cards")

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in s["seats"] if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        own = sorted(aligned(s, seat), key=sort_key)
        fields: list = [OneOf("leader", _("Faction Leader"), tuple(Option(sid, senator_name(D, s, sid)) for sid in own))]
        statesmen = playable_statesmen(s, D, seat)
        if statesmen:
            fields.append(SomeOf("statesmen", _("Statesmen to play now"),
                                 tuple(Option(st, card_name(D, "st:" + st)) for st in statesmen)))
        concessions = assignable_concessions(s, seat)
        if concessions:
            holders = (Option(KEEP, _("Keep in hand")),) + tuple(
                Option(sid, senator_name(D, s, sid)) for sid in concession_holders(s, seat))
            fields.append(EachOf("concessions", _("Concessions to assign"),
                                 tuple(Option(c, card_name(D, "con:" + c)) for c in concessions),
                                 OneOf("to", _("Senator"), holders)))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # every option is legal and no two of them exclude each other (see the class docstring)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Choose your Faction Leader among your three Senators. You may also play Statesmen and assign "
                 "Concessions from your hand now, or keep them for a later Revolution Phase (sealed: revealed when "
                 "everybody has answered).")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: a missed choice takes the Senator with the most Influence (then the lower id) as
        Faction Leader and plays no card."""
        own = aligned(s, seat)
        values: dict = {"leader": min(own, key=lambda sid: (-s["senators"][sid]["inf"], sort_key(sid)))}
        if playable_statesmen(s, D, seat):
            values["statesmen"] = []
        concessions = assignable_concessions(s, seat)
        if concessions:
            values["concessions"] = {c: KEEP for c in concessions}
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values}
        bump(s)
        if len(s["sealed"]) == len(s["seats"]):
            answers, s["sealed"] = s["sealed"], {}
            for who in s["seats"]:  # each sealed answer still fits its seat's hand (FormError otherwise)
                forms.read_values(self.form(s, D, who), answers[who])
            for who in s["seats"]:
                s["factions"][who]["leader"] = answers[who]["leader"]
                note(s, "faction_leader", seat=who, senator=answers[who]["leader"])
            for who in s["seats"]:
                play_initial_cards(s, D, who, answers[who])
            begin_turn_one(s, D, rng)


def play_initial_cards(s: dict, D: Any, seat: str, values: dict) -> None:
    """Rule 3.7: the Statesmen first (a Statesman on his Family card keeps its sid, so a Concession named for
    that Senator reaches him either way), then the Concessions."""
    for st in values.get("statesmen", []):
        play_statesman(s, D, seat, st)
    for con, sid in values.get("concessions", {}).items():
        if sid != KEEP:
            assign_concession(s, D, seat, con, sid)


def begin_turn_one(s: dict, D: Any, rng: Random) -> None:
    """Rule 3.8: play begins with the Mortality Phase of turn 1."""
    s["turn"] = 1
    start_phase(s, D, "mortality", rng)
