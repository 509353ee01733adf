"""The words of the vote engine (voting.py): each kind of proposal in words (the PROPOSAL_WORDS registry: the
agenda adds its kinds with `@words(kind)`), and the narration of the vote's notes."""
from __future__ import annotations

from typing import Any, Callable

from domain.i18n import _, n_

from .names import senator_name
from .narrate import narrates


# ------------------------------------------------------------------------------ proposals in words
PROPOSAL_WORDS: dict[str, Callable[[Any, dict, dict], str]] = {}


def words(kind: str) -> Callable:
    """Register how a proposal kind is worded: `@words("censor") def _(D, s, proposal) -> str`."""
    def register(fn: Callable[[Any, dict, dict], str]) -> Callable[[Any, dict, dict], str]:
        if kind in PROPOSAL_WORDS:
            raise ValueError(f"two wordings for proposal kind {kind!r}")
        PROPOSAL_WORDS[kind] = fn
        return fn
    return register


def proposal_words(D: Any, s: dict, proposal: dict) -> str:
    """A proposal in words ("Cornelius (1) and Fabius (2) as Consuls"), from the PROPOSAL_WORDS registry."""
    fn = PROPOSAL_WORDS.get(proposal["kind"])
    if fn is None:
        raise ValueError(f"no words for proposal kind {proposal['kind']!r}")
    return fn(D, s, proposal)


@words("consuls")
def _consuls_words(D: Any, s: dict, proposal: dict) -> str:

    a, b = proposal["candidates"]
    return _("%(a)s and %(b)s as Consuls", a=senator_name(D, s, a), b=senator_name(D, s, b))


@words("censor")
def _censor_words(D: Any, s: dict, proposal: dict) -> str:

    return _("%(a)s as Censor", a=senator_name(D, s, proposal["candidate"]))


# ------------------------------------------------------------------------------------- narration
@narrates("proposal")
def _proposal(t: Any, n: dict) -> str:
    p = n["proposal"]
    if p.get("tribune") and p.get("by"):
        if t.you(p["by"]):
            return _("You propose with a Tribune: %(proposal)s.", proposal=proposal_words(t.D, t.s, p))
        return _("%(seat)s proposes with a Tribune: %(proposal)s.", seat=t.who(p["by"]),
                 proposal=proposal_words(t.D, t.s, p))
    return _("Proposal to the Senate: %(proposal)s.", proposal=proposal_words(t.D, t.s, p))


@narrates("faction_voted")
def _voted(t: Any, n: dict) -> str:
    facts = dict(yes=n["yes"], no=n["no"], spent=n["spent"])
    standing = n.get("by") == "standing"
    if t.you(n["seat"]):
        if standing:
            return _("Your standing vote answers: %(yes)d for, %(no)d against.", **facts)
        return _("You vote: %(yes)d for, %(no)d against (%(spent)d talents spent).", **facts)
    if standing:
        return _("%(seat)s votes by standing order: %(yes)d for, %(no)d against.", seat=t.who(n["seat"]), **facts)
    return _("%(seat)s votes: %(yes)d for, %(no)d against (%(spent)d talents spent).", seat=t.who(n["seat"]), **facts)


@narrates("faction_called")
def _called(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("The Presiding Magistrate calls you to vote.")
    return _("The Presiding Magistrate calls %(seat)s to vote.", seat=t.who(n["seat"]))


@narrates("immediate_vote")
def _immediate(t: Any, n: dict) -> str:
    return _("The Presiding Magistrate calls an immediate vote: the factions still to vote answer at once.")


@narrates("sealed_votes_revealed")
def _revealed(t: Any, n: dict) -> str:
    return _("Every faction has answered: the sealed votes are revealed.")


@narrates("attempt_void")
def _void(t: Any, n: dict) -> str:
    return _("Your assassination attempt cannot be made any more (its assassin or target is gone, or the attempt "
             "is used): it is dropped.")


@narrates("vote_cancelled")
def _cancelled(t: Any, n: dict) -> str:
    return n_("%(senators)s is dead: the proposal is cancelled.", "%(senators)s are dead: the proposal is cancelled.",
              len(n["senators"]), senators=t.list(t.card(_card(x)) for x in n["senators"]))


def _card(sid: str) -> str:
    return ("st:" if sid[-1].isalpha() else "sen:") + sid


@narrates("new_presiding_magistrate")
def _new_pm(t: Any, n: dict) -> str:
    if n["pm"] is None:
        return _("Nobody is left in Rome to preside.")
    return _("%(senator)s presides now.", senator=t.senator(n["pm"]))


@narrates("vote_result")
def _result(t: Any, n: dict) -> str | None:
    status = n.get("status", "passed" if n["passed"] else "failed")
    if status == "vetoed":
        return _("The proposal is vetoed.")
    if status in ("cancelled", "suspended"):
        return None  # vote_cancelled / tribune_used say it
    if n["passed"]:
        return _("The proposal passes, %(yes)d to %(no)d.", yes=n["yes"], no=n["no"])
    if n.get("unanimous"):
        return _("The proposal fails, %(yes)d to %(no)d: a unanimous defeat for the Presiding Magistrate.",
                 yes=n["yes"], no=n["no"])
    return _("The proposal fails, %(yes)d to %(no)d.", yes=n["yes"], no=n["no"])
