"""The clock the Game aggregate keeps event by event (domain.clock.step, read by schedule_of) equals the
from-scratch fold (domain.clock.schedule over the whole log) after every event of random clocked games:
decisions (the player's, timeouts, the bot's), undo, messages, pauses and resumes, vacations started,
ended early or left to run out, missed deadlines under each policy, replacements; deadline, Fischer and
no-deadline clocks, weekends in a zone with daylight-saving changes. Every few steps the game continues
from a JSON snapshot of itself, as the store restores it."""
from __future__ import annotations

import random
import uuid
from datetime import datetime, timedelta, timezone

import pytest
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, UUIDAsHex

from domain.bots import random_choice
from domain.clock import iso, schedule, schedule_of, wake_at
from domain.errors import GameError
from domain.game import ACTIVE, PAUSED, Game
from domain.rules import IllegalAction

START = datetime(2026, 3, 26, 9, 0, tzinfo=timezone.utc)  # Europe moves to summer time that Sunday

CLOCKS = [
    {"mode": "deadline", "per_decision_hours": 30, "reminders": [0.5, "4h"]},
    {"mode": "deadline", "per_decision_hours": 20, "weekend_pause": True, "timezone": "Europe/Rome",
     "reminders": ["2h"], "late_notice": 0.25, "replace_after_missed": 2},
    {"mode": "fischer", "initial_hours": 24, "increment_hours": 12, "cap_hours": 40, "on_timeout": "pause",
     "replace_after_missed": 1},
    {"mode": "fischer", "initial_hours": 10, "increment_hours": 0, "cap_hours": 10, "on_timeout": "bot",
     "weekend_pause": True, "timezone": "America/New_York", "vacation_days": 3},
    {"mode": "none"},
]


def _transcoder() -> JSONTranscoder:
    transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DatetimeAsISO(), DecimalAsStr()):
        transcoder.register(transcoding)
    return transcoder


TRANSCODER = _transcoder()


def restored(game: Game) -> Game:
    """The game as the store would rebuild it from a snapshot taken now (through JSON)."""
    taken = Snapshot.take(game)
    state = TRANSCODER.decode(TRANSCODER.encode(taken.state))
    return Snapshot(originator_id=taken.originator_id, originator_version=taken.originator_version,
                    timestamp=taken.timestamp, topic=taken.topic, state=state).mutate(None)


class Table:
    def __init__(self, rules_id: str, seats: list[str], clock: dict, seed: int):
        self.rng = random.Random(seed)
        self.at = START
        players = [{"seat": s, "name": s.capitalize()} for s in seats]
        self.game = Game.create(uuid.UUID(int=seed), rules_id, players, {"clock": clock},
                                f"{seed:064x}", {s: f"hash-{s}" for s in seats}, self.now())
        self.log = list(self.game.collect_events())
        self.restores = 0

    def now(self) -> str:
        return iso(self.at)

    def act(self) -> None:
        game, rng = self.game, self.rng
        self.at += timedelta(minutes=rng.choice([1, 30, 5 * 60, 20 * 60, 50 * 60]))
        at, roll = self.now(), rng.random()
        prompts = game.open_prompts()
        try:
            if roll < 0.3 and prompts:
                prompt = rng.choice(prompts)
                game.choose(prompt.seat, prompt.id, random_choice(prompt, rng, game.rules, game.state), None, at)
            elif roll < 0.4 and prompts:
                seat = rng.choice(prompts).seat
                if game.undo_problem(seat) is None:
                    game.undo(seat, at)
            elif roll < 0.55:
                game.post_message(rng.choice([None, *game.seat_ids]), "all", "hello", at)
            elif roll < 0.68 and game.status == ACTIVE:
                game.pause("holidays", at)
            elif roll < 0.76 and game.status == PAUSED:
                game.resume("back", at)
            elif roll < 0.82:
                seat = rng.choice(game.seat_ids)
                if seat in game.vacations:
                    game.end_vacation(seat, "back early", at)
                elif game.status in (ACTIVE, PAUSED):
                    days = rng.choice([0.5, 1, 2])
                    until = iso(self.at + timedelta(days=days)) if rng.random() < 0.8 else None
                    game.start_vacation(seat, until, days, at)
            elif roll < 0.94 and prompts:
                self.miss(rng.choice(prompts), at)
            elif roll < 0.97:
                seat = rng.choice(game.seat_ids)
                game.replace_seat(seat, "Newcomer", at, bot=rng.random() < 0.3)
        finally:
            self.log += game.collect_events()  # whatever was applied before a refusal is in the game too

    def miss(self, prompt, at: str) -> None:
        """What service.deadlines.apply_timeout records, under a random policy."""
        game = self.game
        policy = self.rng.choice(["default", "pause", "bot"])
        game.miss_deadline(prompt.seat, prompt.id, at, policy, at)

    def check(self) -> None:
        incremental, full = schedule_of(self.game), schedule(self.log)
        assert incremental == full, f"after event {len(self.log)} ({type(self.log[-1]).__name__})"
        assert incremental.to_json() == full.to_json()
        assert wake_at(incremental) == wake_at(full)


@pytest.mark.parametrize("clock", range(len(CLOCKS)))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_incremental_clock_equals_the_full_fold_after_every_event_of_a_toy_game(clock, seed):
    table = Table("toy", ["red", "blue", "green"], CLOCKS[clock], seed * 10 + clock)
    table.check()
    steps = 0
    while steps < 150 and table.game.status in (ACTIVE, PAUSED):
        try:
            table.act()
        except (GameError, IllegalAction):
            continue
        steps += 1
        table.check()
        if steps % 7 == 0:
            table.game = restored(table.game)
            table.restores += 1
            table.check()
    assert len(table.log) > 30 and table.restores >= 2


@pytest.mark.parametrize("clock", [0, 1, 2, 3])
def test_the_incremental_clock_equals_the_full_fold_in_sylla(clock):
    table = Table("sylla", ["red", "blue", "green", "yellow"], CLOCKS[clock], 100 + clock)
    steps = 0
    while steps < 60 and table.game.status in (ACTIVE, PAUSED):
        try:
            table.act()
        except (GameError, IllegalAction):
            continue
        steps += 1
        if steps % 3 == 0:
            table.check()
        if steps % 10 == 0:
            table.game = restored(table.game)
    table.check()


def test_the_check_bites_a_state_that_drifted():
    """The comparison above can fail: a bank changed behind the fold's back shows."""
    table = Table("toy", ["red", "blue"], CLOCKS[2], 7)
    table.game.clock_state = {**table.game.clock_state, "banks": {"red": 1.0, "blue": 1.0}}
    with pytest.raises(AssertionError):
        table.check()


def test_the_schedule_reads_no_log_and_a_message_costs_no_rules_call(monkeypatch):
    """O(1) per inert event: a chat message does not ask the rules what is owed."""
    import domain.clock as clock_module

    table = Table("toy", ["red", "blue"], CLOCKS[0], 11)
    calls = []
    real = clock_module._owed
    monkeypatch.setattr(clock_module, "_owed", lambda game: calls.append(1) or real(game))
    before = table.game.clock_state
    table.game.post_message("red", "all", "hi", table.now())
    assert calls == [] and table.game.clock_state is before
    prompt = table.game.open_prompts()[0]
    table.game.choose(prompt.seat, prompt.id, prompt.choices[0].id, None, table.now())
    assert calls  # a decision does
