"""Rule 11.2: declaring revolt (decisions 52-53). After the cards, from the HRAO's faction clockwise, each
victorious Commander (a command the Combat Phase left with "victorious": True, forces.py) may test the loyalty
of his Legions (revolution_loyalty_test), then lays down his command or declares revolt
(revolution_declare_revolt). The declaration that stands starts the revolt; the other Senators of the
rebel's faction in Rome and its Governors then join him or stay loyal (revolution_secondary_rebels); last, the
owners of Veterans in the rebel army who stay loyal may call them back (decision 50, veteran_desertion.py).

Where a revolt is kept: s["revolt"] = {seat, rebel: sid, senators: [every rebel sid], turn}; the rebels'
Legions are at "rebel" (s["legions"][i]["at"]); a rebel Senator's location is "rebel" and his `rebel` flag is
set. The civil war (civil_war.py) ends it.

Readings [A] (docs/rules-republic-of-rome.md, "Revolution Phase"):
* the Legions tested are the command's Legions except the Veterans loyal to the Commander; talents come from
  the Commander's treasury, then his Master of Horse's when he is of the same faction (its answer is his
  consent); a Master of Horse of another faction is not asked (`purses`);
* declarations are collected in order and settled at the end: the strongest army (units, Veterans double,
  plus MIL capped by the units: forces.strength) stands, the first declarer on a tie; the others lay down
  their commands;
* the Master of Horse with his Dictator's command joins the revolt when he is of the same faction, otherwise
  he returns to Rome and loses his office; secondary rebels are asked among the faction's Senators in Rome
  and its Governors (a Governor who joins leaves his Province, vacant in the Forum); Commanders in the field
  and captives are not asked (`secondary_candidates`);
* every rebel loses his office, Knights and Concessions (to the Forum); Veterans loyal to a rebel join the
  rebel army wherever they are.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option
from domain.i18n import _, n_
from domain.rules import IllegalAction

from .dice import evil_omens, roll
from .machine import FORM, Step, goto, state
from .names import senator_name
from .narrate import ROLL_PURPOSES, narrates
from .state import bump, clockwise_from, hrao_seat, in_rome, note, ratings, sorted_ids
from .turn import end_phase
from .veteran_desertion import after_revolt

LAY_DOWN, REVOLT = "lay_down", "revolt"
JOIN, STAY = "join", "stay"
ROLL_PURPOSES.update({"legion_loyalty": _("a Legion's loyalty")})


# ------------------------------------------------------------------------------------------ helpers
def commands(s: dict) -> list[dict]:
    return s.get("commands", [])


def command_of(s: dict, sid: str) -> dict | None:
    return next((c for c in commands(s) if c["commander"] == sid), None)


def victorious(s: dict, D: Any) -> list[str]:
    """The victorious Commanders, their factions clockwise from the HRAO's, in the order they were sent."""
    order = clockwise_from(s, hrao_seat(s, D))
    found = [c for c in commands(s) if c.get("victorious") and c["commander"] in s["senators"]]
    return [c["commander"] for c in sorted(found, key=lambda c: (rank(s, order, c["commander"]), c.get("order", 0)))]


def rank(s: dict, order: list[str], sid: str) -> int:
    seat = s["senators"][sid]["faction"]
    return order.index(seat) if seat in order else len(order)


def tested_legions(s: dict, sid: str) -> list[int]:
    """Rule 11.2: the command's Legions that roll (Veterans loyal to him follow without a roll)."""
    c = command_of(s, sid)
    loyal = {u["id"] for u in s["legions"] if u["veteran"] and u["loyal_to"] == sid}
    return [i for i in c["legions"] if i not in loyal]


def purses(s: dict, sid: str) -> list[str]:
    """Rule 11.2: the treasuries a loyalty test may spend: the Commander's, then his Master of Horse's with his
    consent, which his faction gives when it is the Commander's [A]."""
    horse = (command_of(s, sid) or {}).get("master_of_horse")
    same = horse in s["senators"] and s["senators"][horse]["faction"] == s["senators"][sid]["faction"]
    return [sid, horse] if same else [sid]


def army_strength(s: dict, D: Any, sid: str) -> int:
    from .forces import strength  # forces.py reaches the Senate's modules: imported when first needed
    c = command_of(s, sid)
    return strength(D, s, sid, c["legions"], [], naval=False)


def replace_command(s: dict, sid: str, **fields: Any) -> None:
    s["commands"] = [{**c, **fields} if c["commander"] == sid else c for c in commands(s)]


def drop_command(s: dict, sid: str) -> None:
    s["commands"] = [c for c in commands(s) if c["commander"] != sid]


