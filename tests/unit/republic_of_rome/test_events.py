"""Rule 13 (events of the Early Republic table) as an Initiative roll of 7 places them (Rule 7.2), and spec 6.2
item 7 / edge case 8 (a payment the State cannot make ends the game)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.revenue import drought_effects
from tests.scenario.republic_of_rome.forum_position import forum, notes, phase_ends_here, roll, table, with_event
from tests.scenario.republic_of_rome.position import add_senator, answer, asked, chit_pick

TABLE = {"mob_violence": [1, 1, 1], "natural_disaster": [1, 1, 2], "evil_omens": [1, 2, 3], "refuge": [1, 3, 3],
         "epidemic": [2, 3, 3], "drought": [3, 3, 3], "storm_at_sea": [5, 5, 1], "manpower_shortage": [4, 4, 4],
         "allied_enthusiasm": [6, 6, 1], "rhodian_maritime_alliance": [5, 5, 5], "enemy_leader_dies": [6, 6, 5],
         "trial_of_verres": [6, 6, 6]}


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


def position(players: int = 4, **options) -> dict:
    s = table(players, options=options)
    for seat, sid in zip(s["seats"], ("1", "2", "3", "4")):
        add_senator(s, sid, seat, leader=True, office="rome_consul" if seat == "red" else None)
    return s


def event(s: dict, name: str, more: list[int] = (), picks: list[int] = (), times: int = 1) -> dict:
    """Red's Initiative rolls 7 and then `name` on the table; with times=2, Blue's Initiative does the same."""
    dice = [3, 4] + TABLE[name] + list(more)
    s, rng = forum(s, dice=dice * times if times > 1 else dice, picks=picks)
    s = roll(s, "red", rng)
    if times > 1:
        s = until_roll(s, rng)
        s = roll(s, "blue", rng)
    return s


def until_roll(s: dict, rng) -> dict:
    """Every decision answered with its default until the next Initiative roll is asked."""
    while s["step"] != "forum_initiative_roll":
        seat = RULES.prompts(s)[0].seat
        s = RULES.apply(s, seat, RULES.default_choice(s, seat), rng)
    return s


def chits(s: dict, drawn: list[str]) -> list[int]:
    """The picks that draw these chits in this order."""
    return [chit_pick(s, chit, drawn[:i]) for i, chit in enumerate(drawn)]


def test_13_a_card_is_placed_then_flipped_then_spent_unless_cumulative():
    s = event(position(), "refuge", times=2)
    assert s["forum"]["events"]["refuge"] == {"flipped": True, "level": 2, "turn": s["turn"]}
    s = event(s, "refuge")  # a new turn's Forum keeps Refuge (it stays until used): a third draw does nothing
    assert notes(s, "event_spent")


def test_13_evil_omens_cost_20_once_per_turn_and_each_draw_adds_a_level():
    s = position()
    treasury = s["treasury"]
    s = event(s, "evil_omens", times=2)
    assert s["treasury"] == treasury - 20 and s["evil_omens"] == 2


def test_13_natural_disaster_costs_50_and_destroys_the_concession_rolled_a_second_one_pays_nothing():
    s = position()
    s["senators"]["2"]["concessions"] = ["harbor_fees"]
    s["forum"]["concessions"] = ["mining"]
    treasury = s["treasury"]
    s = event(s, "natural_disaster", more=[3], times=1)
    assert s["treasury"] == treasury - 50 and s["senators"]["2"]["concessions"] == []
    assert s["curia"]["concessions"] == ["harbor_fees"]
    s = event(s, "natural_disaster", more=[2])
    assert s["forum"]["concessions"] == [] and s["curia"]["concessions"] == ["harbor_fees", "mining"]


def test_6_2_7_a_sacrifice_the_state_cannot_pay_ends_the_game_for_everybody():
    s = position()
    s["treasury"] = 10
    s = event(s, "evil_omens")
    assert s["finished"] and s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "bankruptcy"
    assert RULES.prompts(s) == []


def test_13_epidemic_kills_the_drawn_senators_in_rome():
    s = position()
    add_senator(s, "7", None)
    add_senator(s, "8", "blue", location="province:sicilia")
    drawn = ["7", "8", "blank", "blank", "blank", "blank"]
    s = event(s, "epidemic", picks=chits(s, drawn))
    assert "7" not in s["senators"] and "8" in s["senators"]
    assert s["curia"]["senators"] == ["7"]


def test_13_foreign_epidemic_kills_every_drawn_senator_away_from_rome_or_only_the_first():
    for option, survivors in (("all_drawn_away_from_rome", set()), ("first_drawn_away_from_rome", {"9"})):
        s = position(foreign_epidemic_kills=option)
        add_senator(s, "7", None)
        add_senator(s, "8", "blue", location="province:sicilia")
        add_senator(s, "9", "green", location="province:sardinia_et_corsica")
        s, rng = forum(s, dice=[3, 4] + TABLE["epidemic"],
                       picks=chits(s, ["7", "8", "9", "blank", "blank", "blank"]))
        with_event(s, "epidemic")  # a first Epidemic this turn: this one is the foreign one
        s = roll(s, "red", rng)
        assert "7" in s["senators"], "a Senator in Rome is spared by the foreign epidemic"
        assert {sid for sid in ("8", "9") if sid in s["senators"]} == survivors


def test_13_mob_violence_kills_drawn_senators_in_rome_less_popular_than_the_unrest():
    s = position()
    s["unrest"] = 3
    add_senator(s, "7", None, pop=2)
    add_senator(s, "8", "blue", pop=3)
    s = event(s, "mob_violence", picks=chits(s, ["7", "8", "blank"]))
    assert "7" not in s["senators"] and "8" in s["senators"]
    assert notes(s, "mob_spares")[0]["senator"] == "8"


def test_13_drought_levels_and_the_drought_wars_count_as_drought_effects():
    s = position()
    s["forum"]["wars"]["1st_illyrian_war"] = {"status": "inactive", "naval_victory": False}
    s = event(s, "drought", times=2)
    assert s["drought"] == 2 and drought_effects(s, data_for(s)) == 3


def test_13_storm_at_sea_sinks_2d6_fleets_and_the_hrao_chooses_among_places():
    s = position()
    s["fleets"] = [{"id": i, "at": "italy"} for i in range(1, 6)] + \
                  [{"id": i, "at": "war:1st_punic_war"} for i in range(6, 11)]
    s = event(s, "storm_at_sea", more=[2, 1])
    assert s["step"] == "forum_storm_at_sea" and list(asked(s)) == ["red"]
    assert RULES.default_choice(s, "red") == '{"fleets":["1","2","3"]}'
    s = answer(s, "red", {"fleets": ["6", "7", "8"]}, None)
    assert [f["id"] for f in s["fleets"]] == [1, 2, 3, 4, 5, 9, 10]
    assert s["step"] in ("forum_persuasion", "forum_initiative_actions")  # the Initiative goes on


def test_13_storm_at_sea_with_all_fleets_in_one_place_needs_no_choice():
    s = position()
    s["fleets"] = [{"id": i, "at": "italy"} for i in range(1, 4)]
    s = event(s, "storm_at_sea", more=[1, 1])
    assert [f["id"] for f in s["fleets"]] == [3]


def test_13_manpower_shortage_is_cumulative():
    s = event(position(), "manpower_shortage", times=2)
    assert s["manpower_shortage"] == 2


def test_13_allied_enthusiasm_and_the_trial_of_verres_are_kept_for_the_next_revenue_phase():
    s = event(position(), "allied_enthusiasm", times=2)
    assert s["allied_enthusiasm"] == 75
    s = event(position(), "trial_of_verres")
    assert s["trial_of_verres"] == 3


def test_13_the_rhodian_alliance_sends_fleets_only_while_a_war_needs_them():
    s = position()
    s["forum"]["wars"] = {}
    s = event(s, "rhodian_maritime_alliance")
    assert "rhodian_maritime_alliance" not in s["forum"]["events"] and s["fleets"] == []
    s = event(position(), "rhodian_maritime_alliance", times=2)  # the 1st Punic War needs Fleets
    assert len(s["fleets"]) == 12 and s["forum"]["events"]["rhodian_maritime_alliance"]["fleets"] == list(range(1, 13))


def test_13_enemy_leader_dies_flipped_makes_the_largest_war_of_his_series_sue_for_peace():
    s = position(6)
    s["forum"]["wars"]["1st_punic_war"]["status"] = "active"
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    s["forum"]["leaders"] = {"hannibal": "2nd_punic_war"}
    s["deck"] = [c for c in s["deck"] if c not in ("war:2nd_punic_war", "ldr:hannibal")]
    s, rng = forum(s, dice=[1, 2] * 6 + [6, 6], strict=False)
    with_event(s, "enemy_leader_dies", 2)
    for _ in range(5):
        s = roll(s, s["ctx"]["initiator"], rng)
        s = until_roll(s, rng)
    s = roll(s, s["ctx"]["initiator"], rng)
    while s["step"] != "forum_enemy_leader_dies":
        seat = RULES.prompts(s)[0].seat
        s = RULES.apply(s, seat, RULES.default_choice(s, seat), rng)
    assert asked(s)["red"].choice_ids() == ["hannibal"]
    s = RULES.apply(s, "red", "hannibal", rng)
    assert "ldr:hannibal" in s["discard"] and "2nd_punic_war" not in s["forum"]["wars"]
    assert "war:2nd_punic_war" in s["deck"][:7]
    assert notes(s, "war_sues_for_peace")[0]["spoils"] == 25 // 2
