"""Inbound e-mail: a reply to a notification makes the choice named by its first word.

One function, `handle(svc, raw)`, serves every route (the MTA pipe `tabularium mail-in`, the IMAP
poller, the HTTP webhook). In order:

1. Read the message without touching the database, within limits (MAX_BYTES, MAX_CONTAINERS nested
   parts before parsing, MAX_DEPTH and MAX_PARTS after, a known charset or plain ASCII). Anything it
   cannot read, whatever the exception, is dropped for good and logged ("dropped:<why>"), so every
   route acknowledges it; only the later, recording stage may raise (the database), and then the
   route retries the message.
2. Drop auto-replies, bounces and list mail (Auto-Submitted, X-Autoreply, Precedence, empty
   Return-Path, MAILER-DAEMON, multipart/report, our own X-Tabularium headers) — silently, so two
   robots can never ping-pong.
3. Authorise by the plus-address token only (`play+<token>@domain`, see notifications.tokens); an
   unknown token is dropped silently (no backscatter to forged senders). The From address must
   also match the seat's registered address, but it is never enough on its own.
4. De-duplicate by Message-ID (a unique row), and record the choice with an idempotency key derived
   from it, so even a crash between the two cannot record it twice.
5. The first non-quoted word is a choice number (as listed in the e-mail) or a choice id; `UNDO` takes
   back the seat's last choice; `CANCEL <n>` cancels standing order n; `ALWAYS <number or id>` makes the
   choice and sets a standing order
   (the same choice whenever a prompt of that kind offers it again); `LANGUAGE <code or name>` sets the
   language of the seat's e-mails and pages. The commands have a word in every language (ΠΑΝΤΑ, MINDIG,
   ...: notifications.keywords), any of which is understood whatever the reader's language; the sentences
   that name them name the word of the reader's language.
   A stale or illegal reply gets a short explanation with the current choices — sent to the
   registered address, at most a few per hour per seat; an accepted one gets a confirmation.
   The explanations and confirmations are translatable messages (domain.i18n), stored in the outbox
   row as JSON (`to_json`) so the e-mail renders them in the recipient's language.
"""
from __future__ import annotations

import hashlib
import logging
import re
import time
from dataclasses import dataclass
from email import message_from_bytes
from email.message import Message
from email.utils import getaddresses
from typing import Any

from domain import forms
from domain.errors import GameError
from domain.game import status_name
from domain.i18n import _, to_json
from domain.rules import Choice, IllegalAction
from notifications import outbox, tokens
from notifications.keywords import command_of, words_for


def undone_label(undo_word: str) -> str:
    """What the confirmation of an UNDO says was recorded, naming the word in the reader's language."""
    return _("your last choice is taken back (%(undo)s)", undo=undo_word)



log = logging.getLogger("tabularium.inbound")

MAX_BYTES = 1_000_000     # a reply is a few lines; this leaves room for quoting and a small attachment
MAX_CONTAINERS = 40       # multipart/* and message/* parts, counted before parsing (bounds the recursion)
MAX_DEPTH = 10            # nesting levels below the message itself
MAX_PARTS = 100           # parts of every kind, after parsing
MAX_TEXT = 20_000
REJECTIONS_PER_HOUR = 5
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To",
                     "Original-Recipient", "X-Forwarded-To")
# The line a mail client writes above the quoted e-mail, in the languages of the clients we meet (Greek:
# "Στις 1/12/2026 ... ο/η X έγραψε:"; Hungarian: "X ezt írta (időpont):", "... írta:").
QUOTE_HEAD = re.compile(r"^\s*(on .{0,200}wrote:|le .{0,200}a écrit|am .{0,200}schrieb|-----original message-----|"
                        r"-----αρχικό μήνυμα-----|-----eredeti üzenet-----|"
                        r"στις .{0,200}έγραψε:?|.{0,200}\bέγραψε:|.{0,200}\bírta\b.{0,200}:|"
                        r"from: .{0,200}|από: .{0,200}|feladó: .{0,200}|_{8,}|-- ?)\s*$", re.I)


