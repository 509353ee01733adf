"""The checks bite: each one, handed a toy broken in exactly the way it looks for, fails, with its name.

Every broken toy is a subclass of the real toy (High Card) that differs in one method; the unbroken toy
passes the same checks in test_conformance.py, so each failure here is the check's doing.
"""
from __future__ import annotations

import itertools
import random

import pytest

import domain.rules as rules_module
from domain.games.toy import HighCard
from domain.rules import Choice, Outcome, Prompt, get_rules, titles
from service import views
from tests.conformance import harness
from tests.conformance.titles import hide_toy


class MutatingApply(HighCard):
    """Writes the new hand back into the state it was given (a shallow-copy slip)."""

    def apply(self, state, seat, choice, rng):
        after = super().apply(state, seat, choice, rng)
        state["hands"][seat] = after["hands"][seat]
        return after


class LeakyView(HighCard):
    """Shows every hand to everybody."""

    def view(self, state, seat):
        return {**super().view(state, seat), "hands": state["hands"]}


class SealedLeak(HighCard):
    """Shows the cards played face down before the reveal."""

    def view(self, state, seat):
        return {**super().view(state, seat), "face_down": dict(state["played"])}


class TupleState(HighCard):
    """Keeps the seats as a tuple: JSON gives back a list."""

    def setup(self, seats, options, rng):
        return {**super().setup(seats, options, rng), "seats": tuple(seats)}


class IllegalDefault(HighCard):
    """Times out every decision with "pass", even when "pass" is not offered."""

    def default_choice(self, state, seat):
        return "pass"


class EarlyOutcome(HighCard):
    """Reports an outcome from the first decision on."""

    def outcome(self, state):
        return Outcome(dict(state["scores"]), ())


class Lenient(HighCard):
    """Accepts anything: an unknown choice is silently ignored."""

    def apply(self, state, seat, choice, rng):
        prompt = next((p for p in self.prompts(state) if p.seat == seat), None)
        if prompt is None or prompt.find(choice) is None:
            return dict(state)
        return super().apply(state, seat, choice, rng)


class RestlessView(HighCard):
    """A view that counts how often it was asked: not a function of (state, seat)."""

    calls = itertools.count()

    def view(self, state, seat):
        return {**super().view(state, seat), "asked": next(self.calls)}


class OwnDice(HighCard):
    """Rolls its own dice instead of drawing from `rng`: the platform cannot record them."""

    id = "toy_own_dice"

    def __init__(self):
        self.rolls = itertools.count(1)

    def _score_round(self, state, rng):
        super()._score_round(state, random.Random(next(self.rolls)))


def test_mutation_check_catches_an_apply_that_changes_its_input():
    with pytest.raises(AssertionError, match=r"\[mutation\] apply\("):
        harness.play_rules(MutatingApply(), 3, 0)


def test_differential_check_catches_a_view_that_shows_other_seats_hands():
    with pytest.raises(AssertionError, match=r"\[hidden\] the view of .* changes when only"):
        harness.play_rules(LeakyView(), 3, 0, hide=hide_toy, full=False)
    harness.play_rules(HighCard(), 3, 0, hide=hide_toy, full=False)  # the same game, unbroken, passes


def test_sealed_step_check_catches_a_view_that_shows_cards_played_face_down():
    with pytest.raises(AssertionError, match=r"\[sealed\] before the reveal, the view of"):
        harness.play_rules(SealedLeak(), 3, 0, secret_steps=True, full=False)


def test_json_check_catches_a_state_that_is_not_plain_json():
    with pytest.raises(AssertionError, match=r"\[json\]"):
        harness.play_rules(TupleState(), 2, 0)


def test_default_check_catches_a_default_that_is_not_a_legal_choice():
    with pytest.raises(AssertionError, match=r"\[default\] default_choice for .* is 'pass'"):
        harness.play_rules(IllegalDefault(), 2, 0)


def test_outcome_check_catches_an_outcome_while_decisions_are_owed():
    with pytest.raises(AssertionError, match=r"\[outcome\] the game has an outcome but still prompts"):
        harness.play_rules(EarlyOutcome(), 2, 0)


def test_refusal_check_catches_rules_that_accept_an_invented_choice():
    with pytest.raises(AssertionError, match=r"\[refusal\]"):
        harness.play_rules(Lenient(), 2, 0)


def test_view_determinism_check_catches_a_view_that_is_not_a_function_of_state_and_seat():
    with pytest.raises(AssertionError, match=r"\[views\] view\(state, .*\) is not a function of the state and the seat"):
        harness.play_rules(RestlessView(), 2, 0)


def test_bound_check_reports_the_seed_of_a_game_that_does_not_finish():
    with pytest.raises(AssertionError, match=r"\[finish\] the game did not finish within 4 decisions") as caught:
        harness.play_rules(get_rules("toy"), 3, 7, max_decisions=4)
    assert any("seed 7" in note and "toy-3p-seed7" in note for note in caught.value.__notes__)


def test_control_of_the_differential_check_notices_a_hook_that_hides_nothing():
    game = harness.play_rules(get_rules("toy"), 2, 0, hide=lambda state, owner, rng: harness.roundtrip(state),
                              full=False)
    assert game.hidden_seen_by_owner == 0  # test_no_view_shows_... fails on this
    assert harness.play_rules(get_rules("toy"), 2, 0, hide=hide_toy, full=False).hidden_seen_by_owner > 0


def test_replay_check_catches_rules_that_roll_their_own_dice(monkeypatch):
    titles()  # load the registry before adding to it; monkeypatch removes the broken title afterwards
    monkeypatch.setitem(rules_module._REGISTRY, OwnDice.id, OwnDice())
    run = harness.play_platform(OwnDice.id, 3, 0)
    with pytest.raises(AssertionError, match=r"\[replay\]"):
        harness.check_replay(run)


def test_platform_sealed_check_catches_a_history_that_names_a_sealed_choice(monkeypatch):
    def leaky(self, game, content, before):
        return [f"{content['seat']} sealed {content['choice']}."]

    monkeypatch.setattr(views.HistoryBuilder, "_text_ChoiceSealed", leaky)
    with pytest.raises(AssertionError, match=r"\[sealed\] .*'s history tells whether"):
        harness.play_platform("toy", 3, 0, check_sealed=True)


def test_random_answers_handle_prompts_without_a_form_and_answer_a_form_from_its_description():
    from domain import forms

    choices = (Choice("draw", "Draw a card"), Choice("pass", "Pass"))
    plain = Prompt("red", "r1.draw", "draw_or_pass", "Draw or pass?", choices)
    rng = random.Random(1)
    assert {harness.random_answer(plain, rng) for _ in range(40)} == {"draw", "pass"}
    form = forms.Form((forms.Number("talents", "Talents", 0, 3),
                       forms.SomeOf("cards", "Cards", (forms.Option("a", "A"), forms.Option("b", "B")), 1, 1)))
    with_form = Prompt("red", "r1.bid", "bid", "Bid", (), form=form)
    answers = {harness.random_answer(with_form, rng) for _ in range(80)}
    assert len(answers) == 8  # 4 amounts x 2 cards, every one canonical
    assert all(forms.canonical(form, a) == a for a in answers)
