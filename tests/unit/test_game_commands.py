"""The Game aggregate's typed bookkeeping commands: each checks its arguments (a domain error with a
sentence, nothing recorded) and builds its own event content, with the keys recorded since these events
exist (so a game recorded before the typed commands replays, and a new one records the same bytes)."""
import math
import uuid

import pytest

from domain.decided_by import DecidedBy
from domain.errors import BadRequest, GameError, GameNotActive, StalePrompt
from domain.game import ABANDONED, ACTIVE, PAUSED, Game

AT = "2026-01-05T09:00:00+00:00"
LATER = "2026-01-06T09:00:00+00:00"
CHOICES = ("ChoiceMade", "ChoiceSealed")
SEATS = [{"seat": s, "name": n, "email": ""} for s, n in (("red", "Ann"), ("blue", "Bob"), ("green", "Cy"))]


def new_game(**clock) -> Game:
    options = {"clock": {"mode": "deadline", **clock}}
    game = Game.create(uuid.UUID(int=7), "toy", SEATS, options, "ab" * 32, {s["seat"]: "h" for s in SEATS}, AT)
    game.collect_events()
    return game


def recorded(game: Game) -> list[tuple[str, dict]]:
    """The new events' types and contents without the `at` and `salt` every event carries."""
    return [(type(e).__name__, {k: v for k, v in e.content.items() if k not in ("at", "salt")})
            for e in game.collect_events()]


def refused(game: Game, error: type, command, *args, **kwargs) -> str:
    version = game.version
    with pytest.raises(error) as info:
        command(*args, **kwargs)
    assert game.version == version and not game.collect_events()  # nothing recorded
    assert info.value.reason.endswith(".") and info.value.reason[0].isupper()  # a sentence
    return info.value.reason


# ------------------------------------------------------------------------------------------ pause / resume

def test_pause_and_resume_record_their_reason_only():
    game = new_game()
    game.pause("holidays", LATER)
    assert game.status == PAUSED
    game.resume("back", LATER)
    assert game.status == ACTIVE
    assert recorded(game) == [("GamePaused", {"reason": "holidays"}), ("GameResumed", {"reason": "back"})]


def test_pause_and_resume_are_refused_in_the_wrong_state_or_without_a_reason():
    game = new_game()
    refused(game, GameNotActive, game.resume, "back", LATER)
    for reason in ("", "   ", None, 7, "x" * 201):
        refused(game, BadRequest, game.pause, reason, LATER)
    game.pause("holidays", LATER)
    game.collect_events()
    assert "already paused" in refused(game, GameNotActive, game.pause, "again", LATER)
    refused(game, BadRequest, game.resume, "", LATER)
    game.abandon("operator", "test", LATER)
    game.collect_events()
    assert game.status == ABANDONED
    assert "over" in refused(game, GameNotActive, game.resume, "back", LATER)


# ------------------------------------------------------------------------------------------ vacations

def test_a_vacation_starts_and_ends_with_the_recorded_keys():
    game = new_game()
    game.start_vacation("blue", LATER, 1, AT)
    assert "blue" in game.vacations
    game.end_vacation("blue", "back early", LATER)
    assert "blue" not in game.vacations
    assert recorded(game) == [("VacationStarted", {"seat": "blue", "until": LATER, "days": 1}),
                              ("VacationEnded", {"seat": "blue", "reason": "back early"})]
    game.start_vacation("red", None, 0.5, AT)  # open-ended
    assert recorded(game) == [("VacationStarted", {"seat": "red", "until": None, "days": 0.5})]


@pytest.mark.parametrize("days", [0, -1, math.nan, math.inf, True, "2", None])
def test_a_vacation_of_no_or_no_real_days_is_refused(days):
    game = new_game()
    refused(game, BadRequest, game.start_vacation, "blue", LATER, days, AT)


def test_vacations_are_refused_for_an_unknown_seat_a_bad_end_a_second_start_or_no_clock():
    game = new_game()
    refused(game, BadRequest, game.start_vacation, "purple", LATER, 1, AT)
    refused(game, BadRequest, game.start_vacation, "blue", "next tuesday", 1, AT)
    refused(game, BadRequest, game.end_vacation, "blue", "back", AT)  # not on vacation
    game.start_vacation("blue", LATER, 1, AT)
    game.collect_events()
    assert "already on vacation" in refused(game, BadRequest, game.start_vacation, "blue", LATER, 1, AT)
    refused(game, BadRequest, game.end_vacation, "blue", "", AT)
    free = Game.create(uuid.UUID(int=8), "toy", SEATS, {}, "ab" * 32, {}, AT)  # no deadlines
    free.collect_events()
    assert "no deadlines" in refused(free, BadRequest, free.start_vacation, "blue", LATER, 1, AT)


# ------------------------------------------------------------------------------------------ replacements

def test_a_replacement_records_name_link_and_reason_and_a_bot_handoff_its_flag():
    game = new_game()
    game.replace_seat("green", "Eve", AT, token_hash="new-hash", reason="replacement")
    assert game.seat_info("green")["name"] == "Eve" and game.token_hashes["green"] == "new-hash"
    game.replace_seat("blue", "Bob (bot)", AT, bot=True)
    assert game.bot_seats == ["blue"]
    events = recorded(game)
    assert events[0] == ("SeatReplaced", {"seat": "green", "name": "Eve", "token_hash": "new-hash",
                                          "reason": "replacement"})
    assert events[1] == ("SeatReplaced", {"seat": "blue", "name": "Bob (bot)", "bot": True, "token_hash": None})
    assert list(events[1][1]) == ["seat", "name", "bot", "token_hash"]  # the recorded key order


