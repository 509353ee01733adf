"""Rule 11.2, civil war: while a faction is in revolt (rebels.py), the Senate must send an army against the
rebel, and the next Combat Phase opens with that battle (`fight`, called at the start of the Combat Phase).

The Senate's proposal (other business, kind `civil_war`): a Commander who may be sent to war
(deployment.commanders) and a number of Legions from Italy (regular Legions first, then Veterans). Passed,
it is recorded in s["civil_war"] = {commander, legions [ids], turn}; the Legions stay in Italy until the
battle, which takes those still there [A]. Fleets play no part (the rebel has none).

The battle (battle.py's table): Roman strength = the Legions (Veterans double) + the Commander's MIL capped by
it; the rebel's = his Legions (Veterans double) + his MIL capped by it (rebels.rebel_strength); no Disaster or
Standoff numbers [A]. The table's losses apply to both armies (a loss of "all" only to the Senate's) [A];
Mortality chits for every unit lost may kill either Commander. Senate Victory: every rebel dies, his Legions
return to Italy, the Senate's Commander gains Influence and Popularity equal to half the rebel army's strength
(rounded up). Stalemate: the war goes on next turn. Senate Defeat, or no army sent: the rebel's faction wins.
A rebel who died (Mortality, a chit) ends the revolt: the other rebels return to Rome, his Legions to Italy [A].
"""
from __future__ import annotations

from random import Random
from typing import Any, Iterable

from domain.forms import Form, Number, OneOf
from domain.i18n import _
from domain.rules import IllegalAction

from . import senate as _senate  # noqa: F401  (first: business.py can only be loaded after the Senate)
from . import battle
from .business import Kind, kind
from .card_play import senator_number
from .deployment import commanders, senator_options
from .dice import draw_chits, evil_omens, roll
from .forces import units_at
from .narrate import ROLL_PURPOSES, narrates
from .names import senator_name
from .rebels import rebel_strength
from .senate import proposal
from .state import change, in_rome, note, ratings
from .voting import words

ROLL_PURPOSES.update({"civil_war": _("the civil war")})


def army_sent(s: dict) -> bool:
    return (s.get("civil_war") or {}).get("turn") == s["turn"]


def italy_legions(s: dict) -> list[int]:
    """Regular Legions first, then Veterans (none loyal to a rebel: those are with him)."""
    return units_at(s, "italy", False) + units_at(s, "italy", True)


@kind
class CivilWar(Kind):
    """Rule 11.2: the Senate sends an army against the rebel (one a turn)."""

    name = "civil_war"
    label = _("Send an army against the rebel")

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        if not s.get("revolt") or army_sent(s):
            return
        for sid in commanders(s):
            for n in range(len(italy_legions(s)), 0, -1):
                yield {"commander": sid, "legions": n}

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("commander", _("Commander"), senator_options(D, s, commanders(s))),
                     Number("legions", _("Legions from Italy"), 1, max(1, len(italy_legions(s))))))

    def check(self, s: dict, D: Any, values: dict) -> None:
        if not s.get("revolt"):
            raise IllegalAction(_("Nobody is in revolt."))
        if army_sent(s):
            raise IllegalAction(_("An army has already been sent against the rebel this turn."))
        if values["legions"] > len(italy_legions(s)):
            raise IllegalAction(_("There are not that many Legions in Italy."))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        p = proposal(s, self.name, commander=values["commander"], legions=italy_legions(s)[:values["legions"]],
                     rebel=s["revolt"]["rebel"])
        p["sends_to_war"] = [values["commander"]]
        return [p]

    def still_possible(self, s: dict, D: Any, prop: dict) -> bool:
        return bool(s.get("revolt")) and not army_sent(s) and prop["commander"] in commanders(s)

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"] or not s.get("revolt") or army_sent(s) or prop["commander"] not in s["senators"]:
            return
        s["civil_war"] = {"commander": prop["commander"], "legions": list(prop["legions"]), "turn": s["turn"]}
        note(s, "civil_war_army", senator=prop["commander"], legions=len(prop["legions"]), rebel=s["revolt"]["rebel"])