@dataclass
class Result:
    outcome: str                  # accepted | rejected:<why> | dropped:<why> | duplicate | unsubscribed
    detail: str = ""
    game_id: str | None = None
    seat: str | None = None
    rows: tuple[str, ...] = ()    # outbox rows to send (confirmation, explanation)


def handle(svc: Any, raw: bytes | str, envelope_to: list[str] | None = None) -> Result:
    """Process one inbound message; never raises for anything the message contains.

    Reading the message (parse, filters, token, reply text) touches no database, so any exception
    there is the message's fault: it is dropped for good and logged. Only the second stage, which
    records, may raise (a database outage): every route then retries the message later."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    try:
        letter = read(svc.settings, raw, envelope_to or [])
    except Unreadable as exc:
        log.warning("inbound: message dropped (%s; %d bytes, sha256 %s)", exc.why, len(raw),
                    hashlib.sha256(raw).hexdigest()[:16])
        return Result(f"dropped:{exc.why}")
    if isinstance(letter, Result):
        return letter
    try:
        return _handle(svc, letter)
    except GameError as exc:
        return Result("dropped:refused", exc.reason)
    except (ValueError, TypeError, LookupError, UnicodeError, AttributeError, IndexError, AssertionError) as exc:
        log.info("inbound: unreadable message dropped (%s)", type(exc).__name__)
        return Result("dropped:unreadable", f"{type(exc).__name__}")


def _handle(svc: Any, letter: Letter) -> Result:
    scope = tokens.lookup(svc, letter.token)
    if scope is None:
        return Result("dropped:unknown-token")
    gid, seat = scope["game_id"], scope["seat"]
    if scope["purpose"] == tokens.UNSUB:
        return _unsubscribe(svc, gid, seat)
    key = letter.key
    if not _first_time(svc, key, gid, seat):
        return Result("duplicate", game_id=gid, seat=seat)
    result = _reply(svc, letter.msg, scope, key, letter.text)
    svc.store.db.execute("UPDATE tabularium_inbound SET outcome=? WHERE message_key=?", (result.outcome[:200], key))
    return result


# ------------------------------------------------------------------------------------- reading

class Unreadable(Exception):
    """The message cannot or must not be parsed (too big, too deep, too many parts, damaged)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


@dataclass
class Letter:
    """What the second stage needs from a message that was read successfully."""

    msg: Message
    token: str
    key: str
    text: str


# A Content-Type header (possibly folded) that opens a nested part: counted on the raw bytes, so a
# MIME bomb (multiparts nested 1,000 deep) is refused before the recursive stdlib parser sees it.
CONTAINER = re.compile(rb"(?:^|[\r\n])content-type:[ \t]*(?:(?:\r\n|\r|\n)[ \t]+)*(?:multipart|message)/", re.I)


def read(settings: Any, raw: bytes, envelope_to: list[str]) -> Letter | Result:
    """Parse and inspect a message without touching the database: a Letter to act on, a Result for a
    message that is silently ignored, or Unreadable."""
    msg = parse(raw)
    try:
        why = automatic(msg)
        if why:
            return Result(f"dropped:{why}")
        token = find_token(settings, msg, envelope_to)
        if token is None:
            return Result("dropped:no-token")
        return Letter(msg, token, message_key(msg, raw), body_text(msg))
    except Unreadable:
        raise
    except Exception as exc:  # noqa: BLE001 — damage the parser let through; the message's fault
        raise Unreadable("unreadable") from exc