def test_a_replacement_is_refused_for_a_bad_seat_name_link_or_a_finished_game():
    game = new_game()
    refused(game, BadRequest, game.replace_seat, "purple", "Eve", AT)
    for name in ("", "  ", None, "x" * 81):
        refused(game, BadRequest, game.replace_seat, "green", name, AT)
    refused(game, BadRequest, game.replace_seat, "green", "Eve", AT, token_hash="")
    refused(game, BadRequest, game.replace_seat, "green", "Eve", AT, token_hash="h", bot=True)
    game.abandon("operator", "test", AT)
    game.collect_events()
    refused(game, GameNotActive, game.replace_seat, "green", "Eve", AT)


# ------------------------------------------------------------------------------------------ missed deadlines

def _owed(game: Game):
    return game.open_prompts()[0]


def test_a_missed_deadline_under_the_default_policy_plays_the_default_choice_by_timeout():
    game = new_game()
    prompt = _owed(game)
    game.miss_deadline(prompt.seat, prompt.id, AT, "default", LATER, missed_in_a_row=2)
    events = recorded(game)
    assert events[0] == ("DeadlineMissed", {"seat": prompt.seat, "prompt_id": prompt.id, "deadline": AT,
                                            "policy": "default", "missed_in_a_row": 2})
    assert events[1][0] in CHOICES and events[1][1]["by"] == "timeout"


def test_a_missed_deadline_under_the_pause_policy_pauses_for_the_seat_and_may_open_it():
    game = new_game()
    prompt = _owed(game)
    game.miss_deadline(prompt.seat, prompt.id, AT, "pause", LATER, missed_in_a_row=3, seat_open=True)
    assert game.status == PAUSED
    assert recorded(game) == [
        ("DeadlineMissed", {"seat": prompt.seat, "prompt_id": prompt.id, "deadline": AT, "policy": "pause",
                            "missed_in_a_row": 3, "seat_open": True}),
        ("GamePaused", {"reason": f"{prompt.seat.capitalize()} missed the deadline", "seat": prompt.seat})]


def test_a_missed_deadline_under_the_bot_policy_hands_the_seat_to_the_bot():
    game = new_game()
    prompt = _owed(game)
    name = game.seat_info(prompt.seat)["name"]
    game.miss_deadline(prompt.seat, prompt.id, AT, "bot", LATER)
    events = recorded(game)
    assert events[1] == ("SeatReplaced", {"seat": prompt.seat, "name": f"{name} (bot)", "bot": True,
                                          "token_hash": None})
    assert any(kind in CHOICES and c["by"] == "bot" for kind, c in events[2:])


def test_a_missed_deadline_is_refused_when_stale_or_with_bad_arguments():
    game = new_game()
    prompt = _owed(game)
    refused(game, StalePrompt, game.miss_deadline, prompt.seat, "1.not-this-one", AT, "default", LATER)
    refused(game, BadRequest, game.miss_deadline, "purple", prompt.id, AT, "default", LATER)
    refused(game, BadRequest, game.miss_deadline, prompt.seat, prompt.id, AT, "default_choice", LATER)
    refused(game, BadRequest, game.miss_deadline, prompt.seat, prompt.id, "soon", "default", LATER)
    for count in (0, -1, 1.5, True, "2"):
        refused(game, BadRequest, game.miss_deadline, prompt.seat, prompt.id, AT, "default", LATER,
                missed_in_a_row=count)
    game.pause("holidays", AT)
    game.collect_events()
    refused(game, StalePrompt, game.miss_deadline, prompt.seat, prompt.id, AT, "default", LATER)  # paused


# ------------------------------------------------------------------------------------------ preferences

def test_a_preference_change_records_seat_preference_and_who_asked():
    game = new_game()
    game.change_preference("red", "digest", "unsubscribe-link", AT)
    assert game.preferences == {"red": "digest"}
    assert recorded(game) == [("PreferencesChanged", {"seat": "red", "preference": "digest",
                                                      "by": "unsubscribe-link"})]


def test_a_preference_change_is_refused_for_an_unknown_seat_value_or_asker():
    game = new_game()
    refused(game, BadRequest, game.change_preference, "purple", "digest", "seat", AT)
    refused(game, BadRequest, game.change_preference, "red", "weekly", "seat", AT)
    refused(game, BadRequest, game.change_preference, "red", "digest", "bot", AT)


# ------------------------------------------------------------------------------------------ choose's `by`

def test_choose_takes_a_decided_by_and_records_its_string_and_refuses_an_unknown_one():
    game = new_game()
    prompt = _owed(game)
    refused(game, BadRequest, game.choose, prompt.seat, prompt.id, prompt.choices[0].id, None, AT, "someone")
    game.choose(prompt.seat, prompt.id, prompt.choices[0].id, None, AT, DecidedBy.OPERATOR)
    made = [c for kind, c in recorded(game) if kind in CHOICES]
    assert made[0]["by"] == "operator" and type(made[0]["by"]) is str


def test_the_generic_record_path_is_gone():
    assert not hasattr(Game, "record")


def test_every_refusal_is_a_game_error():
    assert issubclass(BadRequest, GameError) and issubclass(StalePrompt, GameError)
