"""Rule 11: random play through the Revolution Phase from positions with victorious Commanders (random games
rarely send an army and win), into the next turn and its Combat Phase (the civil war), the invariants
checked after every step; the answers are the bot's random ones, so revolts, loyalty tests, offers and
secondary rebels all happen."""
from __future__ import annotations

import random
from collections import Counter

from domain import bots
from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import add_senator, at_phase, bare, make_state, set_hand
from tests.unit.republic_of_rome.test_11_2_revolt import victorious

SEEDS = range(12)


def position(seed: int) -> dict:
    """Red and blue each have a victorious Commander; hands of several cards; 8 Legions in Italy."""
    s = bare(make_state(4, seed=seed))
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red", office="field_consul", talents=2, concessions=["mining"])
    add_senator(s, "3", "red", knights=1)
    add_senator(s, "4", "blue", leader=True, office="dictator")
    add_senator(s, "6", "blue", office="master_of_horse")
    add_senator(s, "5", "green", leader=True)
    add_senator(s, "7", "green")
    add_senator(s, "8", "yellow", leader=True)
    add_senator(s, "9", "yellow")
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None, "at": "italy"} for i in range(1, 17)]
    s["fleets"] = [{"id": i, "at": "italy"} for i in range(1, 4)]
    victorious(s, "2", [1, 2, 3, 4], [1], veteran=4)
    victorious(s, "4", [5, 6, 7], [2], order=2, horse="6")
    set_hand(s, "red", ["con:harbor_fees", "int:tribune.1", "int:assassin.1", "st:18A"])
    set_hand(s, "blue", ["con:armaments", "int:tribune.2", "int:blackmail.1", "int:seduction.1", "int:assassin.2",
                         "con:ship_building"])
    set_hand(s, "green", ["st:19A", "int:tribune.3"])
    used = {f"sen:{x['family']}" for x in s["senators"].values() if x["family"]}
    used |= {"st:" + sid for sid in s["senators"] if sid[-1].isalpha()} | {"con:mining"}
    used |= {c for f in s["factions"].values() for c in f["hand"]}
    s["deck"] = [c for c in s["deck"] if c not in used]  # each card once: none of these can be drawn again
    return at_phase(s, "revolution", random.Random(seed))


def play(seed: int, seen: Counter) -> None:
    rng = random.Random(seed)
    s = position(seed)
    for _ in range(600):
        RULES.check_invariants(s)
        if s["finished"] or s["turn"] > 2:
            return
        prompts = RULES.prompts(s)
        p = prompts[rng.randrange(len(prompts))]
        s = RULES.apply(s, p.seat, bots.random_choice(p, rng, RULES, s), rng)
        seen.update(n["k"] for n in s["notes"])
    raise AssertionError(f"seed {seed}: the turn never ended")


def test_11_random_revolution_phases_keep_every_invariant():
    seen: Counter = Counter()
    for seed in SEEDS:
        play(seed, seen)
    for kind in ("loyalty_tested", "command_laid_down", "revolt_declared", "revolt_void", "cards_offered",
                 "cards_answered", "cards_discarded", "statesman_played", "concession_assigned", "rebel_unopposed",
                 "rebel_maintenance_paid"):
        assert seen[kind], (kind, seen)
