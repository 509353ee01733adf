"""The Revenue Phase (Rule 6), step 2: the State's accounts (Rule 6.2).

The server does the sums and announces them (items 1-5), then the players contribute in open rounds
clockwise from the HRAO (item 6), then bankruptcy is checked (item 7) and the Governors' terms run down
(item 8). Contributions are one form per turn of a round: rows {Senator, talents} (no row: a pass); the
rounds go on until every player in turn has passed since the last contribution.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Number, OneOf, Option, Rows
from domain.i18n import _
from domain.rules import IllegalAction, comma_list

from .dice import evil_omens
from .machine import FORM, Step, goto, state
from .names import name_of, senator_name, talents
from .narrate import narrates
from .revenue import VG_ORDER, captive, province_roll
from .state import bump, change, clockwise_from, hrao_seat, note, sorted_ids
from .turn import end_phase

MAX_ROWS = 20  # the forms' limit on rows


@state
class RevenueStateAccounts(Step):
    """Rule 6.2 items 1-5: +100 T; each governed Province's state income; Allied Enthusiasm; the debits
    (20 T per Active or Unprosecuted War, Land Bills, 2 T per Legion and Fleet, the negative spoils); the
    balance announced, with a warning below 50 T and below 20 T."""

    name = "revenue_state_accounts"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        credit(s, D, rng)
        debit(s, D)
        warning = next((level for level in sorted(D.c("treasury_warning_levels")) if s["treasury"] < level), None)
        note(s, "state_balance", treasury=s["treasury"], warning=warning)
        order = clockwise_from(s, hrao_seat(s, D))
        s["ctx"] = {**s["ctx"], "order": order, "i": 0, "passes": 0}
        goto(s, D, "revenue_contributions", rng)


def credit(s: dict, D: Any, rng: Random) -> None:
    revenue = D.c("annual_state_revenue")
    s["treasury"] += revenue
    note(s, "state_revenue", amount=revenue)
    for pid in sorted(s["provinces"]):
        sid = s["provinces"][pid]["governor"]
        if sid is None or s["senators"][sid]["rebel"]:
            continue  # Rule 6.2 item 2: a vacant Province produces nothing
        income = province_roll(s, D, rng, pid, "state_income", sid) - evil_omens(s) + s.get("trial_of_verres", 0)
        s["treasury"] += income
        note(s, "province_income", province=pid, amount=income)
    enthusiasm = s.get("allied_enthusiasm", 0)
    if enthusiasm:
        s["treasury"] += enthusiasm
        note(s, "allied_enthusiasm_paid", amount=enthusiasm)


def debit(s: dict, D: Any) -> None:
    """Rule 6.2 item 4. A Type I Land Bill is paid once, then its marker is removed."""
    wars = sum(1 for w in s["forum"]["wars"].values() if w["status"] in ("active", "unprosecuted"))
    bills = 0
    for row in D.tables["land_bills"]:
        count = s["land_bills"][row["type"]]
        bills += row["cost"] * count
        if count and not row["recurring"]:
            s["land_bills"][row["type"]] = 0
    units = sum(1 for u in s["legions"] if u["at"] != "rebel") + len(s["fleets"])  # Rule 6.1 item 7: the rebel pays his
    debts = {"wars": wars * D.c("active_war_upkeep"), "land_bills": bills, "units": units * D.c("unit_maintenance"),
             "spoils": s["ctx"].get("spoils_debt", 0)}
    s["treasury"] -= sum(debts.values())
    note(s, "state_debits", n_wars=wars, n_units=units, total=sum(debts.values()), **debts)


# -------------------------------------------------------------------------------- contributions
def contributors(s: dict, seat: str) -> list[str]:
    """Rule 6.2 item 6: non-rebel Senators, in Rome or not (not captive: his treasury is frozen), who have
    talents."""
    return sorted_ids(sid for sid, x in s["senators"].items()
                      if x["faction"] == seat and not x["rebel"] and not captive(x) and x["talents"] > 0)


@state
class RevenueContributions(Step):
    """Rule 6.2 item 6 (spec [A]: the procedure): clockwise from the HRAO's player, each player gives talents
    from his Senators or passes; every contribution is public and applied at once; a player whose Senators
    have no talents passes without being asked; the rounds end when every player in turn has passed since
    the last contribution. Each Senator gains Influence on his total given in this phase (10 T: +1, 25 T:
    +3, 50 T: +7; the table `contributions`)."""

    name = "revenue_contributions"
    short = "contrib"
    kind = "contribute"
    waiting = _("to contribute to the State")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        advance(s, D, rng)

    def current(self, s: dict) -> str:
        ctx = s["ctx"]
        return ctx["order"][ctx["i"] % len(ctx["order"])]

    def legal(self, s: dict, D: Any) -> dict:
        return {self.current(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        own = contributors(s, seat)
        senators = tuple(Option(sid, _("%(senator)s (has %(talents)s)", senator=senator_name(D, s, sid),
                                       talents=talents(s["senators"][sid]["talents"]))) for sid in own)
        most = max(s["senators"][sid]["talents"] for sid in own)
        return Form((Rows("contributions", _("Contributions"), (OneOf("senator", _("Senator"), senators),
                                                              Number("amount", _("Talents"), 1, most)),
                          min(len(own), MAX_ROWS)),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        """A Senator gives only what his own (public) treasury holds, over all his rows."""
        given: dict[str, int] = {}
        for row in values["contributions"]:
            sid = row["senator"]
            given[sid] = given.get(sid, 0) + row["amount"]
            if given[sid] > s["senators"][sid]["talents"]:
                raise IllegalAction(_("%(senator)s has only %(talents)s to give.", senator=senator_name(D, s, sid),
                                      talents=talents(s["senators"][sid]["talents"])))

    def text(self, s: dict, D: Any, seat: str) -> str:
        thresholds = comma_list(_("%(amount)s: +%(n)d", amount=talents(row["min"]), n=row["influence"])
                                for row in D.tables["contributions"]["rows"])
        return _("Contributions: the State Treasury holds %(treasury)s. Give talents from your Senators to the "
                 "State, or give nothing to pass. Influence for a Senator's total this phase: %(thresholds)s.",
                 treasury=talents(s["treasury"]), thresholds=thresholds)

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no contribution."""
        return {"contributions": []}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        given = bool(values["contributions"])
        for row in values["contributions"]:
            contribute(s, D, row["senator"], row["amount"])
        if not given:
            note(s, "contribution_pass", seat=seat)
        ctx = s["ctx"]
        ctx["passes"] = 0 if given else ctx["passes"] + 1
        ctx["i"] += 1
        advance(s, D, rng)


