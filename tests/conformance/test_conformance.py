"""Rules-protocol conformance, for every registered title at every supported player count (issue #12, 6).

Each case is one seeded random legal game; a failure names the check ("[mutation]", "[hidden]", ...)
and carries a note with the title, player count and seed, and the `-k` that reruns that game alone.
"""
from __future__ import annotations

import pytest

from domain.rules import get_rules
from locales import LANGUAGES
from tests.conformance import harness
from tests.conformance.titles import DECLARATIONS, all_titles, case_id, cases, declaration, player_counts

RULES_CASES = cases()
PLATFORM_CASES = cases("platform_games")
SEALED_CASES = cases("sealed_games")


def test_the_cases_cover_every_registered_title_at_every_player_count():
    """The parametrisation is read from the registry: nothing to list by hand, nothing left out."""
    titles = all_titles()
    assert "toy" in titles and "sylla" in titles
    for title in titles:
        rules = get_rules(title)
        counts = {players for t, players, _ in RULES_CASES if t == title}
        assert counts == set(range(rules.min_players, rules.max_players + 1)) == set(player_counts(title))
        assert {players for t, players, _ in PLATFORM_CASES if t == title} == counts
        assert {players for t, players, _ in SEALED_CASES if t == title} == counts


@pytest.mark.parametrize("title", all_titles())
def test_every_title_declares_its_private_information(title):
    assert title in DECLARATIONS, (
        f"{title!r} does not say which parts of its state are private to a seat: add a Declaration "
        "(hide=<function>, or hide=None if it has no private information) in tests/conformance/titles.py")


@pytest.mark.parametrize("case", RULES_CASES, ids=case_id)
def test_random_legal_games_finish_and_every_step_keeps_the_protocol(case):
    """At every step: the state is plain JSON and the rules behave the same on its JSON copy (prompts,
    views, default, outcome, apply); apply and every read leave their input untouched; every prompt has a
    random legal answer that apply accepts, refuses an invented one and a seat that owes nothing;
    default_choice is one of the legal choices; views are deterministic JSON; describe gives strings;
    the outcome is None while decisions are owed, then scores every seat and names winners among them;
    the game ends within the declared number of decisions."""
    title, players, seed = case
    d = declaration(title)
    game = harness.play_rules(get_rules(title), players, seed, options=d.options, max_decisions=d.max_decisions)
    assert game.outcome is not None and game.decisions > 0
    assert not get_rules(title).prompts(game.state)


# The differential runs in every language (docs/i18n.md): the views are compared as rendered in a language
# that rotates from case to case, so each title meets each language without tripling the cases.
LANGUAGE_OF = {case: LANGUAGES[n % len(LANGUAGES)] for n, case in enumerate(RULES_CASES)}


def test_the_differential_meets_every_language():
    assert set(LANGUAGE_OF.values()) == set(LANGUAGES)


@pytest.mark.parametrize("case", RULES_CASES, ids=case_id)
def test_no_view_shows_another_seats_private_information(case):
    """The differential check at every step: altering the private fields (the title's `hide`) of every
    seat but one changes that seat's view not at all, nor the spectator's when every seat's is altered;
    and during a reveal, a sealed choice already applied could have been any other legal choice without
    any other view changing. The views are compared as a reader of the case's language reads them."""
    title, players, seed = case
    assert title in DECLARATIONS, f"{title!r} has no Declaration in tests/conformance/titles.py"
    d = declaration(title)
    game = harness.play_rules(get_rules(title), players, seed, options=d.options, max_decisions=d.max_decisions,
                              hide=d.hide, secret_steps=True, full=False, language=LANGUAGE_OF[case])
    if d.hide is not None:
        assert game.hidden_seen_by_owner > 0, \
            f"control: {title}'s hide hook never changed even its owner's view, so the check proved nothing"


@pytest.mark.parametrize("case", PLATFORM_CASES, ids=case_id)
def test_replay_of_the_recorded_game_is_deterministic(case):
    """Through the Game aggregate: `verify`'s audit passes (chain, replay, dice against the revealed seed),
    and replaying the recorded choices with the recorded draws, as stored and after a JSON round trip,
    reaches the very states, hash chain head and outcome of the game as played."""
    title, players, seed = case
    d = declaration(title)
    run = harness.play_platform(title, players, seed, options=d.options, max_decisions=d.max_decisions)
    harness.check_replay(run)
    assert len(run.states) > 1


@pytest.mark.parametrize("case", SEALED_CASES, ids=case_id)
def test_sealed_choices_show_in_no_other_seats_view_or_history_before_the_reveal(case):
    """After every command, and just before every reveal, each sealed choice not yet revealed is replaced
    in the log by another legal choice and the log replayed: every other seat's view and the spectator's
    stay identical, and so does the history of another viewer drawn at random each time."""
    title, players, seed = case
    d = declaration(title)
    run = harness.play_platform(title, players, seed, options=d.options, max_decisions=d.max_decisions,
                                check_sealed=True)
    secret = any(p.secret and len(p.choices) > 1 for p in run.offered.values())
    assert run.sealed_checks > 0 or not secret
