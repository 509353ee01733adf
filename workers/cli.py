"""CLI commands of the workers (loaded by `service.cli.load_extensions`):

  tabularium worker [celery worker options]   the production Celery worker
  tabularium beat [celery beat options]       the scheduler: exactly one per installation
  tabularium tick [--now ISO]                 reminders, late notices and deadlines once, as of that time
  tabularium mail-in [--recipient ADDR] < msg  one inbound e-mail (an MTA pipe); exit 0 = handled or
                                              dropped for good (unreadable, too big), 75 = try later
  tabularium mail-poll                        poll the IMAP mailbox (TABULARIUM_IMAP_URL) once
  tabularium mail-status [--json]             outbox counts by status and recent failures
  tabularium mail-retry [KEY | --all-failed]  put failed e-mails back in the queue
  tabularium mail-flush                       pump and send what is due, in this process
  tabularium vacation GAME SEAT DAYS           stop a seat's clock for DAYS (within the game's allowance)
  tabularium replace-seat GAME SEAT NAME:EMAIL  hand a seat to a new player (new link, invitation)
  tabularium resume GAME                      resume a paused game
  tabularium pause GAME [--reason R]          pause a game (every clock stops)
  tabularium abandon GAME --reason R          end a game without a winner (the seed is revealed)
  tabularium games [--status S] [--idle-days N] [--json]   the games, oldest activity first
  tabularium new-link GAME SEAT               a new link for a seat (the old one stops working)
  tabularium mail-preference GAME SEAT every|digest|none
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import argparse
import json
import os
import sys

from domain.i18n import _, n_
from service.cli import command, complain, out, parse_time, say, service, text, usage_error

if TYPE_CHECKING:
    from service.games import GameService

EX_TEMPFAIL = 75


def _celery_args(p: argparse.ArgumentParser, worker: bool = False) -> None:
    p.add_argument("--loglevel", default=os.environ.get("TABULARIUM_LOG_LEVEL", "INFO"))
    if worker:
        # Sending mail is mostly waiting (SMTP, database): threads overlap the waits cheaply.
        p.add_argument("--pool", default="threads", help="threads (default), prefork, solo")
        p.add_argument("--concurrency", default=os.environ.get("TABULARIUM_WORKER_THREADS", "8"))
    p.add_argument("celery_args", nargs=argparse.REMAINDER, help="after --: passed to celery as they are")


@command("worker", lambda p: _celery_args(p, worker=True))
def cmd_worker(args) -> int:
    """Run the Celery worker (production mode)."""
    from service import logs
    from workers.celery_app import app

    logs.configure()
    extra = [a for a in args.celery_args if a != "--"]
    app.worker_main(["worker", "--loglevel", args.loglevel, "-Q", "tabularium", "--pool", args.pool,
                     "--concurrency", str(args.concurrency)] + extra)
    return 0


@command("beat", _celery_args)
def cmd_beat(args) -> int:
    """Run the Celery beat scheduler (exactly one per installation; reminders are idempotent anyway)."""
    from service import logs
    from workers.celery_app import app

    logs.configure()
    os.makedirs(os.environ.get("TABULARIUM_VAR_DIR", "var"), exist_ok=True)
    schedule = os.path.join(os.environ.get("TABULARIUM_VAR_DIR", "var"), "celerybeat-schedule")
    app.start(["beat", "--loglevel", args.loglevel, "-s", schedule] + [a for a in args.celery_args if a != "--"])
    return 0


@command("tick", lambda p: (p.add_argument("--now", help="ISO time (default: now)"),
                            p.add_argument("--json", action="store_true")))
def cmd_tick(args) -> int:
    """Run reminders, late notices and deadlines once, as of --now."""
    from workers import runtime
    from workers.ticker import tick

    svc = service(args.now)
    summary = tick(svc, parse_time(args.now) if args.now else None)
    summary["mail"] = runtime.after_command(svc)
    out(summary, args.json, lambda s: ", ".join(f"{k} {v}" for k, v in s.items()))
    return 1 if summary["errors"] else 0


@command("mail-in", lambda p: (p.add_argument("--recipient", action="append", default=[],
                                              help="the envelope recipient (as an MTA pipe passes it)"),
                               p.add_argument("--json", action="store_true")))
def cmd_mail_in(args) -> int:
    """Deliver one inbound e-mail read from standard input."""
    return mail_in(read_bounded(sys.stdin.buffer), args.recipient, args.json)


def read_bounded(stream, chunk: int = 65536) -> bytes:
    """The message, cut one byte past inbound.MAX_BYTES (enough for inbound to drop it as too big). The
    rest is read and thrown away: an MTA whose pipe is closed early would count that as a failure and
    retry a message we have already refused."""
    from notifications.inbound import MAX_BYTES

    kept = stream.read(MAX_BYTES + 1)
    while len(kept) > MAX_BYTES and stream.read(chunk):
        pass
    return kept


def mail_in(raw: bytes, recipients: list[str] | None = None, as_json: bool = False,
            svc: GameService | None = None) -> int:
    """The body of `mail-in`, callable from tests and other pipes."""
    from notifications.inbound import handle
    from workers import runtime

    recipients = list(recipients or [])
    for var in ("ORIGINAL_RECIPIENT", "RECIPIENT"):  # Postfix pipe(8) / local(8) environment
        if os.environ.get(var):
            recipients.append(os.environ[var])
    try:
        svc = svc or service()
        result = handle(svc, raw, recipients)
        mail = runtime.after_command(svc, result.rows) if result.rows or result.outcome == "accepted" else {}
    except Exception as exc:  # noqa: BLE001 — the database is unreachable: let the MTA try again later
        complain(_("mail-in failed, try later: %(error)s: %(detail)s", error=type(exc).__name__, detail=str(exc)))
        return EX_TEMPFAIL
    data = {"outcome": result.outcome, "detail": result.detail, "game": result.game_id, "seat": result.seat,
            "mail": mail}
    out(data, as_json, lambda d: f"{d['outcome']}: {text(d['detail'])}" if d["detail"] else f"{d['outcome']}")
    return 0


@command("mail-poll", lambda p: None)
def cmd_mail_poll(args) -> int:
    """Poll the IMAP mailbox named by TABULARIUM_IMAP_URL once."""
    from workers import runtime
    from workers.imap import poll

    svc = service()
    handled = poll(svc)
    say(n_("%(n)d message handled", "%(n)d messages handled", handled))
    runtime.after_command(svc)
    return 0


@command("mail-status", lambda p: p.add_argument("--json", action="store_true"))
def cmd_mail_status(args) -> int:
    """Outbox counts by status, the oldest unsent e-mail and the recent permanent failures."""
    from notifications.outbox import outbox_stats

    stats = outbox_stats(service().store)
    out(stats, args.json, _status_text)
    return 1 if stats["failed"] else 0


def _status_text(s: dict) -> str:
    lines = [text(_("pending %(pending)s sending %(sending)s sent %(sent)s failed %(failed)s skipped %(skipped)s "
                    "total %(total)s", **{k: s[k] for k in ("pending", "sending", "sent", "failed", "skipped",
                                                            "total")})),
             text(_("pump position %(position)s; oldest unsent %(age)s s", position=s["tracking_position"],
                    age=s["oldest_unsent_age_seconds"]))]
    for f in s["recent_failures"]:
        lines.append("  " + text(_("FAILED %(key)s (%(kind)s, %(attempts)s attempts): %(error)s", key=f["key"],
                                   kind=f["kind"], attempts=f["attempts"], error=f["last_error"])))
    return "\n".join(lines)


@command("mail-retry", lambda p: (p.add_argument("key", nargs="?"),
                                  p.add_argument("--all-failed", action="store_true")))
def cmd_mail_retry(args) -> int:
    """Put failed e-mails back in the queue."""
    from notifications.outbox import retry_failed
    from workers import runtime

    if not args.key and not args.all_failed:
        raise usage_error(_("mail-retry needs an outbox key or --all-failed"))
    svc = service()
    n = retry_failed(svc, None if args.all_failed else args.key)
    runtime.after_command(svc)
    say(n_("%(n)d e-mail queued again", "%(n)d e-mails queued again", n))
    return 0


@command("mail-flush", lambda p: p.add_argument("--json", action="store_true"))
def cmd_mail_flush(args) -> int:
    """Pump the outbox and send what is due, in this process."""
    from notifications.delivery import flush

    counts = flush(service())
    out(counts, args.json, lambda c: json.dumps(c))
    return 0


@command("vacation", lambda p: (p.add_argument("game"), p.add_argument("seat"), p.add_argument("days", type=float)))
def cmd_vacation(args) -> int:
    """Start a vacation: the seat's clock stops for DAYS."""
    from service.deadlines import start_vacation
    from workers import runtime

    svc = service()
    start_vacation(svc, args.game, args.seat, args.days)
    runtime.after_command(svc)
    say(_("%(seat)s is on vacation for %(days)g days", seat=args.seat, days=args.days))
    return 0