def advance(s: dict, D: Any, rng: Random) -> None:
    """To the next player who can contribute; players who cannot pass; done after a full round of passes."""
    ctx = s["ctx"]
    while ctx["passes"] < len(ctx["order"]):
        if contributors(s, ctx["order"][ctx["i"] % len(ctx["order"])]):
            return
        ctx["passes"] += 1
        ctx["i"] += 1
    end_of_contributions(s, D, rng)


def contribution_influence(D: Any, total: int) -> int:
    """The Influence a Senator's total contribution in this phase is worth (the highest row reached)."""
    return max([row["influence"] for row in D.tables["contributions"]["rows"] if total >= row["min"]], default=0)


def contribute(s: dict, D: Any, sid: str, amount: int) -> None:
    given = s["ctx"]["contributed"]
    before = given.get(sid, 0)
    s["ctx"]["contributed"] = {**given, sid: before + amount}
    s["senators"][sid]["talents"] -= amount
    s["treasury"] += amount
    gain = contribution_influence(D, before + amount) - contribution_influence(D, before)
    if gain:
        change(s, sid, "inf", gain)
    note(s, "contribution", seat=s["senators"][sid]["faction"], senator=sid, amount=amount, influence=gain,
         treasury=s["treasury"])
    if gain:
        from .business import check_consul_for_life
        check_consul_for_life(s, D)  # spec 18.20: 35 Influence makes a Consul for Life at once


def end_of_contributions(s: dict, D: Any, rng: Random) -> None:
    """Rule 6.2 items 7-8: bankruptcy, then the Governors' terms; then the redistribution (AH), or the end of
    the phase (VG order: the redistribution came first)."""
    if s["treasury"] < 0:
        bankruptcy(s, D, rng)
        return
    governor_terms(s)
    if s["options"]["player_to_player_money"] == VG_ORDER:
        end_phase(s, D, rng)
    else:
        goto(s, D, "revenue_redistribution", rng)


