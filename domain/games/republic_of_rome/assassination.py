"""Assassination (Rule 9.11; spec 17.6 items 43-44; 18.30), a nested sequence the vote engine calls.

Rule 9.11: only while the Senate is in session, by and against Senators attending it; each faction makes at
most one attempt per turn and is the target of at most one; never against its own Senators. The attacker
names his assassin and the target, plays any number of Assassin cards (+1 each) and rolls one die (-1 per
Evil Omens level); after seeing the roll the target's owner may play Secret Bodyguards (-1 each). 5 or more:
the target dies; 3-4: nothing; 2 or less: the assassin is caught. An assassin not caught rolls again once per
Bodyguard, with the same modifiers, only to see whether he is caught. A caught assassin dies; his Faction
Leader loses 5 Influence and, if in Rome, faces the special prosecution (prosecutions.special_prosecution);
if the assassin was the Faction Leader himself, the Mortality chits of the victim's Popularity are drawn
anyway and kill the other Senators of his faction in Rome whose numbers appear.

Spec 18.30: the free attempt on the sponsor or co-sponsor of a Land Bill whose two sponsors belong to one
faction does not use up the once-per-turn attempt, and a caught assassin only dies.

When (reading, issue #15): "whenever the Senate is in session" is approximated by the moments the Senate
already asks a faction something — its vote form when it is called (or the sealed vote form) — and by a
standing order that acts when a proposal naming the target is put on the floor. Both cost no extra round
trip; the only extra decision is the target's Bodyguards, asked whenever the roll has not already caught
the assassin (asked even of a faction holding none, so the question reveals nothing about its hand).

`start(...)` calls the sequence; it returns to the caller's `resume` with
{"killed": bool, "caught": bool, "assassin": sid, "target": sid, "dead": [sids that died in it]} (a dead
Faction Leader's heir takes his sid at once, so "not in play" does not tell who died).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, n_

from .dice import draw_chits, evil_omens, roll
from .machine import Step, call, goto, ret, state
from .narrate import ROLL_PURPOSES, narrates
from .state import bump, change, in_rome, note, sort_key
from .tribunes import intrigue_turn, play_card, playable, set_intrigue_turn



def result_of(D: Any, total: int) -> str:
    """The assassination table's result for a modified roll: 'killed', 'no_effect' or 'caught' (data)."""
    for row in D.tables["assassination"]["rows"]:
        if (row["min"] is None or total >= row["min"]) and (row["max"] is None or total <= row["max"]):
            return row["result"]
    raise ValueError(f"no assassination row for {total}")


def attackers(s: dict) -> set[str]:
    return set(intrigue_turn(s)["attempted"])


def may_attempt(s: dict, seat: str) -> bool:
    return seat not in attackers(s) and bool(assassins(s, seat)) and bool(targets(s, seat))


def assassins(s: dict, seat: str) -> list[str]:
    return sorted((sid for sid, x in s["senators"].items() if x["faction"] == seat and in_rome(s, sid)), key=sort_key)


def targets(s: dict, seat: str) -> list[str]:
    """Senators of other factions attending the Senate whose faction is not yet targeted this turn."""
    taken = set(intrigue_turn(s)["targeted"])
    return sorted((sid for sid, x in s["senators"].items() if x["faction"] not in (None, seat)
                   and x["faction"] not in taken and in_rome(s, sid)), key=sort_key)


def land_bill_targets(s: dict, proposal: dict) -> list[str]:
    """Spec 17.6 item 44: a Land Bill whose sponsor and co-sponsor are of one faction, attempt not yet made."""
    if proposal["kind"] != "land_bill" or proposal.get("land_bill_attempted"):
        return []
    pair = [proposal.get("sponsor"), proposal.get("cosponsor")]
    if not all(sid in s["senators"] and in_rome(s, sid) for sid in pair):
        return []
    seats = {s["senators"][sid]["faction"] for sid in pair}
    return sorted(pair, key=sort_key) if len(seats) == 1 and None not in seats else []


def valid(s: dict, seat: str, assassin: str, target: str, daggers: int, land_bill: bool) -> bool:
    """Whether the attempt can still be made now (a standing order may have gone stale)."""
    if assassin not in s["senators"] or target not in s["senators"]:
        return False
    if s["senators"][assassin]["faction"] != seat or not in_rome(s, assassin) or not in_rome(s, target):
        return False
    if daggers > len(playable(s, seat, "assassin")):
        return False
    return land_bill or (seat not in attackers(s) and target in targets(s, seat))


# ------------------------------------------------------------------------------------- standing attempts
def standing_attempt(s: dict, seat: str) -> dict | None:
    """The seat's standing attempt {assassin, target, daggers}: made as soon as a proposal names the target
    (private to the seat until it is made)."""
    return (s.get("standing_attempts") or {}).get(seat)


def set_standing_attempt(s: dict, seat: str, order: dict | None) -> None:
    orders = {k: v for k, v in (s.get("standing_attempts") or {}).items() if k != seat}
    s["standing_attempts"] = {**orders, seat: order} if order else orders


