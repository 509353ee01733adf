"""Rule 12: victory and defeat. The Republic falls (item 1), a rebel wins instead (item 2), the end of the
scenario (item 5: AH at the end of the turn the deck ran out, VG at the end of the Forum Phase of Era Ends), and
the result explained per faction (issue #16 item 3): the outcome, the narration, the view, the board, the lobby."""
from __future__ import annotations

import json

import pytest

from domain.games.republic_of_rome import RULES, turn, victory
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.events import state_pays
from domain.games.republic_of_rome.turn import end_phase
from tests.scenario.republic_of_rome.forum_position import table
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, at_phase, edit


def position(players: int = 3, **options) -> dict:
    """Red: Cornelius (1) 10 Influence, Fabius (2) 5. Blue: Julius (4) 12, Valerius (3) 4. Green: Claudius (5) 9."""
    s = table(players, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=10)
    add_senator(s, "2", "red", inf=5)
    add_senator(s, "4", "blue", leader=True, inf=12)
    add_senator(s, "3", "blue", inf=4)
    add_senator(s, "5", "green", leader=True, inf=9)
    s["notes"] = []
    return s


def lines(s: dict, viewer: str | None = None) -> list[str]:
    return [str(x) for x in RULES.describe(s, "", "", s, viewer)]


def end_of_turn(s: dict, rng=None) -> dict:
    """`s` (a copy) arriving at the end of its turn: the Revolution Phase hands over (turn.end_phase)."""
    s = edit(s)
    s["phase"], s["notes"] = "revolution", []
    end_phase(s, data_for(s), rng or ScriptedRandom(strict=True))
    return s


# ------------------------------------------------------------------------------ 12.1 the Republic falls
def test_12_1_four_active_wars_at_the_end_of_the_combat_phase_and_everybody_loses():
    s = edit(position())
    victory.republic_falls(s, data_for(s), "four_wars", ScriptedRandom(strict=True))
    assert s["finished"] and s["step"] == "game_over"
    assert s["result"]["kind"] == "collective_loss" and s["result"]["winners"] == [] and s["result"]["reason"] == "four_wars"
    out = RULES.outcome(s)
    assert out.winners == () and out.details["kind"] == "collective_loss" and out.details["reason"] == "four_wars"
    assert out.scores == {"red": 15, "blue": 16, "green": 9}
    assert not any(facts["won"] for facts in out.details["explanation"].values())
    assert json.loads(json.dumps(out.to_json()))["details"]["explanation"]["blue"]["influence"] == 16  # stored as JSON
    said = lines(s)
    assert said[0] == ("The game is over: the Republic has fallen and every player loses. Four or more Wars were "
                       "Active at the end of the Combat Phase: the Republic falls.")


def test_12_1_people_revolt_with_no_rebel_and_everybody_loses():
    s = position()
    s["unrest"] = 9
    s = at_phase(s, "population", ScriptedRandom([1, 1, 1]))  # 3 - 9 Unrest + 10's Popularity 0: People Revolt
    assert s["finished"] and s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "people_revolt"
    assert RULES.outcome(s).winners == ()
    assert "The people of Rome revolted: the Republic falls." in lines(s)[-4]


def test_12_1_bankruptcy_with_no_rebel_and_everybody_loses():
    s = edit(position())
    s["treasury"] = 10
    assert state_pays(s, data_for(s), 20, "evil_omens") is False
    assert s["finished"] and s["result"]["kind"] == "collective_loss" and s["result"]["reason"] == "bankruptcy"


# ----------------------------------------------------------------------------------- 12.2 a rebel wins
def test_12_2_the_people_revolt_while_a_faction_is_in_revolt_and_the_rebel_wins():
    s = position()
    s["senators"]["4"].update(rebel=True, location="rome")
    s["unrest"] = 9
    s = at_phase(s, "population", ScriptedRandom([1, 1, 1]))
    assert s["result"]["kind"] == "victory" and s["result"]["winners"] == ["blue"]
    blue = RULES.outcome(s).details["explanation"]["blue"]
    assert blue == {"influence": 4, "senators": 1, "rebels": ["4"], "captives": [], "consul_for_life": None,
                    "tie_dice": [], "won": True}
    assert RULES.outcome(s).scores["blue"] == 4  # the rebel's own Influence does not count (spec 18.21)
    assert lines(s, "blue")[-4].startswith("The game is over: you win. The people of Rome revolted")
    assert "Not counted, in revolt: Julius (4)." in lines(s, "red")[-2]


