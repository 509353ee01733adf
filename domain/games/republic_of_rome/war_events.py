"""The events the Combat Phase reads (Rule 13): Ally Deserts and Enemy's Ally Deserts (a battle's strength),
Refuge / Rise from Refuge (an enemy Leader saved from death) and the Rhodian Maritime Alliance's end.

The combat calls two functions (re-exported by events.py):

  battle_adjustment(s, D, dice)  the change to a War's strength for a battle of this turn, from its 3 dice
  war_defeated(s, D, wid)        a War is defeated: call it at once, while its card is still in play and
                                 before its Leaders go to the Curia or the discard (Rule 10.3 item 5)

The Refuge card's record (forum.events["refuge"]) carries, besides {flipped, level, turn}:
  leader  the Leader it saved (held on the card: not in forum.leaders until he joins a War)
  war     the War he joined (the next War drawn, forum.place_war): he is in forum.leaders with it
  wars    once risen (the flipped side): the Wars he strengthens; he leaves with the last of them
"""
from __future__ import annotations

from typing import Any

from domain.i18n import _

from .narrate import narrates
from .state import note

REFUGE, RHODIAN = "refuge", "rhodian_maritime_alliance"


def _rec(s: dict, eid: str) -> dict | None:
    return s["forum"]["events"].get(eid)


def _put(s: dict, eid: str, rec: dict | None) -> None:
    from .events import _set
    _set(s, eid, rec)


# ------------------------------------------------------------------- Ally Deserts / Enemy's Ally Deserts
def battle_adjustment(s: dict, D: Any, dice: list[int]) -> int:
    """Rule 13: the change to a War's strength in a battle of this turn, from the battle's three dice (the
    first is the coloured one, spec 2 [A]), applied after the multipliers. Ally Deserts: an even total adds
    the coloured die (flipped: the two other dice). Enemy's Ally Deserts: an odd total takes away the same.
    The caller keeps the War's strength at 0 or more."""
    total, change = sum(dice), 0
    for eid, sign, parity in (("ally_deserts", 1, 0), ("enemys_ally_deserts", -1, 1)):
        rec = _rec(s, eid)
        if rec and rec["turn"] == s["turn"] and total % 2 == parity:
            change += sign * (sum(dice[1:]) if rec["flipped"] else dice[0])
    return change


# ------------------------------------------------------------------------------------ a War defeated
def war_defeated(s: dict, D: Any, wid: str) -> None:
    """Rule 13 when a War is defeated: the Rhodian Fleets go home if it was the War needing the most Fleets;
    a Leader Refuge keeps leaves with his War; a Leader who would now be discarded may be saved by Refuge."""
    rhodian_ends(s, D, wid)
    refuge_leader_leaves(s, D, wid)
    refuge_saves(s, D, wid)


def fleets_needed(s: dict, D: Any, wid: str) -> int:
    """Fleet Support + modified naval strength (the Rhodian card's measure)."""
    from .forces import war_strength
    war = D.wars[wid]
    naval = war_strength(s, D, wid)["naval"] if wid in s["forum"]["wars"] else war["naval_strength"]
    return war["fleet_support"] + naval


def rhodian_ends(s: dict, D: Any, wid: str) -> None:
    """The Rhodian Maritime Alliance ends when the War needing the most Fleets is defeated (a tie counts
    [A]): as many Fleets as it sent (8, flipped 12), or all if fewer, are disbanded: its own Fleets first,
    those in Italy before those with a Commander [A]; the card leaves."""
    rec = _rec(s, RHODIAN)
    if rec is None:
        return
    wars = set(s["forum"]["wars"]) | {wid}
    if fleets_needed(s, D, wid) < max(fleets_needed(s, D, w) for w in wars):
        return
    sent = set(rec.get("fleets", []))
    order = sorted(s["fleets"], key=lambda f: (f["id"] not in sent, f["at"] != "italy", -f["id"]))
    gone = {f["id"] for f in order[:len(sent)]}
    s["fleets"] = [f for f in s["fleets"] if f["id"] not in gone]
    s["commands"] = [{**c, "fleets": [i for i in c["fleets"] if i not in gone]} if set(c["fleets"]) & gone else c
                     for c in s.get("commands", [])]
    _put(s, RHODIAN, None)
    note(s, "rhodian_leaves", war=wid, fleets=len(gone), left=len(s["fleets"]))


