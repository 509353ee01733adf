"""Other business (Rule 9.8.2-9.8.7, 9.10): after the Governors the PM proposes what he wants, one kind of
proposal at a time, or adjourns.

The PM first picks the kind (senate_other_business: a short list of the kinds possible now, and
"adjourn"), then fills that kind's form (senate_propose: enumerated or bounded fields). A proposal that
needs a Senator's consent asks his faction first (senate_consent); then the vote engine runs the vote and
`senate_business_result` applies the result. Each kind is a `Kind` in KINDS (this module: concessions,
Land Bills and their repeal, Consul for Life, the Rhodian alliance, minor motions; forces.py: forces and
commands; governors.py: governors and recalls).

Per-turn records in `s["senate"]`: failed_concessions, land_bills_proposed [types], repeal_tried,
consul_for_life_voted, rhodian_voted, thanked [sids], suspended [{kind, proposal}] (Rule 9.3: a vote suspended
by a Tribune, voted again once the Tribune's proposal is done). `s["consul_for_life"]` = {senator, seat, turn} once
somebody is Consul for Life (Rule 9.10; the end of the turn reads it, Rule 12.3-12.4).
"""
from __future__ import annotations

from random import Random
from typing import Any, Iterable

from domain.forms import EachOf, Form, OneOf, Option, encode
from domain.i18n import _
from domain.rules import IllegalAction

from .machine import FORM, Step, goto, state
from .names import card_name, candidate_name, senator_name
from .narrate import narrates
from . import tribunes
from .senate import advance, after_vote, pm_seat, proposal
from .state import aligned, bump, in_rome, note, sort_key
from .voting import order_field, proposal_words, start_vote, start_votes, words

NONE = "none"


class Kind:
    """One kind of proposal: when it is possible, its form, its checks, the proposal(s) it makes (without
    touching the state), whose consent it needs, and what a vote's result does.

    A kind either lists the answers worth trying (`tries`, smallest first): then its default is the first
    one the rules accept that the Senate has not defeated this turn, and it is offered while one exists;
    or it defines `available` and `default` itself."""

    name = ""
    label = ""

    def available(self, s: dict, D: Any) -> bool:
        return self.default(s, D) is not None

    def form(self, s: dict, D: Any) -> Form | None:
        return None  # None: the proposal has no parameters

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        return ()

    def default(self, s: dict, D: Any) -> dict | None:
        return next((v for v in self.tries(s, D) if self.acceptable(s, D, v)), None)

    def acceptable(self, s: dict, D: Any, values: dict) -> bool:
        try:
            self.check(s, D, values)
        except IllegalAction:
            return False
        return not any(defeated(s, p) for p in self.proposals(s, D, values))

    def check(self, s: dict, D: Any, values: dict) -> None:
        pass

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        return [proposal(s, self.name, **values)]

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        return []

    def consent_key(self, prop: dict) -> str:
        return self.name

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        pass

    def still_possible(self, s: dict, D: Any, prop: dict) -> bool:
        """Whether a proposal suspended by a Tribune (Rule 9.3) can still be voted."""
        return True


KINDS: dict[str, Kind] = {}
NOT_MATERIAL = frozenset({"by", "pm", "tribune", "vetoable", "abstain", "unanimity_penalty", "order", "extra_yes",
                          "extra_no", "cost", "sends_to_war", "same_faction_sponsors", "must_vote_yes",
                          "reservable"})


def proposal_key(prop: dict) -> str:
    """What makes a proposal the same proposal (Rule 9.2): its kind and parameters, not who puts it or how."""
    return encode({k: v for k, v in prop.items() if k not in NOT_MATERIAL})


def defeated(s: dict, prop: dict) -> bool:
    """Rule 9.2: defeated (or vetoed) this turn, so not put again unless materially changed."""
    return proposal_key(prop) in s["senate"].get("defeated", [])


def kind(cls: type[Kind]) -> type[Kind]:
    KINDS[cls.name] = cls()
    return cls


def in_rome_aligned(s: dict) -> list[str]:
    return sorted((sid for sid in aligned(s) if in_rome(s, sid)), key=sort_key)


def senator_options(D: Any, s: dict, ids: list[str]) -> tuple[Option, ...]:
    return tuple(Option(sid, candidate_name(D, s, sid)) for sid in ids)


