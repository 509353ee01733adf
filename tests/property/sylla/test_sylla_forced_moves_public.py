"""Issue #11, item 8: every choice the platform plays by itself because it was the only one must be
forced by public facts alone. A forced move is recorded at the same instant as its cause, so anyone
can spot it; it may reveal nothing a seat could not already see.

Differential check over random games played through the Game aggregate: for every auto-resolved choice
(`by == "auto"`), the seat's hidden values (denarii, tokens) are altered in the state it was decided
in, and the seat's prompt must still offer that one choice and nothing else. (The hidden-information
property test shows that those alterations leave every other seat's view unchanged, so "the same for
all hidden values" is "derivable from what the others see".)
"""
from __future__ import annotations

import json
import random
import uuid

import pytest

from domain.bots import random_choice
from domain.game import Game
from domain.games.sylla import RULES

AT = "2026-01-01T10:00:00+00:00"


def alterations(state: dict, seat: str, rng: random.Random) -> list[dict]:
    out = []
    for money in (0, 1, 2, 5, state["players"][seat]["denarii"] + 7, 40):
        s = json.loads(json.dumps(state))
        s["players"][seat]["denarii"] = money
        for kind in s["players"][seat]["tokens"]:
            s["players"][seat]["tokens"][kind] = rng.randrange(5)
        out.append(s)
    return out


def play(seats: list[str], seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.create(uuid.uuid4(), "sylla", [{"seat": s, "name": s, "email": f"{s}@example.org"} for s in seats],
                       {}, f"{seed:064x}", {s: "x" for s in seats}, AT)
    for _ in range(5000):
        prompts = game.open_prompts()
        if not prompts:
            break
        p = rng.choice(prompts)
        game.choose(p.seat, p.id, random_choice(p, rng), None, AT)
    assert game.status == "finished"
    return game


@pytest.mark.parametrize("seats,seed", [(["red", "black", "white", "yellow"], 11), (["red", "black", "white"], 12),
                                        (["red", "black", "white", "yellow"], 13)])
def test_8_every_automatic_choice_is_forced_by_public_facts_only(seats, seed):
    rng = random.Random(seed)
    game, replay, checked = play(seats, seed), None, 0
    for event in game.collect_events():
        before = replay.state if replay is not None else None
        replay = event.mutate(replay)
        c = event.content
        if type(event).__name__ not in ("ChoiceMade", "ChoiceSealed") or c["by"] != "auto":
            continue
        checked += 1
        for other in alterations(before, c["seat"], rng):
            mine = [p for p in RULES.prompts(other) if p.seat == c["seat"]]
            assert [p.choice_ids() for p in mine] == [[c["choice"]]], (before["phase"], c["seat"], c["choice"])
    assert checked > 3  # public forced moves (payment, a lone eligible item...) are still played at once
