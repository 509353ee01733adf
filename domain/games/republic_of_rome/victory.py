"""Rule 12: victory and defeat, checked where the specification puts them, in its priority order.

1. The Republic falls, everybody loses (`republic_falls`): four or more Active Wars at the end of a Combat
   Phase (combat.py), People Revolt (population.py), bankruptcy (state_accounts.py, events.py).
2. A faction in revolt wins instead when the Republic falls while it is in revolt (`republic_falls`); the
   rebel's own victories (the Senate's army defeated: "rebel_defeats_senate", or none sent:
   "rebel_unopposed") are decided by the civil war's battles in civil_war.py. Every rebel victory goes through
   last_stand.rebel_wins: with four or more Active Wars the rebel must first beat one of them
   ("rebel_overwhelmed" when he fails: everybody loses).
3. 35 Influence: a non-rebel Senator in Rome with 35 Influence becomes Consul for Life at once
   (`check_consul_for_life`, run after every apply by the adapter; spec 18.20).
4. A Consul for Life (3, or elected by the Senate: business.py) wins for his faction if the Republic
   survives to the end of the turn (`consul_for_life_wins`, run by turn.EndOfTurn first).
5. The end of the scenario: the faction with the most Influence of its non-rebel, non-captive Senators wins,
   ties by dice (`final_score`): AH at the end of the turn in which the last card was drawn
   (`scenario_ends`), VG at the end of the Forum Phase in which Era Ends was drawn (`era_ends`).

Every ending goes through `end_game`, which records in `s["result"]` the facts that explain it, per faction
(`explanation`): the Influence counted, the Senators counted, the rebels and captives left out, the Consul for
Life, the tie-break dice. All of them are public. The words (`headline`, `faction_line`) serve the narration,
the view (and so the board) and the lobby line (summary.py).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.i18n import _, join_sentences, n_
from domain.rules import comma_list, seat_name

from .last_stand import rebel_wins
from .names import card_name, senator_name
from .narrate import narrates
from .state import note

FALL_REASONS = ("four_wars", "people_revolt", "bankruptcy")


# ------------------------------------------------------------------------------------------- the ends
def rebels(s: dict) -> list[str]:
    """The factions with a Senator in revolt (Rule 11.2)."""
    return sorted({x["faction"] for x in s["senators"].values() if x["rebel"] and x["faction"]})


def republic_falls(s: dict, D: Any, reason: str, rng: Random | None = None) -> None:
    """Rule 12 item 1: the Republic falls and everybody loses; item 2: unless a faction is in revolt, which
    then wins, if it beats the first of four or more Active Wars (last_stand.py; a second faction in revolt:
    the first by seat name [A])."""
    rebel = rebels(s)
    if rebel:
        rebel_wins(s, D, rng, rebel[0], reason)
    else:
        end_game(s, D, "collective_loss", [], reason)


def end_game(s: dict, D: Any, kind: str, winners: list[str], reason: str, **facts: Any) -> None:
    """The game ends now: `kind` is "victory" (winners: the winning seats) or "collective_loss" (none).
    `facts` are kept in the result (`senator`: the Consul for Life or the rebel the reason names; `ties`:
    the tie-break's dice, seat -> totals)."""
    ties = facts.pop("ties", {})
    explained = explanation(s, winners, ties)
    s["result"] = {"kind": kind, "winners": list(winners), "reason": reason, "explanation": explained,
                   "scores": {seat: explained[seat]["influence"] for seat in s["seats"]}, **facts}
    s["finished"] = True
    s["ctx"] = {}
    s.pop("calls", None)
    note(s, "game_over", kind=kind, winners=list(winners), reason=reason, **facts)
    for seat in s["seats"]:
        note(s, "game_over_faction", seat=seat, **explained[seat])
    s["step"] = "game_over"


# ------------------------------------------------------------------------------------ the final score
def counted(s: dict, seat: str) -> list[str]:
    """Rule 12 item 5, spec 18.21: the Senators whose Influence counts: the faction's, not rebel, not captive."""
    return [sid for sid, x in s["senators"].items()
            if x["faction"] == seat and not x["rebel"] and not x["location"].startswith("captive")]


def faction_influence(s: dict, seat: str) -> int:
    """Rule 12 item 5: the combined Influence of a faction's non-rebel, non-captive Senators."""
    return sum(s["senators"][sid]["inf"] for sid in counted(s, seat))


def explanation(s: dict, winners: list[str], ties: dict | None = None) -> dict:
    """Per seat, the public facts that explain the result."""
    cfl = s.get("consul_for_life") or {}
    out = {}
    for seat in s["seats"]:
        mine = [sid for sid, x in s["senators"].items() if x["faction"] == seat]
        out[seat] = {
            "influence": faction_influence(s, seat), "senators": len(counted(s, seat)),
            "rebels": [sid for sid in mine if s["senators"][sid]["rebel"]],
            "captives": [sid for sid in mine if s["senators"][sid]["location"].startswith("captive")],
            "consul_for_life": cfl.get("senator") if cfl.get("seat") == seat else None,
            "tie_dice": list((ties or {}).get(seat, [])), "won": seat in winners,
        }
    return out


def final_score(s: dict, D: Any, reason: str, rng: Random) -> None:
    """Rule 12 item 5: the faction with the most counted Influence wins; ties by dice (Rule 3.9)."""
    scores = {seat: faction_influence(s, seat) for seat in s["seats"]}
    best = max(scores.values())
    tied = [seat for seat in s["seats"] if scores[seat] == best]
    ties: dict[str, list[int]] = {}
    winner = tied[0] if len(tied) == 1 else tie_break(s, tied, rng, ties)
    end_game(s, D, "victory", [winner], reason, ties=ties)


def tie_break(s: dict, tied: list[str], rng: Random, totals: dict | None = None) -> str:
    """Rule 3.9: ties are settled by dice, highest wins (2d6, re-rolled among the tied); each seat's totals
    are added to `totals` when given."""
    from .dice import roll
    while len(tied) > 1:
        round_ = {seat: sum(roll(s, rng, 2, "tie_break", seat=seat)) for seat in tied}
        if totals is not None:
            for seat, total in round_.items():
                totals[seat] = [*totals.get(seat, []), total]
        best = max(round_.values())
        tied = [seat for seat in tied if round_[seat] == best]
    return tied[0]


# --------------------------------------------------------------------------------- the checkpoints
def check_consul_for_life(s: dict, D: Any, rng: Random | None = None) -> str | None:
    """Rule 12 item 3, spec 18.20: after every apply (so after every Influence change), a non-rebel Senator in
    Rome with 35 Influence becomes Consul for Life at once; one who reached it away from Rome becomes so
    when he is next in Rome [A]. Returns the new Consul for Life, or None."""
    if s["finished"] or s.get("consul_for_life") or not s["senators"]:
        return None
    from .business import check_consul_for_life as check
    return check(s, D, rng)


def consul_for_life_wins(s: dict, D: Any) -> bool:
    """Rule 12 items 3-4: at the end of the turn (the Republic survived it), the Consul for Life's faction
    wins. His faction is the one he belonged to when he became Consul for Life, even if he died since [A]."""
    cfl = s.get("consul_for_life")
    if not cfl or s["finished"]:
        return False
    end_game(s, D, "victory", [cfl["seat"]], "consul_for_life", senator=cfl["senator"])
    return True


def scenario_ends(s: dict, D: Any, rng: Random) -> bool:
    """Rule 12 item 5 (AH, [A]): the scenario ends at the end of the turn in which the last card was drawn."""
    if s["options"]["game_end"] != "end_of_turn_after_last_card_drawn" or s.get("deck_exhausted_turn") != s["turn"]:
        return False
    final_score(s, D, "end_of_scenario", rng)
    return True


def era_ends(s: dict, D: Any, rng: Random) -> bool:
    """Rule 12 item 5 (VG): the game ends at the end of the Forum Phase in which "Era Ends" was drawn, with no
    four-war check; a Consul for Life made earlier in that turn wins for his faction first [A]."""
    if s["options"]["game_end"] != "era_ends_card_forum_phase" or s.get("era_ends_revealed") != s["turn"]:
        return False
    if not consul_for_life_wins(s, D):
        final_score(s, D, "era_ends", rng)
    return True


# ------------------------------------------------------------------------------------------ the words
def reason_sentence(D: Any, s: dict, result: dict) -> str:
    """Why the game ended, in one public sentence."""
    reason, kind = result["reason"], result["kind"]
    sid = result.get("senator")
    if reason in FALL_REASONS and kind == "victory":
        return {"four_wars": _("Four or more Wars were Active at the end of the Combat Phase: the Republic falls, "
                               "and the faction in revolt takes Rome."),
                "people_revolt": _("The people of Rome revolted: the Republic falls, and the faction in revolt "
                                   "takes Rome."),
                "bankruptcy": _("The State could not pay: the Republic falls, and the faction in revolt takes "
                                "Rome.")}[reason]
    if reason == "four_wars":
        return _("Four or more Wars were Active at the end of the Combat Phase: the Republic falls.")
    if reason == "people_revolt":
        return _("The people of Rome revolted: the Republic falls.")
    if reason == "bankruptcy":
        return _("The State could not pay: the Republic falls.")
    if reason == "consul_for_life" and sid:
        return _("%(senator)s became Consul for Life and the Republic survived the turn.",
                 senator=senator_name(D, s, sid))
    if reason == "rebel_unopposed" and sid:
        return _("The Senate sent no army against %(senator)s, in revolt: his faction takes Rome.",
                 senator=senator_name(D, s, sid))
    if reason == "rebel_defeats_senate" and sid:
        return _("%(senator)s, in revolt, defeated the Senate's army: his faction takes Rome.",
                 senator=senator_name(D, s, sid))
    if reason == "rebel_overwhelmed" and sid:
        return _("%(senator)s, in revolt, took Rome with four or more Wars Active and failed to win his first "
                 "battle against the %(war)s: the Republic falls.", senator=senator_name(D, s, sid),
                 war=card_name(D, "war:" + result["war"]))
    if reason == "end_of_scenario":
        return _("The last card of the deck was drawn this turn: the scenario ends, and the faction with the "
                 "most Influence wins.")
    if reason == "era_ends":
        return _("Era Ends was drawn in this Forum Phase: the scenario ends, and the faction with the most "
                 "Influence wins.")
    if kind == "victory":
        return _("The faction in revolt has defeated the Republic.")
    return _("The Republic has fallen.")


def headline(s: dict, result: dict, viewer: str | None) -> str:
    if result["kind"] != "victory":
        return _("The game is over: the Republic has fallen and every player loses.")
    winner = result["winners"][0]
    if winner == viewer:
        return _("The game is over: you win.")
    return _("The game is over: %(winner)s wins.", winner=seat_name(winner))


def faction_line(D: Any, s: dict, seat: str, facts: dict, viewer: str | None) -> list[str]:
    """'Red: 42 Influence from 5 Senators.' and, when true, the Consul for Life, the Senators left out and the
    tie-break dice: whole sentences."""
    who = _("You") if seat == viewer else seat_name(seat)
    lines = [n_("%(seat)s: %(influence)d Influence from %(n)d Senator.",
                "%(seat)s: %(influence)d Influence from %(n)d Senators.", facts["senators"],
                seat=who, influence=facts["influence"])]
    names = (lambda sids: comma_list(senator_name(D, s, sid) for sid in sids))  # noqa: E731
    if facts.get("consul_for_life"):
        lines.append(_("Consul for Life: %(senator)s.", senator=senator_name(D, s, facts["consul_for_life"])))
    if facts.get("rebels"):
        lines.append(_("Not counted, in revolt: %(senators)s.", senators=names(facts["rebels"])))
    if facts.get("captives"):
        lines.append(_("Not counted, captive: %(senators)s.", senators=names(facts["captives"])))
    if facts.get("tie_dice"):
        lines.append(_("Tie-break dice: %(dice)s.", dice=comma_list(str(d) for d in facts["tie_dice"])))
    return lines


def result_lines(D: Any, s: dict, viewer: str | None) -> list[str]:
    """The whole result in sentences for one viewer (the view and the board): the headline, why, and a line
    per faction, winners first."""
    result = s.get("result")
    if not s["finished"] or not result:
        return []
    lines = [headline(s, result, viewer), reason_sentence(D, s, result)]
    explained = result.get("explanation") or {}
    order = sorted(s["seats"], key=lambda seat: seat not in result["winners"])
    for seat in order:
        if seat in explained:
            lines.append(join_sentences(faction_line(D, s, seat, explained[seat], viewer)))
    return lines


def short_reason(result: dict) -> str:
    """A few words for the lobby line."""
    return {"four_wars": _("four Active Wars"), "people_revolt": _("People Revolt"), "bankruptcy": _("bankruptcy"),
            "consul_for_life": _("Consul for Life"), "end_of_scenario": _("most Influence at the end of the deck"),
            "era_ends": _("most Influence when the Era ended"), "rebel_unopposed": _("a revolt the Senate did not oppose"),
            "rebel_defeats_senate": _("civil war"), "rebel_overwhelmed": _("a rebel overwhelmed by four Wars")}.get(result["reason"], _("civil war"))


@narrates("game_over")
def _game_over(t: Any, n: dict) -> Any:
    return join_sentences([headline(t.s, n, t.viewer), reason_sentence(t.D, t.s, n)])


@narrates("game_over_faction")
def _game_over_faction(t: Any, n: dict) -> Any:
    return join_sentences(faction_line(t.D, t.s, n["seat"], n, t.viewer))
