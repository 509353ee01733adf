"""Vote positions on top of position.py: a bare table in the Senate Phase with the seats clockwise in SEATS
order, and a proposal put to the vote engine (voting.py) by a small caller state that only keeps the result.

    s = senate_table(4)                                  # red, blue, green, yellow; nobody in play
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    s = open_vote(s, {"kind": "censor", "candidate": "1"}, ScriptedRandom())
    s = vote(s, "red", {"1": "yes"})                     # red's vote form answered
    result(s)                                            # the engine's value, once the vote has ended
"""
from __future__ import annotations

import random
from typing import Any

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.machine import STATES, Step, state
from domain.games.republic_of_rome.voting import PROPOSAL_WORDS, start_vote, start_votes
from tests.scenario.republic_of_rome.position import SEATS, answer, bare, edit, make_state, prompt_for

CALLER = "test_vote_caller"

if CALLER not in STATES:  # registered once per test process; the game never goes there
    @state
    class VoteTestCaller(Step):
        """A stand-in for the agenda: it keeps the vote's result."""

        name = CALLER

        def resume(self, s: dict, D: Any, rng: random.Random, value: Any) -> None:
            s["test_result"] = value


for _kind in ("land_bill", "prosecution", "consul_for_life", "minor_motion"):
    # the agenda words these kinds (voting.PROPOSAL_WORDS); a plain stand-in where it does not (yet)
    PROPOSAL_WORDS.setdefault(_kind, lambda D, s, p: str(p["kind"]))


def senate_table(players: int = 4, seed: int = 1, options: dict | None = None) -> dict:
    """A bare position in the Senate Phase, the seats clockwise in SEATS order, empty hands."""
    s = bare(make_state(players, seed, options))
    s["seats"] = list(SEATS[:players])
    s["phase"] = "senate"
    s["step"] = CALLER
    return s


def proposal(kind: str, by: str | None = None, pm: str | None = None, **params: Any) -> dict:
    out: dict = {"kind": kind, **params}
    if by is not None:
        out["by"] = by
    if pm is not None:
        out["pm"] = pm
    return out


def open_vote(s: dict, prop: dict, rng: random.Random) -> dict:
    """A copy of `s` with `prop` put to the vote (the PM: the proposal's, else the HRAO)."""
    s = edit(s)
    s["notes"], s["ctx"] = [], {}
    s.pop("calls", None)
    s.pop("test_result", None)
    s["step"] = CALLER
    start_vote(s, data_for(s), rng, prop)
    return s


def open_votes(s: dict, props: list[dict], rng: random.Random) -> dict:
    s = edit(s)
    s["notes"], s["ctx"] = [], {}
    s["step"] = CALLER
    start_votes(s, data_for(s), rng, props)
    return s


def vote(s: dict, seat: str, votes: dict[str, str], rng: random.Random | None = None, **fields: Any) -> dict:
    """`seat` answers its vote form: `votes` per Senator, the other fields at their defaults unless given."""
    p = prompt_for(s, seat)
    assert p is not None and p.form is not None, f"{seat} is not asked to vote ({[x.seat for x in RULES.prompts(s)]})"
    values = {f.name: f.first() for f in p.form.fields}
    values.update({"tribune": "none", "appeal": "no", "assassin": "none", "target": "none", "daggers": 0,
                   "standing_when": "any", "standing_vote": "keep"})
    values = {k: v for k, v in values.items() if p.form.field(k) is not None}
    values["votes"] = {**values["votes"], **votes}
    values.update(fields)
    return answer(s, seat, values, rng or random.Random(0))


def result(s: dict) -> dict | None:
    return s.get("test_result")


def asked_seats(s: dict) -> list[str]:
    return [p.seat for p in RULES.prompts(s)]


def fields_of(s: dict, seat: str) -> list[str]:
    p = prompt_for(s, seat)
    return [f.name for f in p.form.fields] if p is not None and p.form is not None else []
