"""The Revenue Phase (Rule 6), step 1: personal revenue (Rule 6.1), in one sealed form per player.

Everything a player decides in step 1 is independent of the others and can be said before any die is rolled,
so it is one sealed order (spec 17.9, ror-by-mail.md: one order sheet): for each of his Governors whether he
takes spoils (Rule 6.1 item 5), for each grain Concession under Drought its multiplier (item 4), and for each
of his Senators which of his Senators receives that Senator's income (item 8; the default: he keeps it).
When the last order arrives, the spoils and development dice are rolled and the income is placed.

Then the State accounts and contributions (state_accounts.py) and the redistribution (redistribution.py);
with `player_to_player_money` at the Valley Games value the redistribution comes right after this step.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import comma_list, seat_name

from .card_play import land_bill_in_effect
from .dice import evil_omens, roll, roll_expression
from .machine import FORM, Step, goto, state
from .names import card_name, name_of, senator_name, talents
from .narrate import ROLL_PURPOSES, narrates
from .state import bump, change, note, sorted_ids

TAKE, DECLINE = "take", "decline"
VG_ORDER = "personal_revenue_step"  # flag player_to_player_money: redistribution before the State accounts


# ---------------------------------------------------------------------------------------- who earns
def roster(s: dict) -> dict[str, dict[str, list[str]]]:
    """seat -> its Senators who earn (Rule 6.1: not rebels), who may receive and move money (Rule 6.1 item 8:
    not captives either) and its Governors (item 5), each by number; one pass over the Senators."""
    out: dict[str, dict[str, list[str]]] = {seat: {"earners": [], "recipients": [], "governors": []}
                                            for seat in s["seats"]}
    for sid in sorted_ids(s["senators"]):
        x = s["senators"][sid]
        if x["faction"] is None or x["rebel"]:
            continue
        mine = out[x["faction"]]
        mine["earners"].append(sid)
        if not captive(x):
            mine["recipients"].append(sid)
        if x["location"].startswith("province:"):
            mine["governors"].append(sid)
    return out


def earners(s: dict, seat: str) -> list[str]:
    """Rule 6.1: the faction's Senators who earn (rebels earn nothing)."""
    return roster(s)[seat]["earners"]


def captive(x: dict) -> bool:
    return x["location"].startswith("captive")


def recipients(s: dict, seat: str) -> list[str]:
    """Rule 6.1 item 8: income is placed on non-rebel, non-captive Aligned Senators (abroad included)."""
    return roster(s)[seat]["recipients"]


def governor_of(s: dict, sid: str) -> str | None:
    where = s["senators"][sid]["location"]
    return where.split(":", 1)[1] if where.startswith("province:") else None


def governors(s: dict, seat: str) -> list[str]:
    """Aligned, non-rebel Governors of `seat`: each declares spoils (Rule 6.1 item 5)."""
    return roster(s)[seat]["governors"]


_OPTIONS: dict[tuple, Option] = {}  # (sid, card name, owner label) -> its Option: labels built once


def senator_option(D: Any, s: dict, sid: str, owner: str | None = None) -> Option:
    """A Senator as a form's option ('Julius (4)', or 'Julius (4) of Blue' with `owner`)."""
    top = s["senators"][sid]["statesman"]
    printed = D.statesmen[top]["name"] if top else D.senators[sid]["name"]  # the name shown, in the key
    key = (sid, top, printed, owner)
    option = _OPTIONS.get(key)
    if option is None:
        if len(_OPTIONS) > 4096:
            _OPTIONS.clear()
        name = senator_name(D, s, sid)
        label = name if owner is None else _("%(senator)s of %(seat)s", senator=name, seat=seat_name(owner))
        option = _OPTIONS[key] = Option(sid, label)
    return option


def drought_effects(s: dict, D: Any) -> int:
    """Rule 6.1 item 4: the Drought level plus every War with the drought symbol in play, active or not."""
    return s["drought"] + sum(1 for w in s["forum"]["wars"] if D.wars[w]["drought"])


def grain_held(s: dict, D: Any, seat: str, own: list[str] | None = None) -> list[tuple[str, str]]:
    """(concession, holder) for every grain Concession the faction holds (its earners: `own`), when Drought
    lets it multiply."""
    if not drought_effects(s, D):
        return []
    return [(c, sid) for sid in (earners(s, seat) if own is None else own) for c in s["senators"][sid]["concessions"]
            if D.concessions[c].get("grain")]


