"""The death of a Senator, whatever kills him (Rule 5.3: Mortality chits, battles, Epidemic, Mob, assassination,
conviction), and a faction left without Senators (Rule 5.4). Every phase calls `kill_senator`.

Rule 5.3: everything on the card is lost (Influence back to the printed value for any later reuse,
Popularity, Knights, Personal Treasury to the Bank, Prior Consul marker, office, corruption); his Concessions
go to the Forum, his Province to the Forum without a Governor, Veterans loyal to him lose that allegiance.
The Faction Leader's Family card stays in the faction as his heir, with printed values and nothing else,
unless he died as a caught assassin or in the special prosecution that follows (`ASSASSIN_CAUSES`). A dead
Statesman leaves the game; a Family card under him stays as heir if he was Faction Leader, else goes to the
bottom of the Curia like any other dead Family Senator.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .card_play import family_card_arrives, family_in_play, statesman_number
from .narrate import narrates
from .state import card_id, new_senator, note

ASSASSIN_CAUSES = frozenset({"caught_assassin", "assassin_trial"})  # Rule 5.3 and 9.11: no heir
CAUSES = frozenset({"mortality", "battle", "epidemic", "mob", "assassinated", "executed", *ASSASSIN_CAUSES})


def kill_senator(s: dict, D: Any, sid: str, rng: Random, cause: str) -> None:
    """Rule 5.3: `sid` dies (`cause` is one of CAUSES, for narration and the assassin exception); then a
    faction left empty takes a new Senator (Rule 5.4)."""
    assert cause in CAUSES, cause
    x = s["senators"][sid]
    seat = x["faction"]
    leader = seat is not None and s["factions"][seat]["leader"] == sid
    heir = leader and cause not in ASSASSIN_CAUSES and x["family"] is not None
    note(s, "senator_died", senator=card_id(s, sid), seat=seat, cause=cause, heir=heir)
    release_possessions(s, sid)
    if x["statesman"]:
        s["removed"] = s["removed"] + ["st:" + x["statesman"]]
    del s["senators"][sid]
    if heir:
        fid = x["family"]
        s["senators"][fid] = new_senator(D, fid, faction=seat)
        s["factions"][seat]["leader"] = fid
        note(s, "heir", seat=seat, senator=fid)
    else:
        if leader:
            s["factions"][seat]["leader"] = None
        if x["family"] is not None:
            s["curia"] = {**s["curia"], "senators": s["curia"]["senators"] + [x["family"]]}
        if leader and aligned_count(s, seat):
            note(s, "leader_lost", seat=seat)
    if seat is not None and not aligned_count(s, seat):
        faction_emptied(s, D, seat, rng, cause)
    refill_waiting_factions(s, D)


def release_possessions(s: dict, sid: str) -> None:
    """Rule 5.3: Concessions to the Forum, the Province to the Forum without Governor, Veterans' allegiance
    cleared, the office (and the Temporary Rome Consulship) ended. The rest goes with the card."""
    x = s["senators"][sid]
    if x["concessions"]:
        s["forum"]["concessions"] = s["forum"]["concessions"] + list(x["concessions"])
        note(s, "concessions_to_forum", concessions=list(x["concessions"]))
    for pid, p in s["provinces"].items():
        if p["governor"] == sid:
            p["governor"], p["term"] = None, 0
            s["forum"]["provinces"] = s["forum"]["provinces"] + [pid]
            note(s, "province_vacant", province=pid)
    if any(unit["loyal_to"] == sid for unit in s["legions"]):
        s["legions"] = [{**unit, "loyal_to": None} if unit["loyal_to"] == sid else unit for unit in s["legions"]]
    if s["temporary_rome_consul"] == sid:
        s["temporary_rome_consul"] = None
    if any(c["commander"] == sid or c.get("master_of_horse") == sid for c in s.get("commands", [])):
        # spec 18.15: his units stay on the War card without him; the card may come back from the Curia later
        s["commands"] = [{**c, "master_of_horse": None} if c.get("master_of_horse") == sid else c
                         for c in s["commands"] if c["commander"] != sid]


def aligned_count(s: dict, seat: str) -> int:
    return sum(1 for x in s["senators"].values() if x["faction"] == seat)


# ----------------------------------------------------------------------------------- Rule 5.4
def faction_emptied(s: dict, D: Any, seat: str, rng: Random, cause: str) -> None:
    """Rule 5.4: a faction without Senators takes the top Senator of the Curia as Faction Leader; with an
    empty Curia it searches the deck (flag `empty_faction_may_search_deck`, AH) or waits for the next
    Senator to reach the Curia (VG). A faction emptied by an assassination's consequences is eliminated."""
    if cause in ASSASSIN_CAUSES:
        s["factions"][seat]["eliminated"] = True
        note(s, "faction_eliminated", seat=seat)
        return
    if take_from_curia(s, D, seat):
        return
    if s["options"]["empty_faction_may_search_deck"] and search_deck(s, D, seat, rng):
        return
    s["factions"][seat]["waiting_for_senator"] = True
    note(s, "faction_waits", seat=seat)


