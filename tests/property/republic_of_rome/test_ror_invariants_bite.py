"""The invariants random play relies on (domain/games/republic_of_rome/invariants.py) hold in play and
refuse each kind of impossible state: one corruption at a time of a state reached by random play."""
from __future__ import annotations

import json

import pytest
from ror_random import play_game

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for


@pytest.fixture(scope="module")
def played() -> dict:
    """Two whole turns of random play in which every faction keeps a Senator (the corruptions below pick them)."""
    for seed in range(3, 40):
        s = play_game(4, seed, turns=2).state
        if s["turn"] == 3 and all(any(x["faction"] == seat for x in s["senators"].values()) for seat in s["seats"]):
            return s
    raise AssertionError("no random game kept a Senator in every faction")


def _first(s: dict, seat: str) -> str:
    return next(sid for sid, x in s["senators"].items() if x["faction"] == seat)


def _other_faction_leader(s):
    a, b = s["seats"][:2]
    s["factions"][a]["leader"] = _first(s, b)


def _dead_and_alive(s):
    sid = _first(s, s["seats"][0])
    s["curia"]["senators"] = s["curia"]["senators"] + [sid]


def _governor_in_rome(s):
    sid = _first(s, s["seats"][0])
    s["provinces"]["sicilia"] = {"developed": False, "governor": sid, "term": 3}


def _abroad_without_province(s):
    s["senators"][_first(s, s["seats"][0])]["location"] = "province:sicilia"


def _at_a_war_not_in_play(s):
    s["senators"][_first(s, s["seats"][0])]["location"] = "war:syrian_war"


def _nowhere(s):
    s["senators"][_first(s, s["seats"][0])]["location"] = "elsewhere"


def _card_twice(s):
    s["discard"] = s["discard"] + [s["deck"][0]]


def _card_lost(s):
    s["deck"] = s["deck"][1:]


def _negative_treasury(s):
    s["factions"][s["seats"][1]]["treasury"] = -1


def _unplayable_not_in_hand(s):
    s["factions"][s["seats"][0]]["unplayable"] = [s["deck"][0]]


def _statesman_on_another_family(s):
    x = s["senators"][_first(s, s["seats"][0])]
    x["statesman"] = next(st for st, card in data_for(s).statesmen.items() if str(card["family_id"]) != x["family"])


def _concession_in_curia_and_forum(s):
    s["curia"]["concessions"] = ["mining"]
    s["forum"]["concessions"] = ["mining"]


CORRUPTIONS = [_other_faction_leader, _dead_and_alive, _governor_in_rome, _abroad_without_province,
               _at_a_war_not_in_play, _nowhere, _card_twice, _card_lost, _negative_treasury,
               _unplayable_not_in_hand, _statesman_on_another_family, _concession_in_curia_and_forum]


def test_a_state_reached_by_random_play_keeps_every_invariant(played):
    RULES.check_invariants(played)
    assert played["turn"] == 3 and played["senators"] and played["deck"]


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda f: f.__name__.strip("_"))
def test_each_impossible_state_is_refused(played, corrupt):
    s = json.loads(json.dumps(played))
    corrupt(s)
    with pytest.raises(AssertionError):
        RULES.check_invariants(s)
