"""Which e-mails an event implies: one row per (event, recipient, kind). Called by the pump only.

* invitation — every seat when a game is created, and a seat's new player after SeatReplaced (not the bot);
* your_turn — a seat that *becomes* due for a new decision (its prompt id before ≠ after the event), due
  `turn_settle_seconds` after the event (MailConfig, default 2 minutes): at sending it is dropped when the
  seat's decision is no longer that one (answered meanwhile, or superseded by the next, whose own row is
  due later), so a seat that owes several decisions in a row within the window gets one e-mail;
* timeout — the table, when a deadline was missed; composed as of the end of the command that recorded it
  (compose.command_prefix), so it tells what the policy did and shows no decision already settled;
* message — recipients of a message, throttled: one e-mail per seat per window (key per window);
* finished — everyone, when the game ends or is abandoned;
* digest — seats whose preference is "digest": one row per seat and day. Days are the game's local
  days (the clock setting "timezone"; UTC days when unset, as before zones existed).
* webhook_your_turn / webhook_finished — beside each your_turn / finished row of a seat that has a web
  hook (notifications.webhooks). Their own opt-in: the e-mail preference does not silence them.
Reminders and late notices come from the tick (workers.ticker), replies from inbound mail.
"""
from __future__ import annotations

import logging
import traceback
from datetime import datetime
from typing import Any

from notifications import outbox as _outbox
from notifications.outbox import MailConfig, day_end, iso_epoch, new_row
from notifications.webhooks import KINDS as WEBHOOK_KINDS
from notifications.webhooks import hooks_of
from domain.timezones import UTC_NAME, day_bounds, is_utc
from domain.narration import may_see_event

log = logging.getLogger("tabularium.outbox")

FINISHING = ("GameFinished", "GameAbandoned")


def outbox_clock() -> float:
    return _outbox.clock()  # looked up at each call: tests replace it with a fake clock


def _owed(game: Any) -> dict[str, str]:
    return {p.seat: p.id for p in game.open_prompts()} if game is not None else {}


def plan_rows(svc: Any, notes: list, config: MailConfig) -> list[dict]:
    groups: list[tuple[str, list]] = []
    for n in notes:  # a game's events in one batch are consecutive versions
        gid = str(n.originator_id)
        if groups and groups[-1][0] == gid:
            groups[-1][1].append(n)
        else:
            groups.append((gid, [n]))
    rows: list[dict] = []
    for gid, items in groups:
        try:
            rows += _plan_game(svc, gid, items, config)
        except Exception as exc:  # noqa: BLE001 — one unreadable game must never stall everyone's mail
            log.exception("outbox: cannot plan e-mails for game %s", gid)
            first = items[0]
            row = new_row(f"{gid}/{first.originator_version}/pump-error", gid, "*", "pump_error",
                          first.originator_version, {"error": f"{type(exc).__name__}: {exc}"[:500],
                                                     "trace": traceback.format_exc()[-2000:]})
            rows.append(row)
    return rows


def _plan_game(svc: Any, gid: str, items: list, config: MailConfig) -> list[dict]:
    mapper = svc.store.app.mapper
    events = [mapper.to_domain_event(n) for n in items]
    first = events[0].originator_version
    if first == 1 and any(type(e).__name__ in FINISHING for e in events):
        return []  # a whole game, created and over, arriving at once: an imported archive; nothing to announce
    game = svc.get(gid, version=first - 1) if first > 1 else None
    prefs = {seat: c.get("preference", "every") for seat, c in svc.store.contacts(gid).items()}
    hooked = frozenset(hooks_of(svc.store, gid))  # once per game and batch, not per event
    rows: list[dict] = []
    for note, event in zip(items, events):
        before = _owed(game)
        game = event.mutate(game)
        after = _owed(game)
        rows += with_webhooks(_rows_for(game, note.id, event, before, after, prefs, config), hooked)
    return rows


