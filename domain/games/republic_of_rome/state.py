"""The shape of a Republic of Rome state, its copy for apply (domain/toolkit/state.py), and the helpers
every phase uses. A state is plain JSON. The keys:

  seats (seat order, fixed at random at setup: Rule 3.1), turn, step (named state), phase, seq, finished,
  options, dkey, ctx (the current named state's working data), calls (open nested sequences)
  senators: sid -> senator record (only Senators in play: aligned, or unaligned in the Forum, or away):
      {id, family (Family card id or None), statesman (Statesman id or None), faction (seat or None),
       inf, pop, knights, talents, office, prior_consul, location ("rome" | "province:<id>" | "war:<id>"
       | "captive:<war>"), rebel, corrupt, major_eligible, minor_eligible, concessions [ids]}
      The sid is the Family number as a string ("7"), or the Statesman id ("22A") when he entered alone.
  factions: seat -> {leader: sid or None, treasury (SECRET), hand [card ids] (SECRET),
                     unplayable [card ids received by trade] (SECRET)}
  deck [card ids, top first] (order secret to all), curia {senators [sid], concessions [ids], leaders [ids]}
  discard [card ids], removed [card ids] (out of the game)
  forum {wars {war id: {status "active"|"inactive"|"unprosecuted"|"imminent", naval_victory}},
         leaders {leader id: the War he joined}, events {event id: {flipped, level, turn}} (events.py),
         provinces [province ids without Governor], concessions [ids awaiting award]}
  provinces: province id -> {developed, governor (sid or None), term}
  treasury (State, public), unrest, legions [{id, veteran, loyal_to, at}], fleets [{id, at}]
  drought, manpower_shortage, no_recruitment, evil_omens (levels), land_bills {I, II, III: count}
  manpower_shortage_population (the Population table's part of manpower_shortage), allied_enthusiasm and
  trial_of_verres (events for the next Revenue Phase; 0: none): events.py, population.py
  commands [{commander, war, legions [ids], fleets [ids], order, master_of_horse, turn}]: Commanders in the
      field and their units (forces.py; a unit's `at` is "italy", "war:<id>" or "province:<id>")
  senate: the Senate's record for the turn, only during the Senate Phase (senate.py)
  consul_for_life {senator, seat, turn, elected} once somebody is Consul for Life (Rule 9.10)
  hrao (sid of the presiding official, recomputed), temporary_rome_consul (sid or None)
  initiatives (this turn's count), deck_exhausted_turn (the turn the last card was drawn),
  log_turn (per-turn facts), result (the end, once decided)
  deals [{id, turn, parties [seat, seat], cards {seat: [card ids given]}, talents {seat: promised for the next
      Redistribution}, claimed [seats], voided_by [seats]}]: the public deals (deals.py, Rule 16; absent: none)
  sealed: seat -> answer (simultaneous decisions waiting for the last seat)
  notes: what the last apply did, for narration (rendered per viewer in narrate.py)

Clone contract (toolkit.state): every top-level container is copied; below that, `senators`,
`factions`, `provinces` and `forum` records are copied one level deeper, `ctx` and `senate` entirely (phases may change a senator's
fields in place); every other nested container is replaced, never changed in place.
"""
from __future__ import annotations

from typing import Any, Iterable

from domain.toolkit import seats as seat_order
from domain.toolkit.state import Cloner, deep_copy


def _records(value: dict) -> dict:
    """A dict of records whose records change in place: the dict and each record copied."""
    return {k: (v.copy() if type(v) is dict else v) for k, v in value.items()}


def _ctx(ctx: dict) -> dict:
    return deep_copy(ctx)


DEEPER = {"senators": _records, "factions": _records, "provinces": _records, "ctx": _ctx, "forum": _records,
          "senate": _ctx}
SHARED = frozenset({"options", "notes", "removed"})
_CLONE = Cloner(DEEPER, SHARED)


def clone(s: dict) -> dict:
    """The copy one apply changes, with the notes of the last apply cleared."""
    c = _CLONE(s)
    c["notes"] = []
    return c


# ------------------------------------------------------------------------------------------ notes
def note(s: dict, kind: str, /, **facts: Any) -> None:
    """Record what happened, for narration (narrate.py renders each kind per viewer). Facts are plain JSON;
    `seat` names the seat that acted or is concerned. A note with `to=<seat>` is private: only that seat
    and the referee read it (narrate.py never shows it to anybody else)."""
    s["notes"].append({"k": kind, **facts})  # clone() gives every apply a fresh list


def bump(s: dict) -> None:
    """A decision was taken: every prompt id changes."""
    s["seq"] += 1


# ------------------------------------------------------------------------------------------ seats
def clockwise_from(s: dict, first: str) -> list[str]:
    return seat_order.clockwise_from(s["seats"], first)


def others_after(s: dict, seat: str) -> list[str]:
    """Every other seat clockwise from the one after `seat` (not `seat` itself)."""
    return seat_order.after(s["seats"], seat)[:-1]


# ---------------------------------------------------------------------------------------- senators
def senator(s: dict, sid: str) -> dict:
    return s["senators"][sid]


