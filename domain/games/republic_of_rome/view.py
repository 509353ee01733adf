"""What one seat (or a spectator) may see (spec 16).

Secret: each faction's treasury and hand (the number of cards is public), the order of the deck, a
sealed answer before the reveal. Public: everything else. The board page (service/web/boards/
republic_of_rome.py) draws this view and reads nothing else, so the view carries the names the board shows
(Senators with their numbers, wars, leaders, events, provinces, concessions) and the public printed values
of the cards in the Forum; nothing here is worded except names, the waiting sentence, `situation` and, once the game is over,
`result_lines` (victory.result_lines: who won, why, and each faction's Influence and what was not counted).

`situation`: sentences about the decision under way that everybody may read (the proposal on the floor, the
persuasion attempt...). A step may define `situation(s, D) -> list[Message]` from its public working data;
it must never word a faction treasury, a hand or a sealed answer.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

from domain.i18n import _
from domain.rules import REFEREE, comma_list, seat_name

from . import floor
from .combat import combat_view  # loads the Senate's modules first (combat.py)
from .elections import rejected_pairs_view as rejected_pairs
from .persuasion import base_number
from .machine import STATES
from .names import card_name, card_senator_name, name_of, office_name, phase_name, senator_name, talents
from .state import hrao, in_rome, ratings, sort_key, sorted_ids
from .victory import result_lines
from .deals import deals_view


def senator_view(s: dict, D: Any, sid: str, loyalty: int | None = None) -> dict:
    """One Senator as the board shows him. `loyalty` is his rating when the caller already knows it
    (faction_view: Rule 7.4 item 2 looks at the whole faction); else `ratings` works it out.

    A Senator's view depends only on his record, his loyalty and whether he leads his faction, and most
    Senators do not change from one decision to the next: the view is made once per such value (D.view_cache)
    and each call gets its own copy, so that nothing a caller does to it reaches the next view."""
    x = s["senators"][sid]
    if loyalty is None:
        loyalty = ratings(D, s, sid)["loyalty"]
    leader = x["faction"] is not None and s["factions"][x["faction"]]["leader"] == sid
    key = (sid, loyalty, leader, _KEY_FIELDS(x), tuple(x["concessions"]))
    cache = D.view_cache
    made = cache.get(key)
    if made is None:
        if len(cache) > VIEW_CACHE_SIZE:
            cache.clear()
        made = cache[key] = _senator_view(s, D, sid, loyalty, leader)
    out = made.copy()
    out["concessions"], out["concession_names"] = list(made["concessions"]), list(made["concession_names"])
    return out


VIEW_CACHE_SIZE = 4096  # Senator views remembered per data set: a few games' worth
_KEY_FIELDS = itemgetter("family", "statesman", "faction", "inf", "pop", "knights", "talents", "office",
                         "prior_consul", "location", "rebel", "corrupt")  # with the concessions, all _senator_view reads


def _senator_view(s: dict, D: Any, sid: str, loyalty: int, leader: bool) -> dict:
    x = s["senators"][sid]
    card = D.statesmen[x["statesman"]] if x["statesman"] else D.senators[x["family"]]
    return {"id": sid, "name": senator_name(D, s, sid), "family": x["family"], "statesman": x["statesman"],
            "faction": x["faction"], "military": card["military"], "oratory": card["oratory"], "loyalty": loyalty,
            "influence": x["inf"], "popularity": x["pop"], "knights": x["knights"], "talents": x["talents"],
            "office": x["office"], "office_name": office_name(x["office"]) if x["office"] else None,
            "prior_consul": x["prior_consul"], "location": x["location"], "in_rome": in_rome(s, sid),
            "rebel": x["rebel"], "corrupt": x["corrupt"], "concessions": list(x["concessions"]),
            "votes": card["oratory"] + x["knights"],
            "concession_names": [card_name(D, "con:" + c) for c in x["concessions"]],
            "place_name": place_name(D, x["location"]), "faction_leader": leader}


def place_name(D: Any, location: str) -> str | None:
    """The name of where a Senator is when not in Rome: a Province ("province:sicilia"), a War ("war:...",
    "captive:<war>"); None in Rome."""
    kind, _sep, key = location.partition(":")
    if kind == "province" and key in D.provinces:
        return name_of(D.provinces[key]["name"])
    if kind in ("war", "captive") and key in D.wars:
        return card_name(D, "war:" + key)
    return None


def members_by_faction(s: dict) -> dict[str | None, list[str]]:
    """Each faction's Senators in id order, and the unaligned ones under None (one pass over the Senators)."""
    out: dict[str | None, list[str]] = {seat: [] for seat in s["seats"]}
    out[None] = []
    senators = s["senators"]
    for sid in sorted_ids(senators):
        out.setdefault(senators[sid]["faction"], []).append(sid)
    return out


