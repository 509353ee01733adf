"""The vote form (Rule 9.2, 9.3, 9.7 item 4, 9.11; issue #15): everything a called faction may answer in
one form, so that a Tribune, a Popular Appeal or an assassination attempt costs no extra round trip:

* votes: yes / no (/ abstain, not on a Land Bill) for each of its Senators in Rome (Rule 9.2);
* talents: what each Senator with money pays for extra votes (one each; nothing is paid by one who
  abstains), only for those who have some;
* tribune: veto, reserve the next proposal, or suspend a vote that sends the PM to war (only for a faction
  that can use a Tribune now);
* appeal: the accused's faction in a trial (no / appeal then vote as above / appeal then ask me again);
* assassin, target, daggers, attempt_when: an assassination attempt, now or as a standing order for the
  first proposal that names the target (only while the faction may still attempt one this turn);
* standing_when, standing_vote: one standing vote to set or remove (standing_votes.py);
* controlled: the Consul for Life's faction only, how the Senators of every faction he controls vote
  (Rule 9.10, consul_control.py); its own fields then only while it has not voted.

`answer_actions` turns an answer into the engine's pending actions, in order: the attempt, the appeal, the
reservation, then the veto or the vote.
"""
from __future__ import annotations

from typing import Any

from domain.forms import EachOf, Form, Number, OneOf, Option, encode
from domain.i18n import _
from domain.rules import IllegalAction

from . import assassination, consul_control, floor, standing_votes, tribunes
from .floor import voters
from .names import candidate_name, senator_name
from .state import votes


def appeal_due(s: dict, seat: str) -> bool:
    """Rule 9.7 item 4: the accused's faction, called in his trial, may appeal once (mandatory: Rule 9.11)."""
    entry = floor.current(s)
    p = entry["proposal"]
    accused = p.get("accused")
    return (bool(p.get("appeal")) and entry["appeal"] is None and accused in s["senators"]
            and s["senators"][accused]["faction"] == seat)


def appeal_required(proposal: dict) -> bool:
    """Rule 9.11: the special prosecution's appeal is compulsory."""
    return bool(proposal.get("appeal_required")) or proposal["kind"] == "special_prosecution"


def default_vote(proposal: dict) -> str:
    return "abstain" if proposal["abstain"] else "no"


def attempt_actions(seat: str, values: dict) -> list[dict]:
    target = values.get("target", "none")
    if values.get("assassin", "none") == "none" or target == "none" or values.get("attempt_when", "now") != "now":
        return []
    target, _sep, how = target.partition("@")
    return [{"do": "assassinate", "seat": seat, "assassin": values["assassin"], "target": target,
             "daggers": values.get("daggers", 0), "land_bill": how == "land_bill"}]


def vote_form(s: dict, D: Any, seat: str, sealed: bool) -> Form:
    """One faction's answer in one form: a vote per Senator, talents, and what else applies now; the Consul for
    Life's faction, answering for the factions he controls (Rule 9.10), has their one vote first."""

    entry = floor.current(s)
    p = entry["proposal"]
    ruling = consul_control.asked(s) == seat
    own = voters(s, seat) if seat in floor.remaining(s) else []
    fields: list = [consul_control.field(s, p)] if ruling else []
    if own:
        fields += own_vote_fields(s, D, seat, own, entry)
    appealing = [seat] if own and appeal_due(s, seat) else []
    if ruling:
        appealing += [x for x in consul_control.controlled(s) if appeal_due(s, x)]
    if appealing and not appeal_required(p):
        fields.append(OneOf("appeal", _("Popular Appeal of the accused"), appeal_options(sealed and not ruling)))
    fields += attempt_fields(s, D, seat, p)
    fields += list(standing_votes.fields(s))
    return Form(tuple(fields), default=encode(default_values(s, seat, tuple(fields))))


def own_vote_fields(s: dict, D: Any, seat: str, own: list[str], entry: dict) -> list:
    """Rule 9.2-9.3: a vote per Senator in Rome, the talents of those with money, the Tribune's options."""
    p = entry["proposal"]
    items = tuple(Option(sid, _("%(senator)s, %(n)d votes", senator=senator_name(D, s, sid), n=votes(D, s, sid)))
                  for sid in own)
    options = [Option("yes", _("Yes")), Option("no", _("No"))] + ([Option("abstain", _("Abstain"))] if p["abstain"] else [])
    fields: list = [EachOf("votes", _("Votes"), items, OneOf("vote", _("Vote"), tuple(options)))]
    rich = [sid for sid in own if s["senators"][sid]["talents"] > 0]
    if rich:
        most = max(s["senators"][sid]["talents"] for sid in rich)
        fields.append(EachOf("talents", _("Talents paid for extra votes (one vote each; nothing is paid by a Senator "
                                          "who abstains)"), tuple(o for o in items if o.value in rich),
                             Number("t", _("Talents"), 0, most)))
    tribune = tribune_options(s, D, seat, entry)
    if tribune:
        fields.append(OneOf("tribune", _("Tribune"), (Option("none", _("No Tribune")),) + tribune))
    return fields


