"""The narrated history read model (service.history_model) against today's narration, the oracle:
`views.history_json` over the whole event stream (`GameService.history`). For random Sylla games, at
several points of each game and after its end, every viewer's whole narration and every page of it (the
web's paging, `history_page`, over the oracle) must be exactly the same: hidden information never leaks
to a seat that does not see it today, and nothing it sees today is missing."""
from __future__ import annotations

import random

import pytest

from domain.bots import random_choice
from domain.errors import GameError
from domain.rules import IllegalAction
from domain.rules import titles
from service.history_model import HistoryModel
from service.views import REFEREE, history_json
from service.web.history import history_page
from tests.support.play import PLAYERS

pytestmark = pytest.mark.skipif("sylla" not in titles(), reason="needs the Sylla title")


def oracle(svc, gid, viewer):
    return history_json(svc.events(gid), viewer)


def pages(entries, limit):
    """Every page, newest first then walking `before`, and the `after` walk from the start."""
    items, older, _newer = history_page(entries, None, None, limit)
    walk = [(None, None, items, older, _newer)]
    while older is not None:
        before = older
        items, older, newer = history_page(entries, before, None, limit)
        walk.append((before, None, items, older, newer))
    after = 0
    while after is not None:
        items, older, newer = history_page(entries, None, after, limit)
        walk.append((None, after, items, older, newer))
        after = newer
    return walk


def assert_same(svc, model, gid, viewers, step, limits=(13, 50)):
    game = svc.get(gid)
    for viewer in viewers:
        expected = oracle(svc, gid, viewer)
        assert model.entries(game, viewer) == expected, (step, viewer)
        for limit in limits:
            for before, after, items, older, newer in pages(expected, limit):
                assert model.page(game, viewer, before, after, limit) == (items, older, newer), \
                    (step, viewer, limit, before, after)
        for around in (1, 2, game.version // 2, game.version, game.version + 3):
            assert model.page(game, viewer, None, None, 9, around=around) == \
                history_page(expected, None, None, 9, around=around), (step, viewer, around)
        mine = [e for e in svc.events(gid) if type(e).__name__ in ("ChoiceMade", "ChoiceSealed")
                and e.content.get("by") == "seat" and e.content.get("seat") == viewer]
        last = mine[-1].originator_version if mine else 0
        assert model.last_move(game, viewer) == last
        assert model.count_since(game, viewer, last) == sum(1 for e in expected if e["seq"] > last
                                                            and e["type"] != "MessagePosted")
        for chat in (True, False):
            assert model.recent(game, viewer, chat, 5) == \
                [e for e in expected if (e["type"] == "MessagePosted") == chat][-5:]


def play(svc, gid, seats, rng, steps):
    """`steps` random decisions, with private and public messages and a standing order now and then."""
    for _ in range(steps):
        game = svc.get(gid)
        if game.status != "active":
            return False
        roll = rng.random()
        if roll < 0.15:
            sender = rng.choice(seats)
            to = "all" if rng.random() < 0.5 else [rng.choice([s for s in seats if s != sender])]
            svc.post_message(gid, sender, to, f"note {rng.randrange(1000)} from {sender}")
            continue
        prompt = rng.choice(game.open_prompts())
        by = rng.choice(["seat", "seat", "seat", "timeout", "operator"])
        standing = by == "seat" and rng.random() < 0.1  # a private standing order, now and then
        try:
            svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng), by=by, standing=standing)
        except (GameError, IllegalAction):
            svc.choose(gid, prompt.seat, prompt.id, random_choice(prompt, rng), by=by)
    return True


