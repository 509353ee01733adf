"""Standing votes (issue #15 item 5): a faction's private, conditional orders on the kinds of proposal, that
answer at once when its turn to vote comes, as the game masters' advance orders did (ror-by-mail.md).

The platform's own standing orders (domain/game.py) repeat one exact answer for one kind of decision; they
cannot say "yes on any proposal by Red", so these orders live in the rules state:

  s["standing_votes"][seat] = {condition id: action}      (private: only its seat and the referee see it)

A faction sets or removes one order at a time with two fields of its vote form ("From now on, on..." and
"...vote:"). When the faction is called, the most particular matching order applies, in the order of
CONDITIONS (a prosecution of one of its Senators before "a proposal by Red", before "any proposal"). An
order to abstain does not apply to a Land Bill (abstention is not allowed on one: the next matching order,
or the faction is asked). An order to veto acts when the proposal is put on the floor, before any faction
is called (Rule 9.3: before its own turn), if the faction can veto then; otherwise it is passed over.
The vote the order casts is recorded as made `by: standing` (the note and the floor say so).
"""
from __future__ import annotations

from functools import lru_cache

from typing import Any

from domain.forms import OneOf, Option
from domain.i18n import _
from domain.rules import seat_name

ELECTIONS = ("consuls", "dictator", "censor", "consul_for_life")
PROSECUTIONS = ("prosecution", "special_prosecution")
GROUPS = {
    "elections": ELECTIONS,
    "prosecutions": PROSECUTIONS,
    "governors": ("governors",),
    "concessions": ("concessions",),
    "forces": ("raise_forces", "disband_forces"),
    "deployment": ("deploy", "reinforce", "recall", "garrison"),
}
LAND = ("land_bill", "repeal_land_bill")
ACTIONS = ("keep", "yes", "no", "abstain", "veto", "ask")
# the keys of a proposal that name a Senator it concerns (the agenda's proposal dicts)
NAMING_KEYS = ("candidate", "candidates", "nominee", "accused", "senator", "senators", "commander",
               "commanders", "governor", "sponsor", "cosponsor", "prosecutor")
ELECTING_KEYS = ("candidate", "candidates", "nominee", "senator", "senators", "governor")


def conditions(s: dict) -> list[str]:
    """Every condition id, most particular first (the order in which orders are tried)."""
    return (["mine_accused", "war", "mine_elected"] + [f"by:{seat}" for seat in s["seats"]]
            + [f"group:{g}" for g in GROUPS] + ["land_bill", "not_land_bill", "any"])


@lru_cache(maxsize=None)  # words depend on the id alone (Messages are immutable); the view asks for them often
def condition_words(cond: str) -> str:
    kind, _sep, key = cond.partition(":")
    if kind == "by":
        return _("a proposal by %(seat)s", seat=seat_name(key))
    if kind == "group":
        return {"elections": _("an election (Consuls, Dictator, Censor, Consul for Life)"),
                "prosecutions": _("a prosecution"), "governors": _("Governors"), "concessions": _("Concessions"),
                "forces": _("raising or disbanding forces"),
                "deployment": _("deploying, reinforcing, recalling or garrisoning forces")}[key]
    return {"mine_accused": _("a prosecution of one of my Senators"),
            "war": _("a proposal that sends one of my Senators to war"),
            "mine_elected": _("a proposal giving one of my Senators an office, a Province or a Concession"),
            "land_bill": _("a Land Bill or its repeal"), "not_land_bill": _("any proposal but a Land Bill"),
            "any": _("any proposal")}[cond]


@lru_cache(maxsize=None)
def action_words(action: str) -> str:
    return {"keep": _("no change to my standing votes"), "yes": _("vote yes"), "no": _("vote no"),
            "abstain": _("abstain"), "veto": _("veto with a Tribune"),
            "ask": _("ask me (removes this standing vote; with \"any proposal\", removes them all)")}[action]


# ------------------------------------------------------------------------------------ reading
def orders(s: dict, seat: str) -> dict:
    return dict((s.get("standing_votes") or {}).get(seat) or {})


def named(proposal: dict, keys: tuple[str, ...] = NAMING_KEYS) -> list[str]:
    """The Senators a proposal names under `keys`, however deep (a list of governors' assignments)."""
    out: list[str] = []

    def walk(value: Any, key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in keys:
            out.append(value)
    walk({k: v for k, v in proposal.items() if k not in ("by", "pm")}, None)
    return out


def matches(s: dict, seat: str, proposal: dict, cond: str) -> bool:
    kind = proposal["kind"]
    mine = {sid for sid, x in s["senators"].items() if x["faction"] == seat}
    head, _sep, key = cond.partition(":")
    if head == "by":
        return proposal.get("by") == key
    if head == "group":
        return kind in GROUPS[key]
    if cond == "mine_accused":
        return kind in PROSECUTIONS and proposal.get("accused") in mine
    if cond == "war":
        return kind in ("deploy", "reinforce") and bool(set(named(proposal, ("commander", "commanders"))) & mine)
    if cond == "mine_elected":
        return kind not in PROSECUTIONS + LAND and bool(set(named(proposal, ELECTING_KEYS)) & mine)
    if cond == "land_bill":
        return kind in LAND
    if cond == "not_land_bill":
        return kind not in LAND
    return cond == "any"


def answer(s: dict, seat: str, proposal: dict, *, veto: bool) -> str | None:
    """The action of the most particular matching order: with `veto` (the opening of a vote) only a veto
    counts; without it, vetoes are passed over (they acted, or could not, at the opening)."""
    own = orders(s, seat)
    for cond in conditions(s):
        action = own.get(cond)
        if action is None or not matches(s, seat, proposal, cond):
            continue
        if veto:
            return "veto" if action == "veto" else None
        if action == "veto" or (action == "abstain" and proposal["kind"] == "land_bill"):
            continue
        return action
    return None


# ------------------------------------------------------------------------------------ setting
def fields(s: dict) -> tuple:
    """The two form fields that set or remove one standing vote."""
    when = OneOf("standing_when", _("From now on, on"),
                 tuple(Option(c, condition_words(c)) for c in conditions(s)))
    how = OneOf("standing_vote", _("my standing vote is to"), tuple(Option(a, action_words(a)) for a in ACTIONS))
    return (when, how)


def apply_fields(s: dict, seat: str, values: dict) -> None:
    """Record the order the two fields set (private to the seat: no note)."""
    action = values.get("standing_vote", "keep")
    cond = values.get("standing_when", "any")
    if action == "keep":
        return
    own = orders(s, seat)
    if action == "ask":
        own = {} if cond == "any" else {c: a for c, a in own.items() if c != cond}
    else:
        own[cond] = action
    s["standing_votes"] = {**(s.get("standing_votes") or {}), seat: own}


def own_view(s: dict, seat: str) -> list[dict]:
    """The seat's orders in words, most particular first (for its own view only)."""
    own = orders(s, seat)
    return [{"when": cond, "vote": own[cond], "words": order_words(cond, own[cond])}
            for cond in conditions(s) if cond in own]


@lru_cache(maxsize=None)
def order_words(cond: str, action: str) -> str:
    return _("On %(when)s: %(vote)s.", when=condition_words(cond), vote=action_words(action))
