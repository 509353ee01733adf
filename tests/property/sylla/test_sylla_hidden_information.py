"""Rule 12: a seat's view and narration never depend on another seat's hidden values.

At every step of random games, a copy of the state is altered in one other seat's hidden values
(denarii, tokens, its sealed choice) and in the order of every deck; each other viewer's view must be
identical. The narration of the step is compared the same way, for the alterations that the step
cannot legitimately reveal (denarii always; tokens unless the step reveals them in a crisis or at the
end; deck order never, since a draw shows the card drawn).
"""
from __future__ import annotations

import json
import random

import pytest
from sylla_helpers import SEATS3, SEATS4, pick_round

from domain.games.sylla import RULES
from domain.games.sylla.data import KINDS, data_for
from domain.games.sylla.great_works import commit_ids
from domain.games.sylla.setup import hands_for


def copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def alter_money(state: dict, owner: str, rng: random.Random) -> dict:
    s = copy(state)
    s["players"][owner]["denarii"] += 1 + rng.randrange(6)
    return s


def alter_tokens(state: dict, owner: str, rng: random.Random) -> dict:
    s = copy(state)
    for kind in KINDS:
        s["players"][owner]["tokens"][kind] += rng.randrange(4)
    s["players"][owner]["tokens"][rng.choice(KINDS)] += 1
    return s


def alter_everything(state: dict, owner: str, rng: random.Random) -> dict:
    s = alter_tokens(alter_money(state, owner, rng), owner, rng)
    for deck in ("char_deck", "event_deck", "stack"):
        rng.shuffle(s[deck])
    rest = s["gw_pile"][1:]
    rng.shuffle(rest)
    s["gw_pile"][1:] = rest
    sealed = s["sealed"].get(owner)
    if sealed and s["phase"] == "great_works_thumb":
        s["sealed"][owner] = rng.choice([c for c in commit_ids(s["players"][owner]["denarii"]) if c != sealed])
    elif sealed and s["phase"] == "events_choose_disabled":
        mine = [p for p in RULES.prompts(state) if p.seat == owner]  # empty once sealed: pick another item
        items = [c for c in s["players"][owner]["cards"] + s["players"][owner]["tiles"]
                 + s["players"][owner]["cranes"] if f"disable-{c.lower()}" != sealed and c not in s["down"]]
        s["sealed"][owner] = f"disable-{items[0].lower()}" if items and not mine else sealed
    elif sealed and s["phase"] == "free_slaves":
        s["sealed"][owner] = "free-0" if sealed != "free-0" else sealed
    elif sealed and s["phase"] == "choose_starting_characters":
        hands = hands_for(state, data_for(state), owner)[0]  # the old hand ids (what the state keeps)
        s["sealed"][owner] = hands[-1] if hands[-1] != sealed else hands[0]
    return s


REVEALING = {"crisis", "final"}


def _check_step(before: dict, seat: str, choice: str, after: dict, rng: random.Random) -> None:
    seats = before["seats"]
    owner = rng.choice(seats)
    viewers = [v for v in seats if v != owner] + [None]
    changed = alter_everything(before, owner, rng)
    for viewer in viewers:
        assert RULES.view(before, viewer) == RULES.view(changed, viewer), (owner, viewer, before["phase"])
    if after["finished"] and before["finished"]:
        return
    reveals = any(n[0] in REVEALING for n in after["notes"])
    alterations = [alter_money] + ([] if reveals else [alter_tokens])
    for alter in alterations:
        seed = rng.random()
        other = alter(before, owner, rng)
        other_after = RULES.apply(other, seat, choice, random.Random(seed))
        same_after = RULES.apply(before, seat, choice, random.Random(seed))
        for viewer in viewers:
            assert RULES.describe(before, seat, choice, same_after, viewer) == \
                   RULES.describe(other, seat, choice, other_after, viewer), (alter.__name__, viewer, choice)
            assert RULES.view(same_after, viewer) == RULES.view(other_after, viewer), (alter.__name__, viewer)


@pytest.mark.parametrize("seats,seed", [(SEATS4, 1), (SEATS4, 2), (SEATS3, 3), (SEATS4, 4)])
def test_12_views_and_narration_do_not_depend_on_other_seats_hidden_values(seats, seed):
    rng = random.Random(seed)
    chooser = random.Random(seed + 100)
    game_rng = random.Random(seed + 200)
    options = {"announce_token_kinds": seed % 2 == 0}
    state = RULES.setup(seats, options, game_rng)
    steps = 0
    while RULES.outcome(state) is None:
        for seat, choice in pick_round(RULES.prompts(state), chooser):
            before = state
            state = RULES.apply(state, seat, choice, game_rng)
            _check_step(before, seat, choice, state, rng)
            steps += 1
    assert steps > 150  # a building's payment is one decision


def test_12_view_json_never_contains_another_seats_private_values():
    chooser = random.Random(5)
    for seed in range(6):
        game_rng = random.Random(seed)
        state = RULES.setup(SEATS4, {}, game_rng)
        while RULES.outcome(state) is None:
            for viewer in SEATS4 + [None]:
                view = RULES.view(state, viewer)
                text = json.dumps(view)
                for seat in SEATS4:
                    pv = view["players"][seat]
                    if seat != viewer:
                        assert not {"denarii", "tokens", "sealed_choice"} & set(pv)
                        sealed = state["sealed"].get(seat)
                        if sealed:
                            assert f'"{sealed}"' not in text
                if viewer:
                    assert view["players"][viewer]["denarii"] == state["players"][viewer]["denarii"]
                assert not any(f'"{c}"' in text for c in state["char_deck"])
                assert not any(f'"{t}"' in text for t in state["stack"])
            for seat, choice in pick_round(RULES.prompts(state), chooser):
                state = RULES.apply(state, seat, choice, game_rng)


def test_12_narration_of_a_private_temple_hides_the_kind_when_the_table_says_so():
    from tests.unit.sylla.sylla_unit import game, lines_for

    g = game("income", {"red": {"tiles": ["B09"]}}, options={"announce_token_kinds": False})
    others = lines_for(g, "red", "temple-health", "black")
    assert not any("Health" in x for x in others)
