"""The vote engine of the Senate (Rule 9.2, 9.3, 9.11; spec 17.6 items 38-44; issue #15).

The agenda (senate.py, prosecutions.py, governors.py, business.py) puts a proposal to the vote with
`start_vote(s, D, rng, proposal, then=None)` (or several with `start_votes`); the engine runs the whole vote
as a nested sequence and hands the caller's `resume(s, D, rng, value)`:

  {"passed", "vetoed", "cancelled", "suspended", "yes", "no", "votes": {sid: "yes"|"no"|"abstain"}, "unanimous_defeat",
   "vetoed_by": seat or None, "appeal": the Popular Appeal's result or None}

A proposal is the dict of /tmp/senate-interfaces.md: {"kind", ...params, "by", "pm", "tribune", "vetoable",
"abstain", "unanimity_penalty", "extra_yes", "extra_no", "appeal", "reservable", "order"}; missing keys take
their defaults here. `order` is the PM's voting order named with the proposal (ror-by-mail.md: the GMs'
practice): "first" (clockwise from the PM, his faction first; the default, a standing "clockwise from me"),
"last" (clockwise from his left, his faction last), "call" (he names each next faction after seeing the
previous vote: one small choice prompt per faction) or "immediate" (Rule 9.1: he cuts off debate by calling
an immediate vote: every faction answers at once, sealed, as in the sealed option; also offered while he
calls). `order_field` is the form field for the PM's form.

How a vote runs:
* Opening: the proposal goes on the floor (floor.py, public); standing vetoes act (Rule 9.3: before the
  faction's turn; several at once dice off); in sealed mode, standing votes are sealed at once.
* In order (the rule, option senate_votes = "in_order"): each faction is called in turn; its standing vote
  answers at once (`by: standing`), else it answers its vote form: a vote per Senator and talents (Rule 9.2),
  and, where they apply, a Tribune (veto, or reserve the next proposal), a Popular Appeal (the accused's
  faction), an assassination attempt (Rule 9.11) and one standing vote to set. A faction that does not
  answer by the deadline abstains (a Land Bill: votes no).
* Sealed (option "sealed"): every faction answers the same form at once, secretly; when the last answer
  arrives, attempts are resolved in seat order, then appeals, vetoes (several: dice-off), reservations,
  and every vote is revealed together. A faction left without a Senator in Rome before the reveal has its
  answer dropped (`drop_silenced`); an assassination at the opening holds the round's answers aside
  (`hold_sealed`) until it is over, its special prosecution being a vote of its own.
* Under a Consul for Life (Rule 9.10, consul_control.py): while a non-rebel faction other than his is still
  to vote, only his faction is asked (its vote form has the controlled factions' one vote); those factions'
  Senators are then cast his way (`by: consul_for_life`), never asked, with no Tribune, standing vote or
  standing attempt of theirs; a sealed round under way is finished in order, its hidden answers set aside.
* The end: passed with strictly more yes than no (a tie fails); a vetoed or cancelled proposal fails; a
  PM's proposal rejected by every voting Senator of the other factions is a unanimous defeat (Rule 9.1:
  abstention breaks unanimity), reported for the agenda to ask the PM.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, OneOf, Option
from domain.i18n import _, join_sentences
from domain.rules import seat_name

from . import assassination, floor, standing_votes, tribunes
from . import consul_control as control
from .floor import voters, voting_order  # noqa: F401  (the first Senate's names, kept)
from .machine import FORM, Step, call, goto, ret, state
from .state import bump, hrao, note, votes
from .vote_form import (answer_actions, appeal_due, appeal_required, apply_orders, attempt_actions, check_vote,
                        default_values, default_vote, vote_form)
from .vote_words import PROPOSAL_WORDS, proposal_words, words  # noqa: F401  (the agenda's names)

VOTE = ("yes", "no", "abstain")
ORDERS = ("first", "last", "call", "immediate")


# ------------------------------------------------------------------------------------- the entry
def start_vote(s: dict, D: Any, rng: Random, proposal: dict, then: str | None = None, *,
               first: str | None = None) -> None:
    """Put `proposal` to the vote (Rule 9.2); the caller's `resume` (or `then`'s) receives the result.
    `first`: the faction the clockwise order starts from (default: the proposer's)."""
    pm = proposal.get("pm") or (s.get("ctx") or {}).get("pm") or hrao(s, D)
    by = proposal.get("by") or (s["senators"][pm]["faction"] if pm in s["senators"] else None)
    tribune = bool(proposal.get("tribune"))
    full = {"tribune": tribune, "abstain": proposal["kind"] != "land_bill",
            "unanimity_penalty": not tribune and proposal["kind"] != "minor_motion",
            "extra_yes": 0, "extra_no": 0, **proposal, "pm": pm, "by": by}
    note(s, "proposal", proposal=full)
    call(s, D, "senate_vote", rng, then=then, args={"proposal": full, "first": first or by, "todo": []})


def start_votes(s: dict, D: Any, rng: Random, proposals: list[dict], then: str | None = None) -> None:
    """Several proposals on the floor in one message (issue #15): each is voted separately, in the given
    order; the caller's `resume` receives {"results": [result, ...]} after the last."""
    call(s, D, "senate_vote_queue", rng, then=then, args={"queue": list(proposals), "results": []})


def order_field() -> OneOf:
    """The PM's voting order, a field for the agenda's proposal forms (its value goes to proposal["order"])."""
    return OneOf("order", _("Voting order"), (
        Option("first", _("Clockwise from my faction (mine votes first)")),
        Option("last", _("Clockwise from my left (mine votes last)")),
        Option("call", _("I call each faction after seeing the previous vote")),
        Option("immediate", _("An immediate vote: every faction answers at once, and the votes are revealed "
                              "together"))))


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


# ------------------------------------------------------------------------------------- the opening
@state
class SenateVote(Step):
    """Rule 9.2: the proposal is on the floor; standing vetoes act before anyone is called (Rule 9.3)."""

    name = "senate_vote"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        p = ctx["proposal"]
        mode = (s.get("options") or {}).get("senate_votes", "in_order")
        if p.get("order") == "immediate":
            mode = "sealed"  # Rule 9.1: the PM cuts off debate by calling an immediate vote
        floor.push(s, {"proposal": p, "pm": p["pm"], "by": p["by"], "mode": mode,
                       "order": p.get("order") if p.get("order") in ORDERS else "first",
                       "first": ctx["first"], "called": None, "voted": [], "factions": {},
                       "yes": p["extra_yes"], "no": p["extra_no"], "vetoable": tribunes.vetoable(s, D, p),
                       "votes": {}, "vetoed_by": None, "appeal": None, "status": "open"})
        standing_vetoes(s, D, rng)
        ctx["todo"] = assassination.standing_attempts_due(s, standing_votes.named(p), skip=control.controlled(s)) \
            + ctx["todo"]
        if mode == "sealed" and floor.current(s)["status"] == "open" and not control.asked(s):
            seal_standing(s)
        proceed(s, D, rng)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        after_attempt(s, D, rng, value)


def seal_standing(s: dict) -> None:
    """A sealed round: the standing votes of the factions still to vote answer at once."""
    p = floor.current(s)["proposal"]
    for seat in floor.remaining(s):
        action = standing_votes.answer(s, seat, p, veto=False)
        if action is not None:
            s["sealed"] = {**s["sealed"], seat: {"standing": action}}


def standing_vetoes(s: dict, D: Any, rng: Random) -> None:
    entry = floor.current(s)
    if not entry["vetoable"]:
        return
    ruled = control.controlled(s)  # Rule 9.10: the Consul for Life's factions decide nothing
    vetoers = [seat for seat in floor.remaining(s) if seat not in ruled
               and standing_votes.answer(s, seat, entry["proposal"], veto=True) and tribunes.can_use(s, D, seat)]
    if vetoers:
        winner = tribunes.dice_off(s, rng, vetoers) if len(vetoers) > 1 else vetoers[0]
        s["ctx"]["todo"] = [{"do": "veto", "seat": winner, "by": "standing"}]


# ------------------------------------------------------------------------------------- the driver
def proceed(s: dict, D: Any, rng: Random) -> None:
    """Run the pending actions, then call the next faction (or reveal, or end the vote). Returns when a
    decision is owed or a nested sequence (an assassination) has started."""
    while True:
        ctx = s["ctx"]
        if ctx["todo"]:
            action, ctx["todo"] = ctx["todo"][0], ctx["todo"][1:]
            if run(s, D, rng, action):
                return  # an assassination is under way: after_attempt resumes
            continue
        entry = floor.current(s)
        rest = floor.remaining(s)
        if entry["status"] != "open" or not rest:
            finish(s, D, rng)
            return
        ruler = control.asked(s)
        if ruler is not None:  # Rule 9.10: the Consul for Life answers for every non-rebel faction
            if not control.call(s, D, rng, ruler):
                return
            continue
        if entry["mode"] == "sealed":
            drop_silenced(s, rest)
            if all(seat in s["sealed"] for seat in rest):
                ctx["todo"] = reveal(s, D, rng, rest)
                continue
            goto(s, D, "senate_sealed_vote", rng)
            return
        called = entry["called"] if entry["called"] in rest else None
        if called is None and entry["order"] == "call" and len(rest) > 1 and not ctx.get("rest"):
            goto(s, D, "senate_call_faction", rng)
            return
        if not call_faction(s, D, rng, called or rest[0]):
            return


def drop_silenced(s: dict, rest: list[str]) -> None:
    """Rule 9.2: only Senators in Rome vote. A faction that answered a sealed round and then lost its last
    Senator in Rome before the reveal (its assassin caught and its leader condemned, say) no longer votes:
    its hidden answer is dropped, never revealed."""
    if not set(s["sealed"]) <= set(rest):
        s["sealed"] = {seat: a for seat, a in s["sealed"].items() if seat in rest}


def call_faction(s: dict, D: Any, rng: Random, seat: str) -> bool:
    """Call `seat` to vote: a mandatory appeal first, then its standing vote; else ask it (False)."""
    ctx = s["ctx"]
    entry = floor.update(s, called=seat)
    p = entry["proposal"]
    if appeal_due(s, seat) and appeal_required(p):
        ctx["todo"] = [{"do": "appeal", "seat": seat}]
        return True
    action = standing_votes.answer(s, seat, p, veto=False)
    if action is not None:
        ctx["todo"] = [cast_all(s, seat, action, "standing")]
        return True
    goto(s, D, "senate_faction_vote", rng)
    return False


def cast_all(s: dict, seat: str, action: str, by: str) -> dict:
    own = voters(s, seat)
    return {"do": "cast", "seat": seat, "by": by, "votes": {sid: action for sid in own}, "talents": {}}


def run(s: dict, D: Any, rng: Random, action: dict) -> bool:
    """One pending action; True when it started a nested sequence (the vote waits for it)."""
    entry = floor.current(s)
    do, seat = action["do"], action["seat"]
    if entry["status"] != "open":
        return False
    if do == "assassinate":
        if assassination.valid(s, seat, action["assassin"], action["target"], action["daggers"], action["land_bill"]):
            if action["land_bill"]:
                floor.update(s, proposal={**entry["proposal"], "land_bill_attempted": True})
            hold_sealed(s)
            assassination.start(s, D, rng, seat, action["assassin"], action["target"], action["daggers"],
                                action["land_bill"], then=s["step"])
            return True
        note(s, "attempt_void", seat=seat, to=seat)
    elif do == "appeal":
        appeal(s, D, rng, seat)
    elif do == "veto":
        if entry["vetoable"] and tribunes.can_use(s, D, seat):
            tribunes.use(s, D, seat, "veto")
            floor.update(s, status="vetoed", vetoed_by=seat)
        else:
            ctx_push_front(s, cast_all(s, seat, default_vote(entry["proposal"]), "default"))
    elif do == "suspend":
        if tribunes.may_suspend(s, D, seat, entry, floor.pm_seat(s)):
            tribunes.suspend(s, D, seat)
            floor.update(s, status="suspended")
        else:
            ctx_push_front(s, cast_all(s, seat, default_vote(entry["proposal"]), "default"))
    elif do == "reserve":
        if tribunes.may_reserve(s, D, seat, entry["proposal"], floor.pm_seat(s)):
            tribunes.reserve(s, D, seat)
    elif do == "cast":
        cast(s, D, action)
    return False


def hold_sealed(s: dict) -> None:
    """A nested sequence (an assassination, perhaps its special prosecution: a vote of its own, sealed too
    under the sealed option) starts while a sealed round's answers wait: they are kept aside in the vote's
    own working data (saved with the call, never shown) and put back by `after_attempt`."""
    s["ctx"]["held_sealed"], s["sealed"] = s["sealed"], {}


def ctx_push_front(s: dict, action: dict) -> None:
    s["ctx"]["todo"] = [action] + s["ctx"]["todo"]


def appeal(s: dict, D: Any, rng: Random, seat: str) -> None:
    from .prosecutions import popular_appeal
    entry = floor.current(s)
    result = popular_appeal(s, D, rng, entry["proposal"])
    if result["outcome"] == "killed":
        floor.update(s, appeal=result, status="passed")  # Rule 9.7: counts as a conviction
    elif result["outcome"] == "freed":
        floor.update(s, appeal=result, status="failed")
    else:
        floor.update(s, appeal=result, yes=entry["yes"] + result["yes"], no=entry["no"] + result["no"])


def cast(s: dict, D: Any, action: dict) -> None:
    """Rule 9.2: each Senator's votes (ORA + Knights) plus the talents he pays to the Bank for this vote;
    a Senator who died or left before his faction voted does not vote."""
    entry = floor.current(s)
    seat = action["seat"]
    bound = entry["proposal"].get("must_vote_yes") or []
    rows, tally = [], {"yes": 0, "no": 0}
    for sid in voters(s, seat):
        vote = "yes" if sid in bound else action["votes"].get(sid)
        if vote is None:
            continue  # he was not in the answer (he came to Rome after it was given)
        spent = min(action["talents"].get(sid, 0), s["senators"][sid]["talents"]) if vote != "abstain" else 0
        s["senators"][sid]["talents"] -= spent
        n = votes(D, s, sid) + spent if vote != "abstain" else 0
        if vote != "abstain":
            tally[vote] += n
        rows.append({"id": sid, "vote": vote, "votes": n, "talents": spent})
    factions = {**entry["factions"], seat: {**tally, "by": action["by"], "senators": rows}}
    cast_votes = {**entry["votes"], **{row["id"]: row["vote"] for row in rows}}
    floor.update(s, factions=factions, votes=cast_votes, voted=entry["voted"] + [seat], called=None,
                 yes=entry["yes"] + tally["yes"], no=entry["no"] + tally["no"])
    if action["by"] == "consul_for_life":
        note(s, "controlled_vote", seat=seat, yes=tally["yes"], no=tally["no"], by=control.controller(s),
             senator=s["consul_for_life"]["senator"])
    else:
        note(s, "faction_voted", seat=seat, yes=tally["yes"], no=tally["no"], by=action["by"],
             spent=sum(row["talents"] for row in rows))


def reveal(s: dict, D: Any, rng: Random, seats: list[str]) -> list[dict]:
    """Sealed mode: every answer is in; attempts in seat order, appeals, one veto (dice-off), one
    reservation (dice-off), then every vote, revealed together."""
    given = s["sealed"]
    answers = {seat: given[seat] for seat in s["seats"] if seat in seats}
    s["sealed"] = {}
    note(s, "sealed_votes_revealed")
    todo: list[dict] = []
    for seat, a in answers.items():
        if "standing" not in a:
            todo += attempt_actions(seat, a)
    todo += [{"do": "appeal", "seat": seat} for seat, a in answers.items()
             if appeal_due(s, seat) and (a.get("appeal", "no") != "no" or appeal_required(floor.current(s)["proposal"]))]
    for purpose in ("suspend", "veto", "reserve"):
        wanted = [seat for seat, a in answers.items() if a.get("tribune") == purpose]
        if wanted:
            winner = tribunes.dice_off(s, rng, wanted) if len(wanted) > 1 else wanted[0]
            todo.append({"do": purpose, "seat": winner})
    for seat, a in answers.items():
        if "standing" in a:
            todo.append(cast_all(s, seat, a["standing"], "standing"))
        else:
            todo.append({"do": "cast", "seat": seat, "by": "vote", "votes": a["votes"], "talents": a.get("talents", {})})
    return todo


def after_attempt(s: dict, D: Any, rng: Random, value: dict) -> None:
    """Rule 9.11: back from an assassination: a dead nominee (or Prosecutor) cancels the proposal (a Land
    Bill is never cancelled); a dead PM is replaced by the next HRAO; votes already cast count."""
    if "held_sealed" in s["ctx"]:
        s["sealed"] = s["ctx"].pop("held_sealed")
    entry = floor.current(s)
    p = entry["proposal"]
    dead = set(value.get("dead", ())) | {sid for sid in standing_votes.named(p) + [entry["pm"]]
                                         if sid not in s["senators"]}
    gone = [sid for sid in standing_votes.named(p) if sid in dead]
    if gone and p["kind"] != "land_bill" and entry["status"] == "open":
        floor.update(s, status="cancelled")
        note(s, "vote_cancelled", senators=gone)
    if entry["pm"] in dead:
        floor.update(s, pm=hrao(s, D))
        note(s, "new_presiding_magistrate", pm=floor.current(s)["pm"])
    proceed(s, D, rng)


def finish(s: dict, D: Any, rng: Random) -> None:
    entry = floor.current(s)
    status = entry["status"]
    if status == "open":
        status = "passed" if entry["yes"] > entry["no"] else "failed"
        floor.update(s, status=status)
    entry = floor.pop(s)
    if entry["mode"] == "sealed":
        s["sealed"] = {}  # answers not revealed (a veto or a death ended the vote first) are dropped
    unanimous = status == "failed" and unanimous_defeat(s, entry)
    note(s, "vote_result", passed=status == "passed", status=status, yes=entry["yes"], no=entry["no"],
         unanimous=unanimous)
    ret(s, D, rng, {"passed": status == "passed", "vetoed": status == "vetoed", "cancelled": status == "cancelled",
                    "suspended": status == "suspended",
                    "yes": entry["yes"], "no": entry["no"], "votes": dict(entry["votes"]),
                    "unanimous_defeat": unanimous, "vetoed_by": entry["vetoed_by"], "appeal": entry["appeal"]})


def unanimous_defeat(s: dict, entry: dict) -> bool:
    """Rule 9.1: a PM's proposal (not a Tribune's, not a minor motion) that every voting Senator of the other
    factions voted against ([A] abstention breaks unanimity; at least one such Senator voted)."""
    p = entry["proposal"]
    if not p["unanimity_penalty"]:
        return False
    others = [row["vote"] for seat, cast in entry["factions"].items() if seat != entry["by"] for row in cast["senators"]]
    return bool(others) and all(v == "no" for v in others)


class VoteStep(Step):
    """A state of the vote: coming back from an assassination continues the vote."""

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        after_attempt(s, D, rng, value)


@state
class SenateFactionVote(VoteStep):
    """Rule 9.2: the called faction votes, Senator by Senator, with talents for extra votes; or vetoes
    (Rule 9.3); it may also attempt an assassination (Rule 9.11) and set a standing vote (issue #15)."""

    name = "senate_faction_vote"
    short = "vote"
    kind = "senate_vote"
    waiting = _("to vote in the Senate")

    def legal(self, s: dict, D: Any) -> dict:
        return {control.asked(s) or floor.current(s)["called"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return vote_form(s, D, seat, sealed=False)

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        check_vote(s, D, seat, values)

    def text(self, s: dict, D: Any, seat: str) -> str:
        ruling = [control.prompt_text(s)] if control.asked(s) == seat else []
        return join_sentences([floor.floor_text(D, s)] + ruling + [_("Your faction's vote:")])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return default_values(s, seat, self.form(s, D, seat).fields)

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        apply_orders(s, seat, values)
        ruled = control.asked(s) == seat
        s["ctx"]["todo"] = control.answer(s, seat, values) if ruled else answer_actions(seat, values)
        proceed(s, D, rng)


@state
class SenateCallFaction(VoteStep):
    """Rule 9.1-9.2: the PM names the next faction to vote, after seeing the previous vote."""

    name = "senate_call_faction"
    short = "call"
    kind = "call_faction"
    forced_public = True  # who has not voted yet is public
    waiting = _("to call the next faction to vote")

    def legal(self, s: dict, D: Any) -> dict:
        seat = floor.pm_seat(s)
        return {seat: [f"call:{x}" for x in floor.remaining(s)] + ["rest", "immediate"]} if seat else {}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "rest":
            return _("Call the others in seat order, without asking me again on this proposal")
        if cid == "immediate":
            return _("Call an immediate vote: the factions still to vote answer at once, revealed together")
        return _("Call %(seat)s", seat=seat_name(cid[5:]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return join_sentences([floor.floor_text(D, s), _("As Presiding Magistrate, call the next faction to vote.")])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """Spec 17.9 [A]: a PM who misses the deadline calls the next faction in seat order."""
        return ids[0]

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        if cid == "rest":
            s["ctx"]["rest"] = True
        elif cid == "immediate":  # Rule 9.1: the PM cuts off debate
            note(s, "immediate_vote")
            floor.update(s, mode="sealed")
            seal_standing(s)
        else:
            note(s, "faction_called", seat=cid[5:])
            floor.update(s, called=cid[5:])
        proceed(s, D, rng)


_FLOOR_TEXT: tuple = (None, "")  # (state, its floor text): the last state's, held so that its id is not reused


def shared_floor_text(D: Any, s: dict) -> str:
    """floor.floor_text, the same for every seat (it reads no seat), made once for all
    the factions a sealed vote asks at once. Only prompts read it, and a state is never changed once
    `apply` has returned it (the rules protocol), so the state's identity is the key."""
    global _FLOOR_TEXT
    held, text = _FLOOR_TEXT  # one tuple, replaced whole: another thread never mixes two states' texts
    if held is not s:
        text = floor.floor_text(D, s)
        _FLOOR_TEXT = (s, text)
    return text


@state
class SenateSealedVote(VoteStep):
    """Option senate_votes = "sealed": every faction answers at once, secretly; revealed together."""

    name = "senate_sealed_vote"
    short = "sealed_vote"
    kind = "senate_vote"
    secret = True
    waiting = _("to vote in the Senate (sealed)")

    def legal(self, s: dict, D: Any) -> dict:
        ruler = control.asked(s)
        if ruler is not None:  # made Consul for Life during the round: he answers for all, in order
            return {ruler: [FORM]}
        answered = s["sealed"]
        return {seat: [FORM] for seat in floor.remaining(s) if seat not in answered}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        return vote_form(s, D, seat, sealed=True)

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        check_vote(s, D, seat, values)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return join_sentences([shared_floor_text(D, s), _("Votes are sealed: every faction answers at once and the "
                                                         "votes are revealed together. Your faction's vote:")])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return default_values(s, seat, self.form(s, D, seat).fields)

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        apply_orders(s, seat, values)
        if control.asked(s) == seat:
            control.unseal(s)
            floor.update(s, called=seat)
            s["ctx"]["todo"] = control.answer(s, seat, values)
            proceed(s, D, rng)
            return
        s["sealed"] = {**s["sealed"], seat: dict(values)}  # private until the reveal (state.py: s["sealed"])
        if all(x in s["sealed"] for x in floor.remaining(s)):
            proceed(s, D, rng)
