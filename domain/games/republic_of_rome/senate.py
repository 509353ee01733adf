"""The Senate Phase's agenda (Rule 9.4), as named states in rulebook order:

  senate_open_session -> senate_elect_consuls -> senate_consular_offices (elections.py) ->
  (senate_appoint_dictator -> senate_elect_dictator -> senate_master_of_horse: dictator.py) ->
  senate_elect_censor (elections.py) -> senate_prosecutions ... (prosecutions.py) -> senate_elect_governors
  (governors.py) -> senate_other_business -> senate_propose ... (business.py; the kinds of proposal in
  business.py, governors.py, forces.py, deployment.py, land_bills.py) -> senate_adjourn (adjournment.py).
This module holds what they share: the Presiding Magistrate, a proposal's shape, the checkpoint between
two proposals, the unanimous defeat and a Senator's consent.

The Senate's record for the turn is `s["senate"]` (public, deep-copied per apply; removed at adjournment):
  stage ("consuls" | "dictator" | "censor" | "prosecutions" | "governors" | "other" | "adjourned"),
  pm (the presiding magistrate's sid), stepped_down [sids] (Rule 9.1), filled [offices filled this turn]
  (Rule 9.5.4), rejected_pairs, rejected {kind: [candidates]}, refused [[sid, what]] (consents refused),
  next (the state a checkpoint goes on to), and each module's own keys (prosecutions.py, governors.py,
  business.py, forces.py say which).

Between two proposals every state passes through `advance` (the checkpoint): the Presiding Magistrate is
the HRAO again (Rule 9.1: a PM who dies or leaves is replaced; one who stepped down stays out), the
automatic Consul for Life (Rule 9.10) and Repopulating Rome (Rule 9.9) are checked.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, n_

from .machine import Step, goto, state
from .names import senator_name
from .narrate import narrates
from .state import OFFICE_RANK, aligned, bump, change, holder, in_rome, note, ratings, sort_key

def presiding(s: dict, D: Any) -> str | None:
    """Rule 9.1: the HRAO presides; a PM who stepped down after a unanimous defeat does not preside again
    this turn (keeping his office), so the next HRAO does."""
    out = set(s["senate"]["stepped_down"]) if "senate" in s else set()
    if not any(in_rome(s, sid) and sid not in out for sid in aligned(s)):
        out = set()  # [A] when every Senator in Rome has stepped down, the HRAO presides again
    for office in OFFICE_RANK:
        sid = holder(s, office)
        if sid is not None and sid not in out and in_rome(s, sid) and s["senators"][sid]["faction"] is not None:
            return sid
    present = [sid for sid in aligned(s) if in_rome(s, sid) and sid not in out]
    if not present:
        return None
    return min(present, key=lambda sid: (-s["senators"][sid]["inf"], -ratings(D, s, sid)["oratory"], sort_key(sid)))


def pm_seat(s: dict) -> str | None:
    pm = s["senate"]["pm"]
    return s["senators"][pm]["faction"] if pm in s["senators"] else None


def proposal(s: dict, kind: str, **params: Any) -> dict:
    """A PM's proposal as the vote engine reads it (the interface in voting.py)."""
    pm = s["senate"]["pm"]
    out = {"kind": kind, **params, "by": pm_seat(s), "pm": pm, "tribune": False, "vetoable": True,
           "abstain": True, "unanimity_penalty": True}
    if pm in s["senators"] and s["senators"][pm]["office"] == "dictator":
        out["vetoable"] = False  # Rule 9.3: a Dictator's proposals cannot be vetoed
    return out


def advance(s: dict, D: Any, rng: Random, name: str) -> None:
    """The checkpoint between two proposals (see the module docstring), then on to the state `name`."""
    from .business import check_consul_for_life
    from .repopulation import repopulate
    sen = s["senate"]
    sen["next"] = name
    if sen["stage"] != "prosecutions":
        pm = presiding(s, D)
        if pm != sen["pm"] and pm is not None:
            note(s, "pm_changes", pm=pm)
        sen["pm"] = pm
    check_consul_for_life(s, D, rng)
    if repopulate(s, D, rng):
        goto(s, D, "senate_repopulate_rome", rng)
        return
    goto(s, D, name, rng)


def after_vote(s: dict, D: Any, rng: Random, prop: dict, value: dict, name: str) -> None:
    """Rule 9.1: a PM's proposal rejected unanimously costs him 1 Influence or the chair; then on to `name`."""
    pm = prop.get("pm")
    if value.get("unanimous_defeat") and prop.get("unanimity_penalty") and pm in s["senators"]:
        if s["senators"][pm]["inf"] <= 0:
            step_down(s, D, pm)
        else:
            s["senate"]["defeated_pm"] = pm
            s["senate"]["next"] = name
            goto(s, D, "senate_unanimous_defeat", rng)
            return
    advance(s, D, rng, name)


