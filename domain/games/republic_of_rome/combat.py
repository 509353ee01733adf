"""Rule 10: the Combat Phase.

  1. Captives' factions may pay their ransom (captives.py, reading [A]: at the start and at the end).
  2. Rule 10.2: every army fights its War in the order its Commander was sent (`order`); Proconsuls, sent in
     an earlier turn, keep their earlier (lower) number and fight first [A]. Each proposal sends one
     Commander, so two Commanders never share a number and decision 48 (`attack_order`) is never needed;
     should two share one, a die each decides (highest first) [A]. Several armies against one War fight one
     after another until it is defeated; an army whose War is already won returns to Rome.
  3. Rule 10.3: a naval battle first while the War has naval strength and no Naval Victory marker; after a
     naval Victory the Commander's faction may fight the land battle at once (decision 49
     `continue_to_land_battle`) when Legions are present and the Fleet Support is met; a Commander with
     Fleets only returns to Rome. The battle itself: engagement.py.
  4. Rule 10.4: the end: unprosecuted Wars, then four or more Active Wars and the Republic falls.

Working data (s["ctx"], public): queue (Commanders still to fight, in order), used (war id -> the Disaster
and Standoff numbers used this turn), ransom_queue (captives to be offered ransom), ended (the battles are
over), asking (the Commander whose faction decides decision 49).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from . import senate as _senate  # noqa: F401  (load order: forces.py needs the Senate's modules loaded first)
from .captives import captives, kill_captives_of_gone_wars, ransom, ransom_queue, war_of
from .dice import roll
from .engagement import RESULT_WORDS, fight, proconsul, return_home
from .forces import LIVE, command_of, commands, naval_pending, units_at
from .machine import Step, goto, state
from .narrate import narrates
from .names import card_name, senator_name
from .state import bump, note
from .turn import end_phase
from .victory import republic_falls


@state
class CombatPhase(Step):
    """Rule 10: the Combat Phase begins."""

    name = "combat_phase"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["battles"] = []
        from .civil_war import fight as civil_war  # Rule 11.2: a civil war opens the phase (it may end the game)
        if civil_war(s, D, rng):
            return
        tidy_commands(s, D)
        kill_captives_of_gone_wars(s, D, rng)
        s["ctx"] = {"queue": battle_order(s, rng), "used": {}, "ransom_queue": ransom_queue(s), "ended": False}
        advance(s, D, rng)


def tidy_commands(s: dict, D: Any) -> None:
    """Commands that cannot fight any more: a Commander who died since (his units stay on the War card, spec
    18.15), or a victorious one the Revolution Phase did not send home (he returns now)."""
    for c in list(commands(s)):
        if c["commander"] not in s["senators"]:
            s["commands"] = [x for x in commands(s) if x["commander"] != c["commander"]]
        elif c.get("victorious") or c["war"] not in s["forum"]["wars"]:
            return_home(s, c["commander"])


def battle_order(s: dict, rng: Random) -> list[str]:
    """Rule 10.2: Commanders in the order they were sent; a die for each of several sent together."""
    by_order: dict[int, list[str]] = {}
    for c in commands(s):
        by_order.setdefault(c["order"], []).append(c["commander"])
    out = []
    for order in sorted(by_order):
        group = by_order[order]
        if len(group) > 1:
            rolls = {sid: sum(roll(s, rng, 1, "attack_order", senator=sid)) for sid in group}
            group = sorted(group, key=lambda sid: -rolls[sid])
        out += group
    return out


def advance(s: dict, D: Any, rng: Random) -> None:
    """The next thing the Combat Phase does: a ransom offer, the next army's battle, the end."""
    ctx = s["ctx"]
    while not s["finished"]:
        if ctx["ransom_queue"]:
            goto(s, D, "combat_ransom", rng)
            return
        if ctx["queue"]:
            sid = ctx["queue"][0]
            ctx["queue"] = ctx["queue"][1:]
            if campaign(s, D, rng, sid):
                ctx["asking"] = sid
                goto(s, D, "combat_continue_to_land_battle", rng)
                return
            continue
        if not ctx["ended"]:
            ctx["ended"] = True
            ctx["ransom_queue"] = ransom_queue(s)
            continue
        end_of_combat(s, D, rng)
        return


def campaign(s: dict, D: Any, rng: Random, sid: str) -> bool:
    """Commander `sid`'s army fights (Rule 10.3 items 1-2). True when his faction must now choose whether
    to fight the land battle after a naval Victory (decision 49)."""
    c = command_of(s, sid)
    if c is None or sid not in s["senators"] or c.get("victorious"):
        return False
    wid = c["war"]
    if wid not in s["forum"]["wars"]:
        return_home(s, sid)  # the War was won by an army before his [A]
        return False
    if s["forum"]["wars"][wid]["status"] not in LIVE:
        return False
    support = D.wars[wid]["fleet_support"]
    if naval_pending(s, D, wid):
        if not c["fleets"] or fight(s, D, rng, sid, True, s["ctx"]["used"]) != "victory":
            return False
        c = command_of(s, sid)
        if c is None or c.get("victorious"):
            return False
        if not c["legions"]:
            return_home(s, sid)  # Rule 10.3 item 1: sent with Fleets only, he returns after a naval Victory
            return False
        if len(c["fleets"]) >= support:
            return True
        proconsul(s, sid)
        return False
    if c["legions"] and len(c["fleets"]) >= support:
        fight(s, D, rng, sid, False, s["ctx"]["used"])
    return False