def test_12_2_bankruptcy_while_a_faction_is_in_revolt_and_the_rebel_wins_outright():
    s = edit(position())
    s["senators"]["5"]["rebel"] = True
    victory.republic_falls(s, data_for(s), "bankruptcy")
    assert s["result"]["kind"] == "victory" and s["result"]["winners"] == ["green"] and s["result"]["reason"] == "bankruptcy"


# --------------------------------------------------------------------------- 12.5 the end of the scenario
def test_12_5_ah_the_turn_the_last_card_was_drawn_ends_with_the_most_influence_winning():
    s = position()
    s["deck_exhausted_turn"] = s["turn"]
    s = end_of_turn(s)
    assert s["finished"] and s["result"]["reason"] == "end_of_scenario" and s["result"]["winners"] == ["blue"]
    assert s["result"]["scores"] == {"red": 15, "blue": 16, "green": 9}


def test_12_5_ah_a_turn_with_cards_left_goes_on():
    s = position()
    s["deck_exhausted_turn"] = s["turn"] - 1
    turn = s["turn"]
    s = end_of_turn(s, ScriptedRandom())
    assert not s["finished"] and s["turn"] == turn + 1


def test_12_5_rebels_and_captives_do_not_count():
    s = position()
    s["senators"]["4"]["rebel"] = True             # blue drops to 4
    s["senators"]["1"]["location"] = "captive:1st_punic_war"  # red drops to 5
    s["deck_exhausted_turn"] = s["turn"]
    s = end_of_turn(s)
    assert s["result"]["winners"] == ["green"] and s["result"]["scores"] == {"red": 5, "blue": 4, "green": 9}
    facts = s["result"]["explanation"]
    assert facts["red"]["captives"] == ["1"] and facts["red"]["senators"] == 1
    assert facts["blue"]["rebels"] == ["4"] and facts["green"]["won"]
    said = lines(s, "green")
    assert "Red: 5 Influence from 1 Senator. Not counted, captive: Cornelius (1)." in said
    assert "You: 9 Influence from 1 Senator." in said


def test_12_5_a_tie_is_settled_by_dice():
    s = position()
    s["senators"]["5"]["inf"] = 16  # green 16, blue 16
    s["deck_exhausted_turn"] = s["turn"]
    s = end_of_turn(s, ScriptedRandom([3, 3, 5, 2], strict=True))  # blue 6, green 7
    assert s["result"]["winners"] == ["green"]
    facts = s["result"]["explanation"]
    assert facts["blue"]["tie_dice"] == [6] and facts["green"]["tie_dice"] == [7] and facts["red"]["tie_dice"] == []
    assert any("Tie-break dice: 7." in line for line in lines(s))


def test_12_5_vg_the_game_ends_at_the_end_of_the_forum_phase_in_which_era_ends_was_drawn():
    s = edit(position(game_end="era_ends_card_forum_phase"))
    for war in ("1st_punic_war", "1st_illyrian_war", "1st_gallic_war", "1st_macedonian_war"):
        s["forum"]["wars"][war] = {"status": "active", "naval_victory": False}  # no four-war check then
    s["era_ends_revealed"] = s["turn"]
    s["phase"] = "forum"
    end_phase(s, data_for(s), ScriptedRandom(strict=True))
    assert s["finished"] and s["result"]["reason"] == "era_ends" and s["result"]["winners"] == ["blue"]
    assert "Era Ends was drawn in this Forum Phase" in lines(s)[0]


