"""Governorships (Rule 9.8.1): right after the Prosecutions, every Province in the Forum gets a Governor
before any other business (senate_elect_governors); later, in other business, the same proposal recalls
Governors (a new Governor for a Province whose Governor was not elected this turn) or fills a Province left
vacant by a death.

One form names a Senator (or nobody) for each Province; the PM chooses whether the nominations are one
proposal (Rule 9.8.1: several may be combined) or one vote each (issue #15: several proposals on the floor
in one message). A candidate rejected for a Province is not nominated for it again this turn; when one
candidate is left he is appointed. Per turn, in `s["senate"]`: governor_failed {province: [sids]},
governors_elected [provinces], recalled [sids].
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import EachOf, Form, OneOf, Option, encode
from domain.i18n import _
from domain.rules import IllegalAction

from .business import NONE, Kind, kind, submit
from .machine import FORM, Step, state
from .names import name_of, candidate_name, senator_name
from .narrate import narrates
from .senate import advance, pm_seat, proposal, refused
from .state import in_rome, note, sort_key
from .voting import order_field, words

TOGETHER, SEPARATELY = "together", "separately"


def province_label(D: Any, pid: str) -> str:
    return name_of(D.provinces[pid]["name"])


def vacant(s: dict) -> list[str]:
    return list(s["forum"]["provinces"])


def recallable(s: dict) -> list[str]:
    """Rule 9.8.1: a governed Province whose Governor was not elected this turn."""
    elected = set(s["senate"].get("governors_elected", []))
    return sorted(p for p, v in s["provinces"].items() if v.get("governor") is not None and p not in elected)


def came_back(s: dict, sid: str) -> bool:
    """A Governor who returned (end of term: the Revenue Phase records it in log_turn) or was recalled this
    turn: not sent out again without his consent unless nobody else can go."""
    back = s.get("log_turn", {}).get("returned_governors", []) if isinstance(s.get("log_turn"), dict) else []
    return sid in back or sid in s["senate"].get("recalled", [])


def candidates(s: dict, pid: str) -> list[str]:
    """Rule 9.8.1: any Senator in Rome, aligned or unaligned, holding no Major Office, not rejected for this
    Province this turn, and not already governing it."""
    failed = set(s["senate"].get("governor_failed", {}).get(pid, []))
    current = s["provinces"].get(pid, {}).get("governor")
    return sorted((sid for sid, x in s["senators"].items() if in_rome(s, sid) and x["office"] is None
                   and sid not in failed and sid != current), key=sort_key)


def needs_consent(s: dict, pid: str, sid: str) -> bool:
    others = [c for c in candidates(s, pid) if not came_back(s, c)]
    return came_back(s, sid) and bool(others)


@kind
class Governors(Kind):
    """Rule 9.8.1 (decision 35): Governors for Provinces, recalls included."""

    name = "governors"
    label = _("Elect Governors or recall one")

    def provinces(self, s: dict) -> list[str]:
        return [p for p in vacant(s) + recallable(s) if candidates(s, p)]

    def available(self, s: dict, D: Any) -> bool:
        return bool(self.provinces(s))

    def form(self, s: dict, D: Any) -> Form:
        items = tuple(Option(p, province_label(D, p)) for p in self.provinces(s))
        everyone = sorted({sid for p in self.provinces(s) for sid in candidates(s, p)}, key=sort_key)
        who = (Option(NONE, _("Nobody")),) + tuple(Option(sid, candidate_name(D, s, sid)) for sid in everyone)
        how = (Option(SEPARATELY, _("One vote for each Governor")), Option(TOGETHER, _("One vote for all of them")))
        return Form((EachOf("governors", _("Governors"), items, OneOf("senator", _("Senator"), who)),
                     OneOf("vote", _("Voting"), how)))

    def default(self, s: dict, D: Any) -> dict:
        first = self.provinces(s)[0]
        pick = next(c for c in candidates(s, first) if not needs_consent(s, first, c))
        return {"governors": {p: (pick if p == first else NONE) for p in self.provinces(s)}, "vote": SEPARATELY}

    def check(self, s: dict, D: Any, values: dict) -> None:
        picks = {p: sid for p, sid in values["governors"].items() if sid != NONE}
        if not picks:
            raise IllegalAction(_("Name a Governor for at least one Province."))
        if len(set(picks.values())) != len(picks):
            raise IllegalAction(_("A Senator can govern only one Province."))
        for p, sid in picks.items():
            if sid not in candidates(s, p):
                raise IllegalAction(_("%(senator)s cannot be Governor of %(province)s now.",
                                      senator=senator_name(D, s, sid), province=province_label(D, p)))
            if needs_consent(s, p, sid) and refused(s, sid, "governors"):
                raise IllegalAction(_("%(senator)s has refused to go out again as Governor.",
                                      senator=senator_name(D, s, sid)))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        picks = sorted([p, sid] for p, sid in values["governors"].items() if sid != NONE)
        if values["vote"] == TOGETHER:
            return [proposal(s, self.name, governors=picks)]
        return [proposal(s, self.name, governors=[pick]) for pick in picks]

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        return [sid for p, sid in prop["governors"] if needs_consent(s, p, sid) and s["senators"][sid]["faction"]]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"]:
            failed = dict(s["senate"].get("governor_failed", {}))
            for p, sid in prop["governors"]:
                failed[p] = failed.get(p, []) + [sid]
            s["senate"]["governor_failed"] = failed
            return
        for p, sid in prop["governors"]:
            if sid in s["senators"] and in_rome(s, sid):
                install_governor(s, D, p, sid)


def install_governor(s: dict, D: Any, pid: str, sid: str) -> None:
    """Rule 9.8.1: the Governor leaves Rome at once with a term of 3 turns; a Governor he replaces is recalled
    (back to Rome; with `recalled_governor_stays_corrupt` off he is no longer exposed for his spoils)."""
    old = s["provinces"][pid].get("governor")
    if old is not None and old in s["senators"]:
        s["senators"][old]["location"] = "rome"
        if not s["options"].get("recalled_governor_stays_corrupt"):
            s["senators"][old]["corrupt"] = False
        s["senate"]["recalled"] = s["senate"].get("recalled", []) + [old]
        note(s, "governor_recalled", senator=old, province=pid)
    s["provinces"][pid]["governor"] = sid
    s["provinces"][pid]["term"] = D.c("governor_term_turns")
    s["senators"][sid]["location"] = f"province:{pid}"
    s["forum"]["provinces"] = [p for p in s["forum"]["provinces"] if p != pid]
    s["senate"]["governors_elected"] = s["senate"].get("governors_elected", []) + [pid]
    note(s, "governor_elected", senator=sid, province=pid)


@state
class SenateElectGovernors(Step):
    """Rule 9.8.1: every Province in the Forum needs a Governor before any other business; a Province with
    one candidate left gets him without a vote; one with none stays vacant."""

    name = "senate_elect_governors"
    short = "governors"
    kind = "nominate_governors"
    forced_public = True
    waiting = _("to nominate Governors")

    def open(self, s: dict) -> list[str]:
        return [p for p in vacant(s) if p not in s["senate"].get("governors_skipped", [])]

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        for p in self.open(s):
            left = candidates(s, p)
            if len(left) == 1:
                note(s, "last_governor_appointed", senator=left[0], province=p)
                install_governor(s, D, p, left[0])
            elif not left:
                s["senate"]["governors_skipped"] = s["senate"].get("governors_skipped", []) + [p]
                note(s, "province_stays_vacant", province=p)
        if not self.open(s) or pm_seat(s) is None:
            advance(s, D, rng, "senate_other_business")

    def legal(self, s: dict, D: Any) -> dict:
        return {pm_seat(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        k = Governors()
        items = tuple(Option(p, province_label(D, p)) for p in self.open(s))
        everyone = sorted({sid for p in self.open(s) for sid in candidates(s, p)}, key=sort_key)
        who = (Option(NONE, _("Nobody")),) + tuple(Option(sid, candidate_name(D, s, sid)) for sid in everyone)
        base = k.form(s, D)
        fields = (EachOf("governors", _("Governors"), items, OneOf("senator", _("Senator"), who)), base.fields[1],
                  order_field())
        return Form(fields, encode(self.default(s, D, seat, [])))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        Governors().check(s, D, values)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Presiding Magistrate, nominate Governors for the Provinces in the Forum: %(provinces)s.",
                 provinces=_list(province_label(D, p) for p in self.open(s)))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """[A] A PM who misses the deadline nominates the lowest-numbered candidate for the first Province."""
        first = self.open(s)[0]
        pick = next(c for c in candidates(s, first) if not needs_consent(s, first, c))
        return {"governors": {p: (pick if p == first else NONE) for p in self.open(s)}, "vote": SEPARATELY,
                "order": "first"}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        from .state import bump
        bump(s)
        submit(s, D, rng, "governors", values, self.name)


def _list(items: Any) -> str:
    from domain.rules import comma_list
    return comma_list(items)


@words("governors")
def _governors_words(D: Any, s: dict, p: dict) -> str:
    return _list(_("%(senator)s as Governor of %(province)s", senator=senator_name(D, s, sid),
                   province=province_label(D, pid)) for pid, sid in p["governors"])


@narrates("governor_elected")
def _elected(t: Any, n: dict) -> str:
    return _("%(senator)s leaves Rome as Governor of %(province)s.", senator=t.senator(n["senator"]),
             province=province_label(t.D, n["province"]))


@narrates("governor_recalled")
def _recalled(t: Any, n: dict) -> str:
    return _("%(senator)s is recalled from %(province)s and returns to Rome.", senator=t.senator(n["senator"]),
             province=province_label(t.D, n["province"]))


@narrates("last_governor_appointed")
def _last(t: Any, n: dict) -> str:
    return _("%(senator)s is the only candidate left for %(province)s and is appointed.",
             senator=t.senator(n["senator"]), province=province_label(t.D, n["province"]))


@narrates("province_stays_vacant")
def _vacant(t: Any, n: dict) -> str:
    return _("Nobody can govern %(province)s: it stays in the Forum.", province=province_label(t.D, n["province"]))
