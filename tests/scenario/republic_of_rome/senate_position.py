"""Senate agenda positions on top of position.py and vote_position.py: a bare table in the Senate Phase with
the Senate's record opened and the agenda at a chosen step, and drivers that answer the PM's forms and the
factions' votes through the rules protocol.

    s = senate_table(3)                          # red, blue, green (vote_position)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    s = at_step(s, "senate_other_business")      # the PM's choice of business is asked
    s = propose(s, "raise_forces", {"legions": 2, "fleets": 0})
    s = votes_all(s, "yes")                      # every faction called votes yes with every Senator
"""
from __future__ import annotations

import random
from typing import Any

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.senate import advance, new_record, pm_seat, presiding
from tests.scenario.republic_of_rome.position import ScriptedRandom, answer, edit, prompt_for
from tests.scenario.republic_of_rome.vote_position import senate_table, vote  # noqa: F401  (re-exported)


NO_REPOPULATION = {"data_overrides": {"constants": {"repopulate_rome_threshold": 0}}}


def small_senate(players: int = 3, **options: Any) -> dict:
    """senate_table, where a handful of Senators make a Senate: Rome is not repopulated (Rule 9.9 needs 8
    in Rome) unless a test asks for it."""
    return senate_table(players, options={**NO_REPOPULATION, **options})


def at_step(s: dict, step: str, rng: random.Random | None = None, **record: Any) -> dict:
    """A copy of `s` in the Senate, its record fresh (plus `record`), the PM the HRAO (the Censor's `pm` given
    for the Prosecutions), the agenda entering `step` through its checkpoint (senate.advance)."""
    s = edit(s)
    s["notes"], s["ctx"], s["sealed"] = [], {}, {}
    s.pop("calls", None)
    s["phase"] = "senate"
    s["turn"] = max(s["turn"], 1)
    D = data_for(s)
    s["senate"] = {**new_record(), **record}
    if "pm" not in record:
        s["senate"]["pm"] = presiding(s, D)
    advance(s, D, rng or ScriptedRandom(), step)
    return s


def pm(s: dict) -> str:
    return pm_seat(s)


def kinds(s: dict) -> list[str]:
    """The PM's choices in other business."""
    p = prompt_for(s, pm_seat(s))
    return [c.id for c in p.choices]


def propose(s: dict, kind: str, values: dict | None = None, rng: random.Random | None = None) -> dict:
    """In other business: the PM picks `kind`, then answers its form with `values` (voting order: his first;
    after the vote: back to him, unless `values` say otherwise)."""
    s = answer(s, pm_seat(s), kind, rng)
    if values is None:
        return s
    return answer(s, pm_seat(s), {"order": "first", "then": "continue", **values}, rng)


def voting_seat(s: dict) -> str | None:
    """The faction asked to vote now, if any."""
    return next((p.seat for p in RULES.prompts(s) if p.kind == "senate_vote"), None)


def votes_all(s: dict, how: str | dict, rng: random.Random | None = None, log: list | None = None,
              **fields: Any) -> dict:
    """Every faction called votes until no vote is asked: `how` is "yes"/"no"/"abstain" for everybody, or
    {seat: "yes"|"no"|"abstain"} (a seat not named abstains); `fields` go with every faction's form; the
    notes of every apply are added to `log` when given."""
    while (seat := voting_seat(s)) is not None:
        choice = how if isinstance(how, str) else how.get(seat, "abstain")
        p = prompt_for(s, seat)
        senators = [o.value for o in p.form.field("votes").items]
        extra = {k: v for k, v in fields.items() if p.form.field(k) is not None}
        s = vote(s, seat, {sid: choice for sid in senators}, rng, **extra)
        if log is not None:
            log.extend(s["notes"])
    return s


def asked_kinds(s: dict) -> dict[str, str]:
    return {p.seat: p.kind for p in RULES.prompts(s)}
