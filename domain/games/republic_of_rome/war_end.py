"""A War won on land (Rule 10.3 item 5, 10.1): Spoils (not for a Revolt), the card to the discard pile,
its Provinces created, its Leaders moved on; the Events' hook (events.war_defeated) first."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from . import events
from .narrate import narrates
from .state import note


def is_revolt(s: dict, D: Any, wid: str) -> bool:
    """Rule 10.1: a War is a Revolt once a later War of its series has been defeated, or (Syrian, Macedonian)
    while the Province it names exists (read at the battle [A]); a War marked `revolt` is one."""
    war = D.wars[wid]
    if s["forum"]["wars"].get(wid, {}).get("revolt"):
        return True
    if war.get("revolt_if_province_exists") and war["revolt_if_province_exists"] in s["provinces"]:
        return True
    return any(card == "war:" + w for card in s["discard"] for w, x in D.wars.items()
               if x["series"] == war["series"] and x["series_index"] > war["series_index"])


def war_won(s: dict, D: Any, rng: Random, wid: str) -> None:
    hook = getattr(events, "war_defeated", None)
    if hook is not None:
        hook(s, D, wid)
    revolt = is_revolt(s, D, wid)
    spoils = 0 if revolt else D.wars[wid]["spoils"]
    s["treasury"] += spoils
    s["forum"]["wars"] = {w: v for w, v in s["forum"]["wars"].items() if w != wid}
    s["discard"] = s["discard"] + ["war:" + wid]
    note(s, "war_won", war=wid, spoils=spoils, revolt=revolt)
    create_provinces(s, D, wid)
    leaders_move_on(s, D, wid)


def war_left_play(s: dict, D: Any, rng: Random, wid: str) -> None:
    """A War left play without a battle (New Alliance, sues for peace: Rule 13): its armies return to Rome,
    units on its card to Italy, and its captives die (Rule 10.3 item 7). For the modules that remove it."""
    from .captives import kill_captives_of_gone_wars
    from .engagement import return_home
    from .forces import commands, move
    for c in [c for c in commands(s) if c["war"] == wid]:
        return_home(s, c["commander"])
    move(s, "legions", [u["id"] for u in s["legions"] if u["at"] == "war:" + wid], "italy")
    move(s, "fleets", [f["id"] for f in s["fleets"] if f["at"] == "war:" + wid], "italy")
    kill_captives_of_gone_wars(s, D, rng, wid)


def series_left(s: dict, D: Any, series: str) -> list[str]:
    """Wars of a series still to fight: in play, or in the deck."""
    return [w for w, x in D.wars.items() if x["series"] == series
            and (w in s["forum"]["wars"] or "war:" + w in s["deck"])]


def create_provinces(s: dict, D: Any, wid: str) -> None:
    """The Provinces the card names go to the Forum undeveloped (spec 18.14); when the card says so, only
    once the whole series is defeated (Illyricum)."""
    war = D.wars[wid]
    if war.get("creates_provinces_requires_whole_series") and series_left(s, D, war["series"]):
        return
    for pid in war.get("creates_provinces", []):
        if pid not in s["provinces"]:
            s["provinces"][pid] = {"developed": False, "governor": None, "term": 0}
            s["forum"]["provinces"] = s["forum"]["provinces"] + [pid]
            note(s, "province_created", province=pid)


def leaders_move_on(s: dict, D: Any, wid: str) -> None:
    """Rule 10.1 [A]: a Leader of the War's series stays while another War of it is in play (with that War);
    else he goes to the Curia while a War of his series is still in the deck, and is discarded otherwise."""
    series = D.wars[wid]["series"]
    others = sorted(w for w in s["forum"]["wars"] if D.wars[w]["series"] == series)
    leaders = s["forum"]["leaders"]
    for lid in [lid for lid in leaders if D.leaders[lid]["series"] == series]:
        if others:
            if leaders[lid] == wid:
                s["forum"]["leaders"] = {**s["forum"]["leaders"], lid: others[0]}
            continue
        s["forum"]["leaders"] = {k: v for k, v in s["forum"]["leaders"].items() if k != lid}
        if series_left(s, D, series):
            s["curia"] = {**s["curia"], "leaders": s["curia"]["leaders"] + [lid]}
            note(s, "leader_leaves", leader=lid, where="curia")
        else:
            s["discard"] = s["discard"] + ["ldr:" + lid]
            note(s, "leader_leaves", leader=lid, where="discard")


@narrates("war_won")
def _won(t: Any, n: dict) -> str:
    if n["revolt"]:
        return _("The %(war)s is defeated (a Revolt: no Spoils).", war=t.card("war:" + n["war"]))
    return _("The %(war)s is defeated: the State gains its Spoils of %(spoils)s.", war=t.card("war:" + n["war"]),
             spoils=t.talents(n["spoils"]))


@narrates("province_created")
def _province(t: Any, n: dict) -> str:
    from .deaths import province_name
    return _("%(province)s becomes a Province and awaits a Governor in the Forum.",
             province=province_name(t, n["province"]))


@narrates("leader_leaves")
def _leader(t: Any, n: dict) -> str:
    if n["where"] == "curia":
        return _("%(leader)s withdraws to the Curia.", leader=t.card("ldr:" + n["leader"]))
    return _("%(leader)s is defeated for good and discarded.", leader=t.card("ldr:" + n["leader"]))