WITHDRAW, WITHDRAW_ADJOURN = "withdraw", "withdraw_adjourn"


def then_field(tribune: bool = False) -> OneOf:
    """What the PM does once this vote is over (an advance order, as the by-mail game masters took them): one
    round trip less for his last proposal; it lapses if somebody else presides by then. Or he withdraws the
    proposal before any vote (then chooses again, or adjourns: the game masters' "no proposal", the missed
    deadline's answer). A Tribune's faction only puts its proposal or withdraws it (Rule 9.3)."""
    if tribune:
        return OneOf("then", _("This proposal"), (Option("continue", _("Put it to the vote")),
                                                  Option(WITHDRAW, _("Withdraw it: no proposal"))))
    return OneOf("then", _("After this vote"), (
        Option("continue", _("I make another proposal or adjourn then")),
        Option("adjourn", _("Adjourn the Senate")),
        Option(WITHDRAW, _("Withdraw this proposal before the vote, and choose again")),
        Option(WITHDRAW_ADJOURN, _("Withdraw this proposal before the vote, and adjourn the Senate"))))


def with_order(s: dict, D: Any, k: Kind) -> Form:
    """The kind's form with the PM's voting order (Rule 9.2) and what he does after the vote; its default the
    kind's minimal proposal. A Tribune's proposal (Rule 9.3) has neither: the order is the PM's, and a Tribune
    cannot adjourn."""
    if tribune_seat(s) is not None:
        return Form(k.form(s, D).fields + (then_field(tribune=True),), encode({**k.default(s, D), "then": "continue"}))
    return Form(k.form(s, D).fields + (order_field(), then_field()),
                encode({**k.default(s, D), "order": "first", "then": "continue"}))


# ------------------------------------------------------------------------------ the Tribune's proposal
def tribune_seat(s: dict) -> str | None:
    """Rule 9.3: the faction that reserved the next proposal with a Tribune (tribunes.reserve) makes it, in
    other business, instead of the PM."""
    seat = tribunes.reserved(s)
    return seat if seat in s["seats"] and not s["factions"][seat].get("eliminated") else None


def proposer(s: dict) -> str | None:
    """Who makes the next proposal: the Tribune's faction, else the PM's."""
    return tribune_seat(s) or pm_seat(s)


def as_tribunes(props: list[dict], seat: str) -> list[dict]:
    """Rule 9.3, 9.1: a Tribune's proposal is his faction's (no unanimous-defeat penalty for the PM, no
    reservation during it); the PM's standing order ("clockwise from me") sets the voting order [A]."""
    return [{**p, "by": seat, "tribune": True, "unanimity_penalty": False, "reservable": False} for p in props]


