"""Random legal play of The Republic of Rome through the rules alone, the way the platform plays it.

A prompt is answered as the bot answers it (`domain.forms.random_legal`: a random well-formed answer the
rules accept, for a form; a random choice otherwise; see `bot_answer` for the one exception). A secret
prompt's answer is sealed and nothing is applied; once nobody owes an open decision, the sealed answers
are applied in seat order (the platform's reveal). Every apply goes through `checked_step`: the input is
left untouched, the result keeps every invariant of the title (`RULES.check_invariants`) and the public
view counts each hand as it really is (checked whenever a hand grows or shrinks, and every
ROUNDTRIP_EVERY steps).

`play_game(players, seed, turns)` plays one game until `turns` whole turns are over (turn `turns + 1`
has begun) or the game ends; `turns=None` plays to the end. It returns a `Played` record; any failure
raises with what reproduces it (players, seed, step, phase).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Callable

from domain.games.republic_of_rome import RULES
from domain.rules import Prompt, seat_ids_for
from tests.web import ror_play

MAX_DECISIONS = 20_000  # a game that takes more is stuck in a loop
MAX_TURNS = 60  # the Early Republic deck is drawn out long before: a game still going is not ending
ROUNDTRIP_EVERY = 25  # the (costlier) JSON round trip of the whole state, every so many steps

OnStep = Callable[[dict, str, str, dict], None]  # on_step(before, seat, answer, after)


@dataclass
class Played:
    players: int
    seed: int
    state: dict
    decisions: int = 0
    turns: int = 0  # turns played (the last one in part when the game ended in it)
    ending: str = ""  # the game's end reason, or "turn limit" when stopped after the turns asked
    kinds: dict = field(default_factory=dict)  # prompt kind -> how many were answered
    refused_fallbacks: list = field(default_factory=list)  # (turn, step) where the bot's fallback was refused


def seats_for(players: int) -> list[str]:
    return seat_ids_for(RULES, players)


def freeze(state: dict) -> str:
    """The state's exact text (key order included: the same object dumps the same unless changed)."""
    return json.dumps(state)


def checked_step(before: dict, seat: str, answer: str, rng: random.Random, roundtrip: bool = False) -> dict:
    """`RULES.apply`, checked: the input state unchanged, a new state, every invariant, the public hand sizes."""
    frozen = freeze(before)
    after = RULES.apply(before, seat, answer, rng)
    assert freeze(before) == frozen, f"apply({seat!r}, {answer[:80]!r}) mutated the state it was given"
    assert after is not before, "apply returned the very state it was given"
    RULES.check_invariants(after)
    if roundtrip or hand_sizes(before) != hand_sizes(after):
        check_public_hand_sizes(after)
    if roundtrip:
        assert json.loads(json.dumps(after)) == after, "the state is not plain JSON"
    return after


def hand_sizes(state: dict) -> list[int]:
    return [len(f["hand"]) for f in state["factions"].values()]


def check_public_hand_sizes(state: dict) -> None:
    """Spec 16: the number of cards in a hand is public and true; the cards and the treasury are not shown."""
    factions = RULES.view(state, None)["factions"]
    for seat, f in state["factions"].items():
        shown = factions[seat]
        assert shown["cards"] == len(f["hand"]), f"the view counts {shown['cards']} cards in {seat}'s hand of {len(f['hand'])}"
        assert "hand" not in shown and "treasury" not in shown, f"the spectator's view shows {seat}'s secrets"


def play_game(players: int, seed: int, turns: int | None = 3, on_step: OnStep | None = None) -> Played:
    """One random game: see the module's docstring."""
    seats = seats_for(players)
    chooser = random.Random(f"ror:{players}:{seed}:choices")
    draws = random.Random(f"ror:{players}:{seed}:draws")
    run = Played(players, seed, RULES.setup(seats, {}, draws))
    RULES.check_invariants(run.state)
    sealed: dict[str, tuple[str, Prompt]] = {}

    def apply(seat: str, answer: str) -> None:
        before = run.state
        run.state = checked_step(before, seat, answer, draws, roundtrip=run.decisions % ROUNDTRIP_EVERY == 0)
        if on_step is not None:
            on_step(before, seat, answer, run.state)

    try:
        while not run.state["finished"] and (turns is None or run.state["turn"] <= turns):
            prompts = RULES.prompts(run.state)
            assert prompts, "the game is not over but nobody owes a decision"
            waiting = [p for p in prompts if p.seat not in sealed]
            if not waiting:
                reveal(run, seats, sealed, apply)
                continue
            prompt = waiting[chooser.randrange(len(waiting))]
            answer = bot_answer(run, prompt, chooser)
            run.decisions += 1
            run.kinds[prompt.kind] = run.kinds.get(prompt.kind, 0) + 1
            assert run.decisions < MAX_DECISIONS, f"the game never ends: no end after {MAX_DECISIONS} decisions"
            assert run.state["turn"] <= MAX_TURNS, f"the game never ends: still going in turn {run.state['turn']}"
            if prompt.secret:
                sealed[prompt.seat] = (answer, prompt)
            else:
                apply(prompt.seat, answer)
    except BaseException as exc:
        s = run.state
        exc.add_note(f"random play: {players} players, seed {seed}, after {run.decisions} decisions, turn "
                     f"{s['turn']}, phase {s['phase']}, step {s['step']} (replay: play_game({players}, {seed}, {turns}))")
        raise
    run.turns = run.state["turn"] - (0 if run.state["finished"] else 1)
    run.ending = run.state["result"]["reason"] if run.state["finished"] else "turn limit"
    return run


ENDINGS = {"victory", "collective_loss"}


def check_result(run: Played) -> None:
    """A game played to its end has a result: a faction's victory (its winners among the seats) or the
    Republic's fall (nobody wins), with the reason it ended, and the platform's outcome says the same."""
    s = run.state
    assert s["finished"], f"{run.players} players, seed {run.seed}: stopped in turn {s['turn']} without a result"
    result = s["result"]
    assert result["kind"] in ENDINGS and result["reason"], f"an ending that is neither kind: {result}"
    winners = result["winners"]
    assert set(winners) <= set(s["seats"]) and len(set(winners)) == len(winners), f"winners not seats: {winners}"
    assert bool(winners) == (result["kind"] == "victory"), f"a {result['kind']} with winners {winners}"
    outcome = RULES.outcome(s)
    assert outcome is not None and list(outcome.winners) == winners and set(outcome.scores) == set(s["seats"])


def bot_answer(run: Played, prompt: Prompt, chooser: random.Random) -> str:
    """The bot's answer (tests/web/ror_play.bot_answer), its refused fallbacks counted."""
    answer, refused = ror_play.bot_answer(run.state, prompt, chooser)
    if refused:
        run.refused_fallbacks.append((run.state["turn"], run.state["step"]))
    return answer


def reveal(run: Played, seats: list[str], sealed: dict, apply: Callable[[str, str], None]) -> None:
    """The platform's reveal: the sealed answers applied in seat order (the platform applies them without
    looking at prompt ids). Each later seat answered the choices or form it was shown, so they must still
    stand, unchanged, until its turn comes."""
    order = [seat for seat in seats if seat in sealed]
    for i, seat in enumerate(order):
        apply(seat, sealed[seat][0])
        standing = {p.seat: p for p in RULES.prompts(run.state)}
        for later in order[i + 1:]:
            now, then = standing.get(later), sealed[later][1]
            assert now is not None and (now.choices, now.form) == (then.choices, then.form), \
                f"after {seat}'s sealed answer was applied, {later}'s secret prompt changed or vanished"
    sealed.clear()
