"""The Republic of Rome's Senate by e-mail: round trips per Senate at 6 players (issue #15 item 5).

A round trip is a moment the game waits for at least one human: a state in which some seat owes a
decision. A sealed round (every seat answering at once, revealed together) is one round trip however many
seats answer it; a decision the platform plays by itself (a single choice whose forcedness is public) is
none. Only the moments of the Senate Phase are counted, per Senate.

Random 6-player games are played to their end (or TURN_CAP turns) by "typical" players: every decision as
the bot takes it (`domain.forms.random_legal`), except in the vote form, where a typical player makes no
assassination attempt and plays no Tribune, and the Presiding Magistrate names the clockwise order with his
proposal. Four tables:

* in order, no standing votes: every faction answers each vote when called (the rule, by hand);
* in order, standing votes: each faction leaves, at its first vote, "on any proposal: yes" or "no" (at
  random) and "a prosecution of one of my Senators: no"; its votes then answer at once;
* sealed, without and with standing votes (option senate_votes = "sealed").

Goal (issue #15): a typical Senate in under 12 round trips with standing votes.
Run alone: .venv/bin/python -m bench.bench_senate_round_trips
"""
from __future__ import annotations

import json
import random
import statistics
from collections import Counter
from typing import Any

from domain import forms
from domain.games.republic_of_rome.standing_votes import named
from domain.rules import IllegalAction, forced_choice_is_public, get_rules, seat_ids_for

GAMES = 12
TURN_CAP = 6
GOAL = 12
YES = 0.6          # a typical faction's chance of voting for a proposal that is not its own
ADJOURN = 0.5      # a typical Presiding Magistrate's chance of adjourning when he may
NO_DICTATOR = 0.8  # ... of proposing no Dictator
CALM = {"assassin": "none", "target": "none", "daggers": 0, "tribune": "none", "appeal": "yes", "order": "first",
        "standing_when": "any", "standing_vote": "keep"}


def typical_answer(rules: Any, state: dict, prompt: Any, chooser: random.Random, standing: bool,
                   set_up: dict[str, int]) -> str:
    """A typical player's answer (see the module docstring); anything else as the bot answers."""
    if prompt.kind == "other_business" and chooser.random() < ADJOURN:
        return "adjourn"
    answer = forms.random_legal(rules, state, prompt, chooser)
    if prompt.form is None:
        return answer
    values = json.loads(answer)
    values.update({k: v for k, v in CALM.items() if prompt.form.field(k) is not None})
    if values.get("then") in ("withdraw", "withdraw_adjourn"):  # a typical proposer puts his proposal to the vote
        values["then"] = "adjourn" if values["then"] == "withdraw_adjourn" and prompt.form.field("order") else "continue"
    if prompt.form.field("dictator") is not None and chooser.random() < NO_DICTATOR:
        values["dictator"] = prompt.form.field("dictator").options[0].value
    if prompt.kind == "senate_vote":
        values["votes"] = {sid: faction_vote(state, prompt.seat, chooser) for sid in values["votes"]}
        values.update({"talents": {sid: 0 for sid in values.get("talents", {})}} if "talents" in values else {})
        if standing and "standing_when" in values:
            values.update(standing_order(prompt.seat, set_up, chooser))
    return accepted(rules, state, prompt, [forms.encode(values), answer])


def faction_vote(state: dict, seat: str, chooser: random.Random) -> str:
    """Yes on a proposal that names one of its Senators or comes from its own faction, else yes at YES."""
    floor = state["floor"][-1]
    p = floor["proposal"]
    mine = {sid for sid, x in state["senators"].items() if x["faction"] == seat}
    if p.get("by") == seat or set(named(p)) & mine:
        return "yes"
    return "yes" if chooser.random() < YES else "no"


def standing_order(seat: str, set_up: dict[str, int], chooser: random.Random) -> dict:
    """The first two votes of a faction leave its standing votes: "a proposal giving one of my Senators an
    office...: yes", then "any proposal: yes" (at YES) or "no"."""
    done = set_up.get(seat, 0)
    set_up[seat] = done + 1
    if done == 0:
        return {"standing_when": "mine_elected", "standing_vote": "yes"}
    if done == 1:
        return {"standing_when": "any", "standing_vote": "yes" if chooser.random() < YES else "no"}
    return {}


