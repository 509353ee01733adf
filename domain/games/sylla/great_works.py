"""Phase VI (Great Works): a sealed simultaneous thumb + denarii commitment, then the reveal (5.6, 9)."""
from __future__ import annotations

from functools import lru_cache
from random import Random
from typing import Any

from domain.i18n import _, n_
from domain.rules import Choice

from .machine import Step, goto, state
from .names import denarii, votes as votes_of
from .state import bump, count_type, gain, move_marker, note


@lru_cache(maxsize=4096)
def commit_ids(money: int) -> tuple[str, ...]:
    """D17 as one secret choice: thumb and amount together (never a single option, so never automatic)."""
    return tuple(f"down-{d}" for d in range(money + 1)) + tuple(f"up-{d}" for d in range(money + 1))


@lru_cache(maxsize=4096)
def commit_choices(work: str, work_name: str, senators: int, money: int, plebs: int) -> tuple[Choice, ...]:
    out = []
    for cid in commit_ids(money):
        thumb, d = cid.split("-")
        votes = senators + int(d)
        if thumb == "down":
            out.append(Choice(cid, n_("Thumb down: give %(denarii)s to the plebs (%(votes)s, +%(n)d prestige)",
                                      "Thumb down: give %(denarii)s to the plebs (%(votes)s, +%(n)d prestige)",
                                      votes // plebs, denarii=denarii(int(d)), votes=votes_of(votes))))
        else:
            out.append(Choice(cid, _("Thumb up: fund the %(work)s with %(denarii)s (%(votes)s)",
                                     work=work_name, denarii=denarii(int(d)), votes=votes_of(votes))))
    return tuple(out)


@lru_cache(maxsize=4096)
def commit_form(work_name: str, money: int):
    """D17 as a form: the thumb, then the denarii (`thumb: up` and `denarii: 3`, or `up 3`)."""
    from domain import forms

    thumb = forms.OneOf("thumb", _("Thumb"), (forms.Option("up", _("Thumb up: fund the %(work)s", work=work_name)),
                                              forms.Option("down", _("Thumb down: give to the plebs"))))
    amount = forms.Number("denarii", _("Denarii"), 0, money)
    return forms.Form((thumb, amount), commit_answer("down-0"))


def commit_answer(cid: str) -> str:
    """Compatibility reading: an old commitment id ('up-3') as the form's canonical answer."""
    from domain import forms

    thumb, d = parse(cid)
    return forms.encode({"denarii": d, "thumb": thumb})


def parse(cid: str) -> tuple[str, int]:
    thumb, d = cid.split("-")
    return thumb, int(d)


@state
class GreatWorksThumb(Step):
    """Rule 5.6: every player secretly commits thumb up/down and D denarii; all are revealed at once."""

    name = "great_works_thumb"
    short = "work"
    kind = "great_work_commit"
    forced_public = False  # the choices depend on the seat's denarii: never single anyway (down-0, up-0)
    waiting = _("to commit to the Great Work")
    secret = True

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        s["ctx"] = {}
        if not s["gw_pile"]:
            goto(s, D, "famine_and_crises", rng)
            return
        s["gw_current"], s["gw_pile"] = s["gw_pile"][0], s["gw_pile"][1:]  # Rule 5.6.1: this reveals next round's Great Work
        note(s, "work_placed", s["gw_current"], s["gw_pile"][0] if s["gw_pile"] else None)

    def legal(self, s: dict, D: Any) -> dict:
        return {seat: commit_ids(s["players"][seat]["denarii"]) for seat in s["seats"] if seat not in s["sealed"]}

    def choices(self, s: dict, D: Any, seat: str) -> tuple[Choice, ...]:
        gw = s["gw_current"]
        return commit_choices(gw, D.work_name(gw), count_type(s, D, seat, "senator", True),
                              s["players"][seat]["denarii"], D.const["plebeian_votes_per_prestige"])

    def form(self, s: dict, D: Any, seat: str):
        return commit_form(D.work_name(s["gw_current"]), s["players"][seat]["denarii"])

    def from_answer(self, s: dict, D: Any, seat: str, values: dict) -> str:
        return f"{values['thumb']}-{values['denarii']}"

    def to_answer(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return commit_answer(cid)

    def text(self, s: dict, D: Any, seat: str) -> str:
        senators = count_type(s, D, seat, "senator", True)
        return n_("Great Work: the %(work)s. Secretly choose thumb up (fund it) or down (give to the plebs) and how "
                  "many denarii to add to your %(n)d available Senator (%(n)d vote before denarii; each denarius is "
                  "one more vote).",
                  "Great Work: the %(work)s. Secretly choose thumb up (fund it) or down (give to the plebs) and how "
                  "many denarii to add to your %(n)d available Senators (%(n)d votes before denarii; each denarius "
                  "is one more vote).", senators, work=D.work_name(s["gw_current"]))

    def waiting_text(self, s: dict, D: Any) -> str:
        return _("to commit to the %(work)s", work=D.work_name(s["gw_current"]))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        return "down-0"

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        s["sealed"][seat] = cid
        note(s, "sealed", seat, "work", cid)
        if len(s["sealed"]) == len(s["seats"]):
            resolve(s, D)
            bump(s)
            goto(s, D, "famine_and_crises", rng)


def resolve(s: dict, D: Any) -> None:
    """Rule 5.6 steps 3-6 and section 9."""
    gw = s["gw_current"]
    work = D.great_works[gw]
    commits = {}
    for seat in s["seats"]:
        thumb, d = parse(s["sealed"][seat])
        votes = count_type(s, D, seat, "senator", True) + d
        s["players"][seat]["denarii"] -= d  # Rule 14.25: everybody pays what they committed
        commits[seat] = [thumb, d, votes]
    note(s, "work_revealed", gw, commits)
    points = {}
    for seat in s["seats"]:
        thumb, _paid, votes = commits[seat]
        if thumb == "down":
            points[seat] = gain(s, seat, votes // D.const["plebeian_votes_per_prestige"], "plebs")
    ups = {seat: c[2] for seat, c in commits.items() if c[0] == "up"}
    for seat, pts in score(work, ups, D.min_votes_to_rank).items():
        points[seat] = gain(s, seat, pts, "great_works")
    track = None
    eff = work.get("track_effect")
    if eff:
        total = sum(ups.values())
        delta = (total // eff["votes_per_set"]) * eff["delta_per_set"]
        moved = move_marker(s, D, eff["track"], delta) if delta else 0
        track = [eff["track"], total, moved, s["tracks"][eff["track"]]]
    note(s, "work_scored", gw, points, track)
    s["public"]["great_work"] = {"work": gw, "commits": commits, "points": points, "track": track}
    s["gw_built"] = s["gw_built"] + [gw]
    s["gw_current"] = None
    s["sealed"] = {}


def score(work: dict, ups: dict[str, int], min_votes: int) -> dict[str, int]:
    """Section 9: competition ranking among participants with enough votes, or the Temple thresholds."""
    rule = work["scoring"]
    ranked = {seat: v for seat, v in ups.items() if v >= min_votes}
    out = {}
    if rule["type"] == "rank":
        for seat, v in ranked.items():
            rank = 1 + sum(1 for w in ranked.values() if w > v)
            if rank <= len(rule["points"]):
                out[seat] = rule["points"][rank - 1]
    elif rule["type"] == "threshold":
        for seat, v in ranked.items():
            best = [t["points"] for t in rule["thresholds"] if v >= t["min_votes"]]
            if best:
                out[seat] = max(best)  # Rule 14.22: only the higher threshold scores
    return out