def parse(raw: bytes) -> Message:
    """The message, within the limits of size, nesting and parts; raises Unreadable."""
    if not raw or len(raw) > MAX_BYTES:
        raise Unreadable("size")
    if len(CONTAINER.findall(raw, 0, MAX_BYTES)) > MAX_CONTAINERS:
        raise Unreadable("too-many-parts")
    try:
        msg = message_from_bytes(raw)  # compat32: raw header strings, fast and tolerant of damage
    except Exception as exc:  # noqa: BLE001 — RecursionError, MemoryError, a parser bug: never our retry
        raise Unreadable("unreadable") from exc
    check_shape(msg)
    return msg


def check_shape(msg: Message) -> None:
    """At most MAX_DEPTH levels and MAX_PARTS parts, counted without recursion."""
    stack, parts = [(msg, 0)], 0
    while stack:
        part, depth = stack.pop()
        parts += 1
        if depth > MAX_DEPTH:
            raise Unreadable("too-deep")
        if parts > MAX_PARTS:
            raise Unreadable("too-many-parts")
        if part.is_multipart():
            stack.extend((child, depth + 1) for child in part.get_payload())


# ------------------------------------------------------------------------------------- filters

def automatic(msg: Message) -> str | None:
    """Why a message is machine-made (and must get no answer), or None."""
    h = {k.lower(): str(v).strip().lower() for k, v in _headers(msg)}
    if h.get("auto-submitted", "no") not in ("", "no"):
        return "auto-submitted"
    if any(k in h for k in ("x-autoreply", "x-autorespond", "x-auto-response-suppress-loop")):
        return "auto-reply"
    if h.get("precedence") in ("bulk", "junk", "list", "auto_reply"):
        return "bulk"
    if any(k.startswith("x-tabularium-") for k in h):
        return "loop"  # one of our own e-mails, bounced or forwarded back
    if "list-id" in h or "list-unsubscribe" in h:
        return "list"
    if h.get("return-path", "x") in ("<>", ""):
        return "bounce"
    sender = h.get("from", "")
    if re.search(r"(mailer-daemon|postmaster|noreply|no-reply)@", sender):
        return "bounce"
    if msg.get_content_type() == "multipart/report" or "delivery-status" in h.get("content-type", ""):
        return "bounce"
    return None


def _headers(msg: Message) -> list[tuple[str, str]]:
    return [(str(k), str(v)[:2000]) for k, v in msg.items()[:200]]


def find_token(settings: Any, msg: Message, envelope_to: list[str]) -> str | None:
    local, _, domain = settings.inbound_address.partition("@")
    pattern = re.compile(rf"{re.escape(local)}\+([a-z2-7]{{{tokens.TOKEN_LEN}}})@{re.escape(domain or 'localhost')}",
                         re.I)
    candidates = list(envelope_to)
    for name in RECIPIENT_HEADERS:
        for value in msg.get_all(name, []) or []:
            candidates.append(str(value)[:2000])
    for text in candidates:
        m = pattern.search(text)
        if m:
            return m.group(1).lower()
    return None


def message_key(msg: Message, raw: bytes) -> str:
    mid = str(msg.get("Message-ID", "") or "").strip()[:500]
    basis = f"id:{mid.lower()}" if mid else "raw:" + hashlib.sha256(raw).hexdigest()
    return hashlib.sha256(basis.encode("utf-8", "replace")).hexdigest()[:40]


def _first_time(svc: Any, key: str, gid: str, seat: str) -> bool:
    """Claim this Message-ID; a claim left 'processing' for 10 minutes (a crash) may be taken again."""
    outbox.ensure_schema(svc.store)
    now = time.time()
    with svc.store.db.transaction() as cur:
        got = cur.execute("INSERT INTO tabularium_inbound (message_key, received_at, outcome, game_id, seat)"
                          " VALUES (?, ?, 'processing', ?, ?) ON CONFLICT (message_key) DO NOTHING RETURNING message_key",
                          (key, now, gid, seat)).fetchall()
        if got:
            return True
        return cur.execute("UPDATE tabularium_inbound SET received_at=? WHERE message_key=? AND outcome='processing'"
                           " AND received_at<?", (now, key, now - 600)).rowcount == 1


