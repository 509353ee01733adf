"""The Senate floor: the public record of the vote under way (Rule 9.2), for the engine (voting.py), the prompt
texts (the your-turn e-mail carries the proposal and the votes so far) and the view (the floor on the board).

  s["floor"]: the open votes, innermost last (a special prosecution can open inside a vote), each
      {proposal, pm (sid presiding), by (proposer's seat), mode ("in_order" | "sealed"), order ("first" |
       "last" | "call" | "immediate"), first (seat the clockwise order starts from), called (seat or None), voted [seats],
       factions {seat: {yes, no, by ("vote" | "standing" | "default" | "consul_for_life": Rule 9.10),
       senators [{id, vote, votes, talents}]}}, yes, no, vetoable, vetoed_by,
       appeal (the Popular Appeal's result or None), status ("open" | "passed" | "failed" | "vetoed" |
       "cancelled")}
  s["floor_last"]: the last closed vote, as above (the board shows it until the next one opens).

Everything here is public: a sealed vote's answers wait in the state's sealed answers (s["sealed"],
never shown; the view names only who has answered) until all are revealed together. Entries are replaced, never changed in place (state.py's clone contract).
"""
from __future__ import annotations

from typing import Any

from domain.i18n import _, join_sentences
from domain.rules import REFEREE, comma_list, seat_name

from . import standing_votes, tribunes
from .names import senator_name
from .state import clockwise_from, others_after, sort_key
from .vote_words import proposal_words


def voters(s: dict, seat: str) -> list[str]:
    """Rule 9: the faction's Senators attending the Senate (in Rome)."""
    return sorted((sid for sid, x in s["senators"].items()
                   if x["faction"] == seat and x["location"] == "rome" and not x["rebel"]), key=sort_key)


def voting_order(s: dict, first: str) -> list[str]:
    """The factions that can vote, clockwise from `first`."""
    return [seat for seat in clockwise_from(s, first) if voters(s, seat)]


def is_open(s: dict) -> bool:
    return bool(s.get("floor"))


def current(s: dict) -> dict:
    return s["floor"][-1]


def update(s: dict, **changes: Any) -> dict:
    entry = {**current(s), **changes}
    s["floor"] = s["floor"][:-1] + [entry]
    return entry


def push(s: dict, entry: dict) -> None:
    s["floor"] = list(s.get("floor") or []) + [entry]


def pop(s: dict) -> dict:
    entry = current(s)
    s["floor"] = s["floor"][:-1]
    s["floor_last"] = entry
    return entry


def pm_seat(s: dict, entry: dict | None = None) -> str | None:
    pm = (entry or current(s))["pm"]
    return s["senators"][pm]["faction"] if pm in s["senators"] else None


def planned(s: dict, entry: dict) -> list[str]:
    """The seats in the order they will be called (for "call", seat order: the PM picks among them)."""
    first = entry["first"] if entry["first"] in s["seats"] else s["seats"][0]
    if entry["order"] == "last":
        return others_after(s, first) + [first]
    return clockwise_from(s, first)


def remaining(s: dict, entry: dict | None = None) -> list[str]:
    """The factions still to vote on the current proposal, in the order they will be called."""
    entry = entry or current(s)
    present = seats_attending(s)
    return [seat for seat in planned(s, entry) if seat not in entry["voted"] and seat in present]


def seats_attending(s: dict) -> set[str]:
    """The factions with a Senator attending the Senate (those whose `voters` are not empty), in one pass."""
    return {x["faction"] for x in s["senators"].values()
            if x["faction"] is not None and x["location"] == "rome" and not x["rebel"]}


def may_veto(s: dict, entry: dict | None = None) -> list[str]:
    """Public facts only: the factions that have not voted yet, when the proposal is vetoable (whether one
    holds a Tribune is secret; Cato's faction is named apart)."""
    entry = entry or current(s)
    return remaining(s, entry) if entry["vetoable"] and entry["status"] == "open" else []


# -------------------------------------------------------------------------------------- words
def senator_vote_words(D: Any, s: dict, row: dict) -> str:
    from .names import senator_name
    name = senator_name(D, s, row["id"])
    if row["vote"] == "yes":
        return _("%(senator)s yes (%(n)d)", senator=name, n=row["votes"])
    if row["vote"] == "no":
        return _("%(senator)s no (%(n)d)", senator=name, n=row["votes"])
    return _("%(senator)s abstains", senator=name)


