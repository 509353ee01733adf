"""The application service: commands and queries over games. Web views, the CLI and workers call this.

Commands run get → command → save, retried on an optimistic-concurrency conflict, so two concurrent
submissions never both apply against the same state: the loser re-reads and is re-validated (usually
refused as stale). Every refusal raises a `domain.errors.GameError` (or `IllegalAction`) and records nothing.
"""
from __future__ import annotations

import copy
import hashlib
import logging
import os
import secrets
import sqlite3
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Mapping
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError

from domain import forms
from domain.chain import GENESIS, ChainError, check_link
from domain.decided_by import DecidedBy
from domain.errors import BadRequest, GameError, NotYourDecision, StalePrompt, TooMany
from domain.game import Game, public_prompt_id
from domain.i18n import _, n_
from domain.rules import DEFAULT_SEATS as _DEFAULT_SEATS, IllegalAction, check_options_for, get_rules, reachable, seat_ids_for, titles
from domain.versions import RulesVersionUnsupported, rules_for
from service import audit, logs, views
from service.config import Settings
from service.metrics import Counters
from service.store import DamagedRecord, Store, alert, project_game

DEFAULT_SEATS = list(_DEFAULT_SEATS)  # domain.rules: the seats of a title that does not name its own
MAX_NAME, MAX_MESSAGE, MAX_KEY = 60, 4000, 200
RETRIES = 30
ALREADY_DECIDED = _("This decision was already made (or the game has moved on since): nothing was changed. "
                    "Read the game again for your current decision.")
log = logging.getLogger("tabularium.games")
Guard = Callable[[Game], None]


@dataclass(frozen=True)
class MessageCaps:
    """Caps on chat (messages by the operator are not counted). Environment: TABULARIUM_MESSAGE_MAX_LENGTH,
    TABULARIUM_MESSAGES_PER_SEAT_HOUR, TABULARIUM_MESSAGES_PER_SEAT_DAY, TABULARIUM_MESSAGES_PER_GAME."""
    length: int = MAX_MESSAGE          # characters per message (422 beyond)
    per_seat_hour: int = 30            # messages one seat may post in any hour (429 beyond)
    per_seat_day: int = 200            # ... in any 24 hours (429 beyond)
    per_game: int = 5000               # messages by all seats of a game, ever (422 beyond)

    ENV = {"length": "TABULARIUM_MESSAGE_MAX_LENGTH", "per_seat_hour": "TABULARIUM_MESSAGES_PER_SEAT_HOUR",
           "per_seat_day": "TABULARIUM_MESSAGES_PER_SEAT_DAY", "per_game": "TABULARIUM_MESSAGES_PER_GAME"}

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "MessageCaps":
        env = os.environ if env is None else env
        values = {}
        for name, var in cls.ENV.items():
            raw = env.get(var)
            if raw is None or raw == "":
                continue
            if not (raw.strip().isascii() and raw.strip().isdigit()) or int(raw) < 1:
                raise ValueError(f"{var} must be a whole number of at least 1, not {raw[:20]!r}.")
            values[name] = int(raw)
        return cls(**values)


MESSAGE_LOG = """CREATE TABLE IF NOT EXISTS tabularium_message_log (
    game_id TEXT NOT NULL, seat TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)"""
MESSAGE_LOG_INDEX = "CREATE INDEX IF NOT EXISTS tabularium_message_log_idx ON tabularium_message_log (game_id, seat, at)"


class GameNotFound(GameError):
    pass


class GameDamaged(GameError):
    """The stored stream no longer replays: tampering or a bug. Reported, never a crash."""


def _store_errors() -> tuple[type[BaseException], ...]:
    """Database trouble (unreachable, busy, a lost race) is not damage: it passes through as it is."""
    errors: list[type[BaseException]] = [PersistenceError, sqlite3.Error]
    try:
        import psycopg

        errors.append(psycopg.Error)
    except ImportError:  # pragma: no cover
        pass
    return tuple(errors)


STORE_ERRORS = _store_errors()