def take_from_curia(s: dict, D: Any, seat: str) -> bool:
    """The top Senator of the Curia (the list is top first; the dead go to the bottom) joins `seat` as its
    Faction Leader. A Family card whose Statesman is in play is passed over, as in the deck (search_deck): it
    would go under him, into his faction. False if the Curia holds no other Senator."""
    statesmen = statesmen_in_play(s, D)
    fid = next((f for f in s["curia"]["senators"] if f not in statesmen), None)
    if fid is None:
        return False
    s["curia"] = {**s["curia"], "senators": [f for f in s["curia"]["senators"] if f != fid]}
    join_as_leader(s, D, seat, fid, "curia")
    return True


def statesmen_in_play(s: dict, D: Any) -> set[str]:
    """The Family numbers of the Statesmen in play."""
    return {statesman_number(D, x["statesman"]) for x in s["senators"].values() if x["statesman"]}


def search_deck(s: dict, D: Any, seat: str, rng: Random) -> bool:
    """The first Family card from the top of the deck joins `seat` (spec 5.4 [A]: the server takes the first
    one), then the deck is reshuffled. A Family card whose Statesman is in play is passed over: it would go
    under him, into another faction (reading). False if the deck holds no such card."""
    statesmen = statesmen_in_play(s, D)
    card = next((c for c in s["deck"] if c.startswith("sen:") and c[4:] not in statesmen), None)
    if card is None:
        return False
    deck = [c for c in s["deck"] if c != card]
    rng.shuffle(deck)
    s["deck"] = deck
    if not deck:
        s["deck_exhausted_turn"] = s["turn"]
    join_as_leader(s, D, seat, card[4:], "deck")
    return True


def join_as_leader(s: dict, D: Any, seat: str, fid: str, source: str) -> None:
    assert family_in_play(s, fid) is None, fid
    sid = family_card_arrives(s, D, fid, faction=seat)
    s["factions"][seat]["leader"] = sid
    s["factions"][seat].pop("waiting_for_senator", None)
    note(s, "new_faction_leader_from", seat=seat, senator=sid, source=source)


def refill_waiting_factions(s: dict, D: Any) -> None:
    """VG (flag off): a faction waiting for a Senator takes the next one to reach the Curia, in seat order."""
    for seat in s["seats"]:
        if s["factions"][seat].get("waiting_for_senator") and s["curia"]["senators"]:
            take_from_curia(s, D, seat)


# ------------------------------------------------------------------------------------------ narration
CAUSE_WORDS = {
    "mortality": _("natural causes"), "battle": _("battle"), "epidemic": _("the Epidemic"), "mob": _("the mob"),
    "assassinated": _("an assassin"), "executed": _("a conviction"), "caught_assassin": _("a failed assassination"),
    "assassin_trial": _("the trial of a failed assassination"),
}


@narrates("senator_died")
def _died(t: Any, n: dict) -> str:
    cause = CAUSE_WORDS[n["cause"]]
    if n["seat"] is None:
        return _("%(senator)s (unaligned) dies (%(cause)s).", senator=t.card(_card(n["senator"])), cause=cause)
    if t.you(n["seat"]):
        return _("Your %(senator)s dies (%(cause)s).", senator=t.card(_card(n["senator"])), cause=cause)
    return _("%(senator)s of %(seat)s dies (%(cause)s).", senator=t.card(_card(n["senator"])), seat=t.who(n["seat"]),
             cause=cause)


def _card(sid: str) -> str:
    return ("st:" if sid[-1].isalpha() else "sen:") + sid


@narrates("heir")
def _heir(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("His heir %(senator)s stays in your faction as Faction Leader.", senator=t.senator(n["senator"]))
    return _("His heir %(senator)s stays in the faction of %(seat)s as Faction Leader.",
             senator=t.senator(n["senator"]), seat=t.who(n["seat"]))


@narrates("leader_lost")
def _leader_lost(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You have no Faction Leader now: name a new one in your next Initiative.")
    return _("%(seat)s has no Faction Leader now.", seat=t.who(n["seat"]))


@narrates("concessions_to_forum")
def _concessions(t: Any, n: dict) -> str:
    return _("His Concessions go to the Forum: %(concessions)s.",
             concessions=t.list(t.card("con:" + c) for c in n["concessions"]))


@narrates("province_vacant")
def _province(t: Any, n: dict) -> str:
    return _("%(province)s goes to the Forum without a Governor.", province=province_name(t, n["province"]))


def province_name(t: Any, pid: str) -> str:
    from .names import name_of
    return name_of(t.D.provinces[pid]["name"])


@narrates("faction_eliminated")
def _eliminated(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("Your faction has lost its last Senator: it is eliminated.")
    return _("%(seat)s has lost its last Senator: the faction is eliminated.", seat=t.who(n["seat"]))


@narrates("faction_waits")
def _waits(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("Your faction has no Senator left: it takes the next Senator who reaches the Curia.")
    return _("%(seat)s has no Senator left and takes the next Senator who reaches the Curia.", seat=t.who(n["seat"]))


@narrates("new_faction_leader_from")
def _new_leader(t: Any, n: dict) -> str:
    where = _("from the Curia") if n["source"] == "curia" else _("from the deck, which is reshuffled")
    if t.you(n["seat"]):
        return _("Your faction has no Senator left: %(senator)s joins it as Faction Leader %(where)s.",
                 senator=t.senator(n["senator"]), where=where)
    return _("%(seat)s has no Senator left: %(senator)s joins it as Faction Leader %(where)s.",
             seat=t.who(n["seat"]), senator=t.senator(n["senator"]), where=where)
