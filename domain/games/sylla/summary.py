"""Where a Sylla game stands, in words: the lobby's public line ("Round 2 of 8 · Events") and a seat's
holdings for `tabularium show --as SEAT` (its denarii and tokens are private: only that seat's summary
names them). Read from the state, never the other way round: nothing here changes play."""
from __future__ import annotations

from domain.i18n import _

from .data import GameData
from .names import comma_list, denarii, kind_name, type_name
from .view import PHASES

# The phases by their rulebook numerals (view.PHASES maps each named state to its numeral).
PHASE_NAMES = {"I": _("First Consul"), "II": _("Recruitment"), "III": _("Buildings"), "IV": _("Income"),
               "V": _("Events"), "VI": _("Great Works"), "VII": _("Famine and crises")}


def phase_name(s: dict) -> str:
    numeral = PHASES.get(s["phase"], "")
    if s["phase"] == "choose_starting_characters":
        return _("Set-up")
    if numeral in PHASE_NAMES:
        return _("Phase %(numeral)s · %(phase)s", numeral=numeral, phase=PHASE_NAMES[numeral])
    return _("End of the game")


def summary(s: dict, D: GameData) -> str:
    if s["finished"]:
        return _("Game over after round %(round)d", round=s["round"])
    if s["phase"] == "choose_starting_characters":
        return _("Set-up · choosing starting characters")
    return _("Round %(round)d of %(rounds)d · %(phase)s", round=s["round"], rounds=D.rounds, phase=phase_name(s))


def seat_summary(s: dict, D: GameData, seat: str) -> list[str]:
    p = s["players"][seat]
    lines = [_("Prestige %(prestige)d · %(money)s", prestige=p["prestige"], money=denarii(p["denarii"])),
             _("Tokens: %(tokens)s", tokens=comma_list(
                 _("%(kind)s %(n)d", kind=kind_name(k), n=n) for k, n in p["tokens"].items()))]
    counts: dict[str, int] = {}
    tilted = 0
    for cid in p["cards"]:
        ctype = D.cards[cid].type if cid in D.cards else "crane"
        counts[ctype] = counts.get(ctype, 0) + 1
        tilted += cid in s["tilted"]
    if counts:
        lines.append(_("Characters: %(cards)s (%(tilted)d tilted)", cards=comma_list(
            _("%(type)s ×%(n)d", type=type_name(t), n=n) for t, n in counts.items()), tilted=tilted))
    if p["tiles"]:
        lines.append(_("Buildings: %(buildings)s", buildings=comma_list(D.tile_name(t) for t in p["tiles"])))
    if s["fc"] == seat:
        lines.append(_("You are First Consul."))
    return lines