def set_at(s: dict, key: str, ids: list[int], where: str) -> None:
    ids = set(ids)
    s[key] = [{**u, "at": where} if u["id"] in ids else u for u in s[key]]


def lay_down(s: dict, D: Any, sid: str) -> None:
    """Rule 11.2: his units return to Italy, he (and his Master of Horse) to Rome; the command ends."""
    c = command_of(s, sid)
    set_at(s, "legions", c["legions"], "italy")
    set_at(s, "fleets", c["fleets"], "italy")
    for who in (sid, c.get("master_of_horse")):
        if who in s["senators"] and s["senators"][who]["location"].startswith("war:"):
            s["senators"][who]["location"] = "rome"
    drop_command(s, sid)
    note(s, "command_laid_down", senator=sid, seat=s["senators"][sid]["faction"], legions=len(c["legions"]),
         fleets=len(c["fleets"]))


def make_rebel(s: dict, sid: str) -> None:
    """Rule 11.2, rebel status: out of Rome, no office, no Knights, Concessions back to the Forum."""
    x = s["senators"][sid]
    office, concessions = x["office"], list(x["concessions"])
    x.update(rebel=True, location="rebel", office=None, knights=0, concessions=[])
    if concessions:
        s["forum"]["concessions"] = s["forum"]["concessions"] + concessions
    veterans = [u["id"] for u in s["legions"] if u["veteran"] and u["loyal_to"] == sid and u["at"] != "rebel"]
    if veterans:
        s["commands"] = [{**c, "legions": [i for i in c["legions"] if i not in veterans]} for c in commands(s)]
        set_at(s, "legions", veterans, "rebel")
    note(s, "rebel_status", senator=sid, seat=x["faction"], office=office, concessions=concessions,
         veterans=len(veterans))


def start_revolt(s: dict, D: Any, sid: str) -> None:
    c = command_of(s, sid)
    seat = s["senators"][sid]["faction"]
    set_at(s, "legions", c["legions"], "rebel")
    set_at(s, "fleets", c["fleets"], "italy")  # Rule 11.2: Fleets never join a revolt
    drop_command(s, sid)
    s["revolt"] = {"seat": seat, "rebel": sid, "senators": [sid], "turn": s["turn"]}
    note(s, "revolt_declared", senator=sid, seat=seat, legions=len(c["legions"]), fleets=len(c["fleets"]))
    make_rebel(s, sid)
    horse = c.get("master_of_horse")
    if horse in s["senators"]:
        if s["senators"][horse]["faction"] == seat:
            join_revolt(s, horse)
        else:
            s["senators"][horse].update(location="rome", office=None)
            note(s, "horse_stays_loyal", senator=horse, seat=s["senators"][horse]["faction"])


def join_revolt(s: dict, sid: str) -> None:
    leave_province(s, sid)
    s["revolt"] = {**s["revolt"], "senators": s["revolt"]["senators"] + [sid]}
    make_rebel(s, sid)


def secondary_candidates(s: dict) -> list[str]:
    """The faction's other Senators in Rome, and its Governors [A]."""
    seat = s["revolt"]["seat"]
    return sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] == seat and not x["rebel"]
                      and (in_rome(s, sid) or x["location"].startswith("province:")))


def leave_province(s: dict, sid: str) -> None:
    """A Governor who joins the revolt leaves his Province, which goes to the Forum without a Governor."""
    for pid, p in s["provinces"].items():
        if p["governor"] == sid:
            p["governor"], p["term"] = None, 0
            s["forum"]["provinces"] = s["forum"]["provinces"] + [pid]
            note(s, "province_vacant", province=pid)


# ------------------------------------------------------------------------------------------ the steps
@state
class RevolutionRevolt(Step):
    """Rule 11.2: the victorious Commanders in turn; then the declaration that stands."""

    name = "revolution_revolt"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"commanders": victorious(s, D), "i": 0, "declared": []}
        advance(s, D, rng)


def current(s: dict) -> str:
    return s["ctx"]["commanders"][s["ctx"]["i"]]


def advance(s: dict, D: Any, rng: Random) -> None:
    """The next Commander who has a decision; the ones who cannot revolt lay down their commands."""
    ctx = s["ctx"]
    while ctx["i"] < len(ctx["commanders"]):
        sid = current(s)
        if command_of(s, sid) is None:
            ctx["i"] += 1
            continue
        if s.get("revolt") or s["senators"][sid]["faction"] is None:
            lay_down(s, D, sid)  # Rule 11.2: while a rebel exists, nobody else may revolt
            ctx["i"] += 1
            continue
        goto(s, D, "revolution_loyalty_test" if tested_legions(s, sid) else "revolution_declare_revolt", rng)
        return
    settle(s, D, rng)


