"""The elections that open the Senate (Rule 9.5-9.6): the Consuls by pairs (decision 26), their offices
(sealed, decision 27), the Consul for Life's nomination once they are elected (Rule 9.10, when somebody
could be), then, after the optional Dictator (dictator.py), the Censor (decision 31)."""
from __future__ import annotations

from itertools import combinations
from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option, encode
from domain.i18n import _, join_sentences, n_
from domain.rules import IllegalAction, semicolon_list

from .dice import roll
from .machine import FORM, Step, goto, state
from .names import candidate_name, senator_name
from .narrate import ROLL_PURPOSES, narrates
from .senate import advance, after_vote, pm_seat, proposal, settle_candidate, vote_on_candidate
from .state import aligned, bump, change, in_rome, note, sort_key
from .voting import order_field, start_vote


# ------------------------------------------------------------------------------------ Consuls (9.5)
def consul_candidates(s: dict) -> list[str]:
    """Rule 9.5.1: Aligned Senators in Rome holding no office but Censor, not a current Consul (the
    Temporary Rome Consul counts as one)."""
    return sorted((sid for sid in aligned(s) if in_rome(s, sid)
                   and s["senators"][sid]["office"] in (None, "censor")), key=sort_key)


def open_pairs(s: dict) -> list[tuple[str, str]]:
    rejected = {tuple(sorted(p)) for p in s["senate"]["rejected_pairs"]}
    return [p for p in combinations(consul_candidates(s), 2) if tuple(sorted(p)) not in rejected]


def rejected_pairs_view(s: dict, D: Any) -> list[dict]:
    """Rule 9.5.2 (public): the pairs of Consuls rejected this turn, which may not be nominated again."""
    return [{"senators": list(p), "names": [senator_name(D, s, sid) for sid in p]}
            for p in (s.get("senate") or {}).get("rejected_pairs") or []]


def rejected_sentence(s: dict, D: Any) -> Any:
    """The pairs already rejected this turn, named in the nomination's prompt (None: none yet)."""
    pairs = [_("%(first)s and %(second)s", first=a, second=b) for a, b in
             (p["names"] for p in rejected_pairs_view(s, D))]
    if not pairs:
        return None
    return n_("The pair %(pairs)s was rejected already this turn: it may not be nominated again.",
              "The pairs %(pairs)s were rejected already this turn: they may not be nominated again.", len(pairs),
              pairs=semicolon_list(pairs))


