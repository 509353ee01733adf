"""Standing orders (pre-moves): a player answers a prompt and asks for the same answer whenever a prompt of
that kind offers it again. The order is an event private to its seat; each choice it makes is recorded
like any other, with `by: "standing"` and the order's number, so replay never re-evaluates it.

In High Card (the test title) the round winner is asked `draw_or_pass` each round."""
from __future__ import annotations

import copy
import json

import pytest

from domain.errors import BadRequest, GameNotActive, NotYourDecision
from domain.game import MAX_STANDING_ORDERS
from service.views import REFEREE
from tests.support.play import PLAYERS, play_sealed_round


def _new(svc, rounds=6, players=2, seed="5c" * 32):
    return svc.create_game("toy", PLAYERS[:players], {"rounds": rounds, "hand_size": rounds}, seed=seed)["id"]


def _first_draw_or_pass(svc, gid):
    """Sealed rounds until someone is asked draw-or-pass: (seat, prompt)."""
    while svc.get(gid).status == "active":
        play_sealed_round(svc, gid)
        prompt = next((p for p in svc.get(gid).open_prompts() if p.kind == "draw_or_pass"), None)
        if prompt is not None:
            return prompt.seat, prompt
    raise AssertionError("nobody was ever asked to draw or pass")


def _events(svc, gid, kind=None):
    return [e for e in svc.events(gid) if kind is None or type(e).__name__ == kind]


def _play_out(svc, gid):
    """Everyone plays their first card each round; the winner's decisions are left to standing orders,
    else answered "draw"/"keep"."""
    while svc.get(gid).status == "active":
        game = svc.get(gid)
        prompt = game.open_prompts()[0]
        choice = "draw" if prompt.kind == "draw_or_pass" else prompt.choices[0].id
        svc.choose(gid, prompt.seat, prompt.id, choice)


def test_a_standing_order_answers_every_later_prompt_of_its_kind(svc):
    gid = _new(svc)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    [order] = svc.get(gid).standing[seat]
    assert (order["kind"], order["choice"], order["label"]) == ("draw_or_pass", "pass", "Pass")
    _play_out(svc, gid)
    fired = [e.content for e in _events(svc, gid, "ChoiceMade") if e.content["by"] == "standing"]
    asked = [e.content for e in _events(svc, gid, "ChoiceMade")
             if e.content["seat"] == seat and e.content["prompt_id"].endswith(".draw")]
    assert asked[0]["by"] == "seat"  # the choice that set the order
    assert fired and all(c["seat"] == seat and c["choice"] == "pass" and c["order"] == order["id"] for c in fired)
    assert len(asked) == len(fired) + 1  # never asked again: every later draw-or-pass was the order's


def test_an_order_never_answers_for_another_seat_or_another_kind(svc):
    gid = _new(svc, players=3)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "draw", standing=True)
    _play_out(svc, gid)
    for c in (e.content for e in _events(svc, gid, "ChoiceMade") if e.content["by"] == "standing"):
        assert c["seat"] == seat and c["choice"] == "draw" and c["prompt_id"].endswith(".draw")
    sealed = _events(svc, gid, "ChoiceSealed")
    assert sealed and all(e.content["by"] != "standing" for e in sealed)  # play_card has no order


def test_a_new_order_for_the_same_kind_replaces_the_old_and_cancel_stops_it(svc):
    gid = _new(svc)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "draw", standing=True)
    keep = next(p for p in svc.get(gid).open_prompts() if p.seat == seat)
    assert keep.kind == "keep_or_discard"
    svc.choose(gid, seat, keep.id, "keep", standing=True)
    orders = svc.get(gid).standing[seat]
    assert [o["kind"] for o in orders] == ["draw_or_pass", "keep_or_discard"]
    with pytest.raises(BadRequest):
        svc.cancel_standing_order(gid, seat, 9999)
    other = next(s for s in svc.get(gid).seat_ids if s != seat)
    with pytest.raises(BadRequest):  # one seat cannot cancel another's order
        svc.cancel_standing_order(gid, other, orders[0]["id"])
    before = len(_events(svc, gid, "StandingOrderCancelled"))
    svc.cancel_standing_order(gid, seat, orders[0]["id"])
    assert [o["kind"] for o in svc.get(gid).standing[seat]] == ["keep_or_discard"]
    assert len(_events(svc, gid, "StandingOrderCancelled")) == before + 1


def test_orders_are_private_to_their_seat_in_views_histories_and_exports(svc):
    gid = _new(svc, rounds=3)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    others = [s for s in svc.get(gid).seat_ids if s != seat]
    assert svc.view(gid, seat)["you"]["standing_orders"][0]["choice"] == "pass"
    for viewer in [*others, None]:
        view = svc.view(gid, viewer)
        assert view["you"]["standing_orders"] == []
        assert "StandingOrderSet" not in json.dumps(svc.history(gid, viewer))
    assert any(e["type"] == "StandingOrderSet" for e in svc.history(gid, seat))
    assert any(e["type"] == "StandingOrderSet" for e in svc.history(gid, REFEREE))
    _play_out(svc, gid)
    orders = {e.originator_version for e in svc.events(gid) if type(e).__name__ == "StandingOrderSet"}
    for viewer in others:  # still private once the game is over, in the history and the archive
        assert "StandingOrderSet" not in json.dumps(svc.history(gid, viewer))
        archive = svc.export(gid, viewer)
        assert "StandingOrderSet" not in json.dumps(archive)
        hidden = [e for e in archive["events"] if e["seq"] in orders]
        assert hidden and all(e == {"seq": e["seq"], "type": "Private", "content": {"redacted": True},
                                    "prev_hash": e["prev_hash"], "hash": e["hash"]} for e in hidden)
    mine = [e for e in svc.export(gid, seat)["events"] if e["type"] == "StandingOrderSet"]
    assert mine[0]["content"]["choice"] == "pass"


