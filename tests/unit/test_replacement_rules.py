"""Which seats are open for a replacement player, and who may fill them (service.replacement), on games
held in memory: deadlines are missed through service.deadlines.apply_timeout, exactly as the tick does."""
from __future__ import annotations

import uuid

import pytest

from domain.errors import GameNotActive
from domain.game import Game
from domain.clock import clock_of, iso, schedule
from service.deadlines import apply_timeout
from service.games import GameNotFound
from service.replacement import (OPERATOR, Absence, ReplacementRefused, SeatNotFound, check_replacement,
                                 fold_absences, open_seats, reason_for)

AT = "2026-01-05T09:00:00+00:00"
SEATS = [{"seat": "red", "name": "Ann"}, {"seat": "blue", "name": "Bob"}, {"seat": "green", "name": "Cid"}]


class InMemory:
    """Just enough of GameService for apply_timeout, over one game held in memory."""

    def __init__(self, players: int = 3, **clock):
        options = {"clock": {"mode": "deadline", "reminders": [], **clock}}
        self.game = Game.create(uuid.uuid4(), "toy", SEATS[:players], options, "ab" * 32,
                                {s["seat"]: f"hash-{s['seat']}" for s in SEATS[:players]}, AT)
        self.log = list(self.game.collect_events())

    def now(self) -> str:
        return AT

    def run_command(self, game_id, command):
        result = command(self.game)
        self.log += self.game.collect_events()
        return result

    # ---- what the players and the tick do

    def miss(self, seat: str) -> None:
        """The deadline of `seat` passes: the tick's apply_timeout, with the schedule's count."""
        clock = clock_of(self.game.options)
        owed = schedule(self.log).seats[seat]
        assert apply_timeout(self, self.game.id, seat, owed.prompt_id, iso(owed.deadline), clock["on_timeout"],
                             clock["replace_after_missed"], owed.missed_in_a_row)

    def play(self, seat: str) -> None:
        prompt = self.game.prompt_for(seat)
        self.run_command(None, lambda g: g.choose(seat, prompt.id, prompt.choices[0].id, None, AT, "seat"))

    def until_owed_by(self, seat: str) -> None:
        """The other seats play until `seat` owes a decision again."""
        for _ in range(50):
            if seat in self.game.waiting_for():
                return
            self.play(next(s for s in self.game.waiting_for() if s != seat))
        raise AssertionError(f"{seat} never owed a decision")

    def open_now(self) -> list[str]:
        return [o.seat for o in open_seats(self.game, fold_absences({}, self.log))]


def test_a_new_game_has_no_open_seat():
    assert InMemory(replace_after_missed=1).open_now() == []


def test_a_seat_opens_only_once_it_missed_the_clocks_number_of_deadlines_in_a_row():
    table = InMemory(replace_after_missed=2)
    table.miss("red")
    assert table.open_now() == []
    assert fold_absences({}, table.log)["red"] == Absence(1, False)
    table.until_owed_by("red")
    table.miss("red")
    assert table.open_now() == ["red"]
    assert schedule(table.log).open_seats == ["red"]  # the deadline module agrees
    [seat] = open_seats(table.game, fold_absences({}, table.log))
    assert (seat.name, seat.bot, seat.missed, seat.why) == ("Ann", False, 2, "missed 2 deadlines in a row")


def test_the_players_own_decision_closes_the_seat_and_a_timeout_does_not():
    table = InMemory(replace_after_missed=1)
    table.play("blue")
    table.play("green")
    table.miss("red")  # the timeout plays red's card for it: still open
    assert table.open_now() == ["red"]
    table.until_owed_by("red")
    table.play("red")
    assert table.open_now() == []


def test_a_new_player_closes_the_seat():
    table = InMemory(replace_after_missed=1)
    table.miss("red")
    table.run_command(None, lambda g: g.replace_seat("red", "Zoe", AT, token_hash="h"))
    assert table.open_now() == []


def test_a_seat_handed_to_the_bot_is_open_unless_the_clock_never_opens_seats():
    table = InMemory(replace_after_missed=3, on_timeout="bot")
    table.miss("red")
    [seat] = open_seats(table.game, fold_absences({}, table.log))
    assert (seat.seat, seat.bot, seat.why) == ("red", True, "handed to the bot after a missed deadline")
    never = InMemory(replace_after_missed=0, on_timeout="bot")
    never.miss("red")
    assert never.game.bot_seats == ["red"] and never.open_now() == []


