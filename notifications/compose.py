"""Compose one outbox row into an e-mail, for its recipient only.

Each kind is a template trio `templates/<kind>/{subject.txt, body.txt, body.html}` plus a context
function. Everything a recipient reads comes from the per-viewer projections (`history_json(events,
seat)`, narrated once per seat by notifications/narrated.py; that seat's prompt, public game facts): never from raw event content, so hidden information
cannot leak. Headers: a constant subject and In-Reply-To/References to a synthetic root per game and
seat (one thread each), a deterministic Message-ID, a plus-addressed Reply-To naming (game, seat,
prompt), List-Unsubscribe (https + mailto) with RFC 8058 one-click, and the chain head.

Every sentence is a gettext message (issue #12, "Every sentence translatable"), written in the
recipient's language (`recipient_language`): the templates write theirs with `_()` / `{% trans %}`
(`jinja2.ext.i18n`, newstyle: named parameters), and the domain's messages they show (prompts, choice
labels, the history, the clock's sentences, refusals) are rendered with the `|tr` filter, or in
`base_context` for the history, whose rendered text the byte budgets measure.
"""
from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from email.charset import QP, Charset
from email.header import Header
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.policy import compat32
from email.utils import formataddr, formatdate
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape

import locales
from domain.decided_by import automatic, players_own
from domain.forms import reply_guide
from domain.help import rule_section
from domain.i18n import Message, _, from_json
from domain.rules import outcome_lines_for, seat_name
from notifications import tokens
from notifications.keywords import words_for
from notifications.outbox import mail_domain
from notifications.transport import Outgoing

_BODY_POLICY = compat32  # "\n" line ends, as .eml files have them; smtplib sends CRLF

TEMPLATES = Path(__file__).parent / "templates"
EVENT_KINDS = ("invitation", "your_turn", "timeout", "finished")   # rendered as of their event
TRANSACTIONAL = ("reply_accepted", "reply_rejected")                # answers to mail the player sent
ALLOWED = {"every": None,  # None: everything except digests
           "digest": ("invitation", "finished", "digest", *TRANSACTIONAL),
           "none": TRANSACTIONAL}
SINCE_LIMIT = 30
# A message e-mail shows the newest chat of its window up to this many bytes of text, each message cut
# to ENTRY_BYTES; the rest is on the game page. Encoded (quoted-printable, HTML escapes) and sent as
# text and HTML, that keeps the whole e-mail under about 100 KB, however busy the table.
MESSAGE_BUDGET = 12_000
ENTRY_BYTES = 3_000
DIGEST_BUDGET = 16_000    # a day's digest, likewise; "since you last acted" uses MESSAGE_BUDGET

def recipient_language(contact: dict | None) -> str:
    """The language an e-mail to this contact is written in: the seat's own language, else the table's
    (`compose` puts `Game.language_for` into the contact as "language"), else English."""
    return locales.supported((contact or {}).get("language")) or locales.DEFAULT


def language_of(svc: Any, game_id: str, seat: str, game: Any = None) -> str:
    """The language of a seat's e-mails and notices, from the game (its latest state unless given)."""
    from notifications.preferences import get_language

    game = game if game is not None else svc.get(game_id)
    return recipient_language({**(_contacts(svc, game_id).get(seat) or {}), "language": get_language(game, seat)})


@functools.lru_cache(maxsize=8)
def environments(language: str) -> tuple[Environment, Environment]:
    """The text and HTML environments of one language, with its gettext installed (`locales.install`).
    One pair per language rather than one pair re-installed per message: delivery threads compose
    e-mails in different languages at once, and installing mutates an environment's globals.
    Templates are part of the release: loaded once, never re-checked on disk (auto_reload stats files per use)."""
    text = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=False, undefined=StrictUndefined,
                       keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True, auto_reload=False,
                       extensions=["jinja2.ext.i18n"])
    html = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]),
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, auto_reload=False,
                       extensions=["jinja2.ext.i18n"])
    for env in (text, html):
        locales.install(env, language)
        env.filters["when"] = when
        env.filters["tr"] = tr
    return text, html


@pass_context
def tr(ctx: Any, text: Any) -> str:
    """A domain message (or a message stored as JSON, or plain text) in the e-mail's language."""
    if isinstance(text, dict):
        text = from_json(text)
    return locales.render(text, ctx.get("language") or locales.DEFAULT, ctx.get("reader_zone"))


