"""The random bot: a uniformly random legal choice. Used by `simulate` and for seats handed to the bot."""
from __future__ import annotations

from random import Random
from typing import Any

from domain import forms
from domain.rules import Prompt


def random_choice(prompt: Prompt, rng: Random, rules: Any = None, state: Any = None) -> str:
    """One of the prompt's choices; for a form, a random canonical answer (`domain.forms.random_answer`),
    checked by the rules' `check_answer` when `rules` and `state` are given (else the form's structure
    is all that is known, which is enough for titles whose every well-formed answer is legal)."""
    if prompt.form is None:
        return prompt.choices[rng.randrange(len(prompt.choices))].id
    if rules is None:
        return forms.random_answer(prompt.form, rng)
    return forms.random_legal(rules, state, prompt, rng)
