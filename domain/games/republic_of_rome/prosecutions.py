"""Prosecutions (Rule 9.7) and the special prosecution of a caught assassin's Faction Leader (Rule 9.11).

The hooks the vote engine (voting.py) and the assassination module call:

* `popular_appeal(s, D, rng, proposal) -> dict`: the accused's Popular Appeal (Rule 9.7 item 4), rolled
  when his faction is called to vote on a trial whose proposal has `"appeal": True`. It returns
  `{"outcome": "votes" | "killed" | "freed", "roll": modified total, "yes": votes added for conviction,
  "no": votes added against it}`. On "killed" or "freed" the vote ends at once (killed counts as a
  conviction, freed as an acquittal); the agenda applies the consequences when the vote returns.
* `special_prosecution(s, D, rng, leader_sid, victim_popularity)`: starts the special Major Prosecution of
  a caught assassin's Faction Leader as a nested sequence (call/ret); it returns to the caller's `resume`
  with `{"convicted": bool}` once the trial and its consequences are over.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .dice import evil_omens, roll
from .narrate import ROLL_PURPOSES, narrates
from .state import note


def appeal_row(D: Any, total: int) -> dict:
    """The Popular Appeal table's row for a modified total (Rule 15.7; the table is data)."""
    for row in D.tables["popular_appeal"]["rows"]:
        low, high = row.get("min"), row.get("max")
        if (low is None or total >= low) and (high is None or total <= high):
            return row
    raise ValueError(f"no Popular Appeal row for {total}")


def popular_appeal(s: dict, D: Any, rng: Random, proposal: dict) -> dict:
    """Rule 9.7 item 4: 2d6 + the accused's Popularity - the Evil Omens level (the special trial of Rule 9.11:
    minus the victim's Popularity instead of plus his own), read on the Popular Appeal table."""
    accused = proposal["accused"]
    if proposal.get("kind") == "special_prosecution":
        modifier = -proposal["victim_popularity"]
    else:
        modifier = s["senators"][accused]["pop"]
    dice = roll(s, rng, 2, "popular_appeal", senator=accused)
    total = sum(dice) + modifier - evil_omens(s)
    row = appeal_row(D, total)
    outcome = {"accused_killed": "killed", "accused_freed": "freed"}.get(row.get("result", ""), "votes")
    votes = row.get("votes", 0)
    result = {"outcome": outcome, "roll": total, "yes": max(0, -votes), "no": max(0, votes)}
    note(s, "popular_appeal", senator=accused, total=total, outcome=outcome, votes=votes)
    if "senate" in s:
        s["senate"]["appeal"] = result  # the agenda reads it when the vote returns
    return result


@narrates("popular_appeal")
def _appeal(t: Any, n: dict) -> str:
    who = t.senator(n["senator"])
    if n["outcome"] == "killed":
        return _("%(senator)s appeals to the people (%(total)d): the mob kills him.", senator=who, total=n["total"])
    if n["outcome"] == "freed":
        return _("%(senator)s appeals to the people (%(total)d): the mob sets him free.", senator=who,
                 total=n["total"])
    if n["votes"] >= 0:
        return _("%(senator)s appeals to the people (%(total)d): %(votes)d votes against conviction.", senator=who,
                 total=n["total"], votes=n["votes"])
    return _("%(senator)s appeals to the people (%(total)d): %(votes)d votes for conviction.", senator=who,
             total=n["total"], votes=-n["votes"])


def special_prosecution(s: dict, D: Any, rng: Random, leader_sid: str, victim_popularity: int) -> None:
    """Rule 9.11: the caught assassin's Faction Leader, if in Rome, faces a special Major Prosecution at
    once (presided by the Censor, else the PM; no Prosecutor; not vetoable; outside the Censor's limits)."""
    from .machine import call
    call(s, D, "senate_special_prosecution", rng,
         args={"accused": leader_sid, "victim_popularity": victim_popularity})


ROLL_PURPOSES.update({"popular_appeal": _("a Popular Appeal")})
