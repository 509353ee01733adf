"""Prosecutions (Rule 9.7) and the special prosecution of a caught assassin's Faction Leader (Rule 9.11).

The Censor presides (senate_prosecutions): he names the accused, the charge and the Prosecutor in one
form, or ends the Prosecutions; a Prosecutor of another faction must consent (senate_consent); then the
trial vote, where the accused's Influence counts against conviction and his faction may make a Popular
Appeal; senate_trial_result applies the verdict. Per turn, `s["senate"]["prosecutions"]` = {minor, major
(held, vetoed or cancelled: Rule 9.7 items 6-7), tried [[sid, charge]]}.

The hooks the vote engine (voting.py) and the assassination module call:

* `popular_appeal(s, D, rng, proposal) -> dict`: the accused's Popular Appeal (Rule 9.7 item 4), rolled
  when his faction is called to vote on a trial whose proposal has `"appeal": True`. It returns
  `{"outcome": "votes" | "killed" | "freed", "roll": modified total, "yes": votes added for conviction,
  "no": votes added against it}` (also kept in `s["senate"]["appeal"]` for the agenda). On "killed" or
  "freed" the vote ends at once (killed counts as a conviction, freed as an acquittal); the agenda applies
  the consequences (the mob's kill, the chits against the Censor and the Prosecutor) when the vote returns.
* `special_prosecution(s, D, rng, leader_sid, victim_popularity)`: starts the special Major Prosecution of
  a caught assassin's Faction Leader as a nested sequence (call/ret); it returns to the caller's `resume`
  with `{"convicted": bool}` once the trial and its consequences are over.
* `draw_assassin_chits(s, D, rng, seat, n)`: Rule 9.11's chits after such a conviction (also when the
  assassin was himself the Faction Leader).
"""
from __future__ import annotations

from math import ceil
from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option, encode
from domain.i18n import _
from domain.rules import IllegalAction

from .dice import draw_chits, evil_omens, roll
from .machine import FORM, Step, call, ret, state
from .names import candidate_name, senator_name
from .narrate import ROLL_PURPOSES, narrates
from .state import aligned, bump, change, holder, hrao, in_rome, note, sort_key
from .voting import order_field, start_vote, words

NOBODY = "none"
CHARGES = ("minor", "major")


# ------------------------------------------------------------------------------------- Popular Appeal
def appeal_row(D: Any, total: int) -> dict:
    """The Popular Appeal table's row for a modified total (Rule 15.7; the table is data)."""
    for row in D.tables["popular_appeal"]["rows"]:
        low, high = row.get("min"), row.get("max")
        if (low is None or total >= low) and (high is None or total <= high):
            return row
    raise ValueError(f"no Popular Appeal row for {total}")


def popular_appeal(s: dict, D: Any, rng: Random, proposal: dict) -> dict:
    """Rule 9.7 item 4: 2d6 + the accused's Popularity - the Evil Omens level (the special trial of Rule 9.11:
    minus the victim's Popularity instead of plus his own), read on the Popular Appeal table."""
    accused = proposal["accused"]
    if proposal.get("kind") == "special_prosecution":
        modifier = -proposal["victim_popularity"]
    else:
        modifier = s["senators"][accused]["pop"]
    dice = roll(s, rng, 2, "popular_appeal", senator=accused)
    total = sum(dice) + modifier - evil_omens(s)
    row = appeal_row(D, total)
    outcome = {"accused_killed": "killed", "accused_freed": "freed"}.get(row.get("result", ""), "votes")
    votes = row.get("votes", 0)
    result = {"outcome": outcome, "roll": total, "yes": max(0, -votes), "no": max(0, votes)}
    note(s, "popular_appeal", senator=accused, total=total, outcome=outcome, votes=votes)
    if "senate" in s:
        s["senate"]["appeal"] = result
    return result


# ------------------------------------------------------------------------------------- the Censor
def start_prosecutions(s: dict, D: Any, rng: Random) -> None:
    """Rule 9.7: the Censor presides over the Prosecutions (none without a Censor in Rome)."""
    from .senate import advance
    censor = holder(s, "censor")
    sen = s["senate"]
    sen["stage"] = "prosecutions"
    sen["prosecutions"] = {"minor": 0, "major": 0, "tried": []}
    if censor is None or not in_rome(s, censor) or s["senators"][censor]["faction"] is None:
        end_prosecutions(s, D, rng)
        return
    sen["pm"] = censor
    advance(s, D, rng, "senate_prosecutions")