def faction_tally_words(D: Any, s: dict, seat: str, cast: dict) -> str:
    senators = comma_list(senator_vote_words(D, s, row) for row in cast["senators"])
    if cast.get("by") == "consul_for_life":  # Rule 9.10
        return _("%(seat)s (cast by the Consul for Life): %(senators)s", seat=seat_name(seat), senators=senators)
    return _("%(seat)s: %(senators)s", seat=seat_name(seat), senators=senators)


def floor_text(D: Any, s: dict, entry: dict | None = None) -> str:
    """The proposal, who made it, the votes so far by faction and Senator, and who is still to vote: the
    head of a your-turn prompt (and so of its e-mail)."""
    from .vote_words import proposal_words
    entry = entry or current(s)
    parts = [_("Proposal: %(proposal)s (put by %(seat)s).", proposal=proposal_words(D, s, entry["proposal"]),
               seat=seat_name(entry["by"]) if entry["by"] else _("nobody"))]
    if entry["voted"]:
        parts.append(_("Votes so far: %(tally)s. Total %(yes)d for, %(no)d against.",
                       tally=comma_list(faction_tally_words(D, s, seat, entry["factions"][seat])
                                        for seat in entry["voted"]), yes=entry["yes"], no=entry["no"]))
    elif entry["yes"] or entry["no"]:
        parts.append(_("Before any faction votes: %(yes)d for, %(no)d against.", yes=entry["yes"], no=entry["no"]))
    rest = remaining(s, entry)
    if rest:
        parts.append(_("Still to vote: %(seats)s.", seats=comma_list(seat_name(x) for x in rest)))
    return join_sentences(parts)


# -------------------------------------------------------------------------------------- view
def view(s: dict, D: Any, viewer: str | None) -> dict | None:
    """The floor for the board: the open vote (else the last one), with names; the viewer's own standing
    votes (private: only for the viewer and the referee)."""
    from .consul_control import controller  # consul_control imports this module
    out: dict = {}
    entry = current(s) if is_open(s) else s.get("floor_last")
    if entry is not None:
        is_open_now = entry["status"] == "open"
        to_vote = remaining(s, entry) if is_open_now else []
        out["vote"] = {
            "open": entry["status"] == "open", "status": entry["status"],
            "proposal": proposal_words(D, s, entry["proposal"]), "kind": entry["proposal"]["kind"],
            "by": entry["by"], "tribune": bool(entry["proposal"].get("tribune")),
            "pm": entry["pm"], "pm_name": senator_name(D, s, entry["pm"]) if entry["pm"] else None,
            "mode": entry["mode"], "order": entry["order"], "called": entry["called"],
            "yes": entry["yes"], "no": entry["no"], "vetoable": entry["vetoable"], "vetoed_by": entry["vetoed_by"],
            "factions": [{"seat": seat, "yes": entry["factions"][seat]["yes"], "no": entry["factions"][seat]["no"],
                          "by": entry["factions"][seat]["by"],
                          "senators": [{**row, "name": senator_name(D, s, row["id"])}
                                       for row in entry["factions"][seat]["senators"]]}
                         for seat in entry["voted"]],
            "to_vote": to_vote,
            "may_veto": list(to_vote) if entry["vetoable"] else [],  # may_veto, from the list just made
            "cato": tribunes.cato_seat(s, D),
            "depth": len(s.get("floor") or []),
            "answered": sorted(s.get("sealed") or {}) if s["step"] == "senate_sealed_vote" else [],
            "consul_for_life": controller(s),  # Rule 9.10: the faction that casts every non-rebel faction's votes
        }
    if viewer is not None and (viewer in s["seats"] or viewer == REFEREE):
        seats = s["seats"] if viewer == REFEREE else [viewer]
        out["standing"] = {seat: standing_votes.own_view(s, seat) + attempt_view(D, s, seat) for seat in seats}
    return out or None


def attempt_view(D: Any, s: dict, seat: str) -> list[dict]:
    from .assassination import standing_attempt, standing_attempt_words
    order = standing_attempt(s, seat)
    return [{"when": "attempt", "vote": "attempt", "words": standing_attempt_words(D, s, seat), **order}] if order else []
