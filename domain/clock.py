"""Deadlines and clocks: pure domain code (no clock is read, no I/O; times arrive as parameters).

A game's clock settings live in its options under "clock" (stored in GameCreated; the platform keeps
that key away from the rules). `schedule(events)` folds the game's events and returns, for every seat
the game waits for, when that decision became due, its deadline, the reminder ladder and the late
notice, with an explanation. Pauses, vacations, missed deadlines and replacements are events, so any
timeout can be re-derived and explained from the log alone.

The Game aggregate keeps the same fold up to date as each event is applied (`initial` and `step`, over a
JSON-only `clock_state` that goes into snapshots), so `schedule_of(game)` costs nothing per past event;
`schedule(events)` is the from-scratch reference the incremental fold is tested against at every prefix.

Modes:
* "deadline": each decision gets `per_decision_hours`.
* "fischer": each seat has a bank (`initial_hours`); a decision spends from it, and every decision the
  seat makes (or that a timeout makes for it) adds `increment_hours`, up to `cap_hours`.
Time that does not count: while the game is paused, while the seat is on vacation, and with
`weekend_pause` every Saturday and Sunday in the game's time zone (`timezone`, an IANA name; "UTC" when
unset, which keeps every game created before zones existed computing exactly what it always did).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Any, Iterable, Mapping

from domain.decided_by import players_own
from domain.errors import BadRequest, GameError
from domain.i18n import _, n_
from domain.rules import comma_list
from domain.timezones import UTC_NAME, check_zone, weekends

# domain.game imports this module (the aggregate folds the clock), so the game's names are read lazily.

MODES = ("none", "deadline", "fischer")
POLICIES = ("default", "pause", "bot")
DEFAULTS: dict[str, Any] = {
    "mode": "none", "per_decision_hours": 72, "initial_hours": 168, "increment_hours": 48, "cap_hours": 336,
    "weekend_pause": False, "reminders": [0.5, "4h"], "late_notice": "default", "vacation_days": 14,
    "on_timeout": "default", "replace_after_missed": 3, "timezone": UTC_NAME,
}
HELP = {
    "mode": _('"none" (no deadlines), "deadline" (a fixed time per decision) or "fischer" (a time bank)'),
    "per_decision_hours": _("deadline mode: hours for each decision"),
    "initial_hours": _("fischer mode: the bank each seat starts with"),
    "increment_hours": _("fischer mode: hours added after each decision"),
    "cap_hours": _("fischer mode: the bank never grows beyond this"),
    "weekend_pause": _("Saturdays and Sundays (in the game's time zone) do not count"),
    "reminders": _('the ladder before the deadline: a fraction of the decision\'s time left (0.5) or a time ("4h", "30m")'),
    "late_notice": _('when the table is told who it waits for: a rung like the reminders, "default" (with the last reminder) or null'),
    "vacation_days": _("vacation days each player may take in this game"),
    "on_timeout": _('"default" (play the default choice), "pause" (pause the game) or "bot" (the bot plays)'),
    "replace_after_missed": _("missed deadlines in a row after which the seat is opened for a replacement (0: never)"),
    "timezone": _('the game\'s time zone, an IANA name such as "Europe/Rome" or "America/New_York": weekends and '
                "digest days begin at its midnight, and times are shown in it (with UTC alongside)"),
}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([dhm])\s*$")
HORIZON = timedelta(days=3660)


# ------------------------------------------------------------------------------------------ settings

def parse_duration(value: Any) -> float | None:
    """Seconds for "4h" / "30m" / "2d"; None if not a duration."""
    if isinstance(value, str):
        m = _DURATION.match(value.lower())
        if m:
            return float(m.group(1)) * {"d": 86400, "h": 3600, "m": 60}[m.group(2)]
    return None


def _rung_ok(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 1) or \
        parse_duration(value) is not None


def check_clock(options: Mapping | None) -> dict:
    """Validate options["clock"] (raise BadRequest with a clear sentence); returns the full settings."""
    raw = (options or {}).get("clock") if isinstance(options, Mapping) else None
    if raw is None:
        return dict(DEFAULTS)
    if not isinstance(raw, Mapping):
        raise BadRequest(_('The "clock" option must be an object, e.g. {"mode": "deadline", "per_decision_hours": 48}.'))
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise BadRequest(_("The clock has no setting %(setting)r; known: %(known)s.", setting=unknown[0],
                           known=", ".join(DEFAULTS)))
    clock = {**DEFAULTS, **raw}
    if "mode" not in raw:
        clock["mode"] = "deadline"
    if clock["mode"] not in MODES:
        raise BadRequest(_("The clock mode must be one of %(modes)s.", modes=", ".join(MODES)))
    if clock["on_timeout"] not in POLICIES:
        raise BadRequest(_("on_timeout must be one of %(policies)s.", policies=", ".join(POLICIES)))
    for key in ("per_decision_hours", "initial_hours", "increment_hours", "cap_hours", "vacation_days"):
        v = clock[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 24 * 366:
            raise BadRequest(_("The clock's %(setting)s must be a number of hours (or days) from 0 to a year.",
                               setting=key))
    if clock["mode"] == "deadline" and clock["per_decision_hours"] <= 0:
        raise BadRequest(_("per_decision_hours must be more than 0."))
    if clock["mode"] == "fischer" and not 0 < clock["initial_hours"] <= clock["cap_hours"]:
        raise BadRequest(_("A Fischer clock needs 0 < initial_hours <= cap_hours."))
    rungs = clock["reminders"]
    if not isinstance(rungs, list) or len(rungs) > 8 or not all(_rung_ok(r) for r in rungs):
        raise BadRequest(_('reminders must be a list of up to 8 rungs: fractions like 0.5 or times like "4h".'))
    if clock["late_notice"] not in (None, "default") and not _rung_ok(clock["late_notice"]):
        raise BadRequest(_('late_notice must be null, "default", a fraction like 0.25 or a time like "12h".'))
    if not isinstance(clock["weekend_pause"], bool):
        raise BadRequest(_("weekend_pause must be true or false."))
    n = clock["replace_after_missed"]
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100:
        raise BadRequest(_("replace_after_missed must be a whole number from 0 to 100."))
    check_zone(clock["timezone"])
    return clock


def clock_of(options: Mapping | None) -> dict:
    """Like check_clock, but never raises: a damaged setting falls back to no deadlines. A time zone this
    machine's zone database no longer knows falls back to UTC alone, so the game keeps its deadlines."""
    try:
        return check_clock(options)
    except GameError:
        pass
    clock = (options or {}).get("clock")
    if isinstance(clock, Mapping) and clock.get("timezone", UTC_NAME) != UTC_NAME:
        try:
            return check_clock({**options, "clock": {**clock, "timezone": UTC_NAME}})
        except GameError:
            pass
    return dict(DEFAULTS)


