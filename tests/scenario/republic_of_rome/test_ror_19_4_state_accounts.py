"""Constructed example 19.4 item 1: the State's accounts in turn 1, from a real setup.

Treasury 100, no Province, 4 Legions, only the Inactive 1st Punic War: +100 - 8 upkeep = 192. Had the 2nd Punic
War been drawn and stayed Active: 20 T more, 172; and under AH matching the 1st Punic War became Active with it:
20 T more again, 152.
"""
from __future__ import annotations

import pytest

from tests.scenario.republic_of_rome.position import answer_defaults, edit, make_state

ACCOUNTS = "revenue_contributions"  # the step right after the accounts are announced


def turn_one(wars: dict) -> dict:
    s = edit(make_state(4, seed=11))
    assert s["turn"] == 1 and s["phase"] == "revenue" and s["treasury"] == 100
    assert len(s["legions"]) == 4 and not s["fleets"] and not s["provinces"]
    s["forum"]["wars"] = {w: {"status": status, "naval_victory": False} for w, status in wars.items()}
    while s["step"] != ACCOUNTS:
        s = answer_defaults(s)
    return s


@pytest.mark.parametrize("wars, balance", [
    ({"1st_punic_war": "inactive"}, 192),
    ({"1st_punic_war": "inactive", "2nd_punic_war": "active"}, 172),
    ({"1st_punic_war": "active", "2nd_punic_war": "active"}, 152),
])
def test_19_4_1_state_accounts_of_turn_1(wars, balance):
    s = turn_one(wars)
    assert s["treasury"] == balance
    note = next(n for n in s["notes"] if n["k"] == "state_balance")
    assert note == {"k": "state_balance", "treasury": balance, "warning": None}