# ------------------------------------------------------------------------------------------ the states
@state
class SenateOtherBusiness(Step):
    """Rule 9.8.2, 9.9: the PM chooses the next kind of proposal, or adjourns."""

    name = "senate_other_business"
    short = "business"
    kind = "other_business"
    forced_public = True
    waiting = _("to make a proposal or adjourn the Senate")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["senate"]["stage"] = "other"
        if tribunes.reserved(s) is not None and tribune_seat(s) is None:
            tribunes.clear_reservation(s)
        if tribune_seat(s) is not None:
            return  # Rule 9.3: the Tribune's proposal comes first (even after an order to adjourn)
        if s["senate"].get("suspended") and resume_suspended(s, D, rng):
            return
        ordered = s["senate"].pop("adjourn_after", None)
        if pm_seat(s) is None or (ordered is not None and ordered == s["senate"]["pm"]):
            goto(s, D, "senate_adjourn", rng)

    def legal(self, s: dict, D: Any) -> dict:
        kinds = [k for k, x in KINDS.items() if x.available(s, D)]
        seat = tribune_seat(s)
        if seat is not None:
            return {seat: [NONE] + kinds}  # Rule 9.3: a Tribune cannot propose adjournment
        return {pm_seat(s): ["adjourn"] + kinds}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == NONE:
            return _("Make no proposal after all")
        return _("Adjourn the Senate") if cid == "adjourn" else KINDS[cid].label

    def text(self, s: dict, D: Any, seat: str) -> str:
        if tribune_seat(s) is not None:
            return _("You played a Tribune: choose what you propose to the Senate.")
        return _("As Presiding Magistrate, choose what to propose next, or adjourn the Senate.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """ror-by-mail.md: no proposals; the Senate adjourns (a Tribune's faction: no proposal)."""
        return NONE if NONE in ids else "adjourn"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        if cid == NONE:
            tribunes.clear_reservation(s)
            note(s, "tribune_proposes_nothing", seat=seat)
            advance(s, D, rng, self.name)
        elif cid == "adjourn":
            goto(s, D, "senate_adjourn", rng)
        elif KINDS[cid].form(s, D) is None:
            submit(s, D, rng, cid, {}, self.name)
        else:
            s["ctx"]["kind"] = cid
            goto(s, D, "senate_propose", rng)


def resume_suspended(s: dict, D: Any, rng: Random) -> bool:
    """Rule 9.3: after the Tribune's proposal, the suspended one is put to a new vote [A: the votes cast
    before the suspension are void], unless that proposal made it impossible: then it fails. True when a
    vote has started."""
    waiting = s["senate"].pop("suspended")
    for item in waiting:
        k, prop = KINDS[item["kind"]], item["proposal"]
        if not k.still_possible(s, D, prop):
            note(s, "suspended_fails", proposal=prop)
            continue
        note(s, "suspended_resumes", proposal=prop)
        s["ctx"]["pending"] = {"kind": item["kind"], "proposals": [prop], "back": "senate_other_business"}
        put_to_vote(s, D, rng)
        return True
    return False


@state
class SenatePropose(Step):
    """Rule 9.8: the PM's proposal of the kind he chose, as one form."""

    name = "senate_propose"
    short = "propose"
    kind = "propose"
    waiting = _("to make a proposal")

    def legal(self, s: dict, D: Any) -> dict:
        return {proposer(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return with_order(s, D, KINDS[s["ctx"]["kind"]])

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        if values.get("then") in (WITHDRAW, WITHDRAW_ADJOURN):
            return  # nothing is proposed
        k = KINDS[s["ctx"]["kind"]]
        k.check(s, D, values)
        rest = {f: v for f, v in values.items() if f not in ("order", "then")}
        if any(defeated(s, p) for p in k.proposals(s, D, rest)):
            raise IllegalAction(_("The Senate has already rejected this proposal this turn: change it."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Your proposal: %(kind)s.", kind=KINDS[s["ctx"]["kind"]].label)

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no proposals: the proposal is withdrawn and the Senate adjourns (a Tribune's
        faction withdraws its proposal). The other fields keep the form's first offer."""
        if tribune_seat(s) is not None:
            return {**KINDS[s["ctx"]["kind"]].default(s, D), "then": WITHDRAW}
        return {**KINDS[s["ctx"]["kind"]].default(s, D), "order": "first", "then": WITHDRAW_ADJOURN}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        kind = s["ctx"].pop("kind")
        if values.get("then") in (WITHDRAW, WITHDRAW_ADJOURN):
            note(s, "proposal_withdrawn", seat=seat, adjourn=values["then"] == WITHDRAW_ADJOURN)
            if tribune_seat(s) is not None:
                tribunes.clear_reservation(s)
            if values["then"] == WITHDRAW_ADJOURN:
                goto(s, D, "senate_adjourn", rng)
            else:
                advance(s, D, rng, "senate_other_business")
            return
        submit(s, D, rng, kind, values, "senate_other_business")


def submit(s: dict, D: Any, rng: Random, name: str, values: dict, back: str) -> None:
    """Put the proposal(s) of kind `name` to the Senate: the consents first, then the vote(s)."""
    from .senate import ask_consent
    k = KINDS[name]
    values = dict(values)
    order = values.pop("order", None)
    if values.pop("then", None) == "adjourn":
        s["senate"]["adjourn_after"] = s["senate"]["pm"]
    props = [{**p, "order": order} if order else p for p in k.proposals(s, D, values)]
    by = tribune_seat(s)
    if by is not None:
        tribunes.clear_reservation(s)
        props = as_tribunes(props, by)
    else:
        by = pm_seat(s)
        if s["senate"]["stage"] == "other":
            props = [{"reservable": True, **p} for p in props]  # Rule 9.3: a Tribune may reserve the next one
    s["ctx"]["pending"] = {"kind": name, "proposals": props, "back": back}
    ask = [sid for p in props for sid in k.consents(s, D, p) if s["senators"][sid]["faction"] != by]
    if ask:
        ask_consent(s, D, rng, sorted(set(ask), key=sort_key), k.consent_key(props[0]), "business", back)
    else:
        put_to_vote(s, D, rng)


def put_to_vote(s: dict, D: Any, rng: Random) -> None:
    props = s["ctx"]["pending"]["proposals"]
    if len(props) == 1:
        start_vote(s, D, rng, props[0], then="senate_business_result",
                   first=pm_seat(s) if props[0].get("tribune") else None)
    else:
        start_votes(s, D, rng, props, then="senate_business_result")


@state
class SenateBusinessResult(Step):
    """Where a vote on other business returns: its result applied (Rule 9.2: at once), then the agenda."""

    name = "senate_business_result"

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        pending = s["ctx"].pop("pending")
        results = value["results"] if "results" in value else [value]
        k = KINDS[pending["kind"]]
        for prop, result in zip(pending["proposals"], results):
            if result.get("suspended"):  # Rule 9.3: voted again after the Tribune's proposal
                s["senate"]["suspended"] = s["senate"].get("suspended", []) + [{"kind": pending["kind"], "proposal": prop}]
                continue
            if not result["passed"] and not result.get("cancelled"):
                s["senate"]["defeated"] = s["senate"].get("defeated", []) + [proposal_key(prop)]
            k.apply(s, D, rng, prop, result)
        if s["senate"].get("closed"):
            goto(s, D, "senate_adjourn", rng)  # Rule 9.8.5: the PM was sent away
            return
        defeated = next((i for i, r in enumerate(results) if r.get("unanimous_defeat")), None)
        i = defeated if defeated is not None else 0
        after_vote(s, D, rng, pending["proposals"][i], results[i], pending["back"])


@narrates("suspended_resumes")
def _resumes(t: Any, n: dict) -> str:
    return _("The suspended proposal is put to the vote again: %(proposal)s.",
             proposal=proposal_words(t.D, t.s, n["proposal"]))


@narrates("suspended_fails")
def _suspended_fails(t: Any, n: dict) -> str:
    return _("The suspended proposal has become impossible and fails: %(proposal)s.",
             proposal=proposal_words(t.D, t.s, n["proposal"]))


@narrates("proposal_withdrawn")
def _withdrawn(t: Any, n: dict) -> str:
    if n["adjourn"]:
        return _("%(seat)s withdraws its proposal before the vote, and the Senate adjourns.", seat=t.who(n["seat"]))
    return _("%(seat)s withdraws its proposal before the vote.", seat=t.who(n["seat"]))


@narrates("tribune_proposes_nothing")
def _tribune_nothing(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You make no proposal with your Tribune.")
    return _("%(seat)s makes no proposal with its Tribune.", seat=t.who(n["seat"]))


# ---------------------------------------------------------------------------------- Concessions 9.8.3
def land_bill_in_effect(s: dict) -> bool:
    return any(n > 0 for n in s["land_bills"].values())


def awardable(s: dict) -> list[str]:
    """Rule 9.8.3: Concessions in the Forum not defeated this turn; Land Commissioner only while a Land Bill
    is in effect."""
    failed = set(s["senate"].get("failed_concessions", []))
    return [c for c in s["forum"]["concessions"]
            if c not in failed and (c != "land_commissioner" or land_bill_in_effect(s))]


@kind
class Concessions(Kind):
    """Rule 9.8.3: award Concessions lying in the Forum to Senators in Rome (several in one proposal)."""

    name = "concessions"
    label = _("Award Concessions")

    def available(self, s: dict, D: Any) -> bool:
        return bool(awardable(s)) and bool(in_rome_aligned(s))

    def form(self, s: dict, D: Any) -> Form:
        items = tuple(Option(c, card_name(D, "con:" + c)) for c in awardable(s))
        to = (Option(NONE, _("Not now")),) + senator_options(D, s, in_rome_aligned(s))
        return Form((EachOf("awards", _("Awards"), items, OneOf("to", _("Senator"), to)),))

    def default(self, s: dict, D: Any) -> dict:
        first = awardable(s)[0]
        return {"awards": {c: (in_rome_aligned(s)[0] if c == first else NONE) for c in awardable(s)}}

    def check(self, s: dict, D: Any, values: dict) -> None:
        if all(v == NONE for v in values["awards"].values()):
            raise IllegalAction(_("Award at least one Concession."))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        awards = [[c, sid] for c, sid in values["awards"].items() if sid != NONE]
        return [proposal(s, self.name, awards=awards)]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"]:
            failed = s["senate"].get("failed_concessions", [])
            s["senate"]["failed_concessions"] = failed + [c for c, _sid in prop["awards"]]
            return
        for con, sid in prop["awards"]:
            if sid in s["senators"] and con in s["forum"]["concessions"]:
                s["forum"]["concessions"] = [c for c in s["forum"]["concessions"] if c != con]
                s["senators"][sid]["concessions"] = s["senators"][sid]["concessions"] + [con]
                note(s, "concession_awarded", concession=con, senator=sid)


@words("concessions")
def _concessions_words(D: Any, s: dict, p: dict) -> str:
    awards = [_("%(concession)s to %(senator)s", concession=card_name(D, "con:" + c), senator=senator_name(D, s, sid))
              for c, sid in p["awards"]]
    return _("to award %(awards)s", awards=_list(awards))


def _list(items: Any) -> str:
    from domain.rules import comma_list
    return comma_list(items)


@narrates("concession_awarded")
def _awarded(t: Any, n: dict) -> str:
    return _("%(senator)s receives %(concession)s.", senator=t.senator(n["senator"]), concession=t.card("con:" + n["concession"]))


# -------------------------------------------------------------------------------- Consul for Life 9.10
def consul_for_life_nominees(s: dict, D: Any) -> list[str]:
    low = D.c("consul_for_life_nomination_min_influence")
    return [sid for sid in in_rome_aligned(s) if s["senators"][sid]["inf"] >= low]


@kind
class ConsulForLife(Kind):
    """Rule 9.10: nominate a Senator in Rome with 21+ Influence; once per turn; not vetoable; the nominee
    adds his Influence to the votes for."""

    name = "consul_for_life"
    label = _("Propose a Consul for Life")

    def available(self, s: dict, D: Any) -> bool:
        return (not s["senate"].get("consul_for_life_voted") and not s.get("consul_for_life")
                and bool(consul_for_life_nominees(s, D)))

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("nominee", _("Consul for Life"), senator_options(D, s, consul_for_life_nominees(s, D))),))

    def default(self, s: dict, D: Any) -> dict:
        return {"nominee": consul_for_life_nominees(s, D)[0]}

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        sid = values["nominee"]
        return [{**proposal(s, self.name, nominee=sid), "vetoable": False, "extra_yes": s["senators"][sid]["inf"]}]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        s["senate"]["consul_for_life_voted"] = True  # Rule 9.2: voted once per turn
        sid = prop["nominee"]
        if value["passed"] and sid in s["senators"] and not s.get("consul_for_life"):
            make_consul_for_life(s, sid, elected=True)


def make_consul_for_life(s: dict, sid: str, elected: bool) -> None:
    seat = s["senators"][sid]["faction"]
    s["consul_for_life"] = {"senator": sid, "seat": seat, "turn": s["turn"], "elected": elected}
    note(s, "consul_for_life", senator=sid, seat=seat, elected=elected)


def check_consul_for_life(s: dict, D: Any, rng: Random | None = None) -> str | None:
    """Rule 9.10, spec 18.20: a Senator in Rome with 35+ Influence becomes Consul for Life at once (call this
    after any Influence change). Two at once: the greater excess, then the greater faction Influence, then
    dice (without `rng`: the lower number [A]). Returns the new Consul for Life, or None."""
    if s.get("consul_for_life"):
        return None
    top = D.c("consul_for_life_automatic_influence")
    reached = [sid for sid in aligned(s) if in_rome(s, sid) and s["senators"][sid]["inf"] >= top]
    if not reached:
        return None

    def strength(sid: str) -> tuple[int, int]:
        seat = s["senators"][sid]["faction"]
        return (s["senators"][sid]["inf"], sum(x["inf"] for x in s["senators"].values() if x["faction"] == seat))
    best = max(strength(sid) for sid in reached)
    tied = sorted((sid for sid in reached if strength(sid) == best), key=sort_key)
    sid = tied[0]
    if len(tied) > 1 and rng is not None:
        from .turn import tie_break
        seat = tie_break(s, [s["senators"][x]["faction"] for x in tied], rng)
        sid = next(x for x in tied if s["senators"][x]["faction"] == seat)
    make_consul_for_life(s, sid, elected=False)
    return sid


@words("consul_for_life")
def _cfl_words(D: Any, s: dict, p: dict) -> str:
    return _("%(a)s as Consul for Life", a=senator_name(D, s, p["nominee"]))


@narrates("consul_for_life")
def _cfl(t: Any, n: dict) -> str:
    if n["elected"]:
        return _("%(senator)s is elected Consul for Life: his faction wins if the Republic survives this turn.",
                 senator=t.senator(n["senator"]))
    return _("%(senator)s reaches 35 Influence and becomes Consul for Life: his faction wins if the Republic "
             "survives this turn.", senator=t.senator(n["senator"]))


# ------------------------------------------------------------------------------ Rhodian alliance (13)
RHODIAN = "rhodian_maritime_alliance"


@kind
class RejectRhodianAlliance(Kind):
    """Rule 13: the Senate may reject a Rhodian Maritime Alliance by vote in the Senate Phase of its arrival,
    after the Governors. The Fleets it brought (the event record's `fleets`) leave with it."""

    name = "reject_rhodian_alliance"
    label = _("Reject the Rhodian Maritime Alliance")

    def available(self, s: dict, D: Any) -> bool:
        event = s["forum"]["events"].get(RHODIAN)
        return event is not None and event.get("turn") == s["turn"] and not s["senate"].get("rhodian_voted")

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        s["senate"]["rhodian_voted"] = True
        if not value["passed"] or RHODIAN not in s["forum"]["events"]:
            return
        gone = set(s["forum"]["events"][RHODIAN].get("fleets", []))
        s["forum"]["events"] = {e: v for e, v in s["forum"]["events"].items() if e != RHODIAN}
        s["fleets"] = [f for f in s["fleets"] if f["id"] not in gone]
        s["commands"] = [{**c, "fleets": [f for f in c["fleets"] if f not in gone]} for c in s.get("commands", [])]
        note(s, "rhodian_rejected", fleets=len(gone))


@words("reject_rhodian_alliance")
def _rhodian_words(D: Any, s: dict, p: dict) -> str:
    return _("to reject the Rhodian Maritime Alliance")


@narrates("rhodian_rejected")
def _rhodian(t: Any, n: dict) -> str:
    return _("Rome rejects the Rhodian Maritime Alliance; its %(n)d Fleets leave.", n=n["fleets"])


# ------------------------------------------------------------------------------------ minor motions
def thankable(s: dict) -> list[str]:
    thanked = set(s["senate"].get("thanked", []))
    return [sid for sid in sorted(s["senators"], key=sort_key) if in_rome(s, sid) and sid not in thanked]


@kind
class MinorMotion(Kind):
    """Rule 9.8.7: a minor motion has no game effect and no unanimous-defeat penalty. The one offered here is
    a vote of thanks to a Senator in Rome, once per Senator per turn [A]."""

    name = "minor_motion"
    label = _("Propose a vote of thanks (a minor motion)")

    def available(self, s: dict, D: Any) -> bool:
        return bool(thankable(s))

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("senator", _("Thank"), senator_options(D, s, thankable(s))),))

    def default(self, s: dict, D: Any) -> dict:
        return {"senator": thankable(s)[0]}

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        return [{**proposal(s, self.name, senator=values["senator"]), "unanimity_penalty": False}]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        s["senate"]["thanked"] = s["senate"].get("thanked", []) + [prop["senator"]]


@words("minor_motion")
def _motion_words(D: Any, s: dict, p: dict) -> str:
    return _("a vote of thanks to %(senator)s", senator=senator_name(D, s, p["senator"]))


from . import forces as _forces, governors as _governors, land_bills as _land_bills  # noqa: E402,F401  (register kinds)