def bankruptcy(s: dict, D: Any, rng: Random) -> None:
    """Rule 6.2 item 7: the State cannot pay: a rebel wins if one exists (Rule 12 item 2, victory.py),
    otherwise every player loses."""
    from .victory import republic_falls
    note(s, "state_bankrupt_after_contributions", treasury=s["treasury"])
    republic_falls(s, D, "bankruptcy", rng)


def governor_terms(s: dict) -> None:
    """Rule 6.2 item 8: every non-rebel Governor's term drops by one; at 0 he returns to Rome (an unaligned
    one to the Forum), keeping his corruption, and his Province goes to the Forum without a Governor. The
    turn of his return is kept (`returned_turn`): the Senate may not send him out again this turn without
    his consent (Rule 9.8.1)."""
    for pid in sorted(s["provinces"]):
        p = s["provinces"][pid]
        sid = p["governor"]
        if sid is None or s["senators"][sid]["rebel"]:
            continue
        p["term"] -= 1
        if p["term"] > 0:
            continue
        p["governor"], p["term"] = None, 0
        s["forum"]["provinces"] = s["forum"]["provinces"] + [pid]
        s["senators"][sid].update(location="rome", returned_turn=s["turn"])
        note(s, "governor_returns", senator=sid, province=pid, seat=s["senators"][sid]["faction"])


# ------------------------------------------------------------------------------------ narration
@narrates("state_revenue")
def _revenue(t: Any, n: dict) -> str:
    return _("State accounts: the annual revenue of %(amount)s.", amount=t.talents(n["amount"]))


@narrates("province_income")
def _province_income(t: Any, n: dict) -> str:
    where = name_of(t.D.provinces[n["province"]]["name"])
    if n["amount"] >= 0:
        return _("%(province)s pays %(amount)s to the State.", province=where, amount=t.talents(n["amount"]))
    return _("%(province)s costs the State %(amount)s.", province=where, amount=t.talents(-n["amount"]))


@narrates("allied_enthusiasm_paid")
def _enthusiasm(t: Any, n: dict) -> str:
    return _("Allied Enthusiasm brings the State %(amount)s.", amount=t.talents(n["amount"]))


@narrates("state_debits")
def _debits(t: Any, n: dict) -> str:
    return _("The State pays %(total)s: %(wars)s for Active Wars (%(n_wars)d), %(units)s for the upkeep of Legions "
             "and Fleets (%(n_units)d), %(bills)s for Land Bills and %(spoils)s for provincial spoils.",
             total=t.talents(n["total"]), wars=t.talents(n["wars"]), n_wars=n["n_wars"], units=t.talents(n["units"]),
             n_units=n["n_units"], bills=t.talents(n["land_bills"]), spoils=t.talents(n["spoils"]))


@narrates("state_balance")
def _balance(t: Any, n: dict) -> str:
    if n["warning"] is None:
        return _("The State Treasury now holds %(treasury)s.", treasury=t.talents(n["treasury"]))
    return _("Warning: the State Treasury holds %(treasury)s, less than %(level)s. A Natural Disaster or Evil Omens "
             "could bankrupt the Republic.", treasury=t.talents(n["treasury"]), level=t.talents(n["warning"]))


@narrates("contribution")
def _contribution(t: Any, n: dict) -> str:
    if n["influence"]:
        return _("%(senator)s gives %(amount)s to the State and gains %(n)d Influence; the Treasury holds %(treasury)s.",
                 senator=t.senator(n["senator"]), amount=t.talents(n["amount"]), n=n["influence"],
                 treasury=t.talents(n["treasury"]))
    return _("%(senator)s gives %(amount)s to the State; the Treasury holds %(treasury)s.",
             senator=t.senator(n["senator"]), amount=t.talents(n["amount"]), treasury=t.talents(n["treasury"]))


@narrates("contribution_pass")
def _pass(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You contribute nothing.")
    return _("%(seat)s contributes nothing.", seat=t.who(n["seat"]))


@narrates("state_bankrupt_after_contributions")
def _bankrupt(t: Any, n: dict) -> str:
    return _("Even after the contributions the State Treasury is at %(treasury)s: Rome is bankrupt.",
             treasury=t.talents(n["treasury"]))


@narrates("governor_returns")
def _returns(t: Any, n: dict) -> str:
    return _("The term of %(senator)s in %(province)s is over: he returns to Rome and the Province awaits a new "
             "Governor.", senator=t.senator(n["senator"]), province=name_of(t.D.provinces[n["province"]]["name"]))
