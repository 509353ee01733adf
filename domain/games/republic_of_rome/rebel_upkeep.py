"""Rule 6.1 item 7 (decision 14): the rebel army's upkeep, first in the Revenue Phase while a faction is in
revolt (rebels.py keeps the revolt). Reading [A] in docs/rules-republic-of-rome.md, "Revolution Phase"."""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Number
from domain.i18n import _
from domain.rules import IllegalAction

from .machine import FORM, Step, goto, state
from .narrate import narrates
from .rebels import set_at
from .state import bump, note


def paid_units(s: dict) -> list[int]:
    """The rebel army's Legions that cost upkeep: all but the Veterans loyal to a rebel (Rule 6.1 item 7)."""
    rebels = set(s["revolt"]["senators"])
    return [u["id"] for u in s["legions"] if u["at"] == "rebel" and not (u["veteran"] and u["loyal_to"] in rebels)]


def rebel_purses(s: dict) -> list[str]:
    """Who pays, in this order: the rebels' Personal Treasuries (the rebel's first), then his Faction Treasury."""
    return [sid for sid in s["revolt"]["senators"] if sid in s["senators"] and s["senators"][sid]["rebel"]]


@state
class RevenueRebelMaintenance(Step):
    """Rule 6.1 item 7 (decision 14): the rebel pays 2 T a Legion (his own Veterans free) from the rebels'
    Personal Treasuries, then his Faction Treasury [A: that order]; the Legions he does not keep are released
    to Italy (regular Legions first)."""

    name = "revenue_rebel_maintenance"
    short = "upkeep"
    kind = "rebel_maintenance"
    waiting = _("to pay the rebel army")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not s.get("revolt") or not paid_units(s) or not rebel_purses(s):
            goto(s, D, "revenue_personal_orders", rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["revolt"]["seat"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form((Number("keep", _("Legions kept (2 talents each)"), 0, len(paid_units(s))),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        cost = values["keep"] * D.c("rebel_unit_maintenance")
        if cost > sum(s["senators"][sid]["talents"] for sid in rebel_purses(s)) + s["factions"][seat]["treasury"]:
            raise IllegalAction(_("Insufficient funds."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Your rebel army costs %(cost)d talents a Legion (Veterans loyal to a rebel are free): choose how "
                 "many of its %(n)d Legions you keep; the rebels' own treasuries pay first, then your faction's; "
                 "the others are released.", cost=D.c("rebel_unit_maintenance"), n=len(paid_units(s)))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"keep": 0}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        owed = values["keep"] * D.c("rebel_unit_maintenance")
        for sid in rebel_purses(s):
            take = min(owed, s["senators"][sid]["talents"])
            s["senators"][sid]["talents"] -= take
            owed -= take
        s["factions"][seat]["treasury"] -= owed  # the secret part: the note says only the total
        units = paid_units(s)
        veteran = {u["id"] for u in s["legions"] if u["veteran"]}
        released = sorted(units, key=lambda i: (i in veteran, i))[:len(units) - values["keep"]]
        set_at(s, "legions", released, "italy")
        note(s, "rebel_maintenance_paid", seat=seat, kept=values["keep"], released=len(released),
             cost=values["keep"] * D.c("rebel_unit_maintenance"))
        goto(s, D, "revenue_personal_orders", rng)


@narrates("rebel_maintenance_paid")
def _upkeep(t: Any, n: dict) -> str:
    return _("The rebel army's upkeep: %(seat)s keeps %(kept)d Legions for %(cost)s; %(released)d are released to "
             "Italy.", seat=t.who(n["seat"]), kept=n["kept"], cost=t.talents(n["cost"]), released=n["released"])