# ---------------------------------------------------------------------------------------- income
def concession_income(s: dict, D: Any, con: str, multiplier: int = 1) -> int:
    """Rule 6.1 item 3: the printed income; Armaments and Ship Building pay when units are raised, not here;
    Land Commissioner only while a Land Bill is in effect; a grain Concession times its multiplier."""
    card = D.concessions[con]
    kind = card["income_type"]
    if kind == "per_turn":
        return card["income"] * (multiplier if card.get("grain") else 1)
    if kind == "per_turn_while_land_bill_in_effect":
        return card["income"] if land_bill_in_effect(s) else 0
    return 0


def fixed_income(s: dict, D: Any, sid: str, multipliers: dict | None = None) -> int:
    """Rule 6.1 items 1-4 for one Senator: +3 T as Faction Leader, else +1 T (none while captive), +1 T per
    Knight, his Concessions (grain times the chosen multiplier)."""
    x = s["senators"][sid]
    leader = s["factions"][x["faction"]]["leader"] == sid
    base = 0 if captive(x) else D.c("faction_leader_income") if leader else D.c("senator_income")
    chosen = multipliers or {}
    return (base + x["knights"] * D.c("knight_income")
            + sum(concession_income(s, D, c, chosen.get(c, 1)) for c in x["concessions"]))


# ---------------------------------------------------------------------------------------- the phase
@state
class RevenuePersonalRevenue(Step):
    """Rule 6.1: the phase opens; a rebel first pays his army (item 7, rebel_upkeep.py)."""

    name = "revenue_personal_revenue"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {"spoils_debt": 0, "contributed": {}}
        goto(s, D, "revenue_rebel_maintenance" if s.get("revolt") else "revenue_personal_orders", rng)


@state
class RevenuePersonalOrders(Step):
    """Rule 6.1 items 4, 5 and 8 as one sealed order per player (module docstring). A player with nothing
    to decide (no Governor, no grain Concession under Drought, a single Senator to place income on) is not
    asked; who is asked follows from public facts only."""

    name = "revenue_personal_orders"
    short = "income"
    kind = "place_income"
    secret = True
    waiting = _("to place their income")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not self.asked(s, D):
            resolve_personal_revenue(s, D, rng, {})

    def asked(self, s: dict, D: Any) -> list[str]:
        r = roster(s)
        return [seat for seat in s["seats"] if has_orders(s, D, seat, r[seat])]

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in self.asked(s, D) if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form(tuple(order_fields(s, D, seat)))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # every field is bounded; Popularity lost to grain is clipped at its bound (spec 18.23)

    def text(self, s: dict, D: Any, seat: str) -> str:
        earned = comma_list(_("%(senator)s %(amount)s", senator=senator_option(D, s, sid).label,
                              amount=talents(fixed_income(s, D, sid))) for sid in earners(s, seat))
        return _("Personal revenue. Your Senators earn: %(earned)s (spoils and grain multipliers are added). "
                 "Say which of your Senators receives each Senator's income, whether your Governors take spoils and "
                 "at what multiple you sell your grain (sealed: applied when everybody has answered).", earned=earned)

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: income stays with the Senators who earned it; Governors take spoils; grain is
        sold at the printed price (multiplier 1: no Popularity lost)."""
        return default_orders(s, D, seat)

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values}
        bump(s)
        if set(self.asked(s, D)) <= set(s["sealed"]):
            answers, s["sealed"] = s["sealed"], {}
            resolve_personal_revenue(s, D, rng, answers)


def has_orders(s: dict, D: Any, seat: str, mine: dict) -> bool:
    """Whether `seat`'s order has a field (order_fields, without building it); `mine` is its roster entry."""
    to, own = mine["recipients"], mine["earners"]
    return bool(mine["governors"] or (to and (len(to) > 1 or len(own) != len(to))) or grain_held(s, D, seat, own))


def order_fields(s: dict, D: Any, seat: str) -> list:
    """The fields of `seat`'s order: spoils per Governor, multiplier per grain Concession, income placement."""
    fields: list = []
    mine = roster(s)[seat]
    govs, to, own = mine["governors"], mine["recipients"], mine["earners"]
    if govs:
        choice = OneOf("spoils", _("Spoils"), (Option(TAKE, _("Take spoils")), Option(DECLINE, _("No spoils"))))
        fields.append(EachOf("spoils", _("Governors' spoils"), _options(D, s, govs), choice))
    grain = grain_held(s, D, seat, own)
    if grain:
        items = tuple(Option(c, _("%(concession)s of %(senator)s", concession=card_name(D, "con:" + c),
                                  senator=senator_name(D, s, sid))) for c, sid in grain)
        fields.append(EachOf("grain", _("Grain multiplier"), items,
                             Number("k", _("Multiplier"), 1, drought_effects(s, D) + 1)))
    if to and (len(to) > 1 or len(own) != len(to)):
        fields.append(EachOf("income", _("Where each Senator's income goes"), _options(D, s, own),
                             OneOf("to", _("Placed on"), _options(D, s, to))))
    return fields


