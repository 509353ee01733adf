"""The Republic of Rome's bot (issue #16 item 5): it plays legally and not absurdly, for the `bot` timeout
policy and to fill seats in tests and the simulator. It is not a strategist.

It starts from the step's default (the game masters' list of default orders, defaults.py: what a missed
deadline plays) and improves it with simple greed for a few kinds of decision (`GREEDY`, per prompt kind):

* senate_vote: yes on what its own faction proposed, on proposals that give its own Senators an office,
  a command, a Governorship or a Concession, and on Land Bills (a vote against costs Popularity: Rule 9.8.6);
  no on the prosecution of its own Senators and on disbanding forces while Rome is at war; yes on raising and
  sending forces against an Active War (Rule 9.8.4-9.8.5); otherwise the default (abstain).
* persuade: an unaligned Senator when its persuader can pay a bribe that brings the base number to 7
  (Rule 7.4); counter-bribes and further bribes stay at the default 0.
* initiative_actions: Games while the Unrest is 2 or more (Rule 7.6), else a Knight attracted with the money a
  Senator has to spare (Rule 7.2 step 3).
* contribute: a rich Senator (20 talents or more) gives 10 to the State (Rule 6.2 item 6).
* as Presiding Magistrate: its own Senators nominated for Consul, Censor and the first Province, where the
  default takes the lowest numbers; in other business, while an Active War has no Commander against it,
  forces raised and sent (Rule 9.8.4-9.8.5); Concessions awarded to its own Senators (Rule 9.8.3); at Unrest 3
  or more, a Land Bill its own Senators sponsor (Rule 9.8.6).
* never a revolt (Rule 11): an option that names a revolt or a rebel is never taken when another exists.

Every other kind plays its default. The answer is checked here (`forms.accept`: the rules' check_answer); a
greedy answer the rules refuse is replaced by the default, so the bot never depends on the platform's random
fallback. The only randomness is the platform's `pick(n)` (domain.bots), used to break ties.
"""
from __future__ import annotations

from typing import Any, Callable

from domain import forms
from domain.rules import IllegalAction, Prompt

from .business import KINDS, NONE, awardable, defeated
from .data import data_for
from .deployment import below_minimum, blocked_by_series, commanders, deployable, picked_units
from .elections import censor_candidates, open_pairs
from .forces import commands, fleets_at, naval_pending, unit_cost, units_at, war_strength
from .governors import candidates, needs_consent
from .knights import games_offers
from .land_bills import types_open
from .senate import refused
from .persuasion import base_number, persuaders, targets
from .state import aligned, in_rome

Pick = Callable[[int], int]
Greedy = Callable[[dict, Any, str, Any, Pick], Any]  # (state, data, seat, default values or id, pick) -> answer

GREEDY: dict[str, Greedy] = {}
AVOID = ("revolt", "rebel")  # Rule 11: the bot never revolts
PERSUASION_TARGET = 7  # Rule 7.4: a base number of 7 succeeds more often than not on two dice
RICH, GIFT = 20, 10  # Rule 6.2 item 6: a Senator with 20 talents gives 10 (+1 Influence)
KEEP = 5  # talents a Senator keeps before paying for a Knight
UNREST_FOR_GAMES = 2  # Rule 7.6: the bot sponsors Games from this Unrest level
UNREST_FOR_LAND_BILL = 3  # Rule 9.8.6: the bot proposes a Land Bill from this Unrest level
RESERVE = 20  # talents the bot leaves in the State Treasury when it raises forces (Rule 6.2: no bankruptcy)


def greedy(*kinds: str) -> Callable[[Greedy], Greedy]:
    def register(fn: Greedy) -> Greedy:
        for k in kinds:
            GREEDY[k] = fn
        return fn
    return register


def choose(rules: Any, s: dict, prompt: Prompt, pick: Pick) -> str:
    """The bot's answer to `prompt`: the greedy answer of its kind when the rules accept it, else the default."""
    default = rules.default_choice(s, prompt.seat)
    D = data_for(s)
    fn = GREEDY.get(prompt.kind)
    if prompt.form is None:
        ids = prompt.choice_ids()
        answer = fn(s, D, prompt.seat, default, pick) if fn else default
        answer = answer if answer in ids else default
        return _not_revolt(ids, answer)
    values = forms.values_of(prompt.form, default)
    better = fn(s, D, prompt.seat, dict(values), pick) if fn else None
    for candidate in (better, values):
        if candidate is None:
            continue
        answer = forms.encode(_bounded(prompt.form, _form_not_revolt(prompt.form, candidate)))
        try:
            return forms.accept(rules, s, prompt, answer).id
        except IllegalAction:
            continue
    return default