@pytest.mark.parametrize("option, revealed", [("era_ends_card_forum_phase", -1), ("end_of_turn_after_last_card_drawn", 0)])
def test_12_5_vg_other_forum_phases_hand_over_to_the_population_phase(monkeypatch, option, revealed):
    s = edit(position(game_end=option))
    s["era_ends_revealed"] = s["turn"] + revealed
    s["phase"] = "forum"
    started = []
    monkeypatch.setattr(turn, "start_phase", lambda s, D, phase, rng: started.append(phase))
    end_phase(s, data_for(s), ScriptedRandom())
    assert not s["finished"] and started == ["population"]


# ---------------------------------------------------------------------------------- the result in words
def test_12_the_view_board_and_lobby_say_who_won_and_why():
    from domain.games.republic_of_rome.summary import summary
    s = position()
    s["deck_exhausted_turn"] = s["turn"]
    s = end_of_turn(s)
    view = RULES.view(s, "red")
    assert [str(x) for x in view["result_lines"][:3]] == [
        "The game is over: Blue wins.",
        "The last card of the deck was drawn this turn: the scenario ends, and the faction with the most Influence "
        "wins.",
        "Blue: 16 Influence from 2 Senators."]
    assert str(summary(s, data_for(s))) == f"Turn {s['turn']} · game over · Blue wins: most Influence at the end of the deck"
    fallen = edit(position())
    victory.republic_falls(fallen, data_for(fallen), "four_wars")
    assert str(summary(fallen, data_for(fallen))).endswith("the Republic has fallen (four Active Wars): every player loses")
    assert RULES.view(edit(position()), None)["result_lines"] == []


def test_12_no_decision_is_taken_once_the_game_is_over():
    s = edit(position())
    victory.republic_falls(s, data_for(s), "people_revolt")
    assert RULES.prompts(s) == []


def test_12_the_invariants_check_the_result():
    s = edit(position())
    victory.republic_falls(s, data_for(s), "people_revolt")
    RULES.check_invariants(s)
    s["result"]["explanation"]["red"]["influence"] += 1
    with pytest.raises(AssertionError, match="explanation"):
        RULES.check_invariants(s)
    s = edit(position())
    s["result"] = {"kind": "victory", "winners": ["red"], "reason": "end_of_scenario"}
    with pytest.raises(AssertionError, match="before the end"):
        RULES.check_invariants(s)


@pytest.mark.parametrize("reason, said, short", [
    ("rebel_unopposed", "The Senate sent no army against Julius (4), in revolt: his faction takes Rome.",
     "a revolt the Senate did not oppose"),
    ("rebel_defeats_senate", "Julius (4), in revolt, defeated the Senate's army: his faction takes Rome.", "civil war")])
def test_12_2_the_rebel_s_own_victories_are_explained(reason, said, short):
    from domain.games.republic_of_rome.summary import summary
    s = edit(position())
    s["senators"]["4"]["rebel"] = True
    victory.end_game(s, data_for(s), "victory", ["blue"], reason, senator="4")
    assert [str(x) for x in RULES.view(s, "red")["result_lines"][:2]] == ["The game is over: Blue wins.", said]
    assert str(summary(s, data_for(s))).endswith(f"Blue wins: {short}")
    assert RULES.outcome(s).details["explanation"]["blue"]["rebels"] == ["4"]


def test_12_5_vg_era_ends_drawn_by_an_initiative_ends_the_game_with_that_forum_phase():
    from tests.scenario.republic_of_rome.forum_position import TRIBUNES, forum, roll
    from tests.scenario.republic_of_rome.position import answer_defaults
    s = position(game_end="era_ends_card_forum_phase")
    s["deck"] = ["era:ends", *TRIBUNES] + [c for c in s["deck"] if c != "era:ends" and c not in TRIBUNES]
    s, rng = forum(s, dice=[3, 5], strict=False)  # Initiative roll 8: the top card is drawn
    s = roll(s, RULES.prompts(s)[0].seat, rng)
    assert s["era_ends_revealed"] == s["turn"] and not s["finished"]
    for _ in range(200):
        if s["finished"] or s["phase"] != "forum":
            break
        s = answer_defaults(s, rng)
    assert s["finished"] and s["phase"] == "forum" and s["result"]["reason"] == "era_ends"
    assert s["result"]["winners"] == ["blue"]  # 16 Influence against 15 and 9
