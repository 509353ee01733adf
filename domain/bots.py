"""The random bot: a uniformly random legal choice. Used by `simulate` and for seats handed to the bot."""
from __future__ import annotations

from random import Random

from domain.rules import Prompt


def random_choice(prompt: Prompt, rng: Random) -> str:
    return prompt.choices[rng.randrange(len(prompt.choices))].id
