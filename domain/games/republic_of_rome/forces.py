"""Forces in other business (Rule 9.8.4-9.8.5, 9.8.1 garrisons): raising and disbanding Legions and Fleets,
sending Commanders against Wars, reinforcing and recalling them, garrisons; and the Wars' strength the
Dictator rule and the minimum force read.

Where the forces are (the Combat Phase reads it):
  s["legions"][i]["at"], s["fleets"][i]["at"]: "italy", "war:<war id>" (with a Commander, or left on the War
      card), or "province:<province id>" (a garrison);
  s["commands"]: [{commander: sid, war: war id, legions: [ids], fleets: [ids], order: n (the order in which
      the Senate sent them, Rule 10.2), master_of_horse: sid or None, turn: when sent}] — a Commander's
      location is "war:<war id>".
Per turn in `s["senate"]`: disbanded {legions, fleets}, sent [sids sent or reinforced this Senate],
garrisoned [legion ids sent to a Province this Senate].
"""
from __future__ import annotations

from random import Random
from typing import Any, Iterable

from domain.forms import Form, Number
from domain.i18n import _
from domain.rules import IllegalAction

from .business import Kind, kind
from .narrate import narrates
from .senate import proposal
from .state import change, holder, in_rome, note, ratings
from .voting import words
from .war_events import refuge_strength

LIVE = ("active", "unprosecuted")


# ---------------------------------------------------------------------------------------------- Wars
def active_wars(s: dict) -> list[str]:
    return [w for w, v in s["forum"]["wars"].items() if v["status"] in LIVE]


def war_strength(s: dict, D: Any, wid: str) -> dict:
    """Rule 10.1: printed strength x the number of Active Wars of its series (itself counted), plus the
    strength of every Leader of its series in play (or who joined this War); naval 0 after a Naval Victory
    (Rule 9.5.5)."""
    war = D.wars[wid]
    series = [w for w in active_wars(s) if D.wars[w]["series"] == war["series"]]
    n = max(1, len(series) + (0 if wid in series else 1))
    leaders = sum(D.leaders[lid]["strength"] for lid, joined in s["forum"]["leaders"].items()
                  if joined == wid or D.leaders[lid]["series"] == war["series"])  # forum.leaders: Leader -> War
    leaders += refuge_strength(s, D, wid)  # Rise from Refuge: the saved Leader strengthens every War (Rule 13)
    naval = war["naval_strength"] * n + leaders if war["naval_strength"] else 0
    if s["forum"]["wars"][wid].get("naval_victory"):
        naval = 0
    return {"land": war["land_strength"] * n + leaders, "naval": naval}


def units_at(s: dict, where: str, veteran: bool | None = None) -> list[int]:
    return [u["id"] for u in s["legions"] if u["at"] == where and (veteran is None or u["veteran"] == veteran)]


def fleets_at(s: dict, where: str) -> list[int]:
    return [f["id"] for f in s["fleets"] if f["at"] == where]


def move(s: dict, key: str, ids: list[int], where: str) -> None:
    ids = set(ids)
    s[key] = [{**u, "at": where} if u["id"] in ids else u for u in s[key]]


def commands(s: dict) -> list[dict]:
    return s.get("commands", [])


def command_of(s: dict, sid: str) -> dict | None:
    return next((c for c in commands(s) if c["commander"] == sid), None)


def end_command(s: dict, sid: str) -> None:
    """A Commander's army is dissolved: his units go to Italy, he and his Master of Horse come back to Rome.
    A recall (Rule 9.8.5) and a Commander coming home after a battle (Rule 10.3, 11.2) both end this way."""
    c = command_of(s, sid)
    move(s, "legions", c["legions"], "italy")
    move(s, "fleets", c["fleets"], "italy")
    for who in (sid, c.get("master_of_horse")):
        if who in s["senators"] and s["senators"][who]["location"].startswith("war:"):
            s["senators"][who]["location"] = "rome"
    s["commands"] = [x for x in commands(s) if x["commander"] != sid]


