"""The audit's record schema takes a form's answer as long as the platform accepts one (domain.forms.MAX_ANSWER):
a Republic of Rome vote form's canonical answer (a Senator by Senator vote, talents, a standing vote) runs past
200 characters, and a full audit of a game holding one reported "field 'choice' ... is too long" (found by the
production smoke's Republic of Rome game)."""
from __future__ import annotations

import json

from domain.forms import MAX_ANSWER
from service.audit import entry_problem

HASH = "ab" * 32


def entry(event: str, **content) -> dict:
    base = {"at": "2026-01-05T09:00:00+00:00", "salt": "cd" * 16}
    return {"seq": 7, "type": event, "content": {**base, **content}, "prev_hash": HASH, "hash": HASH}


def vote_answer(length: int) -> str:
    answer = json.dumps({"votes": {f"sen:{n}": "yes" for n in range(40)}, "talents": "0"})
    return (answer + " " * length)[:length]


def test_a_long_form_answer_is_a_sound_record():
    answer = vote_answer(900)
    made = entry("ChoiceMade", seat="red", prompt_id="p1", choice=answer, by="player", draws=[])
    sealed = entry("ChoiceSealed", seat="red", prompt_id="p1", choice=answer, by="player")
    revealed = entry("ChoicesRevealed", state_hash=HASH,
                     choices=[{"seat": "red", "prompt_id": "p1", "choice": answer, "draws": []}])
    order = entry("StandingOrderSet", seat="red", kind="senate_vote", choice=answer, label="yes")
    assert [entry_problem(e, 7) for e in (made, sealed, revealed, order)] == [None] * 4


def test_an_answer_longer_than_the_platform_accepts_is_refused():
    made = entry("ChoiceMade", seat="red", prompt_id="p1", choice=vote_answer(MAX_ANSWER + 1), by="player", draws=[])
    problem = entry_problem(made, 7)
    assert problem is not None and "too long" in str(problem)
    fits = entry("ChoiceMade", seat="red", prompt_id="p1", choice=vote_answer(MAX_ANSWER), by="player", draws=[])
    assert entry_problem(fits, 7) is None
