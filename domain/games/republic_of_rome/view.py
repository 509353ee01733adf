"""What one seat (or a spectator) may see (spec 16).

Secret: each faction's treasury and hand (the number of cards is public), the order of the deck, a
sealed answer before the reveal. Public: everything else. The board page (service/web/boards) draws
this view; nothing here is worded except the waiting sentence and names.
"""
from __future__ import annotations

from typing import Any

from domain.i18n import _
from domain.rules import REFEREE, comma_list, seat_name

from .machine import STATES
from .names import card_name, office_name, phase_name, senator_name
from .state import hrao, in_rome, ratings, sort_key, sorted_ids


def senator_view(s: dict, D: Any, sid: str) -> dict:
    x = s["senators"][sid]
    r = ratings(D, s, sid)
    return {"id": sid, "name": senator_name(D, s, sid), "family": x["family"], "statesman": x["statesman"],
            "faction": x["faction"], "military": r["military"], "oratory": r["oratory"], "loyalty": r["loyalty"],
            "influence": x["inf"], "popularity": x["pop"], "knights": x["knights"], "talents": x["talents"],
            "office": x["office"], "office_name": office_name(x["office"]) if x["office"] else None,
            "prior_consul": x["prior_consul"], "location": x["location"], "in_rome": in_rome(s, sid),
            "rebel": x["rebel"], "corrupt": x["corrupt"], "concessions": list(x["concessions"]),
            "votes": r["oratory"] + x["knights"]}


def faction_view(s: dict, D: Any, seat: str, viewer: str | None) -> dict:
    f = s["factions"][seat]
    members = sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] == seat)
    out = {"seat": seat, "name": seat_name(seat), "leader": f["leader"], "cards": len(f["hand"]),
           "senators": [senator_view(s, D, sid) for sid in members],
           "influence": sum(s["senators"][sid]["inf"] for sid in members)}
    if viewer == seat or viewer == REFEREE:
        out["treasury"] = f["treasury"]
        out["hand"] = [{"id": c, "name": card_name(D, c), "playable": c not in f["unplayable"]} for c in f["hand"]]
    return out


def forum_view(s: dict, D: Any) -> dict:
    fm = s["forum"]
    return {
        "senators": [senator_view(s, D, sid) for sid in sorted_ids(sid for sid, x in s["senators"].items()
                                                                    if x["faction"] is None)],
        "wars": [{"id": w, "name": card_name(D, "war:" + w), **dict(v)} for w, v in fm["wars"].items()],
        "leaders": [{"id": lid, "name": card_name(D, "ldr:" + lid), "war": war} for lid, war in fm["leaders"].items()],
        "events": [{"id": e, **dict(v)} for e, v in fm["events"].items()],
        "provinces": list(fm["provinces"]),
        "concessions": [{"id": c, "name": card_name(D, "con:" + c)} for c in fm["concessions"]],
    }


def build_view(s: dict, D: Any, viewer: str | None, waiting_for: list[str]) -> dict:
    chief = hrao(s, D) if s["senators"] else None
    return {
        "turn": s["turn"], "phase": s["phase"], "phase_name": phase_name(s["phase"]), "step": s["step"],
        "finished": s["finished"], "result": s["result"],
        "seats": list(s["seats"]),
        "factions": {seat: faction_view(s, D, seat, viewer) for seat in s["seats"]},
        "forum": forum_view(s, D),
        "curia": {"senators": sorted(s["curia"]["senators"], key=sort_key),
                  "concessions": list(s["curia"]["concessions"]), "leaders": list(s["curia"]["leaders"])},
        "provinces": {p: dict(v) for p, v in s["provinces"].items()},
        "state": {"treasury": s["treasury"], "unrest": s["unrest"], "legions": len(s["legions"]),
                  "veterans": sum(1 for x in s["legions"] if x["veteran"]), "fleets": len(s["fleets"]),
                  "drought": s["drought"], "manpower_shortage": s["manpower_shortage"],
                  "no_recruitment": s["no_recruitment"], "evil_omens": s["evil_omens"],
                  "land_bills": dict(s["land_bills"])},
        "hrao": chief, "deck": len(s["deck"]), "discard": len(s["discard"]),
        "sealed": sorted(s["sealed"]),  # who has answered a sealed decision; never what
        "waiting_for": list(waiting_for),
        "waiting": waiting_sentence(s, D, waiting_for) if waiting_for else "",
    }


def waiting_sentence(s: dict, D: Any, who: list[str]) -> str:
    """'Waiting for Red and Blue to vote.' (the step's `waiting` words)."""
    if s["finished"] or not who:
        return _("Nobody is expected to act.")
    step = STATES[s["step"]]
    return _("Waiting for %(seats)s %(what)s.", seats=comma_list(seat_name(w) for w in who),
             what=step.waiting_text(s, D))
