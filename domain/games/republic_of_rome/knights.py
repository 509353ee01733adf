"""The rest of an Initiative after the persuasion (Rule 7.2 steps 3-4): Knights (Rule 7.5), a new Faction
Leader or Games (Rule 7.6), and releasing an opposed Statesman (Rule 7.4 item 5), all in one form
(decisions 22-23; ror-by-mail.md: one prompt for what the rules let the player decide at once). Then the
next Initiative.

Fields, each present only when it offers something:
  new_leader       the faction has no Faction Leader (a Statesman leader died without heir): name one now
  knights          none, attract a Knight to one Senator, or pressure Knights
  talents          paid to the Bank by the attracting Senator, 0 to 6 (data: knight_attract_max_talents)
  pressure         how many Knights each Senator cashes in (1d6 talents each)
  leader_or_games  none, another Faction Leader, or Games by one Senator (both kinds in one field while
                   leader_change_or_games_exclusive is on; fields `leader` and `games` when it is off)
  release          one of two opposed Statesmen goes to the Forum (flag abandon_opposed_statesman)
  peddle           Influence Peddling (Rule 14, peddling.py): only while the seat holds the card; the form is
                   never asked for it alone (a prompt would tell the table about the card)
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction

from .dice import evil_omens, roll
from .machine import FORM, Step, goto, state
from .names import name_of, senator_name, talents
from .narrate import ROLL_PURPOSES, narrates
from .peddling import peddle_answer, peddling_field
from .state import aligned, bump, change, in_rome, note, sort_key, sorted_ids


def finish_initiative(s: dict, D: Any, rng: Random) -> None:
    s["ctx"]["n"] += 1
    goto(s, D, "forum_next_initiative", rng)


# ----------------------------------------------------------------------------------- who may do what
def own(s: dict, seat: str) -> list[str]:
    return sorted_ids(aligned(s, seat))


def attractors(s: dict, seat: str) -> list[str]:
    """Rule 7.5: a loyal (non-rebel) Senator of the faction, anywhere (AH) or in Rome (flag)."""
    rome = s["options"]["knight_attract_requires_rome"]
    return [sid for sid in own(s, seat) if not s["senators"][sid]["rebel"] and (not rome or in_rome(s, sid))]


def knight_holders(s: dict, seat: str) -> list[str]:
    """Rule 7.5 [A]: Knights of any of the faction's Senators may be pressured."""
    return [sid for sid in own(s, seat) if s["senators"][sid]["knights"] and not s["senators"][sid]["rebel"]]


def leader_candidates(s: dict, seat: str) -> list[str]:
    leader = s["factions"][seat]["leader"]
    return [sid for sid in own(s, seat) if sid != leader] if leader is not None else []


def games_offers(s: dict, D: Any, seat: str) -> list[tuple[str, dict]]:
    """Rule 7.6: any of his non-rebel Senators, in Rome or not, who can pay the Games."""
    return [(sid, g) for sid in own(s, seat) for g in D.tables["games"]
            if not s["senators"][sid]["rebel"] and s["senators"][sid]["talents"] >= g["cost"]]


def releasable(s: dict, D: Any, seat: str) -> list[str]:
    """Rule 7.4 item 5: a Statesman in Rome opposed by another Statesman of the same faction (not the Faction
    Leader), while the flag abandon_opposed_statesman is on."""
    if not s["options"]["abandon_opposed_statesman"]:
        return []
    mine = {s["senators"][sid]["statesman"]: sid for sid in own(s, seat) if s["senators"][sid]["statesman"]}
    leader = s["factions"][seat]["leader"]
    return sorted_ids(sid for st, sid in mine.items() if sid != leader and in_rome(s, sid)
                      and any(o in mine for o in D.statesmen[st].get("opposes", ())))


def knight_cap(D: Any) -> int:
    cap = D.variants["knight_attract_max_talents"]["default"]
    return cap if cap is not None else 99


