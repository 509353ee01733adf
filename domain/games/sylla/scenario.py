"""Starting from a set-up position: the `scenario` option (documented in docs/rules-sylla.md).

The scenario names what matters (hands, tiles, money, tokens, tracks, events, Great Works, slots,
display, the First Consul, the round and the phase to start at); every component it does not place is
shuffled into its deck or pile with the game's random source, so cards and tiles are always conserved.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _
from domain.rules import IllegalAction

from .data import KINDS, GameData
from .invariants import check
from .machine import goto
from .setup import event_column, reveal_buildings, reveal_display, stack_buildings

ENTRY_PHASES = ("first_consul_bidding", "recruitment", "buildings", "income", "events_place_cubes",
                "great_works_thumb", "famine_and_crises", "ecclesia")
KEYS = {"round", "phase", "first_consul", "players", "tracks", "events", "event_deck", "events_removed",
        "great_works", "great_works_removed", "great_works_built", "building_slots", "building_stack",
        "buildings_removed", "display", "character_deck", "characters_removed", "lasting_occurrences"}
PLAYER_KEYS = {"income_tile", "cards", "tiles", "cranes", "denarii", "tokens", "prestige", "tilted", "down"}


def _ids(value: Any, known: list[str], what: str) -> list[str]:
    if not isinstance(value, list) or any(v not in known for v in value):
        bad = [v for v in value if v not in known] if isinstance(value, list) else value
        raise IllegalAction(_("The scenario's %(field)s must be a list of known ids; unknown: %(unknown)s.",
                              field=what, unknown=repr(bad)))
    return list(value)


def _rest(rng: Random, every: list[str], used: list[str]) -> list[str]:
    rest = [x for x in every if x not in set(used)]
    rng.shuffle(rest)
    return rest


def build_scenario(s: dict, D: GameData, sc: dict, rng: Random) -> None:
    unknown = sorted(set(sc) - KEYS)
    if unknown:
        raise IllegalAction(_("The scenario has no field %(field)s; the fields are %(fields)s.",
                              field=repr(unknown[0]), fields=", ".join(sorted(KEYS))))
    phase = sc.get("phase", "first_consul_bidding")
    if phase not in ENTRY_PHASES:
        raise IllegalAction(_("A scenario can start at %(phases)s, not %(phase)s.",
                              phases=", ".join(ENTRY_PHASES), phase=repr(phase)))
    rnd = sc.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= D.rounds:
        raise IllegalAction(_("The scenario's round must be 1 to %(rounds)d.", rounds=D.rounds))
    s["round"] = rnd
    _players(s, D, sc, rng)
    _events(s, D, sc, rng)
    _works(s, D, sc, rng)
    early = ENTRY_PHASES.index(phase) <= ENTRY_PHASES.index("buildings")
    _buildings(s, D, sc, rng, early)
    _characters(s, D, sc, rng, ENTRY_PHASES.index(phase) <= ENTRY_PHASES.index("recruitment"))
    for marker, value in sc.get("tracks", {}).items():
        if marker not in s["tracks"] or not isinstance(value, int):
            raise IllegalAction(_("The scenario's tracks name %(marker)s with %(value)s.", marker=repr(marker),
                                  value=repr(value)))
        s["tracks"][marker] = value
    fc = sc.get("first_consul", s["fc"])
    if fc not in s["seats"]:
        raise IllegalAction(_("The scenario's first_consul %(seat)s is not a seat.", seat=repr(fc)))
    s["fc"] = fc
    s["phase"] = phase
    try:
        check(s, D)
    except AssertionError as exc:
        raise IllegalAction(_("The scenario is not a possible position: %(problem)s.", problem=str(exc))) from None
    goto(s, D, phase, rng)


def _players(s: dict, D: GameData, sc: dict, rng: Random) -> None:
    given = sc.get("players", {})
    if not isinstance(given, dict) or set(given) - set(s["seats"]):
        raise IllegalAction(_("The scenario's players must be a dict keyed by the game's seats."))
    tiles_taken = [g["income_tile"] for g in given.values() if "income_tile" in g]
    free_tiles = [t for t in D.income_order if t not in tiles_taken]
    rng.shuffle(free_tiles)
    for seat in s["seats"]:
        g = given.get(seat, {})
        extra = sorted(set(g) - PLAYER_KEYS)
        if extra:
            raise IllegalAction(_("The scenario's player %(seat)s has no field %(field)s.", seat=seat, field=repr(extra[0])))
        p = s["players"][seat]
        p["income_tile"] = g["income_tile"] if "income_tile" in g else free_tiles.pop(0)
        if p["income_tile"] not in D.income_tiles:
            raise IllegalAction(_("There is no income tile %(tile)s.", tile=repr(p["income_tile"])))
        p["set"] = D.income_tiles[p["income_tile"]]["character_set"]
        if D.income_tiles[p["income_tile"]]["first_consul_at_start"]:
            s["fc"] = seat
        p["cards"] = _ids(g.get("cards", []), list(D.cards), f"{seat} cards")
        p["tiles"] = _ids(g.get("tiles", []), list(D.tile_type), f"{seat} tiles")
        for _crane in range(int(g.get("cranes", 0))):
            p["cranes"] = p["cranes"] + [s["cranes"][0]]
            s["cranes"] = s["cranes"][1:]
        merchants = sum(1 for c in p["cards"] if D.cards[c].type == "merchant")
        p["denarii"] = g.get("denarii", D.const["starting_denarii_base"]
                             + D.const["starting_denarii_per_merchant"] * merchants)
        p["tokens"] = {k: int(g.get("tokens", {}).get(k, 0)) for k in KINDS}
        p["prestige"] = g.get("prestige", D.start_prestige)
        s["ledger"][seat] = {"start": D.start_prestige}
        if p["prestige"] != D.start_prestige:
            s["ledger"][seat]["scenario"] = p["prestige"] - D.start_prestige
        for item in g.get("tilted", []):
            s["tilted"][item] = True
        for item, ev in g.get("down", {}).items():
            s["down"][item] = ev
    if s["fc"] is None:
        s["fc"] = s["seats"][0]


def _events(s: dict, D: GameData, sc: dict, rng: Random) -> None:
    ordinary = [e for e in D.event_order if e not in D.permanent]
    dealt = _ids(sc.get("events", []), ordinary, "events")
    removed = _ids(sc.get("events_removed", []), ordinary, "events_removed")
    deck = _ids(sc.get("event_deck", []), ordinary, "event_deck")
    rest = _rest(rng, ordinary, dealt + removed + deck)
    need = D.const["events_in_play"] - len(D.permanent) - len(dealt)
    dealt += rest[:need]
    s["events"] = event_column(s, D, dealt)
    s["event_deck"] = deck + rest[need:]
    s["events_out"] = removed
    s["cubes"] = [{} for _ev in s["events"]]
    for ev, n in sc.get("lasting_occurrences", {}).items():
        if ev not in s["events"] or not isinstance(n, int) or n < 0:
            raise IllegalAction(_("The scenario's lasting_occurrences names %(event)s, which is not in play.",
                                   event=repr(ev)))
        s["flips"][ev] = n


def _works(s: dict, D: GameData, sc: dict, rng: Random) -> None:
    works = D.buildable_works
    pile = _ids(sc.get("great_works", []), works, "great_works")
    built = _ids(sc.get("great_works_built", []), works, "great_works_built")
    rest = _rest(rng, works, pile + built + sc.get("great_works_removed", []))
    if "great_works_removed" in sc:
        removed = _ids(sc["great_works_removed"], works, "great_works_removed")
    else:
        k = D.const["great_works_removed_at_setup"]
        removed, rest = rest[:k], rest[k:]
    s["gw_pile"], s["gw_built"], s["gw_removed"] = pile + rest, built, removed


def _buildings(s: dict, D: GameData, sc: dict, rng: Random, fill: bool) -> None:
    every = list(D.tile_type)
    owned = [t for p in s["players"].values() for t in p["tiles"]]
    slots = sc.get("building_slots")
    slot_tiles = [t for t in (slots or []) if t]
    _ids(slot_tiles, every, "building_slots")
    top = _ids(sc.get("building_stack", []), every, "building_stack")
    out = _ids(sc.get("buildings_removed", []), every, "buildings_removed")
    used = set(owned + slot_tiles + top + out)
    s["stack"] = top + stack_buildings(D, rng, [t for t in every if t not in used])
    s["tiles_out"] = out
    if slots is not None:
        if len(slots) != len(D.slot_colours):
            raise IllegalAction(_("The scenario's building_slots must list %(n)d entries.", n=len(D.slot_colours)))
        s["slots"] = list(slots)
    elif fill:
        reveal_buildings(s)


def _characters(s: dict, D: GameData, sc: dict, rng: Random, fill: bool) -> None:
    every = list(D.cards)
    owned = [c for p in s["players"].values() for c in p["cards"]]
    display = _ids(sc.get("display", []), every, "display")
    top = _ids(sc.get("character_deck", []), every, "character_deck")
    out = _ids(sc.get("characters_removed", []), every, "characters_removed")
    s["char_deck"] = top + _rest(rng, every, owned + display + top + out)
    s["chars_out"] = out
    s["display"] = display
    if "display" not in sc and fill:
        reveal_display(s, D)