def describe_clock(clock: Mapping) -> list[str]:
    """Plain sentences for the game page, the invitation and `tabularium show`."""
    zone = clock.get("timezone", UTC_NAME)
    zone_line = [] if zone == UTC_NAME else [_("Times are shown in %(zone)s time.", zone=zone)]
    if clock["mode"] == "none":
        return [_("No deadlines: the game waits for every decision."), *zone_line]
    if clock["mode"] == "deadline":
        lines = [_("Each decision must be made within %(time)s.", time=_hours(clock["per_decision_hours"]))]
    else:
        lines = [_("Fischer clock: %(initial)s to start with, plus %(increment)s after each decision, at most %(cap)s.",
                   initial=_hours(clock["initial_hours"]), increment=_hours(clock["increment_hours"]),
                   cap=_hours(clock["cap_hours"]))]
    if clock["weekend_pause"]:
        lines.append(_("The clock stops on Saturdays and Sundays (%(zone)s).", zone=zone))
    if clock["reminders"]:
        lines.append(_("Reminders: %(rungs)s.", rungs=comma_list(_rung_text(r) for r in clock["reminders"])))
    lines.append({"default": _("When a deadline passes, the default choice is played for the late seat."),
                  "pause": _("When a deadline passes, the game is paused."),
                  "bot": _("When a deadline passes, the late seat is handed to the bot, which plays its decisions "
                           "from then on.")}[clock["on_timeout"]])
    if clock["replace_after_missed"]:
        lines.append(n_("After %(n)d missed deadline in a row the seat is opened for a replacement player.",
                        "After %(n)d missed deadlines in a row the seat is opened for a replacement player.",
                        clock["replace_after_missed"]))
    days = clock["vacation_days"]
    lines.append(n_("Each player may take up to %(days)s vacation day.",
                    "Each player may take up to %(days)s vacation days.", _plural_count(days), days=days))
    return lines + zone_line