def refuge_leader_leaves(s: dict, D: Any, wid: str) -> None:
    """The Leader Refuge saved is discarded when the War he joined is defeated (risen: the last of his Wars)."""
    rec = _rec(s, REFUGE)
    if rec is None or not rec.get("leader"):
        return
    if rec.get("wars"):
        left = [w for w in rec["wars"] if w != wid and w in s["forum"]["wars"]]
        if left:
            _put(s, REFUGE, {**rec, "wars": left})
            return
    elif rec.get("war") != wid:
        return
    lid = rec["leader"]
    s["forum"]["leaders"] = {k: v for k, v in s["forum"]["leaders"].items() if k != lid}
    s["discard"] = s["discard"] + ["ldr:" + lid]
    _put(s, REFUGE, None)
    note(s, "refuge_leader_discarded", leader=lid, war=wid)


def series_remains(s: dict, D: Any, series: str, wid: str) -> bool:
    """Another War of the series still to fight, in play or in the deck (then a Leader goes to the Curia)."""
    return any(x["series"] == series and w != wid and (w in s["forum"]["wars"] or "war:" + w in s["deck"])
               for w, x in D.wars.items())


def refuge_saves(s: dict, D: Any, wid: str) -> None:
    """Refuge: the next enemy Leader a Victory would discard (his War defeated, no other War of his series in
    play or in the deck, Rule 10.3 item 5) is kept on the card instead, to join the next War drawn. The first
    one when several would go [A]."""
    rec = _rec(s, REFUGE)
    if rec is None or rec.get("leader"):
        return
    doomed = [lid for lid in s["forum"]["leaders"]
              if D.leaders[lid]["series"] == D.wars[wid]["series"]
              and not series_remains(s, D, D.leaders[lid]["series"], wid)]
    if not doomed:
        return
    lid = sorted(doomed)[0]
    s["forum"]["leaders"] = {k: v for k, v in s["forum"]["leaders"].items() if k != lid}
    _put(s, REFUGE, {**rec, "leader": lid})
    note(s, "refuge_saves", leader=lid)
    if rec["flipped"]:
        rise(s, D)


def refuge_joins(s: dict, D: Any, wid: str) -> bool:
    """forum.place_war: a Leader waiting on the Refuge card joins the War just drawn (and makes it Active, as a
    Leader does, Rule 10.1 [A]). True when he joined."""
    rec = _rec(s, REFUGE)
    if rec is None or not rec.get("leader") or rec.get("war") in s["forum"]["wars"] or rec.get("wars"):
        return False
    s["forum"]["leaders"] = {**s["forum"]["leaders"], rec["leader"]: wid}
    _put(s, REFUGE, {**rec, "war": wid})
    note(s, "leader_joins", leader=rec["leader"], war=wid, source="refuge")
    if rec["flipped"]:
        rise(s, D)
    return True


def rise(s: dict, D: Any) -> None:
    """Rise from Refuge (the flipped card, once a Leader is saved): he activates every War in play and adds his
    strength to each (refuge_strength); he is discarded with the last of them. With no War in play he waits
    for the next one drawn [A]."""
    from .forum import set_war
    rec = _rec(s, REFUGE)
    wars = sorted(s["forum"]["wars"])
    if not wars or not rec or not rec.get("leader"):
        return
    for w in wars:
        if s["forum"]["wars"][w]["status"] in ("inactive", "imminent"):
            set_war(s, w, "active")
    lid = rec["leader"]
    s["forum"]["leaders"] = {**s["forum"]["leaders"], lid: rec.get("war") or wars[0]}
    _put(s, REFUGE, {**rec, "war": rec.get("war") or wars[0], "wars": wars})
    note(s, "refuge_rises", leader=lid, wars=wars)


