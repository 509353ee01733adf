"""Every form The Republic of Rome asks in random play can be answered by e-mail and on the web page.

At every form prompt of random games (every player count, three turns), the answer the bot draws is
written as a person writes it in an e-mail reply (one `name: ...` line per field, options by number:
tests/web/ror_play.py) and as the web page posts it (`f.<field>` inputs), and both read back
(`domain.forms.read_reply`, `read_web`) to that very canonical answer. A form shape the e-mail syntax
cannot express fails here with the form and the answer.
"""
from __future__ import annotations

import json
import random

import pytest
from ror_random import play_game

from domain import forms
from domain.forms import EachOf, Rows, SomeOf
from domain.games.republic_of_rome import RULES
from tests.web.ror_play import reply_lines


def web_post(form: forms.Form, answer: str) -> dict[str, list[str]]:
    """The inputs a browser posts for `answer` (what service/web renders: f.<field>, .<item>, .<row>.<column>)."""
    values, posted = json.loads(answer), {}
    for f in form.fields:
        value, key = values[f.name], f"f.{f.name}"
        if isinstance(f, SomeOf):
            posted[key] = list(value)
        elif isinstance(f, EachOf):
            posted.update({f"{key}.{item}": [str(v)] for item, v in value.items()})
        elif isinstance(f, Rows):
            posted.update({f"{key}.{n}.{c}": [str(v)] for n, row in enumerate(value) for c, v in row.items()})
        else:
            posted[key] = [str(value)]
    return posted


def read_posted(form: forms.Form, posted: dict[str, list[str]]) -> str:
    return forms.read_web(form, lambda k: (posted.get(k) or [None])[0], lambda k: posted.get(k, []))


class Reader:
    def __init__(self, seed: int):
        self.rng = random.Random(f"words:{seed}")
        self.forms: dict[str, int] = {}

    def __call__(self, before: dict, seat: str, answer: str, after: dict) -> None:
        for prompt in RULES.prompts(after):
            if prompt.form is None:
                continue
            form = prompt.form
            canonical = forms.random_legal(RULES, after, prompt, self.rng)
            lines = reply_lines(form, canonical)
            assert forms.read_reply(form, lines.splitlines()) == canonical, (prompt.kind, lines, canonical)
            posted = web_post(form, canonical)
            assert read_posted(form, posted) == canonical, (prompt.kind, posted, canonical)
            self.forms[prompt.kind] = self.forms.get(prompt.kind, 0) + 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_form_answer_reads_back_from_an_email_reply_and_a_web_post(players):
    reader = Reader(players)
    for seed in (5, 6):
        play_game(players, 2000 + seed, turns=3, on_step=reader)
    assert {"choose_faction_leader", "senate_vote"} <= set(reader.forms), reader.forms
