"""Issue #15: the hidden-information differential over standing votes and sealed votes. The conformance
suite plays the default option (votes in order); here a random game with `senate_votes: "sealed"` goes
through the same checks: at every state, altering the other seats' private information (their treasuries,
hands, standing votes and sealed Senate answers: titles.hide_republic_of_rome) leaves a viewer's view
unchanged; at every reveal, another sealed answer of a seat leaves the other seats' views unchanged."""
from __future__ import annotations

import pytest

from domain.rules import get_rules
from tests.conformance.harness import play_rules
from tests.conformance.titles import hide_republic_of_rome


@pytest.mark.parametrize("players,seed", [(4, 11), (6, 12)])
def test_sealed_senate_votes_and_standing_votes_stay_private(players, seed):
    game = play_rules(get_rules("republic_of_rome"), players, seed, options={"senate_votes": "sealed"},
                      max_decisions=3000, hide=hide_republic_of_rome, secret_steps=True, full=False)
    assert game.secret_steps_checked > 0, "no sealed answer had an alternative: the check did not bite"
    assert sum('"votes":' in choice for _seat, choice in game.log) >= players, "no sealed Senate vote was played"
    assert game.hidden_seen_by_owner > 0, "altering a seat's private information never changed its own view"
