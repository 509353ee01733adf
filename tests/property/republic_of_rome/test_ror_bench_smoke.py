"""bench/bench_republic_of_rome.py still plays: one 6-player game and one Sylla game through its timing
loop reach their end, charging time and decisions to numbered turns and rounds (no figure is checked:
speed belongs to `make bench`)."""
from __future__ import annotations

from bench.bench_republic_of_rome import TURN_CAP, timed_game
from domain.rules import get_rules


def test_the_bench_times_whole_games_turn_by_turn():
    # seed 11: a Republic of Rome game that lasts beyond three turns (four Active Wars end many sooner)
    for title, players, period, seed in (("republic_of_rome", 6, "turn", 11), ("sylla", 4, "round", 7)):
        setup, spent, decisions = timed_game(get_rules(title), players, seed, period)
        assert setup >= 0 and min(spent) >= 0 and max(spent) <= TURN_CAP + 1
        assert sum(decisions.values()) > 20 and set(decisions) <= set(spent)
        assert {1, 2, 3} <= set(spent), f"{title}: fewer than three {period}s played"