def _bounded(form: Any, values: dict) -> dict:
    """Numbers kept within their fields' bounds (greed asks for more than a field may allow)."""
    out = dict(values)
    for f in form.fields:
        if isinstance(f, forms.Number) and isinstance(out.get(f.name), int):
            out[f.name] = max(f.min, min(f.max, out[f.name]))
    return out


def _revolting(value: str) -> bool:
    return any(word in str(value).lower() for word in AVOID)


def _not_revolt(ids: list[str], answer: str) -> str:
    if not _revolting(answer):
        return answer
    return next((i for i in ids if not _revolting(i)), answer)


def _form_not_revolt(form: Any, values: dict) -> dict:
    out = dict(values)
    for f in form.fields:
        options = [o.value for o in getattr(f, "options", ())]
        if isinstance(out.get(f.name), str) and _revolting(out[f.name]):
            out[f.name] = _not_revolt(options, out[f.name])
    return out


# ------------------------------------------------------------------------------------------ helpers
def own(s: dict, seat: str, sid: Any) -> bool:
    return isinstance(sid, str) and sid in s["senators"] and s["senators"][sid]["faction"] == seat


def at_war(s: dict) -> list[str]:
    """Active (or unprosecuted) Wars: Rule 10 fights them; Rule 9.8.5 sends Commanders against them."""
    return [w for w, v in s["forum"]["wars"].items() if v["status"] in ("active", "unprosecuted")]


def unopposed_wars(s: dict) -> list[str]:
    """Active Wars with no Commander in the field against them (nothing sent: Rome's danger)."""
    attacked = {c["war"] for c in commands(s)}
    return [w for w in at_war(s) if w not in attacked]


def tried(s: dict, name: str) -> bool:
    """A proposal of this kind was defeated this turn (the bot does not insist: no endless Senate)."""
    return any(key.startswith('{"') and f'"kind":"{name}"' in key for key in s.get("senate", {}).get("defeated", []))


# ------------------------------------------------------------------------------------------ votes
def stance(s: dict, seat: str, p: dict) -> str | None:
    """yes / no for the faction's own interest (Rule 9.2), or None: no interest (the default)."""
    k = p["kind"]
    if k in ("prosecution", "special_prosecution"):
        return "no" if own(s, seat, p.get("accused")) else ("yes" if p.get("by") == seat else None)
    if k == "disband_forces" and at_war(s):
        return "no"  # never leave Rome undefended on purpose
    if k == "land_bill":
        return "yes"  # Rule 9.8.6: a vote against costs the voter Popularity, and the bill calms the people
    if p.get("by") == seat:
        return "yes"
    mine = [p.get("candidate"), p.get("nominee"), p.get("commander"), p.get("senator")]
    mine += list(p.get("candidates") or []) + [sid for _x, sid in p.get("governors") or []]
    mine += [sid for _x, sid in p.get("awards") or []]
    if any(own(s, seat, sid) for sid in mine):
        return "yes"
    if k in ("raise_forces", "deploy", "reinforce") and at_war(s):
        return "yes"
    return None


