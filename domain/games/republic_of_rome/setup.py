"""Setup, Early Republic (Rule 3): the deal, the Temporary Rome Consul, the initial hands, then the sealed
choice of Faction Leaders and initial card play, and turn 1 begins with the Mortality Phase."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option
from domain.i18n import _

from .data import card_kind, card_key, is_faction_card
from .machine import FORM, Step, goto, state
from .names import senator_name
from .state import aligned, bump, clockwise_from, new_senator, note, sort_key
from .turn import start_phase


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
    order = list(seats)
    rng.shuffle(order)  # Rule 3.1: the seat order is fixed at random
    s = empty_state(order, options, D, dkey)
    if options.get("scenario") is not None:
        from .scenario import build_scenario
        build_scenario(s, D, options["scenario"], rng)
        return s
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
    s["step"] = "setup_choose_faction_leader"
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
class ChooseFactionLeader(Step):
    """Rule 3.4: each player puts his Faction Leader marker on one of his Senators (sealed, simultaneous)."""

    name = "setup_choose_faction_leader"
    short = "leader"
    kind = "choose_faction_leader"
    secret = True
    forced_public = True
    waiting = _("to choose a Faction Leader")

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in s["seats"] if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        options = tuple(Option(sid, senator_name(D, s, sid)) for sid in sorted(aligned(s, seat), key=sort_key))
        return Form((OneOf("leader", _("Faction Leader"), options),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # every listed Senator is the seat's own

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Choose your Faction Leader among your three Senators (sealed: revealed when everybody has chosen).")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: a missed choice takes the Senator with the most Influence (then the lower id)."""
        own = aligned(s, seat)
        return {"leader": min(own, key=lambda sid: (-s["senators"][sid]["inf"], sort_key(sid)))}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values["leader"]}
        bump(s)
        if len(s["sealed"]) == len(s["seats"]):
            for who in s["seats"]:
                s["factions"][who]["leader"] = s["sealed"][who]
                note(s, "faction_leader", seat=who, senator=s["sealed"][who])
            s["sealed"] = {}
            goto(s, D, "setup_play_initial_cards", rng)


@state
class PlayInitialCards(Step):
    """Rule 3.7: each player may play Statesmen and assign Concessions from his hand (sealed, simultaneous).
    (Built by the setup module's card play; until then nothing is played.)"""

    name = "setup_play_initial_cards"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        begin_turn_one(s, D, rng)


def begin_turn_one(s: dict, D: Any, rng: Random) -> None:
    """Rule 3.8: play begins with the Mortality Phase of turn 1."""
    s["turn"] = 1
    start_phase(s, D, "mortality", rng)
