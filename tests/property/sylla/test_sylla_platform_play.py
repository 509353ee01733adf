"""Whole games through the platform's Game aggregate: sealed choices, reveals, recorded draws, replay."""
from __future__ import annotations

import pytest

from domain.games.sylla import RULES
from service.simulate import simulate


@pytest.mark.parametrize("players", [3, 4])
def test_sylla_plays_through_the_platform_with_invariants(players):
    result = simulate("sylla", 2, players=players, seed=7)
    assert result.errors == [] and result.games == 2


def test_sylla_seats_are_its_player_colours():
    assert RULES.seat_ids(4) == ["blue", "red", "black", "white"]