@state
class SenateElectConsuls(Step):
    """Rule 9.5.2: the PM nominates a pair; elected or rejected together; a rejected pair is not nominated
    again this turn; when one possible pair remains it is appointed without a vote."""

    name = "senate_elect_consuls"
    short = "consuls"
    kind = "nominate_consuls"
    forced_public = True  # the candidates are public
    waiting = _("to nominate two Consuls")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        pairs = open_pairs(s)
        if len(pairs) == 1:
            note(s, "last_pair_appointed", candidates=list(pairs[0]))
            elect_consuls(s, D, list(pairs[0]), rng)
        elif not pairs:
            single = consul_candidates(s)  # spec 18.3 [A]: one Rome Consul, or none
            if single:
                elect_consuls(s, D, single[:1], rng)
            else:
                note(s, "no_consuls")
                after_consuls(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        seat = pm_seat(s)
        return {seat: [FORM]} if seat else {}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        paired = {sid for p in open_pairs(s) for sid in p}  # a candidate whose every pair was rejected is left out
        options = tuple(Option(sid, candidate_name(D, s, sid)) for sid in consul_candidates(s) if sid in paired)
        fields = [OneOf("first", _("First candidate"), options), OneOf("second", _("Second candidate"), options),
                  order_field()]
        if censor_in_advance(s):
            fields.append(OneOf("censor", _("Censor, put to the vote after the Consuls (and the Dictator)"),
                                (Option(LATER, _("I nominate the Censor later")),)
                                + tuple(Option(sid, candidate_name(D, s, sid)) for sid in censor_in_advance(s))))
        return Form(tuple(fields), encode(self.default(s, D, seat, [])))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pair = tuple(sorted((values["first"], values["second"])))
        if pair[0] == pair[1]:
            raise IllegalAction(_("Nominate two different Senators."))
        if values.get("censor", LATER) in pair:
            raise IllegalAction(_("A candidate for Consul cannot also be your candidate for Censor."))
        if pair not in {tuple(sorted(p)) for p in open_pairs(s)}:
            raise IllegalAction(_("This pair was rejected already this turn: nominate another."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        ask = _("As Presiding Magistrate, nominate two Senators for the Consulship (they are elected or rejected together).")
        rejected = rejected_sentence(s, D)
        return join_sentences([ask, rejected]) if rejected else ask

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: the HRAO's consul nomination is made for him: the first open pair in id order."""
        a, b = open_pairs(s)[0]
        out = {"first": a, "second": b, "order": "first"}
        if censor_in_advance(s):
            out["censor"] = s["senate"].get("censor_nomination", {}).get("candidate", LATER)
            if out["censor"] not in censor_in_advance(s) or out["censor"] in (a, b):
                out["censor"] = LATER
        return out

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        nominate_censor_in_advance(s, values.get("censor", LATER), values["order"])
        pair = sorted((values["first"], values["second"]), key=sort_key)
        s["ctx"]["proposal"] = proposal(s, "consuls", candidates=pair, order=values["order"])
        start_vote(s, D, rng, s["ctx"]["proposal"])

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        prop = s["ctx"].pop("proposal")
        pair = prop["candidates"]
        if value["passed"] and all(sid in s["senators"] and in_rome(s, sid) for sid in pair):
            elect_consuls(s, D, pair, rng)
            return
        s["senate"]["rejected_pairs"] = s["senate"]["rejected_pairs"] + [pair]
        after_vote(s, D, rng, prop, value, self.name)


@state
class SenateConsularOffices(Step):
    """Rule 9.5.3: the two Consuls agree who is Rome Consul; if they disagree, a dice-off and the winner
    chooses (both preferences are sealed and revealed together)."""

    name = "senate_consular_offices"
    short = "offices"
    kind = "choose_consular_office"
    secret = True
    waiting = _("to choose between Rome Consul and Field Consul")

    def legal(self, s: dict, D: Any) -> dict:
        owners = {s["senators"][sid]["faction"] for sid in s["ctx"]["consuls"]}
        return {seat: [FORM] for seat in owners if seat not in s["sealed"]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        options = tuple(Option(sid, senator_name(D, s, sid)) for sid in s["ctx"]["consuls"])
        return Form((OneOf("rome_consul", _("Rome Consul"), options),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass

    def text(self, s: dict, D: Any, seat: str) -> str:
        a, b = s["ctx"]["consuls"]
        return _("%(a)s and %(b)s are elected Consuls. Which of them should be Rome Consul (the other takes the "
                 "field)? If the two factions disagree, dice decide.", a=senator_name(D, s, a), b=senator_name(D, s, b))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        own = [sid for sid in s["ctx"]["consuls"] if s["senators"][sid]["faction"] == seat]
        return {"rome_consul": own[0]}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        s["sealed"] = {**s["sealed"], seat: values["rome_consul"]}
        bump(s)
        owners = {s["senators"][sid]["faction"] for sid in s["ctx"]["consuls"]}
        if owners <= set(s["sealed"]):
            picks = {s["sealed"][w] for w in owners}
            s["sealed"] = {}
            rome = picks.pop() if len(picks) == 1 else dice_off(s, D, rng, s["ctx"]["consuls"])
            install_consuls(s, D, rome, rng)


def dice_off(s: dict, D: Any, rng: Random, consuls: list[str]) -> str:
    """Rule 9.5.3 [A]: each Consul rolls 2d6, highest wins (ties re-roll); the winner takes Rome."""
    while True:
        a = sum(roll(s, rng, 2, "consul_dice_off", senator=consuls[0]))
        b = sum(roll(s, rng, 2, "consul_dice_off", senator=consuls[1]))
        if a != b:
            return consuls[0] if a > b else consuls[1]


def elect_consuls(s: dict, D: Any, pair: list[str], rng: Random) -> None:
    s["ctx"]["consuls"] = pair
    note(s, "consuls_elected", candidates=pair)
    if len(pair) == 1:
        install_consuls(s, D, pair[0], rng)
        return
    goto(s, D, "senate_consular_offices", rng)


def install_consuls(s: dict, D: Any, rome: str, rng: Random) -> None:
    """Rule 9.5.3: +5 Influence each; the previous Consuls (the Temporary Rome Consul included) and the
    Dictator of the last turn become Prior Consuls and leave office, as does the Master of Horse; the new
    Rome Consul presides."""
    for x in s["senators"].values():
        if x["office"] in ("rome_consul", "field_consul", "dictator") and not x["rebel"]:
            x["office"], x["prior_consul"] = None, True
        elif x["office"] == "master_of_horse" and not x["rebel"]:
            x["office"] = None
    s["temporary_rome_consul"] = None
    for sid in s["ctx"].pop("consuls"):
        x = s["senators"][sid]
        office = "rome_consul" if sid == rome else "field_consul"
        x["office"] = office  # Rule 9.5.1: an elected Censor gives up that office
        change(s, sid, "inf", D.offices[office]["influence_gain"])
        note(s, "office_taken", senator=sid, office=office)
        s["senate"]["filled"] = s["senate"]["filled"] + [office]
    after_consuls(s, D, rng)


def after_consuls(s: dict, D: Any, rng: Random) -> None:
    """Rule 9.4 item 1, 9.10: once the Consuls are elected a Consul for Life may be nominated (asked here
    only when somebody could be); then the optional Dictator, then the Censor."""
    advance(s, D, rng, "senate_nominate_consul_for_life")


def after_consul_for_life(s: dict, D: Any, rng: Random) -> None:
    from .dictator import dictator_allowed
    if dictator_allowed(s, D):
        s["senate"]["stage"] = "dictator"
        advance(s, D, rng, "senate_appoint_dictator")
    else:
        start_censor(s, D, rng)


@state
class SenateNominateConsulForLife(Step):
    """Rule 9.10, 9.4 item 1: right after the consular elections the PM may nominate a Senator in Rome with
    21 or more Influence as Consul for Life (once per turn, no veto; also possible later in other business).
    Asked only when such a nominee exists and no vote on it has been held this turn."""

    name = "senate_nominate_consul_for_life"
    short = "cfl"
    kind = "nominate_consul_for_life"
    forced_public = True  # Influence and offices are public
    waiting = _("to nominate a Consul for Life or go on")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        from .business import KINDS
        if pm_seat(s) is None or not KINDS["consul_for_life"].available(s, D):
            after_consul_for_life(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        from .business import consul_for_life_nominees
        return {pm_seat(s): ["none"] + consul_for_life_nominees(s, D)}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "none":
            return _("No nomination now: go on with the agenda")
        return _("Nominate %(senator)s as Consul for Life", senator=senator_name(D, s, cid))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Presiding Magistrate, you may now nominate a Consul for Life (once per turn; no veto).")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """ror-by-mail.md: no proposals."""
        return "none"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        if cid == "none":
            after_consul_for_life(s, D, rng)
            return
        from .business import submit
        submit(s, D, rng, "consul_for_life", {"nominee": cid}, self.name)


# -------------------------------------------------------------------------------------- Censor (9.6)
LATER = "later"


def censor_in_advance(s: dict) -> list[str]:
    """Issue #15 item 5: the PM may put the Censor on the floor with the Consuls (voted separately, in rule
    order, after the Consuls and the Dictator) when the Censor is not already filled or a single candidate."""
    candidates = censor_candidates(s)
    return candidates if "censor" not in s["senate"]["filled"] and len(candidates) > 1 else []


def nominate_censor_in_advance(s: dict, candidate: str, order: str) -> None:
    if candidate == LATER:
        s["senate"].pop("censor_nomination", None)
    else:
        s["senate"]["censor_nomination"] = {"candidate": candidate, "by": s["senate"]["pm"], "order": order}


def censor_from_advance(s: dict, D: Any, rng: Random) -> bool:
    """The Censor nominated with the Consuls is voted now, if still eligible [A] (else the nomination lapses).
    It stays the nominating Senator's proposal: his faction's, the PM's voting order he named, and a
    unanimous-defeat penalty only if he still presides [A]. True when the vote has started."""
    from .voting import start_vote
    nomination = s["senate"].pop("censor_nomination", None)
    if nomination is None:
        return False
    sid, by = nomination["candidate"], nomination["by"]
    if sid not in censor_candidates(s):
        note(s, "censor_nomination_lapses", senator=sid)
        return False
    prop = proposal(s, "censor", candidate=sid, order=nomination["order"])
    if by != s["senate"]["pm"]:
        prop["unanimity_penalty"] = False
        if by in s["senators"] and s["senators"][by]["faction"] is not None:
            prop["by"] = s["senators"][by]["faction"]
    s["ctx"]["proposal"] = prop
    start_vote(s, D, rng, prop)
    return True


def start_censor(s: dict, D: Any, rng: Random) -> None:
    s["senate"]["stage"] = "censor"
    advance(s, D, rng, "senate_elect_censor")


def censor_candidates(s: dict) -> list[str]:
    """Rule 9.6: Prior Consuls in Rome holding no other Major Office (the sitting Censor may succeed
    himself); none: every Aligned Senator in Rome free of Major Offices."""
    present = [sid for sid in aligned(s) if in_rome(s, sid)]
    free = [sid for sid in present if s["senators"][sid]["office"] in (None, "censor")]
    prior = [sid for sid in free if s["senators"][sid]["prior_consul"]]
    rejected = set(s["senate"]["rejected"].get("censor", []))
    return sorted((sid for sid in prior or free if sid not in rejected), key=sort_key)


@state
class SenateElectCensor(Step):
    """Rule 9.6: the Censor, right after the Consuls (and the Dictator); a single candidate is appointed."""

    name = "senate_elect_censor"
    short = "censor"
    kind = "nominate_censor"
    forced_public = True
    waiting = _("to nominate a Censor")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        candidates = censor_candidates(s)
        if "censor" in s["senate"]["filled"] or len(candidates) <= 1 or pm_seat(s) is None:
            s["senate"].pop("censor_nomination", None)
            if candidates and "censor" not in s["senate"]["filled"]:
                note(s, "censor_appointed", senator=candidates[0])
                install_censor(s, D, candidates[0], rng)
            else:
                from .prosecutions import start_prosecutions
                start_prosecutions(s, D, rng)
            return
        censor_from_advance(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        seat = pm_seat(s)
        return {seat: [FORM]} if seat else {}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        options = tuple(Option(sid, candidate_name(D, s, sid)) for sid in censor_candidates(s))
        return Form((OneOf("censor", _("Candidate for Censor"), options), order_field()),
                    encode(self.default(s, D, seat, [])))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Presiding Magistrate, nominate a Censor.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"censor": censor_candidates(s)[0], "order": "first"}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        vote_on_candidate(s, D, rng, "censor", values["censor"], values["order"])

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        settle_candidate(s, D, rng, value, install_censor, self.name)


def install_censor(s: dict, D: Any, sid: str, rng: Random) -> None:
    for other, x in s["senators"].items():
        if x["office"] == "censor" and other != sid:
            x["office"] = None
    s["senators"][sid]["office"] = "censor"
    change(s, sid, "inf", D.offices["censor"]["influence_gain"])
    note(s, "office_taken", senator=sid, office="censor")
    s["senate"]["filled"] = s["senate"]["filled"] + ["censor"]
    from .prosecutions import start_prosecutions
    start_prosecutions(s, D, rng)


# ------------------------------------------------------------------------------------------ narration
@narrates("censor_nomination_lapses")
def _censor_lapses(t: Any, n: dict) -> str:
    return _("%(senator)s, nominated for Censor with the Consuls, is no longer eligible: the nomination lapses.",
             senator=t.senator(n["senator"]))


@narrates("last_pair_appointed")
def _last_pair(t: Any, n: dict) -> str:
    a, b = n["candidates"]
    return _("Only one possible pair is left: %(a)s and %(b)s are appointed Consuls.", a=t.senator(a), b=t.senator(b))


@narrates("no_consuls")
def _no_consuls(t: Any, n: dict) -> str:
    return _("No Senator can be elected Consul this turn.")


@narrates("consuls_elected")
def _consuls(t: Any, n: dict) -> str:
    return _("Consuls elected: %(names)s.", names=t.list(t.senator(sid) for sid in n["candidates"]))


@narrates("office_taken")
def _office(t: Any, n: dict) -> str:
    return _("%(senator)s becomes %(office)s.", senator=t.senator(n["senator"]), office=t.office(n["office"]))


@narrates("censor_appointed")
def _censor(t: Any, n: dict) -> str:
    return _("%(senator)s is the only candidate and is appointed Censor.", senator=t.senator(n["senator"]))


ROLL_PURPOSES.update({"consul_dice_off": _("the Consuls' dice-off")})
