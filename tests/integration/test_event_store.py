"""Every event type round-trips through both stores, snapshots agree with full replay."""
import random

from domain.game import Game
from service.audit import EVENT_TYPES, PRIVATE, entry_of
from tests.conftest import make_service
from tests.support.play import new_game, play_random, play_sealed_round


def _exercise_every_event_type(svc):
    gid = new_game(svc, players=3, clock={"mode": "deadline"})
    svc.post_message(gid, "red", "all", "Ave! ünïcödé, <b>tags</b> & \"quotes\"")
    svc.post_message(gid, "blue", ["red"], "private")
    svc.run_command(gid, lambda g: g.start_vacation("blue", "2026-12-01T00:00:00+00:00", 2, svc.now()))
    svc.run_command(gid, lambda g: g.end_vacation("blue", "back early", svc.now()))
    svc.pause(gid, "holiday")
    svc.resume(gid, "back")
    late = svc.get(gid).open_prompts()[0]
    svc.run_command(gid, lambda g: g.miss_deadline(late.seat, late.id, svc.now(), "pause", svc.now()))
    svc.resume(gid, "the table agreed")
    svc.run_command(gid, lambda g: g.replace_seat("green", "Eve", svc.now()))
    svc.change_preference(gid, "red", "digest", "operator")
    svc.rotate_token(gid, "red")
    play_sealed_round(svc, gid)
    winner = svc.get(gid).waiting_for()[0]
    svc.choose(gid, winner, svc.get(gid).prompt_for(winner).id, "draw", standing=True)
    svc.undo(gid, winner)
    svc.cancel_standing_order(gid, winner, svc.get(gid).standing[winner][0]["id"])
    play_random(svc, gid, random.Random(4))
    other = new_game(svc, players=2)
    svc.abandon(other, "operator", "test")
    return gid, other


def test_every_event_type_round_trips(svc):
    gid, other = _exercise_every_event_type(svc)
    events = svc.events(gid) + svc.events(other)
    assert {type(e).__name__ for e in events} == EVENT_TYPES - {PRIVATE}  # PRIVATE only names redactions
    for event in events:
        fresh = svc.store.app.mapper.to_domain_event(svc.store.app.mapper.to_stored_event(event))
        assert entry_of(fresh) == entry_of(event)
        assert type(fresh) is type(event)
    loaded = svc.get(gid)
    assert loaded.seat_info("green")["name"] == "Eve"
    assert loaded.preferences == {"red": "digest"}
    assert loaded.status == "finished"
    assert all(isinstance(d, list) for e in svc.events(gid) for d in e.content.get("draws", []))


def test_reloaded_state_equals_state_built_in_memory(svc):
    gid = new_game(svc, players=4, seed="cd" * 32)
    play_random(svc, gid, random.Random(9))
    entries = [entry_of(e) for e in svc.events(gid)]
    game = Game.from_archive_event(svc.get(gid).id, entries[0])
    for e in entries[1:]:
        game.append_archive_event(e)
    assert game.state == svc.get(gid).state
    assert game.head == svc.get(gid).head


def test_snapshot_load_equals_full_replay(database_url):
    with_snap = make_service(database_url, snapshot_interval=5)
    gid = new_game(with_snap, players=3)
    play_random(with_snap, gid, random.Random(1))
    snapshots = list(with_snap.store.app.snapshots.get(with_snap.get(gid).id))
    assert snapshots, "a snapshot should have been taken every 5 events"
    no_snap = make_service(database_url, snapshot_interval=0)
    a, b = with_snap.get(gid), no_snap.get(gid)
    assert (a.state, a.head, a.version, a.status) == (b.state, b.head, b.version, b.status)
    for version in (3, 7, a.version - 1):
        assert with_snap.get(gid, version).state == no_snap.get(gid, version).state
    # Snapshots are taken from the game in hand: each must equal a full replay to its version.
    for snapshot in snapshots:
        from_snapshot = snapshot.mutate(None)
        replayed = no_snap.get(gid, snapshot.originator_version)
        assert _fields(from_snapshot) == _fields(replayed), snapshot.originator_version
    with_snap.close()
    no_snap.close()


def _fields(game) -> dict:
    return {k: v for k, v in vars(game).items() if k != "_pending_events"}
