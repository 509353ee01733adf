"""Shared builders for Sylla's rule tests: a game started from a scenario at a given phase."""
from __future__ import annotations

from domain.games.sylla import RULES
from tests.property.sylla.sylla_helpers import Driver

SEATS = ["red", "black", "white", "yellow"]
TILES = {"red": "I", "black": "II", "white": "III", "yellow": "IV"}

__all__ = ["RULES", "Driver", "SEATS", "game", "scenario", "lines_for", "pass_all"]


def scenario(players: dict | None = None, seats: list[str] = SEATS, **fields) -> dict:
    players = players or {}
    merged = {seat: {"income_tile": TILES[seat], **players.get(seat, {})} for seat in seats}
    return {"players": merged, **fields}


def game(phase: str = "first_consul_bidding", players: dict | None = None, seats: list[str] = SEATS,
         seed: int = 1, options: dict | None = None, **fields) -> Driver:
    """A Driver whose game starts at `phase` from the given position (red holds income tile I)."""
    sc = scenario(players, seats, phase=phase, **fields)
    return Driver(seats, {**(options or {}), "scenario": sc}, seed)


def lines_for(g: Driver, seat: str, choice: str, viewer: str | None) -> list[str]:
    """Play a choice and return its narration for one viewer."""
    before = g.state
    g.play(seat, choice)
    return RULES.describe(before, seat, choice, g.state, viewer)


def pass_all(g: Driver, seats: list[str]) -> None:
    for seat in seats:
        g.script([(seat, "pass")])