# ------------------------------------------------------------------------------------------ the battle
def fight(s: dict, D: Any, rng: Random) -> bool:
    """Rule 11.2: the civil war at the start of the Combat Phase. True when the game is over."""
    from .last_stand import rebel_wins
    revolt = s.get("revolt")
    if not revolt or revolt["turn"] >= s["turn"]:
        return False
    if not rebel_alive(s):
        collapse(s)
        return False
    army = s.pop("civil_war", None) or {}
    sid = army.get("commander")
    legions = [i for i in army.get("legions", []) if i in units_at(s, "italy")]
    if army.get("turn") != s["turn"] or sid not in s["senators"] or not in_rome(s, sid) or not legions:
        note(s, "rebel_unopposed", senator=revolt["rebel"], seat=revolt["seat"])
        rebel_wins(s, D, rng, revolt["seat"], "rebel_unopposed", senator=revolt["rebel"])
        return True
    result, lost, strength = battle_against_rebel(s, D, rng, sid, legions)
    if result == "defeat":
        rebel_wins(s, D, rng, revolt["seat"], "rebel_defeats_senate", senator=revolt["rebel"])
        return True
    casualties(s, D, rng, sid, lost)
    if result == "victory" and s.get("revolt"):
        senate_wins(s, D, rng, sid, strength)
    elif s.get("revolt") and not rebel_alive(s):
        collapse(s)
    return False


def rebel_alive(s: dict) -> bool:
    """The rebel is in play and still a rebel (a dead Faction Leader's heir has his id, loyal)."""
    x = s["senators"].get(s["revolt"]["rebel"])
    return x is not None and x["rebel"]


def battle_against_rebel(s: dict, D: Any, rng: Random, sid: str, legions: list[int]) -> tuple[str, int, int]:
    """One battle: (result, units lost on both sides, the rebel army's strength)."""
    veteran = {u["id"] for u in s["legions"] if u["veteran"]}
    roman = sum(2 if i in veteran else 1 for i in legions)
    enemy = rebel_strength(s, D)
    omens = evil_omens(s) if s["options"].get("evil_omens_affects_3d6") else 0
    mod = battle.modifier(roman, ratings(D, s, sid)["military"], enemy, 0, omens)
    dice = roll(s, rng, 3, "civil_war")
    total = sum(dice)
    rows = D.tables["combat_results"]["rows"]
    result = battle.resolve(total, dice, mod, set(), set(), rows)
    rebels = units_at(s, "rebel")
    table = battle.row(total + mod, rows)["losses"]
    lost_rome = battle.losses(result, total + mod, len(legions), 0, False, rows)[0]
    lost_rebel = 0 if table == "all" else min(table, len(rebels))
    gone = pick(rng, legions, lost_rome) + pick(rng, rebels, lost_rebel)
    s["legions"] = [u for u in s["legions"] if u["id"] not in gone]
    note(s, "civil_war_battle", senator=sid, rebel=s["revolt"]["rebel"], roman=roman, enemy=enemy, modifier=mod,
         total=total, result=result, lost_rome=lost_rome, lost_rebel=lost_rebel)
    return result, lost_rome + lost_rebel, enemy


def pick(rng: Random, ids: list[int], n: int) -> list[int]:
    pool, out = list(ids), []
    for _n in range(min(n, len(pool))):
        out.append(pool.pop(rng.randrange(len(pool))))
    return out


def casualties(s: dict, D: Any, rng: Random, sid: str, lost: int) -> None:
    """Mortality chits for the units lost: either Commander dies when his chit is drawn."""
    from .deaths import kill_senator
    if lost <= 0:
        return
    chits = draw_chits(s, D, rng, lost, "civil_war")
    for who in (sid, s["revolt"]["rebel"]):
        if who in s["senators"] and senator_number(D, s["senators"][who]) in chits:
            kill_senator(s, D, who, rng, "battle")


