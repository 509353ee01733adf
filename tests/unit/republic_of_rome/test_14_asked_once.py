"""Issue #14 (speed): what a state asks is worked out once. A state is never changed once `apply` has
returned it (the rules protocol), so the adapter keeps each state's legal moves and forms by the state's
identity, and a sealed vote's floor text is made once for all the factions it asks. These tests check that
the answers are shared where they may be and never carried over to another state."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, edit, prompt_for
from tests.scenario.republic_of_rome.vote_position import asked_seats, open_vote, proposal, senate_table, vote


def table(**options) -> dict:
    s = senate_table(3, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "5", "green", leader=True)
    return s


def test_14_a_form_is_built_once_per_state_and_seat_and_read_back_when_answered():
    s = open_vote(table(), proposal("censor", candidate="1"), ScriptedRandom())
    first = prompt_for(s, "red").form
    assert prompt_for(s, "red").form is first
    t = vote(s, "red", {})  # the answer is read against the same form
    assert asked_seats(t) != asked_seats(s) == ["red"]
    assert prompt_for(s, "red").form is first  # the state answered is unchanged, and so is what it asks


def test_14_a_changed_copy_of_a_state_is_asked_afresh():
    s = open_vote(table(), proposal("censor", candidate="1"), ScriptedRandom())
    assert asked_seats(s) == ["red"]
    t = edit(s)
    t["finished"] = True
    assert asked_seats(t) == [] and asked_seats(s) == ["red"]


def test_14_a_sealed_vote_shares_one_floor_text_among_the_factions_it_asks_and_no_other_vote_gets_it():
    s = open_vote(table(senate_votes="sealed"), proposal("censor", candidate="1"), ScriptedRandom())
    other = open_vote(table(senate_votes="sealed"), proposal("censor", candidate="4"), ScriptedRandom())
    texts = [p.text for p in RULES.prompts(s)]
    assert len(texts) == 3 and len(set(texts)) == 1 and "Proposal:" in texts[0]
    assert {p.text for p in RULES.prompts(other)} != set(texts)
    assert [p.text for p in RULES.prompts(edit(s))] == texts
