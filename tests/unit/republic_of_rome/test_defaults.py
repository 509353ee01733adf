"""Defaults for a missed deadline (issue #14 item 10, spec 17.9, the game masters' list): every kind of decision
the title can ask has its line in defaults.DEFAULTS, and what each step's `default` plays is what that line
says, wherever a machine can tell: a vote abstains and spends nothing, a counter-bribe is 0, a bid passes, the
income stays with the Senators who earned it, a nomination is the first one open in number order...

The defaults are checked on the positions random games reach (every player count, fixed seeds), through the
rules protocol alone (`default_choice`, `check_answer`), so they are checked as a missed deadline plays them."""
from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from domain import bots
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.defaults import DEFAULTS
from domain.games.republic_of_rome.help import PROMPT_SECTIONS
from domain.games.republic_of_rome.machine import STATES
from domain.i18n import Message
from domain.rules import IllegalAction

DECISIONS = 500  # per game: setup, then a few turns' worth of decisions


def numbers(value) -> list[int]:
    """Every number in a form's answer (nested dicts and lists)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers(v)]
    return []


def options(prompt, field: str) -> list[str]:
    """The option values of a form's OneOf field, in the form's order."""
    f = prompt.form.field(field)
    return [o.value for o in f.options]


def accepted(state, seat: str, values: dict) -> bool:
    try:
        RULES.check_answer(state, seat, json.dumps(values, sort_keys=True))
        return True
    except IllegalAction:
        return False


# ------------------------------------------------------------------------- what each line says, checked
def leader_with_most_influence(s, seat, v, p):
    own = [sid for sid, x in s["senators"].items() if x["faction"] == seat]
    best = min(own, key=lambda sid: (-s["senators"][sid]["inf"], int("".join(c for c in sid if c.isdigit()))))
    assert v["leader"] == best
    assert v.get("statesmen", []) == [] and set(v.get("concessions", {}).values()) <= {"keep"}


def income_stays_where_earned(s, seat, v, p):
    assert set(v.get("spoils", {}).values()) <= {"take"}  # the game masters' default: Governors take spoils
    assert set(v.get("grain", {}).values()) <= {1}
    if "income" in v:
        recipients = {o.value for o in p.form.field("income").value.options}
        for sid, to in v["income"].items():
            assert to == sid or sid not in recipients, (sid, to)


def spends_nothing(s, seat, v, p):
    assert all(n == 0 for n in numbers(v)), v


def no_transfer(s, seat, v, p):
    assert v["transfers"] == [] and set(v.get("cards", {}).values()) <= {"keep"}, v


def no_persuasion(s, seat, v, p):
    assert v["persuader"] == "none" and v["bribe"] == 0 and v.get("card", "none") == "none"


def counter_bribe_zero(s, seat, v, p):
    assert v["amount"] == 0 and v.get("side", "resist") == "resist"


def nothing_more_this_initiative(s, seat, v, p):
    for field in ("knights", "leader_or_games", "leader", "games", "release"):
        assert v.get(field, "none") == "none", (field, v)
    assert v.get("talents", 0) == 0 and all(n == 0 for n in numbers(v.get("pressure", {})))


def bid_passes(s, seat, v, p):
    assert v["senator"] == "pass"


def first_open_pair(s, seat, v, p):
    candidates = options(p, "first")
    first = next((a, b) for a, b in combinations(candidates, 2) if accepted(s, seat, {**v, "first": a, "second": b}))
    assert {v["first"], v["second"]} == set(first)


def lowest_censor_candidate(s, seat, v, p):
    assert v["censor"] == next(c for c in options(p, "censor") if accepted(s, seat, {**v, "censor": c}))


def own_consul_in_rome(s, seat, v, p):
    own = [sid for sid in options(p, "rome_consul") if s["senators"][sid]["faction"] == seat]
    assert v["rome_consul"] == own[0]


def abstains(s, seat, v, p):
    floor = s.get("floor") or [{}]  # the vote under way (floor.py), innermost last
    proposal = floor[-1].get("proposal") or s["ctx"].get("proposal") or {}
    land_bill = "land_bill" in str(proposal.get("kind", ""))
    assert set(v["votes"].values()) == ({"no"} if land_bill else {"abstain"}), v
    assert all(n == 0 for n in numbers(v.get("talents", {})))


def rolls(s, seat, v, p):
    assert v == "roll"


def strongest_leader(s, seat, v, p):
    from domain.games.republic_of_rome.data import data_for
    D = data_for(s)
    ids = [c.id for c in p.choices]
    assert D.leaders[v]["strength"] == max(D.leaders[lid]["strength"] for lid in ids)


def italy_first(s, seat, v, p):
    at = {str(f["id"]): f["at"] for f in s["fleets"]}
    chosen = set(v["fleets"])
    italy = {fid for fid, where in at.items() if where == "italy"}
    assert chosen <= italy or italy <= chosen, (chosen, italy)


CHECKS = {
    "choose_faction_leader": leader_with_most_influence, "place_income": income_stays_where_earned,
    "contribute": spends_nothing, "redistribute": no_transfer, "roll_initiative": rolls,
    "persuade": no_persuasion, "counter_bribe": counter_bribe_zero, "persuade_continue": spends_nothing,
    "initiative_actions": nothing_more_this_initiative, "bid_initiative": bid_passes,
    "nominate_consuls": first_open_pair, "nominate_censor": lowest_censor_candidate,
    "choose_consular_office": own_consul_in_rome, "senate_vote": abstains,
    "enemy_leader_dies_choice": strongest_leader, "choose_storm_losses": italy_first,
}


# ------------------------------------------------------------------------------------------ the tests
def declared_kinds() -> set[str]:
    return {step.kind for step in STATES.values() if step.kind}


def test_17_9_every_kind_of_decision_has_its_default():
    missing = sorted(declared_kinds() - set(DEFAULTS))
    assert not missing, f"no default for the prompt kinds {missing}: add them to defaults.py"
    assert all(isinstance(text, Message) and str(text).endswith(".") for text in DEFAULTS.values())
    assert set(DEFAULTS) <= set(PROMPT_SECTIONS), "each default is explained in a help section too"


def test_the_checks_know_only_kinds_that_have_a_default():
    assert set(CHECKS) <= set(DEFAULTS)


def play_and_check(players: int, seed: int, checked: dict) -> None:
    rng = random.Random(seed)
    state = RULES.setup(RULES.seat_ids(players), {}, rng)
    for _ in range(DECISIONS):
        prompts = RULES.prompts(state)
        if not prompts:
            return
        for p in prompts:
            answer = RULES.default_choice(state, p.seat)
            values = json.loads(answer) if p.form is not None else answer
            if p.form is not None:
                RULES.check_answer(state, p.seat, answer)  # a default is always a legal answer
            else:
                assert answer in {c.id for c in p.choices}
            if p.kind in CHECKS:
                CHECKS[p.kind](state, p.seat, values, p)
                checked[p.kind] = checked.get(p.kind, 0) + 1
        p = prompts[rng.randrange(len(prompts))]
        # mostly random play (to reach persuasions, votes, auctions), sometimes the default itself
        choice = RULES.default_choice(state, p.seat) if rng.random() < 0.3 else bots.random_choice(p, rng, RULES, state)
        state = RULES.apply(state, p.seat, choice, rng)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_17_9_each_default_does_what_its_line_says(players):
    checked: dict[str, int] = {}
    for seed in range(2):
        play_and_check(players, 100 * players + seed, checked)
    assert {"choose_faction_leader", "roll_initiative", "persuade", "nominate_consuls", "senate_vote"} <= set(checked), \
        checked


def test_the_meaning_checks_bite():
    """A default that spent money, voted or bid would be caught."""
    with pytest.raises(AssertionError):
        abstains({"ctx": {}}, "red", {"votes": {"1": "yes"}, "talents": {"1": 0}}, None)
    with pytest.raises(AssertionError):
        abstains({"ctx": {}}, "red", {"votes": {"1": "abstain"}, "talents": {"1": 2}}, None)
    with pytest.raises(AssertionError):
        spends_nothing({}, "red", {"c1": 0, "c2": 5}, None)
    with pytest.raises(AssertionError):
        counter_bribe_zero({}, "red", {"amount": 1}, None)
    with pytest.raises(AssertionError):
        bid_passes({}, "red", {"senator": "7", "bid": 1}, None)
    with pytest.raises(AssertionError):
        nothing_more_this_initiative({}, "red", {"knights": "attract:7", "talents": 0}, None)