def accepted(rules: Any, state: dict, prompt: Any, answers: list[str]) -> str:
    for answer in answers:
        try:
            forms.accept(rules, state, prompt, answer)
            return answer
        except IllegalAction:
            continue
    return rules.default_choice(state, prompt.seat)


def senates(players: int, seed: int, options: dict, standing: bool) -> list[Counter]:
    """Each Senate of one random game: its round trips by the kind of decision waited for (a moment
    waiting for several kinds counts once, under the first seat's kind)."""
    rules = get_rules("republic_of_rome")
    chooser, rng = random.Random(seed), random.Random(seed + 1_000_003)
    state = rules.setup(seat_ids_for(rules, players), dict(options), rng)
    sealed: dict[str, str] = {}
    set_up: dict[str, int] = {}
    out: list[Counter] = []
    counted = None  # the state last counted as a round trip (a sealed round is counted once)
    senate_turn = None
    while rules.outcome(state) is None and state["turn"] <= TURN_CAP:
        prompts = rules.prompts(state)
        forced = next((p for p in prompts if p.form is None and len(p.choices) == 1
                       and forced_choice_is_public(rules, state, p)), None)
        if forced is not None:  # the platform plays it at once: nobody waits
            state = rules.apply(state, forced.seat, forced.choices[0].id, rng)
            continue
        waiting = [p for p in prompts if p.seat not in sealed]
        if state["phase"] == "senate" and waiting and counted is not state:
            if senate_turn != state["turn"]:
                senate_turn = state["turn"]
                out.append(Counter())
            out[-1][waiting[0].kind] += 1
            counted = state
        if waiting:
            prompt = waiting[chooser.randrange(len(waiting))]
            answer = typical_answer(rules, state, prompt, chooser, standing, set_up)
            if prompt.secret:
                sealed[prompt.seat] = answer
                continue
            state = rules.apply(state, prompt.seat, answer, rng)
            continue
        for seat in [x for x in state["seats"] if x in sealed]:
            state = rules.apply(state, seat, sealed[seat], rng)
        sealed.clear()
    return out


def figures(counts: list[int]) -> dict:
    if not counts:
        return {"senates": 0, "mean": 0.0, "median": 0.0, "p90": 0, "max": 0}
    ranked = sorted(counts)
    return {"senates": len(counts), "mean": statistics.mean(counts), "median": statistics.median(counts),
            "p90": ranked[min(len(ranked) - 1, int(0.9 * len(ranked)))], "max": ranked[-1]}


def table(players: int, games: int, first: int, options: dict, standing: bool) -> dict:
    """Figures over every Senate, over the Senates after each game's first (standing votes in place), and
    the mean round trips per Senate by kind of decision."""
    games_senates = [senates(players, seed, options, standing) for seed in range(first, first + games)]
    every = [c for g in games_senates for c in g]
    kinds: Counter = Counter()
    for c in every:
        kinds.update(c)
    return {"all": figures([sum(c.values()) for c in every]),
            "later": figures([sum(c.values()) for g in games_senates for c in g[1:]]),
            "kinds": {k: v / max(len(every), 1) for k, v in kinds.most_common()}}


CASES = (("in order, no standing votes", {}, False), ("in order, standing votes", {}, True),
         ("sealed, no standing votes", {"senate_votes": "sealed"}, False),
         ("sealed, standing votes", {"senate_votes": "sealed"}, True))


def main() -> None:
    for label, options, standing in CASES:
        f = table(6, GAMES, 30_000, options, standing)
        for which, words in (("all", "every Senate"), ("later", "Senates after the first")):
            g = f[which]
            verdict = ""
            if standing and not options and which == "later":
                verdict = f"; {'under' if g['median'] < GOAL else 'OVER'} the goal of {GOAL} for a typical Senate"
            print(f"republic_of_rome round trips per Senate, 6 players, {label}, {words}: median {g['median']:.1f}, "
                  f"mean {g['mean']:.1f}, 90th percentile {g['p90']}, max {g['max']} ({g['senates']} Senates of "
                  f"{GAMES} games{verdict})")
        print("    by kind (mean per Senate): " + ", ".join(f"{k} {v:.1f}" for k, v in f["kinds"].items()))


if __name__ == "__main__":
    main()