# ----------------------------------------------------------------------------------------- the form
@state
class ForumInitiativeActions(Step):
    """Rule 7.2 steps 3-4 (decisions 22-23), and Rule 7.4 item 5: one form, then the next Initiative."""

    name = "forum_initiative_actions"
    short = "actions"
    kind = "initiative_actions"
    waiting = _("to finish an Initiative (Knights, Faction Leader or Games)")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if s["finished"]:
            return
        if not self.fields(s, D, s["ctx"]["initiator"], peddling=False):  # never asked for a secret card alone
            finish_initiative(s, D, rng)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        self.enter(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["initiator"]: [FORM]}

    def fields(self, s: dict, D: Any, seat: str, peddling: bool = True) -> list:
        fields: list = []
        peddle = peddling_field(s, seat) if peddling else None
        if peddle is not None:
            fields.append(peddle)
        name = lambda sid: senator_name(D, s, sid)  # noqa: E731
        if s["factions"][seat]["leader"] is None and own(s, seat):
            fields.append(OneOf("new_leader", _("New Faction Leader"),
                                tuple(Option(sid, name(sid)) for sid in own(s, seat))))
        knights = [Option("none", _("Nothing"))] + [
            Option("attract:" + sid, _("%(senator)s tries to attract a Knight", senator=name(sid)))
            for sid in attractors(s, seat)]
        holders = knight_holders(s, seat)
        if holders:
            knights.append(Option("pressure", _("Pressure Knights")))
        if len(knights) > 1:
            fields.append(OneOf("knights", _("Knights"), tuple(knights)))
            most = min(knight_cap(D), max([s["senators"][sid]["talents"] for sid in attractors(s, seat)] + [0]))
            if most:
                fields.append(Number("talents", _("Talents paid to attract the Knight"), 0, most))
        if holders:
            fields.append(EachOf("pressure", _("Knights pressured"),
                                 tuple(Option(sid, name(sid)) for sid in holders),
                                 Number("n", _("Knights"), 0, max(s["senators"][sid]["knights"] for sid in holders))))
        leaders = [Option("leader:" + sid, _("%(senator)s becomes Faction Leader", senator=name(sid)))
                   for sid in leader_candidates(s, seat)]
        games = [Option(f"games:{sid}:{g['id']}", _("%(senator)s sponsors %(games)s (%(cost)s)", senator=name(sid),
                                                    games=name_of(g["name"]), cost=talents(g["cost"])))
                 for sid, g in games_offers(s, D, seat)]
        none = Option("none", _("Nothing"))
        if s["options"]["leader_change_or_games_exclusive"]:
            if leaders or games:
                fields.append(OneOf("leader_or_games", _("Faction Leader or Games"), tuple([none] + leaders + games)))
        else:
            if leaders:
                fields.append(OneOf("leader", _("Faction Leader"), tuple([none] + leaders)))
            if games:
                fields.append(OneOf("games", _("Games"), tuple([none] + games)))
        free = releasable(s, D, seat)
        if free:
            fields.append(OneOf("release", _("Release an opposed Statesman to the Forum"),
                                tuple([none] + [Option(sid, name(sid)) for sid in free])))
        return fields

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form(tuple(self.fields(s, D, seat)))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        knights = values.get("knights", "none")
        if knights.startswith("attract:"):
            sid = knights.split(":", 1)[1]
            if values.get("talents", 0) > s["senators"][sid]["talents"]:
                raise IllegalAction(_("%(senator)s has only %(talents)s to attract a Knight.",
                                      senator=senator_name(D, s, sid), talents=talents(s["senators"][sid]["talents"])))
            games = values.get("leader_or_games") or values.get("games") or "none"
            if games.startswith(f"games:{sid}:"):
                cost = next(g["cost"] for g in D.tables["games"] if g["id"] == games.rsplit(":", 1)[1])
                if values.get("talents", 0) + cost > s["senators"][sid]["talents"]:
                    raise IllegalAction(_("%(senator)s has only %(talents)s for the Knight and the Games together.",
                                          senator=senator_name(D, s, sid),
                                          talents=talents(s["senators"][sid]["talents"])))
        released = values.get("release", "none")
        if released != "none":
            leader = values.get("new_leader") or _named_leader(values)
            if leader == released:
                raise IllegalAction(_("The Faction Leader cannot be released to the Forum."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("The rest of your Initiative, all optional: Knights (attract one: a die + talents paid, 6 or more; "
                 "or pressure yours for a die of talents each), a new Faction Leader or Games.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no money on Knights, no change of Faction Leader, no Games; a missing Faction
        Leader is the Senator with the most Influence."""
        values: dict = {}
        for field in self.fields(s, D, seat):
            values[field.name] = field.first() if field.name in ("talents", "pressure") else "none"
        if "new_leader" in values:
            values["new_leader"] = min(own(s, seat), key=lambda sid: (-s["senators"][sid]["inf"], sort_key(sid)))
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        peddle_answer(s, D, rng, seat, values)
        if values.get("new_leader"):
            s["factions"][seat]["leader"] = values["new_leader"]
            note(s, "leader_changed", seat=seat, senator=values["new_leader"])
        knights = values.get("knights", "none")
        if knights.startswith("attract:"):
            attract(s, D, rng, seat, knights.split(":", 1)[1], values.get("talents", 0))
        elif knights == "pressure":
            pressure(s, D, rng, seat, values["pressure"])
        for choice in (values.get("leader_or_games"), values.get("leader"), values.get("games")):
            if choice and choice != "none":
                leader_or_games(s, D, seat, choice)
        if values.get("release", "none") != "none":
            release(s, seat, values["release"])
        finish_initiative(s, D, rng)


def _named_leader(values: dict) -> str | None:
    for choice in (values.get("leader_or_games"), values.get("leader")):
        if choice and choice.startswith("leader:"):
            return choice.split(":", 1)[1]
    return None


# ------------------------------------------------------------------------------------------ effects
def attract(s: dict, D: Any, rng: Random, seat: str, sid: str, paid: int) -> None:
    """Rule 7.5: pay 0-6 T to the Bank, roll 1d6 - Evil Omens; roll + talents >= 6 gains one Knight."""
    s["senators"][sid]["talents"] -= paid
    die = roll(s, rng, 1, "knight_attract", seat=seat)[0]
    total = die - evil_omens(s) + paid
    success = total >= D.c("knight_attract_target")
    if success:
        change(s, sid, "knights", 1)
    note(s, "knight_attract", seat=seat, senator=sid, paid=paid, total=total, success=success)


def pressure(s: dict, D: Any, rng: Random, seat: str, counts: dict) -> None:
    """Rule 7.5: each pressured Knight is removed for 1d6 - Evil Omens talents (minimum 0 [A]) to the
    Senator who had him."""
    for sid, n in counts.items():
        n = min(n, s["senators"][sid]["knights"])
        if not n:
            continue
        dice = roll(s, rng, n, "knight_pressure", seat=seat, senator=sid)
        gained = sum(max(0, d - evil_omens(s)) for d in dice)
        change(s, sid, "knights", -n)
        s["senators"][sid]["talents"] += gained
        note(s, "knights_pressured", seat=seat, senator=sid, knights=n, talents=gained)


def leader_or_games(s: dict, D: Any, seat: str, choice: str) -> None:
    kind, rest = choice.split(":", 1)
    if kind == "leader":
        s["factions"][seat]["leader"] = rest
        note(s, "leader_changed", seat=seat, senator=rest)
        return
    sid, gid = rest.split(":", 1)
    g = next(g for g in D.tables["games"] if g["id"] == gid)
    s["senators"][sid]["talents"] -= g["cost"]
    pop = change(s, sid, "pop", g["popularity"])
    before = s["unrest"]
    s["unrest"] = max(0, s["unrest"] + g["unrest"])  # edge case 29: never below 0
    note(s, "games", seat=seat, senator=sid, games=gid, cost=g["cost"], pop=pop, calmed=before - s["unrest"])


def release(s: dict, seat: str, sid: str) -> None:
    """Rule 7.4 item 5: he goes to the Forum unaligned, with his markers as they are [A]."""
    s["senators"][sid]["faction"] = None
    note(s, "statesman_released", seat=seat, senator=sid)


# ------------------------------------------------------------------------------------------ narration
@narrates("leader_changed")
def _leader(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("%(senator)s is your Faction Leader now.", senator=t.senator(n["senator"]))
    return _("%(senator)s is the Faction Leader of %(seat)s now.", senator=t.senator(n["senator"]), seat=t.who(n["seat"]))


@narrates("knight_attract")
def _attract(t: Any, n: dict) -> str:
    if n["success"]:
        return _("%(senator)s pays %(paid)s and attracts a Knight (%(total)d).", senator=t.senator(n["senator"]),
                 paid=t.talents(n["paid"]), total=n["total"])
    return _("%(senator)s pays %(paid)s but attracts no Knight (%(total)d, 6 needed).",
             senator=t.senator(n["senator"]), paid=t.talents(n["paid"]), total=n["total"])


@narrates("knights_pressured")
def _pressured(t: Any, n: dict) -> str:
    return _("%(senator)s pressures %(knights)d Knights for %(talents)s.", senator=t.senator(n["senator"]),
             knights=n["knights"], talents=t.talents(n["talents"]))


@narrates("games")
def _games(t: Any, n: dict) -> str:
    g = next(g for g in t.D.tables["games"] if g["id"] == n["games"])
    return _("%(senator)s sponsors %(games)s for %(cost)s: Popularity +%(pop)d, Unrest -%(calmed)d.",
             senator=t.senator(n["senator"]), games=name_of(g["name"]), cost=t.talents(n["cost"]), pop=n["pop"],
             calmed=n["calmed"])


@narrates("statesman_released")
def _released(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You release %(senator)s to the Forum.", senator=t.senator(n["senator"]))
    return _("%(seat)s releases %(senator)s to the Forum.", seat=t.who(n["seat"]), senator=t.senator(n["senator"]))


ROLL_PURPOSES.update({"knight_attract": _("a Knight"), "knight_pressure": _("the Knights pressured")})
