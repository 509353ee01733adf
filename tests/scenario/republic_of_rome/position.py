"""Set-up positions for The Republic of Rome's scenario and rule tests, and scripted dice (shared by the
helpers of issue #14: keep every function's signature when adding to it).

`make_state(players, seed)` plays the rules' own setup (the deal, the Temporary Rome Consul, the hands) and
answers every seat's sealed setup form with its default; the returned state is whatever turn 1 asks first.
The other helpers edit a state the way a test needs it (they change the state given to them: pass a copy,
`edit(s)`, when the original is still needed) and put it at the start of a phase (`at_phase`); then the test
drives `RULES.prompts`/`RULES.apply` as the platform does (`answer`, `answer_defaults`).

`ScriptedRandom` replays given dice and chits, so a worked example is reproduced number for number: every
`randint` (a die) takes the next value of `dice`, every `randrange` (a Mortality chit, a pick) the next of
`picks`; `shuffle` leaves the order as it is. When a script runs out, a strict one fails the test and a
lenient one draws from a seeded generator.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Iterable

from domain import forms
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.dice import chit_pool
from domain.games.republic_of_rome.state import new_senator
from domain.games.republic_of_rome.turn import start_phase
from domain.rules import Prompt

SEATS = ("red", "blue", "green", "yellow", "white", "black")


class ScriptedRandom(random.Random):
    def __init__(self, dice: Iterable[int] = (), picks: Iterable[int] = (), strict: bool = False):
        super().__init__(0)
        self.dice, self.picks, self.strict = list(dice), list(picks), strict

    def randint(self, a: int, b: int) -> int:
        if not self.dice:
            assert not self.strict, f"an unscripted die ({a}-{b})"
            return super().randint(a, b)
        value = self.dice.pop(0)
        assert a <= value <= b, f"scripted die {value} outside {a}-{b}"
        return value

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        if not self.picks:
            assert not self.strict, f"an unscripted pick {args}"
            return super().randrange(*args)
        return self.picks.pop(0)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        pass


def chit_pick(s: dict, chit: str, drawn: Iterable[str] = ()) -> int:
    """The `randrange` value that draws `chit` from the cup after `drawn` were taken out (dice.draw_chits)."""
    cup = chit_pool(data_for(s))
    for c in drawn:
        cup.remove(c)
    return cup.index(chit)


# ------------------------------------------------------------------------------------------ positions
def make_state(players: int = 3, seed: int = 1, options: dict | None = None) -> dict:
    """A game after its setup, every seat having sealed the default setup form (turn 1 has begun)."""
    rng = random.Random(seed)
    s = RULES.setup(list(SEATS[:players]), dict(options or {}), rng)
    for seat in list(s["seats"]):
        s = RULES.apply(s, seat, RULES.default_choice(s, seat), rng)
    return s


def edit(s: dict) -> dict:
    """A copy to change freely (apply never changes its input; a test's edits must not either)."""
    return copy.deepcopy(s)


def clear_factions(s: dict) -> dict:
    """No Senator in play, no Faction Leader, no Temporary Rome Consul; the cards taken out of play are
    dropped (`scenario_cards_free`: the card-count invariant is not the subject of these tests)."""
    s["senators"] = {}
    for f in s["factions"].values():
        f["leader"] = None
    s["temporary_rome_consul"] = None
    s["curia"] = {"senators": [], "concessions": [], "leaders": []}
    s["provinces"] = {}
    s["scenario_cards_free"] = True
    return s


def quiet(s: dict) -> dict:
    """A calm Republic: only the Inactive 1st Punic War in the Forum, no Leader, event, Province or
    Concession there; no Drought, Evil Omens or shortage; no decision pending."""
    s["forum"] = {"wars": {"1st_punic_war": {"status": "inactive", "naval_victory": False}}, "leaders": {},
                  "events": {}, "provinces": [], "concessions": []}
    s.update(drought=0, evil_omens=0, manpower_shortage=0, no_recruitment=False, unrest=0, sealed={}, ctx={})
    for key in ("allied_enthusiasm", "trial_of_verres"):
        if key in s:
            s[key] = 0
    s.pop("calls", None)
    s["scenario_cards_free"] = True
    return s


def bare(s: dict) -> dict:
    """A copy with nothing in play (clear_factions, quiet) and empty hands and faction treasuries."""
    s = quiet(clear_factions(edit(s)))
    for seat in s["seats"]:
        set_hand(s, seat, [])
        s["factions"][seat]["treasury"] = 0
    return s


def put_senator(s: dict, sid: str | None, seat: str | None, statesman: str | None = None, **fields: Any) -> str:
    """A Senator in play with printed values (Family `sid`, and/or a Statesman on top or alone), in `seat`
    (None: unaligned in the Forum), then `fields`; returns his sid."""
    x = new_senator(data_for(s), sid, statesman, faction=seat)
    x.update(fields)
    s["senators"][x["id"]] = x
    return x["id"]


def add_senator(s: dict, sid: str | None, seat: str | None, statesman: str | None = None, leader: bool = False,
                **fields: Any) -> str:
    """put_senator, and the Faction Leader marker on him when `leader`."""
    sid = put_senator(s, sid, seat, statesman, **fields)
    if leader:
        set_leader(s, seat, sid)
    return sid


def set_leader(s: dict, seat: str, sid: str | None) -> None:
    s["factions"][seat]["leader"] = sid


def set_hand(s: dict, seat: str, cards: list[str]) -> None:
    s["factions"][seat] = {**s["factions"][seat], "hand": list(cards), "unplayable": []}


def deck_top(s: dict, cards: list[str]) -> None:
    """These cards on top of the deck, in this order (taken out of wherever else the deck held them)."""
    s["deck"] = list(cards) + [c for c in s["deck"] if c not in cards]


def make_governor(s: dict, sid: str, province: str, developed: bool = False, term: int = 3) -> None:
    s["provinces"][province] = {"developed": developed, "governor": sid, "term": term}
    s["senators"][sid]["location"] = f"province:{province}"


def at_phase(s: dict, phase: str, rng: random.Random) -> dict:
    """A copy of `s` at the start of `phase` of its turn, its automatic steps run with `rng`."""
    s = edit(s)
    s["notes"], s["sealed"], s["ctx"] = [], {}, {}
    s.pop("calls", None)
    s["turn"] = max(s["turn"], 1)
    start_phase(s, data_for(s), phase, rng)
    if s["step"] == "revolution_public_deals":  # deals.py: nothing recorded, nothing claimed (one sealed round)
        notes = s["notes"]
        s = answer_defaults(s, rng)
        s["notes"] = notes + s["notes"]
    return s


enter_phase = at_phase


# ------------------------------------------------------------------------------------------ answers
def answer(s: dict, seat: str, choice: str | dict, rng: random.Random | None = None) -> dict:
    """`seat` answers its current prompt: a choice id, or a form's values."""
    return RULES.apply(s, seat, choice if isinstance(choice, str) else forms.encode(choice), rng or random.Random(0))


def answer_defaults(s: dict, rng: random.Random | None = None, but: Iterable[str] = ()) -> dict:
    """Every open prompt of the current step answered with its default, except the seats in `but`."""
    for p in RULES.prompts(s):
        if p.seat not in but:
            s = RULES.apply(s, p.seat, RULES.default_choice(s, p.seat), rng or random.Random(0))
    return s


def prompt_for(s: dict, seat: str) -> Prompt | None:
    return next((p for p in RULES.prompts(s) if p.seat == seat), None)


def asked(s: dict) -> dict:
    """seat -> its prompt now."""
    return {p.seat: p for p in RULES.prompts(s)}


def narration(before: dict, after: dict, viewer: str | None) -> list[str]:
    """What the last apply (from `before` to `after`) narrated to `viewer` (None: a spectator)."""
    return [str(line) for line in RULES.describe(before, "", "", after, viewer)]