def vote_on_candidate(s: dict, D: Any, rng: Random, kind: str, candidate: str, order: str) -> None:
    """Put one candidate for an office (Dictator, Censor) to the vote; `settle_candidate` reads the result."""
    from .voting import start_vote
    s["ctx"]["proposal"] = proposal(s, kind, candidate=candidate, order=order)
    start_vote(s, D, rng, s["ctx"]["proposal"])


def settle_candidate(s: dict, D: Any, rng: Random, value: dict, install: Any, name: str) -> None:
    """After a candidate's vote: elected (and still in Rome) -> `install(s, D, sid, rng)`; otherwise he is not
    proposed again this turn (Rule 9.2) and the agenda goes on from the step `name`."""
    prop = s["ctx"].pop("proposal")
    sid = prop["candidate"]
    if value["passed"] and sid in s["senators"] and in_rome(s, sid):
        install(s, D, sid, rng)
        return
    reject(s, prop["kind"], sid)
    after_vote(s, D, rng, prop, value, name)


def reject(s: dict, kind: str, key: Any) -> None:
    """Rule 9.2: a defeated (or vetoed) proposal is not put again this turn unless materially changed."""
    rejected = s["senate"]["rejected"]
    s["senate"]["rejected"] = {**rejected, kind: rejected.get(kind, []) + [key]}


def step_down(s: dict, D: Any, pm: str) -> None:
    sen = s["senate"]
    if sen["stage"] == "prosecutions":
        sen["prosecutions_over"] = True  # Rule 9.7 item 7: the Censor ends all Prosecutions
        note(s, "censor_ends_prosecutions", senator=pm)
        return
    sen["stepped_down"] = sen["stepped_down"] + [pm]
    note(s, "pm_steps_down", senator=pm)


def new_record() -> dict:
    """The Senate's record for the turn, empty (see the module docstring)."""
    return {"stage": "consuls", "pm": None, "stepped_down": [], "filled": [], "rejected_pairs": [], "rejected": {},
            "refused": [], "next": None}


@state
class SenateOpenSession(Step):
    """Rule 9.1: the HRAO opens the session and presides."""

    name = "senate_open_session"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["senate"] = new_record()
        s["senate"]["pm"] = presiding(s, D)
        note(s, "senate_opens", pm=s["senate"]["pm"])
        advance(s, D, rng, "senate_elect_consuls")