@pass_context
def when(ctx: Any, iso_time: str | None) -> str:
    """A deadline a player reads at a glance, in the reader's zone (their own, else the game's: the context's
    "reader_zone" and "timezone") and the reader's language (locales.dates): "Tuesday 6 January 2026,
    15:05 CET (14:05 UTC)"; a UTC game reads "Tuesday 6 January 2026, 14:05 UTC"."""
    language = ctx.get("language") or locales.DEFAULT
    if not iso_time:
        return locales.render(_("no deadline"), language)
    from domain.clock import parse_at
    from domain.timezones import UTC_NAME, format_moment

    moment = format_moment(parse_at(iso_time), ctx.get("timezone") or UTC_NAME, long=True)
    return locales.render(moment, language, ctx.get("reader_zone"))


def seat_label(seat: str, names: dict) -> Message:
    """A seat as players read it: "Red (Ann)"."""
    return _("%(seat)s (%(name)s)", seat=seat_name(seat), name=names.get(seat, seat))


class NotYet(Exception):
    """Try this row again in a moment (its game's contacts are being written)."""


CONTACT_GRACE = 120.0


class Skip(Exception):
    """This row must not be sent (no address, the player opted out, the reminder is obsolete)."""


@dataclass
class Composed:
    message: Outgoing
    recipient: str
    tokens: list        # reply and unsubscribe tokens to store when the e-mail is sent


CONTEXTS: dict[str, Callable[[dict, dict], dict]] = {}


def context(kind: str):
    def register(fn):
        CONTEXTS[kind] = fn
        return fn
    return register


# ------------------------------------------------------------------------------------------- compose

def compose(svc: Any, row: dict) -> Composed:
    kind, seat, gid = row["kind"], row["seat"], row["game_id"]
    if kind not in CONTEXTS:
        raise Skip(f"unknown kind {kind!r}")
    contact = _contacts(svc, gid).get(seat)
    if contact is None and time.time() - float(row.get("created_at") or 0) < CONTACT_GRACE:
        forget_contacts(svc, gid)  # the game's addresses are written just after its first save
        raise NotYet("the seat's address is not recorded yet")
    if not contact or not contact.get("email"):
        raise Skip("no e-mail address for this seat")
    allowed = ALLOWED.get(contact.get("preference") or "every")
    if (allowed is None and kind == "digest") or (allowed is not None and kind not in allowed):
        raise Skip(f"the player's preference is {contact.get('preference')!r}")
    if kind == "your_turn" and answered_at_once(_events(svc, gid, row["seq"] + 1), row, seat):
        raise Skip("the decision was made for the seat at once (single choice, standing order or bot)")
    if kind == "your_turn" and superseded(svc, gid, row, seat):
        raise Skip("the seat's decision changed before the e-mail was due (answered, or the next one is announced)")
    if kind == "your_turn" and shown_by_timeout_mail(svc, gid, row, seat):
        raise Skip("the missed deadline's e-mail of the same moment already showed the seat this decision")
    if kind == "timeout":  # as of the end of the command that recorded the missed deadline (command_end)
        events = command_prefix(_events(svc, gid, row["seq"]), row["seq"])
    elif kind in EVENT_KINDS:  # as of its event: the prefix of an append-only log never changes
        events = _events(svc, gid, row["seq"])[: row["seq"]]
    else:
        events = _events(svc, gid, row["seq"])
    version = len(events)
    game = _cached(("game", id(svc), gid, version), lambda: _game(svc, gid, version))
    from notifications.preferences import get_language

    # As of the e-mail's own prefix of the log, like everything else in it: the same log, the same e-mail.
    ctx = base_context(svc, row, game, events, contact,
                       recipient_language({**contact, "language": get_language(game, seat)}))
    if kind == "timeout":  # the seats' names as the deadline passed: not yet "Bob (bot)"
        before = _cached(("game", id(svc), gid, row["seq"]), lambda: _game(svc, gid, row["seq"]))
        ctx.update(names_before={s["seat"]: s["name"] for s in before.seats}, game_options=game.options)
        if (row["params"] or {}).get("late") == seat:
            ctx.update(player=ctx["names_before"].get(seat, seat),
                       played_for_you=played_for_late(before, row, events))
    ctx.update(CONTEXTS[kind](ctx, row["params"]))
    return Composed(build_message(svc, row, ctx), contact["email"], ctx["pending_tokens"])