def refuge_strength(s: dict, D: Any, wid: str) -> int:
    """The risen Leader's strength added to a War he strengthens that forces.war_strength does not count him
    in already (it counts him with the War he joined and with the Wars of his own series)."""
    rec = _rec(s, REFUGE)
    if not rec or wid not in rec.get("wars", []) or rec.get("war") == wid:
        return 0
    if D.wars[wid]["series"] == D.leaders[rec["leader"]]["series"]:
        return 0
    return D.leaders[rec["leader"]]["strength"]


def refuge_leader_back(s: dict, D: Any, lid: str) -> str | None:
    """A War leaves play without a Victory (it sues for peace) and `lid` had joined it: None if he is not the
    Leader Refuge saved; else the War he is with now: risen, the next of his Wars; otherwise "", back onto the
    card to join the next War drawn [A]. The caller updates forum.leaders."""
    rec = _rec(s, REFUGE)
    if not rec or rec.get("leader") != lid:
        return None
    left = [w for w in rec.get("wars", []) if w in s["forum"]["wars"]]
    war = left[0] if left else ""
    new = {k: v for k, v in rec.items() if k not in ("war", "wars")}
    _put(s, REFUGE, {**new, "war": war, "wars": left} if left else new)  # no "war": waiting on the card
    return war


def refuge_leader_gone(s: dict, lid: str) -> None:
    """The Leader Refuge saved leaves play otherwise than with his War (Enemy Leader Dies): the card leaves."""
    rec = _rec(s, REFUGE)
    if rec and rec.get("leader") == lid:
        _put(s, REFUGE, None)


def refuge_held(s: dict) -> list[str]:
    """The Leader held on the Refuge card and in no War (for the card count)."""
    rec = _rec(s, REFUGE)
    lid = rec.get("leader") if rec else None
    return [lid] if lid and lid not in s["forum"]["leaders"] else []


# ------------------------------------------------------------------------------------------ invariants
def check_events(s: dict, D: Any) -> None:
    """The event cards in play are cards of the table; a Leader Refuge saved is in no other place than the card
    or a War; the Rhodian Fleets are Fleet ids; Era Ends is drawn only with its option, in a turn played."""
    events = s["forum"]["events"]
    assert set(events) <= set(D.events), f"unknown events in play: {sorted(set(events) - set(D.events))}"
    lid = (events.get(REFUGE) or {}).get("leader")
    if lid:
        assert lid not in s["curia"]["leaders"] and "ldr:" + lid not in s["discard"] + s["deck"], \
            f"the Leader Refuge saved, {lid}, is also elsewhere"
    assert all(isinstance(f, int) for f in (events.get(RHODIAN) or {}).get("fleets", [])), "Rhodian Fleet ids"
    if s.get("era_ends_revealed"):
        assert s["options"]["game_end"] == "era_ends_card_forum_phase" and s["era_ends_revealed"] <= s["turn"], \
            "Era Ends drawn without its option, or in a turn to come"


# ------------------------------------------------------------------------------------------ narration
@narrates("rhodian_leaves")
def _rhodian_leaves(t: Any, n: dict) -> str:
    return _("With %(war)s defeated the Rhodian Maritime Alliance ends: %(count)d Fleets are disbanded; "
             "%(left)d remain.", war=t.card("war:" + n["war"]), count=n["fleets"], left=n["left"])


@narrates("refuge_saves")
def _refuge_saves(t: Any, n: dict) -> str:
    return _("%(leader)s escapes to a Refuge: he will join the next War drawn.", leader=t.card("ldr:" + n["leader"]))


@narrates("refuge_leader_discarded")
def _refuge_discarded(t: Any, n: dict) -> str:
    return _("%(leader)s falls with %(war)s and is discarded; Refuge leaves the Forum.",
             leader=t.card("ldr:" + n["leader"]), war=t.card("war:" + n["war"]))


@narrates("refuge_rises")
def _refuge_rises(t: Any, n: dict) -> str:
    return _("Rise from Refuge: %(leader)s stirs up every War in play (%(wars)s): each is Active and stronger by "
             "his strength.", leader=t.card("ldr:" + n["leader"]),
             wars=t.list(t.card("war:" + w) for w in n["wars"]))