def charges_left(s: dict, D: Any) -> list[str]:
    """Rule 9.7 item 1: at most two Minor or one Major Prosecution per turn."""
    done = s["senate"]["prosecutions"]
    if done["major"] >= D.c("max_major_prosecutions"):
        return []
    if done["minor"]:
        return ["minor"] if done["minor"] < D.c("max_minor_prosecutions") else []
    return list(CHARGES)


def eligible(s: dict, sid: str, charge: str) -> bool:
    """Rule 9.7 item 2: Major: held a Major Office at the end of this Forum Phase (major_eligible); Minor: that,
    or concession income since the last Prosecutions (minor_eligible), or spoils taken as a Governor now
    back in Rome (corrupt). Not twice on the same charge this turn (items 6-7)."""
    x = s["senators"][sid]
    if [sid, charge] in s["senate"]["prosecutions"]["tried"]:
        return False
    if charge == "major":
        return x["major_eligible"]
    return x["major_eligible"] or x["minor_eligible"] or x["corrupt"]


def censor_of(s: dict) -> str:
    return s["senate"]["pm"]


def accusable(s: dict, D: Any) -> list[str]:
    """Senators in Rome, not the Censor, with a charge still possible."""
    left = charges_left(s, D)
    return sorted((sid for sid in s["senators"] if in_rome(s, sid) and sid != censor_of(s)
                   and any(eligible(s, sid, c) for c in left)), key=sort_key)


def prosecutors(s: dict) -> list[str]:
    """Rule 9.7 item 3 [A]: an Aligned Senator in Rome other than the Censor (he must consent)."""
    return sorted((sid for sid in aligned(s) if in_rome(s, sid) and sid != censor_of(s)), key=sort_key)


def what(accused: str, charge: str) -> str:
    return f"prosecutor:{accused}:{charge}"


def possible(s: dict, D: Any) -> list[tuple[str, str, str]]:
    """Every legal (accused, charge, prosecutor)."""
    from .senate import refused
    return [(a, c, p) for a in accusable(s, D) for c in charges_left(s, D) if eligible(s, a, c)
            for p in prosecutors(s) if p != a and not refused(s, p, what(a, c))]