def standing_attempts_due(s: dict, named: list[str], skip: tuple | list = ()) -> list[dict]:
    """The standing attempts a proposal naming `named` sets off, in seat order (each order is used up); the
    factions in `skip` (controlled by the Consul for Life: Rule 9.10) keep theirs, which do not act."""
    out = []
    for seat in s["seats"]:
        order = standing_attempt(s, seat) if seat not in skip else None
        if order and order["target"] in named and valid(s, seat, order["assassin"], order["target"],
                                                        order["daggers"], False):
            set_standing_attempt(s, seat, None)
            out.append({"do": "assassinate", "seat": seat, "land_bill": False, **order})
    return out


def standing_attempt_words(D: Any, s: dict, seat: str) -> str | None:
    from .names import senator_name
    order = standing_attempt(s, seat)
    if not order:
        return None
    return n_("As soon as a proposal names %(target)s: %(assassin)s tries to assassinate him (%(n)d Assassin card).",
              "As soon as a proposal names %(target)s: %(assassin)s tries to assassinate him (%(n)d Assassin cards).",
              order["daggers"], target=senator_name(D, s, order["target"]),
              assassin=senator_name(D, s, order["assassin"]))


def start(s: dict, D: Any, rng: Random, seat: str, assassin: str, target: str, daggers: int,
          land_bill: bool = False, then: str | None = None) -> None:
    call(s, D, "senate_assassination", rng, then=then,
         args={"seat": seat, "assassin": assassin, "target": target, "daggers": daggers, "land_bill": land_bill,
               "target_seat": s["senators"][target]["faction"], "victim_pop": s["senators"][target]["pop"]})


@state
class SenateAssassination(Step):
    """Rule 9.11: the announcement, the Assassin cards and the roll; then the Bodyguards, unless the roll
    already caught the assassin."""

    name = "senate_assassination"

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        ctx = s["ctx"]
        if not ctx["land_bill"]:
            facts = intrigue_turn(s)
            set_intrigue_turn(s, attempted=facts["attempted"] + [ctx["seat"]],
                              targeted=facts["targeted"] + [ctx["target_seat"]])
        for card in playable(s, ctx["seat"], "assassin")[:ctx["daggers"]]:
            play_card(s, ctx["seat"], card)
        note(s, "assassination", seat=ctx["seat"], assassin=ctx["assassin"], target=ctx["target"],
             daggers=ctx["daggers"], land_bill=ctx["land_bill"])
        die = roll(s, rng, 1, "assassination", senator=ctx["assassin"])[0]
        ctx["roll"] = die + ctx["daggers"] - evil_omens(s)
        if result_of(D, ctx["roll"]) == "caught":
            conclude(s, D, rng, killed=False, caught=True)
        else:
            goto(s, D, "senate_bodyguards", rng)

    def resume(self, s: dict, D: Any, rng: Random, value: Any) -> None:
        """Back from the special prosecution of the assassin's Faction Leader."""
        if value.get("convicted"):
            died(s, s["ctx"]["leader"])
        finish(s, D, rng)


@state
class SenateBodyguards(Step):
    """Rule 9.11: after seeing the roll, the target's owner may play Secret Bodyguards (-1 each)."""

    name = "senate_bodyguards"
    resume = SenateAssassination.resume  # the special prosecution called from `act` returns here
    short = "bodyguards"
    kind = "play_bodyguards"
    waiting = _("to decide on Secret Bodyguards")

    def legal(self, s: dict, D: Any) -> dict:
        seat = s["ctx"]["target_seat"]
        return {seat: [str(n) for n in range(len(playable(s, seat, "secret_bodyguard")) + 1)]}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        if cid == "0":
            return _("Play no Secret Bodyguard")
        return n_("Play %(n)d Secret Bodyguard", "Play %(n)d Secret Bodyguards", int(cid))

    def text(self, s: dict, D: Any, seat: str) -> str:
        from .names import senator_name
        ctx = s["ctx"]
        return _("%(assassin)s tries to assassinate your %(target)s: the roll is %(roll)d (5 or more kills him, 2 or "
                 "less catches the assassin). Each Secret Bodyguard lowers it by 1, and the assassin, if not caught, "
                 "then rolls once more per Bodyguard to see whether he is caught.",
                 assassin=senator_name(D, s, ctx["assassin"]), target=senator_name(D, s, ctx["target"]),
                 roll=ctx["roll"])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """[A] A missed deadline plays no card (ror-by-mail: no card play)."""
        return "0"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        guards = int(cid)
        bump(s)
        for card in playable(s, seat, "secret_bodyguard")[:guards]:
            play_card(s, seat, card)
        if guards:
            note(s, "bodyguards", seat=seat, n=guards)
        final = result_of(D, ctx["roll"] - guards)
        caught = final == "caught"
        for _i in range(guards if not caught else 0):
            again = roll(s, rng, 1, "assassin_caught", senator=ctx["assassin"])[0]
            if result_of(D, again + ctx["daggers"] - evil_omens(s) - guards) == "caught":
                caught = True  # Rule 9.11: a "killed" result on these re-rolls is ignored
                break
        conclude(s, D, rng, killed=final == "killed", caught=caught)


