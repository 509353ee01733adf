"""A private event (another seat's standing order, a message between others) plans nothing for a seat
that may not see it: not even a digest row, whose mere existence would tell that something happened."""
from __future__ import annotations

from notifications.outbox import MailConfig
from notifications.plan import _rows_for
from tests.support.play import PLAYERS, play_sealed_round


def _standing_order_event(svc):
    gid = svc.create_game("toy", PLAYERS[:3], {}, seed="3d" * 32)["id"]
    play_sealed_round(svc, gid)
    game = svc.get(gid)
    prompt = game.open_prompts()[0]
    svc.choose(gid, prompt.seat, prompt.id, "pass", standing=True)
    event = next(e for e in svc.events(gid) if type(e).__name__ == "StandingOrderSet")
    return svc.get(gid, version=event.originator_version), event, prompt.seat


def test_another_seats_standing_order_plans_no_digest(svc):
    game, event, owner = _standing_order_event(svc)
    prefs = {seat: "digest" for seat in game.seat_ids}
    rows = _rows_for(game, 1, event, {}, {}, prefs, MailConfig())
    assert [r["seat"] for r in rows if r["kind"] == "digest"] == [owner]


def test_a_private_message_plans_no_digest_for_the_others(svc):
    gid = svc.create_game("toy", PLAYERS[:3], {}, seed="3e" * 32)["id"]
    svc.post_message(gid, "red", ["blue"], "between us")
    event = svc.events(gid)[-1]
    game = svc.get(gid)
    rows = _rows_for(game, 1, event, {}, {}, {s: "digest" for s in game.seat_ids}, MailConfig())
    assert sorted(r["seat"] for r in rows if r["kind"] == "digest") == ["blue", "red"]