def senate_wins(s: dict, D: Any, rng: Random, sid: str, strength: int) -> None:
    from .deaths import kill_senator
    revolt = s.pop("revolt")
    for rebel in revolt["senators"]:
        if rebel in s["senators"] and s["senators"][rebel]["rebel"]:
            kill_senator(s, D, rebel, rng, "battle")
    survivors = units_at(s, "rebel")
    s["legions"] = [{**u, "at": "italy"} if u["at"] == "rebel" else u for u in s["legions"]]
    gain = battle.ceil_div(strength, 2)
    inf = change(s, sid, "inf", gain) if sid in s["senators"] else 0
    pop = change(s, sid, "pop", gain) if sid in s["senators"] else 0
    note(s, "civil_war_won", senator=sid, seat=revolt["seat"], survivors=len(survivors), influence=inf, popularity=pop)


def collapse(s: dict) -> None:
    """[A] The rebel is dead: the revolt ends, the other rebels return to Rome, his Legions to Italy."""
    revolt = s.pop("revolt")
    s.pop("civil_war", None)
    for sid in revolt["senators"]:
        if sid in s["senators"] and s["senators"][sid]["rebel"]:
            s["senators"][sid].update(rebel=False, location="rome")
    s["legions"] = [{**u, "at": "italy"} if u["at"] == "rebel" else u for u in s["legions"]]
    note(s, "revolt_collapses", seat=revolt["seat"], rebel=revolt["rebel"])


# ------------------------------------------------------------------------------------------ words
@words("civil_war")
def _civil_war_words(D: Any, s: dict, p: dict) -> str:
    return _("to send %(senator)s with %(legions)d Legions against the rebel %(rebel)s",
             senator=senator_name(D, s, p["commander"]), legions=len(p["legions"]), rebel=senator_name(D, s, p["rebel"]))


@narrates("civil_war_army")
def _army(t: Any, n: dict) -> str:
    return _("The Senate sends %(senator)s with %(legions)d Legions against the rebel %(rebel)s: they fight at the "
             "start of the next Combat Phase.", senator=t.senator(n["senator"]), legions=n["legions"],
             rebel=t.senator(n["rebel"]))


@narrates("rebel_unopposed")
def _unopposed(t: Any, n: dict) -> str:
    return _("No army marches against the rebel %(senator)s: he takes Rome.", senator=t.senator(n["senator"]))


RESULT_WORDS = {"victory": _("the Senate's victory"), "defeat": _("the Senate's defeat"),
                "stalemate": _("a stalemate"), "disaster": _("a disaster"), "standoff": _("a standoff")}


@narrates("civil_war_battle")
def _battle(t: Any, n: dict) -> str:
    return _("Civil war: %(senator)s (strength %(roman)d) against the rebel %(rebel)s (strength %(enemy)d), "
             "modifier %(modifier)d, dice %(total)d: %(result)s. Legions lost: Rome %(lost_rome)d, the rebel "
             "%(lost_rebel)d.", senator=t.senator(n["senator"]), roman=n["roman"], rebel=t.senator(n["rebel"]),
             enemy=n["enemy"], modifier=n["modifier"], total=n["total"], result=RESULT_WORDS[n["result"]],
             lost_rome=n["lost_rome"], lost_rebel=n["lost_rebel"])


@narrates("civil_war_won")
def _won(t: Any, n: dict) -> str:
    return _("The revolt is crushed: every rebel dies, %(survivors)d of their Legions return to Italy, and "
             "%(senator)s gains %(influence)d Influence and %(popularity)d Popularity.", survivors=n["survivors"],
             senator=t.senator(n["senator"]), influence=n["influence"], popularity=n["popularity"])


@narrates("revolt_collapses")
def _collapses(t: Any, n: dict) -> str:
    return _("The rebel %(senator)s is dead: the revolt collapses, his followers return to Rome and his Legions "
             "to Italy.", senator=t.senator(n["rebel"]))