def test_the_fold_can_be_taken_in_steps():
    table = InMemory(replace_after_missed=1)
    table.miss("red")
    table.until_owed_by("red")
    table.miss("red")
    middle = len(table.log) // 2
    assert fold_absences(fold_absences({}, table.log[:middle]), table.log[middle:]) == fold_absences({}, table.log)


@pytest.mark.parametrize("end", ["abandon", "finish"])
def test_a_game_that_is_over_has_no_open_seat_and_refuses_everyone(end):
    table = InMemory(replace_after_missed=1)
    table.miss("red")
    if end == "abandon":
        table.run_command(None, lambda g: g.abandon("operator", "the table broke up", AT))
    else:
        for _ in range(500):
            if table.game.status != "active":
                break
            table.play(table.game.waiting_for()[0])
    assert table.game.status in ("abandoned", "finished")
    assert table.open_now() == []
    for inviter in (OPERATOR, "blue"):
        with pytest.raises(GameNotActive):
            check_replacement(table.game, ["red"], "red", inviter)


def test_who_may_invite_whom():
    table = InMemory(replace_after_missed=1)
    table.play("blue")
    table.miss("red")
    game, open_now = table.game, table.open_now()
    assert open_now == ["red"]
    check_replacement(game, open_now, "red", "blue")          # another seat, for an open seat
    check_replacement(game, open_now, "green", OPERATOR)      # the operator, for any seat
    check_replacement(game, open_now, "red", OPERATOR)
    with pytest.raises(ReplacementRefused, match="not open"):
        check_replacement(game, open_now, "green", "blue")
    with pytest.raises(ReplacementRefused, match="your own seat"):
        check_replacement(game, open_now, "red", "red")
    with pytest.raises(ReplacementRefused, match="players of this game"):
        check_replacement(game, open_now, "red", "purple")
    with pytest.raises(SeatNotFound) as refused:
        check_replacement(game, open_now, "purple", OPERATOR)
    assert isinstance(refused.value, GameNotFound) and "purple" in refused.value.reason


def test_the_reason_recorded_names_the_inviter():
    assert reason_for("blue") == "invited by blue"
    assert reason_for(OPERATOR) == "operator"


SALT = "5a" * 16  # a standing order's salt comes from its caller (fresh randomness in the service)


def _red_vanishes_after_leaving_an_order(seed: str) -> InMemory | None:
    """Red plays its best cards until it wins a round and answers "pass" with a standing order; then red
    vanishes (its deadlines pass, timeouts play its lowest cards) until its order plays for it, if ever."""
    table = InMemory(replace_after_missed=1)
    table.game = Game.create(uuid.uuid4(), "toy", SEATS, {"clock": {"mode": "deadline", "reminders": [],
                             "replace_after_missed": 1}, "rounds": 7, "hand_size": 7}, seed,
                             {s["seat"]: f"hash-{s['seat']}" for s in SEATS}, AT)
    table.log = list(table.game.collect_events())
    while table.game.status == "active" and not table.game.standing.get("red"):
        prompt = table.game.prompt_for("red")
        if prompt is None:
            table.play(table.game.waiting_for()[0])
            continue
        choice, always = ("pass", True) if prompt.kind == "draw_or_pass" else (prompt.choices[-1].id, False)
        table.run_command(None, lambda g, p=prompt, c=choice, a=always: g.choose("red", p.id, c, None, AT, "seat",
                                                                                standing=a, private_salt=SALT))
    while table.game.status == "active" and not any(e.content.get("by") == "standing" for e in table.log):
        if "red" in table.game.waiting_for():
            table.miss("red")
        else:
            table.play(table.game.waiting_for()[0])
    return table if any(e.content.get("by") == "standing" for e in table.log) else None


def test_a_standing_order_playing_for_a_vanished_seat_does_not_bring_it_back():
    """An order is the server playing for the seat, like a timeout: the seat stays open for a replacement
    and its missed deadlines keep counting."""
    tables = (_red_vanishes_after_leaving_an_order(f"{n:02x}" * 32) for n in range(60))
    table = next(t for t in tables if t and t.game.status == "active")
    fired = next(e for e in table.log if e.content.get("by") == "standing")
    assert fired.content["seat"] == "red"
    missed = fold_absences({}, table.log)["red"]
    assert missed.flagged and table.open_now() == ["red"]
    table.until_owed_by("red")
    assert schedule(table.log).seats["red"].missed_in_a_row == missed.missed  # not reset by the order
