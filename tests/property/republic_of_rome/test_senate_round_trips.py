"""Issue #15 item 5: the round-trip statistic of bench/bench_senate_round_trips.py counts what it says, on a
small seeded sample of 6-player games (the figures themselves are `make bench`'s): every Senate waits for
someone; standing votes and sealed votes cut the moments spent waiting for votes."""
from __future__ import annotations

from collections import Counter

from bench.bench_senate_round_trips import senates

SEEDS = (30_000, 30_001)


def votes_waited(options: dict, standing: bool) -> tuple[int, int]:
    """(moments waiting for a vote, Senates) over the sample."""
    every: list[Counter] = [c for seed in SEEDS for c in senates(6, seed, options, standing)]
    return sum(c["senate_vote"] for c in every), len(every)


def test_every_senate_waits_for_someone_and_votes_are_counted_as_moments():
    every = [c for seed in SEEDS for c in senates(6, seed, {}, False)]
    assert len(every) >= 2 and all(sum(c.values()) > 0 for c in every)
    assert sum(c["senate_vote"] for c in every) >= 6  # at least one proposal voted faction by faction


def test_standing_votes_and_sealed_votes_cut_the_moments_spent_waiting_for_votes():
    by_hand, n = votes_waited({}, False)
    standing, m = votes_waited({}, True)
    sealed, k = votes_waited({"senate_votes": "sealed"}, False)
    assert standing / m < by_hand / n / 2
    assert sealed / k < by_hand / n / 2
