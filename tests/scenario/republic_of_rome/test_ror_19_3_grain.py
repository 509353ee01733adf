"""Worked example 19.3 (rulebook S 7.353), its Early Republic equivalent: the Drought event on its normal side
and the 1st Illyrian War (a drought War, here Inactive) make two Drought effects (D = 2): a grain Concession
may be sold at up to three times its income, at a cost of as many Popularity points (none at 1).
Sicilian Grain (4 T): 12 T (-3), 8 T (-2) or 4 T; Aegyptian Grain (5 T): 15, 10 or 5 T.
"""
from __future__ import annotations

import pytest

from domain.forms import FormError
from domain.games.republic_of_rome.revenue import drought_effects
from domain.games.republic_of_rome.data import data_for
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, answer_defaults, asked,
                                                      at_phase, bare, make_state)

BASE = make_state(3, seed=7)
RED, BLUE, GREEN = BASE["seats"]


def drought() -> dict:
    s = bare(BASE)
    for seat, (leader, other) in ((RED, ("1", "2")), (BLUE, ("3", "4")), (GREEN, ("5", "6"))):
        add_senator(s, leader, seat, leader=True)
        add_senator(s, other, seat)
    s["senators"]["2"]["concessions"] = ["sicilian_grain"]
    s["senators"]["4"]["concessions"] = ["aegyptian_grain"]
    s["forum"]["events"] = {"drought": {"flipped": False, "level": 1, "turn": 1}}
    s["drought"] = 1
    s["forum"]["wars"]["1st_illyrian_war"] = {"status": "inactive", "naval_victory": False}
    return s


def sell(red_k: int, blue_k: int) -> dict:
    rng = ScriptedRandom(strict=True)
    s = at_phase(drought(), "revenue", rng)
    s = answer(s, RED, {"grain": {"sicilian_grain": red_k}, "income": {"1": "1", "2": "2"}}, rng)
    s = answer(s, BLUE, {"grain": {"aegyptian_grain": blue_k}, "income": {"3": "3", "4": "4"}}, rng)
    return answer_defaults(s, rng)


def test_19_3_two_drought_effects_allow_up_to_three_times_the_grain():
    s = at_phase(drought(), "revenue", ScriptedRandom(strict=True))
    assert drought_effects(s, data_for(s)) == 2
    k = asked(s)[RED].form.field("grain").value
    assert (k.min, k.max) == (1, 3)
    with pytest.raises(FormError):
        answer(s, RED, {"grain": {"sicilian_grain": 4}, "income": {"1": "1", "2": "2"}})


@pytest.mark.parametrize("k, sicilian, aegyptian, popularity", [(3, 12, 15, -3), (2, 8, 10, -2), (1, 4, 5, 0)])
def test_19_3_the_grain_pays_k_times_its_income_and_costs_k_popularity_from_2_on(k, sicilian, aegyptian, popularity):
    s = sell(k, k)
    base = data_for(s).c("senator_income")
    assert s["senators"]["2"]["talents"] == base + sicilian
    assert s["senators"]["4"]["talents"] == base + aegyptian
    assert s["senators"]["2"]["pop"] == s["senators"]["4"]["pop"] == popularity