# ------------------------------------------------------------------------------------- the reply

def _reply(svc: Any, msg: Message, scope: dict, key: str, text: str) -> Result:
    gid, seat = scope["game_id"], scope["seat"]
    game = svc.get(gid)
    contact = svc.store.contacts(gid).get(seat) or {}
    sender = _from_address(msg)

    def reject(reason: str, outcome: str) -> Result:
        return _reject(svc, game, seat, key, reason, outcome)

    if not contact.get("email") or sender != contact["email"].strip().lower():
        return reject(_("it did not come from the address registered for your seat. Reply from that address, "
                        "or use the turn form."), "rejected:sender")
    if tokens.fingerprint(game, seat) != scope["fingerprint"]:
        return reject(_("the reply address of that e-mail is no longer valid (your seat's link was replaced). "
                        "Reply to this e-mail instead."), "rejected:revoked")
    words = first_words(text, 2)
    word = words[0] if words else ""
    command = command_of(word)
    keywords = _keywords(svc, game, seat)
    if command == "undo":
        return _undo(svc, game, seat, key, reject, keywords)
    if command == "cancel":
        return _cancel(svc, game, seat, words[1] if len(words) > 1 else "", key, reject, keywords)
    if command == "language":
        return _language(svc, game, seat, words[1] if len(words) > 1 else "", key, reject, keywords)
    if command == "show":
        return _show(svc, game, seat, first_words(text, 12)[1:], key, reject, keywords)
    standing = command == "always"
    if standing:  # "ALWAYS 2": the choice is the word after it
        word = words[1] if len(words) > 1 else ""
    prompt = game.prompt_for(seat)
    if prompt is None:
        over = game.status in ("finished", "abandoned")
        if not over and scope.get("prompt_id") and svc.was_offered(game, seat, scope["prompt_id"]):
            return reject(_("this decision was already made (the game has moved on since that e-mail); "
                            "there is no decision for you at the moment."), "rejected:stale")
        return reject(_("the game is over.") if over else
                      _("there is no decision for you at the moment (the game is %(status)s).",
                        status=status_name(game.status)), "rejected:not-due")
    if scope["prompt_id"] != prompt.id:
        return reject(_("the game has moved on since that e-mail, so its choices no longer apply. "
                        "Here is your current decision: reply to this e-mail."), "rejected:stale")
    if prompt.form is not None:  # a form: one line per field (domain.forms.read_reply)
        return _choose_form(svc, gid, seat, prompt, text, key, standing, reject)
    if not word:
        return reject(_("no choice was found at the start of your reply. Write %(always)s followed by the number "
                        "of your choice.", always=keywords["always"]) if standing else
                      _("no choice was found at the start of your reply. Write the number of your choice as the "
                        "first word."), "rejected:empty")
    choice = resolve_choice(prompt, word)
    if choice is None:
        quoted = repr(word[:40])
        return reject(_("%(word)s is not one of the choices. Write %(always)s followed by the number of your "
                        "choice.", word=quoted, always=keywords["always"]) if standing else
                      _("%(word)s is not one of the choices. Write the number of your choice as the first word.",
                        word=quoted), "rejected:illegal")
    return _choose(svc, gid, seat, prompt, choice, key, standing, reject)


def _choose_form(svc: Any, gid: str, seat: str, prompt: Any, text: str, key: str, standing: bool,
                 reject: Any) -> Result:
    """A reply to a form: the lines above the quotation, one per field (`characters: 1 3 4 6 7 9`; a bare
    line for a one-field form), `ALWAYS` first for a standing order; read into the canonical answer."""
    lines = field_lines(prompt.form, visible_lines(text))
    if standing and lines:
        lines[0] = lines[0].split(None, 1)[1] if len(lines[0].split(None, 1)) > 1 else ""
    try:
        answer = forms.read_reply(prompt.form, lines)
    except IllegalAction as exc:
        return reject(_("%(reason)s Write one line per field, for example: %(example)s", reason=exc.reason,
                        example=forms.reply_syntax(prompt.form)), "rejected:illegal")
    return _choose(svc, gid, seat, prompt, Choice(answer, forms.summary(prompt.form, answer)), key, standing, reject)