def aligned(s: dict, seat: str | None = None) -> list[str]:
    """Aligned Senators (of `seat`, or of every faction), in id order."""
    return [sid for sid, x in s["senators"].items() if x["faction"] is not None and (seat is None or x["faction"] == seat)]


def unaligned_in_forum(s: dict) -> list[str]:
    return [sid for sid, x in s["senators"].items() if x["faction"] is None and x["location"] == "rome"]


def in_rome(s: dict, sid: str) -> bool:
    """Rule 1: in Rome unless Governor, Commander in the field, captive or rebel."""
    x = s["senators"][sid]
    return x["location"] == "rome" and not x["rebel"]


def card_id(s: dict, sid: str) -> str:
    """The id printed on the card on top (the Statesman's when one sits on the Family card)."""
    x = s["senators"][sid]
    return x["statesman"] or x["family"]


def ratings(D: Any, s: dict, sid: str) -> dict:
    """Printed MIL, ORA, LOY of the card on top; Rule 7.4 item 2: opposed Statesmen in one faction have LOY 0."""
    x = s["senators"][sid]
    card = D.statesmen[x["statesman"]] if x["statesman"] else D.senators[x["family"]]
    loyalty = card["loyalty"]
    if x["statesman"] and x["faction"] is not None:
        opposed = set(card.get("opposes", ()))
        if any(s["senators"][o]["statesman"] in opposed for o in aligned(s, x["faction"]) if o != sid):
            loyalty = 0
    return {"military": card["military"], "oratory": card["oratory"], "loyalty": loyalty}


def votes(D: Any, s: dict, sid: str) -> int:
    """Rule 1: ORA + Knights (talents spent are added per vote)."""
    return ratings(D, s, sid)["oratory"] + s["senators"][sid]["knights"]


def new_senator(D: Any, family: str | None, statesman: str | None = None, faction: str | None = None) -> dict:
    """A card entering play with its printed values (Rule 5.2: a reused Family card starts afresh)."""
    card = D.statesmen[statesman] if statesman else D.senators[family]
    return {"id": statesman if statesman and not family else family, "family": family, "statesman": statesman,
            "faction": faction, "inf": card["influence"], "pop": card.get("popularity", 0), "knights": 0,
            "talents": 0, "office": None, "prior_consul": False, "location": "rome", "rebel": False,
            "corrupt": False, "major_eligible": False, "minor_eligible": False, "concessions": []}


def change(s: dict, sid: str, field: str, delta: int) -> int:
    """Add `delta` to a senator's influence, popularity, knights or talents within its bounds (spec 18.23);
    returns the change actually made."""
    x = s["senators"][sid]
    low, high = {"inf": (0, None), "pop": (-9, 9), "knights": (0, None), "talents": (0, None)}[field]
    new = x[field] + delta
    new = max(low, new) if low is not None else new
    new = min(high, new) if high is not None else new
    made = new - x[field]
    x[field] = new
    return made


# ---------------------------------------------------------------------------------------- offices
OFFICE_RANK = ("dictator", "rome_consul", "field_consul", "censor", "master_of_horse")


def holder(s: dict, office: str) -> str | None:
    return next((sid for sid, x in s["senators"].items() if x["office"] == office), None)


def hrao(s: dict, D: Any) -> str | None:
    """Rule 1: the highest-ranking official in Rome; else the Aligned Senator in Rome with most Influence,
    then Oratory, then the lower id."""
    for office in OFFICE_RANK:
        sid = holder(s, office)
        if sid is not None and in_rome(s, sid) and s["senators"][sid]["faction"] is not None:
            return sid
    present = [sid for sid in aligned(s) if in_rome(s, sid)]
    if not present:
        return None
    return min(present, key=lambda sid: (-s["senators"][sid]["inf"], -ratings(D, s, sid)["oratory"], sort_key(sid)))


def hrao_seat(s: dict, D: Any) -> str:
    """The HRAO's faction; with no aligned Senator in Rome at all, the first seat."""
    sid = hrao(s, D)
    return s["senators"][sid]["faction"] if sid is not None else s["seats"][0]


def sort_key(sid: str) -> tuple[int, str]:
    """Senator ids in printed order ('2' < '10' < '22A'); remembered per id (a few dozen ids, sorted often)."""
    key = _SORT_KEYS.get(sid)
    if key is None:
        if len(_SORT_KEYS) > 4096:
            _SORT_KEYS.clear()
        digits = "".join(ch for ch in sid if ch.isdigit())
        key = _SORT_KEYS[sid] = (int(digits) if digits else 0, sid)
    return key


_SORT_KEYS: dict[str, tuple[int, str]] = {}


def sorted_ids(ids: Iterable[str]) -> list[str]:
    return sorted(ids, key=sort_key)


# ----------------------------------------------------------------------------------------- money
def pay_state(s: dict, amount: int) -> None:
    """The State pays (the treasury may go provisionally negative in the Revenue Phase: Rule 6.2)."""
    s["treasury"] -= amount


def faction_treasury(s: dict, seat: str) -> int:
    return s["factions"][seat]["treasury"]


def set_faction(s: dict, seat: str, **fields: Any) -> None:
    s["factions"][seat].update(fields)