@command("replace-seat", lambda p: (p.add_argument("game"), p.add_argument("seat"),
                                    p.add_argument("player", metavar="NAME:EMAIL")))
def cmd_replace_seat(args) -> int:
    """Hand a seat to a new player: new link, new address, invitation e-mail."""
    from service.deadlines import replace_seat
    from workers import runtime

    name, _sep, email = args.player.partition(":")
    svc = service()
    token = replace_seat(svc, args.game, args.seat, name, email)
    runtime.after_command(svc)
    link = f"{svc.settings.base_url}/play/{token}"
    say(_("%(seat)s is now %(name)s: %(url)s", seat=args.seat, name=name, url=link))
    return 0


@command("resume", lambda p: (p.add_argument("game"), p.add_argument("--reason", default="resumed by the operator")))
def cmd_resume(args) -> int:
    """Resume a paused game (every clock starts again)."""
    from workers import runtime

    svc = service()
    svc.resume(args.game, args.reason)
    runtime.after_command(svc)
    say(_("resumed"))
    return 0


@command("pause", lambda p: (p.add_argument("game"), p.add_argument("--reason", default="paused by the operator")))
def cmd_pause(args) -> int:
    """Pause a game (every clock stops until `resume`)."""
    from workers import runtime

    svc = service()
    svc.pause(args.game, args.reason)
    runtime.after_command(svc)
    say(_("paused"))
    return 0