def _options(D: Any, s: dict, sids: list[str]) -> tuple:
    return tuple(senator_option(D, s, sid) for sid in sids)


def default_orders(s: dict, D: Any, seat: str) -> dict:
    values: dict = {}
    names = {f.name for f in order_fields(s, D, seat)}
    if "spoils" in names:
        values["spoils"] = {sid: TAKE for sid in governors(s, seat)}
    if "grain" in names:
        values["grain"] = {c: 1 for c, _sid in grain_held(s, D, seat)}
    if "income" in names:
        values["income"] = {sid: default_recipient(s, seat, sid) for sid in earners(s, seat)}
    return values


def default_recipient(s: dict, seat: str, sid: str) -> str:
    """Each Senator keeps what he earned; a captive's income goes to the Faction Leader (else the first)."""
    to = recipients(s, seat)
    if sid in to:
        return sid
    leader = s["factions"][seat]["leader"]
    return leader if leader in to else to[0]


# ------------------------------------------------------------------------------------ resolution
def resolve_personal_revenue(s: dict, D: Any, rng: Random, answers: dict) -> None:
    """Every seat in seat order: spoils and development rolls, grain, then the placement of the income."""
    for seat in s["seats"]:
        values = answers.get(seat) or default_orders(s, D, seat)
        earned = {sid: fixed_income(s, D, sid, values.get("grain")) for sid in earners(s, seat)}
        for con, sid in grain_held(s, D, seat):
            sell_grain(s, D, con, sid, values.get("grain", {}).get(con, 1))
        for sid in governors(s, seat):
            taken = values.get("spoils", {}).get(sid, TAKE) == TAKE
            earned[sid] += spoils(s, D, rng, sid, taken)
        mark_concession_income(s, D, seat)
        place_income(s, D, seat, earned, values.get("income", {}))
    for sid in sorted_ids(s["senators"]):
        x = s["senators"][sid]
        if x["faction"] is None and governor_of(s, sid) and not x["rebel"]:
            develop(s, D, rng, sid, took_spoils=False)  # an unaligned Governor never takes spoils
    if s["options"]["player_to_player_money"] == VG_ORDER:
        goto(s, D, "revenue_redistribution", rng)
    else:
        goto(s, D, "revenue_state_accounts", rng)


def sell_grain(s: dict, D: Any, con: str, sid: str, k: int) -> None:
    """Rule 6.1 item 4: k times the income; k >= 2 costs k Popularity."""
    if k >= 2:
        change(s, sid, "pop", -k)
    note(s, "grain_sold", senator=sid, concession=con, multiplier=k, amount=concession_income(s, D, con, k),
         popularity=-k if k >= 2 else 0)


def mark_concession_income(s: dict, D: Any, seat: str) -> None:
    """Rule 6.1 item 3: collecting Concession income exposes the holder to a Minor Prosecution."""
    for sid in earners(s, seat):
        x = s["senators"][sid]
        if any(concession_income(s, D, c) for c in x["concessions"]):
            x["minor_eligible"] = True


def spoils(s: dict, D: Any, rng: Random, sid: str, taken: bool) -> int:
    """Rule 6.1 items 5-6: a Governor who takes spoils is corrupt and rolls the Province's spoils (Evil Omens
    -1, Trial of Verres -n, which never takes spoils below 0); a negative result is the State's (step 2).
    Then the development roll. Returns what the Governor earns."""
    pid = governor_of(s, sid)
    gain = 0
    if taken:
        s["senators"][sid]["corrupt"] = True
        result = province_roll(s, D, rng, pid, "spoils", sid) - evil_omens(s)
        verres = s.get("trial_of_verres", 0)
        if verres and result > 0:
            result = max(0, result - verres)
        gain = max(result, 0)
        s["ctx"]["spoils_debt"] += max(-result, 0)
        note(s, "spoils", senator=sid, province=pid, result=result)
    else:
        note(s, "spoils_declined", senator=sid, province=pid)
    develop(s, D, rng, sid, took_spoils=taken)
    return gain