@greedy("senate_vote")
def vote(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    from .floor import current
    p = current(s)["proposal"]
    how = stance(s, seat, p)
    if how is None or "votes" not in values:
        return values
    bound = p.get("must_vote_yes") or []
    values["votes"] = {sid: ("yes" if sid in bound else how) for sid in values["votes"]}
    return values


# ------------------------------------------------------------------------------------------ Forum
@greedy("persuade")
def persuade(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    """Rule 7.4: the cheapest bribe that brings an unaligned target's base number to 7."""
    options = []
    for p in persuaders(s, seat):
        for t in targets(s, seat):
            if s["senators"][t]["faction"] is not None:
                continue
            base = base_number(s, D, {"persuader": p, "target": t, "bribes": 0, "counter": 0, "support": 0})
            bribe = max(0, PERSUASION_TARGET - base)
            if bribe <= s["senators"][p]["talents"]:
                options.append((bribe, -base, p, t))
    if not options:
        return values
    options.sort()
    best = [o for o in options if o[:2] == options[0][:2]]
    bribe, _base, p, t = best[pick(len(best))]
    return {**values, "persuader": p, "target": t, "bribe": bribe}


@greedy("initiative_actions")
def initiative(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    """Rule 7.6: Games while the Unrest is high; otherwise (Rule 7.2 step 3) the richest Senator in Rome who can
    spare money attracts a Knight with it."""
    games = games_choice(s, D, seat)
    where = next((f for f in ("leader_or_games", "games") if f in values), None)
    if games is not None and where is not None:
        return {**values, where: games}
    if "knights" not in values or "talents" not in values:
        return values
    rich = [sid for sid in aligned(s, seat) if in_rome(s, sid) and s["senators"][sid]["talents"] > KEEP]
    if not rich:
        return values
    sid = max(rich, key=lambda x: (s["senators"][x]["talents"], x))
    spare = s["senators"][sid]["talents"] - KEEP
    return {**values, "knights": "attract:" + sid, "talents": spare}


def games_choice(s: dict, D: Any, seat: str) -> str | None:
    """Rule 7.6: at Unrest 2 or more, the smallest Games that take the Unrest down as far as Games can (else the
    biggest the faction can pay), by its richest Senator who can pay them."""
    if s["unrest"] < UNREST_FOR_GAMES:
        return None
    offers = games_offers(s, D, seat)
    if not offers:
        return None
    enough = [o for o in offers if -o[1]["unrest"] >= s["unrest"]]
    if enough:
        sid, g = min(enough, key=lambda o: (o[1]["cost"], -s["senators"][o[0]]["talents"], o[0]))
    else:
        sid, g = max(offers, key=lambda o: (o[1]["cost"], s["senators"][o[0]]["talents"], o[0]))
    return f"games:{sid}:{g['id']}"


@greedy("contribute")
def contribute(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    rich = [sid for sid in aligned(s, seat) if s["senators"][sid]["talents"] >= RICH and not s["senators"][sid]["rebel"]]
    if not rich:
        return values
    sid = max(rich, key=lambda x: (s["senators"][x]["talents"], x))
    return {"contributions": [{"senator": sid, "amount": GIFT}]}


# ------------------------------------------------------------------------------------------ the PM
@greedy("nominate_consuls")
def consuls(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    """Rule 9.5.2: the open pair with the most of its own Senators."""
    pairs = open_pairs(s)
    if not pairs:
        return values
    a, b = max(pairs, key=lambda pair: sum(own(s, seat, sid) for sid in pair))
    return {**values, "first": a, "second": b}


@greedy("nominate_censor")
def censor(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    mine = [sid for sid in censor_candidates(s) if own(s, seat, sid)]
    return {**values, "censor": mine[0]} if mine else values


@greedy("nominate_governors")
def governors(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    """Rule 9.8.1: its own Senator for the first Province, where one may go without consent."""
    picks = values.get("governors") or {}
    first = next((p for p, sid in picks.items() if sid != NONE), None)
    if first is None:
        return values
    mine = [c for c in candidates(s, first) if own(s, seat, c) and not needs_consent(s, first, c)]
    return {**values, "governors": {**picks, first: mine[0]}} if mine else values


@greedy("other_business")
def business(s: dict, D: Any, seat: str, default: str, pick: Pick) -> str:
    """Rule 9.8.5, 9.8.4, 9.8.3: Commanders against unopposed Active Wars, forces raised for them, then
    Concessions for its own Senators; then the default (adjourn)."""
    def offered(name: str) -> bool:
        return name in KINDS and KINDS[name].available(s, D) and not tried(s, name)

    if unopposed_wars(s):
        if offered("deploy") and deploy_values(s, D, seat, strong=True) is not None:
            return "deploy"
        if offered("raise_forces") and forces_needed(s, D) is not None:
            return "raise_forces"
        if offered("deploy") and deploy_values(s, D, seat) is not None:
            return "deploy"
    if offered("concessions") and any(own(s, seat, sid) for sid in _aligned_in_rome(s)):
        return "concessions"
    if offered("land_bill") and land_bill_values(s, D, seat) is not None:
        return "land_bill"
    return default


@greedy("propose")
def propose(s: dict, D: Any, seat: str, values: dict, pick: Pick) -> dict:
    kind = s["ctx"].get("kind")
    if kind == "deploy":
        better = deploy_values(s, D, seat, strong=True) or deploy_values(s, D, seat)
    elif kind == "raise_forces":
        better = forces_needed(s, D)
    elif kind == "concessions":
        better = concession_values(s, seat, values)
    elif kind == "land_bill":
        better = land_bill_values(s, D, seat)
    else:
        better = None
    # the missed-deadline default withdraws the proposal (defaults.py "propose"): the bot puts it to the vote
    return {**values, **(better or {}), "then": "continue"}


def _aligned_in_rome(s: dict) -> list[str]:
    return [sid for sid in aligned(s) if in_rome(s, sid)]


def deploy_values(s: dict, D: Any, seat: str, strong: bool = False) -> dict | None:
    """Rule 9.8.5: the kind's own first acceptable proposal (every unit in Italy) against an unopposed Active
    War, with the faction's own Commander when it has one; `strong`: only a force at least the War's
    strength (not below the minimum force). Without `strong`, a smaller force only under its own Commander
    (who needs nobody's consent)."""
    k = KINDS["deploy"]
    wars = [w for w in unopposed_wars(s) if w in deployable(s, D)]
    mine = [c for c in commanders(s) if own(s, seat, c)]
    for sid in mine + ([c for c in commanders(s) if c not in mine] if strong else []):
        for v in k.tries(s, D):
            if v["commander"] != sid or v["war"] not in wars or not k.acceptable(s, D, v):
                continue
            legions, fleets = picked_units(s, v)
            if not strong or not below_minimum(s, D, sid, v["war"], legions, fleets):
                return v
    return None


def forces_needed(s: dict, D: Any) -> dict | None:
    """Rule 9.8.4: the Legions and Fleets that would make Italy's forces a match for one unopposed Active War
    (its land strength, its Fleet Support, its fleet while no Naval Victory is won), for the War that needs
    the cheapest such raise the Treasury can pay, keeping RESERVE; None when no Commander is free to lead
    them, nothing is needed or nothing is affordable."""
    k = KINDS["raise_forces"]
    if not commanders(s) or s["no_recruitment"]:
        return None
    cost, budget = unit_cost(s, D), max(0, s["treasury"] - RESERVE)
    options = []
    for w in unopposed_wars(s):
        if blocked_by_series(s, D, w):
            continue
        strength = war_strength(s, D, w)
        sea = max(D.wars[w]["fleet_support"], strength["naval"] if naval_pending(s, D, w) else 0)
        legions = max(0, strength["land"] - len(units_at(s, "italy")))
        fleets = max(0, sea - len(fleets_at(s, "italy")))
        values = {"legions": legions, "fleets": fleets}
        if (legions + fleets) and (legions + fleets) * cost <= budget and legions <= k.most(s, D, "legions") \
                and fleets <= k.most(s, D, "fleets") and k.acceptable(s, D, values):
            options.append((legions + fleets, w, values))
    return min(options, key=lambda o: (o[0], o[1]))[2] if options else None


def concession_values(s: dict, seat: str, values: dict) -> dict | None:
    """Rule 9.8.3: every Concession in the Forum to its own Senators in Rome, in turn."""
    mine = sorted(sid for sid in _aligned_in_rome(s) if own(s, seat, sid))
    cons = [c for c in awardable(s) if c in (values.get("awards") or {})]
    if not mine or not cons:
        return None
    awards = {c: mine[i % len(mine)] for i, c in enumerate(cons)}
    return None if defeated(s, {"kind": "concessions", "awards": [[c, x] for c, x in awards.items()]}) else {"awards": awards}


def land_bill_values(s: dict, D: Any, seat: str) -> dict | None:
    """Rule 9.8.6: at Unrest 3 or more, the open Land Bill that calms the people most among those the Treasury
    can pay keeping RESERVE, sponsored by two of its own Senators in Rome (no consent to ask)."""
    if s["unrest"] < UNREST_FOR_LAND_BILL:
        return None
    mine = [sid for sid in _aligned_in_rome(s) if own(s, seat, sid)]
    bills = [b for b in D.tables["land_bills"] if b["type"] in types_open(s, D) and b["cost"] <= s["treasury"] - RESERVE]
    for b in sorted(bills, key=lambda b: (b["pass_unrest"], b["type"])):
        free = [sid for sid in mine if not refused(s, sid, "land_bill:" + b["type"])]
        if len(free) >= 2:
            sponsor, cosponsor = sorted(free, key=lambda x: (-s["senators"][x]["inf"], x))[:2]
            return {"type": b["type"], "sponsor": sponsor, "cosponsor": cosponsor}
    return None