@command("abandon", lambda p: (p.add_argument("game"), p.add_argument("--reason", required=True)))
def cmd_abandon(args) -> int:
    """End a game without a winner: the players are told, and the seed is revealed for the audit."""
    from workers import runtime

    svc = service()
    svc.abandon(args.game, "operator", args.reason)
    runtime.after_command(svc)
    say(_("abandoned"))
    return 0


@command("games", lambda p: (p.add_argument("--status", choices=["active", "paused", "finished", "abandoned"]),
                             p.add_argument("--idle-days", type=float, default=0.0,
                                            help="only games with no event for this many days"),
                             p.add_argument("--json", action="store_true")))
def cmd_games(args) -> int:
    """The games, the longest idle first: find the stale ones to nudge, pause or abandon."""
    from datetime import timedelta

    svc = service()
    cutoff = svc.clock() - timedelta(days=args.idle_days)
    rows = [g for g in svc.store.list_games() if (args.status is None or g["status"] == args.status)
            and parse_time(g["updated_at"]) <= cutoff]
    rows.sort(key=lambda g: g["updated_at"])
    out([{k: g[k] for k in ("id", "rules", "status", "updated_at", "length", "waiting_for")} for g in rows],
        args.json, lambda gs: "\n".join(text(_(
            "%(id)s  %(rules)s %(status)s %(updated)s  %(length)s events  waiting for %(waiting)s", id=g["id"],
            rules=g["rules"].ljust(8), status=g["status"].ljust(9), updated=g["updated_at"][:16],
            length=str(g["length"]).rjust(4), waiting=", ".join(g["waiting_for"]) or "-")) for g in gs)
        or text(_("no games")))
    return 0


@command("new-link", lambda p: (p.add_argument("game"), p.add_argument("seat")))
def cmd_new_link(args) -> int:
    """A new link for a seat that lost its own: the old link, sessions and reply addresses stop working."""
    svc = service()
    token = svc.rotate_token(args.game, args.seat)
    print(f"{svc.settings.base_url}/play/{token}")
    return 0


@command("mail-preference", lambda p: (p.add_argument("game"), p.add_argument("seat"),
                                       p.add_argument("preference", choices=["every", "digest", "none"])))
def cmd_mail_preference(args) -> int:
    """Set a seat's e-mail preference: every, digest (one a day) or none."""
    from notifications.preferences import set_preference

    set_preference(service(), args.game, args.seat, args.preference, by="operator")
    print(f"{args.seat}: {args.preference}")
    return 0
