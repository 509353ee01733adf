"""A command may start from the game its caller just loaded (the web does, to load once per request).
That copy is an optimisation only: an outdated one never changes what is accepted or refused, and it
is never mutated. The index/witness row is written in the same transaction as the events."""
import pytest
from eventsourcing.persistence import IntegrityError

from domain.errors import StalePrompt
from service.games import token_hash
from tests.support.play import new_game


def _next_open(svc, gid):
    """The game and its first open decision, once the sealed round (which does not move the state
    version) is played: after an open choice every prompt id changes."""
    game = svc.get(gid)
    while all(p.secret for p in game.open_prompts()):
        for prompt in game.open_prompts():
            svc.choose(gid, prompt.seat, prompt.id, prompt.choices[-1].id)
        game = svc.get(gid)
    return game, next(p for p in game.open_prompts() if not p.secret)


def test_a_current_game_is_used_without_being_mutated(svc):
    gid = new_game(svc, players=2)
    game, prompt = _next_open(svc, gid)
    version = game.version
    result = svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id, current=game)
    assert game.version == version and not game.pending_events  # the caller's object is untouched
    assert svc.get(gid).version == result["version"] > version


def test_an_outdated_current_game_conflicts_and_the_choice_is_judged_on_the_latest(svc):
    gid = new_game(svc, players=2)
    stale, first = _next_open(svc, gid)
    svc.choose(gid, first.seat, first.id, first.choices[0].id)        # another request moves the game on
    latest = svc.get(gid)
    second = latest.open_prompts()[0]
    assert second.id != first.id
    # The prompt id comes from the latest game; the outdated copy would call it unknown.
    result = svc.choose(gid, second.seat, second.id, second.choices[0].id, current=stale)
    assert result["version"] > latest.version
    chosen = [e for e in svc.events(gid) if type(e).__name__ in ("ChoiceMade", "ChoiceSealed")]
    assert len(chosen) >= 2 and svc.get(gid).version == result["version"]


def test_an_outdated_current_game_does_not_let_a_stale_prompt_through(svc):
    gid = new_game(svc, players=2)
    stale, first = _next_open(svc, gid)
    svc.choose(gid, first.seat, first.id, first.choices[0].id)
    version = svc.get(gid).version
    with pytest.raises(StalePrompt):  # valid on the outdated copy, stale on the latest game
        svc.choose(gid, first.seat, first.id, first.choices[-1].id, current=stale)
    assert svc.get(gid).version == version


def test_authentication_against_the_loaded_game_matches_the_token_table(svc):
    created = svc.create_game("toy", [{"name": "A"}, {"name": "B"}], {})
    other = svc.create_game("toy", [{"name": "C"}, {"name": "D"}], {})
    gid, token = created["id"], created["seats"][0]["token"]
    game = svc.get(gid)
    assert svc.authenticate(token, game=game) == (gid, created["seats"][0]["seat"]) == svc.authenticate(token)
    foreign = other["seats"][0]["token"]  # another game's token: found in the table, for that game
    assert svc.authenticate(foreign, game=game) == (other["id"], other["seats"][0]["seat"])
    new = svc.rotate_token(gid, created["seats"][0]["seat"])
    rotated = svc.get(gid)
    assert token_hash(token) not in rotated.token_hashes.values()
    assert svc.authenticate(token, game=rotated) is None and svc.authenticate(token) is None
    assert svc.authenticate(new, game=rotated) == (gid, created["seats"][0]["seat"])


def test_the_witness_row_is_written_with_the_events(svc):
    gid = new_game(svc, players=2)
    game, prompt = _next_open(svc, gid)
    svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)
    latest = svc.get(gid)
    assert svc.store.witness(latest.id) == {"length": latest.version, "head": latest.head}


def test_a_failed_save_leaves_the_witness_unchanged(svc):
    """The row is upserted inside the event transaction: when the events are refused, so is the row."""
    gid = new_game(svc, players=2)
    game, prompt = _next_open(svc, gid)
    before = svc.store.witness(game.id)
    rival = svc.get(gid)
    svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)   # takes the next version
    after = svc.store.witness(game.id)
    rival.post_message(prompt.seat, "all", "too late", svc.now())  # same version as that choice
    with pytest.raises(IntegrityError):
        svc.store.save(rival)
    assert svc.store.witness(game.id) == after != before