def _choose(svc: Any, gid: str, seat: str, prompt: Any, choice: Any, key: str, standing: bool,
            reject: Any) -> Result:
    try:
        result = svc.choose(gid, seat, prompt.id, choice.id, key=f"mail:{key}", by="seat", standing=standing)
    except IllegalAction as exc:
        return reject(exc.reason, "rejected:illegal")
    except GameError as exc:
        return reject(exc.reason, "rejected:refused")
    params = {"choice_label": to_json(choice.label), "version": result["version"]}
    if standing:
        params["standing"] = _order_set(svc, gid, seat, prompt.kind)
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_accepted",
                                                result["version"], params)])
    return Result("accepted", choice.id, gid, seat, tuple(rows))


def _order_set(svc: Any, gid: str, seat: str, kind: str) -> dict:
    """What the confirmation says about the order just set: its number (to find it on the game page)
    and its kind in words. The order may already be gone (cancelled in a race): then no number."""
    from domain.help import kind_name

    game = svc.get(gid)
    order = next((o for o in game.standing.get(seat, []) if o["kind"] == kind), None)
    return {"order": order["id"] if order else None, "kind": to_json(kind_name(game.rules_id, kind))}


def _keywords(svc: Any, game: Any, seat: str) -> dict[str, str]:
    """The command words of the seat's language, for the sentences that name them."""
    from notifications.compose import language_of

    return words_for(language_of(svc, str(game.id), seat, game))


def field_lines(form: Any, lines: list[str]) -> list[str]:
    """The reply's lines with a field's label, in any of the languages, written as the field's id: an
    e-mail in Greek shows "χαρακτήρες: 1 3 4" and the parser (domain.forms.read_reply) reads ids."""
    import locales

    labels = {locales.fold(locales.render(f.label, language)): f.name
              for f in form.fields for language in locales.LANGUAGES}
    out = []
    for line in lines:
        head, sep, rest = line.partition(":")
        name = labels.get(locales.fold(head)) if sep else None
        out.append(f"{name}:{rest}" if name else line)
    return out


def _language(svc: Any, game: Any, seat: str, word: str, key: str, reject: Any, keywords: dict) -> Result:
    """LANGUAGE <code or name> (ΓΛΩΣΣΑ, NYELV) sets the language of the seat's e-mails and pages; like UNDO
    it names no decision, so any of the seat's current reply addresses will do. The confirmation comes in
    the new language."""
    from locales import LANGUAGES, NAMES, language_named
    from notifications.preferences import set_language

    gid = str(game.id)
    language = language_named(word)
    if language is None:
        return reject(_("write %(command)s followed by one of %(languages)s.", command=keywords["language"],
                        languages=", ".join(NAMES[code] for code in LANGUAGES)), "rejected:language")
    set_language(svc, gid, seat, language, by="seat")
    version = svc.get(gid).version
    label = _("the language of your e-mails and pages is now %(language)s (%(command)s)", language=NAMES[language],
              command=words_for(language)["language"])
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_accepted", version,
                                                {"choice_label": to_json(label), "version": version,
                                                 "language": language})])
    return Result("accepted", f"language:{language}", gid, seat, tuple(rows))


def _seat_named(game: Any, word: str) -> str | None:
    """The seat a reply names: its id ("blue") or its colour in any of the languages ("Μπλε", "kék")."""
    import locales
    from domain.rules import seat_name

    folded = locales.fold(word)
    return next((s for s in game.seat_ids if folded == locales.fold(s) or any(
        folded == locales.fold(locales.render(seat_name(s), language)) for language in locales.LANGUAGES)), None)


