"""The cases (every registered title at every supported player count) and what each title declares.

The cases come from the registry (`domain.rules.titles(include_unlisted=True)`), so a new title is in the
suite the moment it registers. The generic checks need nothing from it. Only the differential
hidden-information check needs one declaration per title, `hide`: given a state and a seat `owner`, a
JSON copy of the state that differs only in information `owner` may know and the other seats may not
(its hand, its money, a sealed choice held in the rules state), and in information nobody may know (the
order of a face-down deck). A title with no private information declares `hide=None`. A title that
declares nothing fails `test_no_view_shows_another_seats_private_information` with a message pointing
here: saying what is private is part of adding a title.

Why a hook and not a second game under another seed: another seed changes public information too (the
face-up cards, the dice), so the views would differ for good reasons and the comparison would prove
nothing. Changing exactly the private fields is the sound differential, and only the title knows them.
Sealed choices need no hook: the suite substitutes another legal choice itself (`harness`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from domain.rules import get_rules, titles
from tests.conformance.harness import Hide, roundtrip


@dataclass(frozen=True)
class Declaration:
    hide: Hide | None
    games: int = 3  # random games per player count, for each family of checks
    platform_games: int = 2  # games through the Game aggregate, for replay
    sealed_games: int = 1  # games through the Game aggregate with sealed choices substituted in the log
    max_decisions: int = 5000  # a random game that takes more has failed to finish
    options: dict = field(default_factory=dict)


# ------------------------------------------------------------------------------- toy (High Card)

def hide_toy(state: dict, owner: str, rng: random.Random) -> dict:
    """Private to a seat: its hand's cards (not their number), the card it drew and has not yet kept or
    discarded, the card it played face down before the reveal. Private to nobody: the deck's order."""
    s = roundtrip(state)
    s["hands"][owner] = [c + 100 + rng.randrange(50) for c in s["hands"][owner]]
    rng.shuffle(s["deck"])
    s["deck"].reverse()
    if s["winner"] == owner and s["drawn"] is not None:
        s["drawn"] += 100
    if owner in s["played"]:
        s["played"][owner] += 100
    return s


# ------------------------------------------------------------------------------------- Sylla

SYLLA_KINDS = ("civic", "health", "leisure")


def hide_sylla(state: dict, owner: str, rng: random.Random) -> dict:
    """Private to a seat (Rule 12): its denarii and its tokens. Private to nobody: the order of the
    character deck, the event deck, the building stack and the Great Works pile below its top card.
    (A sealed choice held in the rules state between two applies of a reveal is covered by the generic
    sealed-step check; narration is compared in tests/property/sylla/test_sylla_hidden_information.py.)"""
    s = roundtrip(state)
    player = s["players"][owner]
    player["denarii"] += 1 + rng.randrange(6)
    for kind in SYLLA_KINDS:
        player["tokens"][kind] += rng.randrange(4)
    player["tokens"][rng.choice(SYLLA_KINDS)] += 1
    for deck in ("char_deck", "event_deck", "stack"):
        rng.shuffle(s[deck])
    rest = s["gw_pile"][1:]
    rng.shuffle(rest)
    s["gw_pile"][1:] = rest
    return s


# ------------------------------------------------------------------------- The Republic of Rome

def hide_republic_of_rome(state: dict, owner: str, rng: random.Random) -> dict:
    """Private to a seat (spec 16): its faction treasury and the cards in its hand (not their number,
    nor which of them are unplayable), its standing votes and assassination order, its sealed answer before the reveal (only
    that it has answered is public). Private to nobody: the order of the deck. A hand's cards are swapped
    with cards of the deck, so every card is still somewhere exactly once."""
    s = roundtrip(state)
    faction = s["factions"][owner]
    faction["treasury"] += 1 + rng.randrange(20)
    hand, deck = faction["hand"], s["deck"]
    for i in range(min(len(hand), len(deck))):
        j = rng.randrange(len(deck))
        if hand[i] not in faction["unplayable"]:
            hand[i], deck[j] = deck[j], hand[i]
    rng.shuffle(deck)
    # the Senate (issue #15): the seat's standing votes, and its sealed answer before the reveal
    s["standing_votes"] = {**(s.get("standing_votes") or {}),
                           owner: {rng.choice(("any", "not_land_bill", f"by:{owner}")): rng.choice(("yes", "no"))}}
    attempt = (s.get("standing_attempts") or {}).get(owner)
    if attempt:  # its standing assassination order
        attempt["daggers"] = attempt["daggers"] + 1 + rng.randrange(3)
    sealed = ((s.get("ctx") or {}).get("answers") or {}).get(owner)
    if s.get("step") == "senate_sealed_vote" and isinstance(sealed, dict):  # its sealed Senate vote
        sealed["votes"] = {sid: rng.choice(("yes", "no")) for sid in sealed.get("votes", {})}
    return s


DECLARATIONS: dict[str, Declaration] = {
    "republic_of_rome": Declaration(hide=hide_republic_of_rome, games=2, platform_games=1, sealed_games=1,
                                    max_decisions=1200),  # random players contribute to the State in many rounds
    "toy": Declaration(hide=hide_toy, games=8, platform_games=6, sealed_games=6),
    "sylla": Declaration(hide=hide_sylla, games=3, platform_games=2, sealed_games=1),
}
DEFAULT = Declaration(hide=None)


def declaration(title: str) -> Declaration:
    return DECLARATIONS.get(title, DEFAULT)


def player_counts(title: str) -> list[int]:
    rules = get_rules(title)
    return list(range(rules.min_players, rules.max_players + 1))


def all_titles() -> list[str]:
    return titles(include_unlisted=True)


def cases(kind: str = "games") -> list[tuple[str, int, int]]:
    """(title, players, seed) for every registered title and supported player count; `kind` names the
    Declaration field that says how many games: games, platform_games or sealed_games."""
    out = []
    for title in all_titles():
        d = declaration(title)
        for players in player_counts(title):
            out += [(title, players, seed) for seed in range(getattr(d, kind))]
    return out


def case_id(case: tuple[str, int, int]) -> str:
    title, players, seed = case
    return f"{title}-{players}p-seed{seed}"