@state
class SenateUnanimousDefeat(Step):
    """Rule 9.1: after a unanimous defeat the PM loses 1 Influence or steps down for the rest of the turn
    (the Censor during Prosecutions: loses 1 Influence or ends all Prosecutions, Rule 9.7 item 7)."""

    name = "senate_unanimous_defeat"
    short = "defeat"
    kind = "unanimous_defeat"
    forced_public = True
    waiting = _("to choose between losing Influence and stepping down")

    def legal(self, s: dict, D: Any) -> dict:
        pm = s["senate"]["defeated_pm"]
        return {s["senators"][pm]["faction"]: ["lose_influence", "step_down"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "lose_influence":
            return _("Lose 1 Influence and keep presiding")
        if s["senate"]["stage"] == "prosecutions":
            return _("End all Prosecutions")
        return _("Step down as Presiding Magistrate for the rest of the turn")

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Every other faction voted against the proposal of %(senator)s: he loses 1 Influence or steps down.",
                 senator=senator_name(D, s, s["senate"]["defeated_pm"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """[A] A PM who misses the deadline steps down: the chair passes to a magistrate who answers."""
        return "step_down"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        pm = s["senate"].pop("defeated_pm")
        if cid == "lose_influence":
            change(s, pm, "inf", -D.c("unanimous_defeat_influence_loss"))
            note(s, "pm_loses_influence", senator=pm)
        else:
            step_down(s, D, pm)
        advance(s, D, rng, s["senate"]["next"])


# ------------------------------------------------------------------------------------------ consent
def ask_consent(s: dict, D: Any, rng: Random, ask: list[str], what: str, then: str, back: str) -> None:
    """Decision 36: the Senators in `ask` must consent (their factions answer one after the other) before
    the pending proposal goes on (`then`: "business" or "prosecution"); a refusal withdraws it and the agenda
    returns to `back`. A refusal is remembered for the turn (`what` names what was refused)."""
    s["ctx"]["consent"] = {"ask": ask, "what": what, "then": then, "back": back}
    goto(s, D, "senate_consent", rng)


def refused(s: dict, sid: str, what: str) -> bool:
    return [sid, what] in s["senate"]["refused"]


def consent_words(D: Any, s: dict, what: str) -> str:
    kind = what.split(":", 1)[0]
    return CONSENT_WORDS.get(kind, CONSENT_WORDS["default"])


CONSENT_WORDS = {
    "prosecutor": _("to act as Prosecutor"), "land_bill": _("to sponsor the Land Bill"),
    "repeal_land_bill": _("to sponsor the repeal"), "governors": _("to go out again as Governor"),
    "deploy": _("to command a force below the War's strength"),
    "recall_units": _("to stay in the field with a force below the War's strength"), "default": _("to the proposal"),
}


@state
class SenateConsent(Step):
    """Decision 36: a Senator's consent (Prosecutor, Land Bill sponsor, a Governor sent out again, a
    Commander sent below the minimum force), asked of his faction."""

    name = "senate_consent"
    short = "consent"
    kind = "consent"
    waiting = _("to give or refuse consent")

    def asked(self, s: dict) -> tuple[str, list[str]]:
        ask = s["ctx"]["consent"]["ask"]
        seat = s["senators"][ask[0]]["faction"]
        return seat, [sid for sid in ask if s["senators"][sid]["faction"] == seat]

    def legal(self, s: dict, D: Any) -> dict:
        return {self.asked(s)[0]: ["consent", "refuse"]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Consent") if cid == "consent" else _("Refuse")

    def text(self, s: dict, D: Any, seat: str) -> str:
        _seat, ids = self.asked(s)
        return n_("Does %(senators)s consent %(what)s?", "Do %(senators)s consent %(what)s?", len(ids),
                  senators=t_list(senator_name(D, s, sid) for sid in ids),
                  what=consent_words(D, s, s["ctx"]["consent"]["what"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """[A] No answer is no consent."""
        return "refuse"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        c = s["ctx"]["consent"]
        _seat, ids = self.asked(s)
        note(s, "consent", seat=seat, senators=ids, given=cid == "consent")
        if cid == "refuse":
            s["senate"]["refused"] = s["senate"]["refused"] + [[sid, c["what"]] for sid in ids]
            del s["ctx"]["consent"]
            s["ctx"].pop("pending", None)
            advance(s, D, rng, c["back"])
            return
        c["ask"] = [sid for sid in c["ask"] if sid not in ids]
        if c["ask"]:
            return
        del s["ctx"]["consent"]
        if c["then"] == "prosecution":
            from .prosecutions import hold_trial
            hold_trial(s, D, rng)
        else:
            from .business import put_to_vote
            put_to_vote(s, D, rng)


def t_list(items: Any) -> str:
    from domain.rules import comma_list
    return comma_list(items)


@narrates("consent")
def _consent(t: Any, n: dict) -> str:
    names = t.list(t.senator(sid) for sid in n["senators"])
    if n["given"]:
        return _("%(senators)s consent.", senators=names)
    return _("%(senators)s refuse: the proposal is withdrawn.", senators=names)


# ------------------------------------------------------------------------------------------ invariants
def check_senate(s: dict) -> None:
    """Invariants (invariants.py): a Tribune's reservation (Rule 9.3) names a seat and lives only while the
    Senate sits; a suspended proposal waits only in other business; a sealed vote's answers come only from
    factions still to vote."""
    from . import floor
    from .business import KINDS
    seat = s.get("tribune_reserved")
    assert seat is None or (seat in s["seats"] and "senate" in s), f"a Tribune reservation outside the Senate: {seat}"
    for item in (s.get("senate") or {}).get("suspended", []):
        assert item["kind"] in KINDS and s["senate"]["stage"] == "other", f"a suspended proposal out of place: {item}"
    if s["step"] == "senate_sealed_vote":
        assert set(s["sealed"]) <= set(floor.remaining(s)), "a sealed vote from a faction not to vote"


# ------------------------------------------------------------------------------------------ narration
@narrates("senate_opens")
def _opens(t: Any, n: dict) -> str:
    if n["pm"] is None:
        return _("The Senate convenes with no Presiding Magistrate in Rome.")
    return _("The Senate convenes; %(pm)s presides.", pm=t.senator(n["pm"]))


@narrates("pm_changes")
def _pm_changes(t: Any, n: dict) -> str:
    return _("%(pm)s now presides over the Senate.", pm=t.senator(n["pm"]))


@narrates("pm_steps_down")
def _steps_down(t: Any, n: dict) -> str:
    return _("%(senator)s steps down as Presiding Magistrate for the rest of the turn.", senator=t.senator(n["senator"]))


@narrates("pm_loses_influence")
def _loses(t: Any, n: dict) -> str:
    return _("%(senator)s loses 1 Influence after the unanimous defeat and keeps presiding.",
             senator=t.senator(n["senator"]))


@narrates("censor_ends_prosecutions")
def _censor_ends(t: Any, n: dict) -> str:
    return _("After the unanimous defeat the Censor %(senator)s ends the Prosecutions.", senator=t.senator(n["senator"]))



from . import adjournment, business, dictator, elections, prosecutions, repopulation  # noqa: E402,F401  (register states)
