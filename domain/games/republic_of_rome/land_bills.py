"""Land Bills and their repeal (Rule 9.8.6; the table is data: D.tables["land_bills"]).

A Land Bill names a consenting sponsor and co-sponsor in Rome; at most one of each type is proposed per
turn and no more than its markers may be in effect; nobody may abstain. Voting against costs Popularity
whether it passes or not (a faction that vetoes does not vote, so it loses nothing). When sponsor and
co-sponsor are of one faction the proposal says so (`same_faction_sponsors`): the vote engine offers the
free assassination attempt (decision 44).

A repeal (Types II and III, once per turn) names a sponsor whose Popularity covers all he will lose; he
loses the sponsor's amount and must vote for it (`must_vote_yes`), losing the voting-for amount as well;
every other Senator voting for it loses that amount too, whether it passes or not [A].

Per turn in `s["senate"]`: land_bills_proposed [types], repeal_tried.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction

from .business import Kind, in_rome_aligned, kind, senator_options
from .names import senator_name
from .narrate import narrates
from .senate import proposal, refused
from .state import change, note
from .voting import words


def bill(D: Any, kind_: str) -> dict:
    return next(b for b in D.tables["land_bills"] if b["type"] == kind_)


def types_open(s: dict, D: Any) -> list[str]:
    proposed = set(s["senate"].get("land_bills_proposed", []))
    return [b["type"] for b in D.tables["land_bills"]
            if b["type"] not in proposed and s["land_bills"].get(b["type"], 0) < b["max_in_effect"]]


def type_options(types: list[str]) -> tuple[Option, ...]:
    return tuple(Option(t, _("Type %(type)s", type=t)) for t in types)


def unrest(s: dict, delta: int) -> None:
    s["unrest"] = max(0, s["unrest"] + delta)  # spec 18.29: never below 0


def voters(value: dict, vote: str) -> list[str]:
    return [sid for sid, v in value.get("votes", {}).items() if v == vote]


@kind
class LandBill(Kind):
    """Rule 9.8.6 (decision 37 land_bill)."""

    name = "land_bill"
    label = _("Propose a Land Bill")

    def available(self, s: dict, D: Any) -> bool:
        return self.first(s, D) is not None

    def first(self, s: dict, D: Any) -> dict | None:
        """The first legal bill: a type still open, two Senators who have not refused to sponsor it."""
        people = in_rome_aligned(s)
        for kind_ in types_open(s, D):
            free = [sid for sid in people if not refused(s, sid, "land_bill:" + kind_)]
            if len(free) >= 2:
                return {"type": kind_, "sponsor": free[0], "cosponsor": free[1]}
        return None

    def form(self, s: dict, D: Any) -> Form:
        people = senator_options(D, s, in_rome_aligned(s))
        return Form((OneOf("type", _("Land Bill"), type_options(types_open(s, D))),
                     OneOf("sponsor", _("Sponsor"), people), OneOf("cosponsor", _("Co-sponsor"), people)))

    def default(self, s: dict, D: Any) -> dict:
        return self.first(s, D)

    def check(self, s: dict, D: Any, values: dict) -> None:
        if values["sponsor"] == values["cosponsor"]:
            raise IllegalAction(_("The sponsor and the co-sponsor must be two different Senators."))
        for sid in (values["sponsor"], values["cosponsor"]):
            if refused(s, sid, "land_bill:" + values["type"]):
                raise IllegalAction(_("%(senator)s has refused to sponsor this Land Bill.",
                                      senator=senator_name(D, s, sid)))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        same = s["senators"][values["sponsor"]]["faction"] == s["senators"][values["cosponsor"]]["faction"]
        return [{**proposal(s, self.name, type=values["type"], sponsor=values["sponsor"],
                            cosponsor=values["cosponsor"]), "abstain": False, "same_faction_sponsors": same}]

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        return [prop["sponsor"], prop["cosponsor"]]

    def consent_key(self, prop: dict) -> str:
        return "land_bill:" + prop["type"]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        b = bill(D, prop["type"])
        s["senate"]["land_bills_proposed"] = s["senate"].get("land_bills_proposed", []) + [prop["type"]]
        against = [sid for sid in voters(value, "no") if sid in s["senators"]]
        for sid in against:
            change(s, sid, "pop", b["voting_against_popularity"])
        if against:
            note(s, "land_bill_opponents", senators=against, popularity=-b["voting_against_popularity"])
        if not value["passed"]:
            return
        s["land_bills"][prop["type"]] = s["land_bills"].get(prop["type"], 0) + 1
        unrest(s, b["pass_unrest"])
        for role in ("sponsor", "cosponsor"):
            if prop[role] in s["senators"]:
                change(s, prop[role], "pop", b[role + "_popularity"])
        note(s, "land_bill_passed", type=prop["type"], sponsor=prop["sponsor"], cosponsor=prop["cosponsor"])


def repealable(s: dict, D: Any) -> list[str]:
    return [b["type"] for b in D.tables["land_bills"] if b.get("repealable") and s["land_bills"].get(b["type"], 0) > 0]


def repeal_sponsors(s: dict, D: Any, kind_: str) -> list[str]:
    """Senators in Rome popular enough to sponsor the repeal who have not refused it this turn."""
    need = bill(D, kind_)["repeal_sponsor_min_popularity"]
    return [sid for sid in in_rome_aligned(s) if s["senators"][sid]["pop"] >= need
            and not refused(s, sid, "repeal_land_bill:" + kind_)]


@kind
class RepealLandBill(Kind):
    """Rule 9.8.6: repeal a Type II or III Land Bill (decision 37 repeal_land_bill)."""

    name = "repeal_land_bill"
    label = _("Propose to repeal a Land Bill")

    def choices(self, s: dict, D: Any) -> list[str]:
        return [k for k in repealable(s, D) if repeal_sponsors(s, D, k)]

    def available(self, s: dict, D: Any) -> bool:
        return not s["senate"].get("repeal_tried") and bool(self.choices(s, D))

    def form(self, s: dict, D: Any) -> Form:
        ids = sorted({sid for k in self.choices(s, D) for sid in repeal_sponsors(s, D, k)})
        return Form((OneOf("type", _("Land Bill to repeal"), type_options(self.choices(s, D))),
                     OneOf("sponsor", _("Sponsor of the repeal"), senator_options(D, s, ids))))

    def default(self, s: dict, D: Any) -> dict:
        k = self.choices(s, D)[0]
        return {"type": k, "sponsor": repeal_sponsors(s, D, k)[0]}

    def check(self, s: dict, D: Any, values: dict) -> None:
        if refused(s, values["sponsor"], "repeal_land_bill:" + values["type"]):
            raise IllegalAction(_("%(senator)s has refused to sponsor this repeal.",
                                  senator=senator_name(D, s, values["sponsor"])))
        if values["sponsor"] not in repeal_sponsors(s, D, values["type"]):
            raise IllegalAction(_("%(senator)s is not popular enough to sponsor this repeal.",
                                  senator=senator_name(D, s, values["sponsor"])))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        return [{**proposal(s, self.name, type=values["type"], sponsor=values["sponsor"]),
                 "must_vote_yes": [values["sponsor"]]}]

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        return [prop["sponsor"]]

    def consent_key(self, prop: dict) -> str:
        return "repeal_land_bill:" + prop["type"]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        b = bill(D, prop["type"])
        s["senate"]["repeal_tried"] = True
        sponsor = prop["sponsor"]
        if sponsor in s["senators"]:
            change(s, sponsor, "pop", b["repeal_sponsor_popularity"] + b["repeal_voting_for_popularity"])
        backers = [sid for sid in voters(value, "yes") if sid in s["senators"] and sid != sponsor]
        for sid in backers:
            change(s, sid, "pop", b["repeal_voting_for_popularity"])
        note(s, "repeal_costs", sponsor=sponsor, senators=backers)
        if value["passed"] and s["land_bills"].get(prop["type"], 0) > 0:
            s["land_bills"][prop["type"]] -= 1
            unrest(s, b["repeal_unrest"])
            note(s, "land_bill_repealed", type=prop["type"])


@words("land_bill")
def _bill_words(D: Any, s: dict, p: dict) -> str:
    return _("a Type %(type)s Land Bill sponsored by %(sponsor)s and %(cosponsor)s", type=p["type"],
             sponsor=senator_name(D, s, p["sponsor"]), cosponsor=senator_name(D, s, p["cosponsor"]))


@words("repeal_land_bill")
def _repeal_words(D: Any, s: dict, p: dict) -> str:
    return _("to repeal a Type %(type)s Land Bill (sponsor %(sponsor)s)", type=p["type"],
             sponsor=senator_name(D, s, p["sponsor"]))


@narrates("land_bill_opponents")
def _opponents(t: Any, n: dict) -> str:
    return _("Voting against the Land Bill costs %(senators)s %(n)d Popularity each.",
             senators=t.list(t.senator(sid) for sid in n["senators"]), n=n["popularity"])


@narrates("land_bill_passed")
def _passed(t: Any, n: dict) -> str:
    return _("The Type %(type)s Land Bill is law: Unrest falls; %(sponsor)s and %(cosponsor)s gain Popularity.",
             type=n["type"], sponsor=t.senator(n["sponsor"]), cosponsor=t.senator(n["cosponsor"]))


@narrates("repeal_costs")
def _repeal_costs(t: Any, n: dict) -> str:
    if not n["senators"]:
        return _("Sponsoring the repeal costs %(sponsor)s Popularity.", sponsor=t.senator(n["sponsor"]))
    return _("Sponsoring the repeal costs %(sponsor)s Popularity; voting for it costs %(senators)s Popularity.",
             sponsor=t.senator(n["sponsor"]), senators=t.list(t.senator(sid) for sid in n["senators"]))


@narrates("land_bill_repealed")
def _repealed(t: Any, n: dict) -> str:
    return _("A Type %(type)s Land Bill is repealed: Unrest rises.", type=n["type"])
