"""Every sentence translatable, at run time (issue #12, section 3): in one random legal game per title and
player count, every prompt text, choice label, form field and option label, narration line (`describe`)
and refusal reason (the refusals the harness provokes) is a `domain.i18n.Message` (or `Sentences`), not a
plain str, and its msgid is in locales/messages.pot. The static lint (tests/unit/test_i18n_lint.py) cannot
see through variables; this sees what the rules actually hand out.

A failure lists each kind of offending text once: "[i18n] <title>: <where>: <what>".
"""
from __future__ import annotations

import dataclasses
import pytest

from domain.games.toy import HighCard
from domain.i18n import _, join_sentences
from domain.rules import Choice, IllegalAction, get_rules
from tests.conformance import harness
from tests.conformance.titles import all_titles, declaration, player_counts

CASES = [(title, players) for title in all_titles() for players in player_counts(title)]


@pytest.mark.parametrize("title, players", CASES, ids=[f"{t}-{p}p" for t, p in CASES])
def test_every_text_a_player_reads_from_the_rules_is_a_catalogued_message(title, players):
    d = declaration(title)
    texts = harness.TextCheck(title)
    harness.play_rules(get_rules(title), players, 0, options=d.options, max_decisions=d.max_decisions, texts=texts)
    problems = list(texts.problems)
    assert not problems, f"{len(problems)} kinds of text are not catalogued messages:\n" + "\n".join(problems)


class EVERYTHING:
    """A catalog that has every msgid: the bites below test one thing at a time."""

    def __contains__(self, msgid: object) -> bool:
        return True


class PlainText(HighCard):
    """Hands out plain English: the prompt's text, a choice's label, a narration line and a refusal."""

    def prompts(self, state):
        return [dataclasses.replace(p, text=str(p.text), choices=(Choice(p.choices[0].id, "plain label"),
                                                                  *p.choices[1:]))
                for p in super().prompts(state)]

    def describe(self, before, seat, choice, after, viewer):
        return ["Something happened."]

    def apply(self, state, seat, choice, rng):
        if choice == harness.NOT_A_CHOICE:
            raise IllegalAction("That is not a choice.")
        return super().apply(state, seat, choice, rng)


def play(rules, monkeypatch, catalog=EVERYTHING()) -> list[str]:
    monkeypatch.setattr(harness, "catalogued", lambda: catalog)
    texts = harness.TextCheck("toy")
    harness.play_rules(rules, 2, 0, texts=texts)
    return list(texts.problems)


def test_the_check_passes_the_toy_whose_texts_are_messages(monkeypatch):
    """The control: the real toy, every text a message, against a catalog that has them all."""
    assert play(HighCard(), monkeypatch) == []


def test_the_check_bites_on_plain_strings(monkeypatch):
    problems = "\n".join(play(PlainText(), monkeypatch))
    for where in ("prompt's text is a plain str", "choice label is a plain str", "narration line (describe) is a "
                  "plain str", "reason is a plain str"):
        assert where in problems, f"the check missed: {where}\n{problems}"


def test_the_check_bites_on_a_message_missing_from_the_catalog(monkeypatch):
    problems = "\n".join(play(HighCard(), monkeypatch, catalog=frozenset()))
    assert "msgid not in locales/messages.pot" in problems and "choice label" in problems


def test_the_check_reads_sentences_and_message_parameters(monkeypatch):
    monkeypatch.setattr(harness, "catalogued", lambda: frozenset({"%(who)s wins.", "The end."}))
    texts = harness.TextCheck("toy")
    texts.check(join_sentences([_("The end."), _("%(who)s wins.", who=_("Red"))]), "a line")
    texts.check(join_sentences([_("The end."), "and plain text"]), "another line")
    problems = "\n".join(texts.problems)
    assert "msgid not in locales/messages.pot: 'Red' (first seen in a line)" in problems
    assert "another line is a plain str" in problems
