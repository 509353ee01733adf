"""Rule of the platform: no seat's view or history ever shows another seat's secrets, at any step.

Secrets in the test title: each hand, the deck order, and a sealed choice before the reveal.
"""
import json
import random

import pytest

from tests.support.play import new_game

SEATS = ["red", "blue", "green"]
PUBLIC_KEYS = {"round", "rounds", "step", "scores", "deck_size", "hand_sizes", "your_hand", "played",
               "last_round", "finished", "your_drawn_card"}


def _secrets(svc, gid):
    game = svc.get(gid)
    return game.state["hands"], list(game.sealed.items()), game.state["deck"]


def _assert_nothing_leaks(svc, gid):
    hands, sealed, deck = _secrets(svc, gid)
    for viewer in SEATS + [None]:
        view = svc.view(gid, viewer)
        text = json.dumps(svc.history(gid, viewer))
        assert view["state"]["your_hand"] == (hands[viewer] if viewer else None)
        assert set(view["state"]) == PUBLIC_KEYS, "a new view key must be checked for secrets here"
        for seat, choice in sealed:
            if seat != viewer:
                assert f'"sealed_choice": "{choice["choice"]}"' not in json.dumps(view)
                assert f"chose in secret: Play the {choice['choice'].split('-')[1]}" not in text
        assert svc.get(gid).seed not in json.dumps(view) + text


@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_views_and_histories_never_leak_at_any_step(sqlite_svc, game_seed):
    svc = sqlite_svc
    gid = new_game(svc, players=3, seed=f"{game_seed:02x}" * 32)
    rng = random.Random(game_seed)
    steps = 0
    while svc.get(gid).status == "active":
        _assert_nothing_leaks(svc, gid)
        game = svc.get(gid)
        prompt = rng.choice(game.open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, rng.choice(prompt.choices).id)
        steps += 1
    assert steps > 5


def test_views_are_identical_whatever_the_other_hands_hold(sqlite_svc):
    """Two games with the same seed differ in one hidden value: the viewer cannot tell them apart."""
    from domain.games.toy import RULES

    svc = sqlite_svc
    gid = new_game(svc, players=3, seed="77" * 32)
    state = svc.get(gid).state
    altered = json.loads(json.dumps(state))
    altered["hands"]["blue"] = [c + 100 for c in altered["hands"]["blue"]]
    altered["deck"] = list(reversed(altered["deck"]))
    assert RULES.view(state, "red") == RULES.view(altered, "red")
    assert RULES.view(state, None) == RULES.view(altered, None)
    assert RULES.view(state, "blue") != RULES.view(altered, "blue")