@pytest.mark.parametrize("seed, players", [(1, 3), (2, 4)])
def test_every_viewers_history_from_the_read_model_is_todays_narration(svc, seed, players):
    rng = random.Random(seed)
    created = svc.create_game("sylla", PLAYERS[:players], {})
    gid, seats = created["id"], [s["seat"] for s in created["seats"]]
    viewers = [*seats, None, REFEREE]
    model = HistoryModel(svc)
    assert_same(svc, model, gid, viewers, 0)  # the creation alone
    step = 0
    while play(svc, gid, seats, rng, rng.randint(20, 80)):
        step += 1
        assert_same(svc, model, gid, viewers, step)
        if step % 3 == 0:  # another process's projection: starts from the table, not from memory
            model = HistoryModel(svc)
    assert svc.get(gid).status != "active"
    kinds = {type(e).__name__ for e in svc.events(gid)}
    assert {"MessagePosted", "ChoiceSealed"} <= kinds  # private and secret things were there to leak
    assert_same(svc, model, gid, viewers, "end", limits=(1, 7, 50))
    svc.post_message(gid, seats[0], [seats[1]], "after the end, still private")
    assert_same(svc, model, gid, viewers, "after the end")
    # the private message of the end is there for its two seats only
    assert any("still private" in " ".join(e["text"]) for e in model.entries(svc.get(gid), seats[1]))
    assert not any("still private" in " ".join(e["text"]) for e in model.entries(svc.get(gid), seats[2]))


def test_an_abandoned_game_is_narrated_again_unredacted(svc):
    rng = random.Random(5)
    created = svc.create_game("sylla", PLAYERS[:3], {})
    gid, seats = created["id"], [s["seat"] for s in created["seats"]]
    model = HistoryModel(svc)
    play(svc, gid, seats, rng, 30)
    before = model.entries(svc.get(gid), None)
    svc.abandon(gid, "operator", "test over")
    after = model.entries(svc.get(gid), None)
    assert after == oracle(svc, gid, None)
    assert len(after) == len(before) + 1 and after[:-1] != before  # the unredacted narration replaced it
    assert_same(svc, model, gid, [*seats, None, REFEREE], "abandoned")


def test_two_projections_catching_up_at_once_write_each_row_once(svc):
    """The compare-and-set of the progress row: the loser reads the winner's rows."""
    rng = random.Random(9)
    created = svc.create_game("sylla", PLAYERS[:3], {})
    gid, seats = created["id"], [s["seat"] for s in created["seats"]]
    play(svc, gid, seats, rng, 20)
    first, second = HistoryModel(svc), HistoryModel(svc)
    game = svc.get(gid)
    version, final = first._progress(game.id)
    assert first._catch_up(game.id, version, final) is True
    assert second._catch_up(game.id, version, final) is False  # lost: nothing written twice
    assert second.entries(game, seats[0]) == oracle(svc, gid, seats[0])
    rows = svc.store.db.query("SELECT COUNT(*) AS n FROM tabularium_history WHERE game_id=? AND viewer=''", (gid,))
    assert rows[0]["n"] == len(oracle(svc, gid, None))


def test_a_restarted_process_narrates_only_the_new_events(svc):
    rng = random.Random(11)
    created = svc.create_game("sylla", PLAYERS[:3], {})
    gid, seats = created["id"], [s["seat"] for s in created["seats"]]
    play(svc, gid, seats, rng, 40)
    HistoryModel(svc).entries(svc.get(gid), seats[0])
    fresh = HistoryModel(svc)
    svc.post_message(gid, seats[1], "all", "one more")
    fresh.page(svc.get(gid), seats[0], None, None, 10)
    assert fresh.narrated == 1


def test_a_long_catch_up_goes_in_bounded_steps(svc, monkeypatch):
    """CHUNK events a transaction (bounded memory): the result is the same narration, and the progress row
    moved in steps."""
    import service.history_model as hm

    monkeypatch.setattr(hm, "CHUNK", 7)
    rng = random.Random(13)
    created = svc.create_game("sylla", PLAYERS[:3], {})
    gid, seats = created["id"], [s["seat"] for s in created["seats"]]
    play(svc, gid, seats, rng, 40)
    model = HistoryModel(svc)
    writes = []
    original = model._write
    monkeypatch.setattr(model, "_write", lambda *a: writes.append(a[2]) or original(*a))
    game = svc.get(gid)
    assert model.entries(game, seats[1]) == oracle(svc, gid, seats[1])
    assert len(writes) == -(-game.version // 7) and writes[-1] == game.version