def base_context(svc: Any, row: dict, game: Any, events: list, contact: dict,
                 language: str = locales.DEFAULT) -> dict:
    from domain.clock import clock_of, describe_clock, iso
    from notifications.narrated import history_entries

    settings, seat, gid = svc.settings, row["seat"], str(game.id)
    base = settings.base_url
    # The history as messages; `newest_within` renders what an e-mail quotes in the recipient's language, so
    # the byte budgets measure the text they will read (rendering the whole game for every e-mail cost more).
    entries = history_entries(svc, gid, events, seat)
    # A standing order's choice is not the player acting: "since you last acted" still counts from their own.
    last_own = max((e.originator_version for e in events if type(e).__name__ in ("ChoiceMade", "ChoiceSealed")
                    and e.content.get("seat") == seat
                    and players_own(e.content)),
                   default=0)
    since = newest_within([e for e in entries if e["seq"] > last_own][-SINCE_LIMIT:], MESSAGE_BUDGET,
                          language=language)[0]
    clock = clock_of(game.options)
    sched = _schedule(game, events) if clock["mode"] != "none" else None
    prompt = game.prompt_for(seat)
    deadline = iso(sched.seats[seat].deadline) if sched and seat in sched.seats else None
    pending: list = []
    reply_token = tokens.issue(svc, tokens.REPLY, game, seat, prompt.id if prompt else "", pending)
    unsub = tokens.issue(svc, tokens.UNSUB, game, seat, pending=pending)
    names = {s["seat"]: s["name"] for s in game.seats}

    reader_zone = game.timezone_for(seat)

    def tr(text: Any) -> str:
        return locales.render(text, language, reader_zone)

    return {
        "language": language, "reader_zone": reader_zone, "keywords": words_for(language),
        "languages": [{"code": code, "name": locales.NAMES[code]} for code in locales.LANGUAGES],
        "kind": row["kind"], "seat": seat, "seat_label": tr(seat_name(seat)), "player": names.get(seat, seat),
        "game": {"id": gid, "short": gid[:8], "title": tr(game.rules.title), "status": game.status,
                 "version": game.version, "head": game.head, "rules": game.rules_id},
        "players": [{"seat": s, "label": tr(seat_name(s)), "name": n, "who": tr(seat_label(s, names))}
                    for s, n in names.items()],
        "waiting_for": [tr(seat_label(s, names)) for s in game.waiting_for()],
        "prompt": _prompt(prompt, deadline, language), "deadline": deadline,
        "rule_url": _rule_url(base, game.rules_id, prompt),
        "clock": describe_clock(clock), "timezone": clock["timezone"],
        "since": since, "since_all": entries, "last_own": last_own,
        "can_undo": game.status == "active" and game.undo_problem(seat) is None,
        "reply_address": tokens.reply_address(settings, reply_token),
        "signin_url": f"{base}/go/{tokens.signin_token(settings, game, seat, row.get('created_at'))}",
        "game_url": f"{base}/games/{gid}", "history_url": f"{base}/games/{gid}/history",
        "audit_url": f"{base}/games/{gid}/audit", "archive_url": f"{base}/api/games/{gid}/export",
        "unsubscribe_url": f"{base}/u/{unsub}", "unsubscribe_mailto": tokens.reply_address(settings, unsub),
        "outcome": _outcome(game, names, language, seat), "seed": game.seed if game.status in ("finished", "abandoned") else None,
        "schedule": sched, "names": names, "params": row["params"], "email": contact["email"],
        "pending_tokens": pending,
        "headline": tr(headline(game, prompt)) if row["kind"] in HEADLINED and prompt is not None
        and (row["kind"] != "invitation" or (row.get("params") or {}).get("replacement")) else "",
    }


_cache: OrderedDict[tuple, Any] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(key: tuple, compute: Callable[[], Any]) -> Any:
    """The e-mails of one event (one per seat) share one load and one fold. Everything cached is a pure
    function of an append-only log prefix, so an entry never goes stale; callers only read it."""
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    value = compute()
    with _cache_lock:
        _cache[key] = value
        while len(_cache) > 128:
            _cache.popitem(last=False)
    return value


CONTACTS_TTL = 2.0
_contacts_cache: dict[tuple, tuple[float, dict]] = {}


