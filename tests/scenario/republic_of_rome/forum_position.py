"""Forum and Population positions on top of position.py: a bare table with the seats in a known clockwise
order, and the steps of an Initiative.

    s = table(4)                                   # red, blue, green, yellow, clockwise; nobody in play
    add_senator(s, "2", "red", leader=True, office="rome_consul", talents=16)
    s, rng = forum(s, dice=[3, 5])                 # the Forum Phase begins: Red's Initiative roll is asked
    s = roll(s, "red", rng)                        # Initiative roll 8: the top card is drawn
"""
from __future__ import annotations

import random
from typing import Iterable

from domain.games.republic_of_rome import RULES, events
from tests.scenario.republic_of_rome.position import SEATS, ScriptedRandom, bare, enter_phase, make_state


TRIBUNES = tuple(f"int:tribune.{i}" for i in range(1, 10))


def table(players: int = 4, seed: int = 1, options: dict | None = None, deck: Iterable[str] = TRIBUNES) -> dict:
    """A bare position (position.bare), the seats clockwise in SEATS order, no Unrest, the deck starting with
    `deck` (by default the nine Tribunes: the Initiatives draw them into the hands and change nothing else)."""
    s = bare(make_state(players, seed, options))
    s["seats"] = list(SEATS[:players])
    top = list(deck)
    s["deck"] = top + [c for c in s["deck"] if c not in top]
    return s


def forum(s: dict, dice: Iterable[int] = (), picks: Iterable[int] = (), strict: bool = True
          ) -> tuple[dict, ScriptedRandom]:
    """`s` at the start of its Forum Phase (the passage of time runs), and the scripted dice to go on with."""
    rng = ScriptedRandom(dice, picks, strict)
    return enter_phase(s, "forum", rng), rng


def with_event(s: dict, event: str, level: int = 1) -> dict:
    """An event placed this turn (after the passage of time), at `level` (2 or more: flipped)."""
    s["forum"]["events"] = {**s["forum"]["events"],
                            event: {"flipped": level > 1, "level": level, "turn": s["turn"]}}
    events.refresh(s)
    return s


def roll(s: dict, seat: str, rng: random.Random) -> dict:
    """The Initiative roll (the seat confirms; the dice are rng's)."""
    return RULES.apply(s, seat, "roll", rng)


def skip_actions(s: dict, seat: str, rng: random.Random) -> dict:
    """The rest of an Initiative answered with its default (nothing done)."""
    return RULES.apply(s, seat, RULES.default_choice(s, seat), rng)


def phase_ends_here(monkeypatch) -> None:
    """The Forum and Population Phases do not hand over to the next phase: a test reads the state as the phase
    left it (`s["phase_ended"]` names the phase), not as the Senate goes on to change it."""
    from domain.games.republic_of_rome import forum_end, population

    def stop(s: dict, D, rng) -> None:
        s["phase_ended"] = s["phase"]

    monkeypatch.setattr(forum_end, "end_phase", stop)
    monkeypatch.setattr(population, "end_phase", stop)


def notes(s: dict, kind: str) -> list[dict]:
    return [n for n in s["notes"] if n["k"] == kind]
