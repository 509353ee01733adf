"""The tick: reminders, late notices, vacations that ran out and missed deadlines, as of a moment.

Run every minute by beat (production) or the embedded ticker thread, and by `tabularium tick --now T`.
Everything is decided from `service.deadlines.schedule(events)`; every action is idempotent, so two
ticks at once (two beat processes) do each thing once: reminders and late notices are outbox rows
keyed (game, seat, prompt, rung), and a missed deadline is applied in one save that re-checks the
decision is still open (the loser of the race conflicts, re-reads and finds nothing to do).
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any

from domain.errors import GameError
from domain.game import ACTIVE, PAUSED, Game
from notifications import outbox
from service.deadlines import apply_timeout, clock_of, iso, parse_at, schedule

log = logging.getLogger("tabularium.tick")


def tick(svc: Any, now: datetime | None = None) -> dict:
    now = (now or svc.clock()).astimezone(timezone.utc)
    summary = {"games": 0, "reminders": 0, "late_notices": 0, "timeouts": 0, "vacations_ended": 0, "errors": 0}
    for row in svc.store.list_games():
        if row["status"] not in (ACTIVE, PAUSED):
            continue
        try:
            _tick_game(svc, row["id"], now, summary)
        except Exception:  # noqa: BLE001 — one damaged game must not stop the others' deadlines
            log.exception("tick: game %s", row["id"])
            summary["errors"] += 1
    summary["pruned"] = outbox.prune(svc)
    return summary


def _tick_game(svc: Any, gid: str, now: datetime, summary: dict) -> None:
    game = svc.get(gid)
    clock = clock_of(game.options)
    if clock["mode"] == "none":
        return
    summary["games"] += 1
    sched = schedule(svc.events(gid))
    for seat, vac in sched.vacations.items():
        if vac.get("until") and parse_at(vac["until"]) <= now and _end_vacation(svc, gid, seat):
            summary["vacations_ended"] += 1
            sched = schedule(svc.events(gid))
    if sched.status != ACTIVE:
        return
    rows = []
    for seat, sc in sched.seats.items():
        if sc.deadline is None:
            continue
        if sc.deadline <= now:
            if apply_timeout(svc, gid, seat, sc.prompt_id, iso(sc.deadline), clock["on_timeout"],
                             clock["replace_after_missed"], sc.missed_in_a_row):
                summary["timeouts"] += 1
            continue
        passed = sorted((t, r) for r, t in sc.reminders if t <= now)
        if passed:
            t, rung = passed[-1]
            rows.append(outbox.new_row(f"{gid}/{seat}/{sc.prompt_id}/remind/{rung}", gid, seat, "reminder",
                                       sched.version, {"prompt_id": sc.prompt_id, "rung": rung,
                                                       "deadline": iso(sc.deadline)}))
        if sc.late_notice is not None and sc.late_notice <= now:
            rows += [outbox.new_row(f"{gid}/{seat}/{sc.prompt_id}/late/{other}", gid, other, "late", sched.version,
                                    {"late": seat, "prompt_id": sc.prompt_id}) for other in game.seat_ids
                     if other != seat]
    for key in outbox.add_rows(svc, rows):
        summary["late_notices" if "/late/" in key else "reminders"] += 1


def _end_vacation(svc: Any, gid: str, seat: str) -> bool:
    def command(game: Game) -> None:
        if seat not in game.vacations:
            raise GameError("already ended")
        game.record(Game.VacationEnded, svc.now(), seat=seat, reason="the vacation time is over")

    try:
        svc._command(gid, command)
    except GameError:
        return False
    return True
