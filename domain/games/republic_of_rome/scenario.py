"""The `scenario` option: start a game from a prepared position instead of the random setup (docs/
rules-republic-of-rome.md, "Starting from a position"). The position is JSON:

    {"turn": 1, "phase": "forum", "treasury": 100, "unrest": 0,
     "factions": {"red": {"treasury": 10, "leader": "2", "hand": ["int:tribune.1"],
                          "senators": [{"id": "2", "talents": 9}, {"id": "1", "statesman": "1A"}]}},
     "forum": {"senators": [{"id": "5"}], "wars": {"1st_punic_war": "inactive"}},
     "deck_top": ["sen:7"]}

Every faction named must be a seat of the game (unnamed seats start with no Senators); a Senator entry
takes his printed values, then any of inf, pop, knights, talents, office, prior_consul. Every card of the
Early deck that the position does not place goes to the deck, shuffled, under `deck_top`. The seat
order is the platform's (no random seating). A faction without a named leader takes its first Senator.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _
from domain.rules import IllegalAction

from .data import PHASES, card_kind, is_faction_card
from .narrate import narrates
from .state import new_senator, note
from .turn import start_phase

FIELDS = ("inf", "pop", "knights", "talents", "office", "prior_consul")


def refuse(problem: str) -> IllegalAction:
    return IllegalAction(_("The starting position is not usable: %(problem)s", problem=problem))


def build_scenario(s: dict, D: Any, spec: Any, rng: Random) -> None:
    if not isinstance(spec, dict):
        raise refuse(_("it must be a JSON object."))
    placed: list[str] = []
    for seat, faction in (spec.get("factions") or {}).items():
        if seat not in s["factions"]:
            raise refuse(_("%(seat)s is not a seat of this game.", seat=str(seat)[:20]))
        placed += place_faction(s, D, seat, faction)
    forum = spec.get("forum") or {}
    for entry in forum.get("senators", []):
        placed.append(place_senator(s, D, entry, None))
    wars = forum.get("wars", {"1st_punic_war": "inactive"})
    for war, status in wars.items():
        if war not in D.wars or status not in ("active", "inactive", "unprosecuted", "imminent"):
            raise refuse(_("the war %(war)s or its status is unknown.", war=str(war)[:40]))
        s["forum"]["wars"] = {**s["forum"]["wars"], war: {"status": status, "naval_victory": False}}
        placed.append(f"war:{war}")
    deal_the_rest(s, D, spec, placed, rng)
    for key, low in (("treasury", None), ("unrest", 0)):
        if key in spec:
            s[key] = checked_int(spec[key], key, low)
    s["seats"] = list(s["factions"])
    s["turn"] = checked_int(spec.get("turn", 1), "turn", 1)
    phase = spec.get("phase", "mortality")
    if phase not in PHASES:
        raise refuse(_("the phase must be one of %(phases)s.", phases=", ".join(PHASES)))
    note(s, "scenario_start", turn=s["turn"], phase=phase)
    start_phase(s, D, phase, rng)


def place_faction(s: dict, D: Any, seat: str, faction: Any) -> list[str]:
    if not isinstance(faction, dict):
        raise refuse(_("each faction must be a JSON object."))
    cards = [place_senator(s, D, entry, seat) for entry in faction.get("senators", [])]
    hand = [str(c) for c in faction.get("hand", [])]
    if not all(":" in c and is_faction_card(c) for c in hand):
        raise refuse(_("a hand holds only Statesmen, Concessions and Intrigue cards."))
    f = s["factions"][seat]
    f["hand"] = hand
    f["treasury"] = checked_int(faction.get("treasury", 0), "treasury", 0)
    own = [sid for sid, x in s["senators"].items() if x["faction"] == seat]
    leader = str(faction.get("leader", own[0] if own else ""))
    if own and leader not in own:
        raise refuse(_("the leader %(leader)s is not a Senator of %(seat)s.", leader=leader[:20], seat=seat))
    f["leader"] = leader or None
    return cards + hand


def place_senator(s: dict, D: Any, entry: Any, seat: str | None) -> str:
    if not isinstance(entry, dict) or "id" not in entry:
        raise refuse(_("each Senator needs an id."))
    sid, statesman = str(entry["id"]), entry.get("statesman")
    family = sid if sid in D.senators else None
    if family is None and sid not in D.statesmen or statesman is not None and statesman not in D.statesmen:
        raise refuse(_("there is no Senator %(id)s in the Early Republic.", id=sid[:20]))
    if sid in s["senators"]:
        raise refuse(_("Senator %(id)s is placed twice.", id=sid))
    x = new_senator(D, family, statesman or (sid if family is None else None), seat)
    for field in FIELDS:
        if field in entry:
            x[field] = entry[field] if field in ("office", "prior_consul") else checked_int(entry[field], field, None)
    s["senators"][sid] = x
    return f"sen:{family}" if family else f"st:{sid}"


def deal_the_rest(s: dict, D: Any, spec: dict, placed: list[str], rng: Random) -> None:
    deck = D.early_deck()
    statesmen_on_family = [f"st:{x['statesman']}" for x in s["senators"].values() if x["statesman"] and x["family"]]
    everything = placed + statesmen_on_family
    if len(set(everything)) != len(everything) or any(c not in deck for c in everything):
        raise refuse(_("a card is placed twice or is not in the Early Republic deck."))
    top = [str(c) for c in spec.get("deck_top", [])]
    if any(c in everything or c not in deck for c in top) or len(set(top)) != len(top):
        raise refuse(_("deck_top names a card placed elsewhere or not in the deck."))
    rest = [c for c in deck if c not in everything and c not in top]
    rng.shuffle(rest)
    s["deck"] = top + rest
    assert all(card_kind(c) for c in s["deck"])


def checked_int(value: Any, name: str, low: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        raise refuse(_("%(name)s must be a whole number.", name=name))
    return value


@narrates("scenario_start")
def _scenario_start(t: Any, n: dict) -> str:
    return _("The game starts from a prepared position: turn %(turn)d, the %(phase)s Phase.", turn=n["turn"],
             phase=t.phase(n["phase"]))