def faction_view(s: dict, D: Any, seat: str, viewer: str | None, members: list[str] | None = None) -> dict:
    f = s["factions"][seat]
    if members is None:
        members = sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] == seat)
    loyalty = faction_loyalty(s, D, members)
    out = {"seat": seat, "name": seat_name(seat), "leader": f["leader"], "cards": len(f["hand"]),
           "senators": [senator_view(s, D, sid, loyalty[sid]) for sid in members],
           "influence": sum(s["senators"][sid]["inf"] for sid in members)}
    if viewer == seat or viewer == REFEREE:
        out["treasury"] = f["treasury"]
        out["hand"] = [{"id": c, "name": card_name(D, c), "playable": c not in f["unplayable"]} for c in f["hand"]]
    return out


def faction_loyalty(s: dict, D: Any, members: list[str]) -> dict[str, int]:
    """Each member's LOY (state.ratings, once for the whole faction): Rule 7.4 item 2, a Statesman whose
    opponent sits in his faction has LOY 0."""
    senators = s["senators"]
    statesmen = {senators[sid]["statesman"] for sid in members if senators[sid]["statesman"]}
    out = {}
    for sid in members:
        x = senators[sid]
        if x["statesman"]:
            card = D.statesmen[x["statesman"]]
            opposed = statesmen.intersection(card.get("opposes", ())) - {x["statesman"]}
            out[sid] = 0 if opposed else card["loyalty"]
        else:
            out[sid] = D.senators[x["family"]]["loyalty"]
    return out


def forum_view(s: dict, D: Any, unaligned: list[str] | None = None) -> dict:
    fm = s["forum"]
    if unaligned is None:
        unaligned = sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] is None)
    return {
        "senators": [senator_view(s, D, sid) for sid in unaligned],
        "wars": [{"id": w, "name": card_name(D, "war:" + w), **dict(v), **war_card(D, w)} for w, v in fm["wars"].items()],
        "leaders": [{"id": lid, "name": card_name(D, "ldr:" + lid), "war": war, **leader_card(D, lid),
                     "war_name": card_name(D, "war:" + war) if war in D.wars else None}
                    for lid, war in fm["leaders"].items()],
        "events": [{"id": e, **dict(v), "name": name_of(D.events[e]["name"]) if e in D.events else e,
                    **({"leader_name": card_name(D, "ldr:" + v["leader"])} if v.get("leader") in D.leaders else {})}
                   for e, v in fm["events"].items()],  # Refuge's saved Leader by name (war_events.py)
        "provinces": list(fm["provinces"]),
        "province_names": [name_of(D.provinces[p]["name"]) if p in D.provinces else p for p in fm["provinces"]],
        "concessions": [{"id": c, "name": card_name(D, "con:" + c)} for c in fm["concessions"]],
    }


def war_card(D: Any, war: str) -> dict:
    """A War card's printed values (public): land and naval strength, the Fleet support it needs, its
    Disaster and Standoff numbers and its Spoils."""
    card = D.wars.get(war)
    if card is None:
        return {}
    return {"land_strength": card["land_strength"], "naval_strength": card["naval_strength"],
            "fleet_support": card["fleet_support"], "disaster": list(card["disaster"]),
            "standoff": list(card["standoff"]), "spoils": card["spoils"], "drought_symbol": bool(card["drought"])}


def leader_card(D: Any, lid: str) -> dict:
    card = D.leaders.get(lid)
    if card is None:
        return {}
    return {"strength": card["strength"], "disaster": card["disaster"], "standoff": card["standoff"]}


