"""Captive Commanders (Rule 10.3 item 7): capture, ransom and death in captivity.

A captive's location is "captive:<war id>". His ransom is max(10 T, 2 T x his Influence), paid to the Bank
from his Personal Treasury and/or his Faction Treasury. He dies when that War is defeated or leaves play
before he is ransomed. Reading [A] (docs/rules-republic-of-rome.md, "Combat"): the ransom is offered to the
captive's faction at the start and at the end of every Combat Phase (decision `pay_ransom`); a ransomed
Senator returns to Rome and keeps his office.

The Faction Treasury is secret: the form names only the captive's own (public) money, and an amount the
Faction Treasury cannot cover is refused with the neutral "Insufficient funds." (edge case 5).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction

from .deaths import kill_senator
from .machine import FORM, Step, state
from .names import card_name, senator_name
from .narrate import narrates
from .state import bump, note


def captives(s: dict) -> list[str]:
    return [sid for sid, x in s["senators"].items() if x["location"].startswith("captive:")]


def war_of(s: dict, sid: str) -> str:
    return s["senators"][sid]["location"].split(":", 1)[1]


def ransom(s: dict, D: Any, sid: str) -> int:
    """Rule 10.3 item 7: max(10 T, 2 T x his Influence)."""
    return max(D.c("ransom_minimum"), D.c("ransom_per_influence") * s["senators"][sid]["inf"])


def capture(s: dict, sid: str, wid: str) -> None:
    s["senators"][sid]["location"] = "captive:" + wid
    note(s, "captured", senator=sid, war=wid)


def kill_captives_of_gone_wars(s: dict, D: Any, rng: Random, wid: str | None = None) -> None:
    """A captive dies when his War is defeated (`wid`) or has left play."""
    for sid in captives(s):
        if sid in s["senators"] and (war_of(s, sid) == wid or war_of(s, sid) not in s["forum"]["wars"]):
            note(s, "captive_dies", senator=sid, war=war_of(s, sid))
            kill_senator(s, D, sid, rng, "battle")


def ransom_queue(s: dict) -> list[str]:
    """Captives whose faction may pay (an unaligned captive has nobody to pay for him)."""
    return [sid for sid in captives(s) if s["senators"][sid]["faction"] is not None]


@state
class CombatRansom(Step):
    """Rule 10.3 item 7 (decision `pay_ransom`): the captive's faction may pay his ransom now."""

    name = "combat_ransom"
    short = "ransom"
    kind = "pay_ransom"
    forced_public = False  # whether the faction can pay depends on its secret treasury
    waiting = _("to decide on a captive's ransom")

    def captive(self, s: dict) -> str:
        return s["ctx"]["ransom_queue"][0]

    def legal(self, s: dict, D: Any) -> dict:
        return {s["senators"][self.captive(s)]["faction"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        sid = self.captive(s)
        price = ransom(s, D, sid)
        pay = OneOf("pay", _("Pay the ransom"), (Option("no", _("No")), Option("yes", _("Yes"))))
        own = Number("personal", _("Talents from the captive's own treasury (the rest from your Faction Treasury)"),
                     0, min(price, s["senators"][sid]["talents"]))
        return Form((pay, own))

    def text(self, s: dict, D: Any, seat: str) -> str:
        sid = self.captive(s)
        return _("%(senator)s is a captive of the %(war)s. His ransom is %(ransom)d T, from his own treasury "
                 "(%(own)d T) and your Faction Treasury. Pay it now?", senator=senator_name(D, s, sid),
                 war=card_name(D, "war:" + war_of(s, sid)), ransom=ransom(s, D, sid),
                 own=s["senators"][sid]["talents"])

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        sid = self.captive(s)
        if values["pay"] != "yes":
            return
        if values["personal"] > s["senators"][sid]["talents"]:
            raise IllegalAction(_("The captive has not that much in his own treasury."))
        if ransom(s, D, sid) - values["personal"] > s["factions"][seat]["treasury"]:
            raise IllegalAction(_("Insufficient funds."))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"pay": "no", "personal": 0}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        sid = self.captive(s)
        s["ctx"]["ransom_queue"] = s["ctx"]["ransom_queue"][1:]
        if values["pay"] == "yes":
            price = ransom(s, D, sid)
            s["senators"][sid]["talents"] -= values["personal"]
            s["factions"][seat]["treasury"] -= price - values["personal"]
            s["senators"][sid]["location"] = "rome"
            note(s, "ransomed", senator=sid, seat=seat, ransom=price)
        from .combat import advance
        advance(s, D, rng)


@narrates("captured")
def _captured(t: Any, n: dict) -> str:
    return _("%(senator)s is taken captive by the %(war)s.", senator=t.senator(n["senator"]),
             war=t.card("war:" + n["war"]))


@narrates("captive_dies")
def _captive_dies(t: Any, n: dict) -> str:
    return _("The %(war)s is over: its captive %(senator)s is put to death.", senator=t.senator(n["senator"]),
             war=t.card("war:" + n["war"]))


@narrates("ransomed")
def _ransomed(t: Any, n: dict) -> str:
    return _("%(seat)s pays the ransom of %(senator)s (%(ransom)s): he returns to Rome.", seat=t.who(n["seat"]),
             senator=t.senator(n["senator"]), ransom=t.talents(n["ransom"]))
