"""The lobby's public line and a seat's holdings in words (the CLI's `show --as`)."""
from __future__ import annotations

from typing import Any

from domain.i18n import _

from .names import phase_name, senator_name, talents


def summary(s: dict, D: Any) -> str:
    if s["finished"]:
        return _("Turn %(turn)d · game over", turn=s["turn"])
    if s["turn"] == 0:
        return _("Setup")
    return _("Turn %(turn)d · %(phase)s · State treasury %(treasury)s · Unrest %(unrest)d", turn=s["turn"],
             phase=phase_name(s["phase"]), treasury=talents(s["treasury"]), unrest=s["unrest"])


def seat_summary(s: dict, D: Any, seat: str) -> list[str]:
    f = s["factions"][seat]
    lines = [_("Faction treasury: %(treasury)s; %(n)d cards in hand.", treasury=talents(f["treasury"]), n=len(f["hand"]))]
    for sid, x in s["senators"].items():
        if x["faction"] == seat:
            lines.append(_("%(senator)s: Influence %(inf)d, Popularity %(pop)d, Knights %(knights)d, %(talents)s.",
                           senator=senator_name(D, s, sid), inf=x["inf"], pop=x["pop"], knights=x["knights"],
                           talents=talents(x["talents"])))
    return lines
