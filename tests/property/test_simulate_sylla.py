"""`tabularium simulate sylla --games 2000` for 3 and 4 players: no error, invariants after every step.

The 2,000 games per player count run as 8 seeded chunks of 250 so that pytest-xdist spreads them over
both cores; the seeds differ per chunk, so together they are 2,000 distinct games.
"""
import pytest

from service.simulate import simulate

CHUNKS, PER_CHUNK = 8, 250


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_sylla_games_finish_with_invariants_intact(players, chunk):
    result = simulate("sylla", PER_CHUNK, players, seed=1000 * players + chunk)
    assert result.errors == []
    assert result.games == PER_CHUNK
    assert result.decisions > PER_CHUNK * 50  # whole games, not trivially short ones
