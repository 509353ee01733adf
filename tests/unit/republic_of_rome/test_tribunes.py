"""Rule 9.3 (Tribunes; spec 17.6 items 40-41, edge case 18.32): the veto before or during a faction's own
turn to vote, the proposals that cannot be vetoed, Cato's free use, the proposal reserved with a Tribune
(the amendment reading), the dice-off of simultaneous Tribunes, and the secrecy of who holds one."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.tribunes import reserved
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, edit, prompt_for, set_hand
from tests.scenario.republic_of_rome.vote_position import (asked_seats, fields_of, open_vote, proposal, result,
                                                            senate_table, vote)


def table(players: int = 3, **options) -> dict:
    """Red: Cornelius (1) Rome Consul presiding; Blue: Julius (4) with two Tribunes; Green: Claudius (5)."""
    s = senate_table(players, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    set_hand(s, "blue", ["int:tribune.1", "int:tribune.2"])
    return s


def censor(**more) -> dict:
    return proposal("censor", candidate="1", **more)


def tribune_options(s: dict, seat: str) -> list[str]:
    field = prompt_for(s, seat).form.field("tribune")
    return [o.value for o in field.options] if field is not None else []


def test_9_3_a_faction_with_a_tribune_may_veto_when_called_and_the_card_is_revealed_and_discarded():
    s = open_vote(table(), censor(), ScriptedRandom())
    assert "tribune" not in fields_of(s, "red")  # red holds none
    s = vote(s, "red", {"1": "yes"})
    assert tribune_options(s, "blue") == ["none", "veto"]
    before = s
    s = vote(s, "blue", {}, tribune="veto")
    assert result(s)["vetoed"] and not result(s)["passed"] and result(s)["vetoed_by"] == "blue"
    assert s["factions"]["blue"]["hand"] == ["int:tribune.2"] and s["discard"][-1] == "int:tribune.1"
    assert any("Blue plays a Tribune and vetoes" in line for line in
               [str(x) for x in RULES.describe(before, "", "", s, "green")])


def test_9_3_a_veto_stops_the_vote_even_when_it_already_has_enough_votes():
    s = open_vote(table(), censor(order="last"), ScriptedRandom())  # red last: blue first
    s = vote(s, "blue", {"4": "yes"})
    s = vote(s, "green", {"5": "yes"})
    assert "tribune" not in fields_of(s, "red")
    set_hand(s, "green", ["int:tribune.3"])  # a faction that has voted is never offered a veto again
    assert asked_seats(s) == ["red"]


def test_9_3_proposals_that_cannot_be_vetoed():
    s = table()
    for prop in (proposal("consul_for_life", nominee="1"), censor(vetoable=False)):
        t = open_vote(s, prop, ScriptedRandom())
        t = vote(t, "red", {})
        assert "tribune" not in fields_of(t, "blue")
    s["senators"]["1"]["office"] = "dictator"
    t = open_vote(s, censor(pm="1"), ScriptedRandom())
    t = vote(t, "red", {})
    assert "tribune" not in fields_of(t, "blue")


def test_9_3_cato_gives_his_faction_one_free_veto_per_turn():
    s = table()
    add_senator(s, None, "green", statesman="22A")
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {})
    assert tribune_options(s, "green") == ["none", "veto"]
    assert RULES.view(s, None)["floor"]["vote"]["cato"] == "green"
    s = vote(s, "green", {}, tribune="veto")
    assert result(s)["vetoed"] and s["factions"]["green"]["hand"] == []
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {})
    assert "tribune" not in fields_of(s, "green")  # used this turn
    s = edit(s)  # a state asked for its prompts is never changed (the rules protocol): a copy
    s["turn"] += 1
    assert tribune_options(s, "green") == ["none", "veto"]


def test_9_3_an_unplayable_tribune_received_by_trade_cannot_be_used():
    s = table()
    s["factions"]["blue"] = {**s["factions"]["blue"], "unplayable": ["int:tribune.1", "int:tribune.2"]}
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    assert "tribune" not in fields_of(s, "blue")


def test_9_3_a_standing_veto_acts_before_any_faction_is_called():
    s = table()
    s["standing_votes"] = {"blue": {"by:red": "veto"}}
    s = open_vote(s, censor(), ScriptedRandom())
    assert result(s)["vetoed"] and result(s)["vetoed_by"] == "blue" and asked_seats(s) == []


def test_9_3_a_standing_veto_without_a_tribune_is_passed_over():
    s = table()
    s["standing_votes"] = {"green": {"by:red": "veto", "any": "no"}}
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {})
    assert result(s)["no"] == 3 and not result(s)["vetoed"]


def test_9_3_simultaneous_tribunes_dice_off_and_the_loser_keeps_his_card():
    s = table()
    set_hand(s, "green", ["int:tribune.3"])
    s["standing_votes"] = {"blue": {"any": "veto"}, "green": {"any": "veto"}}
    s = open_vote(s, censor(), ScriptedRandom(dice=[2, 5]))  # blue rolls 2, green 5
    assert result(s)["vetoed_by"] == "green"
    assert s["factions"]["green"]["hand"] == [] and s["factions"]["blue"]["hand"] == ["int:tribune.1", "int:tribune.2"]


def test_9_3_a_tribune_reserves_the_next_proposal_during_a_reservable_one():
    s = open_vote(table(), censor(reservable=True), ScriptedRandom())
    s = vote(s, "red", {})
    assert tribune_options(s, "blue") == ["none", "veto", "reserve"]
    s = vote(s, "blue", {"4": "no"}, tribune="reserve")
    assert reserved(s) == "blue" and s["floor"][-1]["factions"]["blue"]["no"] == 3  # it still votes
    s = vote(s, "green", {})
    assert result(s) is not None


def test_9_3_no_reservation_during_a_tribune_proposal_a_prosecution_or_by_the_pm():
    for prop in (censor(reservable=True, tribune=True, by="green"),
                 proposal("prosecution", accused="5", prosecutor="1", charge="minor", reservable=True)):
        s = open_vote(table(), prop, ScriptedRandom())
        while asked_seats(s) != ["blue"]:
            s = vote(s, asked_seats(s)[0], {})
        assert "reserve" not in tribune_options(s, "blue")
    s = table()
    set_hand(s, "red", ["int:tribune.4"])
    s = open_vote(s, censor(reservable=True), ScriptedRandom())
    assert tribune_options(s, "red") == ["none", "veto"]


def test_9_3_who_may_veto_shows_only_public_facts():
    s = open_vote(table(), censor(), ScriptedRandom())
    seen = RULES.view(s, "red")["floor"]["vote"]
    assert seen["may_veto"] == ["red", "blue", "green"]  # every faction yet to vote, Tribune or not
    s = vote(s, "red", {})
    assert RULES.view(s, "green")["floor"]["vote"]["may_veto"] == ["blue", "green"]


def test_9_3_sealed_vetoes_dice_off():
    s = table(senate_votes="sealed")
    set_hand(s, "green", ["int:tribune.3"])
    s = open_vote(s, censor(), ScriptedRandom())
    s = vote(s, "red", {})
    s = vote(s, "blue", {}, tribune="veto")
    s = vote(s, "green", {}, ScriptedRandom(dice=[6, 1]), tribune="veto")  # the reveal: blue 6, green 1
    assert result(s)["vetoed_by"] == "blue" and s["factions"]["green"]["hand"] == ["int:tribune.3"]
