"""Events (Rule 13): the Random Events table, the event cards in the Forum and their effects.

An Initiative roll of 7 rolls 3d6 on the Early Republic column (never modified) and puts that event in play
(Rule 7.2): a card not in play is placed normal side up, a card in play is flipped, a flipped card has no
further effect unless it is cumulative (Rule 13: Epidemic, Evil Omens, Drought, Manpower Shortage, Storm at
Sea, Mob Violence; the Natural Disaster card text lets each further draw destroy one more Concession).

The cards in play are `s["forum"]["events"]`: event id -> {flipped, level (draws this turn, 1 on the normal
side), turn (placed)} (records are replaced, never changed in place). What other phases read is kept as
plain fields, refreshed here whenever a card arrives or leaves:

  s["evil_omens"]         the Evil Omens level (dice.evil_omens)
  s["drought"]            the Drought event's level (revenue.drought_effects adds the drought Wars)
  s["manpower_shortage"]  shortages in effect: the event's level + the Population table's (population.py)
  s["allied_enthusiasm"]  talents the State receives in the next Revenue Phase (0: none)
  s["trial_of_verres"]    the next Revenue Phase's shift: state income +n, spoils -n (0: none)

Ally Deserts, Enemy's Ally Deserts, Refuge and the end of the Rhodian Maritime Alliance are read by the
Combat Phase through war_events.py (battle_adjustment, war_defeated, re-exported here); New Alliance is the
Senate's (adjournment.py); the Rhodian Fleets arrive now, and a flipped Refuge with a saved Leader rises now.
The two decisions events ask for (the Fleets lost at sea, the enemy Leader who dies) are in event_choices.py.
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .card_play import by_number
from .dice import draw_chits, roll
from .machine import call
from .names import name_of
from .narrate import ROLL_PURPOSES, narrates
from .state import in_rome, note
from .victory import republic_falls

STAYS = ("refuge", "rhodian_maritime_alliance")  # Rule 7.1: they stay until used / until their end condition
REPEATS = ("natural_disaster",)  # its flipped text: each further draw destroys another Concession


def event_name(D: Any, eid: str) -> str:
    return name_of(D.events[eid]["name"])


def in_play(s: dict, eid: str) -> dict | None:
    return s["forum"]["events"].get(eid)


def level(s: dict, eid: str) -> int:
    rec = in_play(s, eid)
    return rec["level"] if rec else 0


def _set(s: dict, eid: str, rec: dict | None) -> None:
    events = dict(s["forum"]["events"])
    if rec is None:
        events.pop(eid, None)
    else:
        events[eid] = rec
    s["forum"]["events"] = events
    refresh(s)


def refresh(s: dict) -> None:
    """The plain fields other phases read (module docstring), from the cards in play."""
    s["evil_omens"] = level(s, "evil_omens")
    s["drought"] = level(s, "drought")
    s["manpower_shortage"] = level(s, "manpower_shortage") + s.get("manpower_shortage_population", 0)


# ------------------------------------------------------------------------------ the table and the cards
def random_event(s: dict, D: Any, rng: Random, seat: str, then: str) -> bool:
    """Rule 7.2 step 1, a roll of 7: 3d6 on the Early Republic column. True when the event opened a decision
    (a nested step that comes back to `then` when it is done)."""
    dice = roll(s, rng, 3, "random_event", seat=seat)
    return place(s, D, D.tables["random_events"]["early"][str(sum(dice))], rng, then)


def place(s: dict, D: Any, eid: str, rng: Random, then: str) -> bool:
    """Put `eid` in play (placed, flipped or repeated) and resolve it; True when a decision was opened."""
    old = in_play(s, eid)
    repeats = eid in D.tables["random_events"]["cumulative_events"] or eid in REPEATS
    if old is None:
        rec = {"flipped": False, "level": 1, "turn": s["turn"]}
    elif not old["flipped"] or repeats:
        rec = {**old, "flipped": True, "level": old["level"] + 1}
    else:
        note(s, "event_spent", event=eid)
        return False
    _set(s, eid, rec)
    note(s, "event", event=eid, flipped=rec["flipped"], level=rec["level"])
    return bool(EFFECTS.get(eid, _stored)(s, D, rng, eid, old, rec, then))


def passage_of_time(s: dict, D: Any) -> None:
    """Rule 7.1: the events of earlier turns leave, except Refuge and the Rhodian Maritime Alliance; with them
    go the Evil Omens, the Drought and the event's Manpower Shortage, and the payments already made."""
    events = s["forum"]["events"]
    leaving = [e for e, rec in events.items() if rec["turn"] < s["turn"] and e not in STAYS]
    if not leaving:
        return
    s["forum"]["events"] = {e: rec for e, rec in events.items() if e not in leaving}
    if "allied_enthusiasm" in leaving:
        s["allied_enthusiasm"] = 0
    if "trial_of_verres" in leaving:
        s["trial_of_verres"] = 0
    refresh(s)
    note(s, "events_leave", events=leaving)


