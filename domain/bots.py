"""The bots. Used by `simulate` and for seats handed to the bot.

The platform's bot is a uniformly random legal choice (`random_choice`). A title may have its own bot, the
optional rules method `bot_choice(state, prompt, pick)` (domain.rules.Rules): `title_choice` asks it and
keeps its answer only when the rules accept it, so a title's bot can never play an illegal move: a refused
answer gives way to the title's default choice; when it has no answer the random legal choice is played.
"""
from __future__ import annotations

from random import Random
from typing import Any, Callable

from domain import forms
from domain.rules import IllegalAction, Prompt

Pick = Callable[[int], int]  # pick(n) -> 0..n-1, the deterministic random source of one decision


def random_choice(prompt: Prompt, rng: Random, rules: Any = None, state: Any = None) -> str:
    """One of the prompt's choices; for a form, a random canonical answer (`domain.forms.random_answer`),
    checked by the rules' `check_answer` when `rules` and `state` are given (else the form's structure
    is all that is known, which is enough for titles whose every well-formed answer is legal)."""
    if prompt.form is None:
        return prompt.choices[rng.randrange(len(prompt.choices))].id
    if rules is None:
        return forms.random_answer(prompt.form, rng)
    return forms.random_legal(rules, state, prompt, rng)


def title_choice(rules: Any, state: Any, prompt: Prompt, pick: Pick) -> str | None:
    """The title's own bot's answer (`rules.bot_choice`), accepted by the rules (`domain.forms.accept`: a
    choice offered, or a form's answer `check_answer` agrees with; returned in canonical form). An answer the
    rules refuse gives way to the title's default choice (what a missed deadline plays). None: the title has no
    bot, or its bot has no answer (or neither answer is accepted)."""
    hook = getattr(rules, "bot_choice", None)  # a title object not derived from Rules may lack it
    if hook is None or state is None:
        return None
    answer = hook(state, prompt, pick)
    if answer is None:
        return None
    return _accepted(rules, state, prompt, answer) or _accepted(rules, state, prompt,
                                                                rules.default_choice(state, prompt.seat))


def _accepted(rules: Any, state: Any, prompt: Prompt, answer: str) -> str | None:
    try:
        return forms.accept(rules, state, prompt, answer).id
    except IllegalAction:  # FormError included
        return None


def bot_choice(prompt: Prompt, rng: Random, rules: Any = None, state: Any = None) -> str:
    """What the bot plays for `prompt` in the simulator and the tests: the title's bot when it has one
    (`title_choice`, drawing from `rng`), else the random legal choice (`random_choice`)."""
    answer = title_choice(rules, state, prompt, rng.randrange) if rules is not None else None
    return answer if answer is not None else random_choice(prompt, rng, rules, state)