def damaged(gid: UUID, exc: BaseException) -> GameDamaged:
    """The error for a game whose stored record fails its checks, after an integrity alert in the log."""
    reason = exc.sentence if isinstance(exc, DamagedRecord) else \
        str(exc) if isinstance(exc, ChainError) else \
        _("a stored event cannot be replayed (%(error)s)", error=type(exc).__name__)
    alert(gid, reason)
    return GameDamaged(_("Game %(game)s failed its integrity check, so it is not shown: %(reason)s. Nothing was "
                         "changed; the operator has been alerted (`tabularium verify` gives the details).",
                         game=gid, reason=reason))


class TokenReplaced(GameError):
    """The caller's seat token is no longer the seat's token in the game a command acts on (401)."""


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def new_private_salt() -> str:
    """The salt of an event private for good (a standing order, a message to some seats): 128 fresh random
    bits drawn here, at the edge, and handed to the aggregate, never derived from the seed that the end of
    the game reveals (domain.chain: "Two kinds of salt")."""
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def parse_game_id(game_id: str | UUID) -> UUID:
    try:
        return game_id if isinstance(game_id, UUID) else UUID(str(game_id))
    except ValueError:
        raise GameNotFound(_("There is no game %(game)r.", game=str(game_id)[:40])) from None


class GameService:
    def __init__(self, settings: Settings | None = None, clock: Callable[[], datetime] = utc_now):
        self.settings = settings or Settings.from_env()
        self.store = Store(self.settings)
        self.clock = clock
        self.listeners: list[Callable[[Game], None]] = []  # called after every successful save
        self.counters = Counters(self.settings.redis_url)
        self.message_caps = MessageCaps.from_env()
        self._message_log_ready = False

    def close(self) -> None:
        self.store.close()

    def now(self) -> str:
        return self.clock().astimezone(timezone.utc).isoformat()

    # ------------------------------------------------------------------ commands

    def create_game(self, rules_id: str, players: list[Mapping[str, Any]], options: Mapping | None = None,
                    seed: str | None = None, game_id: UUID | None = None) -> dict:
        """Returns {"id", "seats": [{"seat", "name", "email", "token", "url"}]}; tokens are shown only here."""
        if not isinstance(rules_id, str) or not reachable(rules_id, self.settings.test_titles):
            raise BadRequest(_("There is no game called %(title)r; known: %(titles)s.", title=str(rules_id)[:40],
                               titles=", ".join(titles())))
        rules = get_rules(rules_id)
        seats = self._seat_list(rules, players)
        options = self._check_options(rules, options)
        seed = self._check_seed(seed)
        tokens = {s["seat"]: new_token() for s in seats}
        try:
            game = Game.create(game_id or uuid.uuid4(), rules.id, [{"seat": s["seat"], "name": s["name"]}
                               for s in seats], options, seed, {k: token_hash(v) for k, v in tokens.items()},
                               self.now())
        except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a wrongly typed option value
            raise BadRequest(_("The options are not valid for %(title)s (%(error)s: %(detail)s).", title=rules.title,
                               error=type(exc).__name__, detail=str(exc))) from None
        for s in seats:  # addresses first: the save's listeners (the e-mail pump) look them up
            self.store.set_contact(game.id, s["seat"], s["email"])
        self.store.set_tokens(game)
        self._save(game)
        base = self.settings.base_url
        return {"id": str(game.id), "seats": [{**s, "token": tokens[s["seat"]],
                                               "url": f"{base}/play/{tokens[s['seat']]}"} for s in seats]}

    def choose(self, game_id: str | UUID, seat: str, prompt_id: str, choice: str,
               key: str | None = None, by: str = "seat", current: Game | None = None,
               guard: Guard | None = None, standing: bool = False) -> dict:
        """`current`: the game as the caller just loaded it (never mutated here; a conflict reloads).
        `guard(game)`: the caller's own check, run on every game the command is tried on.
        `standing`: also keep making this choice for prompts of the same kind (a standing order)."""
        _check_text("prompt_id", prompt_id, 200)
        _check_text("choice", choice, forms.MAX_ANSWER)  # a form's answer (JSON) is longer than a choice id
        if key is not None:
            _check_text("idempotency_key", key, MAX_KEY)
        if standing and not DecidedBy.parse(by).is_seat_itself:
            raise BadRequest(_("Only the player of a seat can give it a standing order."))
        def command(game: Game) -> dict:
            try:
                return game.choose(seat, prompt_id, choice, key, self.now(), by, standing=standing,
                                   private_salt=new_private_salt() if standing else None)
            except NotYourDecision as exc:
                if type(exc) is NotYourDecision and self.was_offered(game, seat, prompt_id):
                    raise StalePrompt(ALREADY_DECIDED) from None  # 409 "read again", not 403 "not yours"
                raise

        try:
            result = self._command(game_id, command, current, guard)
        except (GameError, IllegalAction):
            self.counters.inc("tabularium_actions_total", result="refused")
            raise
        self.counters.inc("tabularium_actions_total", result="accepted")
        return result

    def choose_default(self, game_id: str | UUID, seat: str, by: str = "timeout") -> dict:
        """Play the rules' default choice for a seat (timeouts, bots)."""
        def command(game: Game) -> dict:
            prompt = game.prompt_for(seat)
            if prompt is None:
                raise NotYourDecision(_("There is no decision for that seat at the moment."))
            choice = game.rules.default_choice(game.state, seat)
            return game.choose(seat, prompt.id, choice, None, self.now(), by)
        return self._command(game_id, command)

    def undo(self, game_id: str | UUID, seat: str, current: Game | None = None,
             guard: Guard | None = None) -> dict:
        """Take back the seat's last choice (only before a reveal, a draw or a change of actor)."""
        return self._command(game_id, lambda g: (g.undo(seat, self.now()), {"version": g.version})[1],
                             current, guard)

    def cancel_standing_order(self, game_id: str | UUID, seat: str, order_id: Any,
                              current: Game | None = None, guard: Guard | None = None) -> dict:
        if isinstance(order_id, bool) or not isinstance(order_id, int):
            raise BadRequest(_("A standing order is named by its number."))
        def command(game: Game) -> dict:
            game.cancel_standing_order(seat, order_id, self.now(), new_private_salt())
            return {"version": game.version}
        return self._command(game_id, command, current, guard)

    def post_message(self, game_id: str | UUID, seat: str | None, to: Any, text: str) -> dict:
        caps = self.message_caps
        _check_text("text", text, caps.length)
        if not text.strip():
            raise BadRequest(_("A message needs some text."))
        if seat is not None:
            self._check_message_caps(parse_game_id(game_id), seat)
        result = self._command(game_id, lambda g: g.post_message(seat, to, text, self.now(),
                                                                 private_salt=new_private_salt()))
        if seat is not None:
            self._log_message(parse_game_id(game_id), seat)
        return result

    def show_cards(self, game_id: str | UUID, seat: str, to: Any) -> dict:
        """Show the seat's secret cards to the seats `to` (domain/shown.py); counted as a message."""
        self._check_message_caps(parse_game_id(game_id), seat)
        def command(game: Game) -> dict:
            game.show_cards(seat, to, self.now(), private_salt=new_private_salt())
            return {"version": game.version}
        result = self._command(game_id, command)
        self._log_message(parse_game_id(game_id), seat)
        return result

    def _message_log(self) -> Any:
        db = self.store.db
        if not self._message_log_ready:
            for attempt in range(5):
                try:
                    db.execute(MESSAGE_LOG)
                    db.execute(MESSAGE_LOG_INDEX)
                    break
                except Exception:  # two processes creating it at once on PostgreSQL: try again
                    if attempt == 4:
                        raise
                    time.sleep(0.05 * (attempt + 1))
            self._message_log_ready = True
        return db

    def _check_message_caps(self, gid: UUID, seat: str) -> None:
        """The seat's messages in the last hour and day, and the game's in all, against `message_caps`
        (indexed counts). Two posts at the same instant may both pass: a cap, not an exact quota."""
        caps, now = self.message_caps, self.clock().timestamp()
        db = self._message_log()
        rows = db.query("SELECT COUNT(*) AS n FROM tabularium_message_log WHERE game_id=?", (str(gid),))
        if int(rows[0]["n"]) >= caps.per_game:
            raise BadRequest(n_("This game has reached its limit of %(n)d message: no more can be posted in it.",
                                "This game has reached its limit of %(n)d messages: no more can be posted in it.",
                                caps.per_game))
        for window, cap, span in ((3600, caps.per_seat_hour, "hour"), (86400, caps.per_seat_day, "day")):
            rows = db.query("SELECT COUNT(*) AS n, MIN(at) AS first FROM tabularium_message_log"
                            " WHERE game_id=? AND seat=? AND at>?", (str(gid), seat, now - window))
            if int(rows[0]["n"]) >= cap:
                wait = max(1, int(float(rows[0]["first"]) + window - now) + 1)
                if span == "hour":
                    refusal = n_("You have posted %(n)d message in this game in the last hour, the most allowed: "
                                 "try again in %(wait)s.", "You have posted %(n)d messages in this game in the last "
                                 "hour, the most allowed: try again in %(wait)s.", cap, wait=_duration(wait))
                else:
                    refusal = n_("You have posted %(n)d message in this game in the last day, the most allowed: "
                                 "try again in %(wait)s.", "You have posted %(n)d messages in this game in the last "
                                 "day, the most allowed: try again in %(wait)s.", cap, wait=_duration(wait))
                raise TooMany(refusal, wait)

    def _log_message(self, gid: UUID, seat: str) -> None:
        self._message_log().execute("INSERT INTO tabularium_message_log (game_id, seat, at) VALUES (?, ?, ?)",
                                    (str(gid), seat, self.clock().timestamp()))

    def abandon(self, game_id: str | UUID, by: str, reason: str) -> dict:
        _check_text("reason", reason, MAX_MESSAGE)
        return self._command(game_id, lambda g: g.abandon(by, reason, self.now()))

    def rotate_token(self, game_id: str | UUID, seat: str) -> str:
        token = new_token()
        self._command(game_id, lambda g: g.rotate_token(seat, token_hash(token), self.now()))
        self.store.set_tokens(self.get(game_id))
        return token

    def pause(self, game_id: str | UUID, reason: str) -> dict:
        """The operator stops every clock of a running game until `resume`."""
        return self._command(game_id, lambda g: g.pause(reason, self.now()))

    def resume(self, game_id: str | UUID, reason: str) -> dict:
        """The operator lets a paused game run again."""
        return self._command(game_id, lambda g: g.resume(reason, self.now()))

    def change_preference(self, game_id: str | UUID, seat: str, preference: str, by: str) -> dict:
        """Record a seat's new e-mail preference (notifications.preferences keeps the value it reads)."""
        return self._command(game_id, lambda g: g.change_preference(seat, preference, by, self.now()))

    def change_language(self, game_id: str | UUID, seat: str, language: str, by: str) -> dict:
        """Record the language a seat reads its pages and e-mails in (notifications.preferences)."""
        return self._command(game_id, lambda g: g.change_language(seat, language, by, self.now()))

    def change_timezone(self, game_id: str | UUID, seat: str, zone: str, by: str) -> dict:
        """Record the time zone a seat reads times in ("": the game's own)."""
        return self._command(game_id, lambda g: g.change_timezone(seat, zone, by, self.now()))

    # ------------------------------------------------------------------ queries

    def get(self, game_id: str | UUID, version: int | None = None) -> Game:
        """Every row read is checked as it is decoded (service.store.CheckedMapper: fields, kind, hash,
        time) and folded only onto its predecessor's hash; a snapshot is used only if sealed and on the
        chain. A game that fails answers GameDamaged (a sentence, 503 on the web) and logs an alert."""
        gid = parse_game_id(game_id)
        try:
            game = self.store.app.repository.get(gid, version=version, projector_func=project_game)
        except AggregateNotFoundError:
            raise GameNotFound(_("There is no game %(game)r.", game=str(gid))) from None
        except RulesVersionUnsupported as exc:  # recorded with rules this release cannot replay: a sentence
            log.warning("game %s not loaded: %s", gid, exc.reason)
            raise
        except STORE_ERRORS:
            raise
        except Exception as exc:  # noqa: BLE001 — any failure to decode or fold a stored row: damaged
            raise damaged(gid, exc) from None
        rules_for(game.rules_id, game.rules_version, gid)  # a snapshot or cached copy skips GameCreated's check
        return game

    def exists(self, game_id: str | UUID) -> bool:
        try:
            self.get(game_id)
            return True
        except GameNotFound:
            return False

    def events(self, game_id: str | UUID) -> list:
        """Every stored event, each checked as it is decoded and linked to the one before (history, export
        and the history pages read every row, so an older row changed while the game sits in a cache is
        caught here, at the latest when someone looks at the history)."""
        return self.events_after(game_id, 0, GENESIS)

    def events_after(self, game_id: str | UUID, version: int, head: str) -> list:
        """The stored events after event `version`, each checked as it is decoded, the first linked to `head`
        (the hash of event `version`; GENESIS for 0): for a reader that keeps the log it has read (the e-mail
        composer) and catches up without decoding the whole game again."""
        gid = parse_game_id(game_id)
        try:
            events = list(self.store.app.events.get(gid, gt=version) if version else self.store.app.events.get(gid))
            for event in events:
                check_link(event.originator_version, head, event.prev_hash)
                head = event.hash
            return events
        except STORE_ERRORS:
            raise
        except Exception as exc:  # noqa: BLE001
            raise damaged(gid, exc) from None

    def authenticate(self, token: str | None, game: Game | None = None) -> tuple[str, str] | None:
        """(game_id, seat) for a seat token, ("*", "operator") for the operator token, else None.

        With `game` (current), a token of one of its seats is found in the game itself, without a query:
        the game's token hashes are the source of the token table."""
        if not token or len(token) > 200:
            return None
        if self.settings.is_operator_token(token):  # constant time, current and rotated-out tokens
            return ("*", "operator")
        hashed = token_hash(token)
        if game is not None:
            for seat, seat_hash in game.token_hashes.items():
                if secrets.compare_digest(hashed, seat_hash):
                    return (str(game.id), seat)
        return self.store.token_owner(hashed)

    def view(self, game_id: str | UUID, viewer: str | None, at_seq: int | None = None) -> dict:
        game = self.get(game_id, version=self._check_seq(game_id, at_seq))
        data = views.view_json(game, viewer, self.deadlines(game))
        if at_seq is not None:
            data["as_of"] = at_seq
        return data

    def summary(self, game_id: str | UUID) -> dict:
        game = self.get(game_id)
        return views.summary_json(game, self.deadlines(game))

    def history(self, game_id: str | UUID, viewer: str | None) -> list[dict]:
        events = self.events(game_id)
        try:
            return views.history_json(events, viewer)
        except Exception as exc:  # noqa: BLE001 — rows that decode but no longer fold (a re-hashed forgery)
            raise damaged(parse_game_id(game_id), exc) from None

    def was_offered(self, game: Game, seat: str, prompt_id: str) -> bool:
        """Whether `prompt_id` was once `seat`'s decision in this game (since answered, by the seat, a
        timeout or the operator, or superseded): a stale prompt (409), not someone else's (403).
        A public prompt id is "<seq of the event that set the state>.<the rules' id>", so the game as of
        that event tells (one replay, from the nearest snapshot; only on this refusal path)."""
        head, dot, _rest = str(prompt_id).partition(".")
        if not dot or not head.isascii() or not head.isdigit() or len(head) > 12:
            return False
        seq = int(head)
        if not 1 <= seq <= game.version:
            return False
        try:
            then = self.get(game.id, version=seq)
            if then.state_version != seq:
                return False
            return any(p.seat == seat and public_prompt_id(seq, p) == prompt_id
                       for p in then.rules.prompts(then.state))
        except (GameError, IllegalAction):
            return False

    def deadlines(self, game: Game) -> dict:
        """{seat: ISO deadline} for the seats the game waits for; filled in by the deadline policy."""
        from service.deadlines import deadlines_for

        return deadlines_for(self, game)

    def audit(self, game_id: str | UUID) -> audit.AuditReport:
        """The full audit of the stored record, streamed a chunk at a time (service.audit_stored)."""
        from service.audit_stored import audit_stored

        gid = parse_game_id(game_id)
        report = audit_stored(self.store, gid)
        if report is None:
            raise GameNotFound(_("There is no game %(game)r.", game=str(gid)))
        for problem in report.problems if not report.ok else []:
            alert(gid, f"verify: {problem}")
        return report

    def export(self, game_id: str | UUID, viewer: str) -> dict:
        """The verifiable archive: the operator may export any game, a seat only a game that is over."""
        game = self.get(game_id)
        if viewer != views.REFEREE and not views.is_over(game):
            raise NotYourDecision(_("A game can be exported by its players once it is over."))
        entries = [audit.entry_of(e) for e in self.events(game.id)]
        contacts = None
        if viewer == views.REFEREE:
            contacts = self.store.contacts(game.id)
        else:
            entries = audit.redact_for(entries, viewer)
        return audit.make_archive(str(game.id), entries, self.now(), contacts)

    def import_archive(self, archive: Any) -> str:
        report = audit.audit_archive(archive)
        if not report.ok:
            raise BadRequest(_("The archive does not verify: %(problems)s.", problems="; ".join(report.problems[:5])))
        if audit.is_withheld_copy(archive):
            raise BadRequest(_("This is a player's copy, with events withheld from that player: it verifies, but "
                               "only a complete archive (the operator's export) can be imported."))
        if self.exists(archive["game_id"]):
            raise BadRequest(_("Game %(game)s already exists here.", game=archive["game_id"]))
        game = audit.game_from_archive(archive)
        self._save(game)
        self.store.set_tokens(game)
        for seat, contact in (archive.get("contacts") or {}).items():
            self.store.set_contact(game.id, seat, contact["email"], contact.get("preference", "every"))
        return str(game.id)

    def _check_seq(self, game_id: str | UUID, seq: int | None) -> int | None:
        if seq is None:
            return None
        if not isinstance(seq, int) or seq < 1 or seq > self.get(game_id).version:
            raise BadRequest(_("There is no such event in this game."))
        return seq

    # ------------------------------------------------------------------ internals

    def run_command(self, game_id: str | UUID, command: Callable[[Game], Any]) -> Any:
        """get → command(game) → save, retried on conflicts; for features that add their own commands."""
        return self._command(game_id, command)

    def _command(self, game_id: str | UUID, command: Callable[[Game], Any], current: Game | None = None,
                 guard: Guard | None = None) -> Any:
        with logs.bind(game_id=str(game_id)):
            return self._command_with_retries(game_id, command, current, guard)

    def _command_with_retries(self, game_id: str | UUID, command: Callable[[Game], Any],
                              current: Game | None, guard: Guard | None = None) -> Any:
        for attempt in range(RETRIES):
            game = self._attempt_copy(game_id, current) if attempt == 0 else self.get(game_id)
            try:
                if guard is not None:
                    guard(game)
                result = command(game)
                if guard is not None and attempt == 0 and current is not None and not game.pending_events:
                    guard(self.get(game_id))  # nothing to save, so no conflict would catch an outdated copy
            except (GameError, IllegalAction):
                if attempt == 0 and current is not None and self.get(game_id).version != current.version:
                    current = None  # refused by an outdated copy: judge it again on the latest game
                    continue
                raise
            try:
                self._save(game)
                return result
            except (IntegrityError, OperationalError, sqlite3.OperationalError):
                log.info("conflict on save, retrying (attempt %d)", attempt + 1)
                time.sleep(0.002 * (attempt + 1))
        raise GameError(_("The game is too busy right now; please try again."))

    def _attempt_copy(self, game_id: str | UUID, current: Game | None) -> Game:
        """The caller's freshly loaded game spares a second load; it is never mutated (a copy is). If it
        turns out outdated, the save conflicts (or a refusal is judged again) on the latest game."""
        if current is not None and current.id == parse_game_id(game_id):
            return copy.deepcopy(current)
        return self.get(game_id)

    def _save(self, game: Game) -> None:
        if not game.pending_events:
            return
        kinds = [type(e).__name__ for e in game.pending_events]
        self.store.save(game)
        log.info("recorded %s", ", ".join(kinds), extra={"game_id": str(game.id), "event": kinds[-1]})
        for listener in list(self.listeners):  # a listener may remove itself
            listener(game)

    def _seat_list(self, rules: Any, players: list[Mapping[str, Any]]) -> list[dict]:
        if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
            raise BadRequest(_('"players" must be a list of {"name", "email"} objects.'))
        if not rules.min_players <= len(players) <= rules.max_players:
            raise BadRequest(_("%(title)s takes %(min)d to %(max)d players, not %(n)d.", title=rules.title,
                               min=rules.min_players, max=rules.max_players, n=len(players)))
        seat_ids = seat_ids_for(rules, len(players))
        seats = []
        for seat, player in zip(seat_ids, players):
            name, email = player.get("name"), player.get("email", "")
            _check_text("name", name, MAX_NAME)
            _check_text("email", email, 254)
            if not name.strip():
                raise BadRequest(_("Every player needs a name."))
            if email and ("@" not in email or any(c in email for c in " \r\n<>,;")):
                raise BadRequest(_("%(email)r is not an e-mail address.", email=email))
            seats.append({"seat": seat, "name": name.strip(), "email": email.strip()})
        return seats

    @staticmethod
    def _check_options(rules: Any, options: Any) -> dict:
        """The one check of a table's options, for the CLI, the API and /new alike: the title's own
        declaration (Rules.check_options) for its options, and the platform's for the clock."""
        if options is None:
            return {}
        if not isinstance(options, Mapping):
            raise BadRequest(_('"options" must be an object.'))
        from domain.game import rules_options

        try:
            check_options_for(rules, rules_options(dict(options)))
        except IllegalAction as exc:
            raise BadRequest(exc.reason) from None
        if "clock" in options:
            from domain.clock import check_clock

            check_clock(options)  # BadRequest with a sentence naming the bad setting
        return dict(options)

    @staticmethod
    def _check_seed(seed: str | None) -> str:
        if seed is None:
            return secrets.token_hex(32)
        try:
            raw = bytes.fromhex(seed)
        except ValueError:
            raise BadRequest(_("A seed must be hexadecimal.")) from None
        if not 16 <= len(raw) <= 64:
            raise BadRequest(_("A seed must be 16 to 64 bytes (32 to 128 hex digits)."))
        return raw.hex()


def _duration(seconds: int) -> str:
    if seconds < 120:
        return n_("%(n)d second", "%(n)d seconds", seconds)
    if seconds < 7200:
        return n_("%(n)d minute", "%(n)d minutes", (seconds + 59) // 60)
    return n_("%(n)d hour", "%(n)d hours", (seconds + 3599) // 3600)


def _check_text(field: str, value: Any, limit: int) -> None:
    if not isinstance(value, str):
        raise BadRequest(_('"%(field)s" must be a string.', field=field))
    if len(value) > limit:
        raise BadRequest(n_('"%(field)s" is too long (at most %(n)d character).',
                            '"%(field)s" is too long (at most %(n)d characters).', limit, field=field))


__all__ = ["GameService", "MessageCaps", "GameNotFound", "IllegalAction", "token_hash", "new_token", "parse_game_id"]
