"""The Senate floor's public facts beside the vote (issue #15 item 6), for the Republic of Rome's board
(boards/republic_of_rome.py shows the proposal and the votes so far; this adds the rest): the faction called
now, who may still veto, Cato's free Tribune, the sealed answers already in, and the way to the messages,
since negotiation is the game.

"Who may veto" is built from public facts only: the factions that have not voted yet on a vetoable proposal
(whether one holds a Tribune is secret: the view never says) and the faction of Cato the Elder, whose free
Tribune is public. Drawn by templates/boards/_senate_floor.html, from the rules' view alone.
"""
from __future__ import annotations


def model(view: dict) -> dict | None:
    vote = ((view.get("state") or {}).get("floor") or {}).get("vote")
    if not vote or not vote.get("open"):
        return None
    may_veto = list(vote.get("may_veto") or [])
    cato = vote.get("cato")
    return {
        "called": vote.get("called"),
        "may_veto": may_veto,
        "vetoable": bool(vote.get("vetoable")),
        "cato": cato if cato in may_veto else None,
        "sealed": vote.get("mode") == "sealed",
        "answered": list(vote.get("answered") or []),
        "nested": (vote.get("depth") or 1) > 1,
        "messages": "#messages",
        "consul_for_life": vote.get("consul_for_life"),  # Rule 9.10: his faction casts every other's votes
    }
