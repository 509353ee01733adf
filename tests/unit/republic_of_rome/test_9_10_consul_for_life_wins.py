"""Rule 9.10 and Rule 12 items 3-4: a Consul for Life (35 Influence in Rome, checked after every apply, spec
18.20; or elected by the Senate) wins for his faction if the Republic survives to the end of the turn; the
check comes before the end of the scenario, and a Republic that falls first makes everybody lose."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.business import make_consul_for_life
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.turn import end_phase
from tests.scenario.republic_of_rome.forum_position import forum, roll, table
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, at_phase, edit


def position() -> dict:
    """Red: Cornelius (1) 34 Influence, Fabius (2) 5. Blue: Julius (4) 12. Green: Claudius (5) 9."""
    s = table(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=34)
    add_senator(s, "2", "red", inf=5)
    add_senator(s, "4", "blue", leader=True, inf=12)
    add_senator(s, "5", "green", leader=True, inf=9)
    return s


def end_of_turn(s: dict, rng=None) -> dict:
    s = edit(s)
    s["phase"], s["notes"] = "revolution", []
    end_phase(s, data_for(s), rng or ScriptedRandom(strict=True))
    return s


def first_asked(s: dict) -> str:
    return RULES.prompts(s)[0].seat


def reaching_35_in_the_forum(s: dict) -> dict:
    """Cornelius is at 35 when Red's Initiative roll is answered: the check after that apply makes him Consul."""
    s["senators"]["1"]["inf"] = 35
    s, rng = forum(s, dice=[3, 5])
    return roll(s, "red", rng)


def test_12_3_35_influence_mid_turn_makes_a_consul_for_life_after_the_apply():
    s = reaching_35_in_the_forum(position())
    assert not s["finished"]
    assert s["consul_for_life"] == {"senator": "1", "seat": "red", "turn": s["turn"], "elected": False}
    assert any("reaches 35 Influence and becomes Consul for Life" in str(x) for x in RULES.describe(s, "", "", s, None))


def test_12_3_the_consul_for_life_faction_wins_at_the_end_of_that_turn():
    s = reaching_35_in_the_forum(position())
    s["deck_exhausted_turn"] = s["turn"]  # the end of the scenario too: the Consul for Life comes first
    s = end_of_turn(s)
    assert s["finished"] and s["result"]["kind"] == "victory" and s["result"]["reason"] == "consul_for_life"
    assert s["result"]["winners"] == ["red"] and s["result"]["senator"] == "1"
    facts = RULES.outcome(s).details["explanation"]
    assert facts["red"]["consul_for_life"] == "1" and facts["red"]["won"] and facts["blue"]["consul_for_life"] is None
    said = [str(x) for x in RULES.describe(s, "", "", s, "blue")]
    assert said[0] == ("The game is over: Red wins. Cornelius (1) became Consul for Life and the Republic survived "
                       "the turn.")
    assert "Red: 40 Influence from 2 Senators. Consul for Life: Cornelius (1)." in said


def test_12_3_not_if_the_republic_falls_first():
    s = reaching_35_in_the_forum(position())
    s["unrest"] = 9
    s = at_phase(s, "population", ScriptedRandom([1, 1, 1]))
    assert s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "people_revolt"
    assert RULES.outcome(s).winners == ()
    assert not s["result"]["explanation"]["red"]["won"]


def test_12_3_a_senator_who_reached_35_away_from_rome_becomes_consul_when_next_in_rome():
    s = position()
    s["senators"]["1"].update(inf=36, location="province:sicilia")
    s, rng = forum(s, dice=[3, 5])
    s = roll(s, first_asked(s), rng)  # Cornelius is away: the HRAO is another
    assert not s.get("consul_for_life")
    s = edit(s)
    s["senators"]["1"]["location"] = "rome"
    seat = first_asked(s)
    s = RULES.apply(s, seat, RULES.default_choice(s, seat), ScriptedRandom())
    assert s["consul_for_life"]["senator"] == "1"


def test_12_3_a_rebel_never_becomes_consul_for_life():
    s = position()
    s["senators"]["1"].update(inf=40, rebel=True)
    s, rng = forum(s, dice=[3, 5])
    assert not roll(s, first_asked(s), rng).get("consul_for_life")


def test_12_4_an_elected_consul_for_life_wins_at_the_end_of_the_turn():
    s = edit(position())
    s["senators"]["4"]["inf"] = 22
    make_consul_for_life(s, "4", elected=True)
    s = end_of_turn(s)
    assert s["result"]["winners"] == ["blue"] and s["result"]["reason"] == "consul_for_life"


def test_12_4_without_a_consul_for_life_the_next_turn_begins():
    s = position()
    turn = s["turn"]
    s = end_of_turn(s, ScriptedRandom())
    assert not s["finished"] and s["turn"] == turn + 1


def test_9_10_a_consul_for_life_before_era_ends_wins_at_the_end_of_that_forum_phase():
    s = edit(table(3, options={"game_end": "era_ends_card_forum_phase"}))
    add_senator(s, "4", "blue", leader=True, inf=30)
    add_senator(s, "5", "green", leader=True, inf=9)
    make_consul_for_life(s, "5", elected=True)
    s["era_ends_revealed"], s["phase"] = s["turn"], "forum"
    end_phase(s, data_for(s), ScriptedRandom(strict=True))
    assert s["result"]["winners"] == ["green"] and s["result"]["reason"] == "consul_for_life"
