"""The tick: reminders, late notices, vacations that ran out and missed deadlines, as of a moment.

Run every minute by beat (production) or the embedded ticker thread, and by `tabularium tick --now T`.
It loads only the games that have something due: the store's deadlines read model (`tabularium_wakeups`,
written with every save: `service.store.wake_row`) gives each running game's next wake-up moment, and one
indexed query selects those whose moment has come. A due game's schedule is read from the loaded game
(the aggregate keeps its clock: `domain.clock.schedule_of`); after everything due was handled, and if
nothing was saved meanwhile, the game's row moves on to its next moment. Games saved before the read model
existed get their row the first time a tick sees them (a backfill at every tick, of the rows missing).

Every action is idempotent, so two ticks at once (two beat processes) do each thing once: reminders and
late notices are outbox rows keyed (game, seat, prompt, rung), and a missed deadline is applied in one
save that re-checks the decision is still open (the loser of the race conflicts, re-reads and finds
nothing to do).
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone

from domain.clock import clock_of, iso, parse_at, wake_at
from domain.errors import GameError
from domain.game import ACTIVE, PAUSED, Game
from notifications import outbox
from notifications.ports import GameServicePort
from service.deadlines import apply_timeout, schedule_for

log = logging.getLogger("tabularium.tick")


def tick(svc: GameServicePort, now: datetime | None = None) -> dict:
    now = (now or svc.clock()).astimezone(timezone.utc)
    summary = {"games": 0, "reminders": 0, "late_notices": 0, "timeouts": 0, "vacations_ended": 0, "errors": 0,
               "backfilled": backfill(svc)}
    for gid in svc.store.due_games(now):
        try:
            _tick_game(svc, gid, now, summary)
        except Exception:  # noqa: BLE001 — one damaged game must not stop the others' deadlines
            log.exception("tick: game %s", gid)
            summary["errors"] += 1
    summary["pruned"] = outbox.prune(svc)
    return summary


def backfill(svc: GameServicePort) -> int:
    """Wake-up rows for the running games that have none (saved before the read model existed)."""
    done = 0
    for gid in svc.store.games_without_wakeup():
        try:
            svc.store.write_wakeup(svc.get(gid))
            done += 1
        except Exception:  # noqa: BLE001
            log.exception("tick: wake-up time of game %s", gid)
    return done


def _tick_game(svc: GameServicePort, gid: str, now: datetime, summary: dict) -> None:
    game = svc.get(gid)
    clock = clock_of(game.options)
    if clock["mode"] == "none" or game.status not in (ACTIVE, PAUSED):
        svc.store.move_wakeup(gid, game.version, None)
        return
    summary["games"] += 1
    sched = schedule_for(svc, game)
    saved = False
    for seat, vac in sched.vacations.items():
        if vac.get("until") and parse_at(vac["until"]) <= now and _end_vacation(svc, gid, seat):
            summary["vacations_ended"] += 1
            saved = True
            game = svc.get(gid)
            sched = schedule_for(svc, game)
    if sched.status == ACTIVE:
        rows = []
        for seat, sc in sched.seats.items():
            if sc.deadline is None:
                continue
            if sc.deadline <= now:
                if apply_timeout(svc, gid, seat, sc.prompt_id, iso(sc.deadline), clock["on_timeout"],
                                 clock["replace_after_missed"], sc.missed_in_a_row):
                    summary["timeouts"] += 1
                saved = True  # applied here or by another process: the game's save moved its row
                continue
            passed = sorted((t, r) for r, t in sc.reminders if t <= now)
            if passed:
                t, rung = passed[-1]
                rows.append(outbox.new_row(f"{gid}/{seat}/{sc.prompt_id}/remind/{rung}", gid, seat, "reminder",
                                           sched.version, {"prompt_id": sc.prompt_id, "rung": rung,
                                                           "deadline": iso(sc.deadline)}))
            if sc.late_notice is not None and sc.late_notice <= now:
                rows += [outbox.new_row(f"{gid}/{seat}/{sc.prompt_id}/late/{other}", gid, other, "late",
                                        sched.version, {"late": seat, "prompt_id": sc.prompt_id})
                         for other in game.seat_ids if other != seat]
        for key in outbox.add_rows(svc, rows):
            summary["late_notices" if "/late/" in key else "reminders"] += 1
    if not saved:  # everything due until now is handled: sleep until the next moment
        svc.store.move_wakeup(gid, game.version, wake_at(sched, after=now))


def _end_vacation(svc: GameServicePort, gid: str, seat: str) -> bool:
    def command(game: Game) -> None:
        game.end_vacation(seat, "the vacation time is over", svc.now())  # refused if it already ended

    try:
        svc.run_command(gid, command)
    except GameError:
        return False
    return True
