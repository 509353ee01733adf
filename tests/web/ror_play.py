"""Helpers for playing The Republic of Rome through the platform (web API and e-mail tests): what is
secret to a seat and must not reach another (spec 16: a faction's treasury and the cards in its hand),
and a form's answer written as a person writes it in an e-mail reply.
"""
from __future__ import annotations

import json
import random
import re

from domain import forms
from domain.forms import EachOf, Form, Number, OneOf, Rows, SomeOf
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.names import card_name
from domain.rules import IllegalAction, Prompt

TREASURY_LINE = re.compile(r"Faction treasury: (-?\d+) T")


def bot_answer(state: dict, prompt: Prompt, rng: random.Random) -> tuple[str, bool]:
    """(answer, refused): the bot's answer (`forms.random_legal`). When its random tries all fail, the bot
    falls back to the form's default, for a form without one its first options; where the rules refuse
    that, the rules' own default (what a missed deadline plays) is answered instead and `refused` is
    True: a bot seat would have been refused there (reported by the random play's summary line)."""
    answer = forms.random_legal(RULES, state, prompt, rng)
    if prompt.form is None or answer != forms.default_answer(prompt.form):
        return answer, False
    try:
        forms.accept(RULES, state, prompt, answer)
        return answer, False
    except IllegalAction:
        return RULES.default_choice(state, prompt.seat), True


NAMED_KINDS = ("st:", "con:")  # cards with a proper name; Intrigue names are also common words of the rules


def secret_card_names(state: dict, owner: str) -> set[str]:
    """The names of the Statesmen and Concessions in `owner`'s hand that no public card shares (a Family's
    name inside a Statesman's, a card of another hand): naming one of them to another seat leaks. An
    Intrigue card's name ("Tribune", "Assassin") is also a word the forms and rules use for everybody,
    so hands of Intrigue cards are checked by the differential test (tests/property/republic_of_rome)."""
    D = data_for(state)
    hand = {card_name(D, c) for c in state["factions"][owner]["hand"] if c.startswith(NAMED_KINDS)}
    public = {card_name(D, c) for c in state["discard"] + state["removed"]}
    public |= {card_name(D, "sen:" + x["family"]) for x in state["senators"].values() if x["family"]}
    public |= {card_name(D, c) for seat, f in state["factions"].items() if seat != owner for c in f["hand"]}
    return {h for h in hand if not any(p in h or h in p for p in public)}


def leaked_cards(text: str, state: dict, reader: str | None) -> list[str]:
    """Secret card names of seats other than `reader` that `text` names."""
    return sorted(name for seat in state["seats"] if seat != reader
                  for name in secret_card_names(state, seat) if name in text)


def assert_view_keeps_secrets(view: dict, state: dict, reader: str | None) -> None:
    """The rules' view in the API's view JSON: the reader's own treasury and hand as they are; nobody
    else's (their number of cards, which is public, as it is)."""
    factions = view["state"]["factions"]
    for seat, f in state["factions"].items():
        shown = factions[seat]
        assert shown["cards"] == len(f["hand"])
        if seat == reader:
            assert shown["treasury"] == f["treasury"] and [c["id"] for c in shown["hand"]] == f["hand"]
        else:
            assert "treasury" not in shown and "hand" not in shown, f"{reader} sees {seat}'s treasury or hand"
    assert not leaked_cards(json.dumps(view, ensure_ascii=False), state, reader)


def reply_lines(form: Form, answer: str) -> str:
    """A canonical answer (domain.forms) written as e-mail reply lines: `name: ...` per field, options by
    their number in the e-mail's list, one line per row of a Rows field."""
    values = json.loads(answer)
    lines = []
    for f in form.fields:
        value = values[f.name]
        if isinstance(f, Rows):
            rows = [" ".join(_word(c, row[c.name]) for c in f.columns) for row in value]
            lines += [f"{f.name}: {row}" for row in rows] or [f"{f.name}: none"]
        elif isinstance(f, SomeOf):
            lines.append(f"{f.name}: " + (" ".join(_word(f, v) for v in value) or "none"))
        elif isinstance(f, EachOf):
            lines.append(f"{f.name}: " + " ".join(_word(f.value, value[o.value]) for o in f.items))
        else:
            lines.append(f"{f.name}: {_word(f, value)}")
    return "\n".join(lines)


def _word(f: OneOf | SomeOf | Number, value) -> str:
    if isinstance(f, (OneOf, SomeOf)):
        return str(next(n for n, o in enumerate(f.options, 1) if o.value == value))
    return str(value)
