"""The decisions the events ask for (Rule 13): the Fleets lost in a Storm at Sea (decision 18) and the enemy
Leader who dies at the end of the Forum Phase (decision 25, Rule 7.7 item 4), with what follows from them.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Option, SomeOf, encode
from domain.i18n import _

from .events import destroy_fleets, in_play
from .war_events import refuge_leader_back, refuge_leader_gone
from .machine import FORM, Step, ret, state
from .names import name_of
from .narrate import narrates
from .state import bump, hrao, hrao_seat, note
from .war_end import war_left_play


# --------------------------------------------------------------------------------- Storm at Sea
def fleet_label(D: Any, fleet: dict) -> str:
    if fleet["at"] == "italy":
        return _("Fleet %(n)d, in Italy", n=fleet["id"])
    where = fleet["at"].split(":", 1)[-1]
    place = name_of(D.wars[where]["name"]) if where in D.wars else where
    return _("Fleet %(n)d, at %(place)s", n=fleet["id"], place=place)


@state
class StormAtSea(Step):
    """Rule 13, Storm at Sea (decision 18): the HRAO chooses which Fleets are lost, exactly as many as rolled."""

    name = "forum_storm_at_sea"
    short = "storm"
    kind = "choose_storm_losses"
    forced_public = True  # the Fleets and their places are public
    waiting = _("to choose the Fleets lost at sea")

    def legal(self, s: dict, D: Any) -> dict:
        return {hrao_seat(s, D): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Any:
        n = s["ctx"]["count"]
        options = tuple(Option(str(f["id"]), fleet_label(D, f)) for f in s["fleets"])
        return Form((SomeOf("fleets", _("Fleets lost"), options, n, n),),
                    encode({"fleets": self._first(s, n)}))

    def _first(self, s: dict, n: int) -> list[str]:
        """By default the Fleets in Italy go first, then the others in order [A]."""
        order = sorted(s["fleets"], key=lambda f: (f["at"] != "italy", f["id"]))
        picked = {f["id"] for f in order[:n]}
        return [str(f["id"]) for f in s["fleets"] if f["id"] in picked]

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # exactly `count` of the existing Fleets: the form says it all

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Storm at Sea: choose the %(n)d Fleets that are lost.", n=s["ctx"]["count"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"fleets": self._first(s, s["ctx"]["count"])}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        chosen = set(values["fleets"])
        destroy_fleets(s, [f["id"] for f in s["fleets"] if str(f["id"]) in chosen])
        ret(s, D, rng)


# ----------------------------------------------------------------------- Enemy Leader Dies (7.7 item 4)
def enemy_leader_dies_pending(s: dict) -> bool:
    rec = in_play(s, "enemy_leader_dies")
    return rec is not None and rec["turn"] == s["turn"] and bool(s["forum"]["leaders"])


@state
class EnemyLeaderDies(Step):
    """Rule 7.7 item 4 (decision 25): the HRAO discards one enemy Leader in play; flipped, the largest War of
    his series also sues for peace (half its Spoils to the State, the War shuffled into the top six cards)."""

    name = "forum_enemy_leader_dies"
    short = "eld"
    kind = "enemy_leader_dies_choice"
    forced_public = True  # the Leaders in play are public
    waiting = _("to choose the enemy Leader who dies")

    def legal(self, s: dict, D: Any) -> dict:
        return {hrao_seat(s, D): sorted(s["forum"]["leaders"])}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return name_of(D.leaders[cid]["name"])

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Enemy Leader Dies: choose the enemy Leader who is discarded.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """The strongest Leader (then the first by name) [A]."""
        return min(ids, key=lambda lid: (-D.leaders[lid]["strength"], lid))

    def act(self, s: dict, D: Any, seat: str, lid: str, rng: Random) -> None:
        bump(s)
        leader_dies(s, D, lid, rng)
        ret(s, D, rng)


def leader_dies(s: dict, D: Any, lid: str, rng: Random) -> None:
    s["forum"]["leaders"] = {k: v for k, v in s["forum"]["leaders"].items() if k != lid}
    s["discard"].append("ldr:" + lid)
    refuge_leader_gone(s, lid)  # the Leader Refuge saved dies: the card has done its work [A]
    note(s, "enemy_leader_dies", leader=lid, by=hrao(s, D))
    if in_play(s, "enemy_leader_dies")["flipped"]:
        series = D.leaders[lid]["series"]
        wars = [w for w in s["forum"]["wars"] if D.wars[w]["series"] == series]
        if wars:
            sue_for_peace(s, D, max(wars, key=lambda w: (D.wars[w]["land_strength"], -D.wars[w]["series_index"])), rng)


def sue_for_peace(s: dict, D: Any, war: str, rng: Random) -> None:
    """The War leaves play for half its Spoils (rounded down) and is shuffled into the top six cards; its
    armies come home, its units go to Italy and its captives die (war_end.war_left_play, Rule 10.3 item 7)."""
    half = D.wars[war]["spoils"] // 2
    s["treasury"] += half
    s["forum"]["wars"] = {w: v for w, v in s["forum"]["wars"].items() if w != war}
    war_left_play(s, D, rng, war)
    relink_leaders(s, D)
    top = s["deck"][:6] + ["war:" + war]
    rng.shuffle(top)
    s["deck"] = top + s["deck"][6:]
    note(s, "war_sues_for_peace", war=war, spoils=half, treasury=s["treasury"])


def relink_leaders(s: dict, D: Any) -> None:
    """Leaders whose War left play join another War of their series, or go to the Curia (Rule 10.1)."""
    wars = s["forum"]["wars"]
    leaders = dict(s["forum"]["leaders"])
    for lid, war in s["forum"]["leaders"].items():
        if war in wars:
            continue
        back = refuge_leader_back(s, D, lid)
        if back is not None:
            if back:
                leaders[lid] = back
            else:
                del leaders[lid]
            continue
        same = [w for w in wars if D.wars[w]["series"] == D.leaders[lid]["series"]]
        if same:
            leaders[lid] = same[0]
        else:
            del leaders[lid]
            s["curia"] = {**s["curia"], "leaders": s["curia"]["leaders"] + [lid]}
            note(s, "leader_to_curia", leader=lid)
    s["forum"]["leaders"] = leaders


# ------------------------------------------------------------------------------------------ narration
@narrates("enemy_leader_dies")
def _eld(t: Any, n: dict) -> str:
    return _("%(leader)s dies and is discarded.", leader=name_of(t.D.leaders[n["leader"]]["name"]))


@narrates("war_sues_for_peace")
def _peace(t: Any, n: dict) -> str:
    return _("%(war)s sues for peace: the State receives %(spoils)s (treasury %(treasury)s) and the War is shuffled "
             "into the top six cards of the deck.", war=t.card("war:" + n["war"]), spoils=t.talents(n["spoils"]),
             treasury=t.talents(n["treasury"]))