def _contacts(svc: Any, gid: str) -> dict:
    """The seats' addresses and preferences, re-read at most every two seconds per game."""
    key, now = (id(svc), gid), time.monotonic()
    hit = _contacts_cache.get(key)
    if hit and now - hit[0] < CONTACTS_TTL:
        return hit[1]
    value = svc.store.contacts(gid)
    if len(_contacts_cache) > 1000:
        _contacts_cache.clear()
    if value:
        _contacts_cache[key] = (now, value)
    return value


def forget_contacts(svc: Any, gid: str) -> None:
    _contacts_cache.pop((id(svc), gid), None)


def answered_at_once(events: list, row: dict, seat: str) -> bool:
    """Whether the decision a your-turn row announces was made for the seat by the very command that
    opened it: every event of one command carries the command's `at`. The pump plans per event, so it
    sees the decision open between two events of one save; the player never had anything to decide."""
    seq, prompt_id = row["seq"], (row.get("params") or {}).get("prompt_id")
    if not prompt_id or len(events) <= seq:
        return False
    opened_at = events[seq - 1].content.get("at")
    for event in events[seq:]:
        c = event.content
        if c.get("at") != opened_at:
            return False
        if type(event).__name__ in ("ChoiceMade", "ChoiceSealed") and c.get("seat") == seat \
                and c.get("prompt_id") == prompt_id:
            return automatic(c)
    return False


def shown_by_timeout_mail(svc: Any, gid: str, row: dict, seat: str) -> bool:
    """Whether the decision a your-turn row announces opened in the command that recorded a missed deadline,
    and that deadline's e-mail (sent to every seat, as of the command's end: `command_prefix`) already shows
    it to the seat as its decision: then the your-turn e-mail would only say it again. Both kinds go to the
    same readers (ALLOWED), so the seat reads the decision once, with its reply address, either way."""
    seq, prompt_id = row["seq"], (row.get("params") or {}).get("prompt_id")
    events = _events(svc, gid, seq + 1)
    if not prompt_id or not 0 < seq <= len(events):
        return False
    at, first = events[seq - 1].content.get("at"), seq - 1
    while first > 0 and events[first - 1].content.get("at") == at:  # back to the command's first event
        first -= 1
    missed = next((n + 1 for n in range(first, seq) if type(events[n]).__name__ == "DeadlineMissed"), None)
    if missed is None:
        return False
    end = len(command_prefix(events, missed))
    if seq > end:  # a player's own choice after the deadline's command opened this decision
        return False
    game = _cached(("game", id(svc), gid, end), lambda: _game(svc, gid, end))
    shown = game.prompt_for(seat) if game.status == "active" else None
    return shown is not None and shown.id == prompt_id


def command_prefix(events: list, seq: int) -> list:
    """The log up to the end of the command that recorded event `seq` (a missed deadline): what the
    deadline's policy did at once is part of the news. Every event of one command carries the command's
    `at`, and the command's events are saved together; a player's own choice ends the prefix whatever its
    time (a frozen test clock). Under the bot policy the bot has played the late seat's decisions by then,
    under the default policy the default is played, under the pause policy the game is paused: the e-mail
    shows no decision that is already settled (the bug of a "your decision" block for a played decision)."""
    end = seq
    at = events[seq - 1].content.get("at") if 0 < seq <= len(events) else None
    while end < len(events) and at is not None and events[end].content.get("at") == at:
        c = events[end].content
        if type(events[end]).__name__ in ("ChoiceMade", "ChoiceSealed") and players_own(c):
            break
        end += 1
    return events[:end]


def played_for_late(before: Any, row: dict, events: list) -> Any:
    """What the default policy played for the late seat, as that seat reads it (a choice's label, a form's
    answer in words); None when nothing was played for it or it cannot be told. Only the late seat's own
    e-mail shows it: a secret default stays secret from the others."""
    from domain.forms import summary

    params, seq = row.get("params") or {}, row["seq"]
    late, prompt_id = params.get("late"), params.get("prompt_id")
    played = next((e.content for e in events[seq:] if type(e).__name__ in ("ChoiceMade", "ChoiceSealed")
                   and e.content.get("seat") == late and e.content.get("prompt_id") == prompt_id
                   and not players_own(e.content)), None)
    if played is None:
        return None
    prompt = before.prompt_for(late)  # the game as the deadline passed (`before`, at event `seq`)
    if prompt is None or prompt.id != prompt_id:
        return None
    form = getattr(prompt, "form", None)
    try:
        if form is not None:
            return summary(form, played["choice"])
        return next((c.label for c in prompt.choices if c.id == played["choice"]), None)
    except Exception:  # noqa: BLE001 — an answer that cannot be put in words only loses the detail
        return None


