"""Adjournment and its automatic effects (Rule 9.9): Proconsuls without the forces their War needs are
recalled, units left without a Commander return to Italy, Land Commissioner returns to the Forum when no
Land Bill is in effect, and a New Alliance in play is applied (the HRAO chooses the War: decision 46).
Then the Senate's record for the turn is put away and the Combat Phase begins.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .business import land_bill_in_effect
from .deployment import recall_command
from .forces import commands, move, naval_pending
from .machine import Step, goto, state
from .names import card_name
from .narrate import narrates
from .state import bump, hrao_seat, note
from .turn import end_phase

NEW_ALLIANCE = "new_alliance"


@state
class SenateAdjourn(Step):
    """Rule 9.9: the PM adjourns (no vote, no veto) once the elections, Prosecutions and Governors are done."""

    name = "senate_adjourn"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["senate"]["stage"] = "adjourned"
        note(s, "senate_adjourns")
        recall_unsupplied(s, D)
        send_home_orphans(s)
        land_commissioner_returns(s)
        if NEW_ALLIANCE in s["forum"]["events"] and alliance_targets(s):
            goto(s, D, "senate_new_alliance", rng)
            return
        close(s, D, rng)


def close(s: dict, D: Any, rng: Random) -> None:
    from .tribunes import clear_reservation
    s.pop("senate", None)
    clear_reservation(s)  # Rule 9.3: a reservation not used when the Senate closes (the PM sent away) lapses
    end_phase(s, D, rng)


def recall_unsupplied(s: dict, D: Any) -> None:
    """Rule 9.8.5, 9.9: a Commander short of Fleet Support, or without Legions for a land battle, or without
    Fleets for a naval battle, is recalled."""
    for c in list(commands(s)):
        if c["war"] not in s["forum"]["wars"]:
            continue
        naval = naval_pending(s, D, c["war"])
        short = len(c["fleets"]) < D.wars[c["war"]]["fleet_support"] or (not c["fleets"] if naval else not c["legions"])
        if short:
            note(s, "proconsul_unsupplied", senator=c["commander"])
            recall_command(s, c["commander"])


def send_home_orphans(s: dict) -> None:
    """Rule 9.9, spec 18.15: units on a War card with no Commander return to Italy."""
    held_l = {i for c in commands(s) for i in c["legions"]}
    held_f = {i for c in commands(s) for i in c["fleets"]}
    legions = [u["id"] for u in s["legions"] if u["at"].startswith("war:") and u["id"] not in held_l]
    fleets = [f["id"] for f in s["fleets"] if f["at"].startswith("war:") and f["id"] not in held_f]
    if legions or fleets:
        move(s, "legions", legions, "italy")
        move(s, "fleets", fleets, "italy")
        note(s, "orphans_home", legions=len(legions), fleets=len(fleets))


def land_commissioner_returns(s: dict) -> None:
    """Rule 18.13: Land Commissioner returns to the Forum at the end of a Senate with no Land Bill in effect."""
    if land_bill_in_effect(s):
        return
    for sid, x in s["senators"].items():
        if "land_commissioner" in x["concessions"]:
            x["concessions"] = [c for c in x["concessions"] if c != "land_commissioner"]
            s["forum"]["concessions"] = s["forum"]["concessions"] + ["land_commissioner"]
            note(s, "land_commissioner_returns", senator=sid)


# -------------------------------------------------------------------------------------- New Alliance
def alliance_targets(s: dict) -> list[str]:
    """Rule 13: any War or Revolt in play (flipped side: a War, not a Revolt)."""
    flipped = s["forum"]["events"][NEW_ALLIANCE].get("flipped")
    return [w for w, v in s["forum"]["wars"].items() if v["status"] != "imminent" and not (flipped and v.get("revolt"))]


@state
class SenateNewAlliance(Step):
    """Rule 13 (decision 46): at the end of the Senate the HRAO picks the War that makes peace."""

    name = "senate_new_alliance"
    short = "alliance"
    kind = "new_alliance_choice"
    forced_public = True
    waiting = _("to choose the War that ends with the New Alliance")

    def legal(self, s: dict, D: Any) -> dict:
        return {hrao_seat(s, D): alliance_targets(s)}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return card_name(D, "war:" + cid)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("New Alliance: as HRAO, choose the War that ends by the new alliance.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """[A] The War with the greatest printed land strength."""
        return max(ids, key=lambda w: (D.wars[w]["land_strength"], w))

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        apply_alliance(s, D, rng, cid)
        close(s, D, rng)


def apply_alliance(s: dict, D: Any, rng: Random, wid: str) -> None:
    """Normal side: the State gets half the Spoils (rounded down) and the War is shuffled into the top six
    cards of the deck (its Naval Victory marker gone), as a War that sues for peace: its Leaders join another
    War of their series or go to the Curia, the Leader Refuge saved goes back onto that card [A]. Flipped: the
    War is discarded with its full Spoils and its Provinces are created, as a War defeated: the Events' hook
    runs (Refuge, the Rhodian end: events.war_defeated) and its Leaders move on (Rule 10.1) [A]. Either way
    its armies come home, its units go to Italy and its captives die (war_end.war_left_play)."""
    from .event_choices import relink_leaders
    from .events import war_defeated
    from .war_end import create_provinces, leaders_move_on, war_left_play
    flipped = s["forum"]["events"][NEW_ALLIANCE].get("flipped")
    spoils = D.wars[wid]["spoils"] if flipped else D.wars[wid]["spoils"] // 2
    if flipped:
        war_defeated(s, D, wid)  # while the card is still in play
    s["forum"]["wars"] = {w: v for w, v in s["forum"]["wars"].items() if w != wid}
    war_left_play(s, D, rng, wid)
    s["treasury"] += spoils
    s["forum"]["events"] = {e: v for e, v in s["forum"]["events"].items() if e != NEW_ALLIANCE}
    note(s, "new_alliance", war=wid, spoils=spoils, discarded=bool(flipped))
    if flipped:
        s["discard"] = s["discard"] + ["war:" + wid]
        create_provinces(s, D, wid)
        leaders_move_on(s, D, wid)
    else:
        top = s["deck"][:6] + ["war:" + wid]
        rng.shuffle(top)
        s["deck"] = top + s["deck"][6:]
        relink_leaders(s, D)


@narrates("senate_adjourns")
def _adjourns(t: Any, n: dict) -> str:
    return _("The Senate adjourns.")


@narrates("proconsul_unsupplied")
def _unsupplied(t: Any, n: dict) -> str:
    return _("%(senator)s lacks the forces his War needs and is recalled.", senator=t.senator(n["senator"]))


@narrates("orphans_home")
def _orphans(t: Any, n: dict) -> str:
    return _("%(legions)d Legions and %(fleets)d Fleets without a Commander return to Italy.", legions=n["legions"],
             fleets=n["fleets"])


@narrates("land_commissioner_returns")
def _commissioner(t: Any, n: dict) -> str:
    return _("No Land Bill is in effect: Land Commissioner returns from %(senator)s to the Forum.",
             senator=t.senator(n["senator"]))


@narrates("new_alliance")
def _alliance(t: Any, n: dict) -> str:
    if n["discarded"]:
        return _("A New Alliance ends the %(war)s: the State gains its Spoils of %(spoils)s.",
                 war=t.card("war:" + n["war"]), spoils=t.talents(n["spoils"]))
    return _("A New Alliance suspends the %(war)s: the State gains %(spoils)s and the War returns to the deck.",
             war=t.card("war:" + n["war"]), spoils=t.talents(n["spoils"]))
