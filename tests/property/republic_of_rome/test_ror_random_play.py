"""Random legal games of The Republic of Rome at every player count (3-6), every invariant after every
step (ror_random.py: treasuries never negative, every Senator in exactly one place, card counts conserved,
Faction Leaders in their faction, the Curia and the Forum disjoint, public hand sizes true) and apply never
changing its input.

How many: ROR_GAMES games per player count (default 40, the seeded sample of `make test`), each played
for ROR_TURNS whole turns (default 3; `all` plays every game to its end) from seed ROR_SEED (default 0)
on. Besides, `make test` plays ROR_END_GAMES games per player count (default 4, other seeds) to their end
(issue #16: every game at every player count finishes with a result, a faction's victory or the
Republic's fall). `make soak` runs SOAK_GAMES (2,000) per player count to the end. The games of a player
count are split in chunks so that pytest-xdist spreads them over the cores; a chunk plays all its games and
then fails with every failing game (what reproduces it and its traceback). A game that never ends fails by
the caps of ror_random.py (decisions, turns). The conftest prints a summary: games, turns, decisions,
endings by reason, failures, and the distribution of game lengths.
"""
from __future__ import annotations

import os
import traceback

import pytest
from ror_random import check_result, play_game

GAMES = int(os.environ.get("ROR_GAMES", "40"))
TURNS = None if os.environ.get("ROR_TURNS", "3") == "all" else int(os.environ.get("ROR_TURNS", "3"))
FIRST_SEED = int(os.environ.get("ROR_SEED", "0"))
END_GAMES = int(os.environ.get("ROR_END_GAMES", "4"))
END_FIRST_SEED = 1_000  # the to-the-end sample's seeds, apart from the turn-limited ones
PER_CHUNK = 10 if GAMES <= 100 else 25
CHUNKS = [(first, min(first + PER_CHUNK, GAMES)) for first in range(0, GAMES, PER_CHUNK)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("chunk", CHUNKS, ids=lambda c: f"games{c[0]}-{c[1] - 1}")
def test_random_games_keep_every_invariant_at_every_step(players, chunk, record_property):
    first, end = chunk
    play_games(players, range(FIRST_SEED + first, FIRST_SEED + end), TURNS, record_property)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_16_random_games_to_the_end_finish_with_a_result(players, record_property):
    """Issue #16: games at every player count finish with a result (victory of a faction or collective
    defeat), with every invariant after every step."""
    play_games(players, range(END_FIRST_SEED, END_FIRST_SEED + END_GAMES), None, record_property)


def play_games(players: int, seeds: range, turns: int | None, record_property) -> None:
    """Every game of `seeds`, then one failure naming each failing game; the tally goes to the summary."""
    tally = {"games": 0, "turns": 0, "decisions": 0, "endings": {}, "failures": [], "refused_fallbacks": 0,
             "lengths": []}
    for seed in seeds:
        try:
            run = play_game(players, seed, turns)
            if turns is None:
                check_result(run)
        except Exception as exc:  # noqa: BLE001  (every failing game is reported, then the chunk fails)
            notes = " | ".join(getattr(exc, "__notes__", []))
            tally["failures"].append(f"{players} players, seed {seed}: {type(exc).__name__}: {exc} [{notes}]\n"
                                     + "".join(traceback.format_exception(exc)[-6:]))
            continue
        tally["games"] += 1
        tally["turns"] += run.turns
        tally["decisions"] += run.decisions
        tally["refused_fallbacks"] += len(run.refused_fallbacks)
        tally["endings"][run.ending] = tally["endings"].get(run.ending, 0) + 1
        if run.state["finished"]:
            tally["lengths"].append((players, run.turns, run.decisions, run.ending))
        assert run.turns >= (turns or 1) or run.state["finished"], "a game stopped before its turns were played"
        assert run.decisions > 0
    record_property("ror_random_play", {**tally, "failures": len(tally["failures"])})
    assert not tally["failures"], "\n\n".join(tally["failures"])
