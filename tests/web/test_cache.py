"""The web's caches give exactly what the service gives: the latest game, and the same history entries
(from the narration read model, service.history_model, restarted unredacted at the end), at every step of
random games."""
from __future__ import annotations

import random

import pytest

from domain.bots import random_choice
from domain.rules import titles
from service.views import REFEREE
from service.history_model import HistoryModel
from service.web.cache import GameCache
from tests.support.play import PLAYERS

CASES = [("toy", 3)] + ([("sylla", 3)] if "sylla" in titles() else [])


@pytest.mark.parametrize("rules, players", CASES)
def test_caches_match_the_service_at_every_step(svc, rules, players):
    created = svc.create_game(rules, PLAYERS[:players], {})
    gid = created["id"]
    seats = [s["seat"] for s in created["seats"]]
    games, histories = GameCache(svc), HistoryModel(svc)
    rng = random.Random(8)
    viewers = [*seats, REFEREE, None]
    step = 0
    while True:
        game = svc.get(gid)
        cached = games.get(gid)
        assert (cached.version, cached.head, cached.state) == (game.version, game.head, game.state)
        assert games.get(gid) is cached  # nothing new: the cached game itself, after one query
        if rules == "toy" or step % 40 == 0 or game.status != "active":
            for viewer in viewers:
                assert histories.entries(cached, viewer) == svc.history(gid, viewer), (step, viewer)
        if game.status != "active":
            break
        if rng.random() < 0.1:
            svc.post_message(gid, seats[0], [seats[1]], f"private {step}")
        prompt = rng.choice(game.open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng))
        step += 1
    assert games.hits > 0