def curia_view(s: dict, D: Any) -> dict:
    cu = s["curia"]
    senators = sorted(cu["senators"], key=sort_key)
    return {"senators": senators, "concessions": list(cu["concessions"]), "leaders": list(cu["leaders"]),
            "senator_names": [card_senator_name(D, sid) for sid in senators],
            "concession_names": [card_name(D, "con:" + c) for c in cu["concessions"]],
            "leader_names": [card_name(D, "ldr:" + lid) for lid in cu["leaders"]]}


def provinces_view(s: dict, D: Any) -> dict:
    out = {}
    for p, v in s["provinces"].items():
        governor = v.get("governor")
        out[p] = {**dict(v), "name": name_of(D.provinces[p]["name"]) if p in D.provinces else p,
                  "governor_name": senator_name(D, s, governor) if governor in s["senators"] else None}
    return out


def situation(s: dict, D: Any) -> list[str]:
    """Public sentences about the decision under way (see the module's docstring). A step's own `situation`
    comes first; otherwise a persuasion's, whose working data its module documents as public (who tries to
    persuade whom, the money so far). A vote is on the board as the floor (`floor_view`)."""
    if s["finished"]:
        return []
    step = STATES.get(s["step"])
    words = getattr(step, "situation", None)
    if words is not None:
        return list(words(s, D))
    ctx = s.get("ctx") if isinstance(s.get("ctx"), dict) else {}
    try:
        if s["step"] in PERSUASION_STEPS and ctx.get("persuader") in s["senators"] and ctx.get("target") in s["senators"]:
            return [persuasion_situation(s, D, ctx)]
    except (KeyError, TypeError, ValueError):  # working data of another shape: say nothing rather than fail
        return []
    return []


PERSUASION_STEPS = ("forum_persuasion_counter_bribe", "forum_persuasion_continue")


def persuasion_situation(s: dict, D: Any, ctx: dict) -> str:
    return _("%(persuader)s (%(seat)s) is trying to persuade %(target)s: bribes %(bribes)s, counter-bribes "
             "%(counter)s, base number %(base)d.", persuader=senator_name(D, s, ctx["persuader"]),
             seat=seat_name(ctx["seat"]), target=senator_name(D, s, ctx["target"]), bribes=talents(ctx["bribes"]),
             counter=talents(ctx["counter"]), base=base_number(s, D, ctx))


def rejected_pairs_view(s: dict, D: Any) -> list[dict]:
    if s.get("phase") != "senate":
        return []
    return rejected_pairs(s, D)


def floor_view(s: dict, D: Any, viewer: str | None) -> dict | None:
    """The Senate floor (floor.py): the vote under way, else the last one, with every faction's and
    Senator's vote; the viewer's own standing votes (floor.view gates them to the viewer and the referee)."""
    if not s.get("floor") and not s.get("floor_last"):
        return None
    return floor.view(s, D, viewer)


def build_view(s: dict, D: Any, viewer: str | None, waiting_for: list[str]) -> dict:
    chief = hrao(s, D) if s["senators"] else None
    members = members_by_faction(s)
    return {
        "turn": s["turn"], "phase": s["phase"], "phase_name": phase_name(s["phase"]), "step": s["step"],
        "finished": s["finished"], "result": s["result"], "result_lines": result_lines(D, s, viewer),
        "seats": list(s["seats"]),
        "factions": {seat: faction_view(s, D, seat, viewer, members[seat]) for seat in s["seats"]},
        "forum": forum_view(s, D, members[None]),
        "curia": curia_view(s, D),
        "provinces": provinces_view(s, D),
        "state": {"treasury": s["treasury"], "unrest": s["unrest"], "legions": len(s["legions"]),
                  "veterans": sum(1 for x in s["legions"] if x["veteran"]), "fleets": len(s["fleets"]),
                  "drought": s["drought"], "manpower_shortage": s["manpower_shortage"],
                  "no_recruitment": s["no_recruitment"], "evil_omens": s["evil_omens"],
                  "land_bills": dict(s["land_bills"])},
        "hrao": chief, "hrao_name": senator_name(D, s, chief) if chief else None,
        "hrao_seat": s["senators"][chief]["faction"] if chief else None,
        "deck": len(s["deck"]), "discard": len(s["discard"]),
        "situation": situation(s, D),
        "floor": floor_view(s, D, viewer),
        "rejected_pairs": rejected_pairs_view(s, D),  # Rule 9.5.2: Consul pairs rejected this turn (public)
        "combat": combat_view(s, D),  # this turn's battles and the captives (combat.py, public)
        "deals": deals_view(s, D, viewer),  # public deals (deals.py): which cards, only to their parties
        "commands": commands_view(s, D),  # Commanders in the field with their units (forces.py, public)
        "revolt": revolt_view(s, D),  # the faction in revolt, its army, the Senate's army sent against it
        "offers": offers_view(s),  # Revolution Phase card offers waiting for an answer: who, to whom, how many
        "sealed": sorted(s["sealed"]),  # who has answered a sealed decision; never what
        "waiting_for": list(waiting_for),
        "waiting": waiting_sentence(s, D, waiting_for) if waiting_for else "",
    }


