"""Deadlines at the application level: reading a game's schedule, timeouts, vacations, replacements.

The clock itself (settings, the schedule, time arithmetic) is domain code: `domain.clock`. The Game
aggregate keeps its schedule up to date as each event is applied, so reading it costs nothing per past
event; `schedule_for` falls back to folding the log only for a game that does not know its clock state.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Callable, Iterable

from domain.clock import Schedule, clock_of, iso, parse_at, schedule, schedule_of
from domain.errors import BadRequest, GameError, GameNotActive, StalePrompt
from domain.game import ACTIVE, BACK_EARLY, PAUSED, Game, new_player_reason
from domain.i18n import _, n_

if TYPE_CHECKING:
    from service.games import GameService


# ------------------------------------------------------------------------------------------ commands

def schedule_for(svc: GameService, game: Game) -> Schedule:
    """The schedule of `game` as loaded: from the clock state its fold keeps (no log read), or, for a
    game restored without it, folded from its events up to its version."""
    found = schedule_of(game)
    if found is None:
        found = schedule(svc.events(game.id)[: game.version])
    return found


def deadlines_for(svc: GameService, game: Game) -> dict[str, str | None]:
    """{seat: ISO deadline} for the seats `game` waits for (GameService.deadlines), read from the game."""
    if clock_of(game.options)["mode"] == "none":
        return {}
    return schedule_for(svc, game).deadlines()


def apply_timeout(svc: GameService, game_id: str, seat: str, prompt_id: str, deadline: str, policy: str,
                  replace_after: int = 0, missed_before: int = 0) -> bool:
    """Record DeadlineMissed and apply the policy in ONE save, re-checked against fresh state.

    Two tick processes racing for the same deadline: the loser's save conflicts, it re-reads, finds the
    decision gone (or the game paused) and does nothing. Returns True if this call applied it.
    """
    def command(game: Game) -> None:
        missed = missed_before + 1
        game.miss_deadline(seat, prompt_id, deadline, policy, svc.now(), missed_in_a_row=missed,
                           seat_open=bool(replace_after and missed >= replace_after))

    try:
        svc.run_command(game_id, command)  # get → command → save, retried on a conflict
    except StalePrompt:
        return False
    return True


def start_vacation(svc: GameService, game_id: str, seat: str, days: float) -> None:
    """A player's vacation: their clock stops for `days` (within the game's allowance)."""
    game = svc.get(game_id)
    if seat not in game.seat_ids:
        raise BadRequest(_("There is no seat %(seat)r in this game.", seat=seat))
    _require_vacations(game)
    sched = schedule_for(svc, game)
    if seat in sched.vacations:
        raise BadRequest(_("That seat is already on vacation."))
    allowance = sched.clock["vacation_days"] - sched.vacation_days_used.get(seat, 0.0)
    # `not 0 < days` also refuses NaN, which would otherwise slip past both comparisons
    if isinstance(days, bool) or not isinstance(days, (int, float)) or not 0 < days <= allowance + 1e-9:
        raise BadRequest(n_("You may take at most %(days)s more vacation day in this game.",
                            "You may take at most %(days)s more vacation days in this game.",
                            int(allowance) if float(allowance).is_integer() else 2, days=format(allowance, "g")))
    until = iso(parse_at(svc.now()) + timedelta(days=days))

    def command(current: Game) -> None:
        # judged again on the game being saved: of two starts at the same moment, one is recorded
        current.start_vacation(seat, until, days, svc.now())

    svc.run_command(game_id, command)


def end_vacation(svc: GameService, game_id: str, seat: str) -> None:
    """Come back early: the seat's clock runs again from now, and the unused days stay in the allowance
    (the schedule counts a vacation up to its VacationEnded)."""
    game = svc.get(game_id)
    if seat not in game.seat_ids:
        raise BadRequest(_("There is no seat %(seat)r in this game.", seat=seat))

    def command(current: Game) -> None:
        # judged on the game being saved: a vacation that the tick ended meanwhile is not ended twice
        current.end_vacation(seat, str(BACK_EARLY), svc.now())  # recorded as text

    svc.run_command(game_id, command)


def _paused_by_timeout_of(events: Iterable[Any], seat: str) -> bool:
    """The game's current pause (if any) is the one the deadline policy made for `seat`'s timeout."""
    last_pause: dict | None = None
    for event in events:
        kind = type(event).__name__
        if kind == "GamePaused":
            last_pause = event.content
        elif kind == "GameResumed":
            last_pause = None
    return bool(last_pause) and last_pause.get("seat") == seat and "missed the deadline" in last_pause.get("reason", "")


def _require_vacations(game: Game) -> None:
    if game.status not in (ACTIVE, PAUSED):
        raise GameNotActive(_("This game is already over."))
    if clock_of(game.options)["mode"] == "none":
        raise BadRequest(_("This game has no deadlines, so there is no clock to stop: no vacation is needed."))


@dataclass(frozen=True)
class VacationState:
    """What a seat's settings say about its vacations."""

    on: bool
    until: datetime | None
    days_left: float

    def to_json(self) -> dict:
        return {"on": self.on, "until": iso(self.until), "days_left": self.days_left}


