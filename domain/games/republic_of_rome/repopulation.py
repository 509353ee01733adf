"""Repopulating Rome (Rule 9.9, decision 47): whenever fewer than 8 Aligned Senators are in Rome during the
Senate Phase, the top Senator of the Curia joins the faction with the fewest Senators (ties: the least
Influence in Rome, then dice), until 8 or the Curia is empty; then unaligned Senators of the Forum join the
same way, the receiving player choosing which (senate_repopulate_rome) when there is a choice.

Checked at every checkpoint of the agenda (senate.advance), i.e. between two proposals [A: "at any time"
read as "as soon as the Senate is between two proposals"].
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .machine import Step, state
from .names import senator_name
from .narrate import narrates
from .state import aligned, bump, in_rome, note, sort_key, unaligned_in_forum


def short(s: dict, D: Any) -> bool:
    return sum(1 for sid in aligned(s) if in_rome(s, sid)) < D.c("repopulate_rome_threshold")


def receiver(s: dict, rng: Random) -> str | None:
    """The faction with the fewest Senators; ties: least Influence in Rome; then dice (Rule 15.11)."""
    live = [seat for seat in s["seats"] if not s["factions"][seat].get("eliminated")]
    if not live:
        return None

    def key(seat: str) -> tuple[int, int]:
        ids = aligned(s, seat)
        return (len(ids), sum(s["senators"][sid]["inf"] for sid in ids if in_rome(s, sid)))
    best = min(key(seat) for seat in live)
    tied = [seat for seat in live if key(seat) == best]
    if len(tied) == 1:
        return tied[0]
    from .turn import tie_break
    return tie_break(s, tied, rng)


def curia_candidates(s: dict) -> list[str]:
    """Family cards of the Curia, top first, that can join (a Family card whose Statesman is in play goes
    under him and adds nobody, so it is passed over [A])."""
    return [fid for fid in s["curia"]["senators"] if fid.isdigit() and fid not in s["senators"]
            and not any(x["family"] == fid for x in s["senators"].values())]


def repopulate(s: dict, D: Any, rng: Random) -> bool:
    """Fill Rome up to 8; True when a receiving player must choose among unaligned Senators (the state
    senate_repopulate_rome then asks him; s["senate"]["repopulate"] = {seat})."""
    while short(s, D):
        seat = receiver(s, rng)
        if seat is None:
            return False
        curia = curia_candidates(s)
        if curia:
            join_from_curia(s, D, seat, curia[0])
            continue
        forum = unaligned_in_forum(s)
        if not forum:
            return False
        if len(forum) > 1:
            s["senate"]["repopulate"] = seat
            return True
        join_from_forum(s, seat, forum[0])
    return False


def join_from_curia(s: dict, D: Any, seat: str, fid: str) -> None:
    from .card_play import family_card_arrives
    s["curia"] = {**s["curia"], "senators": [x for x in s["curia"]["senators"] if x != fid]}
    sid = family_card_arrives(s, D, fid, faction=seat)
    note(s, "repopulated", seat=seat, senator=sid, source="curia")


def join_from_forum(s: dict, seat: str, sid: str) -> None:
    s["senators"][sid]["faction"] = seat
    note(s, "repopulated", seat=seat, senator=sid, source="forum")


@state
class SenateRepopulateRome(Step):
    """Rule 9.9 (decision 47): the receiving player picks which unaligned Senator of the Forum joins him."""

    name = "senate_repopulate_rome"
    short = "repopulate"
    kind = "choose_repopulation_senator"
    forced_public = True
    waiting = _("to choose a Senator from the Forum")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["senate"]["repopulate"]: sorted(unaligned_in_forum(s), key=sort_key)}

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return senator_name(D, s, cid)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Fewer than 8 Senators of the factions are in Rome: choose the unaligned Senator of the Forum who "
                 "joins your faction.")

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        """[A] The one with the most Influence (then the lowest number) joins."""
        return min(ids, key=lambda sid: (-s["senators"][sid]["inf"], sort_key(sid)))

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        from .senate import advance
        bump(s)
        del s["senate"]["repopulate"]
        join_from_forum(s, seat, cid)
        advance(s, D, rng, s["senate"]["next"])


@narrates("repopulated")
def _repopulated(t: Any, n: dict) -> str:
    where = _("from the Curia") if n["source"] == "curia" else _("from the Forum")
    if t.you(n["seat"]):
        return _("Rome is short of Senators: %(senator)s joins your faction %(where)s.", senator=t.senator(n["senator"]),
                 where=where)
    return _("Rome is short of Senators: %(senator)s joins %(seat)s %(where)s.", senator=t.senator(n["senator"]),
             seat=t.who(n["seat"]), where=where)