def superseded(svc: Any, gid: str, row: dict, seat: str) -> bool:
    """Whether the decision a your-turn row announces was no longer the seat's when the row fell due (the
    batching rule, MailConfig.turn_settle_seconds): the seat answered it within the settle time, or it was
    replaced by another decision, whose own your-turn row (planned when it opened, due later) announces it.
    Decided from the log alone, by the events recorded at or before the row's due time (`params.due`), so
    the same log always gives the same e-mails however late the row is sent. Rows planned before the
    settle time existed carry no due time: never superseded."""
    from notifications.outbox import iso_epoch

    params = row.get("params") or {}
    prompt_id, due = params.get("prompt_id"), params.get("due")
    if not prompt_id or due is None:
        return False
    events = _events(svc, gid, row["seq"] + 1)
    version = row["seq"]
    opened = iso_epoch(events[version - 1].content["at"])
    while version < len(events) and opened <= iso_epoch(events[version].content["at"]) <= due:
        version += 1  # (an event stamped before the opening one, after a clock ahead of ours, ends the window)
    game = _cached(("game", id(svc), gid, version), lambda: _game(svc, gid, version))
    if game.status != "active":
        return True
    current = game.prompt_for(seat)
    return current is None or current.id != prompt_id


HEADLINED = ("invitation", "your_turn", "reminder")  # the e-mails that ask for a decision


def headline(game: Any, prompt: Any) -> Any:
    """What is asked, for the first line of the body and the HTML preheader: where the game stands (the
    title's public summary, "Round 2 of 8 · Phase I · First Consul") and the decision's own sentence."""
    if prompt is None:
        return None
    stage = None
    summary = getattr(game.rules, "summary", None)
    if summary is not None:
        try:
            stage = summary(game.state)
        except Exception:  # noqa: BLE001 — a title's summary must never stop an e-mail
            stage = None
    if stage:
        return _("%(stage)s: %(decision)s", stage=stage, decision=prompt.text)
    return prompt.text


def _events(svc: Any, gid: str, at_least: int) -> list:
    witness = svc.store.witness(gid)
    length = int(witness["length"]) if witness else 0
    if length < at_least:  # the index lags the event store by a moment: read the log itself
        return svc.events(gid)
    return _log(svc, gid, length)


_logs: OrderedDict[tuple, list] = OrderedDict()  # (service, game) -> the events read so far, checked
_games: OrderedDict[tuple, Any] = OrderedDict()  # (service, game) -> the newest game folded here (read only)


def _game(svc: Any, gid: str, version: int) -> Any:
    """The game as of event `version`. E-mails are composed mostly in the order of their events, so the game
    is folded on from the newest one folded here (a copy, as the repository's cache does) over the events
    `_log` keeps, instead of rebuilt from its snapshot for every e-mail; an older version is loaded as ever."""
    import copy

    key = (id(svc), gid)
    with _cache_lock:
        base = _games.get(key)
    if base is not None and base.version == version:
        return base
    events = _events(svc, gid, version) if base is not None and base.version < version else []
    if len(events) >= version:
        game = copy.deepcopy(base)
        for event in events[base.version:version]:  # the fold service.store.project_game makes
            game = event.mutate(game)
    else:
        game = svc.get(gid, version=version)
    with _cache_lock:
        newest = _games.get(key)
        if newest is None or newest.version < game.version:
            _games[key] = game
            _games.move_to_end(key)
            while len(_games) > 32:
                _games.popitem(last=False)
    return game


def _log(svc: Any, gid: str, length: int) -> list:
    """The game's first `length` events. The log is append-only: the events read for an earlier e-mail are
    kept (for a few dozen games) and only the new ones are read and checked, linked to the last one kept;
    decoding the whole game for every e-mail cost the square of its length."""
    from domain.chain import GENESIS

    key = (id(svc), gid)
    with _cache_lock:
        known = _logs.get(key) or []
    if len(known) < length:
        known = known + svc.events_after(gid, len(known), known[-1].hash if known else GENESIS)
        with _cache_lock:
            _logs[key] = known
            _logs.move_to_end(key)
            while len(_logs) > 32:
                _logs.popitem(last=False)
    return known[:length]


def _schedule(game: Any, events: list) -> Any:
    """The schedule the game (loaded at this very prefix) keeps; folded from the prefix only for a game
    restored without its clock state."""
    from domain.clock import schedule, schedule_of

    return schedule_of(game) or schedule(events)


