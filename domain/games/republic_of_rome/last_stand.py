"""Rule 12 item 2: every way a rebel wins ends in `rebel_wins`. "If four or more Active Wars exist at that moment,
the rebel must immediately fight them one by one with all remaining Roman forces; he wins only if the first
battle is a Victory that brings the count below four." Only the first battle decides, so only it is fought.

Readings [A] (docs/rules-republic-of-rome.md, "Victory and defeat"):
* Active Wars are counted as Rule 10.4 counts them (Unprosecuted ones included: forces.active_wars);
* the rebel leads every Legion and Fleet still in play (in Italy, in the Provinces, in the field, his own) as
  one army (engagement.fight: his MIL, Veterans double, the War's Disaster and Standoff numbers, the chits);
* he fights first the War he is likeliest to beat: one with no naval battle pending, then the weakest on land
  (modified strength), then by name; a War that still needs a naval battle is fought at sea, and a Victory at
  sea removes no War, so it cannot bring the count below four;
* he fails: the Republic falls and everybody loses (reason `rebel_overwhelmed`).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _

from .narrate import narrates
from .state import note


def rebel_wins(s: dict, D: Any, rng: Random | None, seat: str, reason: str, **facts: Any) -> None:
    """The faction `seat`, in revolt, wins for `reason`, unless four or more Active Wars overwhelm its rebel
    (the battle needs the dice: `rng` is None only where no War can be Active, in tests)."""
    from .forces import active_wars
    from .victory import end_game
    rebel = rebel_of(s, seat)
    if rebel is not None and len(active_wars(s)) >= D.c("active_wars_for_collapse"):
        assert rng is not None, "the rebel's last stand needs the dice"
        wid, won = last_stand(s, D, rng, rebel)
        if not won:
            end_game(s, D, "collective_loss", [], "rebel_overwhelmed", senator=rebel, war=wid)
            return
    end_game(s, D, "victory", [seat], reason, **facts)


def rebel_of(s: dict, seat: str) -> str | None:
    """The rebel who leads the faction's revolt (the revolt's record, else its first rebel Senator)."""
    revolt = s.get("revolt") or {}
    if revolt.get("seat") == seat and revolt.get("rebel") in s["senators"]:
        return revolt["rebel"]
    mine = sorted(sid for sid, x in s["senators"].items() if x["faction"] == seat and x["rebel"])
    return mine[0] if mine else None


def first_war(s: dict, D: Any) -> str:
    from .forces import active_wars, naval_pending, war_strength
    return min(active_wars(s), key=lambda w: (naval_pending(s, D, w), war_strength(s, D, w)["land"], w))


def last_stand(s: dict, D: Any, rng: Random, sid: str) -> tuple[str, bool]:
    """The rebel's first battle against the Wars: (the War fought, whether it won the game for him)."""
    from .engagement import fight
    from .forces import active_wars, naval_pending
    count, wid = len(active_wars(s)), first_war(s, D)
    naval = naval_pending(s, D, wid)
    muster(s, sid, wid)
    note(s, "rebel_last_stand", senator=sid, war=wid, wars=count)
    result = fight(s, D, rng, sid, naval, {})
    return wid, result == "victory" and not naval and len(active_wars(s)) < D.c("active_wars_for_collapse")


def muster(s: dict, sid: str, wid: str) -> None:
    """All remaining Roman forces in one army under the rebel, at the War; every other Commander back in Rome."""
    where = "war:" + wid
    for x in s["senators"].values():
        if x["location"].startswith("war:"):
            x["location"] = "rome"
    s["senators"][sid]["location"] = where
    s["legions"] = [{**u, "at": where} for u in s["legions"]]
    s["fleets"] = [{**f, "at": where} for f in s["fleets"]]
    s["commands"] = [{"commander": sid, "war": wid, "legions": [u["id"] for u in s["legions"]],
                      "fleets": [f["id"] for f in s["fleets"]], "order": 1, "master_of_horse": None,
                      "turn": s["turn"]}]
    s.pop("civil_war", None)


@narrates("rebel_last_stand")
def _last_stand(t: Any, n: dict) -> str:
    return _("%(wars)d Wars are Active as the rebel %(senator)s takes Rome: he must fight them with all the "
             "forces of Rome, first the %(war)s.", wars=n["wars"], senator=t.senator(n["senator"]),
             war=t.card("war:" + n["war"]))
