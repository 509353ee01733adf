"""Standing orders in random games of every title: games with orders set and cancelled at random still
finish, every choice an order made is exactly its order's (same seat, same choice, an order that was in
force), and a replay of the recorded events gives the same game."""
from __future__ import annotations

import hashlib
import random
import uuid

import pytest

from domain.bots import random_choice
from domain.game import ACTIVE, FINISHED, Game
from domain.rules import titles
from service.audit import audit_archive, entry_of, make_archive
from service.simulate import AT, _seat_ids

CASES = [("toy", 3, {"rounds": 8, "hand_size": 8})]
if "sylla" in titles():
    CASES += [("sylla", 3, {}), ("sylla", 4, {})]


def _play(rules_id: str, players: int, options: dict, n: int) -> Game:
    seed = hashlib.sha256(f"standing:{rules_id}:{players}:{n}".encode()).hexdigest()
    rng = random.Random(f"standing:{n}")
    salts = random.Random(f"standing-salts:{n}")  # private events' fresh salts, drawn apart from the play
    seats = [{"seat": s, "name": s} for s in _seat_ids(rules_id, players)]
    game = Game.create(uuid.UUID(int=n + 1), rules_id, seats, options, seed, {}, AT)
    for _ in range(20_000):
        if game.status != ACTIVE:
            break
        owned = [(s, o["id"]) for s, orders in game.standing.items() for o in orders]
        if owned and rng.random() < 0.05:
            game.cancel_standing_order(*rng.choice(owned), AT, private_salt=f"{salts.getrandbits(128):032x}")
            continue
        prompt = rng.choice(game.open_prompts())
        choice = random_choice(prompt, rng)
        before = len(game.pending_events)
        standing = rng.random() < 0.25
        game.choose(prompt.seat, prompt.id, choice, None, AT, "seat", standing=standing,
                    private_salt=f"{salts.getrandbits(128):032x}" if standing else None)
        if standing:  # the new order never acts in the command that set it
            new = list(game.pending_events)[before:]
            order = next(e.originator_version for e in new if type(e).__name__ == "StandingOrderSet")
            assert not [e for e in new if e.content.get("order") == order]
    assert game.status == FINISHED and game.outcome is not None
    return game


def _check_every_firing(game: Game) -> int:
    in_force: dict[int, dict] = {}
    fired = 0
    for event in game.collect_events():
        kind, c = type(event).__name__, event.content
        if kind == "StandingOrderSet":
            in_force = {k: o for k, o in in_force.items() if not (o["seat"] == c["seat"] and o["kind"] == c["kind"])}
            in_force[event.originator_version] = c
        elif kind == "StandingOrderCancelled":
            in_force.pop(c["order"])
        elif kind in ("ChoiceMade", "ChoiceSealed") and c["by"] == "standing":
            order = in_force[c["order"]]
            assert (order["seat"], order["choice"]) == (c["seat"], c["choice"])
            fired += 1
    return fired


@pytest.mark.parametrize("rules_id, players, options", CASES)
def test_random_games_with_standing_orders_finish_and_replay(rules_id, players, options):
    fired = 0
    for n in range(6):
        game = _play(rules_id, players, options, n)
        entries = [entry_of(e) for e in list(game.pending_events)]
        fired += _check_every_firing(game)
        report = audit_archive(make_archive(str(game.id), entries, AT))  # labels included, as of each firing
        assert report.ok, report.problems
        replayed = Game.from_archive_event(game.id, entries[0])
        for entry in entries[1:]:
            replayed.append_archive_event(entry)
        assert (replayed.state, replayed.head, replayed.standing) == (game.state, game.head, game.standing)
    assert fired > 0, "no order ever fired: the test would prove nothing"
