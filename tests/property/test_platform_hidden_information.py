"""Rule of the platform: no seat's view or history ever shows another seat's secrets, at any step.

Secrets in the test title: each hand, the deck order, and a sealed choice before the reveal.
"""
import json
import random

import pytest

from domain.bots import random_choice
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
                assert f"chose in secret: Play the {choice['choice'].split('-')[1]} (" not in text
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
        svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng))
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


def _assert_orders_stay_private(svc, gid):
    game = svc.get(gid)
    for viewer in SEATS + [None]:
        view = svc.view(gid, viewer)
        mine = game.standing.get(viewer, []) if viewer else []
        assert view["you"]["standing_orders"] == [
            {"id": o["id"], "kind": o["kind"], "choice": o["choice"], "label": o["label"]} for o in mine]
        history = svc.history(gid, viewer)
        private = [h for h in history if h["type"] in ("StandingOrderSet", "StandingOrderCancelled")]
        assert all(h["seat"] == viewer for h in private)
        for seat, orders in game.standing.items():
            if seat != viewer and orders:
                assert not any(h["type"] == "StandingOrderSet" and h["seat"] == seat for h in history)


@pytest.mark.parametrize("game_seed", [4, 5, 6])
def test_standing_orders_never_leak_at_any_step(sqlite_svc, game_seed):
    """Orders are set at random with choices, and cancelled at random; at every step only their own
    seat sees them, in the view and the history, and once the game is over, in the exports."""
    svc = sqlite_svc
    gid = new_game(svc, players=3, seed=f"{game_seed:02x}" * 32, rounds=8, hand_size=8)
    rng = random.Random(game_seed)
    while svc.get(gid).status == "active":
        _assert_nothing_leaks(svc, gid)
        _assert_orders_stay_private(svc, gid)
        game = svc.get(gid)
        owned = [(s, o["id"]) for s, orders in game.standing.items() for o in orders]
        if owned and rng.random() < 0.1:
            svc.cancel_standing_order(gid, *rng.choice(owned))
            continue
        prompt = rng.choice(game.open_prompts())
        repeatable = prompt.kind != "play_card"  # a card id is never offered twice
        svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng),
                   standing=rng.random() < (0.6 if repeatable else 0.1))
    events = svc.events(gid)
    assert any(type(e).__name__ == "StandingOrderSet" for e in events)
    assert any(e.content.get("by") == "standing" for e in events), "no order ever fired: a weak game seed"
    owners = {e.originator_version: e.content["seat"] for e in events
              if type(e).__name__ in ("StandingOrderSet", "StandingOrderCancelled")}
    for viewer in SEATS:
        exported = [e for e in svc.export(gid, viewer)["events"] if e["seq"] in owners]
        assert len(exported) == len(owners)
        for entry in exported:
            assert (entry["content"] == {"redacted": True}) == (owners[entry["seq"]] != viewer)
        text = json.dumps(svc.export(gid, viewer))
        for e in events:
            if type(e).__name__ == "StandingOrderSet" and e.content["seat"] != viewer:
                assert e.content["salt"] not in text  # the whole content is withheld, salt included


def _as_third_seat_reads_it(svc, gid, viewer):
    """What `viewer` can read of a game, without the hashes (a private event's fresh salt changes them) and
    the times (the two games are played a few milliseconds apart)."""
    import re

    history = [{k: v for k, v in e.items() if k != "hash"} for e in svc.history(gid, viewer)]
    exported = [{k: v for k, v in e.items() if k not in ("hash", "prev_hash")} for e in svc.export(gid, viewer)["events"][1:]]  # GameCreated holds each game's own token hashes
    text = json.dumps(history) + json.dumps(exported)
    return re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+\+00:00", "TIME", text)


@pytest.mark.parametrize("seed", ["31", "32"])
def test_16_cards_shown_to_another_seat_tell_a_third_no_more_than_a_private_message(sqlite_svc, seed):
    """Differential (issue #14 item 8): the same game where Red shows his hand to Blue, or only writes to
    Blue: Green's history and export are the same in both, and the spectator's too."""
    from tests.support.play import PLAYERS

    svc = sqlite_svc
    shown = svc.create_game("republic_of_rome", PLAYERS[:4], {}, seed=seed * 32)["id"]
    written = svc.create_game("republic_of_rome", PLAYERS[:4], {}, seed=seed * 32)["id"]
    svc.show_cards(shown, "red", ["blue"])
    svc.post_message(written, "red", ["blue"], "between us")
    assert svc.events(shown)[-1].content["shown"]
    for viewer in ("green", "yellow", None):
        assert svc.view(shown, viewer)["state"] == svc.view(written, viewer)["state"]
    assert [e["text"] for e in svc.history(shown, "blue")] != [e["text"] for e in svc.history(written, "blue")]
    for gid in (shown, written):
        svc.abandon(gid, "operator", "over")  # the export is the players' once the game is over
    for viewer in ("green", None):
        a, b = _as_third_seat_reads_it(svc, shown, viewer), _as_third_seat_reads_it(svc, written, viewer)
        assert a.replace(shown, "GAME") == b.replace(written, "GAME"), viewer
