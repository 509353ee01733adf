"""Issue #15 item 5 with Rule 9.4 and 9.6: the PM may put the Censor on the floor with the Consuls in one
message; each is still voted separately, in rule order (the Consuls, their offices, the Dictator, then the
Censor); the nomination lapses if its candidate is no longer eligible; the penalty of a unanimous defeat falls
on the nominating PM only if he still presides."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import add_senator, answer, narration, prompt_for
from tests.scenario.republic_of_rome.senate_position import asked_kinds, at_step, small_senate, votes_all


def table() -> dict:
    """Red: Cornelius (1) Rome Consul presiding, Fabius (2). Blue: Julius (4), Valerius (3, Prior Consul).
    Green: Claudius (5, Prior Consul), Furius (8)."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue", prior_consul=True)
    add_senator(s, "5", "green", leader=True, prior_consul=True)
    add_senator(s, "8", "green")
    return at_step(s, "senate_elect_consuls")


def offices(s: dict) -> dict:
    for seat in sorted(asked_kinds(s)):
        s = answer(s, seat, RULES.default_choice(s, seat))
    return s


def test_9_6_the_censor_is_nominated_with_the_consuls_and_voted_after_them():
    s = table()
    field = prompt_for(s, "red").form.field("censor")
    assert [o.value for o in field.options] == ["later", "3", "5"]
    assert '"censor":"later"' in RULES.default_choice(s, "red")
    with pytest.raises(IllegalAction):
        answer(s, "red", {"first": "2", "second": "5", "order": "first", "censor": "5"})
    s = answer(s, "red", {"first": "2", "second": "4", "order": "first", "censor": "5"})
    assert s["floor"][-1]["proposal"]["kind"] == "consuls"
    s = offices(votes_all(s, "yes"))  # Fabius and Julius are Consuls
    entry = s["floor"][-1]
    assert entry["proposal"]["kind"] == "censor" and entry["proposal"]["candidate"] == "5"  # no PM question
    assert entry["by"] == "red" and not entry["proposal"]["unanimity_penalty"]  # Cornelius no longer presides
    s = votes_all(s, "yes")
    assert s["senators"]["5"]["office"] == "censor"


def test_9_6_a_censor_nominated_in_advance_who_is_no_longer_eligible_lapses():
    s = table()
    s = answer(s, "red", {"first": "2", "second": "4", "order": "first", "censor": "3"})
    s["senators"]["3"]["prior_consul"] = False  # (as if convicted meanwhile) no longer a Prior Consul
    s = votes_all(s, "yes")
    seats = sorted(asked_kinds(s))
    for seat in seats[:-1]:
        s = answer(s, seat, RULES.default_choice(s, seat))
    after = answer(s, seats[-1], RULES.default_choice(s, seats[-1]))
    assert "censor_nomination" not in after["senate"]
    assert any("nominated for Censor with the Consuls, is no longer eligible" in x for x in narration(s, after, "red"))
    assert "nominate_censor" in asked_kinds(after).values()  # the new PM is asked for a Censor as usual


def test_9_6_a_rejected_pair_keeps_the_advance_censor_as_the_next_form_s_default():
    s = table()
    s = answer(s, "red", {"first": "2", "second": "4", "order": "first", "censor": "5"})
    s = answer(votes_all(s, "no"), "red", "lose_influence")  # a unanimous defeat
    assert asked_kinds(s) == {"red": "nominate_consuls"}
    assert '"censor":"5"' in RULES.default_choice(s, "red")


def test_9_5_the_nomination_names_each_candidate_s_faction():
    """Factions are public: the Presiding Magistrate's form (and so his e-mail) says whose each candidate is."""
    s = table()
    form = prompt_for(s, "red").form
    labels = {o.value: str(o.label) for o in form.field("first").options}
    assert labels["2"] == "Fabius (2), Red" and labels["4"] == "Julius (4), Blue" and labels["8"].endswith(", Green")
    assert {o.value: str(o.label) for o in form.field("censor").options}["5"].endswith(", Green")