# ------------------------------------------------------------------------------------- effects
def _stored(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """Ally Deserts, Enemy's Ally Deserts, New Alliance, Enemy Leader Dies: read later."""
    note(s, "event_later", event=eid)


def _kill(s: dict, D: Any, sid: str, rng: Random, cause: str) -> None:
    from .deaths import kill_senator
    if sid in s["senators"]:
        kill_senator(s, D, sid, rng, cause)


def _drawn_senators(s: dict, D: Any, chits: list[str]) -> list[str]:
    """The Senators in play the drawn chits name, in the order drawn (unaligned in the Forum included)."""
    out = []
    for chit in chits:
        sid = by_number(s, D, chit) if chit.isdigit() else None
        if sid is not None and sid not in out:
            out.append(sid)
    return out


def _mob_violence(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """Chits equal to the Unrest level (flipped: + 1d6, unmodified [A]); a drawn Senator in Rome dies if his
    Popularity is below the Unrest level."""
    count = s["unrest"]
    if rec["flipped"]:
        count += sum(roll(s, rng, 1, "mob_violence"))
    if count <= 0:
        note(s, "mob_quiet")
        return
    unrest = s["unrest"]
    for sid in _drawn_senators(s, D, draw_chits(s, D, rng, count, "mob_violence")):
        x = s["senators"].get(sid)
        if x is None:
            continue
        if in_rome(s, sid) and x["pop"] < unrest:
            _kill(s, D, sid, rng, "mob")
        else:
            note(s, "mob_spares", senator=sid)


def _epidemic(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """Six chits: drawn Senators in Rome die; flipped (Foreign Epidemic) only those away from Rome die, every
    one of them (AH) or the first one drawn (flag foreign_epidemic_kills)."""
    drawn = _drawn_senators(s, D, draw_chits(s, D, rng, D.c("epidemic_chits"), "epidemic"))
    if not rec["flipped"]:
        victims = [sid for sid in drawn if in_rome(s, sid)]
    else:
        victims = [sid for sid in drawn if not in_rome(s, sid)]
        if s["options"]["foreign_epidemic_kills"] == "first_drawn_away_from_rome":
            victims = victims[:1]
    if not victims:
        note(s, "epidemic_spares")
    for sid in victims:
        _kill(s, D, sid, rng, "epidemic")


def _natural_disaster(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """The State pays 50 T when the card is placed (bankruptcy if it cannot); each draw rolls 1d6 (never
    modified) for the Concession destroyed."""
    if old is None and not state_pays(s, D, D.c("natural_disaster_cost"), "natural_disaster", rng):
        return
    die = roll(s, rng, 1, "natural_disaster")[0]
    destroy_concession(s, D.tables["natural_disaster_concession"][str(die)], "natural_disaster")


def _evil_omens(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """The sacrifice of 20 T once per turn (when placed); the level rises with each draw."""
    if old is None:
        state_pays(s, D, D.c("evil_omens_cost"), "evil_omens", rng)


def _storm_at_sea(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> bool:
    """2d6 Fleets are destroyed (unmodified [A]), up to all; the HRAO chooses which when they are in
    different places (decision 18)."""
    count = sum(roll(s, rng, 2, "storm_at_sea"))
    fleets = s["fleets"]
    if count >= len(fleets) or len({f["at"] for f in fleets}) <= 1:
        destroy_fleets(s, [f["id"] for f in fleets[:count]])
        return False
    call(s, D, "forum_storm_at_sea", rng, then=then, args={"count": count})
    return True


def _manpower_shortage(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """New units cost more this turn; cumulative (refresh keeps the count)."""


def _drought(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """One more Drought effect (refresh keeps the level)."""


def _refuge(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """Refuge waits for a Victory (war_events.py); flipped (Rise from Refuge) with a Leader saved, he rises."""
    if rec["flipped"] and rec.get("leader"):
        rise(s, D)
    else:
        note(s, "event_later", event=eid)


def _allied_enthusiasm(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    s["allied_enthusiasm"] = D.c("allied_enthusiasm_payment")[1 if rec["flipped"] else 0]


def _trial_of_verres(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    s["trial_of_verres"] = D.c("trial_of_verres_shift")[1 if rec["flipped"] else 0]


def _rhodian(s: dict, D: Any, rng: Random, eid: str, old: dict | None, rec: dict, then: str) -> None:
    """Only while a War in play needs Fleets: 8 free Fleets (flipped: 4 more, 12 in all), within the 25 the
    State may own. Otherwise the card has no effect and is not placed (or not flipped) [A]."""
    if not any(D.wars[w]["fleet_support"] or D.wars[w]["naval_strength"] for w in s["forum"]["wars"]):
        _set(s, eid, old)
        note(s, "rhodian_no_effect")
        return
    totals = D.c("rhodian_alliance_fleets")
    wanted = totals[0] if old is None else totals[1] - totals[0]
    room = max(0, D.c("max_fleets") - len(s["fleets"]))
    first = max((f["id"] for f in s["fleets"]), default=0) + 1
    new = [{"id": first + i, "at": "italy"} for i in range(min(wanted, room))]
    s["fleets"] = s["fleets"] + new
    _set(s, eid, {**rec, "fleets": list((old or {}).get("fleets", [])) + [f["id"] for f in new]})
    note(s, "rhodian_fleets", fleets=len(new))


EFFECTS = {
    "mob_violence": _mob_violence, "natural_disaster": _natural_disaster, "evil_omens": _evil_omens,
    "epidemic": _epidemic, "drought": _drought, "storm_at_sea": _storm_at_sea,
    "manpower_shortage": _manpower_shortage, "allied_enthusiasm": _allied_enthusiasm,
    "trial_of_verres": _trial_of_verres, "rhodian_maritime_alliance": _rhodian, "refuge": _refuge,
}


# ------------------------------------------------------------------------------- shared consequences
def state_pays(s: dict, D: Any, amount: int, cause: str, rng: Random | None = None) -> bool:
    """The State pays now; if it cannot, it is bankrupt (spec 6.2 item 7, edge case 8): a rebel wins if one
    exists, otherwise every player loses. False when the game ended."""
    if s["treasury"] >= amount:
        s["treasury"] -= amount
        note(s, "state_pays", amount=amount, cause=cause, treasury=s["treasury"])
        return True
    note(s, "state_bankrupt", amount=amount, cause=cause, treasury=s["treasury"])
    republic_falls(s, D, "bankruptcy", rng)
    return False


def destroy_concession(s: dict, cid: str, cause: str) -> bool:
    """A Concession in play (held by a Senator or awaiting award in the Forum) goes face down to the Curia
    (edge case 12); one in the deck, a hand or the Curia is not touched. True if one was destroyed."""
    holder = next((sid for sid, x in s["senators"].items() if cid in x["concessions"]), None)
    if holder is not None:
        x = s["senators"][holder]
        x["concessions"] = [c for c in x["concessions"] if c != cid]
    elif cid in s["forum"]["concessions"]:
        s["forum"]["concessions"] = [c for c in s["forum"]["concessions"] if c != cid]
    else:
        note(s, "concession_not_in_play", concession=cid, cause=cause)
        return False
    s["curia"] = {**s["curia"], "concessions": s["curia"]["concessions"] + [cid]}
    note(s, "concession_destroyed", concession=cid, senator=holder, cause=cause)
    return True


def destroy_fleets(s: dict, ids: list[str | int]) -> None:
    """The Fleets sink wherever they are: a Commander in the field loses them from his command too."""
    gone = set(ids)
    s["fleets"] = [f for f in s["fleets"] if f["id"] not in gone]
    s["commands"] = [{**c, "fleets": [i for i in c["fleets"] if i not in gone]} if set(c["fleets"]) & gone else c
                     for c in s.get("commands", [])]
    note(s, "fleets_destroyed", count=len(gone), left=len(s["fleets"]))


# ------------------------------------------------------------------------------------------ narration
@narrates("event")
def _event(t: Any, n: dict) -> str:
    name = event_name(t.D, n["event"])
    if n["level"] == 1:
        return _("Event: %(event)s is placed in the Forum.", event=name)
    if n["level"] == 2:
        return _("Event: %(event)s again: the card is flipped.", event=name)
    return _("Event: %(event)s again (level %(level)d).", event=name, level=n["level"])


@narrates("event_spent")
def _spent(t: Any, n: dict) -> str:
    return _("Event: %(event)s, already flipped: no further effect.", event=event_name(t.D, n["event"]))


@narrates("event_later")
def _later(t: Any, n: dict) -> str:
    return _("%(event)s takes effect later this turn.", event=event_name(t.D, n["event"]))


@narrates("events_leave")
def _leave(t: Any, n: dict) -> str:
    return _("Events of the last turn leave the Forum: %(events)s.",
             events=t.list(event_name(t.D, e) for e in n["events"]))


@narrates("mob_quiet")
def _mob_quiet(t: Any, n: dict) -> str:
    return _("With no Unrest the mob draws no chit.")


@narrates("mob_spares")
def _mob_spares(t: Any, n: dict) -> str:
    return _("%(senator)s is spared by the mob.", senator=t.senator(n["senator"]))


@narrates("epidemic_spares")
def _epidemic_spares(t: Any, n: dict) -> str:
    return _("The Epidemic kills nobody.")


@narrates("state_pays")
def _pays(t: Any, n: dict) -> str:
    return _("The State pays %(amount)s (%(event)s); the State treasury holds %(treasury)s.",
             amount=t.talents(n["amount"]), event=event_name(t.D, n["cause"]), treasury=t.talents(n["treasury"]))


@narrates("state_bankrupt")
def _bankrupt(t: Any, n: dict) -> str:
    return _("The State cannot pay %(amount)s (%(event)s) with %(treasury)s: Rome is bankrupt.",
             amount=t.talents(n["amount"]), event=event_name(t.D, n["cause"]), treasury=t.talents(n["treasury"]))


CAUSES = {"natural_disaster": _("Natural Disaster"), "tax_farmer": _("the 2nd Punic War"),
          "hannibal": _("Hannibal")}


@narrates("concession_destroyed")
def _destroyed(t: Any, n: dict) -> str:
    return _("%(concession)s is destroyed by %(cause)s and goes to the Curia.",
             concession=t.card("con:" + n["concession"]), cause=CAUSES[n["cause"]])


@narrates("concession_not_in_play")
def _not_in_play(t: Any, n: dict) -> str:
    return _("That Concession is not in play: nothing is destroyed.")  # not named: it may be in a hand


@narrates("fleets_destroyed")
def _fleets(t: Any, n: dict) -> str:
    return _("%(count)d Fleets are lost at sea; %(left)d remain.", count=n["count"], left=n["left"])


@narrates("rhodian_fleets")
def _rhodian_fleets(t: Any, n: dict) -> str:
    return _("Rhodes sends %(count)d Fleets to Rome.", count=n["fleets"])


@narrates("rhodian_no_effect")
def _rhodian_none(t: Any, n: dict) -> str:
    return _("No War in play needs Fleets: the Rhodian Maritime Alliance has no effect.")


from .war_events import (battle_adjustment, refuge_held, refuge_joins, refuge_strength, rise,  # noqa: E402,F401
                         war_defeated)

ROLL_PURPOSES.update({"mob_violence": _("Mob Violence"), "natural_disaster": _("the Natural Disaster"),
                      "storm_at_sea": _("the Storm at Sea")})
