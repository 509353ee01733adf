"""Voting in the Senate (Rule 9.2), the part the first Senate needs: factions vote one at a time in the
Presiding Magistrate's order, each with one form (a vote per Senator in Rome, and talents spent for extra
votes, Rule 1: one vote per talent, paid to the Bank, from that Senator's own treasury). A proposal passes
with strictly more yes-votes than no-votes; a tie fails.

A vote is a nested sequence: the caller does `call(s, D, "senate_faction_vote", rng, args={"proposal":
{...}, "order": [seats]})` and its `resume` receives {"passed": bool, "yes": n, "no": n}.
"""
from __future__ import annotations

from random import Random
from typing import Any, Callable

from domain.forms import EachOf, Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction

from .machine import FORM, Step, ret, state
from .narrate import narrates
from .state import aligned, bump, in_rome, note, sort_key, votes

VOTE = ("yes", "no", "abstain")


def voters(s: dict, seat: str) -> list[str]:
    """Rule 9: the faction's Senators attending the Senate (in Rome)."""
    return sorted((sid for sid in aligned(s, seat) if in_rome(s, sid)), key=sort_key)


def voting_order(s: dict, first: str) -> list[str]:
    """The factions that can vote, clockwise from `first` (the PM's order; #15 lets the PM choose it)."""
    from .state import clockwise_from
    return [seat for seat in clockwise_from(s, first) if voters(s, seat)]


@state
class SenateFactionVote(Step):
    """Rule 9.2: the called faction votes, Senator by Senator, with talents for extra votes."""

    name = "senate_faction_vote"
    short = "vote"
    kind = "senate_vote"
    waiting = _("to vote in the Senate")

    def caller(self, s: dict) -> str:
        ctx = s["ctx"]
        return ctx["order"][ctx["i"]]

    def legal(self, s: dict, D: Any) -> dict:
        return {self.caller(s): [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        from .names import senator_name
        ids = voters(s, seat)
        items = tuple(Option(sid, _("%(senator)s, %(n)d votes", senator=senator_name(D, s, sid), n=votes(D, s, sid)))
                      for sid in ids)
        choice = OneOf("vote", _("Vote"), (Option("yes", _("Yes")), Option("no", _("No")),
                                           Option("abstain", _("Abstain"))))
        most = max([s["senators"][sid]["talents"] for sid in ids] + [0])
        return Form((EachOf("votes", _("Votes"), items, choice),
                     EachOf("talents", _("Talents spent for extra votes"), items, Number("t", _("Talents"), 0, most))))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        for sid, spent in values["talents"].items():
            if spent > s["senators"][sid]["talents"]:
                raise IllegalAction(_("A Senator can spend only the talents in his own treasury for votes."))
            if spent and values["votes"][sid] == "abstain":
                raise IllegalAction(_("An abstaining Senator spends no talents."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        ctx = s["ctx"]
        return _("The Senate votes on: %(proposal)s. So far %(yes)d for, %(no)d against. Your faction's vote:",
                 proposal=proposal_words(D, s, ctx["proposal"]), yes=ctx["yes"], no=ctx["no"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: a faction that misses its vote abstains."""
        own = voters(s, seat)
        return {"votes": {sid: "abstain" for sid in own}, "talents": {sid: 0 for sid in own}}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        ctx = s["ctx"]
        cast = {"yes": 0, "no": 0}
        for sid, vote in values["votes"].items():
            if vote == "abstain":
                continue
            spent = values["talents"][sid]
            s["senators"][sid]["talents"] -= spent
            cast[vote] += votes(D, s, sid) + spent
        ctx["yes"] += cast["yes"]
        ctx["no"] += cast["no"]
        note(s, "faction_voted", seat=seat, yes=cast["yes"], no=cast["no"],
             spent=sum(values["talents"].values()))
        ctx["i"] += 1
        bump(s)
        if ctx["i"] >= len(ctx["order"]):
            passed = ctx["yes"] > ctx["no"]
            note(s, "vote_result", passed=passed, yes=ctx["yes"], no=ctx["no"])
            ret(s, D, rng, {**empty_result(), "passed": passed, "yes": ctx["yes"], "no": ctx["no"]})


def start_vote(s: dict, D: Any, rng: Random, proposal: dict, then: str | None = None, *,
               first: str | None = None) -> None:
    """Put `proposal` to the vote (Rule 9.2); the engine runs the whole vote and hands the caller's `resume`
    the result (docs: /tmp/senate-interfaces.md). `first`: the faction called first (default: the PM's).
    Transitional: a seat given where `then` stands is read as `first` (the first Senate's call)."""
    from .machine import STATES, call
    if then is not None and then not in STATES:
        first, then = then, None
    if first is None:
        pm = proposal.get("pm")
        first = s["senators"][pm]["faction"] if pm in s["senators"] else s["seats"][0]
    order = voting_order(s, first)
    note(s, "proposal", proposal=proposal)
    if not order:
        STATES[then or s["step"]].resume(s, D, rng, empty_result())
        return
    call(s, D, "senate_faction_vote", rng, then=then, args={"proposal": proposal, "order": order, "i": 0,
                                                             "yes": 0, "no": 0})


def empty_result() -> dict:
    return {"passed": False, "vetoed": False, "cancelled": False, "yes": 0, "no": 0, "votes": {},
            "unanimous_defeat": False}


def start_votes(s: dict, D: Any, rng: Random, proposals: list[dict], then: str | None = None) -> None:
    """Several proposals on the floor in one message (issue #15): each is voted separately, in the given
    order; the caller's `resume` receives {"results": [result, ...]} after the last."""
    from .machine import call
    call(s, D, "senate_vote_queue", rng, then=then, args={"queue": list(proposals), "results": []})


@state
class SenateVoteQueue(Step):
    """Several proposals put on the floor at once, voted one after the other."""

    name = "senate_vote_queue"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        self.next(s, D, rng)

    def next(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        if len(ctx["results"]) >= len(ctx["queue"]):
            ret(s, D, rng, {"results": ctx["results"]})
            return
        start_vote(s, D, rng, ctx["queue"][len(ctx["results"])], then=self.name)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        s["ctx"]["results"] = s["ctx"]["results"] + [value]
        self.next(s, D, rng)


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
    from .names import senator_name
    a, b = proposal["candidates"]
    return _("%(a)s and %(b)s as Consuls", a=senator_name(D, s, a), b=senator_name(D, s, b))


@words("censor")
def _censor_words(D: Any, s: dict, proposal: dict) -> str:
    from .names import senator_name
    return _("%(a)s as Censor", a=senator_name(D, s, proposal["candidate"]))


@narrates("proposal")
def _proposal(t: Any, n: dict) -> str:
    return _("Proposal to the Senate: %(proposal)s.", proposal=proposal_words(t.D, t.s, n["proposal"]))


@narrates("faction_voted")
def _voted(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return _("You vote: %(yes)d for, %(no)d against (%(spent)d talents spent).", yes=n["yes"], no=n["no"],
                 spent=n["spent"])
    return _("%(seat)s votes: %(yes)d for, %(no)d against (%(spent)d talents spent).", seat=t.who(n["seat"]),
             yes=n["yes"], no=n["no"], spent=n["spent"])


@narrates("vote_result")
def _result(t: Any, n: dict) -> str:
    if n["passed"]:
        return _("The proposal passes, %(yes)d to %(no)d.", yes=n["yes"], no=n["no"])
    return _("The proposal fails, %(yes)d to %(no)d.", yes=n["yes"], no=n["no"])