def _show(svc: Any, game: Any, seat: str, names: list[str], key: str, reject: Any, keywords: dict) -> Result:
    """SHOW <seats> (ΔΕΙΞΕ, MUTAT) shows the seat's secret cards to those seats (domain/shown.py): the server
    writes the message from the real hand. Like UNDO it names no decision, so any current reply address does."""
    from domain.rules import comma_list, seat_name

    gid = str(game.id)
    seats = [_seat_named(game, name) for name in names]
    if not seats or None in seats or seat in seats:
        return reject(_("write %(show)s followed by the colours of the seats to show your cards to.",
                        show=keywords["show"]), "rejected:show")
    try:
        result = svc.show_cards(gid, seat, seats)
    except GameError as exc:
        return reject(_("nothing was shown. %(reason)s", reason=exc.reason), "rejected:show")
    label = _("your cards are shown to %(seats)s (%(show)s)", seats=comma_list(seat_name(s) for s in sorted(set(seats))),
              show=keywords["show"])
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_accepted", result["version"],
                                                {"choice_label": to_json(label), "version": result["version"],
                                                 "shown": True})])
    return Result("accepted", "show", gid, seat, tuple(rows))


def _undo(svc: Any, game: Any, seat: str, key: str, reject: Any, keywords: dict) -> Result:
    """UNDO as the first word of a reply from the seat's address takes back its last choice, under the
    same rule as the button (until a reveal, a draw or another player's turn); any of the seat's current
    reply addresses will do, since it names no decision."""
    gid = str(game.id)
    try:
        result = svc.undo(gid, seat)
    except GameError as exc:
        return reject(_("nothing was taken back. %(reason)s", reason=exc.reason), "rejected:undo")
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_accepted", result["version"],
                                                {"choice_label": to_json(undone_label(keywords["undo"])),
                                                 "version": result["version"],
                                                 "undo": True})])
    return Result("accepted", "undo", gid, seat, tuple(rows))


def _cancel(svc: Any, game: Any, seat: str, word: str, key: str, reject: Any, keywords: dict) -> Result:
    """CANCEL <n> cancels the seat's standing order n; like UNDO it names no decision, so any of the
    seat's current reply addresses will do."""
    gid = str(game.id)
    if not (word.isascii() and word.isdigit()) or len(word) > 9:
        return reject(_("write %(cancel)s followed by the number of one of your standing orders (the game page "
                        "lists them).", cancel=keywords["cancel"]), "rejected:cancel")
    try:
        result = svc.cancel_standing_order(gid, seat, int(word))
    except GameError as exc:
        return reject(_("nothing was cancelled. %(reason)s", reason=exc.reason), "rejected:cancel")
    label = _("standing order %(order)d is cancelled (%(cancel)s): you will be asked again", order=int(word),
              cancel=keywords["cancel"])
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_accepted", result["version"],
                                                {"choice_label": to_json(label), "version": result["version"],
                                                 "cancelled": int(word)})])
    return Result("accepted", "cancel", gid, seat, tuple(rows))


def _reject(svc: Any, game: Any, seat: str, key: str, reason: str, outcome: str) -> Result:
    gid = str(game.id)
    recent = svc.store.db.query("SELECT COUNT(*) AS n FROM tabularium_outbox WHERE game_id=? AND seat=?"
                                " AND kind='reply_rejected' AND created_at>?", (gid, seat, time.time() - 3600))
    if recent and int(recent[0]["n"]) >= REJECTIONS_PER_HOUR:
        return Result(outcome, "rate-limited: no explanation sent", gid, seat)
    rows = outbox.add_rows(svc, [outbox.new_row(f"{gid}/reply/{key}", gid, seat, "reply_rejected", game.version,
                                                {"reason": to_json(reason)})])
    return Result(outcome, reason, gid, seat, tuple(rows))