def tribune_options(s: dict, D: Any, seat: str, entry: dict) -> tuple:
    out = []
    if entry["vetoable"] and tribunes.can_use(s, D, seat):
        out.append(Option("veto", _("Veto this proposal (your Senators then do not vote)")))
    if tribunes.may_reserve(s, D, seat, entry["proposal"], floor.pm_seat(s)):
        out.append(Option("reserve", _("Make the next proposal yourself (it is voted right after this one)")))
    if tribunes.may_suspend(s, D, seat, entry, floor.pm_seat(s)):
        out.append(Option("suspend", _("Suspend this vote, which sends the Presiding Magistrate to war, and make "
                                       "your own proposal first (your Senators then do not vote)")))
    return tuple(out)


def appeal_options(sealed: bool) -> tuple:
    out = [Option("no", _("No appeal")), Option("yes", _("Appeal, then vote as above"))]
    if not sealed:
        out.append(Option("first", _("Appeal, then ask me again for the vote")))
    return tuple(out)


def attempt_fields(s: dict, D: Any, seat: str, proposal: dict) -> list:
    free = assassination.land_bill_targets(s, proposal)
    normal = assassination.targets(s, seat) if seat not in assassination.attackers(s) else []
    if not (free or normal) or not assassination.assassins(s, seat):
        return []
    targets = [Option(sid, candidate_name(D, s, sid)) for sid in normal]
    targets += [Option(f"{sid}@land_bill", _("%(senator)s (the Land Bill's free attempt)",
                                             senator=senator_name(D, s, sid))) for sid in free]
    out = [OneOf("assassin", _("Assassination attempt: your assassin"),
                 (Option("none", _("No attempt")),) + tuple(Option(sid, senator_name(D, s, sid))
                                                             for sid in assassination.assassins(s, seat))),
           OneOf("target", _("Assassination attempt: the target"), (Option("none", _("No attempt")),) + tuple(targets))]
    daggers = len(tribunes.playable(s, seat, "assassin"))
    if daggers:
        out.append(Number("daggers", _("Assassin cards to play (+1 each)"), 0, daggers))
    when = [Option("now", _("Now, before my vote")),
            Option("named", _("Later: as soon as a proposal names the target (a standing order)"))]
    if assassination.standing_attempt(s, seat):
        when.append(Option("cancel", _("Cancel my standing assassination order")))
    out.append(OneOf("attempt_when", _("Assassination attempt: when"), tuple(when)))
    return out


def default_values(s: dict, seat: str, fields: tuple) -> dict:
    """ror-by-mail.md: a faction that misses its vote abstains (a Land Bill: votes no), spends nothing,
    plays no card and leaves its standing votes as they are."""
    entry = floor.current(s)
    bound = entry["proposal"].get("must_vote_yes") or []
    base = {"votes": {sid: "yes" if sid in bound else default_vote(entry["proposal"]) for sid in voters(s, seat)},
            "talents": None, "tribune": "none", "appeal": "no", "assassin": "none", "target": "none", "daggers": 0,
            "attempt_when": "now", "controlled": default_vote(entry["proposal"]),
            "standing_when": "any", "standing_vote": "keep"}
    out = {}
    for f in fields:
        out[f.name] = base[f.name] if base[f.name] is not None else f.first()
    return out


def check_vote(s: dict, D: Any, seat: str, values: dict) -> None:
    for sid in floor.current(s)["proposal"].get("must_vote_yes") or []:
        if (values.get("votes") or {}).get(sid, "yes") != "yes":
            raise IllegalAction(_("%(senator)s must vote for this proposal (he sponsors its repeal).",
                                  senator=senator_name(D, s, sid)))
    for sid, spent in (values.get("talents") or {}).items():
        if spent > s["senators"][sid]["talents"]:
            raise IllegalAction(_("A Senator can spend only the talents in his own treasury for votes."))
    attempt = (values.get("assassin", "none"), values.get("target", "none"))
    if (attempt[0] == "none") != (attempt[1] == "none"):
        raise IllegalAction(_("An assassination attempt names both your assassin and the target (or neither)."))
    if values.get("daggers", 0) and attempt[0] == "none":
        raise IllegalAction(_("Assassin cards are played only with an assassination attempt."))
    if values.get("attempt_when") == "named" and attempt[1].endswith("@land_bill"):
        raise IllegalAction(_("The Land Bill's free attempt is made now or not at all."))


def apply_orders(s: dict, seat: str, values: dict) -> None:
    """The standing orders an answer sets (private to the seat): one standing vote, the standing attempt."""
    standing_votes.apply_fields(s, seat, values)
    when = values.get("attempt_when", "now")
    if when == "cancel":
        assassination.set_standing_attempt(s, seat, None)
    elif when == "named" and values.get("assassin", "none") != "none" and values.get("target", "none") != "none":
        assassination.set_standing_attempt(s, seat, {"assassin": values["assassin"], "target": values["target"],
                                                     "daggers": values.get("daggers", 0)})


def answer_actions(seat: str, values: dict) -> list[dict]:
    """The pending actions of an in-order answer: attempt, appeal, then the Tribune or the vote."""
    todo = attempt_actions(seat, values)
    how = values.get("appeal", "no")
    if how != "no":
        todo.append({"do": "appeal", "seat": seat})
    if how == "first":
        return todo  # the faction is called again once the appeal is known
    if values.get("tribune") == "reserve":
        todo.append({"do": "reserve", "seat": seat})
    if values.get("tribune") in ("veto", "suspend"):
        todo.append({"do": values["tribune"], "seat": seat})
    else:
        todo.append({"do": "cast", "seat": seat, "by": "vote", "votes": values.get("votes") or {},
                     "talents": values.get("talents") or {}})
    return todo
