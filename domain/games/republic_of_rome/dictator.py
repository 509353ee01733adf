"""The optional Dictator and his Master of Horse (Rule 9.5.5), right after the Consuls:

* senate_appoint_dictator: the two Consuls' factions each name, sealed, a Senator or nobody; the same
  Senator named by both is appointed (not vetoable); a sole Consul (or one faction holding both) decides
  alone (decision 28).
* senate_elect_dictator: otherwise the PM may propose Dictator elections (vetoable), again and again with
  other candidates, or move on to the Censor (decision 29).
* senate_master_of_horse: the Dictator names his Master of Horse (decision 30).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option, encode
from domain.i18n import _

from .forces import active_wars, war_strength
from .machine import FORM, Step, goto, state
from .names import candidate_name, senator_name
from .narrate import narrates
from .elections import start_censor
from .senate import pm_seat, settle_candidate, vote_on_candidate
from .state import aligned, bump, change, holder, in_rome, note, sort_key
from .voting import order_field, words

NOBODY = "none"


def dictator_allowed(s: dict, D: Any) -> bool:
    """Rule 9.5.5: three or more Active Wars, or one whose land + naval strength (matching multipliers and
    Leaders included; naval 0 after a Naval Victory) is at least 20; and the office is free this turn."""
    if "dictator" in s["senate"]["filled"] or holder(s, "dictator") is not None or not dictator_candidates(s):
        return False
    wars = active_wars(s)
    if len(wars) >= D.c("dictator_min_active_wars"):
        return True
    return any(sum(war_strength(s, D, w).values()) >= D.c("dictator_single_war_min_strength") for w in wars)


def dictator_candidates(s: dict) -> list[str]:
    """Rule 9.5.5: an Aligned Senator in Rome holding no Major Office except Censor."""
    rejected = set(s["senate"]["rejected"].get("dictator", []))
    return sorted((sid for sid in aligned(s) if in_rome(s, sid) and s["senators"][sid]["office"] in (None, "censor")
                   and sid not in rejected), key=sort_key)


def consuls(s: dict) -> list[str]:
    return [sid for sid in (holder(s, "rome_consul"), holder(s, "field_consul"))
            if sid is not None and in_rome(s, sid)]


def candidate_options(D: Any, s: dict) -> tuple[Option, ...]:
    return (Option(NOBODY, _("Nobody")),) + tuple(Option(sid, candidate_name(D, s, sid)) for sid in dictator_candidates(s))


@state
class SenateAppointDictator(Step):
    """Rule 9.5.5: the Consuls may jointly appoint a Dictator (sealed; both must name the same Senator)."""

    name = "senate_appoint_dictator"
    short = "dictator"
    kind = "appoint_dictator"
    secret = True
    waiting = _("to decide whether to appoint a Dictator")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not consuls(s):
            goto(s, D, "senate_elect_dictator", rng)

    def owners(self, s: dict) -> list[str]:
        return sorted({s["senators"][sid]["faction"] for sid in consuls(s)})

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: [FORM] for seat in self.owners(s) if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form((OneOf("dictator", _("Dictator"), candidate_options(D, s)),), encode({"dictator": NOBODY}))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Rome is at war: the Consuls may appoint a Dictator together (sealed: the appointment is made "
                 "only if both name the same Senator).")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """[A] A Consul who misses the deadline appoints nobody."""
        return {"dictator": NOBODY}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values["dictator"]}
        bump(s)
        owners = self.owners(s)
        if set(owners) <= set(s["sealed"]):
            picks = {s["sealed"][w] for w in owners}
            s["sealed"] = {}
            pick = picks.pop() if len(picks) == 1 else NOBODY
            if pick != NOBODY:
                note(s, "dictator_appointed", senator=pick)
                install_dictator(s, D, pick, rng)
            else:
                note(s, "no_joint_dictator")
                goto(s, D, "senate_elect_dictator", rng)


@state
class SenateElectDictator(Step):
    """Rule 9.5.5: the PM may propose Dictator elections (vetoable), repeatedly, until the Censor."""

    name = "senate_elect_dictator"
    short = "dictator_election"
    kind = "propose_dictator"
    forced_public = True
    waiting = _("to propose a Dictator or go on to the Censor")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not dictator_candidates(s) or pm_seat(s) is None:
            start_censor(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {pm_seat(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return Form((OneOf("dictator", _("Candidate for Dictator"), candidate_options(D, s)), order_field()),
                    encode(self.default(s, D, seat, [])))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Presiding Magistrate, you may propose a Dictator to the Senate, or nobody (then the Censor is "
                 "elected).")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no proposals; the Senate goes on to the Censor."""
        return {"dictator": NOBODY, "order": "first"}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        if values["dictator"] == NOBODY:
            start_censor(s, D, rng)
            return
        vote_on_candidate(s, D, rng, "dictator", values["dictator"], values["order"])

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        settle_candidate(s, D, rng, value, install_dictator, self.name)


def install_dictator(s: dict, D: Any, sid: str, rng: Random) -> None:
    """Rule 9.5.5: +7 Influence; he presides, and names his Master of Horse at once."""
    from .senate import advance
    s["senators"][sid]["office"] = "dictator"  # a Censor gives up his office
    change(s, sid, "inf", D.offices["dictator"]["influence_gain"])
    note(s, "office_taken", senator=sid, office="dictator")
    s["senate"]["filled"] = s["senate"]["filled"] + ["dictator"]
    advance(s, D, rng, "senate_master_of_horse")


def horse_candidates(s: dict) -> list[str]:
    return sorted((sid for sid in aligned(s) if in_rome(s, sid) and s["senators"][sid]["office"] in (None, "censor")),
                  key=sort_key)


@state
class SenateMasterOfHorse(Step):
    """Rule 9.5.5: the Dictator appoints an Aligned Senator in Rome holding no Major Office except Censor
    as Master of Horse (+3 Influence)."""

    name = "senate_master_of_horse"
    short = "horse"
    kind = "appoint_master_of_horse"
    forced_public = True
    waiting = _("to appoint a Master of Horse")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        if not horse_candidates(s) or self.dictator_seat(s) is None:
            start_censor(s, D, rng)

    def dictator_seat(self, s: dict) -> str | None:
        sid = holder(s, "dictator")
        return s["senators"][sid]["faction"] if sid is not None else None

    def legal(self, s: dict, D: Any) -> dict:
        return {self.dictator_seat(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        options = tuple(Option(sid, candidate_name(D, s, sid)) for sid in horse_candidates(s))
        return Form((OneOf("master_of_horse", _("Master of Horse"), options),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Dictator, appoint your Master of Horse.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """[A] The eligible Senator with the lowest number is appointed for him."""
        return {"master_of_horse": horse_candidates(s)[0]}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        sid = values["master_of_horse"]
        s["senators"][sid]["office"] = "master_of_horse"
        change(s, sid, "inf", D.offices["master_of_horse"]["influence_gain"])
        note(s, "office_taken", senator=sid, office="master_of_horse")
        s["senate"]["filled"] = s["senate"]["filled"] + ["master_of_horse"]
        start_censor(s, D, rng)


@narrates("dictator_appointed")
def _appointed(t: Any, n: dict) -> str:
    return _("The Consuls appoint %(senator)s Dictator.", senator=t.senator(n["senator"]))


@narrates("no_joint_dictator")
def _no_joint(t: Any, n: dict) -> str:
    return _("The Consuls do not appoint a Dictator together.")


@words("dictator")
def _dictator_words(D: Any, s: dict, p: dict) -> str:
    return _("%(a)s as Dictator", a=senator_name(D, s, p["candidate"]))
