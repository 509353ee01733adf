"""Undo is an appended event, allowed only before a reveal, a draw or a change of actor."""
import pytest

from domain.errors import NotYourDecision, StalePrompt
from tests.support.play import new_game, play_sealed_round


@pytest.fixture
def drawn(svc):
    gid = new_game(svc, players=3)
    play_sealed_round(svc, gid)
    winner = svc.get(gid).waiting_for()[0]
    before = svc.get(gid)
    draw_prompt = before.prompt_for(winner)
    svc.choose(gid, winner, draw_prompt.id, "draw")
    return gid, winner, before, draw_prompt


def test_undo_restores_the_state_and_reoffers_the_decision(svc, drawn):
    gid, winner, before, draw_prompt = drawn
    keep_prompt = svc.get(gid).prompt_for(winner)
    assert keep_prompt.kind == "keep_or_discard"
    svc.undo(gid, winner)
    after = svc.get(gid)
    assert after.state == before.state
    again = after.prompt_for(winner)
    assert again.kind == "draw_or_pass" and again.id not in (draw_prompt.id, keep_prompt.id)
    with pytest.raises(StalePrompt):
        svc.choose(gid, winner, keep_prompt.id, "keep")
    assert "took back a choice" in " ".join(h["text"][0] for h in svc.history(gid, "red"))
    assert svc.audit(gid).ok


def test_nobody_else_can_undo_and_nothing_is_recorded(svc, drawn):
    gid, winner, _, _ = drawn
    other = next(s for s in ("red", "blue", "green") if s != winner)
    version = svc.get(gid).version
    with pytest.raises(NotYourDecision):
        svc.undo(gid, other)
    assert svc.get(gid).version == version


def test_no_undo_after_a_change_of_actor(svc, drawn):
    gid, winner, _, _ = drawn
    svc.choose(gid, winner, svc.get(gid).prompt_for(winner).id, "keep")  # next round: everyone decides
    with pytest.raises(NotYourDecision, match="Another player|no choice"):
        svc.undo(gid, winner)


def test_no_undo_of_a_reveal_or_a_draw(svc):
    gid = new_game(svc, players=2)
    play_sealed_round(svc, gid)  # the reveal rolled a die
    for seat in ("red", "blue"):
        with pytest.raises(NotYourDecision):
            svc.undo(gid, seat)


def test_a_forged_undo_in_the_log_fails_replay(svc, drawn):
    from service.audit import audit_entries, entry_of
    from domain.chain import event_hash

    gid, winner, _, _ = drawn
    svc.undo(gid, winner)
    entries = [entry_of(e) for e in svc.events(gid)]
    forged = dict(entries[-1], content={**entries[-1]["content"]})
    entries.append({**forged, "seq": forged["seq"] + 1, "prev_hash": forged["hash"]})
    entries[-1]["hash"] = event_hash(gid, entries[-1]["seq"], "ChoiceUndone", forged["hash"], entries[-1]["content"])
    report = audit_entries(gid, entries)
    assert report.chain_valid and report.replay_valid is False