def _rule_url(base: str, rules_id: str, prompt: Any) -> str | None:
    """The rules reference's section for this decision ("What does this mean?"), if the title has one."""
    section = rule_section(rules_id, prompt.kind) if prompt is not None else None
    return f"{base}/rules/{rules_id}#{section}" if section else None


def _prompt(prompt: Any, deadline: str | None, language: str = locales.DEFAULT) -> dict | None:
    if prompt is None:
        return None
    form = getattr(prompt, "form", None)
    return {"id": prompt.id, "text": prompt.text, "secret": prompt.secret, "deadline": deadline,
            "choices": [{"n": n, "id": c.id, "label": c.label} for n, c in enumerate(prompt.choices, 1)],
            "form": _reply_guide(form, language) if form is not None else None}


def _reply_guide(form: Any, language: str) -> dict:
    """The form's reply guide; in another language than English each reply line starts with the field's
    label in that language instead of its id ("χαρακτήρες: 1 2 3"), which the reply parser reads as well
    (notifications.inbound.field_lines)."""
    guide = reply_guide(form)
    if language != locales.DEFAULT:
        for line, f in zip(guide["reply"], form.fields):
            line["line"] = locales.render(f.label, language) + line["line"][len(f.name):]
    return guide


def _outcome(game: Any, names: dict, language: str = locales.DEFAULT, seat: str | None = None) -> dict | None:
    """Who won (no winner: everybody lost), the scores, and the title's explanation for this reader (its
    optional `outcome_lines`: why the game ended, each seat's result), rendered in the reader's language."""
    if not game.outcome:
        return None
    o = game.outcome
    return {"winners": [locales.render(seat_label(w, names), language) for w in o["winners"]],
            "scores": [{"who": locales.render(seat_label(s, names), language), "score": v}
                       for s, v in o["scores"].items()],
            "lines": [locales.render(line, language) for line in outcome_lines_for(game.rules, game.state, seat)]}


def subject(ctx: dict) -> str:
    """Constant per game and seat: Gmail threads by subject as well as by References."""
    return locales.render(_("[Tabularium] %(title)s, game %(short)s (%(seat)s)", title=ctx["game"]["title"],
                            short=ctx["game"]["short"], seat=ctx["seat_label"]),
                          ctx.get("language") or locales.DEFAULT)


def thread_root(game_id: str, seat: str, domain: str) -> str:
    digest = hashlib.sha256(f"{game_id}/{seat}".encode()).hexdigest()[:24]
    return f"<thread-{digest}@{domain}>"


def render(kind: str, ctx: dict) -> tuple[str, str, str]:
    ctx = {"language": locales.DEFAULT, **ctx}
    ctx["thread_subject"] = subject(ctx)
    env_text, env_html = environments(ctx["language"])
    subj = env_text.get_template(f"{kind}/subject.txt").render(ctx).strip()
    text = env_text.get_template(f"{kind}/body.txt").render(ctx).strip() + "\n"
    html = env_html.get_template(f"{kind}/body.html").render(ctx)
    return " ".join(subj.split()), text, html


