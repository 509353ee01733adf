"""One battle of a Commander's army against a War, and what follows it (Rule 10.3): the strengths, the 3d6,
the result (battle.py), the losses, the Mortality chits for the Commander and his Master of Horse, and the
consequences of each result. combat.py decides which battles are fought and in what order.

Every battle leaves one public note `battle` with all its numbers, and a record in `s["battles"]` (this
turn's battles, for the board).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, join_sentences

from . import battle, events
from .captives import capture, kill_captives_of_gone_wars
from .card_play import by_number
from .deaths import kill_senator
from .dice import draw_chits, evil_omens, roll
from .forces import command_of, commands, end_command, move, war_strength
from .narrate import ROLL_PURPOSES, narrates
from .state import change, note, ratings
from .war_end import war_won

RESULT_WORDS = {"disaster": _("Disaster"), "standoff": _("Standoff"), "defeat": _("Defeat"),
                "stalemate": _("Stalemate"), "victory": _("Victory")}


# ------------------------------------------------------------------------------------------ numbers
def army_mil(D: Any, s: dict, c: dict) -> int:
    """Rule 10.3 item 3: the Commander's MIL, plus his Master of Horse's when one came with a Dictator."""
    mil = ratings(D, s, c["commander"])["military"]
    horse = c.get("master_of_horse")
    if horse in s["senators"]:
        mil += ratings(D, s, horse)["military"]
    return mil


def roman_strength(s: dict, c: dict, naval: bool) -> int:
    """Fleets in a naval battle; Legions in a land battle, each Veteran counting 2."""
    if naval:
        return len(c["fleets"])
    veteran = {u["id"] for u in s["legions"] if u["veteran"]}
    return sum(2 if i in veteran else 1 for i in c["legions"])


def abilities(D: Any, s: dict, sid: str, kind: str) -> list[dict]:
    st = s["senators"][sid]["statesman"]
    return [a for a in (D.statesmen[st].get("abilities", []) if st else []) if a["type"] == kind]


def dice_numbers(s: dict, D: Any, c: dict, used: dict) -> tuple[set, set]:
    """Rule 10.3 item 4: the War's Disaster and Standoff numbers (cancelled by a Statesman who nullifies
    them for its series) and those of the Leaders in play of its series or with it (the Leader Refuge saved
    joins a War of another series: Rule 13 [A]), less those used this turn."""
    war = D.wars[c["war"]]
    nullified = any(a["series"] == war["series"] for a in abilities(D, s, c["commander"],
                                                                    "nullify_war_disaster_standoff"))
    disaster = set() if nullified else set(war["disaster"])
    standoff = set() if nullified else set(war["standoff"])
    for lid, with_war in s["forum"]["leaders"].items():
        if D.leaders[lid]["series"] == war["series"] or with_war == c["war"]:
            disaster.add(D.leaders[lid]["disaster"])
            standoff.add(D.leaders[lid]["standoff"])
    return disaster - set(used.get("disaster", [])), standoff - set(used.get("standoff", []))


def adjustment(s: dict, D: Any, dice: list[int]) -> int:
    """Ally Deserts / Enemy's Ally Deserts (Rule 13), when the events module provides it."""
    adjust = getattr(events, "battle_adjustment", None)
    return adjust(s, D, dice) if adjust is not None else 0