def province_roll(s: dict, D: Any, rng: Random, pid: str, which: str, sid: str | None) -> int:
    """The Province's `spoils` or `state_income` dice expression, on the side it shows."""
    side = "developed" if s["provinces"][pid]["developed"] else "undeveloped"
    return roll_expression(s, rng, D.provinces[pid][side][which], which, province=pid, senator=sid)


def develop(s: dict, D: Any, rng: Random, sid: str, took_spoils: bool) -> None:
    """Rule 6.1 item 6: the Governor of an undeveloped Province rolls 1d6, +1 without spoils, -1 per Evil
    Omens; 6 or more develops it and gives him +3 Influence."""
    pid = governor_of(s, sid)
    if s["provinces"][pid]["developed"]:
        return
    table = D.tables["development"]
    total = sum(roll(s, rng, 1, "development", province=pid, senator=sid)) + (0 if took_spoils else 1) - evil_omens(s)
    if total >= table["target"]:
        s["provinces"][pid]["developed"] = True
        change(s, sid, "inf", table["influence_gain"])
        note(s, "province_developed", province=pid, senator=sid, influence=table["influence_gain"])
        from .business import check_consul_for_life
        check_consul_for_life(s, D)  # spec 18.20 (a Governor is not in Rome: he waits until he is)


def place_income(s: dict, D: Any, seat: str, earned: dict, mapping: dict) -> None:
    """Rule 6.1 item 8: each Senator's income goes to the Senator the player named (default: himself)."""
    to = recipients(s, seat)
    if not to:
        return  # every Senator of the faction is captive: nobody can receive (reading)
    placed: dict[str, int] = {}
    for sid, amount in earned.items():
        target = mapping.get(sid) or default_recipient(s, seat, sid)
        placed[target] = placed.get(target, 0) + amount
    for sid, amount in placed.items():
        s["senators"][sid]["talents"] += amount
    note(s, "income_placed", seat=seat, placed={sid: placed[sid] for sid in sorted_ids(placed)},
         total=sum(placed.values()))


# ------------------------------------------------------------------------------------ narration
def _province(t: Any, pid: str) -> str:
    return name_of(t.D.provinces[pid]["name"])


@narrates("grain_sold")
def _grain(t: Any, n: dict) -> str:
    if n["multiplier"] >= 2:
        return _("%(senator)s sells %(concession)s at %(k)d times the price: %(amount)s, and loses %(pop)d Popularity.",
                 senator=t.senator(n["senator"]), concession=t.card("con:" + n["concession"]), k=n["multiplier"],
                 amount=t.talents(n["amount"]), pop=-n["popularity"])
    return _("%(senator)s sells %(concession)s at the usual price: %(amount)s.", senator=t.senator(n["senator"]),
             concession=t.card("con:" + n["concession"]), amount=t.talents(n["amount"]))


@narrates("spoils")
def _spoils(t: Any, n: dict) -> str:
    where = _province(t, n["province"])
    if n["result"] >= 0:
        return _("%(senator)s, Governor of %(province)s, takes spoils: %(amount)s.", senator=t.senator(n["senator"]),
                 province=where, amount=t.talents(n["result"]))
    return _("%(senator)s, Governor of %(province)s, takes spoils: nothing, and the State owes %(amount)s.",
             senator=t.senator(n["senator"]), province=where, amount=t.talents(-n["result"]))


@narrates("spoils_declined")
def _declined(t: Any, n: dict) -> str:
    return _("%(senator)s, Governor of %(province)s, takes no spoils.", senator=t.senator(n["senator"]),
             province=_province(t, n["province"]))


@narrates("province_developed")
def _developed(t: Any, n: dict) -> str:
    return _("%(province)s is developed: %(senator)s gains %(n)d Influence.", province=_province(t, n["province"]),
             senator=t.senator(n["senator"]), n=n["influence"])


@narrates("income_placed")
def _income(t: Any, n: dict) -> str:
    parts = t.list(_("%(senator)s %(amount)s", senator=t.senator(sid), amount=t.talents(a))
                   for sid, a in n["placed"].items())
    if t.you(n["seat"]):
        return _("Your income of %(total)s is placed: %(parts)s.", total=t.talents(n["total"]), parts=parts)
    return _("The income of %(seat)s, %(total)s, is placed: %(parts)s.", seat=t.who(n["seat"]),
             total=t.talents(n["total"]), parts=parts)


ROLL_PURPOSES.update({"spoils": _("provincial spoils"), "state_income": _("a Province's income to the State"),
                      "development": _("a Province's development")})


from . import redistribution, state_accounts  # noqa: E402,F401  (register steps 2 and 3 of the phase)
