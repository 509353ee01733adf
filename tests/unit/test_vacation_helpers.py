"""Vacations over one game held in memory (service.deadlines): `vacation_state` reads a seat's vacation
from the schedule, `start_vacation` refuses what makes no sense, `end_vacation` brings a seat back early
and gives back the days it did not use."""
from __future__ import annotations

import math
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from domain.errors import BadRequest, GameNotActive
from domain.game import Game
from domain.clock import iso, schedule
from service.deadlines import end_vacation, start_vacation, vacation_state

START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
SEATS = [{"seat": "red", "name": "Ann"}, {"seat": "blue", "name": "Bob"}]


class InMemory:
    """Just enough of GameService for the vacation commands, over one game held in memory, at a time
    the test moves."""

    def __init__(self, **clock):
        options = {"clock": {"mode": "deadline", "per_decision_hours": 48, "reminders": [], **clock}}
        self.at = START
        self.game = Game.create(uuid.uuid4(), "toy", SEATS, options, "ab" * 32,
                                {s["seat"]: f"hash-{s['seat']}" for s in SEATS}, iso(START))
        self.log = list(self.game.collect_events())

    def now(self) -> str:
        return iso(self.at)

    def get(self, game_id):
        return self.game

    def events(self, game_id):
        return list(self.log)

    def run_command(self, game_id, command):
        result = command(self.game)
        self.log += self.game.collect_events()
        return result

    def state(self, seat: str = "red"):
        return vacation_state(schedule(self.log), seat)

    def deadline(self, seat: str = "red"):
        return schedule(self.log).seats[seat].deadline


def test_a_seat_starts_with_the_whole_allowance_and_no_vacation():
    state = InMemory(vacation_days=5).state()
    assert (state.on, state.until, state.days_left) == (False, None, 5)
    assert state.to_json() == {"on": False, "until": None, "days_left": 5}


def test_a_running_vacation_says_until_when_and_spends_its_days():
    table = InMemory(vacation_days=5)
    start_vacation(table, None, "red", 2)
    state = table.state()
    assert state.on and state.until == START + timedelta(days=2) and state.days_left == 3
    assert state.to_json()["until"] == iso(START + timedelta(days=2))
    assert table.state("blue").on is False and table.state("blue").days_left == 5


def test_coming_back_early_restarts_the_clock_and_gives_back_the_unused_days():
    table = InMemory(vacation_days=5)
    start_vacation(table, None, "red", 2)
    assert table.deadline() == START + timedelta(days=2, hours=48)
    table.at = START + timedelta(hours=12)
    end_vacation(table, None, "red")
    state = table.state()
    assert (state.on, state.until, state.days_left) == (False, None, 4.5)
    assert table.deadline() == START + timedelta(hours=12 + 48)
    assert type(table.log[-1]).__name__ == "VacationEnded" and table.log[-1].content["seat"] == "red"


def test_ending_a_vacation_that_is_not_running_is_refused_and_records_nothing():
    table = InMemory()
    with pytest.raises(BadRequest, match="not on vacation"):
        end_vacation(table, None, "red")
    with pytest.raises(BadRequest, match="no seat"):
        end_vacation(table, None, "purple")
    assert len(table.log) == 1


@pytest.mark.parametrize("days", [0, -1, 5.5, math.nan, math.inf, True, "2", None])
def test_start_refuses_what_is_not_a_number_of_days_within_the_allowance(days):
    table = InMemory(vacation_days=5)
    with pytest.raises(BadRequest, match="at most 5 more"):
        start_vacation(table, None, "red", days)
    assert len(table.log) == 1 and table.state().on is False


def test_a_game_without_deadlines_has_no_vacations():
    table = InMemory(mode="none")
    assert table.state().days_left == 0 and table.state().on is False
    with pytest.raises(BadRequest, match="no deadlines"):
        start_vacation(table, None, "red", 1)
    assert len(table.log) == 1


def test_a_game_that_is_over_refuses_both():
    table = InMemory()
    start_vacation(table, None, "red", 1)
    table.run_command(None, lambda g: g.abandon("operator", "the table broke up", table.now()))
    assert table.game.status == "abandoned"
    before = len(table.log)
    with pytest.raises(GameNotActive):
        start_vacation(table, None, "blue", 1)
    with pytest.raises(GameNotActive):
        end_vacation(table, None, "red")
    assert len(table.log) == before