def _unsubscribe(svc: Any, gid: str, seat: str) -> Result:
    from notifications.preferences import set_preference

    set_preference(svc, gid, seat, "none")
    return Result("unsubscribed", game_id=gid, seat=seat)


def _from_address(msg: Message) -> str:
    try:
        pairs = getaddresses([str(v) for v in (msg.get_all("From") or [])])
    except Exception:  # noqa: BLE001
        return ""
    return pairs[0][1].strip().lower() if len(pairs) == 1 else ""


def _text_part(msg: Message) -> Message | None:
    """The first inline text/plain part, else the first text/html one (looking at 100 parts at most)."""
    html = None
    for n, part in enumerate(msg.walk()):
        if n > 100:
            break
        if part.is_multipart() or "attachment" in str(part.get("Content-Disposition", "")).lower():
            continue
        kind = part.get_content_type()
        if kind == "text/plain":
            return part
        if kind == "text/html" and html is None:
            html = part
    return html


def body_text(msg: Message) -> str:
    part = _text_part(msg)
    if part is None:
        return ""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    chunk = payload[: MAX_TEXT * 4]
    try:
        text = chunk.decode(charset, "replace")
    except (LookupError, ValueError):  # an unknown or bogus charset: only plain ASCII reads the same in any
        if not chunk.isascii():
            raise Unreadable("charset") from None
        text = chunk.decode("ascii")
    text = text[:MAX_TEXT]
    if part.get_content_type() == "text/html":
        text = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", " ", text)
        text = re.sub(r"(?i)<br\s*/?>|</p>|</div>", "\n", text)
        text = re.sub(r"<[^>]{0,2000}>", " ", text)
    return text


def first_word(text: str) -> str:
    """The first word of the reply, above any quotation."""
    words = first_words(text, 1)
    return words[0] if words else ""


# The reply parser's regexes are quadratic on some texts (20,000 newlines take minutes, "On " repeated
# seconds): it only reads the start of the reply, where the first word is, within these bounds.
REPLY_PARSER_LINES = 12
REPLY_PARSER_CHARS = 1_000


def visible_lines(text: str, limit: int = 30) -> list[str]:
    """The non-empty lines of the reply above any quotation (at most `limit`)."""
    try:
        from mailparser_reply import EmailReplyParser

        visible = EmailReplyParser(languages=["en", "de", "fr", "it", "es", "nl"]).parse_reply(text=text) or ""
    except Exception:  # noqa: BLE001 — the reply parser is a best effort; our own scan follows
        visible = text
    out = []
    for line in (visible or text).splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(">") or QUOTE_HEAD.match(stripped) or len(out) >= limit:
            break
        out.append(stripped[:500])
    return out


def first_words(text: str, count: int) -> list[str]:
    """Up to `count` words of the reply's first line, above any quotation."""
    text = "\n".join(text.lstrip().splitlines()[:REPLY_PARSER_LINES])[:REPLY_PARSER_CHARS]
    try:
        from mailparser_reply import EmailReplyParser

        visible = EmailReplyParser(languages=["en", "de", "fr", "it", "es", "nl"]).parse_reply(text=text) or ""
    except Exception:  # noqa: BLE001 — the reply parser is a best effort; our own scan follows
        visible = text
    for line in (visible or text).splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(">") or QUOTE_HEAD.match(stripped):
            break
        return [word.strip(".,;:!?()[]{}#*\"'`<>")[:100] for word in stripped.split()[:count]]
    return []


def resolve_choice(prompt: Any, word: str) -> Any:
    if word.isascii() and word.isdigit() and 1 <= int(word) <= len(prompt.choices):
        return prompt.choices[int(word) - 1]
    lowered = word.lower()
    return next((c for c in prompt.choices if c.id.lower() == lowered), None) or \
        next((c for c in prompt.choices if c.label.lower() == lowered), None)
