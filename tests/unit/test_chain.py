import hashlib

from domain.chain import GENESIS, canonical_json, event_hash
from domain.game import salt_for

GAME = "00000000-0000-0000-0000-000000000001"


def test_canonical_json_is_independent_of_key_order():
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == canonical_json({"a": [1, {"c": 3, "d": 2}], "b": 1})


def test_hash_covers_game_id_sequence_type_link_and_every_byte_of_content():
    base = event_hash(GAME, 2, "ChoiceMade", GENESIS, {"choice": "bid-4", "salt": "s"})
    variants = [
        event_hash("00000000-0000-0000-0000-000000000002", 2, "ChoiceMade", GENESIS, {"choice": "bid-4", "salt": "s"}),
        event_hash(GAME, 3, "ChoiceMade", GENESIS, {"choice": "bid-4", "salt": "s"}),
        event_hash(GAME, 2, "ChoiceSealed", GENESIS, {"choice": "bid-4", "salt": "s"}),
        event_hash(GAME, 2, "ChoiceMade", "1" * 64, {"choice": "bid-4", "salt": "s"}),
        event_hash(GAME, 2, "ChoiceMade", GENESIS, {"choice": "bid-5", "salt": "s"}),
    ]
    assert len({base, *variants}) == 6


def test_salt_is_secret_per_event_and_derived_from_the_seed():
    seed = "ab" * 32
    assert salt_for(seed, 1) != salt_for(seed, 2)
    assert salt_for(seed, 1) != salt_for("cd" * 32, 1)
    assert len(salt_for(seed, 1)) == 32
    assert salt_for(seed, 1) not in hashlib.sha256(bytes.fromhex(seed)).hexdigest()