def build_message(svc: Any, row: dict, ctx: dict) -> Outgoing:
    """The message as bytes: our own header block (ASCII, RFC 2047 only where a value is not), then a
    multipart/alternative body from the compat32 classes. Far cheaper than EmailMessage's header
    registry and folding, which matters at a hundred e-mails a second; the bytes are the same on a re-send."""
    settings = svc.settings
    domain = mail_domain(settings)
    subj, text, html = render(row["kind"], ctx)
    boundary = "=_" + hashlib.sha256(row["message_id"].encode()).hexdigest()[:32]
    body = MIMEMultipart("alternative", boundary=boundary)
    body.attach(_text_part(text, "plain"))
    body.attach(_text_part(html, "html"))
    local = settings.inbound_address.partition("@")[0]
    sender = f"{local}@{domain}"
    root = thread_root(ctx["game"]["id"], row["seat"], domain)
    headers = [
        ("From", formataddr(("Tabularium", sender))),
        ("To", formataddr((ctx["player"][:60], ctx["email"]), charset="utf-8")),
        ("Reply-To", ctx["reply_address"]),
        ("Subject", subj if subj.isascii() else Header(subj, "utf-8").encode()),
        ("Date", formatdate(row.get("created_at") or None, usegmt=True)),
        ("Message-ID", row["message_id"]),
        ("In-Reply-To", root),
        ("References", root),
        ("List-Id", f"Tabularium game {ctx['game']['short']} <{ctx['game']['id']}.games.{domain}>"),
        ("List-Unsubscribe", f"<{ctx['unsubscribe_url']}>, <mailto:{ctx['unsubscribe_mailto']}?subject=unsubscribe>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("Auto-Submitted", "auto-replied" if row["kind"] in TRANSACTIONAL else "auto-generated"),
        ("X-Auto-Response-Suppress", "All"),
        ("X-Tabularium-Game", ctx["game"]["id"]),
        ("X-Tabularium-Seat", row["seat"]),
        ("X-Tabularium-Kind", row["kind"]),
        ("X-Tabularium-Chain-Head", ctx["game"]["head"]),
    ]
    head = "".join(f"{name}: {_clean(value)}\n" for name, value in headers).encode("ascii")
    raw = head + body.as_bytes(policy=_BODY_POLICY)
    return Outgoing(raw, row["message_id"], sender)


def _clean(value: str) -> str:
    """No header injection: a value is one line of ASCII (non-ASCII was RFC 2047-encoded above)."""
    value = " ".join(str(value).split())
    if not value.isascii():
        value = Header(value, "utf-8").encode()
    return value


def _text_part(body: str, subtype: str) -> MIMEText:
    """7bit when every line is short ASCII; otherwise quoted-printable (SMTP refuses lines over 998 octets)."""
    if body.isascii() and max(map(len, body.splitlines() or [""])) <= 900:
        return MIMEText(body, subtype, "us-ascii")
    charset = Charset("utf-8" if not body.isascii() else "us-ascii")
    charset.body_encoding = QP
    return MIMEText(body, subtype, charset)


# ------------------------------------------------------------------------------------------- kinds

@context("invitation")
def _invitation(ctx: dict, params: dict) -> dict:
    return {"replacement": bool(params.get("replacement"))}


@context("your_turn")
def _your_turn(ctx: dict, params: dict) -> dict:
    return {}


@context("reminder")
def _reminder(ctx: dict, params: dict) -> dict:
    prompt = ctx["prompt"]
    if prompt is None or prompt["id"] != params.get("prompt_id"):
        raise Skip("the decision was made: the reminder is obsolete")
    return {"rung": params.get("rung"), "final": bool(params.get("final"))}


@context("late")
def _late(ctx: dict, params: dict) -> dict:
    sched = ctx["schedule"]
    late = params.get("late")
    clock = sched.seats.get(late) if sched else None
    if clock is None or clock.prompt_id != params.get("prompt_id"):
        raise Skip("the late seat has decided: the notice is obsolete")
    from domain.clock import iso

    return {"late_label": seat_label(late, ctx["names"]), "late_since": iso(clock.since),
            "late_deadline": iso(clock.deadline)}


@context("timeout")
def _timeout(ctx: dict, params: dict) -> dict:
    """The table reads "Blue (Bob) missed the deadline…: <what the policy did>" in the third person; the
    late seat reads what happened to it in the second person (`you_late`, `yours`): the default played
    for it (and which), its seat now in the bot's hands and how to take it back, or the game paused."""
    late, policy = params.get("late") or "", params.get("policy")
    action = {"default": _("the default choice was played for them"), "pause": _("the game is paused"),
              "bot": _("the bot played for them")}.get(policy, _("the deadline policy was applied"))
    you_late = late == ctx["seat"]
    return {"late_label": _("You") if you_late else seat_label(late, ctx.get("names_before") or ctx["names"]),
            "you_late": you_late, "action": action, "seat_open": bool(params.get("seat_open")),
            "yours": _yours(ctx, policy) if you_late else [],
            "takeover_open": you_late and policy == "bot" and _replaceable(ctx)}


def _yours(ctx: dict, policy: Any) -> list:
    """The late seat's own sentences about its missed deadline."""
    title, short = ctx["game"]["title"], ctx["game"]["short"]
    if policy == "default":
        played = ctx.get("played_for_you")
        if played:
            return [_("You missed the deadline in %(title)s (game %(short)s): the default was played for you: "
                      "%(choice)s.", title=title, short=short, choice=played)]
        return [_("You missed the deadline in %(title)s (game %(short)s): the default was played for you.",
                  title=title, short=short)]
    if policy == "bot":
        return [_("You missed the deadline in %(title)s (game %(short)s); the bot now plays your seat and makes "
                  "each of its decisions as soon as it is due.", title=title, short=short),
                _("To take your seat back, ask the operator to hand it back to you: you then receive a new "
                  "link to the game.")]
    if policy == "pause":
        return [_("You missed the deadline in %(title)s (game %(short)s): the game is paused. Your decision "
                  "waits for you until the operator resumes the game.", title=title, short=short)]
    return [_("You missed the deadline in %(title)s (game %(short)s): %(action)s.", title=title, short=short,
              action=_("the deadline policy was applied"))]


def _replaceable(ctx: dict) -> bool:
    """Whether the other players may invite someone to a bot's seat (service.replacement.open_seats): only
    when the clock opens seats at all (`replace_after_missed` not 0)."""
    from domain.clock import clock_of

    return "game_options" in ctx and bool(clock_of(ctx["game_options"])["replace_after_missed"])


@context("message")
def _message(ctx: dict, params: dict) -> dict:
    from domain.clock import parse_at

    window, bucket = int(params.get("window") or 300), int(params.get("bucket") or 0)
    lo, hi = bucket * window, (bucket + 1) * window
    messages = [e for e in ctx["since_all"] if e["type"] == "MessagePosted"
                and lo <= parse_at(e["at"]).timestamp() < hi]
    if not messages:
        raise Skip("no message to show")
    kept, older = newest_within(messages, MESSAGE_BUDGET, language=ctx.get("language") or locales.DEFAULT)
    return {"messages": kept, "older": older}


def newest_within(entries: list[dict], budget: int, cap: int | None = None,
                  language: str = locales.DEFAULT) -> tuple[list[dict], int]:
    """The newest history entries whose text (whole sentences, rendered) fits in `budget` UTF-8 bytes,
    each first cut to `cap` bytes, in their order; and how many older ones were left out. The newest is
    always kept, so a window of chat is never announced by an e-mail that shows none of it."""
    cap = ENTRY_BYTES if cap is None else cap
    kept: list[dict] = []
    used = 0
    for entry in reversed(entries):
        sentences = [locales.render(t, language) for t in entry["text"]]
        line = clip(" ".join(sentences), cap, language)
        size = len(line.encode("utf-8"))
        if kept and used + size > budget:
            break
        # Kept sentence by sentence (a template may put each on its own line) unless the entry had to be cut.
        kept.append({**entry, "text": sentences if line == " ".join(sentences) else [line]})
        used += size
    return kept[::-1], len(entries) - len(kept)


def clip(text: str, cap: int, language: str = locales.DEFAULT) -> str:
    """`text` cut to `cap` UTF-8 bytes (never inside a character), saying where the rest is."""
    data = text.encode("utf-8")
    if len(data) <= cap:
        return text
    return locales.render(_("%(text)s [… cut: the whole message is on the game page]",
                            text=data[:cap].decode("utf-8", "ignore").rstrip()), language)


@context("digest")
def _digest(ctx: dict, params: dict) -> dict:
    """The events of one day: a local day in the game's zone, as the pump keyed the row (plan.digest_day)."""
    from notifications.plan import digest_day

    day, zone = params.get("day", ""), ctx["timezone"]
    entries = [e for e in ctx["since_all"] if digest_day(e["at"], zone)[0] == day]
    if not entries:
        raise Skip("nothing happened that day")
    kept, _left = newest_within(entries[-100:], DIGEST_BUDGET, language=ctx.get("language") or locales.DEFAULT)
    return {"day": day, "entries": kept, "older": len(entries) - len(kept)}


@context("finished")
def _finished(ctx: dict, params: dict) -> dict:
    return {"abandoned": bool(params.get("abandoned"))}


@context("reply_accepted")
def _reply_accepted(ctx: dict, params: dict) -> dict:
    undone = bool(params.get("undo") or params.get("cancelled") or params.get("language")
                  or params.get("shown"))  # nothing to take back
    return {"choice_label": from_json(params.get("choice_label", "")), "result_version": params.get("version"),
            "can_undo": ctx["can_undo"] and not undone, "standing": params.get("standing")}


@context("reply_rejected")
def _reply_rejected(ctx: dict, params: dict) -> dict:
    return {"reason": from_json(params.get("reason", ""))}


__all__ = ["compose", "Composed", "Skip", "NotYet", "render", "subject", "thread_root", "CONTEXTS", "ALLOWED",
           "recipient_language", "language_of", "environments", "seat_label"]
