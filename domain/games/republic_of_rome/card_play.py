"""Playing Faction cards from a hand (Rule 11.1): Statesmen and Concessions. Used by the setup (Rule 3.7) and
by the Revolution Phase; also where a Family card arriving in play finds its Statesman (Rule 11.1: "when
that Family card later appears it goes under him").
"""
from __future__ import annotations

from typing import Any

from domain.i18n import _

from .narrate import narrates
from .state import new_senator, note, sorted_ids


# ------------------------------------------------------------------------------------------- numbers
def statesman_number(D: Any, st: str) -> str:
    """The Family number printed on a Statesman ('1A' -> '1')."""
    return str(D.statesmen[st]["family_id"])


def senator_number(D: Any, x: dict) -> str:
    """The number a Mortality chit names for a Senator in play: his Family card's, or his Statesman's."""
    return x["family"] if x["family"] else statesman_number(D, x["statesman"])


def by_number(s: dict, D: Any, number: str) -> str | None:
    """The Senator in play carrying `number` (Rule 5.2: a chit names him; a Statesman on his Family card is
    the one Senator), or None."""
    return next((sid for sid, x in s["senators"].items() if senator_number(D, x) == number), None)


def family_in_play(s: dict, fid: str) -> str | None:
    """The sid of the Senator in play whose Family card is `fid` (alone or under his Statesman)."""
    return next((sid for sid, x in s["senators"].items() if x["family"] == fid), None)


def land_bill_in_effect(s: dict) -> bool:
    return any(n > 0 for n in s["land_bills"].values())


# ------------------------------------------------------------------------------------------ Statesmen
def hand_cards(s: dict, seat: str, kind: str) -> list[str]:
    """The playable cards of one kind in a hand (cards received by trade wait: Rule 11.1, flag card_trading)."""
    f = s["factions"][seat]
    return [c for c in f["hand"] if c.startswith(kind + ":") and c not in f["unplayable"]]


def statesman_playable(s: dict, D: Any, seat: str, st: str) -> bool:
    """Rule 11.1: not while an opponent controls the matching Family card, nor while a Statesman with the
    same number is in play."""
    number = statesman_number(D, st)
    if any(x["statesman"] and statesman_number(D, x["statesman"]) == number for x in s["senators"].values()):
        return False
    holder = family_in_play(s, number)
    return holder is None or s["senators"][holder]["faction"] in (None, seat)


def playable_statesmen(s: dict, D: Any, seat: str) -> list[str]:
    cards = [c.split(":", 1)[1] for c in hand_cards(s, seat, "st")]
    return sorted_ids(st for st in cards if statesman_playable(s, D, seat, st))


def play_statesman(s: dict, D: Any, seat: str, st: str) -> str:
    """Rule 11.1: the Statesman goes on his Family card if it is the player's own or unaligned (both then
    belong to the faction; he takes over every possession and keeps the higher Influence and Popularity),
    or enters alone (sid = his id) when the Family card is not in play. Returns his sid."""
    _take_from_hand(s, seat, "st:" + st)
    card = D.statesmen[st]
    holder = family_in_play(s, statesman_number(D, st))
    if holder is None:
        s["senators"][st] = new_senator(D, None, st, faction=seat)
        note(s, "statesman_played", seat=seat, statesman=st, on=None, from_forum=False)
        return st
    x = s["senators"][holder]
    from_forum = x["faction"] is None
    x.update(statesman=st, faction=seat, inf=max(x["inf"], card["influence"]),
             pop=max(x["pop"], card.get("popularity", 0)))
    note(s, "statesman_played", seat=seat, statesman=st, on=x["family"], from_forum=from_forum)
    return holder


def family_card_arrives(s: dict, D: Any, fid: str, faction: str | None = None) -> str:
    """A Family card enters play (drawn, revived from the Curia, taken by an empty faction): under his
    Statesman when that Statesman is in play alone (Rule 11.1; the Senator stays where the Statesman is),
    else as a Senator with printed values in `faction` (None: unaligned in the Forum). Returns the sid."""
    alone = next((sid for sid, x in s["senators"].items()
                  if x["family"] is None and x["statesman"] and statesman_number(D, x["statesman"]) == fid), None)
    if alone is not None:
        s["senators"][alone]["family"] = fid
        note(s, "family_joins_statesman", senator=alone, family=fid, seat=s["senators"][alone]["faction"])
        return alone
    s["senators"][fid] = new_senator(D, fid, faction=faction)
    return fid


# ---------------------------------------------------------------------------------------- Concessions
def assignable_concessions(s: dict, seat: str) -> list[str]:
    """Concessions in the hand that may be assigned now (Land Commissioner only while a Land Bill is in
    effect: Rule 11.1)."""
    cards = [c.split(":", 1)[1] for c in hand_cards(s, seat, "con")]
    return [c for c in cards if c != "land_commissioner" or land_bill_in_effect(s)]


def concession_holders(s: dict, seat: str) -> list[str]:
    """Rule 11.1: any own Senator, in Rome or not, who is not in revolt."""
    return sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] == seat and not x["rebel"])


def assign_concession(s: dict, D: Any, seat: str, con: str, sid: str) -> None:
    _take_from_hand(s, seat, "con:" + con)
    x = s["senators"][sid]
    x["concessions"] = x["concessions"] + [con]
    note(s, "concession_assigned", seat=seat, concession=con, senator=sid)


def _take_from_hand(s: dict, seat: str, card: str) -> None:
    f = s["factions"][seat]
    hand = list(f["hand"])
    hand.remove(card)
    s["factions"][seat]["hand"] = hand


# ------------------------------------------------------------------------------------------ narration
@narrates("statesman_played")
def _statesman_played(t: Any, n: dict) -> str:
    st = t.card("st:" + n["statesman"])
    if n["on"] is None:
        if t.you(n["seat"]):
            return _("You play %(statesman)s: he enters your faction alone.", statesman=st)
        return _("%(seat)s plays %(statesman)s: he enters the faction alone.", seat=t.who(n["seat"]), statesman=st)
    family = t.card("sen:" + n["on"])
    if n["from_forum"]:
        if t.you(n["seat"]):
            return _("You play %(statesman)s on %(family)s, who leaves the Forum and joins your faction with him.",
                     statesman=st, family=family)
        return _("%(seat)s plays %(statesman)s on %(family)s, who leaves the Forum and joins the faction with him.",
                 seat=t.who(n["seat"]), statesman=st, family=family)
    if t.you(n["seat"]):
        return _("You play %(statesman)s on %(family)s.", statesman=st, family=family)
    return _("%(seat)s plays %(statesman)s on %(family)s.", seat=t.who(n["seat"]), statesman=st, family=family)


@narrates("family_joins_statesman")
def _family_joins(t: Any, n: dict) -> str:
    return _("The Family card %(family)s goes under its Statesman %(statesman)s.",
             family=t.card("sen:" + n["family"]), statesman=t.senator(n["senator"]))


@narrates("concession_assigned")
def _concession_assigned(t: Any, n: dict) -> str:
    con = t.card("con:" + n["concession"])
    if t.you(n["seat"]):
        return _("You assign %(concession)s to %(senator)s.", concession=con, senator=t.senator(n["senator"]))
    return _("%(seat)s assigns %(concession)s to %(senator)s.", seat=t.who(n["seat"]), concession=con,
             senator=t.senator(n["senator"]))
