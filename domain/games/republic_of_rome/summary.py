"""The lobby's public line and a seat's holdings in words (the CLI's `show --as`)."""
from __future__ import annotations

from typing import Any

from domain.i18n import _
from domain.rules import seat_name

from .names import phase_name, senator_name, talents
from .victory import short_reason


def summary(s: dict, D: Any) -> str:
    if s["finished"]:
        return result_summary(s)
    if s["turn"] == 0:
        return _("Setup")
    return _("Turn %(turn)d · %(phase)s · State treasury %(treasury)s · Unrest %(unrest)d", turn=s["turn"],
             phase=phase_name(s["phase"]), treasury=talents(s["treasury"]), unrest=s["unrest"])


def result_summary(s: dict) -> str:
    """Rule 12: who won and why, in the lobby's words ('Turn 7 · game over · Red wins: Consul for Life')."""
    result = s.get("result")
    if not result:
        return _("Turn %(turn)d · game over", turn=s["turn"])
    if result["kind"] == "victory":
        return _("Turn %(turn)d · game over · %(winner)s wins: %(why)s", turn=s["turn"],
                 winner=seat_name(result["winners"][0]), why=short_reason(result))
    return _("Turn %(turn)d · game over · the Republic has fallen (%(why)s): every player loses", turn=s["turn"],
             why=short_reason(result))


def seat_summary(s: dict, D: Any, seat: str) -> list[str]:
    f = s["factions"][seat]
    lines = [_("Faction treasury: %(treasury)s; %(n)d cards in hand.", treasury=talents(f["treasury"]), n=len(f["hand"]))]
    for sid, x in s["senators"].items():
        if x["faction"] == seat:
            lines.append(_("%(senator)s: Influence %(inf)d, Popularity %(pop)d, Knights %(knights)d, %(talents)s.",
                           senator=senator_name(D, s, sid), inf=x["inf"], pop=x["pop"], knights=x["knights"],
                           talents=talents(x["talents"])))
    return lines