def test_orders_survive_a_reload_and_a_new_player_does_not_inherit_them(svc):
    gid = _new(svc)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    rebuilt = svc.store.app.repository.get(svc.get(gid).id)  # from the stored events
    assert rebuilt.standing == svc.get(gid).standing and rebuilt.standing[seat]
    svc.run_command(gid, lambda g: g.replace_seat(seat, "Newcomer", svc.now(), reason="test"))
    assert seat not in svc.get(gid).standing


def test_the_operator_and_timeouts_cannot_set_orders(svc):
    gid = _new(svc)
    seat, prompt = _first_draw_or_pass(svc, gid)
    with pytest.raises(BadRequest):
        svc.choose(gid, seat, prompt.id, "pass", by="operator", standing=True)
    assert not svc.get(gid).standing


def test_a_seat_has_a_bounded_number_of_orders(svc):
    from domain.game import Game

    gid = _new(svc)
    game = svc.get(gid)
    seat, prompt = game.seat_ids[0], game.open_prompts()[0]
    crowded = copy.deepcopy(game)
    crowded.standing = {seat: [{"id": i, "kind": f"k{i}", "choice": "x", "label": "x"}
                               for i in range(MAX_STANDING_ORDERS)]}
    prompt = crowded.prompt_for(seat)
    with pytest.raises(BadRequest):
        crowded.choose(seat, prompt.id, prompt.choices[0].id, None, svc.now(), standing=True)
    assert Game.standing == {}  # the class default stays empty


def test_a_game_from_before_standing_orders_has_none(svc):
    """A snapshot taken before this feature has no `standing` attribute: the class default applies."""
    gid = _new(svc)
    game = copy.deepcopy(svc.get(gid))
    game.__dict__.pop("standing", None)
    assert game.standing == {} and game.prompt_for(game.seat_ids[0]) is not None


def test_no_decision_no_order(svc):
    gid = _new(svc)
    seat, prompt = _first_draw_or_pass(svc, gid)
    other = next(s for s in svc.get(gid).seat_ids if s != seat)
    with pytest.raises(NotYourDecision):
        svc.choose(gid, other, prompt.id, "pass", standing=True)
    assert not svc.get(gid).standing


def test_nothing_is_cancelled_once_the_game_is_over(svc):
    gid = _new(svc, rounds=2)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    _play_out(svc, gid)
    game = svc.get(gid)
    assert game.status == "finished"
    with pytest.raises(GameNotActive):
        svc.cancel_standing_order(gid, seat, game.standing[seat][0]["id"])
    assert svc.get(gid).version == game.version


def _forged_archives(svc):
    """A finished game in which an order fired, and copies of its archive where a server rewrote one such
    choice (and re-hashed the whole chain, as a dishonest server could)."""
    from domain.chain import GENESIS, event_hash
    from service.audit import entry_of, make_archive

    gid = _new(svc, rounds=6)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    _play_out(svc, gid)
    entries = [entry_of(e) for e in svc.events(gid)]
    fired = next(n for n, e in enumerate(entries) if e["content"].get("by") == "standing")

    def forged(change) -> dict:
        copy_ = json.loads(json.dumps(entries))
        change(copy_[fired]["content"])
        prev = GENESIS
        for e in copy_:
            e["prev_hash"], e["hash"] = prev, event_hash(gid, e["seq"], e["type"], prev, e["content"])
            prev = e["hash"]
        return make_archive(gid, copy_, "2026-01-01T00:00:00+00:00")

    return make_archive(gid, entries, "2026-01-01T00:00:00+00:00"), forged


def test_the_audit_checks_every_choice_credited_to_a_standing_order(svc):
    from service.audit import audit_archive

    honest, forged = _forged_archives(svc)
    assert audit_archive(honest).ok
    for change in (lambda c: c.update(order=9999), lambda c: c.update(order=1)):
        report = audit_archive(forged(change))
        assert report.chain_valid and not report.ok
        assert any("standing order that did not say so" in p for p in report.problems), report.problems


def test_an_order_answers_only_the_choice_it_named_not_a_reused_id(svc):
    """"keep" is offered with the drawn card in its label ("Keep the 7"): an order to keep the 7 never
    keeps another card, so the seat is asked again."""
    gid = _new(svc, rounds=8)
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "draw")
    keep = svc.get(gid).prompt_for(seat)
    svc.choose(gid, seat, keep.id, "keep", standing=True)
    [order] = svc.get(gid).standing[seat]
    asked_again = 0
    while svc.get(gid).status == "active":
        prompt = svc.get(gid).open_prompts()[0]
        if prompt.seat == seat and prompt.kind == "keep_or_discard":
            assert prompt.find("keep").label != order["label"]
            asked_again += 1
        choice = "draw" if prompt.kind == "draw_or_pass" else prompt.choices[0].id
        svc.choose(gid, prompt.seat, prompt.id, choice)
    assert asked_again and not [e for e in svc.events(gid) if e.content.get("by") == "standing"]
