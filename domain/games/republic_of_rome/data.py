"""The Republic of Rome's cards, tables and constants, loaded once from `republic-of-rome-data.json`.

The loading is the toolkit's (domain/toolkit/data.py): a table's `data_overrides` option is merged into the
raw data before it is compiled, so every value marked [A] in the specification is overridable. `GameData`
indexes the records by id; rules read every number from here, never from code.

Card ids used in decks, hands and the Curia carry their kind: `sen:7` (Family Senator 7), `st:1A`
(Statesman), `war:1st_punic_war`, `ldr:hannibal`, `con:armaments`, `int:tribune.3` (the third Tribune).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.toolkit.data import DataSet, unwrap

HERE = Path(__file__).resolve().parent
PHASES = ("mortality", "revenue", "forum", "population", "senate", "combat", "revolution")


class GameData:
    """Compiled, read-only data for one set of data-changing options."""

    def __init__(self, raw: dict, options: dict):
        d = unwrap(raw)
        self.raw = d
        self.const = d["constants"]
        self.variants = d["variants"]
        self.tables = d["tables"]
        self.offices = {o["id"]: o for o in d["offices"]}
        self.senators = {str(x["id"]): x for x in d["senators"]}
        self.statesmen = {x["id"]: x for x in d["statesmen"] if x.get("deck") == "early"}
        self.concessions = {x["id"]: x for x in d["concessions"]}
        self.wars = {x["id"]: x for x in d["wars"] if x.get("deck") == "early"}
        self.leaders = {x["id"]: x for x in d["leaders"] if x.get("deck") == "early"}
        self.intrigue = {x["id"]: x for x in d["intrigue_cards"]}
        self.provinces = {x["id"]: x for x in d["provinces"]}
        self.events = {x["id"]: x for x in d["events"]}
        self.name_cache: dict[str, Any] = {}  # names.py: Senator id or card id -> its (shared, unchanged) Message
        self.view_cache: dict[tuple, dict] = {}  # view.py: a Senator's value -> his view (copied for each caller)

    def c(self, name: str) -> Any:
        """A constant's value."""
        return self.const[name]

    # ------------------------------------------------------------------------ the Early deck
    def early_deck(self) -> list[str]:
        """Every card of the Early Republic deck (Rule 2), as card ids, unshuffled."""
        cards = [f"sen:{sid}" for sid, x in self.senators.items() if x.get("deck", "early") == "early"]
        cards += [f"st:{sid}" for sid in self.statesmen]
        cards += [f"war:{wid}" for wid in self.wars]
        cards += [f"ldr:{lid}" for lid in self.leaders]
        cards += [f"con:{cid}" for cid, x in self.concessions.items() if x.get("deck", "early") == "early"]
        for iid, x in self.intrigue.items():
            if x.get("in_early_deck"):
                n = x.get("count_in_early_deck", 1)
                cards += [f"int:{iid}.{i}" for i in range(1, n + 1)]
        return cards


def card_kind(card: str) -> str:
    """'sen', 'st', 'war', 'ldr', 'con' or 'int'."""
    return card.split(":", 1)[0]


def card_key(card: str) -> str:
    """The record id a card id stands for ('int:tribune.3' -> 'tribune', 'sen:7' -> '7')."""
    key = card.split(":", 1)[1]
    return key.split(".", 1)[0] if card_kind(card) == "int" else key


def is_faction_card(card: str) -> bool:
    """Red cards go secretly to a hand: Statesmen, Concessions, Intrigue (Rule 7.2)."""
    return card_kind(card) in ("st", "con", "int")


def compile_data(options: dict) -> GameData:
    return DATA.compile(options)


def data_for(state: dict) -> GameData:
    return DATA.for_state(state)


DATA = DataSet(HERE / "republic-of-rome-data.json", "The Republic of Rome", GameData, ("data_overrides",))
