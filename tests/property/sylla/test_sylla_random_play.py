"""Random legal games: invariants after every step, exactly 5 rounds, an outcome, JSON round-trips."""
from __future__ import annotations

import json
import random

import pytest
from sylla_helpers import SEATS3, SEATS4, play_random_game, roundtrip

from domain.bots import random_choice
from domain.games.sylla import RULES
from domain.rules import IllegalAction


def _finished(state: dict) -> None:
    assert state["round"] == 5 and state["finished"]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    top = max(outcome.scores.values())
    assert set(outcome.winners) == {s for s, v in outcome.scores.items() if v == top}
    assert all(sum(outcome.details["ledger"][s].values()) == outcome.scores[s] for s in outcome.scores)


@pytest.mark.parametrize("seats", [SEATS4, SEATS3], ids=["4p", "3p"])
def test_sylla_random_games_reach_the_end_after_exactly_five_rounds(seats):
    rounds_seen = []

    def watch(before, seat, choice, after):
        assert after["round"] >= before["round"]
        rounds_seen.append(after["round"])

    for seed in range(120):
        state, steps = play_random_game(seats, {}, seed, on_step=watch)
        _finished(state)
        assert steps > 100
    assert max(rounds_seen) == 5


def test_sylla_every_state_survives_json_and_apply_never_mutates_its_input():
    def watch(before, seat, choice, after):
        assert roundtrip(after) == after
        frozen = json.dumps(before, sort_keys=True)
        again = RULES.apply(before, seat, choice, random.Random(0)) if not before["finished"] else None
        assert json.dumps(before, sort_keys=True) == frozen, "apply mutated the state it was given"
        if again is not None:
            assert roundtrip(again) == again

    for seed in range(12):
        play_random_game(SEATS4 if seed % 2 else SEATS3, {}, seed, on_step=watch)


def test_sylla_random_play_continues_identically_from_a_json_copy():
    """A state loaded from JSON plays on exactly like the original (no hidden Python-only data)."""
    state, _ = play_random_game(SEATS4, {}, 5)
    rng_a, rng_b = random.Random(3), random.Random(3)
    chooser = random.Random(9)
    a = RULES.setup(SEATS4, {}, rng_a)
    b = roundtrip(RULES.setup(SEATS4, {}, rng_b))
    while RULES.outcome(a) is None:
        prompts = RULES.prompts(a)
        assert [(p.seat, p.id, p.choice_ids()) for p in prompts] == \
               [(p.seat, p.id, p.choice_ids()) for p in RULES.prompts(b)]
        p = prompts[0]
        choice = random_choice(p, chooser)
        a = RULES.apply(a, p.seat, choice, rng_a)
        b = roundtrip(RULES.apply(b, p.seat, choice, rng_b))
        assert a == b
    assert RULES.outcome(a) == RULES.outcome(b)


OPTION_SETS = [
    {"crisis_zone_width": 1},
    {"crisis_zone_width": 3, "granary_famine_direction": "increase", "curia_marker": "leisure"},
    {"lasting_event_repeat_flips": False, "announce_token_kinds": False},
    {"unsold_building_offerer": "next", "decadence_slot": "top", "crisis_order": ["leisure", "health", "civic"]},
    {"data_overrides": {"events": {"famine": {"food_symbols": 3}}, "great_works_min_votes_to_rank": 0}},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_sylla_random_games_with_every_option(options):
    for seed in range(15):
        _finished(play_random_game(SEATS4, options, seed)[0])
        _finished(play_random_game(SEATS3, {**options, "three_player_income_tiles": "random",
                                            "three_player_unused_set": "removed"}, seed)[0])


def test_sylla_simultaneous_prompts_keep_their_ids_while_others_submit():
    """Between sealed applies, the other seats' prompt ids and choices do not change."""
    chooser = random.Random(4)
    for seed in range(10):
        rng = random.Random(seed)
        state = RULES.setup(SEATS4, {}, rng)
        while RULES.outcome(state) is None:
            prompts = RULES.prompts(state)
            if len(prompts) > 1:
                picks = [(p.seat, random_choice(p, chooser)) for p in prompts]
                for i, (seat, choice) in enumerate(picks):
                    state = RULES.apply(state, seat, choice, rng)
                    rest = {p.seat: (p.id, p.choice_ids()) for p in RULES.prompts(state)}
                    for p in prompts[i + 1:]:
                        assert rest[p.seat] == (p.id, p.choice_ids())
                    assert seat not in rest or i == len(picks) - 1
            else:
                p = prompts[0]
                state = RULES.apply(state, p.seat, random_choice(p, chooser), rng)


def test_sylla_every_listed_choice_is_accepted_and_others_refused():
    chooser = random.Random(11)
    rng = random.Random(2)
    state = RULES.setup(SEATS4, {}, rng)
    checked = 0
    while RULES.outcome(state) is None:
        prompts = RULES.prompts(state)
        for p in prompts:
            for c in p.choices:
                RULES.apply(state, p.seat, c.id, random.Random(1))
                checked += 1
            if p.form is not None:  # a form: random answers and the default are accepted
                for _ in range(5):
                    RULES.apply(state, p.seat, random_choice(p, chooser), random.Random(1))
                    checked += 1
                RULES.apply(state, p.seat, RULES.default_choice(state, p.seat), random.Random(1))
                assert RULES.default_choice(state, p.seat) == p.form.default
            with pytest.raises(IllegalAction):
                RULES.apply(state, p.seat, "not-a-choice", random.Random(1))
            if p.form is None:
                assert RULES.default_choice(state, p.seat) in p.choice_ids()
        idle = [s for s in SEATS4 if s not in {p.seat for p in prompts}]
        for seat in idle:
            with pytest.raises(IllegalAction):
                RULES.apply(state, seat, random_choice(prompts[0], chooser), random.Random(1))
        p = prompts[0]
        state = RULES.apply(state, p.seat, random_choice(p, chooser), rng)
    assert checked > 1000
    with pytest.raises(IllegalAction):
        RULES.apply(state, "red", "pass", rng)
