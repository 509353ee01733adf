"""Concurrent submissions: one idempotency key records one event; one prompt accepts one choice."""
import threading

import pytest

from domain.errors import NotYourDecision, StalePrompt
from tests.support.play import new_game

THREADS = 8


def _race(fn):
    barrier = threading.Barrier(THREADS)
    results, errors = [None] * THREADS, [None] * THREADS

    def run(i):
        barrier.wait()
        try:
            results[i] = fn(i)
        except Exception as exc:  # collected and asserted below
            errors[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    return results, errors


def _open_draw_prompt(svc, gid):
    """Play the sealed round so that one seat owes an open (non-secret) decision with two choices."""
    game = svc.get(gid)
    for prompt in game.open_prompts():
        svc.choose(gid, prompt.seat, prompt.id, prompt.choices[-1].id)
    return svc.get(gid).open_prompts()[0]


def test_same_idempotency_key_from_eight_threads_records_one_event(svc):
    gid = new_game(svc)
    prompt = _open_draw_prompt(svc, gid)
    before = svc.get(gid).version
    results, errors = _race(lambda i: svc.choose(gid, prompt.seat, prompt.id, "pass", key="same-key"))
    assert errors == [None] * THREADS
    assert len({r["version"] for r in results}) == 1
    added = [e for e in svc.events(gid) if e.originator_version > before and type(e).__name__ == "ChoiceMade"
             and e.content.get("key") == "same-key"]
    assert len(added) == 1


def test_eight_different_choices_for_one_prompt_one_applies_the_rest_are_stale(svc):
    gid = new_game(svc)
    prompt = _open_draw_prompt(svc, gid)
    before = svc.get(gid).version
    choices = ["draw", "pass"]
    results, errors = _race(lambda i: svc.choose(gid, prompt.seat, prompt.id, choices[i % 2], key=f"k{i}"))
    applied = [r for r in results if r is not None]
    assert len(applied) == 1
    assert all(isinstance(e, (StalePrompt, NotYourDecision)) for e in errors if e is not None)
    assert sum(e is not None for e in errors) == THREADS - 1
    made = [e for e in svc.events(gid) if e.originator_version > before and type(e).__name__ == "ChoiceMade"
            and e.content["by"] == "seat"]
    assert len(made) == 1


def test_a_stale_prompt_is_refused_and_changes_nothing(svc):
    gid = new_game(svc)
    first = _open_draw_prompt(svc, gid)
    svc.choose(gid, first.seat, first.id, "pass")
    version = svc.get(gid).version
    with pytest.raises(StalePrompt):
        svc.choose(gid, first.seat, first.id, "draw")
    assert svc.get(gid).version == version


def test_an_idempotency_key_is_scoped_to_its_seat(svc):
    gid = new_game(svc, players=2)
    red, blue = (svc.get(gid).prompt_for(s) for s in ("red", "blue"))
    svc.choose(gid, "red", red.id, red.choices[0].id, key="shared")
    svc.choose(gid, "blue", blue.id, blue.choices[0].id, key="shared")
    sealed = [e for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed"]
    assert {e.content["seat"] for e in sealed} == {"red", "blue"}


def test_two_vacation_starts_at_once_record_one(svc):
    from service.deadlines import start_vacation

    gid = new_game(svc, clock={"mode": "deadline", "per_decision_hours": 24, "vacation_days": 10})
    results, errors = _race(lambda i: start_vacation(svc, gid, "red", 3))
    started = [e for e in svc.events(gid) if type(e).__name__ == "VacationStarted"]
    assert len(started) == 1
    assert sum(e is None for e in errors) == 1 and all("already on vacation" in str(e) for e in errors if e)