def strength(D: Any, s: dict, commander: str, legions: list[int], fleets: list[int], naval: bool) -> int:
    """Rule 9.8.5: units (Veterans double; Fleets in a naval battle) + MIL (the Master of Horse's too, with a
    Dictator), the MIL capped by the units' strength [A]."""
    veteran = {u["id"] for u in s["legions"] if u["veteran"]}
    units = len(fleets) if naval else sum(2 if i in veteran else 1 for i in legions)
    mil = ratings(D, s, commander)["military"]
    horse = holder(s, "master_of_horse")
    if s["senators"][commander]["office"] == "dictator" and horse is not None and in_rome(s, horse):
        mil += ratings(D, s, horse)["military"]
    return units + min(mil, units)


def naval_pending(s: dict, D: Any, wid: str) -> bool:
    return war_strength(s, D, wid)["naval"] > 0


# ----------------------------------------------------------------------------------------- raising 9.8.4
def unit_cost(s: dict, D: Any) -> int:
    """Rule 9.8.4: 10 T a unit; 20/30/40 T with one/two/three Manpower Shortages."""
    n = s["manpower_shortage"]
    costs = D.c("manpower_shortage_unit_cost")
    return D.c("legion_cost") if n <= 0 else costs[min(n, len(costs)) - 1]


def room(s: dict, D: Any, key: str) -> int:
    """Units that may still be raised: 25 in existence, and none in place of one disbanded this Senate."""
    disbanded = s["senate"].get("disbanded", {}).get(key, 0)
    return max(0, D.c("max_" + key) - len(s[key]) - disbanded)