# ------------------------------------------------------------------------------------------ the battle
def fight(s: dict, D: Any, rng: Random, sid: str, naval: bool, used: dict) -> str:
    """Rule 10.3: the army of Commander `sid` fights its War (naval or land); returns the result.
    `used` (war id -> {disaster: [..], standoff: [..]}, the Combat Phase's working data) is updated."""
    c = command_of(s, sid)
    wid = c["war"]
    roman, mil = roman_strength(s, c, naval), army_mil(D, s, c)
    enemy = war_strength(s, D, wid)["naval" if naval else "land"]
    dice = roll(s, rng, 3, "battle", war=wid)
    total, adjust = sum(dice), adjustment(s, D, dice)
    omens = evil_omens(s) if s["options"].get("evil_omens_affects_3d6") else 0
    mod = battle.modifier(roman, mil, enemy, adjust, omens)
    war_used = dict(used.get(wid, {}))
    disaster, standoff = dice_numbers(s, D, c, war_used)
    rows = D.tables["combat_results"]["rows"]
    result = battle.resolve(total, dice, mod, disaster, standoff, rows)
    if result in ("disaster", "standoff"):
        war_used[result] = war_used.get(result, []) + [total]  # spec 18.16: once per War per turn
        used[wid] = war_used
    halve = bool(abilities(D, s, sid, "halve_combat_losses"))
    lost_l, lost_f = battle.losses(result, total + mod, len(c["legions"]), len(c["fleets"]), halve, rows)
    gone_l, gone_f = rng.sample(c["legions"], lost_l), rng.sample(c["fleets"], lost_f)
    remove_units(s, gone_l, gone_f)
    record = {"turn": s["turn"], "war": wid, "commander": sid, "master_of_horse": c.get("master_of_horse"),
              "naval": naval, "roman": roman, "mil": min(mil, roman), "enemy": enemy, "adjustment": adjust,
              "omens": omens, "modifier": mod, "dice": dice, "total": total, "modified": total + mod,
              "result": result, "legions_lost": lost_l, "fleets_lost": lost_f}
    note(s, "battle", **record)
    chits = [] if result == "defeat" or not lost_l + lost_f else draw_chits(s, D, rng, lost_l + lost_f, "battle")
    fates = chit_fates(s, D, c, chits, result)
    s["battles"] = s.get("battles", []) + [{**record, "chits": chits, "fates": fates}]
    consequences(s, D, rng, c, result, naval, fates, lost_l)
    return result


def remove_units(s: dict, legions: list[int], fleets: list[int]) -> None:
    """Lost units go back to the pool (Rule 10.3 item 4): out of play and out of every command."""
    gone_l, gone_f = set(legions), set(fleets)
    s["legions"] = [u for u in s["legions"] if u["id"] not in gone_l]
    s["fleets"] = [f for f in s["fleets"] if f["id"] not in gone_f]
    s["commands"] = [{**x, "legions": [i for i in x["legions"] if i not in gone_l],
                      "fleets": [i for i in x["fleets"] if i not in gone_f]} for x in commands(s)]


def chit_fates(s: dict, D: Any, c: dict, chits: list[str], result: str) -> dict:
    """Rule 10.3 item 7: a drawn chit of the Commander or the Master of Horse kills him, or captures him
    when it was the last chit of a draw of two or more and the battle was not a Victory."""
    fates = {}
    for i, chit in enumerate(chits):
        sid = by_number(s, D, chit) if chit != "blank" else None
        if sid is not None and sid in (c["commander"], c.get("master_of_horse")):
            last = i == len(chits) - 1 and len(chits) >= 2
            fates[sid] = "captured" if last and result != "victory" else "killed"
    return fates


