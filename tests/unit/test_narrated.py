"""notifications/narrated.py: the history an e-mail quotes, narrated once per game and seat. Whatever order
the e-mails ask for prefixes of the log in, each gets exactly what `history_json` gives for the same events
(the narration of the whole prefix, replayed afresh), and only the new events are narrated."""
from __future__ import annotations

import random

import pytest

from domain.forms import random_legal
from domain.narration import history_json
from notifications import narrated
from tests.conftest import make_service


def played(tmp_path, name: str, title: str, players: int, seed: int, finish: bool) -> tuple:
    svc = make_service(f"sqlite:///{tmp_path}/{name}.sqlite3")
    names = [{"name": f"P{n}", "email": ""} for n in range(players)]
    gid = svc.create_game(title, names, {}, seed=f"{seed:02x}" * 32)["id"]
    rng = random.Random(seed)
    for _step in range(10_000):
        game = svc.get(gid)
        if game.status != "active" or (not finish and game.version > 60):
            break
        prompt = rng.choice(game.open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, random_legal(game.rules, game.state, prompt, rng))
    return svc, gid, svc.events(gid)


@pytest.mark.parametrize("title,players", [("toy", 3), ("republic_of_rome", 3)])
def test_every_prefix_in_any_order_is_narrated_as_history_json_does(tmp_path, title, players):
    svc, gid, events = played(tmp_path, title, title, players, 7, finish=False)
    seats = svc.get(gid).seat_ids
    lengths = list(range(1, len(events) + 1, 3)) + [len(events)]
    random.Random(1).shuffle(lengths)
    for n in lengths:
        for seat in seats:
            assert narrated.history_entries(svc, gid, events[:n], seat) == history_json(events[:n], seat), (n, seat)
    svc.close()


def test_only_the_new_events_are_narrated(tmp_path, monkeypatch):
    svc, gid, events = played(tmp_path, "ror", "republic_of_rome", 3, 3, finish=False)
    assert svc.get(gid).status == "active" and len(events) > 20
    seat = svc.get(gid).seat_ids[0]
    narrated.history_entries(svc, gid, events[:-5], seat)
    folded = []
    original = narrated._Cursor.advance

    def counting(self, log):
        folded.append(max(0, len(log) - len(self.hashes)))
        return original(self, log)

    monkeypatch.setattr(narrated._Cursor, "advance", counting)
    assert narrated.history_entries(svc, gid, events, seat) == history_json(events, seat)
    assert narrated.history_entries(svc, gid, events[:10], seat) == history_json(events[:10], seat)
    assert folded == [5, 0], "the cursor narrated again what it had narrated"
    svc.close()


def test_a_finished_game_is_narrated_unredacted_and_another_log_starts_afresh(tmp_path):
    svc, gid, events = played(tmp_path, "toy-end", "toy", 2, 5, finish=True)
    assert svc.get(gid).status == "finished"
    seat = svc.get(gid).seat_ids[1]
    end = next(n for n, e in enumerate(events) if type(e).__name__ == "GameFinished")
    assert narrated.history_entries(svc, gid, events[:end], seat) == history_json(events[:end], seat)
    assert narrated.history_entries(svc, gid, events, seat) == history_json(events, seat)  # the referee's narration
    assert narrated.history_entries(svc, gid, events[:end], seat) == history_json(events[:end], seat)
    other_svc, _other, other_events = played(tmp_path, "toy-other", "toy", 2, 9, finish=False)
    forged = other_events[:len(events) // 2]  # another game's log under this game's id: not a continuation
    assert narrated.history_entries(svc, gid, forged, seat) == history_json(forged, seat)
    svc.close()
    other_svc.close()


def test_the_composer_reads_each_event_once_and_checks_its_link(tmp_path, monkeypatch):
    """notifications.compose._log keeps the events read for earlier e-mails and reads only the new ones
    (GameService.events_after), each linked to the last one kept; a link that does not hold is damage."""
    from domain.chain import GENESIS
    from notifications import compose
    from service.games import GameDamaged

    svc, gid, events = played(tmp_path, "log", "republic_of_rome", 3, 5, finish=False)
    read = []
    original = svc.events_after

    def counting(game_id, version, head):
        got = original(game_id, version, head)
        read.append(len(got))
        return got

    monkeypatch.setattr(svc, "events_after", counting)
    for n in (5, 5, 30, 12, len(events)):
        assert [e.hash for e in compose._log(svc, gid, n)] == [e.hash for e in events[:n]]
    rng = random.Random(2)
    for _move in range(5):  # the game goes on: the next e-mails read only its new events
        prompt = rng.choice(svc.get(gid).open_prompts())
        game = svc.get(gid)
        svc.choose(gid, prompt.seat, prompt.id, random_legal(game.rules, game.state, prompt, rng))
    longer = original(gid, 0, GENESIS)  # the whole log, read past the counter
    assert [e.hash for e in compose._log(svc, gid, len(longer))] == [e.hash for e in longer]
    assert [e.hash for e in compose._log(svc, gid, 7)] == [e.hash for e in events[:7]]
    assert read == [len(events), len(longer) - len(events)], "an event was read twice"
    assert [e.hash for e in svc.events(gid)] == [e.hash for e in longer]
    with pytest.raises(GameDamaged):
        original(gid, 10, events[3].hash)  # event 11 does not link to event 4
    svc.close()


def test_the_composer_folds_the_game_on_from_the_newest_it_folded(tmp_path, monkeypatch):
    """notifications.compose._game: the game as of any event, folded on from the newest one it holds (or
    loaded, for an older version), is the game the service loads at that version."""
    from notifications import compose

    svc, gid, events = played(tmp_path, "fold", "republic_of_rome", 3, 6, finish=False)
    loads = []
    original = svc.get

    def counting(game_id, version=None):
        loads.append(version)
        return original(game_id, version=version)

    monkeypatch.setattr(svc, "get", counting)
    for n in (3, 20, 21, 45, 10, len(events)):
        game, want = compose._game(svc, gid, n), original(gid, version=n)
        assert (game.version, game.state, game.seats, [p.id for p in game.open_prompts()]) == \
            (want.version, want.state, want.seats, [p.id for p in want.open_prompts()]), n
    assert loads == [3, 10], "a newer version was loaded instead of folded on"
    svc.close()