@state
class CombatContinueToLandBattle(Step):
    """Rule 10.3 item 1 (decision 49): after a naval Victory, fight the land battle now?"""

    name = "combat_continue_to_land_battle"
    short = "land"
    kind = "continue_to_land_battle"
    forced_public = True
    waiting = _("to decide whether the Commander fights the land battle now")

    def legal(self, s: dict, D: Any) -> dict:
        sid = s["ctx"]["asking"]
        seat = s["senators"][sid]["faction"] or s["seats"][0]
        return {seat: ["yes", "no"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Fight the land battle now") if cid == "yes" else _("Not now: stay in the field as Proconsul")

    def text(self, s: dict, D: Any, seat: str) -> str:
        sid = s["ctx"]["asking"]
        c = command_of(s, sid)
        return _("%(senator)s has won at sea against the %(war)s. Fight the land battle now with %(legions)d "
                 "Legions?", senator=senator_name(D, s, sid), war=card_name(D, "war:" + c["war"]),
                 legions=len(c["legions"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return "no"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        sid = s["ctx"].pop("asking")
        if cid == "yes":
            fight(s, D, rng, sid, False, s["ctx"]["used"])
        else:
            proconsul(s, sid)
        advance(s, D, rng)


# ------------------------------------------------------------------------------------- Rule 10.4
def end_of_combat(s: dict, D: Any, rng: Random) -> None:
    """Rule 10.4: unprosecuted Wars; four or more Active Wars (Unprosecuted included): the Republic falls."""
    kill_captives_of_gone_wars(s, D, rng)
    unprosecuted(s, D)
    live = [w for w, v in s["forum"]["wars"].items() if v["status"] in LIVE]
    if len(live) >= D.c("active_wars_for_collapse"):
        note(s, "four_wars", wars=sorted(live))
        republic_falls(s, D, "four_wars", rng)
        return
    end_phase(s, D, rng)


def prosecuted(s: dict, D: Any, wid: str) -> bool:
    """AH: a Roman Legion on the War. VG 1.10.9 (option): fought this turn and still with Legions and Fleet
    Support there, or a naval battle fought and a Fleet or the Naval Victory marker left."""
    where = "war:" + wid
    if s["options"].get("unprosecuted_test") != "vg_1_10_9_prosecuted_test":
        return bool(units_at(s, where))
    fought = [b for b in s.get("battles", []) if b["war"] == wid]
    fleets = sum(1 for f in s["fleets"] if f["at"] == where)
    if any(not b["naval"] for b in fought) and units_at(s, where) and fleets >= D.wars[wid]["fleet_support"]:
        return True
    return any(b["naval"] for b in fought) and (fleets > 0 or s["forum"]["wars"][wid].get("naval_victory", False))


def unprosecuted(s: dict, D: Any) -> None:
    wars = dict(s["forum"]["wars"])
    for w, v in s["forum"]["wars"].items():
        if v["status"] not in LIVE:
            continue
        status = "active" if prosecuted(s, D, w) else "unprosecuted"
        if status != v["status"]:
            wars[w] = {**v, "status": status}
            note(s, "war_prosecution", war=w, status=status)
    s["forum"]["wars"] = wars


# ------------------------------------------------------------------------------------------- the view
def combat_view(s: dict, D: Any) -> dict:
    """The board's "combat" section (public): this turn's battles with their numbers, and the captives with
    their ransom."""
    battles = [{**b, "war_name": card_name(D, "war:" + b["war"]), "commander_name": senator_name(D, s, b["commander"]),
                "result_name": RESULT_WORDS[b["result"]]} for b in s.get("battles", []) if b["turn"] == s["turn"]]
    held = [{"senator": sid, "name": senator_name(D, s, sid), "war": war_of(s, sid),
             "war_name": card_name(D, "war:" + war_of(s, sid)) if war_of(s, sid) in D.wars else war_of(s, sid),
             "ransom": ransom(s, D, sid)} for sid in captives(s)]
    return {"battles": battles, "captives": held}


@narrates("war_prosecution")
def _prosecution(t: Any, n: dict) -> str:
    if n["status"] == "unprosecuted":
        return _("No Roman army fights the %(war)s: it is Unprosecuted.", war=t.card("war:" + n["war"]))
    return _("The %(war)s is prosecuted again: it leaves the Unprosecuted box.", war=t.card("war:" + n["war"]))


@narrates("four_wars")
def _four(t: Any, n: dict) -> str:
    return _("Four or more Wars are Active at the end of the Combat Phase: %(wars)s.",
             wars=t.list(t.card("war:" + w) for w in n["wars"]))


from . import captives as _captives  # noqa: E402,F401  (register the ransom step)
from .narrate import ROLL_PURPOSES  # noqa: E402

ROLL_PURPOSES.update({"attack_order": _("the order of attack")})