# ------------------------------------------------------------------------------------------ consequences
def consequences(s: dict, D: Any, rng: Random, c: dict, result: str, naval: bool, fates: dict, lost_l: int) -> None:
    """Rule 10.3 item 5."""
    sid, wid = c["commander"], c["war"]
    table = D.tables["combat_results"]
    delta = {"defeat": table["defeat"]["unrest"], "disaster": table["disaster"]["unrest"],
             "victory": table["victory"]["unrest"]}.get(result, 0)
    if delta:
        s["unrest"] = max(0, s["unrest"] + delta)
        note(s, "battle_unrest", change=delta, unrest=s["unrest"])
    if s["options"].get("legion_loss_costs_popularity") and lost_l >= 2 and result != "defeat":
        made = change(s, sid, "pop", -(lost_l // 2))
        note(s, "legion_loss_popularity", senator=sid, change=made)
    if result == "defeat":
        fates = {who: "killed" for who in (sid, c.get("master_of_horse")) if who in s["senators"]}
    leave_army(s, D, rng, c, fates)
    alive = sid in s["senators"] and s["senators"][sid]["location"] == "war:" + wid
    if result == "victory" and naval:
        naval_victory(s, D, sid if alive else None, wid)
    elif result == "victory":
        land_victory(s, D, rng, sid if alive else None, wid)
    elif alive:
        proconsul(s, sid)
    if alive and not naval and result in ("stalemate", "standoff", "victory"):
        make_veteran(s, rng, sid)


def leave_army(s: dict, D: Any, rng: Random, c: dict, fates: dict) -> None:
    """The fallen and the captured leave the army; their units stay on the War card (spec 18.15). A Dictator
    who falls leaves his Master of Horse without office, back in Rome (Rule 10.3 item 7)."""
    sid, horse = c["commander"], c.get("master_of_horse")
    if horse in fates:
        s["commands"] = [{**x, "master_of_horse": None} if x["commander"] == sid else x for x in commands(s)]
    if sid in fates:
        s["commands"] = [x for x in commands(s) if x["commander"] != sid]
        if horse in s["senators"] and horse not in fates:
            s["senators"][horse]["location"] = "rome"
            if s["senators"][horse]["office"] == "master_of_horse":
                s["senators"][horse]["office"] = None
            note(s, "master_of_horse_returns", senator=horse)
    for who, fate in fates.items():
        if fate == "captured":
            capture(s, who, c["war"])
        else:
            kill_senator(s, D, who, rng, "battle")


def proconsul(s: dict, sid: str) -> None:
    """Rule 10.4: a Commander who survives a non-victorious battle stays as Proconsul with a Prior Consul
    marker; a Dictator's Master of Horse returns to Rome."""
    s["senators"][sid]["prior_consul"] = True
    c = command_of(s, sid)
    horse = c.get("master_of_horse")
    if horse in s["senators"]:
        s["senators"][horse]["location"] = "rome"
        s["commands"] = [{**x, "master_of_horse": None} if x["commander"] == sid else x for x in commands(s)]
        note(s, "master_of_horse_returns", senator=horse)
    note(s, "proconsul", senator=sid, war=c["war"])


def make_veteran(s: dict, rng: Random, sid: str) -> None:
    """Rule 10.3 item 6: one surviving regular Legion (random [A]) becomes a Veteran loyal to the Commander."""
    c = command_of(s, sid)
    regular = [u["id"] for u in s["legions"] if u["id"] in c["legions"] and not u["veteran"]]
    if not regular:
        return
    pick = rng.choice(regular)
    s["legions"] = [{**u, "veteran": True, "loyal_to": sid} if u["id"] == pick else u for u in s["legions"]]
    note(s, "veteran", senator=sid, legion=pick)


def naval_victory(s: dict, D: Any, sid: str | None, wid: str) -> None:
    """Rule 10.3 item 5: the Naval Victory marker; Influence and Popularity of half the printed naval strength."""
    s["forum"]["wars"] = {**s["forum"]["wars"], wid: {**s["forum"]["wars"][wid], "naval_victory": True}}
    note(s, "naval_victory", war=wid)
    if sid is not None:
        reward(s, sid, D.wars[wid]["naval_strength"])


def reward(s: dict, sid: str, printed: int) -> None:
    gain = battle.ceil_div(printed, 2)
    inf, pop = change(s, sid, "inf", gain), change(s, sid, "pop", gain)
    note(s, "victory_reward", senator=sid, influence=inf, popularity=pop)


def land_victory(s: dict, D: Any, rng: Random, sid: str | None, wid: str) -> None:
    """Rule 10.3 item 5: the War is won (war_end.py); the Commander is rewarded and keeps his surviving
    units until the Revolution Phase (`victorious`). Every other army against that War returns to Rome, and
    units left there without a Commander return to Italy [A]."""
    war_won(s, D, rng, wid)
    kill_captives_of_gone_wars(s, D, rng, wid)
    for c in [c for c in commands(s) if c["war"] == wid and c["commander"] != sid]:
        return_home(s, c["commander"])
    kept = command_of(s, sid) if sid is not None else None
    held_l, held_f = (kept["legions"], kept["fleets"]) if kept else ([], [])
    move(s, "legions", [u["id"] for u in s["legions"] if u["at"] == "war:" + wid and u["id"] not in held_l], "italy")
    move(s, "fleets", [f["id"] for f in s["fleets"] if f["at"] == "war:" + wid and f["id"] not in held_f], "italy")
    if sid is None:
        return
    reward(s, sid, D.wars[wid]["land_strength"])
    s["commands"] = [{**x, "victorious": True} if x["commander"] == sid else x for x in commands(s)]


def return_home(s: dict, sid: str) -> None:
    """A Commander comes back to Rome with his Master of Horse; his units go to Italy. The Revolution Phase
    calls it for a victorious Commander who lays down his command."""
    end_command(s, sid)
    note(s, "commander_returns", senator=sid)


ROLL_PURPOSES.update({"battle": _("a battle")})


@narrates("battle")
def _battle(t: Any, n: dict) -> str:
    facts = dict(senator=t.senator(n["commander"]), war=t.card("war:" + n["war"]), roman=n["roman"], mil=n["mil"],
                 enemy=max(0, n["enemy"] + n["adjustment"]), modifier=n["modifier"],
                 dice=t.list(str(d) for d in n["dice"]), total=n["total"], modified=n["modified"],
                 result=RESULT_WORDS[n["result"]], legions=n["legions_lost"], fleets=n["fleets_lost"])
    if n["naval"]:
        text = _("Naval battle of %(senator)s against the %(war)s: Fleets %(roman)d + MIL %(mil)d - War strength "
                 "%(enemy)d = modifier %(modifier)+d; dice %(dice)s = %(total)d, modified %(modified)d: %(result)s. "
                 "Lost: %(legions)d Legions, %(fleets)d Fleets.", **facts)
    else:
        text = _("Land battle of %(senator)s against the %(war)s: Roman strength %(roman)d + MIL %(mil)d - War strength "
                 "%(enemy)d = modifier %(modifier)+d; dice %(dice)s = %(total)d, modified %(modified)d: %(result)s. "
                 "Lost: %(legions)d Legions, %(fleets)d Fleets.", **facts)
    if not n["adjustment"] and not n["omens"]:
        return text
    return join_sentences([text, _("(The War's strength includes %(adjust)+d from deserting allies; Evil Omens "
                                   "take %(omens)d more.)", adjust=n["adjustment"], omens=n["omens"])])


@narrates("commander_returns")
def _returns(t: Any, n: dict) -> str:
    return _("%(senator)s returns to Rome; his forces go back to Italy.", senator=t.senator(n["senator"]))


@narrates("battle_unrest")
def _unrest(t: Any, n: dict) -> str:
    return _("Unrest changes by %(change)+d to %(unrest)d.", change=n["change"], unrest=n["unrest"])


@narrates("legion_loss_popularity")
def _pop(t: Any, n: dict) -> str:
    return _("%(senator)s loses %(n)d Popularity for the Legions lost.", senator=t.senator(n["senator"]), n=-n["change"])


@narrates("master_of_horse_returns")
def _horse(t: Any, n: dict) -> str:
    return _("The Master of Horse %(senator)s returns to Rome.", senator=t.senator(n["senator"]))


@narrates("proconsul")
def _proconsul(t: Any, n: dict) -> str:
    return _("%(senator)s stays in the field against the %(war)s as Proconsul.", senator=t.senator(n["senator"]),
             war=t.card("war:" + n["war"]))


@narrates("veteran")
def _veteran(t: Any, n: dict) -> str:
    return _("Legion %(legion)d becomes a Veteran Legion loyal to %(senator)s.", legion=n["legion"],
             senator=t.senator(n["senator"]))


@narrates("naval_victory")
def _naval(t: Any, n: dict) -> str:
    return _("Rome wins at sea: the %(war)s gets the Naval Victory marker.", war=t.card("war:" + n["war"]))


@narrates("victory_reward")
def _reward(t: Any, n: dict) -> str:
    return _("%(senator)s gains %(inf)d Influence and %(pop)d Popularity.", senator=t.senator(n["senator"]),
             inf=n["influence"], pop=n["popularity"])

