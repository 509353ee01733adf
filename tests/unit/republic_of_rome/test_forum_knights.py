"""Rule 7.5 (Knights), 7.6 (Games, a new Faction Leader, the exclusivity flag) and 7.4 item 5 (releasing an
opposed Statesman): the last form of an Initiative."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.forum_position import forum, notes, roll, table, with_event
from tests.scenario.republic_of_rome.position import add_senator, answer, asked


def position(**options) -> dict:
    """Red: Cornelius (1) leader, Rome Consul, 20 T, 2 Knights; Julius (4) away governing with 3 T."""
    s = table(3, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul", talents=20, knights=2)
    add_senator(s, "4", "red", talents=3, location="province:sicilia")
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "3", "green", leader=True)
    return s


def actions(s: dict, dice: list[int] = ()) -> tuple[dict, object]:
    """Red's Initiative at its last form (roll 8: a card; nobody to persuade)."""
    s, rng = forum(s, dice=[3, 5] + list(dice))
    s = roll(s, "red", rng)
    assert s["step"] == "forum_initiative_actions" and list(asked(s)) == ["red"]
    return s, rng


def fields(s: dict) -> list[str]:
    return [f.name for f in asked(s)["red"].form.fields]


def test_7_5_attracting_a_knight_pays_the_bank_and_needs_die_plus_talents_6():
    s, rng = actions(position(), dice=[3])
    s = answer(s, "red", {"knights": "attract:1", "talents": 3, "pressure": {"1": 0},
                          "leader_or_games": "none"}, rng)
    assert s["senators"]["1"]["knights"] == 3 and s["senators"]["1"]["talents"] == 17


def test_7_5_any_loyal_senator_may_attract_under_ah_only_one_in_rome_with_the_flag():
    s, rng = actions(position())
    assert "attract:4" in [o.value for o in asked(s)["red"].form.field("knights").options]
    s, rng = actions(position(knight_attract_requires_rome=True))
    assert "attract:4" not in [o.value for o in asked(s)["red"].form.field("knights").options]


def test_7_5_at_most_6_talents_and_no_more_than_the_senator_has():
    s, rng = actions(position())
    assert asked(s)["red"].form.field("talents").max == 6
    with pytest.raises(IllegalAction):
        answer(s, "red", {"knights": "attract:4", "talents": 5, "pressure": {"1": 0}, "leader_or_games": "none"}, rng)


def test_7_5_pressured_knights_leave_for_a_die_of_talents_each_less_evil_omens():
    s, rng = actions(position(), dice=[4, 1])
    with_event(s, "evil_omens")
    s = answer(s, "red", {"knights": "pressure", "talents": 0, "pressure": {"1": 2}, "leader_or_games": "none"}, rng)
    assert s["senators"]["1"]["knights"] == 0 and s["senators"]["1"]["talents"] == 20 + 3 + 0


def test_7_6_games_cost_the_sponsor_raise_his_popularity_and_calm_the_unrest_never_below_0():
    s = position()
    s["unrest"] = 1
    s, rng = actions(s)
    s = answer(s, "red", {"knights": "none", "talents": 0, "pressure": {"1": 0},
                          "leader_or_games": "games:1:blood_fest"}, rng)
    assert s["senators"]["1"]["talents"] == 20 - 13 and s["senators"]["1"]["pop"] == 2 and s["unrest"] == 0
    assert notes(s, "games")[0]["calmed"] == 1


def test_7_6_only_affordable_games_are_offered():
    s, rng = actions(position())
    offered = [o.value for o in asked(s)["red"].form.field("leader_or_games").options]
    assert "games:1:gladiator_gala" in offered and not any(v.startswith("games:4:") for v in offered)


def test_7_6_a_new_faction_leader_or_games_not_both_unless_the_flag_is_off():
    s, rng = actions(position())
    assert "leader_or_games" in fields(s) and "leader" not in fields(s)
    s, rng = actions(position(leader_change_or_games_exclusive=False))
    assert {"leader", "games"} <= set(fields(s))
    s = answer(s, "red", {"knights": "none", "talents": 0, "pressure": {"1": 0}, "leader": "leader:4",
                          "games": "games:1:slice_and_dice"}, rng)
    assert s["factions"]["red"]["leader"] == "4" and s["senators"]["1"]["pop"] == 1


def test_5_3_a_faction_without_leader_names_one_in_its_initiative():
    s = position()
    s["factions"]["red"]["leader"] = None
    s, rng = actions(s)
    assert "new_leader" in fields(s)
    s = answer(s, "red", RULES.default_choice(s, "red"), rng)
    assert s["factions"]["red"]["leader"] == "1"  # the most Influence


def test_7_4_5_an_opposed_statesman_may_be_released_to_the_forum_but_not_the_faction_leader():
    s = position()
    add_senator(s, None, "red", statesman="22A")
    add_senator(s, "18", "red", statesman="18A")
    s, rng = actions(s)
    assert [o.value for o in asked(s)["red"].form.field("release").options] == ["none", "18", "22A"]
    base = {"knights": "none", "talents": 0, "pressure": {"1": 0}}
    with pytest.raises(IllegalAction):
        answer(s, "red", {**base, "leader_or_games": "leader:22A", "release": "22A"}, rng)
    s = answer(s, "red", {**base, "leader_or_games": "none", "release": "22A"}, rng)
    assert s["senators"]["22A"]["faction"] is None


def test_7_4_5_without_the_flag_nothing_is_released():
    s = position(abandon_opposed_statesman=False)
    add_senator(s, None, "red", statesman="22A")
    add_senator(s, "18", "red", statesman="18A")
    s, rng = actions(s)
    assert "release" not in fields(s)


def test_7_2_the_defaults_do_nothing():
    s, rng = actions(position())
    s = answer(s, "red", RULES.default_choice(s, "red"), rng)
    assert s["senators"]["1"]["talents"] == 20 and s["senators"]["1"]["knights"] == 2
    assert s["factions"]["red"]["leader"] == "1" and s["step"] == "forum_initiative_roll"


def test_7_5_7_6_one_senator_cannot_spend_more_on_a_knight_and_games_than_he_has():
    s, rng = actions(position())
    with pytest.raises(IllegalAction):
        answer(s, "red", {"knights": "attract:1", "talents": 3, "pressure": {"1": 0},
                          "leader_or_games": "games:1:gladiator_gala"}, rng)