@kind
class RaiseForces(Kind):
    """Rule 9.8.4: new Legions and Fleets to Italy, paid by the State at once (never below 0 [A]); none under
    No Recruitment; the Armaments / Ship Building holders earn 2 / 3 T a unit and become prosecutable."""

    name = "raise_forces"
    label = _("Raise Legions or Fleets")

    def most(self, s: dict, D: Any, key: str) -> int:
        return min(room(s, D, key), max(0, s["treasury"]) // unit_cost(s, D))

    def form(self, s: dict, D: Any) -> Form:
        return Form((Number("legions", _("New Legions"), 0, self.most(s, D, "legions")),
                     Number("fleets", _("New Fleets"), 0, self.most(s, D, "fleets"))))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        if not s["no_recruitment"]:
            yield from pairs(self.most(s, D, "legions"), self.most(s, D, "fleets"))

    def check(self, s: dict, D: Any, values: dict) -> None:
        n = values["legions"] + values["fleets"]
        if s["no_recruitment"]:
            raise IllegalAction(_("No Recruitment is in effect: no unit can be raised."))
        if not n:
            raise IllegalAction(_("Raise at least one unit."))
        if n * unit_cost(s, D) > s["treasury"]:
            raise IllegalAction(_("The State cannot pay for that many units."))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        return [proposal(s, self.name, legions=values["legions"], fleets=values["fleets"], cost=unit_cost(s, D))]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        n = prop["legions"] + prop["fleets"]
        if not value["passed"] or n * unit_cost(s, D) > s["treasury"] or s["no_recruitment"]:
            return
        legions = min(prop["legions"], room(s, D, "legions"))
        fleets = min(prop["fleets"], room(s, D, "fleets"))
        s["treasury"] -= (legions + fleets) * unit_cost(s, D)
        s["legions"] = s["legions"] + [{"id": i, "veteran": False, "loyal_to": None, "at": "italy"}
                                       for i in free_ids(s["legions"], legions)]
        s["fleets"] = s["fleets"] + [{"id": i, "at": "italy"} for i in free_ids(s["fleets"], fleets)]
        note(s, "forces_raised", legions=legions, fleets=fleets, cost=(legions + fleets) * unit_cost(s, D))
        pay_builders(s, D, "armaments", legions)
        pay_builders(s, D, "ship_building", fleets)


def pairs(legions: int, fleets: int) -> Iterable[dict]:
    """Numbers of Legions and Fleets, the fewest units first (Legions before Fleets)."""
    for n in range(1, legions + fleets + 1):
        for n_legions in range(min(n, legions), -1, -1):
            if n - n_legions <= fleets:
                yield {"legions": n_legions, "fleets": n - n_legions}


def free_ids(units: list[dict], n: int) -> list[int]:
    used = {u["id"] for u in units}
    out, i = [], 1
    while len(out) < n:
        if i not in used:
            out.append(i)
        i += 1
    return out


def pay_builders(s: dict, D: Any, con: str, units: int) -> None:
    """Armaments / Ship Building: the holder collects at once and becomes eligible for Minor Prosecution."""
    owner = next((sid for sid, x in s["senators"].items() if con in x["concessions"]), None)
    if owner is None or units <= 0 or s["senators"][owner]["rebel"]:
        return
    earned = change(s, owner, "talents", D.concessions[con]["income"] * units)
    s["senators"][owner]["minor_eligible"] = True
    note(s, "concession_income", senator=owner, concession=con, talents=earned)


@kind
class DisbandForces(Kind):
    """Rule 9.8.4: disband units in Italy (regular Legions before Veterans [A]); their places cannot be
    filled again in this Senate."""

    name = "disband_forces"
    label = _("Disband Legions or Fleets")

    def form(self, s: dict, D: Any) -> Form:
        return Form((Number("legions", _("Legions to disband"), 0, len(units_at(s, "italy"))),
                     Number("fleets", _("Fleets to disband"), 0, len(fleets_at(s, "italy")))))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        return pairs(len(units_at(s, "italy")), len(fleets_at(s, "italy")))

    def check(self, s: dict, D: Any, values: dict) -> None:
        if not values["legions"] + values["fleets"]:
            raise IllegalAction(_("Disband at least one unit."))

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"]:
            return
        legions = (units_at(s, "italy", False) + units_at(s, "italy", True))[:prop["legions"]]
        fleets = fleets_at(s, "italy")[:prop["fleets"]]
        s["legions"] = [u for u in s["legions"] if u["id"] not in legions]
        s["fleets"] = [f for f in s["fleets"] if f["id"] not in fleets]
        done = s["senate"].get("disbanded", {})
        s["senate"]["disbanded"] = {"legions": done.get("legions", 0) + len(legions),
                                    "fleets": done.get("fleets", 0) + len(fleets)}
        note(s, "forces_disbanded", legions=len(legions), fleets=len(fleets))


@words("raise_forces")
def _raise_words(D: Any, s: dict, p: dict) -> str:
    return _("to raise %(legions)d Legions and %(fleets)d Fleets at %(cost)d T each", legions=p["legions"],
             fleets=p["fleets"], cost=p["cost"])


@words("disband_forces")
def _disband_words(D: Any, s: dict, p: dict) -> str:
    return _("to disband %(legions)d Legions and %(fleets)d Fleets", legions=p["legions"], fleets=p["fleets"])


@narrates("forces_raised")
def _raised(t: Any, n: dict) -> str:
    return _("Rome raises %(legions)d Legions and %(fleets)d Fleets for %(cost)s.", legions=n["legions"],
             fleets=n["fleets"], cost=t.talents(n["cost"]))


@narrates("forces_disbanded")
def _disbanded(t: Any, n: dict) -> str:
    return _("Rome disbands %(legions)d Legions and %(fleets)d Fleets.", legions=n["legions"], fleets=n["fleets"])


@narrates("concession_income")
def _income(t: Any, n: dict) -> str:
    return _("%(senator)s earns %(talents)s from %(concession)s.", senator=t.senator(n["senator"]),
             talents=t.talents(n["talents"]), concession=t.card("con:" + n["concession"]))


from . import deployment as _deployment  # noqa: E402,F401  (register the command kinds)