def settle(s: dict, D: Any, rng: Random) -> None:
    """Rule 11.2: only one faction in revolt; the stronger army stands (the first declarer on a tie [A])."""
    declared = s["ctx"]["declared"]
    if declared:
        best = max(declared, key=lambda d: d["strength"])  # max keeps the first of equals
        for d in declared:
            if d is not best:
                note(s, "revolt_void", senator=d["sid"], seat=s["senators"][d["sid"]]["faction"],
                     by=best["sid"])
                lay_down(s, D, d["sid"])
        start_revolt(s, D, best["sid"])
        if secondary_candidates(s):
            goto(s, D, "revolution_secondary_rebels", rng)
            return
        after_revolt(s, D, rng)
        return
    end_phase(s, D, rng)


@state
class RevolutionLoyaltyTest(Step):
    """Rule 11.2 (decision 52): before deciding, the Commander may test his Legions: 1d6 each (+1 per talent
    spent on it, at most one a Legion; Evil Omens -1 a level); the Early Republic needs 5 or more; a Legion
    that fails returns to Italy."""

    name = "revolution_loyalty_test"
    short = "loyalty"
    kind = "loyalty_test"
    waiting = _("to decide on testing the Legions' loyalty")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["senators"][current(s)]["faction"]: [FORM]}

    def most(self, s: dict, sid: str) -> int:
        return min(len(tested_legions(s, sid)), sum(s["senators"][who]["talents"] for who in purses(s, sid)))

    def form(self, s: dict, D: Any, seat: str) -> Form:
        sid = current(s)
        return Form((OneOf("test", _("Test the Legions' loyalty"), (Option("no", _("No test")), Option("yes", _("Test")))),
                     Number("talents", _("Talents spent (one per Legion at most)"), 0, self.most(s, sid))))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        if values["test"] == "no" and values["talents"]:
            raise IllegalAction(_("Talents are spent only on a loyalty test."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        sid = current(s)
        return _("%(senator)s won his war. Before he declares revolt or lays down his command, he may test the "
                 "loyalty of his %(n)d Legions: one die each, %(need)d or more stays with him, each talent adds 1 "
                 "to one Legion's roll.", senator=senator_name(D, s, sid), n=len(tested_legions(s, sid)),
                 need=D.c("legion_loyalty_min_roll_early"))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"test": "no", "talents": 0}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        if values["test"] == "yes":
            loyalty_test(s, D, current(s), values["talents"], rng)
        goto(s, D, "revolution_declare_revolt", rng)


def loyalty_test(s: dict, D: Any, sid: str, talents: int, rng: Random) -> list[int]:
    """Rolls for each tested Legion (the paid ones first); returns the Legions that failed, sent to Italy."""
    need = D.c("legion_loyalty_min_roll_early")
    owed = talents
    for who in purses(s, sid):
        paid = min(owed, s["senators"][who]["talents"])
        s["senators"][who]["talents"] -= paid
        owed -= paid
    tested, failed = tested_legions(s, sid), []
    for n, lid in enumerate(tested):
        die = roll(s, rng, 1, "legion_loyalty", senator=sid)[0]
        if die + (1 if n < talents else 0) - evil_omens(s) < need:
            failed.append(lid)
    c = command_of(s, sid)
    replace_command(s, sid, legions=[i for i in c["legions"] if i not in failed])
    set_at(s, "legions", failed, "italy")
    note(s, "loyalty_tested", senator=sid, seat=s["senators"][sid]["faction"], talents=talents,
         tested=len(tested), failed=len(failed))
    return failed


@state
class RevolutionDeclareRevolt(Step):
    """Rule 11.2 (decision 52): revolt, or lay down the command."""

    name = "revolution_declare_revolt"
    short = "declare"
    kind = "declare_revolt"
    waiting = _("to declare revolt or lay down a command")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["senators"][current(s)]["faction"]: [LAY_DOWN, REVOLT]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Lay down the command") if cid == LAY_DOWN else _("Declare revolt")

    def text(self, s: dict, D: Any, seat: str) -> str:
        sid = current(s)
        c = command_of(s, sid)
        return _("%(senator)s commands %(legions)d Legions (army strength %(strength)d). He lays down his command "
                 "(his units return to Italy, he to Rome) or declares revolt (his Fleets return to Rome).",
                 senator=senator_name(D, s, sid), legions=len(c["legions"]), strength=army_strength(s, D, sid))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return LAY_DOWN

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        sid = current(s)
        if cid == REVOLT:
            s["ctx"]["declared"] = s["ctx"]["declared"] + [{"sid": sid, "strength": army_strength(s, D, sid)}]
            note(s, "revolt_announced", senator=sid, seat=seat)
        else:
            lay_down(s, D, sid)
        s["ctx"]["i"] += 1
        s["step"] = "revolution_revolt"
        advance(s, D, rng)


@state
class RevolutionSecondaryRebels(Step):
    """Rule 11.2 (decision 53): each other Senator of the rebel's faction in Rome joins or stays loyal (one
    form for the faction: its player answers for all of them at once)."""

    name = "revolution_secondary_rebels"
    short = "secondary"
    kind = "secondary_rebel"
    waiting = _("to say which Senators join the revolt")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["revolt"]["seat"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form((EachOf("senators", _("Your Senators in Rome and your Governors"),
                            tuple(Option(sid, senator_name(D, s, sid)) for sid in secondary_candidates(s)),
                            OneOf("side", _("Side"), (Option(STAY, _("Stays loyal")), Option(JOIN, _("Joins the revolt"))))),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # each Senator decides for himself: every combination is legal

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("%(rebel)s is in revolt. Each of your other Senators in Rome or governing a Province joins him "
                 "(leaving Rome or his Province, losing his office, Knights and Concessions) or stays loyal.", rebel=senator_name(D, s, s["revolt"]["rebel"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"senators": {sid: STAY for sid in secondary_candidates(s)}}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        for sid, side in values["senators"].items():
            if side == JOIN:
                join_revolt(s, sid)
        stayed = [sid for sid, side in values["senators"].items() if side == STAY]
        note(s, "secondary_loyal", seat=seat, senators=stayed)
        after_revolt(s, D, rng)


def rebel_strength(s: dict, D: Any) -> int:
    """Rule 11.2, civil war: the rebel's Legions (Veterans double) plus his MIL capped by that strength."""
    r = s["revolt"]["rebel"]
    vets = sum(2 if u["veteran"] else 1 for u in s["legions"] if u["at"] == "rebel")
    return vets + min(ratings(D, s, r)["military"], vets)


# ------------------------------------------------------------------------------------------ narration
@narrates("command_laid_down")
def _laid_down(t: Any, n: dict) -> str:
    return _("%(senator)s lays down his command: %(legions)d Legions and %(fleets)d Fleets return to Italy, and "
             "he returns to Rome.", senator=t.senator(n["senator"]), legions=n["legions"], fleets=n["fleets"])


@narrates("loyalty_tested")
def _tested(t: Any, n: dict) -> str:
    return n_("%(senator)s tests the loyalty of %(n)d Legion (%(talents)s spent): %(failed)d return to Italy.",
              "%(senator)s tests the loyalty of %(n)d Legions (%(talents)s spent): %(failed)d return to Italy.",
              n["tested"], senator=t.senator(n["senator"]), talents=t.talents(n["talents"]), failed=n["failed"])


@narrates("revolt_announced")
def _announced(t: Any, n: dict) -> str:
    return _("%(senator)s (%(seat)s) declares revolt!", senator=t.senator(n["senator"]), seat=t.who(n["seat"]))


@narrates("revolt_void")
def _void(t: Any, n: dict) -> str:
    return _("%(senator)s's declaration is void: %(by)s's army is stronger.", senator=t.senator(n["senator"]),
             by=t.senator(n["by"]))


@narrates("revolt_declared")
def _declared(t: Any, n: dict) -> str:
    return _("%(senator)s is in revolt against Rome with %(legions)d Legions; his %(fleets)d Fleets return to Rome.",
             senator=t.senator(n["senator"]), legions=n["legions"], fleets=n["fleets"])


@narrates("rebel_status")
def _status(t: Any, n: dict) -> str:
    return _("%(senator)s is a rebel: he leaves Rome and loses his office, Knights and Concessions "
             "(%(concessions)d return to the Forum); %(veterans)d Veterans loyal to him join him.",
             senator=t.senator(n["senator"]), concessions=len(n["concessions"]), veterans=n["veterans"])


@narrates("horse_stays_loyal")
def _horse(t: Any, n: dict) -> str:
    return _("The Master of Horse %(senator)s does not follow his Dictator: he returns to Rome and loses his office.",
             senator=t.senator(n["senator"]))


@narrates("secondary_loyal")
def _loyal(t: Any, n: dict) -> str | None:
    if not n["senators"]:
        return None
    return _("Loyal to Rome: %(senators)s.", senators=t.list(t.senator(sid) for sid in n["senators"]))
