import random

import pytest

from domain.randomness import (DerivedRandom, ReplayDivergence, ReplayRandom, derive, seed_commitment,
                               verify_draws)

SEED = "11" * 32


def test_commitment_is_sha256_of_the_seed_bytes():
    import hashlib
    assert seed_commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()


def test_draws_depend_on_seed_sequence_and_counter_only():
    assert derive(SEED, 5, 0, 64) == derive(SEED, 5, 0, 64)
    assert len({derive(SEED, 5, 0, 64), derive(SEED, 6, 0, 64), derive(SEED, 5, 1, 64),
                derive("22" * 32, 5, 0, 64)}) == 4


def test_wide_draws_use_all_requested_bits():
    value = derive(SEED, 1, 0, 300)
    assert value < 2 ** 300 and value.bit_length() > 250


def test_derived_random_records_every_draw_and_replay_reproduces_them():
    rng = DerivedRandom(SEED, 7)
    deck = list(range(40))
    rng.shuffle(deck)
    rolls = [rng.randint(1, 6) for _ in range(10)] + [rng.random(), rng.choice("abc")]
    replay = ReplayRandom(rng.draws)
    deck2 = list(range(40))
    replay.shuffle(deck2)
    assert deck2 == deck
    assert [replay.randint(1, 6) for _ in range(10)] + [replay.random(), replay.choice("abc")] == rolls
    assert replay.finished()


def test_replay_refuses_to_invent_draws():
    replay = ReplayRandom([[3, 2]])
    with pytest.raises(ReplayDivergence):
        replay.getrandbits(5)
    replay = ReplayRandom([])
    with pytest.raises(ReplayDivergence):
        replay.random()


def test_verify_draws_catches_one_loaded_die():
    rng = DerivedRandom(SEED, 3)
    [rng.randint(1, 6) for _ in range(5)]
    assert verify_draws(SEED, 3, rng.draws) is None
    loaded = [list(d) for d in rng.draws]
    loaded[2][1] ^= 1
    assert "draw 3" in verify_draws(SEED, 3, loaded)
    assert verify_draws(SEED, 4, rng.draws) is not None


def test_derived_random_is_a_random_random_and_cannot_be_reseeded():
    rng = DerivedRandom(SEED, 1)
    assert isinstance(rng, random.Random)
    rng.seed(42)  # ignored: the stream is fixed by seed and event
    assert rng.getrandbits(8) == derive(SEED, 1, 0, 8)