def conclude(s: dict, D: Any, rng: Random, *, killed: bool, caught: bool) -> None:
    """The results (Rule 9.11), then the caught assassin's consequences."""
    from .deaths import kill_senator
    ctx = s["ctx"]
    ctx["killed"], ctx["caught"] = killed, caught
    note(s, "assassination_result", killed=killed, caught=caught, target=ctx["target"], assassin=ctx["assassin"])
    leader = s["factions"][ctx["seat"]]["leader"]
    ctx["leader"] = leader
    if killed:
        died(s, ctx["target"])
        kill_senator(s, D, ctx["target"], rng, "assassinated")
    if not caught:
        finish(s, D, rng)
        return
    died(s, ctx["assassin"])
    kill_senator(s, D, ctx["assassin"], rng, "caught_assassin")
    if ctx["land_bill"] or leader is None:
        finish(s, D, rng)
    elif leader == ctx["assassin"]:
        chits_for_the_faction(s, D, rng, ctx["seat"], ctx["victim_pop"])
        finish(s, D, rng)
    else:
        punish_leader(s, D, rng, leader)


def punish_leader(s: dict, D: Any, rng: Random, leader: str) -> None:
    """Rule 9.11: the Faction Leader loses 5 Influence and, if in Rome, faces the special prosecution."""
    ctx = s["ctx"]
    lost = -change(s, leader, "inf", -D.c("caught_assassin_faction_leader_influence_loss"))
    note(s, "assassin_leader_punished", senator=leader, lost=lost)
    if not in_rome(s, leader):
        finish(s, D, rng)
        return
    from .prosecutions import special_prosecution
    special_prosecution(s, D, rng, leader, ctx["victim_pop"])  # returns to SenateAssassination.resume


def chits_for_the_faction(s: dict, D: Any, rng: Random, seat: str, popularity: int) -> None:
    """Rule 9.11: the assassin was the Faction Leader: as many chits as the victim's (positive) Popularity;
    every other Senator of his faction in Rome whose number appears dies."""
    from .card_play import by_number
    from .deaths import kill_senator
    if popularity <= 0:
        return
    for chit in draw_chits(s, D, rng, popularity, "assassin_chits"):
        sid = by_number(s, D, chit)
        if sid is not None and s["senators"][sid]["faction"] == seat and in_rome(s, sid):
            died(s, sid)
            kill_senator(s, D, sid, rng, "assassin_trial")


def died(s: dict, sid: str) -> None:
    """Keep who died (a Faction Leader's heir takes his sid at once: the sid alone does not tell)."""
    s["ctx"]["dead"] = s["ctx"].get("dead", []) + [sid]


def finish(s: dict, D: Any, rng: Random) -> None:
    ctx = s["ctx"]
    ret(s, D, rng, {"killed": ctx["killed"], "caught": ctx["caught"], "assassin": ctx["assassin"],
                    "target": ctx["target"], "dead": ctx.get("dead", [])})


# ----------------------------------------------------------------------------------------- narration
@narrates("assassination")
def _attempt(t: Any, n: dict) -> str:
    facts = dict(assassin=t.senator(n["assassin"]), target=t.senator(n["target"]))
    if n["land_bill"]:
        return n_("%(assassin)s tries to assassinate %(target)s, sponsor of the Land Bill, with %(n)d Assassin card.",
                  "%(assassin)s tries to assassinate %(target)s, sponsor of the Land Bill, with %(n)d Assassin cards.",
                  n["daggers"], **facts)
    return n_("%(assassin)s tries to assassinate %(target)s, with %(n)d Assassin card.",
              "%(assassin)s tries to assassinate %(target)s, with %(n)d Assassin cards.", n["daggers"], **facts)


@narrates("bodyguards")
def _bodyguards(t: Any, n: dict) -> str:
    if t.you(n["seat"]):
        return n_("You play %(n)d Secret Bodyguard.", "You play %(n)d Secret Bodyguards.", n["n"])
    return n_("%(seat)s plays %(n)d Secret Bodyguard.", "%(seat)s plays %(n)d Secret Bodyguards.", n["n"],
              seat=t.who(n["seat"]))


@narrates("assassination_result")
def _result(t: Any, n: dict) -> str:
    facts = dict(assassin=t.senator(n["assassin"]), target=t.senator(n["target"]))
    if n["killed"] and n["caught"]:
        return _("%(target)s is killed, and %(assassin)s is caught.", **facts)
    if n["killed"]:
        return _("%(target)s is killed; the assassin escapes.", **facts)
    if n["caught"]:
        return _("The attempt fails and %(assassin)s is caught.", **facts)
    return _("The attempt fails; %(assassin)s escapes.", **facts)


@narrates("assassin_leader_punished")
def _punished(t: Any, n: dict) -> str:
    return _("His Faction Leader %(senator)s loses %(n)d Influence.", senator=t.senator(n["senator"]), n=n["lost"])


ROLL_PURPOSES.update({"assassination": _("an assassination"),
                      "assassin_caught": _("whether the assassin is caught"),
                      "assassin_chits": _("the failed assassin's faction")})
