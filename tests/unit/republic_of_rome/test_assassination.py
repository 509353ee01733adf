"""Rule 9.11 (assassination; spec 17.6 items 43-44, edge cases 18.24 and 18.30): the attempt offered in the
vote form, the limits per turn, Assassin cards, the roll, Secret Bodyguards after it and the catch
re-rolls, the consequences of a kill and of a caught assassin, and the effects on the vote under way."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.tribunes import intrigue_turn
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, chit_pick, prompt_for,
                                                      set_hand)
from tests.scenario.republic_of_rome.vote_position import (asked_seats, fields_of, open_vote, proposal, result,
                                                            senate_table, vote)


def table(players: int = 3) -> dict:
    """Red: Cornelius (1) Rome Consul presiding, Faction Leader, and Fabius (2); Blue: Julius (4) leader and
    Valerius (3, Popularity 3); Green: Claudius (5) leader and Furius (8)."""
    s = senate_table(players)
    add_senator(s, "1", "red", leader=True, office="rome_consul", inf=10)
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue", pop=3)
    add_senator(s, "5", "green", leader=True)
    add_senator(s, "8", "green")
    return s


def censor_of(candidate: str = "3") -> dict:
    return proposal("censor", candidate=candidate)


def attempt(s: dict, seat: str, assassin: str, target: str, dice: list[int], daggers: int | None = None,
            votes: dict | None = None) -> dict:
    fields = {"assassin": assassin, "target": target}
    if daggers is not None:
        fields["daggers"] = daggers
    return vote(s, seat, votes or {}, ScriptedRandom(dice=dice), **fields)


def bodyguards(s: dict, seat: str, n: int, dice: list[int] = ()) -> dict:
    return answer(s, seat, str(n), ScriptedRandom(dice=dice, strict=True))


def test_9_11_the_attempt_is_offered_in_the_vote_form_against_other_factions_only():
    s = open_vote(table(), censor_of(), ScriptedRandom())
    form = prompt_for(s, "red").form
    assert [o.value for o in form.field("assassin").options] == ["none", "1", "2"]
    assert [o.value for o in form.field("target").options] == ["none", "3", "4", "5", "8"]
    assert "daggers" not in fields_of(s, "red")  # no Assassin card in hand


def test_9_11_a_modified_5_kills_the_target_and_a_dead_nominee_cancels_the_proposal():
    s = open_vote(table(), censor_of("3"), ScriptedRandom())
    s = attempt(s, "red", "2", "3", dice=[5])
    p = prompt_for(s, "blue")
    assert p.kind == "play_bodyguards" and [c.id for c in p.choices] == ["0"]  # asked, though it holds none
    s = bodyguards(s, "blue", 0)
    assert "3" not in s["senators"] and result(s)["cancelled"] and not result(s)["passed"]
    assert "red" in intrigue_turn(s)["attempted"] and "blue" in intrigue_turn(s)["targeted"]


def test_9_11_3_or_4_does_nothing_and_the_attacker_then_votes():
    s = open_vote(table(), censor_of(), ScriptedRandom())
    s = attempt(s, "red", "2", "4", dice=[4])
    s = bodyguards(s, "blue", 0)
    assert "4" in s["senators"] and "2" in s["senators"]
    assert s["floor"][-1]["voted"] == ["red"] and asked_seats(s) == ["blue"]


def test_9_11_2_or_less_catches_the_assassin_at_once_and_his_leader_loses_5_influence_and_is_tried():
    s = open_vote(table(), censor_of("8"), ScriptedRandom())
    s = attempt(s, "red", "2", "4", dice=[2])
    assert "2" not in s["senators"] and "4" in s["senators"]
    assert s["senators"]["1"]["inf"] == 5
    # the special prosecution of the Faction Leader is now on the floor, above the suspended vote
    assert [e["proposal"]["kind"] for e in s["floor"]] == ["censor", "special_prosecution"]
    assert s["floor"][-1]["proposal"]["accused"] == "1" and not s["floor"][-1]["vetoable"]


def test_9_11_bodyguards_lower_the_roll_and_an_uncaught_assassin_rolls_again_per_bodyguard():
    s = table()
    set_hand(s, "blue", ["int:secret_bodyguard.1"])
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    s = attempt(s, "red", "2", "4", dice=[5])
    assert [c.id for c in prompt_for(s, "blue").choices] == ["0", "1"]
    s = bodyguards(s, "blue", 1, dice=[4])  # 5 - 1 = 4: no effect; re-roll 4 - 1 = 3: not caught
    assert "4" in s["senators"] and "2" in s["senators"] and s["discard"][-1] == "int:secret_bodyguard.1"


def test_9_11_assassin_cards_add_one_each():
    s = table()
    set_hand(s, "red", ["int:assassin.1"])
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    assert prompt_for(s, "red").form.field("daggers").max == 1
    s = attempt(s, "red", "2", "3", dice=[4], daggers=1)
    s = bodyguards(s, "blue", 0)
    assert "3" not in s["senators"] and s["factions"]["red"]["hand"] == []


def test_9_11_evil_omens_lower_the_roll():
    s = table()
    s["evil_omens"] = 1
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    s = attempt(s, "red", "2", "4", dice=[5])
    s = bodyguards(s, "blue", 0)
    assert "4" in s["senators"]


def test_9_11_one_attempt_per_faction_and_one_against_each_faction_per_turn():
    s = open_vote(table(), censor_of("8"), ScriptedRandom())
    s = attempt(s, "red", "2", "4", dice=[4])
    s = bodyguards(s, "blue", 0)
    s = vote(s, "blue", {})
    assert [o.value for o in prompt_for(s, "green").form.field("target").options] == ["none", "1", "2"]
    s = vote(s, "green", {})
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    assert "assassin" not in fields_of(s, "red")


def test_9_11_a_dead_pm_is_replaced_by_the_next_hrao_and_votes_cast_still_count():
    s = table()
    s["senators"]["4"]["inf"] = 9  # the next HRAO
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    s = vote(s, "red", {"1": "yes", "2": "yes"})
    s = attempt(s, "blue", "4", "1", dice=[6], votes={"4": "no", "3": "no"})
    s = bodyguards(s, "red", 0)
    assert s["senators"]["1"]["office"] is None  # his heir (Rule 5.3) holds no office
    entry = s["floor"][-1]
    assert entry["status"] == "open" and entry["pm"] == "4" and entry["factions"]["red"]["yes"] == 3 + 2
    s = vote(s, "green", {"5": "no", "8": "no"})
    assert (result(s)["yes"], result(s)["no"]) == (3 + 2, 5 + 6) and result(s)["votes"]["1"] == "yes"


def test_9_11_a_caught_faction_leader_assassin_draws_the_victim_s_popularity_in_chits():
    s = table()
    s["senators"]["3"]["pop"] = 2
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    picks = [chit_pick(s, "2"), chit_pick(s, "blank", ["2"])]
    s = vote(s, "red", {}, ScriptedRandom(dice=[1], picks=picks), assassin="1", target="3")
    assert "1" not in s["senators"] and "2" not in s["senators"]  # the assassin, and Fabius by his chit
    assert s["factions"]["red"].get("eliminated")


def test_18_30_the_same_faction_land_bill_attempt_is_free_and_costs_only_the_assassin():
    s = open_vote(table(), proposal("land_bill", type="I", sponsor="4", cosponsor="3"), ScriptedRandom())
    targets = [o.value for o in prompt_for(s, "red").form.field("target").options]
    assert "4@land_bill" in targets and "3@land_bill" in targets
    s = vote(s, "red", {}, ScriptedRandom(dice=[1]), assassin="2", target="4@land_bill")
    assert "2" not in s["senators"] and s["senators"]["1"]["inf"] == 10  # no penalty for the leader
    assert "red" not in intrigue_turn(s)["attempted"] and s["floor"][-1]["status"] == "open"
    assert not any(o.value.endswith("@land_bill") for o in prompt_for(s, "blue").form.field("target").options)


def test_9_11_half_an_attempt_is_refused():
    s = open_vote(table(), censor_of(), ScriptedRandom())
    try:
        vote(s, "red", {}, assassin="2")
    except Exception as exc:  # IllegalAction with a sentence
        assert "assassin" in str(exc)
    else:
        raise AssertionError("an attempt without a target was accepted")


def test_9_11_the_attempt_is_public_and_the_bodyguard_question_private():
    s = open_vote(table(), censor_of("8"), ScriptedRandom())
    before = s
    s = attempt(s, "red", "2", "4", dice=[5])
    lines = [str(x) for x in RULES.describe(before, "", "", s, "green")]
    assert any("tries to assassinate Julius (4)" in line for line in lines)
    assert asked_seats(s) == ["blue"]


def test_9_11_a_standing_attempt_is_made_as_soon_as_a_proposal_names_the_target():
    s = open_vote(table(), censor_of("8"), ScriptedRandom())
    s = vote(s, "red", {}, assassin="2", target="4", attempt_when="named")
    assert s["standing_attempts"] == {"red": {"assassin": "2", "target": "4", "daggers": 0}}
    assert "red" not in intrigue_turn(s)["attempted"]
    assert RULES.view(s, "red")["floor"]["standing"]["red"][-1]["when"] == "attempt"
    assert "red" not in RULES.view(s, "blue")["floor"].get("standing", {})
    s = vote(s, "blue", {})
    s = vote(s, "green", {})
    s = open_vote(s, censor_of("3"), ScriptedRandom(dice=[3]))  # Julius (4) not named: nothing
    assert s["standing_attempts"] and asked_seats(s) == ["red"]
    s = open_vote(s, proposal("consuls", candidates=["4", "5"]), ScriptedRandom(dice=[3]))
    assert asked_seats(s) == ["blue"] and prompt_for(s, "blue").kind == "play_bodyguards"
    assert not s.get("standing_attempts") and "red" in intrigue_turn(s)["attempted"]


def test_9_11_a_standing_attempt_can_be_cancelled():
    s = table()
    s["standing_attempts"] = {"red": {"assassin": "2", "target": "4", "daggers": 0}}
    s = open_vote(s, censor_of("8"), ScriptedRandom())
    assert [o.value for o in prompt_for(s, "red").form.field("attempt_when").options] == ["now", "named", "cancel"]
    s = vote(s, "red", {}, attempt_when="cancel")
    assert not s.get("standing_attempts")
