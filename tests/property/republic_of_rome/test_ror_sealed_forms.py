"""Sealed answers of The Republic of Rome show in no other seat's view or history before the reveal.

The conformance suite's platform check (tests/conformance/harness.check_sealed_in_platform) replaces each
sealed answer in the event log by another legal one and replays; it draws the alternative from the
prompt's choices, and The Republic of Rome's sealed decisions are all forms (the Faction Leader and
cards, the Revenue orders, redistribution, the Consuls' offices), which list none, so there it checks
nothing for this title. Here the same check runs with alternatives drawn as the bot draws form answers,
at every reveal of a game played through the Game aggregate (setup and two turns, 4 players): just
before the reveal, every sealed answer in the log is replaced in turn; every other seat's view and the
spectator's are unchanged, and so is the history of another viewer; the owner's view does change.
"""
from __future__ import annotations

import hashlib
import random
import uuid
from dataclasses import dataclass

import pytest

from domain.game import ACTIVE, Game
from domain.games.republic_of_rome import RULES
from domain.rules import Prompt
from service.audit import entry_of
from tests.conformance import harness
from tests.web.ror_play import bot_answer

AT = "2026-01-01T00:00:00+00:00"
TURNS = 2


@dataclass(frozen=True)
class Offered:
    """A sealed prompt as offered, with other answers the rules accept there (drawn when it was answered)."""

    prompt: Prompt
    alternatives: tuple[str, ...]


def _alternatives(state: dict, prompt: Prompt, answer: str, rng: random.Random) -> tuple[str, ...]:
    drawn = {bot_answer(state, prompt, rng)[0] for _ in range(4)}
    return tuple(sorted(drawn - {answer}))


def play_and_check_reveals(monkeypatch) -> tuple[Game, int, int]:
    """Setup and TURNS turns of random play; the substitution check at every reveal: (game, reveals, checks)."""
    plain = harness.legal_answers
    monkeypatch.setattr(harness, "legal_answers",
                        lambda p: list(p.alternatives) if isinstance(p, Offered) else plain(p))
    rng, checks = random.Random(15), random.Random(16)
    seats = RULES.seat_ids(4)
    game = Game.create(uuid.UUID(int=15), RULES.id, [{"seat": s, "name": s.capitalize()} for s in seats], {},
                       hashlib.sha256(b"ror sealed forms").hexdigest(), {}, AT)
    offered: dict[int, Offered] = {}
    checked = reveals = 0
    while game.status == ACTIVE and game.state["turn"] <= TURNS:
        prompt = rng.choice(game.open_prompts())
        answer = bot_answer(game.state, prompt, rng)[0]
        alternatives = _alternatives(game.state, prompt, answer, rng) if prompt.secret else ()
        known = len(game.pending_events)
        game.choose(prompt.seat, prompt.id, answer, None, AT)
        new = [entry_of(e) for e in game.pending_events[known:]]
        for entry in new:
            if entry["type"] == "ChoiceSealed" and entry["content"].get("by") == "seat":
                offered[entry["seq"]] = Offered(prompt, alternatives)
        if any(entry["type"] == "ChoicesRevealed" for entry in new):
            entries = [entry_of(e) for e in game.pending_events]
            prefix = entries[:max(i for i, e in enumerate(entries) if e["type"] == "ChoicesRevealed")]
            checked += harness._check_sealed_log(harness.rebuild(game.id, prefix), prefix, offered, checks)
            reveals += 1
    return game, reveals, checked


def test_sealed_form_answers_show_in_no_other_seats_view_or_history_before_the_reveal(monkeypatch):
    game, reveals, checked = play_and_check_reveals(monkeypatch)
    assert game.state["turn"] == TURNS + 1
    assert reveals >= 3 and checked >= 2 * reveals, (reveals, checked)


def test_the_check_bites_when_a_view_shows_the_sealed_answers(monkeypatch):
    plain = harness.view_json
    monkeypatch.setattr(harness, "view_json", lambda game, viewer, *rest: {
        **plain(game, viewer, *rest), "leak": {seat: s["choice"] for seat, s in game.sealed.items()}})
    with pytest.raises(AssertionError, match=r"\[sealed\]"):
        play_and_check_reveals(monkeypatch)
