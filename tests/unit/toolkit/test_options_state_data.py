"""The toolkit's option declarations, the clone contract and the data loader."""
from __future__ import annotations

import json

import pytest

from domain.rules import IllegalAction, Rules
from domain.toolkit.data import DataSet, merge_overrides, unwrap
from domain.toolkit.options import Option, OptionSpec
from domain.toolkit.state import clone

SPEC = OptionSpec([
    Option.choice("speed", "slow", ("slow", "fast"), "How fast."),
    Option.bool("open", True, "Open hands."),
    Option.int("rounds", 3, 1, 9, "Rounds."),
    Option.text("motto", "", "A motto."),
    Option.json("extra", None, "Anything.", nullable=True, advanced=True),
])


@pytest.mark.parametrize("values, sentence", [
    ({"speed": "warp"}, "The option speed must be one of slow, fast, not 'warp'."),
    ({"open": "yes"}, "The option open must be true or false, not 'yes'."),
    ({"rounds": 0}, "The option rounds must be a whole number from 1 to 9, not 0."),
    ({"rounds": True}, "The option rounds must be a whole number from 1 to 9, not True."),
    ({"motto": 7}, "The option motto must be text, not 7."),
    ({"extra": [1]}, "The option extra must be a JSON object or null, not [1]."),
    ({"colour": 1}, "Demo has no option 'colour'; the options are speed, open, rounds, motto, extra."),
])
def test_each_type_is_refused_with_a_sentence(values, sentence):
    with pytest.raises(IllegalAction) as refused:
        SPEC.validate(values, "Demo")
    assert refused.value.reason == sentence


def test_defaults_are_filled_in_and_text_is_read_by_type():
    assert SPEC.validate({"rounds": 5}, "Demo") == {"speed": "slow", "open": True, "rounds": 5, "motto": "",
                                                     "extra": None}
    assert [SPEC.parse(n, t) for n, t in [("open", "false"), ("rounds", "4"), ("rounds", "four"),
                                          ("extra", '{"a": 1}'), ("motto", "ave")]] == \
        [False, 4, "four", {"a": 1}, "ave"]


def test_a_default_the_declaration_refuses_is_a_bug_found_at_import():
    with pytest.raises(ValueError):
        OptionSpec([Option.int("rounds", 0, 1, 9, "Rounds.")])


def test_the_base_class_gives_documented_defaults():
    class Bare(Rules):
        id, title = "bare", "Bare"

    bare = Bare()
    assert bare.seat_ids(3) == ["red", "blue", "green"]
    assert bare.options_schema() == {} and bare.check_options({}) == {}
    with pytest.raises(IllegalAction, match="takes no options"):
        bare.check_options({"x": 1})
    assert bare.forced_choice_is_public({}, None) is False and bare.check_invariants({}) is None


def test_clone_copies_every_top_level_container_whatever_its_key():
    s = {"new_key": {"a": 1}, "deck": [1, 2], "n": 1, "deep": {"inner": {"x": 1}}}
    c = clone(s)
    c["new_key"]["a"] = 2
    c["deck"].append(3)
    assert s == {"new_key": {"a": 1}, "deck": [1, 2], "n": 1, "deep": {"inner": {"x": 1}}}
    assert c["deep"]["inner"] is s["deep"]["inner"]  # deeper: shared, replaced by contract
    assert clone(s, shared={"deck"})["deck"] is s["deck"]
    assert clone(s, deeper={"deep": lambda v: json.loads(json.dumps(v))})["deep"]["inner"] is not s["deep"]["inner"]


def test_data_values_are_unwrapped_and_overrides_refuse_unknown_names(tmp_path):
    path = tmp_path / "data.json"
    path.write_text(json.dumps({"hand": {"value": 5, "assumed": True}, "cards": [{"id": "a", "v": 1}]}))
    data = DataSet(path, "Demo", lambda raw, options: unwrap(raw), ["data_overrides"])
    assert data.compile({}) == {"hand": 5, "cards": [{"id": "a", "v": 1}]}
    changed = data.compile({"data_overrides": {"hand": 6, "cards": {"a": {"v": 2}}}})
    assert changed == {"hand": 6, "cards": [{"id": "a", "v": 2}]}
    assert data.compile({}) is data.for_state({"dkey": data.key({}), "options": {}})
    assert merge_overrides({"hand": {"value": 5, "assumed": False}}, {"hand": 7}) == {"hand": {"value": 7, "assumed": True}}
    with pytest.raises(IllegalAction, match="does not name anything in Demo's data"):
        data.compile({"data_overrides": {"nope": 1}})
    with pytest.raises(IllegalAction, match="names no record"):
        data.compile({"data_overrides": {"cards": {"z": {}}}})
