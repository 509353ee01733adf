"""check_invariants: the states no legal game can reach."""
from __future__ import annotations

from collections import Counter

from .data import KINDS, GameData
from .machine import STATES


def _same(found: list, expected: list, what: str) -> None:
    if len(found) == len(expected) and sorted(found) == sorted(expected):
        return  # the common case, several times cheaper than comparing Counters
    got, want = Counter(found), Counter(expected)
    assert got == want, (f"{what} not conserved: missing {sorted((want - got).elements())}, "
                         f"extra {sorted((got - want).elements())}")


def check(s: dict, D: GameData) -> None:
    seats = s["seats"]
    assert s["phase"] in STATES, f"unknown named state {s['phase']!r}"
    assert 1 <= s["round"] <= D.rounds, f"round {s['round']} is outside 1..{D.rounds}"
    for seat in seats:
        p = s["players"][seat]
        assert p["prestige"] >= 0, f"{seat} has negative prestige"
        assert p["denarii"] >= 0, f"{seat} has negative denarii"
        assert all(p["tokens"][k] >= 0 for k in KINDS), f"{seat} has a negative token count"
        assert sum(s["ledger"][seat].values()) == p["prestige"], (
            f"{seat}: prestige {p['prestige']} differs from the ledger {s['ledger'][seat]}")
    for marker, value in s["tracks"].items():
        lo, hi = (D.famine_min, D.famine_max) if marker == "famine" else (D.track_min, D.track_max)
        assert lo <= value <= hi, f"the {marker} marker is off its track ({value})"
    _check_components(s, D)
    _check_flags(s, D)
    if s["finished"]:
        assert s["round"] == D.rounds and s["phase"] == "game_over", "the game ended before the last round"
        assert "final" in s["public"], "the game ended without final scoring"


def _check_components(s: dict, D: GameData) -> None:
    players = [s["players"][seat] for seat in s["seats"]]
    cards = s["display"] + s["char_deck"] + s["chars_out"] + [c for p in players for c in p["cards"]]
    if s["phase"] == "choose_starting_characters":
        cards += [c for p in players for c in D.sets[p["set"]]]
    _same(cards, list(D.cards), "character cards")
    _same(s["cranes"] + [c for p in players for c in p["cranes"]], D.crane_ids, "Crane cards")
    tiles = s["stack"] + [t for t in s["slots"] if t] + s["tiles_out"] + [t for p in players for t in p["tiles"]]
    _same(tiles, list(D.tile_type), "building tiles")
    events = [e for e in s["events"] if e] + s["event_deck"] + s["events_out"]
    _same(events, D.event_order, "event cards")
    for ev in D.permanent:
        assert ev in s["events"], f"{ev} left the event column"
    works = s["gw_pile"] + s["gw_built"] + s["gw_removed"] + ([s["gw_current"]] if s["gw_current"] else [])
    _same(works, D.buildable_works, "Great Works")
    assert len(s["gw_built"]) <= s["round"], "more Great Works built than rounds played"


def _check_flags(s: dict, D: GameData) -> None:
    owned = {i for seat in s["seats"] for key in ("cards", "tiles", "cranes") for i in s["players"][seat][key]}
    for item in s["tilted"]:
        assert item in owned, f"{item} is tilted but nobody owns it"
        assert item not in D.tile_type, f"the tile {item} is tilted"
    for item, ev in s["down"].items():
        assert item in owned, f"{item} is face down but nobody owns it"
        assert ev in s["events"], f"{item} is held face down by {ev}, which is not in play"
    for seat in s["sealed"]:
        assert STATES[s["phase"]].secret, "a sealed choice outside a secret decision"
        assert seat in s["seats"], f"sealed choice for an unknown seat {seat}"