def _plural_count(x: float) -> int:
    """The whole number that picks a plural form for a count that may be a fraction (1.5: the plural)."""
    return int(x) if float(x).is_integer() else 2


def _hours(h: float) -> str:
    if h and h % 24 == 0:
        return n_("%(n)d day", "%(n)d days", int(h // 24))
    return n_("%(hours)s hour", "%(hours)s hours", _plural_count(h), hours=format(h, "g"))


def _rung_text(r: Any) -> str:
    if isinstance(r, (int, float)):
        return _("when %(percent)d%% of the time is left", percent=int(r * 100))
    return _("%(time)s before the deadline", time=r)


# ------------------------------------------------------------------------------------------ time arithmetic

@lru_cache(maxsize=8192)
def parse_at(at: str) -> datetime:
    """An ISO time as an aware UTC datetime (immutable, so remembered: folds parse the same times often)."""
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def iso(moment: datetime | None) -> str | None:
    return moment.astimezone(timezone.utc).isoformat() if moment else None


@dataclass
class Exclusions:
    """Intervals in which a seat's clock does not run; `end=None` means open-ended. With `weekends`,
    also Saturday 00:00 to Monday 00:00 in the time zone `zone` (an IANA name)."""

    intervals: list[tuple[datetime, datetime | None]] = field(default_factory=list)
    weekends: bool = False
    zone: str = UTC_NAME

    def _merged(self, start: datetime, until: datetime) -> list[tuple[datetime, datetime | None]]:
        spans = [(a, b) for a, b in self.intervals if b is None or b > start]
        if self.weekends:
            spans += weekends(start, until, self.zone)
        spans.sort(key=lambda s: s[0])
        merged: list[tuple[datetime, datetime | None]] = []
        for a, b in spans:
            if merged and (merged[-1][1] is None or a <= merged[-1][1]):
                last_a, last_b = merged[-1]
                merged[-1] = (last_a, None if b is None or last_b is None else max(last_b, b))
            else:
                merged.append((a, b))
        return merged

    def counted(self, start: datetime, end: datetime) -> float:
        """Seconds of running clock between start and end."""
        if end <= start:
            return 0.0
        total = (end - start).total_seconds()
        for a, b in self._merged(start, end):
            lo, hi = max(a, start), min(b or end, end)
            if hi > lo:
                total -= (hi - lo).total_seconds()
        return max(0.0, total)

    def advance(self, start: datetime, seconds: float) -> datetime | None:
        """The instant at which `seconds` of running clock have passed since start; None if never."""
        t, remaining = start, max(0.0, seconds)
        horizon = start + timedelta(seconds=remaining) * 1.5 + timedelta(days=16) + sum(
            ((b - a) for a, b in self.intervals if b is not None and b > start), timedelta(0))
        for a, b in self._merged(start, min(horizon, start + HORIZON)):
            if b is not None and b <= t:
                continue
            if a > t:
                gap = (a - t).total_seconds()
                if gap >= remaining:
                    return t + timedelta(seconds=remaining)
                remaining -= gap
            if b is None:
                return None
            t = max(t, b)
        return t + timedelta(seconds=remaining)


# ------------------------------------------------------------------------------------------ the fold

@dataclass
class SeatClock:
    seat: str
    prompt_id: str
    since: datetime
    budget: float                    # seconds of running clock this decision may take
    deadline: datetime | None
    reminders: list[tuple[str, datetime]]
    late_notice: datetime | None
    missed_in_a_row: int
    on_vacation: bool
    explain: list[str]

    def to_json(self) -> dict:
        return {"seat": self.seat, "prompt_id": self.prompt_id, "since": iso(self.since),
                "deadline": iso(self.deadline), "budget_hours": round(self.budget / 3600, 3),
                "reminders": [[r, iso(t)] for r, t in self.reminders], "late_notice": iso(self.late_notice),
                "missed_in_a_row": self.missed_in_a_row, "on_vacation": self.on_vacation, "explain": self.explain}


@dataclass
class Schedule:
    clock: dict
    status: str
    seats: dict[str, SeatClock]
    banks: dict[str, float]
    vacations: dict[str, dict]       # open vacations: seat -> {"since", "until"}
    vacation_days_used: dict[str, float]
    missed_in_a_row: dict[str, int]
    open_seats: list[str]
    version: int

    def deadlines(self) -> dict[str, str | None]:
        return {s: iso(c.deadline) for s, c in self.seats.items()}

    def to_json(self) -> dict:
        return {"clock": self.clock, "status": self.status, "seats": {s: c.to_json() for s, c in self.seats.items()},
                "banks_hours": {s: round(b / 3600, 3) for s, b in self.banks.items()},
                "vacations": self.vacations, "vacation_days_used": self.vacation_days_used,
                "missed_in_a_row": self.missed_in_a_row, "open_seats": self.open_seats, "version": self.version}


def _owed(game: Any) -> dict[str, str]:
    """Decisions owed, including while paused (a pause stops the clock; it does not end the decision)."""
    from domain.game import ACTIVE, PAUSED, _rules_prompts, public_prompt_id

    if game.status not in (ACTIVE, PAUSED):
        return {}
    return {p.seat: public_prompt_id(game.state_version, p) for p in _rules_prompts(game.rules, game.state)
            if p.seat not in game.sealed}


OWN = ("ChoiceMade", "ChoiceSealed")


def schedule(events: Iterable[Any], clock: Mapping | None = None) -> Schedule:
    """Fold a game's events (in order) into its clocks, from the first. Pure: no clock, no I/O.

    The reference: the aggregate's incremental fold (`schedule_of`) must equal it at every prefix."""
    from domain.game import PAUSED

    game: Any = None
    owed: dict[str, str] = {}
    since: dict[str, datetime] = {}
    banks: dict[str, float] = {}
    pauses: list[tuple[datetime, datetime | None]] = []
    vac: dict[str, list[tuple[datetime, datetime | None]]] = {}
    open_vac: dict[str, dict] = {}
    missed: dict[str, int] = {}
    opened: set[str] = set()
    cfg: dict = clock_of({"clock": dict(clock)}) if clock is not None else {}
    for event in events:
        kind, c = type(event).__name__, event.content
        game = event.mutate(game)
        at = parse_at(c["at"])
        if kind == "GameCreated":
            cfg = cfg or clock_of(game.options)
            banks = {s: cfg["initial_hours"] * 3600.0 for s in game.seat_ids}
            missed = {s: 0 for s in game.seat_ids}
            vac = {s: [] for s in game.seat_ids}
        elif kind == "GamePaused":
            pauses.append((at, None))
        elif kind == "GameResumed" and pauses and pauses[-1][1] is None:
            pauses[-1] = (pauses[-1][0], at)
        elif kind == "VacationStarted":
            until = parse_at(c["until"]) if c.get("until") else None
            open_vac[c["seat"]] = {"since": iso(at), "until": iso(until)}
            vac[c["seat"]].append((at, until))
        elif kind == "VacationEnded" and c["seat"] in open_vac:
            open_vac.pop(c["seat"])
            start, until = vac[c["seat"]][-1]
            vac[c["seat"]][-1] = (start, min(at, until) if until else at)
        elif kind == "DeadlineMissed":
            missed[c["seat"]] = missed.get(c["seat"], 0) + 1
            if cfg["replace_after_missed"] and missed[c["seat"]] >= cfg["replace_after_missed"]:
                opened.add(c["seat"])
            if c["seat"] in owed:  # the time is spent; if the decision stays owed (pause), it starts again
                since[c["seat"]] = at
                banks[c["seat"]] = 0.0 if c.get("policy") in ("default", "bot") else \
                    min(cfg["cap_hours"], cfg["increment_hours"]) * 3600.0
        elif kind == "SeatReplaced":
            missed[c["seat"]] = 0
            opened.discard(c["seat"])
        now_owed = _owed(game)
        for seat, pid in owed.items():
            if now_owed.get(seat) == pid:
                continue
            used = _excl(cfg, pauses, vac.get(seat, [])).counted(since[seat], at)
            banks[seat] = max(0.0, banks.get(seat, 0.0) - used)
            if kind in OWN and c.get("seat") == seat:
                if players_own(c):  # the player is back
                    missed[seat] = 0
                banks[seat] = min(cfg["cap_hours"] * 3600.0, banks[seat] + cfg["increment_hours"] * 3600.0)
        for seat, pid in now_owed.items():
            if owed.get(seat) != pid:
                since[seat] = at
        owed = now_owed
    if game is None:
        raise BadRequest(_("A game needs at least its creation event."))
    seats = {s: _seat_clock(cfg, s, pid, since[s], banks.get(s, 0.0), missed.get(s, 0),
                            _excl(cfg, pauses, vac.get(s, [])), s in open_vac, game.status == PAUSED)
             for s, pid in owed.items()} if cfg["mode"] != "none" else {}
    used = {s: round(sum(((b or a) - a).total_seconds() for a, b in spans) / 86400, 3) for s, spans in vac.items()}
    return Schedule(cfg, game.status, seats, banks, open_vac, used, missed, sorted(opened), game.version)


def _excl(cfg: Mapping, pauses: list, vacations: list) -> Exclusions:
    return Exclusions(list(pauses) + list(vacations), bool(cfg.get("weekend_pause")), cfg.get("timezone", UTC_NAME))


def _seat_clock(cfg: Mapping, seat: str, prompt_id: str, since: datetime, bank: float, missed: int,
                excl: Exclusions, on_vacation: bool, paused: bool) -> SeatClock:
    budget = cfg["per_decision_hours"] * 3600.0 if cfg["mode"] == "deadline" else bank
    deadline = excl.advance(since, budget)
    hours = budget / 3600
    if cfg["mode"] == "deadline":
        explain = [n_("Due since %(since)s; %(hours)s hour of running clock (per decision).",
                      "Due since %(since)s; %(hours)s hours of running clock (per decision).", _plural_count(hours),
                      since=iso(since), hours=format(hours, "g"))]
    else:
        explain = [n_("Due since %(since)s; %(hours)s hour of running clock (left in the bank).",
                      "Due since %(since)s; %(hours)s hours of running clock (left in the bank).", _plural_count(hours),
                      since=iso(since), hours=format(hours, "g"))]
    if paused:
        explain.append(_("The game is paused: the clock is stopped."))
    if on_vacation:
        explain.append(_("On vacation: the clock is stopped until the vacation ends."))
    if cfg["weekend_pause"]:
        zone = cfg.get("timezone", UTC_NAME)
        explain.append(_("Weekends do not count.") if zone == UTC_NAME
                       else _("Weekends (%(zone)s) do not count.", zone=zone))
    explain.append(_("Deadline: %(deadline)s.", deadline=iso(deadline)) if deadline
                   else _("No deadline while the clock is stopped."))
    rungs: list[tuple[str, datetime]] = []
    for n, rung in enumerate(cfg["reminders"]):
        t = _rung_time(excl, since, budget, rung)
        if t is not None:
            rungs.append((f"r{n}", t))
    late = cfg.get("late_notice")
    if late == "default":
        late_at = max((t for _, t in rungs), default=None)
    else:
        late_at = _rung_time(excl, since, budget, late) if late is not None else None
    if deadline is None:
        rungs, late_at = [], None
    return SeatClock(seat, prompt_id, since, budget, deadline, rungs, late_at, missed, on_vacation, explain)


def _rung_time(excl: Exclusions, since: datetime, budget: float, rung: Any) -> datetime | None:
    before = budget * rung if isinstance(rung, (int, float)) else parse_duration(rung)
    if before is None or before >= budget:
        return None
    return excl.advance(since, budget - before)




# ------------------------------------------------------------------------------------------ the fold, one event at a time
#
# The aggregate's `clock_state` is plain JSON (it goes into snapshots; tuples or datetimes would not come
# back as they went in): {"owed": {seat: prompt id}, "since": {seat: ISO}, "banks": {seat: seconds},
# "pauses": [[ISO, ISO | None]], "vac": {seat: [[ISO, ISO | None]]}, "open_vac": {seat: {"since", "until"}},
# "missed": {seat: n}, "opened": [seat, ...] (sorted)}. Each step returns a new dict, sharing what it did
# not change and never changing anything in place: the repository hands out shallow copies of games.

# Events that change neither the rules state, nor the sealed choices, nor the status: what is owed stays.
INERT = frozenset({"MessagePosted", "SeatTokenRotated", "DeadlineMissed", "SeatReplaced", "VacationStarted",
                   "VacationEnded", "PreferencesChanged", "StandingOrderSet", "StandingOrderCancelled"})


@lru_cache(maxsize=8192)
def _norm(at: str) -> str:
    return iso(parse_at(at))  # type: ignore[return-value]


def _spans(spans: list) -> list[tuple[datetime, datetime | None]]:
    return [(parse_at(a), parse_at(b) if b else None) for a, b in spans]


def initial(game: Any, content: Mapping) -> dict:
    """The clock state right after GameCreated (`game` is the freshly created aggregate)."""
    cfg = clock_of(game.options)
    at = _norm(content["at"])
    owed = _owed(game)
    return {"owed": owed, "since": {s: at for s in owed},
            "banks": {s: cfg["initial_hours"] * 3600.0 for s in game.seat_ids},
            "pauses": [], "vac": {s: [] for s in game.seat_ids}, "open_vac": {},
            "missed": {s: 0 for s in game.seat_ids}, "opened": []}


def step(st: dict | None, game: Any, kind: str, c: Mapping) -> dict | None:
    """The clock state after one more event, `game` having just applied it. O(1) in the game's length
    (a decision that ends costs O(pauses + that seat's vacations)). None stays None (unknown)."""
    if st is None:
        return None
    at = _norm(c["at"])
    new: dict = {}
    cfg: dict | None = None
    if kind == "GamePaused":
        new["pauses"] = st["pauses"] + [[at, None]]
    elif kind == "GameResumed" and st["pauses"] and st["pauses"][-1][1] is None:
        new["pauses"] = st["pauses"][:-1] + [[st["pauses"][-1][0], at]]
    elif kind == "VacationStarted":
        seat = c["seat"]
        until = _norm(c["until"]) if c.get("until") else None
        new["open_vac"] = {**st["open_vac"], seat: {"since": at, "until": until}}
        new["vac"] = {**st["vac"], seat: st["vac"][seat] + [[at, until]]}
    elif kind == "VacationEnded" and c["seat"] in st["open_vac"]:
        seat = c["seat"]
        new["open_vac"] = {s: v for s, v in st["open_vac"].items() if s != seat}
        start, until = st["vac"][seat][-1]
        end = iso(min(parse_at(at), parse_at(until))) if until else at
        new["vac"] = {**st["vac"], seat: st["vac"][seat][:-1] + [[start, end]]}
    elif kind == "DeadlineMissed":
        cfg = clock_of(game.options)
        seat = c["seat"]
        missed = {**st["missed"], seat: st["missed"].get(seat, 0) + 1}
        new["missed"] = missed
        if cfg["replace_after_missed"] and missed[seat] >= cfg["replace_after_missed"] and seat not in st["opened"]:
            new["opened"] = sorted([*st["opened"], seat])
        if seat in st["owed"]:  # the time is spent; if the decision stays owed (pause), it starts again
            new["since"] = {**st["since"], seat: at}
            new["banks"] = {**st["banks"], seat: 0.0 if c.get("policy") in ("default", "bot") else
                            min(cfg["cap_hours"], cfg["increment_hours"]) * 3600.0}
    elif kind == "SeatReplaced":
        seat = c["seat"]
        new["missed"] = {**st["missed"], seat: 0}
        if seat in st["opened"]:
            new["opened"] = [s for s in st["opened"] if s != seat]
    owed = st["owed"]
    if kind not in INERT:
        now_owed = _owed(game)
        if now_owed != owed:
            cfg = cfg or clock_of(game.options)
            since = new.get("since", st["since"])
            banks = dict(new.get("banks", st["banks"]))
            missed = new.get("missed", st["missed"])
            pauses = _spans(new.get("pauses", st["pauses"]))
            vac = new.get("vac", st["vac"])
            moment = parse_at(at)
            for seat, pid in owed.items():
                if now_owed.get(seat) == pid:
                    continue
                used = _excl(cfg, pauses, _spans(vac.get(seat, []))).counted(parse_at(since[seat]), moment)
                banks[seat] = max(0.0, banks.get(seat, 0.0) - used)
                if kind in OWN and c.get("seat") == seat:
                    if players_own(c):  # the player is back
                        missed = {**missed, seat: 0}
                    banks[seat] = min(cfg["cap_hours"] * 3600.0, banks[seat] + cfg["increment_hours"] * 3600.0)
            fresh = [seat for seat, pid in now_owed.items() if owed.get(seat) != pid]
            if fresh:
                since = {**since, **{seat: at for seat in fresh}}
            new.update(owed=now_owed, since=since, banks=banks, missed=missed)
    return {**st, **new} if new else st


def schedule_of(game: Any) -> Schedule | None:
    """The game's schedule from the clock state its fold keeps: equal to `schedule(events)` over the
    events the game has applied. None if the game does not know its clock state (see Game.clock_state)."""
    from domain.game import PAUSED

    st = getattr(game, "clock_state", None)
    if st is None:
        return None
    cfg = clock_of(game.options)
    seats: dict[str, SeatClock] = {}
    if cfg["mode"] != "none":
        pauses, paused = _spans(st["pauses"]), game.status == PAUSED
        for s, pid in st["owed"].items():
            seats[s] = _seat_clock(cfg, s, pid, parse_at(st["since"][s]), st["banks"].get(s, 0.0),
                                   st["missed"].get(s, 0), _excl(cfg, pauses, _spans(st["vac"].get(s, []))),
                                   s in st["open_vac"], paused)
    used = {s: round(sum(((b or a) - a).total_seconds() for a, b in _spans(spans)) / 86400, 3)
            for s, spans in st["vac"].items()}
    return Schedule(cfg, game.status, seats, dict(st["banks"]), {s: dict(v) for s, v in st["open_vac"].items()},
                    used, dict(st["missed"]), list(st["opened"]), game.version)


def moments(sched: Schedule) -> list[datetime]:
    """Every moment at which the tick has something to do for this schedule: a vacation that runs out,
    and while the game runs, each owed decision's deadline, reminders and late notice."""
    if sched.clock["mode"] == "none" or sched.status not in ("active", "paused"):
        return []
    found = [parse_at(v["until"]) for v in sched.vacations.values() if v.get("until")]
    if sched.status == "active":
        for sc in sched.seats.values():
            if sc.deadline is not None:
                found += [sc.deadline, *(t for _, t in sc.reminders)]
                if sc.late_notice is not None:
                    found.append(sc.late_notice)
    return found


def wake_at(sched: Schedule | None, after: datetime | None = None) -> datetime | None:
    """The earliest of `moments(sched)` (later than `after`, if given); None: nothing will ever be due
    until the game changes."""
    if sched is None:
        return None
    return min((m for m in moments(sched) if after is None or m > after), default=None)


__all__ = ["MODES", "POLICIES", "DEFAULTS", "HELP", "parse_duration", "check_clock", "clock_of", "describe_clock",
           "parse_at", "iso", "Exclusions", "SeatClock", "Schedule", "schedule", "initial", "step", "schedule_of",
           "moments", "wake_at", "INERT", "OWN"]