def units(s: dict, ids: Any, kind: str = "legions") -> dict:
    wanted = set(ids)
    mine = [u for u in s[kind] if u["id"] in wanted]
    return {"units": len(mine), "veterans": sum(1 for u in mine if u.get("veteran"))}


def commands_view(s: dict, D: Any) -> list[dict]:
    """Commanders in the field (public): the War, the units, the Master of Horse; `victorious` (waiting for
    the Revolution Phase) and `proconsul` (Rule 10.4: stays after a battle that was not a Victory, or sent an
    earlier turn)."""
    fought = {b["commander"]: b["result"] for b in s.get("battles", []) if b["turn"] == s["turn"]}
    out = []
    for c in s.get("commands") or []:
        horse = c.get("master_of_horse")
        victorious = bool(c.get("victorious"))
        out.append({"commander": c["commander"], "name": senator_name(D, s, c["commander"]), "war": c["war"],
                    "war_name": card_name(D, "war:" + c["war"]) if c["war"] in D.wars else c["war"],
                    "legions": units(s, c["legions"]), "fleets": len(c["fleets"]),
                    "master_of_horse_name": senator_name(D, s, horse) if horse in s["senators"] else None,
                    "victorious": victorious, "proconsul": not victorious and (
                        c.get("turn", s["turn"]) < s["turn"] or fought.get(c["commander"], "victory") != "victory")})
    return out


def revolt_view(s: dict, D: Any) -> dict | None:
    """Rule 11.2 (rebels.py, civil_war.py), public: the rebel faction, its Senators, its army (Legions at
    "rebel") and the Senate's army sent against it."""
    revolt = s.get("revolt")
    if not revolt:
        return None
    army = units(s, [u["id"] for u in s["legions"] if u["at"] == "rebel"])
    war = s.get("civil_war")
    sent = None
    if war and war.get("commander") in s["senators"]:
        sent = {"name": senator_name(D, s, war["commander"]), "turn": war["turn"], "legions": units(s, war["legions"])}
    return {"seat": revolt["seat"], "rebel_name": senator_name(D, s, revolt["rebel"]) if revolt["rebel"] in s["senators"] else None,
            "senator_names": [senator_name(D, s, sid) for sid in revolt["senators"] if sid in s["senators"]],
            "legions": army, "turn": revolt["turn"], "senate_army": sent}


def offers_view(s: dict) -> list[dict]:
    """Rule 11.1: the card offers waiting for their answer; who offers how many cards to whom is public
    (which cards, only the receiver's hand shows)."""
    if not str(s["step"]).startswith("revolution_") or not isinstance(s.get("ctx"), dict):
        return []
    return [{"from": o["from"], "to": o["to"], "cards": len(o["cards"])} for o in s["ctx"].get("offers") or []]


def waiting_sentence(s: dict, D: Any, who: list[str]) -> str:
    """'Waiting for Red and Blue to vote.' (the step's `waiting` words)."""
    if s["finished"] or not who:
        return _("Nobody is expected to act.")
    step = STATES[s["step"]]
    return _("Waiting for %(seats)s %(what)s.", seats=comma_list(seat_name(w) for w in who),
             what=step.waiting_text(s, D))