def vacation_state(sched: Schedule, seat: str) -> VacationState:
    """Whether `seat` is on vacation, until when, and the days it may still take. A vacation counts
    whole until it ends (so the days of a running one are spent), and without deadlines there is no
    allowance at all. Pure: `sched` comes from `schedule_for(svc, game)` (or `domain.clock.schedule`)."""
    running = sched.vacations.get(seat)
    until = parse_at(running["until"]) if running and running.get("until") else None
    if sched.clock["mode"] == "none":
        return VacationState(running is not None, until, 0.0)
    left = max(0.0, sched.clock["vacation_days"] - sched.vacation_days_used.get(seat, 0.0))
    return VacationState(running is not None, until, round(left, 3))


def replace_seat(svc: GameService, game_id: str, seat: str, name: str, email: str, reason: str = "replacement",
                 check: Callable[[Game], None] | None = None) -> str:
    """Hand a seat to a new player: a new link (the old player's links, sessions and reply addresses
    die with the old token), the new address, and a SeatReplaced event (the pump invites the newcomer).
    Returns the new seat token.

    `check(game)` may refuse (raise a GameError): it is asked before anything changes, and again on the
    latest game inside the save, so a replacement that became wrong meanwhile is refused, not recorded."""
    from service.games import new_token, token_hash

    game = svc.get(game_id)
    if check is not None:
        check(game)
    name, email = (name or "").strip(), (email or "").strip()
    if not name or len(name) > 60:
        raise BadRequest(_("The new player needs a name (at most 60 characters)."))
    if email and ("@" not in email or any(c in email for c in " \r\n<>,;")):
        raise BadRequest(_("%(email)r is not an e-mail address.", email=email[:60]))
    token = new_token()
    previous = svc.store.contacts(game.id).get(seat)
    svc.store.set_contact(game.id, seat, email, "every")  # first: the save's listeners (the pump) read it

    paused_for_seat = _paused_by_timeout_of(svc.events(game_id), seat)

    def command(current: Game) -> None:
        if check is not None:
            check(current)
        current.replace_seat(seat, name, svc.now(), token_hash=token_hash(token), reason=reason)
        # The pause policy stopped the game for this absent player: the newcomer lets it run again.
        if paused_for_seat and current.status == PAUSED and current.version == game.version + 1:
            current.resume(str(new_player_reason(seat)), svc.now())  # recorded as text

    try:
        svc.run_command(game_id, command)
    except GameError:  # refused after all (a concurrent change): the seat keeps the address it had
        if svc.store.contacts(game.id).get(seat, {}).get("email") == email:
            old = previous or {"email": "", "preference": "every"}
            svc.store.set_contact(game.id, seat, old["email"], old["preference"])
        raise
    svc.store.set_tokens(svc.get(game_id))
    return token


__all__ = ["replace_seat", "schedule_for", "deadlines_for", "apply_timeout", "start_vacation", "end_vacation",
           "vacation_state", "VacationState"]