def with_webhooks(rows: list[dict], hooked: frozenset) -> list[dict]:
    """A web hook row beside each your-turn and finished row of a seat with a hook; the same key shape
    with the web hook kind, so it is unique per (event, seat, kind) like the e-mail rows."""
    extra = []
    for r in rows:
        kind = WEBHOOK_KINDS.get(r["kind"])
        if kind and r["seat"] in hooked:
            extra.append({**r, "key": f"{r['game_id']}/{r['seq']}/{kind}/{r['seat']}", "kind": kind,
                          "not_before": r["created_at"]})  # a web hook is for machines: never held back
    return rows + extra


def _rows_for(game: Any, nid: int, event: Any, before: dict, after: dict, prefs: dict,
              config: MailConfig) -> list[dict]:
    kind, c, seq, gid = type(event).__name__, event.content, event.originator_version, str(game.id)

    def row(seat: str, what: str, params: dict | None = None, key: str | None = None,
            not_before: float | None = None) -> dict:
        return new_row(key or f"{gid}/{seq}/{what}/{seat}", gid, seat, what, seq, params, not_before, nid)

    rows = []
    if kind == "GameCreated":
        rows += [row(s, "invitation") for s in game.seat_ids]
    if kind == "SeatReplaced" and not c.get("bot"):  # a seat handed to the bot has no new player to invite
        rows.append(row(c["seat"], "invitation", {"replacement": True}))
    settle = max(0.0, config.turn_settle_seconds)
    for seat, prompt_id in after.items():
        if before.get(seat) != prompt_id:  # due after the settle time; dropped at sending if superseded by then
            due = iso_epoch(c["at"]) + settle
            # An event stamped ahead of the outbox's clock (`tick --now` in the future) is not held back longer.
            rows.append(row(seat, "your_turn", {"prompt_id": prompt_id, "due": due},
                            not_before=min(due, outbox_clock() + settle)))
    if kind == "DeadlineMissed":
        rows += [row(s, "timeout", {"late": c["seat"], "policy": c.get("policy"), "prompt_id": c.get("prompt_id"),
                                    "seat_open": bool(c.get("seat_open"))}) for s in game.seat_ids]
    if kind == "MessagePosted":
        to = game.seat_ids if c["to"] == "all" else c["to"]
        window = config.message_window_seconds
        bucket = int(iso_epoch(c["at"]) // window)
        for s in to:
            if s != c.get("seat"):
                rows.append(row(s, "message", {"bucket": bucket, "window": window},
                                key=f"{gid}/{s}/message/{window}/{bucket}", not_before=(bucket + 1) * window + 2))
    if kind in FINISHING:
        rows += [row(s, "finished", {"abandoned": kind == "GameAbandoned"}) for s in game.seat_ids]
    digest_seats = [s for s, pref in prefs.items() if pref == "digest" and s in game.seat_ids and _visible(kind, c, s)]
    if digest_seats:
        day, end = digest_day(c["at"], game_zone(game))
        rows += [row(s, "digest", {"day": day}, key=f"{gid}/{s}/digest/{day}", not_before=end + 60)
                 for s in digest_seats]
    return rows


def game_zone(game: Any) -> str:
    from domain.clock import clock_of

    return clock_of(game.options).get("timezone", UTC_NAME)


def digest_day(at: str, zone: str) -> tuple[str, float]:
    """The digest day an event belongs to (an ISO date) and the epoch second at which that day ends.

    The row key names the local date, so every event of one local day lands in one row, and a 23- or
    25-hour day around a daylight-saving change is neither split nor skipped. UTC games keep the UTC
    day exactly as before."""
    if is_utc(zone):
        return day_end(at)
    day, _, end = day_bounds(datetime.fromisoformat(at.replace("Z", "+00:00")), zone)
    return day.isoformat(), end.timestamp()


def _visible(kind: str, c: dict, seat: str) -> bool:
    """Private events (messages between others, others' standing orders) must not even schedule a digest."""
    return may_see_event(kind, c, seat)
