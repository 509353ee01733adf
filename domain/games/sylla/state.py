"""The shape of a Sylla state, its copy for apply (domain/toolkit/state.py), and the small helpers every phase uses.

A state is plain JSON. The keys:
  seats, round, phase (named state), seq (decision counter), fc (First Consul), options, dkey
  players: seat -> {prestige, denarii, tokens{civic,health,leisure}, income_tile, set, cards[], tiles[], cranes[]}
  tilted: item id -> true;  down: item id -> id of the event that turned it face down
  tracks: {civic, health, leisure, famine}
  char_deck (top first), display, stack (building tiles, top first), slots (6 tile ids or None), tiles_out
  cranes (Crane cards in the supply), events (the event column, slot order), event_deck, events_out,
  flips: event id -> times it flipped items while in play;  cubes: per event slot {seat: n}
  gw_pile (top first), gw_current, gw_built, gw_removed
  ctx: the current named state's working data;  sealed: seat -> sealed choice (simultaneous decisions)
  ledger: seat -> {category: prestige gained or lost}  (sums to prestige: check_invariants)
  public: facts revealed to everybody that the view shows (last crises, last Great Work, final scoring)
  notes: what the last apply did, for narration (rendered per viewer in narrate.py)
"""
from __future__ import annotations

from typing import Any

from domain.toolkit import seats
from domain.toolkit.state import Cloner, copy_records, deep_copy as _deep  # noqa: F401  (view.py)


def _ctx(ctx: dict) -> dict:
    """The working data of a step is at most two levels deep (e.g. cubes left per seat per type)."""
    out = {}
    for k, v in ctx.items():
        t = type(v)
        if t is list:
            v = v[:]
        elif t is dict:
            v = {a: (b.copy() if type(b) is dict else b) for a, b in v.items()}
        out[k] = v
    return out


def _players(players: dict) -> dict:
    """Each player's dict and token counts change in place; its cards, tiles and cranes lists are replaced
    when they change, never changed in place."""
    out = {}
    for seat, p in players.items():
        q = p.copy()
        q["tokens"] = p["tokens"].copy()
        out[seat] = q
    return out


# What Sylla changes in place below the top level (the toolkit's clone copies every top-level container).
DEEPER = {"players": _players, "cubes": copy_records, "ctx": _ctx}
# Decks that change a few times a game, the ledger and the options are only ever replaced, never changed
# in place (s["stack"] = s["stack"][1:]): not copying them is a speed-up only (toolkit.state), and
# test_sylla_random_play and the conformance suite check that apply never changes its input.
SHARED = frozenset({"char_deck", "chars_out", "stack", "tiles_out", "cranes", "event_deck", "events_out",
                    "gw_pile", "gw_built", "gw_removed", "ledger", "options", "seats", "notes"})


_CLONE = Cloner(DEEPER, SHARED)


def clone(s: dict) -> dict:
    """The copy one apply changes (toolkit.state.clone), with the notes of the last apply cleared."""
    c = _CLONE(s)
    c["notes"] = []
    return c


# ---------------------------------------------------------------------------------------- seats
def name(seat: str | None) -> str:
    """A seat's display name: the platform's seat ids are colour names."""
    return seat.capitalize() if seat else "Nobody"


def clockwise_from(s: dict, first: str) -> list[str]:
    return seats.clockwise_from(s["seats"], first)


def after(s: dict, seat: str) -> list[str]:
    """Every other seat, clockwise, starting with the one after `seat`, then `seat` last."""
    return seats.after(s["seats"], seat)


def note(s: dict, *parts: Any) -> None:
    s["notes"].append(list(parts))


def bump(s: dict) -> None:
    """A decision was taken: every prompt id changes."""
    s["seq"] += 1


# --------------------------------------------------------------------------------- prestige & money
def gain(s: dict, seat: str, amount: int, category: str) -> int:
    """Rule 2.2: prestige never drops below 0; the change actually made is logged and returned."""
    p = s["players"][seat]
    new = max(0, p["prestige"] + amount)
    delta = new - p["prestige"]
    p["prestige"] = new
    if delta:  # the ledger is shared with the previous state: replaced, never changed in place
        led = s["ledger"][seat]
        s["ledger"] = {**s["ledger"], seat: {**led, category: led.get(category, 0) + delta}}
    return delta


def pay(s: dict, seat: str, amount: int) -> None:
    p = s["players"][seat]
    assert 0 <= amount <= p["denarii"], "paying more denarii than held"
    p["denarii"] -= amount


def move_marker(s: dict, D: Any, marker: str, delta: int) -> int:
    """Move a track marker, stopping at the track ends; returns the movement actually made."""
    tracks = s["tracks"]
    if marker == "famine":
        lo, hi = D.famine_min, D.famine_max
    else:
        lo, hi = D.track_min, D.track_max
    new = min(hi, max(lo, tracks[marker] + delta))
    moved = new - tracks[marker]
    tracks[marker] = new
    return moved


# ---------------------------------------------------------------------------------- card states
def face_up(s: dict, item: str) -> bool:
    return item not in s["down"]


def available(s: dict, item: str) -> bool:
    """Rule 3: available = face up and upright."""
    return item not in s["down"] and item not in s["tilted"]


def count_type(s: dict, D: Any, seat: str, ctype: str, upright: bool) -> int:
    """Face-up characters of a type (and upright too when `upright`)."""
    cards, down, tilted = D.cards, s["down"], s["tilted"]
    return sum(1 for c in s["players"][seat]["cards"]
               if cards[c].type == ctype and c not in down and not (upright and c in tilted))


def tiles_of(s: dict, D: Any, seat: str, ttype: str) -> list[str]:
    """Face-up kept tiles of a type."""
    down = s["down"]
    return [t for t in s["players"][seat]["tiles"] if D.tile_type[t] == ttype and t not in down]