@state
class SenateProsecutions(Step):
    """Rule 9.7 items 1-3 (decisions 32-33): the Censor names accused, charge and Prosecutor, or stops."""

    name = "senate_prosecutions"
    short = "prosecute"
    kind = "prosecute"
    forced_public = True
    waiting = _("to prosecute or end the Prosecutions")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"].pop("end_after", None)  # a trial refused by its Prosecutor was not held: the order lapses
        censor = censor_of(s)
        if (s["senate"].get("prosecutions_over") or censor not in s["senators"] or not in_rome(s, censor)
                or not possible(s, D)):
            end_prosecutions(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        return {s["senators"][censor_of(s)]["faction"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        accused = (Option(NOBODY, _("Nobody: end the Prosecutions")),) + tuple(
            Option(sid, candidate_name(D, s, sid)) for sid in accusable(s, D))
        charge = tuple(Option(c, CHARGE_WORDS[c]) for c in charges_left(s, D))
        prosecutor = tuple(Option(sid, candidate_name(D, s, sid)) for sid in prosecutors(s))
        return Form((OneOf("accused", _("Accused"), accused), OneOf("charge", _("Charge"), charge),
                     OneOf("prosecutor", _("Prosecutor"), prosecutor), order_field(),
                     OneOf("then", _("After this trial"), (Option("continue", _("I decide then")),
                                                           Option("end", _("End the Prosecutions"))))),
                    encode(self.default(s, D, seat, [])))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        from .senate import refused
        a, c, p = values["accused"], values["charge"], values["prosecutor"]
        if a == NOBODY:
            return
        if not eligible(s, a, c):
            raise IllegalAction(_("%(senator)s cannot be accused on that charge now.", senator=senator_name(D, s, a)))
        if p == a:
            raise IllegalAction(_("The accused cannot be his own Prosecutor."))
        if refused(s, p, what(a, c)):
            raise IllegalAction(_("%(senator)s has refused to prosecute this case.", senator=senator_name(D, s, p)))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("As Censor, name the accused, the charge and the Prosecutor (who must consent), or end the "
                 "Prosecutions.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: the Censor prosecutes nobody."""
        return {"accused": NOBODY, "charge": charges_left(s, D)[0], "prosecutor": prosecutors(s)[0], "order": "first",
                "then": "continue"}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        from .senate import ask_consent
        bump(s)
        a, c, p = values["accused"], values["charge"], values["prosecutor"]
        if a == NOBODY:
            end_prosecutions(s, D, rng)
            return
        s["ctx"]["trial"] = {"accused": a, "charge": c, "prosecutor": p, "order": values["order"]}
        s["ctx"]["end_after"] = values["then"] == "end"  # an advance order: no other trial after this one
        note(s, "prosecution_announced", accused=a, charge=c, prosecutor=p)
        if s["senators"][p]["faction"] == seat:
            hold_trial(s, D, rng)
        else:
            ask_consent(s, D, rng, [p], what(a, c), "prosecution", self.name)


def hold_trial(s: dict, D: Any, rng: Random) -> None:
    """Rule 9.7 item 4: yes convicts; the accused's Influence counts against; his faction may appeal."""
    from .senate import proposal
    trial = s["ctx"]["trial"]
    prop = {**proposal(s, "prosecution", **trial), "extra_no": s["senators"][trial["accused"]]["inf"],
            "appeal": True}
    s["ctx"]["trial"] = prop
    start_vote(s, D, rng, prop, then="senate_trial_result")


@state
class SenateTrialResult(Step):
    """Rule 9.7 items 5-7: the verdict of a trial, applied when its vote returns."""

    name = "senate_trial_result"

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        from .senate import after_vote
        prop = s["ctx"].pop("trial")
        done = s["senate"]["prosecutions"]
        done[prop["charge"]] += 1  # held, vetoed or cancelled by the Prosecutor's death: it counts
        done["tried"] = done["tried"] + [[prop["accused"], prop["charge"]]]
        appeal = s["senate"].pop("appeal", None) or value.get("appeal")
        verdict(s, D, rng, prop, value, appeal)
        if s["ctx"].pop("end_after", False):
            s["senate"]["prosecutions_over"] = True
        censor = prop["pm"]
        if censor not in s["senators"] or not in_rome(s, censor):
            s["senate"]["prosecutions_over"] = True  # Rule 9.7 item 7
        after_vote(s, D, rng, prop, value, "senate_prosecutions")


def verdict(s: dict, D: Any, rng: Random, prop: dict, value: dict, appeal: dict | None) -> None:
    accused, prosecutor = prop["accused"], prop.get("prosecutor")
    if value.get("vetoed") or accused not in s["senators"]:
        return
    if value.get("cancelled"):  # Rule 9.11: the accused or the Prosecutor was killed during the vote
        note(s, "prosecution_cancelled", senator=accused)
        return
    outcome = appeal["outcome"] if appeal else "votes"
    if outcome == "freed":
        note(s, "acquitted", senator=accused)
        freed_chits(s, D, rng, appeal["roll"], [prop["pm"], prosecutor])
    elif outcome == "killed":
        convict(s, D, rng, accused, prosecutor, "mob")
    elif value["passed"]:
        convict(s, D, rng, accused, prosecutor, prop["charge"])
    else:
        note(s, "acquitted", senator=accused)


def convict(s: dict, D: Any, rng: Random, accused: str, prosecutor: str | None, how: str) -> None:
    """Rule 9.7 item 5: Minor: -5 Popularity, -5 Influence, the Prior Consul marker and every Concession
    lost; Major (or the mob): death. The Prosecutor gains half (rounded up) of the Influence lost (the whole
    Influence on a death [A]) and the accused's Prior Consul marker."""
    from .business import check_consul_for_life
    x = s["senators"][accused]
    prior = x["prior_consul"]
    if how == "minor":
        lost = -change(s, accused, "inf", -D.c("minor_conviction_influence_loss"))
        change(s, accused, "pop", -D.c("minor_conviction_popularity_loss"))
        x["prior_consul"] = False
        if x["concessions"]:
            s["forum"]["concessions"] = s["forum"]["concessions"] + list(x["concessions"])
            x["concessions"] = []
        note(s, "convicted_minor", senator=accused, influence=lost)
    else:
        from .deaths import kill_senator
        lost = x["inf"]
        note(s, "convicted_major" if how == "major" else "killed_by_mob", senator=accused)
        kill_senator(s, D, accused, rng, "executed" if how == "major" else "mob")
    if prosecutor is not None and prosecutor in s["senators"]:
        gain = change(s, prosecutor, "inf", ceil(lost / 2))
        if prior:
            s["senators"][prosecutor]["prior_consul"] = True
        note(s, "prosecutor_rewarded", senator=prosecutor, influence=gain, prior_consul=prior)
        check_consul_for_life(s, D, rng)


def freed_chits(s: dict, D: Any, rng: Random, total: int, exposed: list[str | None]) -> None:
    """Rule 9.7 item 4: freed by the mob, one chit per point above 11; only the Censor and the Prosecutor can
    die of them."""
    from .card_play import by_number
    from .deaths import kill_senator
    for chit in draw_chits(s, D, rng, max(0, total - 11), "appeal_mob"):
        sid = by_number(s, D, chit)
        if sid is not None and sid in exposed:
            kill_senator(s, D, sid, rng, "mob")


def end_prosecutions(s: dict, D: Any, rng: Random) -> None:
    """Rule 9.7 item 8: every eligibility flag of Senators in Rome is cleared; Governors abroad keep theirs.
    The HRAO presides again; on to the Governors."""
    from .senate import advance
    for sid, x in s["senators"].items():
        if in_rome(s, sid) and (x["major_eligible"] or x["minor_eligible"] or x["corrupt"]):
            x["major_eligible"] = x["minor_eligible"] = x["corrupt"] = False
    s["senate"]["stage"] = "governors"
    advance(s, D, rng, "senate_elect_governors")


# ------------------------------------------------------------------------------ the assassin's trial
def special_prosecution(s: dict, D: Any, rng: Random, leader_sid: str, victim_popularity: int) -> None:
    """Rule 9.11: the caught assassin's Faction Leader, if in Rome, faces a special Major Prosecution at
    once (presided by the Censor, else the PM; no Prosecutor; not vetoable; outside the Censor's limits)."""
    call(s, D, "senate_special_prosecution", rng, args={"accused": leader_sid, "victim_popularity": victim_popularity})


def special_presider(s: dict, D: Any) -> str | None:
    censor = holder(s, "censor")
    if censor is not None and in_rome(s, censor):
        return censor
    return s["senate"]["pm"] if "senate" in s and s["senate"]["pm"] in s["senators"] else hrao(s, D)


@state
class SenateSpecialProsecution(Step):
    """Rule 9.11: the special prosecution; the appeal is compulsory and subtracts the victim's Popularity.
    Convicted: the Faction Leader dies (no heir) and, if the victim's Popularity was positive, that many
    chits are drawn against the other Senators of his faction in Rome."""

    name = "senate_special_prosecution"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        accused = ctx["accused"]
        presider = special_presider(s, D)
        if accused not in s["senators"] or not in_rome(s, accused) or presider is None:
            ret(s, D, rng, {"convicted": False})
            return
        ctx["proposal"] = {"kind": "special_prosecution", "accused": accused,
                           "victim_popularity": ctx["victim_popularity"],
                           "by": s["senators"][presider]["faction"], "pm": presider, "tribune": False,
                           "vetoable": False, "abstain": True, "unanimity_penalty": False,
                           "extra_no": s["senators"][accused]["inf"], "appeal": True, "appeal_required": True}
        start_vote(s, D, rng, ctx["proposal"])

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        prop = s["ctx"]["proposal"]
        accused = prop["accused"]
        appeal = (s["senate"].pop("appeal", None) if "senate" in s else None) or value.get("appeal")
        outcome = appeal["outcome"] if appeal else "votes"
        convicted = accused in s["senators"] and (outcome == "killed" or (outcome == "votes" and value["passed"]))
        if outcome == "freed":
            note(s, "acquitted", senator=accused)
            freed_chits(s, D, rng, appeal["roll"], [prop["pm"]])
        elif convicted:
            from .deaths import kill_senator
            seat = s["senators"][accused]["faction"]
            note(s, "convicted_major" if outcome == "votes" else "killed_by_mob", senator=accused)
            kill_senator(s, D, accused, rng, "assassin_trial")
            if prop["victim_popularity"] > 0 and seat is not None:
                draw_assassin_chits(s, D, rng, seat, prop["victim_popularity"])
        elif accused in s["senators"]:
            note(s, "acquitted", senator=accused)
        ret(s, D, rng, {"convicted": convicted})


def draw_assassin_chits(s: dict, D: Any, rng: Random, seat: str, n: int) -> None:
    """Rule 9.11: `n` chits; every Senator of `seat` in Rome whose chit appears dies."""
    from .card_play import by_number
    from .deaths import kill_senator
    for chit in draw_chits(s, D, rng, n, "assassin_trial"):
        sid = by_number(s, D, chit)
        if sid is not None and s["senators"][sid]["faction"] == seat and in_rome(s, sid):
            kill_senator(s, D, sid, rng, "assassin_trial")


# ------------------------------------------------------------------------------------------ narration
CHARGE_WORDS = {"minor": _("Minor Prosecution"), "major": _("Major Prosecution")}


@words("prosecution")
def _prosecution_words(D: Any, s: dict, p: dict) -> str:
    if p["charge"] == "major":
        return _("to convict %(accused)s in a Major Prosecution (Prosecutor %(prosecutor)s)",
                 accused=senator_name(D, s, p["accused"]), prosecutor=senator_name(D, s, p["prosecutor"]))
    return _("to convict %(accused)s in a Minor Prosecution (Prosecutor %(prosecutor)s)",
             accused=senator_name(D, s, p["accused"]), prosecutor=senator_name(D, s, p["prosecutor"]))


@words("special_prosecution")
def _special_words(D: Any, s: dict, p: dict) -> str:
    return _("to convict %(accused)s, Faction Leader of a caught assassin", accused=senator_name(D, s, p["accused"]))


@narrates("popular_appeal")
def _appeal(t: Any, n: dict) -> str:
    who = t.senator(n["senator"])
    if n["outcome"] == "killed":
        return _("%(senator)s appeals to the people (%(total)d): the mob kills him.", senator=who, total=n["total"])
    if n["outcome"] == "freed":
        return _("%(senator)s appeals to the people (%(total)d): the mob sets him free.", senator=who,
                 total=n["total"])
    if n["votes"] >= 0:
        return _("%(senator)s appeals to the people (%(total)d): %(votes)d votes against conviction.", senator=who,
                 total=n["total"], votes=n["votes"])
    return _("%(senator)s appeals to the people (%(total)d): %(votes)d votes for conviction.", senator=who,
             total=n["total"], votes=-n["votes"])


@narrates("prosecution_announced")
def _announced(t: Any, n: dict) -> str:
    return _("The Censor accuses %(accused)s (%(charge)s); Prosecutor: %(prosecutor)s.", accused=t.senator(n["accused"]),
             charge=CHARGE_WORDS[n["charge"]], prosecutor=t.senator(n["prosecutor"]))


@narrates("acquitted")
def _acquitted(t: Any, n: dict) -> str:
    return _("%(senator)s is acquitted.", senator=t.senator(n["senator"]))


@narrates("prosecution_cancelled")
def _cancelled(t: Any, n: dict) -> str:
    return _("The prosecution of %(senator)s is cancelled.", senator=t.senator(n["senator"]))


@narrates("convicted_minor")
def _minor(t: Any, n: dict) -> str:
    return _("%(senator)s is convicted: he loses 5 Popularity, %(influence)d Influence, his Prior Consul marker and "
             "his Concessions.", senator=t.senator(n["senator"]), influence=n["influence"])


@narrates("convicted_major")
def _major(t: Any, n: dict) -> str:
    return _("%(senator)s is convicted and executed.", senator=t.card(_card(n["senator"])))


@narrates("killed_by_mob")
def _mob(t: Any, n: dict) -> str:
    return _("The mob kills %(senator)s: he counts as convicted.", senator=t.card(_card(n["senator"])))


def _card(sid: str) -> str:
    return ("st:" if sid[-1].isalpha() else "sen:") + sid


@narrates("prosecutor_rewarded")
def _rewarded(t: Any, n: dict) -> str:
    if n["prior_consul"]:
        return _("The Prosecutor %(senator)s gains %(influence)d Influence and the Prior Consul marker.",
                 senator=t.senator(n["senator"]), influence=n["influence"])
    return _("The Prosecutor %(senator)s gains %(influence)d Influence.", senator=t.senator(n["senator"]),
             influence=n["influence"])


ROLL_PURPOSES.update({"popular_appeal": _("a Popular Appeal")})
