"""Sylla's cards, tiles, tracks and constants, loaded once from `sylla-data.json` beside this module.

The loading is the toolkit's (domain/toolkit/data.py): every value marked [A] in the data is overridable,
a table's `data_overrides` option is merged into the raw data before it is compiled, and the few named
options that change data (crisis zone width, Granary direction, Senate marker) are applied here by
`GameData`. Compiled data is cached per distinct set of options, so a game only ever pays for compiling
once per process.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from domain.i18n import _
from domain.toolkit.data import DataSet, is_wrapped as _is_wrapped, merge_overrides as _merge, unwrap  # noqa: F401

from .names import colours_name, name_of, type_name

KINDS = ("civic", "health", "leisure")
COLOURS = ("red", "yellow", "grey")
CHAR_TYPES = ("senator", "merchant", "legionary", "vestal", "slave")


def raw_data() -> dict:
    """A private copy of the shipped data (for docs and tests)."""
    return DATA.raw_copy()


def merge_overrides(base: Any, override: Any, path: str = "data") -> Any:
    """Merge `override` into `base` (toolkit.data.merge_overrides; refusals name Sylla's data)."""
    return _merge(base, override, path, "Sylla")


class Card:
    """One character card: type, the colours it supports, and whether it is Christian."""

    __slots__ = ("id", "type", "hexes", "christian", "set")

    def __init__(self, cid: str, ctype: str, hexes: tuple, christian: bool, cset: str):
        self.id, self.type, self.hexes, self.christian, self.set = cid, ctype, hexes, christian, cset


class GameData:
    """Compiled, read-only game data for one set of options."""

    def __init__(self, raw: dict, options: dict):
        d = unwrap(raw)
        self.raw = d
        c = d["constants"]
        self.const = c
        self.rounds = c["rounds"]
        self.per_player = {int(k): v for k, v in c["per_player_count"].items()}
        track = d["republic_track"]
        self.track_min, self.track_max = track["min_index"], track["max_index"]
        self.rp_start = track["res_publica_start_index"]
        food = d["food_track"]
        self.famine_start, self.famine_min, self.famine_max = food["start_index"], food["min_index"], food["max_index"]
        width = options.get("crisis_zone_width")
        if width is None:
            self.crisis = frozenset(p["index"] for p in track["positions"] if p["crisis"])
        else:
            self.crisis = frozenset(range(self.track_min, self.track_min + width))
        self._cards(d)
        self._buildings(d)
        self._events(d)
        self._great_works(d, options)
        self.income_tiles = {t["id"]: t for t in d["income_tiles"]}
        self.income_order = [t["id"] for t in d["income_tiles"]]
        self.start_prestige = d["glory_track"]["start"]

    def _cards(self, d: dict) -> None:
        self.cards: dict[str, Card] = {}
        self.sets: dict[str, list[str]] = {}
        for r in d["characters"]:
            hexes = tuple(col for col in COLOURS if r["hexes"].get(col))
            self.cards[r["id"]] = Card(r["id"], r["type"], hexes, bool(r["christian"]), r["starting_set"])
            self.sets.setdefault(r["starting_set"], []).append(r["id"])
        crane = d["crane_cards"]
        self.crane_ids = [f"CRANE-{i}" for i in range(1, crane["count"] + 1)]
        self.crane_hexes = tuple(col for col in COLOURS if crane["hexes"].get(col))
        self.card_lower = {cid.lower(): cid for cid in list(self.cards) + self.crane_ids}
        self.card_labels = {cid: card_label_of(c) for cid, c in self.cards.items()}
        self.card_labels.update({cid: _("Crane card (any colour)") for cid in self.crane_ids})

    def _buildings(self, d: dict) -> None:
        self.building_types = d["building_types"]
        self.kept_types = frozenset(t for t, v in self.building_types.items() if v["kept"])
        self.tile_type = {r["id"]: r["type"] for r in d["buildings"]}
        self.tile_stack = {r["id"]: r["stack"] for r in d["buildings"]}
        self.tile_lower = {t.lower(): t for t in self.tile_type}
        self.stack_letters = sorted(set(self.tile_stack.values()))  # A on top, then B, then C
        self.slot_colours = [s["colour"] for s in sorted(d["building_slots"], key=lambda s: s["slot"])]
        self.insula_choice = self.building_types["insula"].get("token_choice", "buyer_chooses")

    def _events(self, d: dict) -> None:
        self.events = {e["id"]: e for e in d["events"]}
        self.event_order = [e["id"] for e in d["events"]]
        self.permanent = [e["id"] for e in d["events"] if e["permanent"]]
        self.coverage = dict(d["event_interactions"]["coverage"])

    def _great_works(self, d: dict, options: dict) -> None:
        self.great_works = {}
        for g in d["great_works"]:
            g = copy.deepcopy(g)
            eff = g.get("track_effect")
            if g["id"] == "granary" and eff:
                step = abs(eff["delta_per_set"])
                eff["delta_per_set"] = step if options.get("granary_famine_direction") == "increase" else -step
            if g["id"] == "curia" and eff:
                eff["track"] = options.get("curia_marker") or eff["track"]
            self.great_works[g["id"]] = g
        self.buildable_works = [g["id"] for g in d["great_works"] if not g.get("end_of_game")]
        self.ecclesia = next(g["id"] for g in d["great_works"] if g.get("end_of_game"))
        self.min_votes_to_rank = d["great_works_min_votes_to_rank"]

    # Small lookups used everywhere --------------------------------------------------------------
    # (names are Messages from the glossary, names.py, so the edge shows them in the reader's language)
    def event_name(self, ev: str) -> str:
        return name_of(self.events[ev]["name"])

    def work_name(self, gw: str) -> str:
        return name_of(self.great_works[gw]["name"])

    def tile_name(self, tile: str) -> str:
        return name_of(self.building_types[self.tile_type[tile]]["names"]["en"])


def card_label_of(c: Card) -> str:
    """'Christian Senator (red/yellow)', 'Slave (red/yellow/grey)'."""
    if c.christian:
        return _("Christian %(character)s (%(colours)s)", character=type_name(c.type), colours=colours_name(c.hexes))
    return _("%(character)s (%(colours)s)", character=type_name(c.type), colours=colours_name(c.hexes))


DATA_OPTION_KEYS = ("data_overrides", "crisis_zone_width", "granary_famine_direction", "curia_marker")
DATA = DataSet(Path(__file__).with_name("sylla-data.json"), "Sylla", GameData, DATA_OPTION_KEYS)
_RAW = DATA.raw
_CACHE = DATA.cache
data_key = DATA.key
compile_data = DATA.compile
data_for = DATA.for_state
