"""Audit, export and import: everything works on archive entries, so an exported file verifies offline.

An entry is {"seq", "type", "at", "content", "prev_hash", "hash"}. Three checks:
  chain       every hash recomputes, links to its predecessor, and matches the witness (index) if any;
  replay      replaying through today's rules gives the recorded state hashes, and every decision was
              one of the choices offered at the time;
  randomness  once the seed is revealed: it matches the commitment, and every draw and every public event's
              salt derives from it (a private event's salt is fresh randomness: domain.chain).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterable
from uuid import UUID

from eventsourcing.domain import Aggregate
from jsonschema import Draft202012Validator

from domain import forms
from domain.chain import GENESIS, check_link, event_hash, is_private_event, state_hash
from domain.game import Game, salt_for
from domain.i18n import Message, _
from domain.randomness import seed_commitment, verify_draws

ARCHIVE_FORMAT = "tabularium-archive/1"
EVENT_TYPES = {"GameCreated", "ChoiceMade", "ChoiceSealed", "ChoicesRevealed", "MessagePosted", "GameFinished",
               "GameAbandoned", "SeatTokenRotated", "DeadlineMissed", "SeatReplaced", "VacationStarted",
               "VacationEnded", "GamePaused", "GameResumed", "PreferencesChanged", "ChoiceUndone",
               "StandingOrderSet", "StandingOrderCancelled", "Private"}
REDACTED = {"redacted": True}
PRIVATE = "Private"  # the type shown for an event withheld from a seat's copy: not even its kind or time


# ------------------------------------------------------------------------- schema (jsonschema)
# The shape every entry must have before anything else reads it: an archive from anywhere, or rows from our
# own database (a re-hashed forgery decodes fine). Only what the checks and the replay read is required;
# extra fields are allowed (newer servers may record more).

_SHA256 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_SEED = {"type": "string", "pattern": "^([0-9a-f]{2}){16,64}$"}
_TIME = {"type": "string", "pattern": r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)$"}
_TEXT = {"type": "string", "maxLength": 10_000}
_ID = {"type": "string", "minLength": 1, "maxLength": 200}
_DRAWS = {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [
    {"type": "integer", "minimum": 1, "maximum": 1024}, {"type": "integer", "minimum": 0}]}}
_SHA256_OR_NULL = {"anyOf": [_SHA256, {"type": "null"}]}


def _content(required: dict, optional: dict | None = None) -> dict:
    props = {"at": _TIME, "salt": {"type": "string", "pattern": "^[0-9a-f]{32}$"}, **required, **(optional or {})}
    return {"type": "object", "required": ["at", "salt", *required], "properties": props}


_ANSWER = {"type": "string", "minLength": 1, "maxLength": forms.MAX_ANSWER}  # a choice id or a form's answer (JSON)
_CHOICE = {"seat": _ID, "prompt_id": _ID, "choice": _ANSWER, "by": _ID}
CONTENT_SCHEMAS: dict[str, dict] = {
    "GameCreated": _content(
        {"rules": _ID, "rules_version": _ID, "options": {"type": "object"}, "seed_commitment": _SHA256,
         "seed": _SEED, "token_hashes": {"type": "object", "additionalProperties": _SHA256}, "draws": _DRAWS,
         "state_hash": _SHA256, "seats": {"type": "array", "minItems": 1, "maxItems": 12, "items": {
             "type": "object", "required": ["seat", "name"], "properties": {"seat": _ID, "name": _TEXT}}}}),
    "ChoiceMade": _content({**_CHOICE, "draws": _DRAWS},
                           {"state_hash": _SHA256_OR_NULL, "key": {"type": ["string", "null"]},
                            "order": {"type": "integer"}}),
    "ChoiceSealed": _content(_CHOICE, {"key": {"type": ["string", "null"]}, "order": {"type": "integer"}}),
    "ChoicesRevealed": _content({"state_hash": _SHA256, "choices": {"type": "array", "items": {
        "type": "object", "required": ["seat", "prompt_id", "choice", "draws"],
        "properties": {"seat": _ID, "prompt_id": _ID, "choice": _ANSWER, "draws": _DRAWS}}}}),
    "MessagePosted": _content({"text": _TEXT, "to": {"anyOf": [{"const": "all"},
                                                            {"type": "array", "items": _ID}]}},
                              {"seat": {"type": ["string", "null"]}}),
    "GameFinished": _content({"outcome": {"type": "object"}, "seed": _SEED}),
    "GameAbandoned": _content({"seed": _SEED}),
    "SeatTokenRotated": _content({"seat": _ID, "token_hash": _SHA256}),
    "DeadlineMissed": _content({}),
    "SeatReplaced": _content({"seat": _ID, "name": _TEXT}, {"token_hash": _SHA256_OR_NULL}),
    "VacationStarted": _content({"seat": _ID}),
    "VacationEnded": _content({"seat": _ID}),
    "GamePaused": _content({}),
    "GameResumed": _content({}),
    "PreferencesChanged": _content({"seat": _ID, "preference": _ID}),
    "ChoiceUndone": _content({"seat": _ID}),
    "StandingOrderSet": _content({"seat": _ID, "kind": _ID, "choice": _ANSWER, "label": _TEXT}),
    "StandingOrderCancelled": _content({"seat": _ID, "order": {"type": "integer"}}),
    "Private": {"const": {"redacted": True}},
}
ENTRY_SCHEMA = {
    "type": "object", "required": ["seq", "type", "content", "prev_hash", "hash"],
    "properties": {"seq": {"type": "integer", "minimum": 1}, "type": {"enum": sorted(CONTENT_SCHEMAS)},
                   "at": _TIME, "prev_hash": _SHA256, "hash": _SHA256, "content": {"type": "object"}},
}
ARCHIVE_SCHEMA = {
    "type": "object", "required": ["format", "game_id", "length", "head", "events"],
    "properties": {
        "format": {"const": "tabularium-archive/1"},
        "game_id": {"type": "string", "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"},
        "exported_at": {"type": "string"}, "rules": {"type": ["string", "null"]},
        "length": {"type": "integer", "minimum": 1}, "head": _SHA256,
        "events": {"type": "array", "minItems": 1, "items": {"type": "object"}},
        "contacts": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["email"],
            "properties": {"email": {"type": "string", "maxLength": 254}, "preference": _ID}}}},
}
_ARCHIVE = Draft202012Validator(ARCHIVE_SCHEMA)
_ENTRY = Draft202012Validator(ENTRY_SCHEMA)
_CONTENT = {kind: Draft202012Validator(schema) for kind, schema in CONTENT_SCHEMAS.items()}


def _schema_problem(validator: Draft202012Validator, data: Any, seq: int | None = None,
                    kind: str | None = None) -> Message | None:
    """The first schema violation as a sentence (never the offending value itself, which may be huge), about
    event `seq` (of type `kind` once its entry is known to be sound), or the archive when `seq` is None."""
    try:
        error = next(iter(sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))), None)
    except RecursionError:
        if seq is None:
            return _("the archive is nested too deeply")
        if kind is None:
            return _("event %(seq)s is nested too deeply", seq=seq)
        return _("event %(seq)s (%(type)s) is nested too deeply", seq=seq, type=kind)
    if error is None:
        return None
    path = "/".join(str(p) for p in error.absolute_path)
    expected = _expected(error)
    if seq is None:
        return _("the archive field %(field)r is not valid: %(expected)s", field=path[:80], expected=expected) \
            if path else _("the archive is not valid: %(expected)s", expected=expected)
    if kind is None:
        return _("event %(seq)s field %(field)r is not valid: %(expected)s", seq=seq, field=path[:80],
                 expected=expected) if path else \
            _("event %(seq)s is not valid: %(expected)s", seq=seq, expected=expected)
    return _("event %(seq)s (%(type)s) field %(field)r is not valid: %(expected)s", seq=seq, type=kind,
             field=path[:80], expected=expected) if path else \
        _("event %(seq)s (%(type)s) is not valid: %(expected)s", seq=seq, type=kind, expected=expected)


def _expected(error: Any) -> Message:
    """What a schema violation's value should have been, as a clause."""
    if error.validator == "required":
        missing = [f for f in error.validator_value if isinstance(error.instance, dict) and f not in error.instance]
        return _("the field %(field)r is missing", field=missing[0]) if missing else \
            _("a required field is missing")
    if error.validator == "type":
        return _("it must be of type %(type)s", type=str(error.validator_value))
    return {"pattern": _("it is not in the expected form"), "const": _("it is not the expected value"),
            "enum": _("it is not one of the known values"), "minItems": _("it has too few items"),
            "maxItems": _("it has too many items"), "minimum": _("it is too small"), "maximum": _("it is too large"),
            "maxLength": _("it is too long"), "minLength": _("it is empty"),
            "anyOf": _("it is none of the allowed forms")}.get(error.validator) or _("it is not valid")


def entry_problems(entries: list[Any]) -> list[Message]:
    """Schema problems of each entry and its content, by its type (at most the first per entry)."""
    problems = []
    for n, e in enumerate(entries, start=1):
        problem = entry_problem(e, n)
        if problem:
            problems.append(problem)
    return problems


def entry_problem(e: Any, n: int) -> Message | None:
    """The first schema problem of entry `e`, the `n`th readable one of its record (named by its seq when it
    has one)."""
    seq = e.get("seq") if isinstance(e, dict) else None
    n = seq if isinstance(seq, int) and not isinstance(seq, bool) else n
    problem = _schema_problem(_ENTRY, e, n)
    if problem is None:
        problem = _schema_problem(_CONTENT[e["type"]], e["content"], n, e["type"])
    if problem is None and e["type"] == "GameCreated" and n != 1:
        problem = _("event %(seq)s creates a game in the middle of another", seq=n)
    return problem


@dataclass
class AuditReport:
    length: int = 0
    head: str = GENESIS
    chain_valid: bool = True
    replay_valid: bool | None = True
    randomness_valid: bool | None = None
    seed_commitment: str | None = None
    seed: str | None = None
    state_hash: str | None = None  # of the state the replay ends in: the same for every seat's copy
    problems: list[str] = field(default_factory=list)
    # the Game the replay ended in (not part of the report: an incremental audit continues from it)
    replayed: Any = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """A record that cannot be replayed is not verified (replay_valid None is not a pass)."""
        return self.chain_valid and self.replay_valid is True and self.randomness_valid is not False

    def to_json(self) -> dict:
        return {"length": self.length, "head": self.head, "chain_valid": self.chain_valid,
                "replay_valid": self.replay_valid, "seed_commitment": self.seed_commitment, "seed": self.seed,
                "randomness_valid": self.randomness_valid, "state_hash": self.state_hash,
                "problems": list(self.problems)}

    @classmethod
    def failed(cls, problems: list[str], length: int = 0) -> AuditReport:
        return cls(length=length, chain_valid=False, replay_valid=False, problems=list(problems))


def entry_of(event: Any) -> dict:
    return {"seq": event.originator_version, "type": type(event).__name__, "at": event.content["at"],
            "content": event.content, "prev_hash": event.prev_hash, "hash": event.hash}


def audit_entries(game_id: str, entries: list[Any], witness: dict | None = None,
                  reveal_seed: bool = True) -> AuditReport:
    """The audit of a record held as a list (an archive, a test's events). Never raises: a record too
    damaged to check is a failed report with sentences."""
    withheld = {e["seq"] for e in entries if isinstance(e, dict) and e.get("content") == REDACTED
                and isinstance(e.get("seq"), int)} if isinstance(entries, list) else None
    auditor = StreamAudit(game_id, witness, reveal_seed, withheld)
    auditor.feed(entries)
    return auditor.report(lambda: [entries])


class StreamAudit:
    """The full audit of a record fed in chunks (`feed`, then `report`): memory holds one chunk and the
    replayed game, never the whole record (issue #12, section 5; service.audit_stored streams a stored game).

    Its report is the one the checks give over the whole record at once, sentence for sentence: the schema
    of every entry first (any problem there is the whole report), then the chain, the witness, the replay
    (only of a valid chain) and the randomness. The checks run side by side as the entries arrive; what a
    check failed earlier would have kept from running is dropped at the end, and an exception is kept (the
    first of each check) and answered, at the end, as the first one in that order. The draws and salts need
    the seed, which the end of the game reveals: `report` reads the record once more (`again`) for them,
    only when the seed is there to check them against.

    `withheld`: the seqs of the entries withheld from this copy (type Private), when the caller knows them
    all beforehand (a list); otherwise those seen so far, which is the same for any record whose standing
    orders precede the choices they make (a stored record withholds nothing: a row always has its content)."""

    def __init__(self, game_id: str, witness: dict | None = None, reveal_seed: bool = True,
                 withheld: set[int] | None = None):
        self.game_id, self.reveal_seed = game_id, reveal_seed
        self.count = self.readable = 0  # entries fed; those not marked unreadable (numbers schema problems)
        self.last: Any = None
        self.schema: list[Message] = []
        self.errors: dict[str, BaseException] = {}  # the first exception of each check
        self.prev: Any = GENESIS  # the chain: the hash the next entry must link to, and the first problem
        self.chain: Message | None = None
        self.witness: tuple[int, Any] | None = None  # (length, head) as recorded
        self.at_witness: Any = None  # the hash of the entry at the witness's length
        self.tail: deque = deque(maxlen=1)  # for a witness length below 1: the hashes it indexes from the end
        self.game: Game | None = None  # the replay, its first problem, and whether it stopped
        self.replay: Message | None = None
        self.replay_over = False
        self.withheld = set(withheld) if withheld is not None else set()
        self.withheld_known = withheld is not None
        self.draws_checked = True  # False once the first entry says the randomness cannot be checked
        self.commitment: Any = None
        self.seed_found, self.seed = False, None
        if witness:
            try:
                self.witness = int(witness["length"]), witness["head"]
                if self.witness[0] < 1:
                    self.tail = deque(maxlen=1 - self.witness[0])
            except Exception as exc:  # noqa: BLE001 — answered at the end, in its check's turn
                self.errors["witness"] = exc

    def feed(self, entries: list[Any]) -> None:
        """The next entries of the record, in order. Never raises."""
        for e in entries:
            self.count += 1
            self.last = e
            self._schema(e)
            if self.schema or "schema" in self.errors:
                continue  # the report is the schema's: the other checks read sound entries only
            if not self.withheld_known and e.get("content") == REDACTED:
                self.withheld.add(e.get("seq"))
            self._chain(e)
            self._witness(e)
            self._replay(e)
            self._randomness(e)
        if self.game is not None:
            self.game.collect_events()  # the replay's pending events would keep the whole record

    def report(self, again: Callable[[], Iterable[list[Any]]]) -> AuditReport:
        """The report, once every entry was fed; `again()` gives the same entries once more, in chunks, for
        the draws and salts of a revealed seed. Never raises: a record too damaged to check is a failed
        report with sentences."""
        try:
            return self._report(again)
        except RecursionError:
            return AuditReport.failed([_("the record is nested too deeply to be checked")], self.count)
        except Exception as exc:  # noqa: BLE001 — a shape the schema let through and a check tripped on
            return AuditReport.failed([_("the record could not be checked (%(error)s)", error=type(exc).__name__)],
                                      self.count)

    # ---------------------------------------------------------------- each entry

    def _schema(self, e: Any) -> None:
        if "schema" in self.errors or (isinstance(e, dict) and e.get("unreadable")):
            return
        self.readable += 1
        try:
            problem = entry_problem(e, self.readable)
        except Exception as exc:  # noqa: BLE001
            self.errors["schema"] = exc
            return
        if problem:
            self.schema.append(problem)

    def _chain(self, e: dict) -> None:
        if self.chain is not None or "chain" in self.errors:
            return  # the chain check stops at its first problem
        try:
            self.chain = _chain_problem(self.game_id, self.count, self.prev, e)
            if self.chain is None:
                self.prev = e["hash"]
        except Exception as exc:  # noqa: BLE001
            self.errors["chain"] = exc

    def _witness(self, e: dict) -> None:
        if self.witness is None:
            return
        if self.witness[0] < 1:
            self.tail.append(e.get("hash"))
        elif self.count == self.witness[0]:
            self.at_witness = e.get("hash")

    def _replay(self, e: dict) -> None:
        if self.replay_over or self.chain is not None or "chain" in self.errors:
            return  # a chain that fails has no replay in its report
        try:
            problem = self._replay_one(e)
        except Exception as exc:  # noqa: BLE001 — the rules refused a recorded step, or asked for unrecorded draws
            problem = _replay_failure(exc)
        if problem:
            self.replay, self.replay_over = problem, True

    def _replay_one(self, e: dict) -> Message | None:
        if self.count == 1:
            self.game = Game.from_archive_event(UUID(self.game_id), e)
            if state_hash(self.game.state) != e["content"]["state_hash"]:
                return _("the set-up does not replay to the recorded state")
            return None
        game = self.game
        if e["seq"] in self.withheld:
            game.trigger_event(Withheld, timestamp=datetime.fromisoformat(game.updated_at),
                               prev_hash=e["prev_hash"], hash=e["hash"])
            return None
        problem = _legality_problem(game, e, self.withheld)
        if problem:
            return problem
        game.append_archive_event(e)
        recorded = e["content"].get("state_hash")
        if recorded and state_hash(game.state) != recorded:
            return _("event %(seq)s does not replay to the recorded state", seq=e["seq"])
        if e["type"] == "GameFinished" and game.rules.outcome(game.state).to_json() != e["content"]["outcome"]:
            return _("the recorded outcome is not what the rules compute")
        return None

    def _randomness(self, e: dict) -> None:
        if not self.draws_checked or "randomness" in self.errors:
            return
        try:
            if self.count == 1:
                if not e.get("content") or e["content"] == REDACTED:
                    self.draws_checked = False
                    return
                self.commitment = e["content"]["seed_commitment"]
            if not self.seed_found and e["type"] in ("GameFinished", "GameAbandoned") and e.get("content"):
                self.seed_found, self.seed = True, e["content"].get("seed")
        except Exception as exc:  # noqa: BLE001
            self.errors["randomness"] = exc

    # ---------------------------------------------------------------- the report, check by check

    def _report(self, again: Callable[[], Iterable[list[Any]]]) -> AuditReport:
        if "schema" in self.errors:
            raise self.errors["schema"]
        if self.schema:
            last = self.last
            report = AuditReport.failed(self.schema, self.count)
            report.head = last.get("hash") if isinstance(last, dict) and isinstance(last.get("hash"), str) \
                else GENESIS
            return report
        report = AuditReport(length=self.count, head=self.last["hash"] if self.count else GENESIS)
        if not self.count:
            report.chain_valid = False
            report.problems.append(_("the game has no events"))
        if "chain" in self.errors:
            raise self.errors["chain"]
        if self.chain:
            report.chain_valid = False
            report.problems.append(self.chain)
        if "witness" in self.errors:
            raise self.errors["witness"]
        self._witness_verdict(report)
        self._replay_verdict(report)
        if "randomness" in self.errors:
            raise self.errors["randomness"]
        self._randomness_verdict(report, again)
        return report

    def _witness_verdict(self, report: AuditReport) -> None:
        if self.witness is None:
            return
        length, head = self.witness
        if length > self.count:
            report.chain_valid = False
            report.problems.append(_("the stream was truncated: %(recorded)s events were recorded, %(remaining)s "
                                     "remain", recorded=length, remaining=self.count))
            return
        if not length:
            return
        if length < 1 and len(self.tail) < self.tail.maxlen:
            raise IndexError("the witness's length reaches before the first event")
        if (self.at_witness if length >= 1 else self.tail[0]) != head:
            report.chain_valid = False
            report.problems.append(_("event %(seq)s differs from the chain head that was recorded for it",
                                     seq=length))

    def _replay_verdict(self, report: AuditReport) -> None:
        if not report.chain_valid:
            report.replay_valid = False
            return
        problem = self.replay
        if problem is None:
            try:
                report.state_hash = state_hash(self.game.state)
                report.replayed = self.game
            except Exception as exc:  # noqa: BLE001
                problem = _replay_failure(exc)
        if problem:
            report.replay_valid = False
            report.state_hash = None
            report.replayed = None
            report.problems.append(problem)

    def _randomness_verdict(self, report: AuditReport, again: Callable[[], Iterable[list[Any]]]) -> None:
        if not self.count or not self.draws_checked:
            return
        report.seed_commitment = self.commitment
        seed = self.seed
        if not seed or not self.reveal_seed:
            return
        report.seed = seed
        if seed_commitment(seed) != self.commitment:
            problems = [_("the revealed seed does not match the commitment published at creation")]
        else:
            problems = [problem for chunk in again() for problem in _draw_problems(seed, chunk)]
        report.randomness_valid = not problems
        report.problems.extend(problems)


def _replay_failure(exc: BaseException) -> Message:
    reason = getattr(exc, "reason", None)  # a refusal's sentence stays a message, so it is translated too
    detail = reason if isinstance(reason, Message) and len(reason) <= 300 else str(exc)[:300] or type(exc).__name__
    return _("replay failed: %(detail)s", detail=detail)


def _chain_problem(game_id: str, seq: int, prev: str, e: dict) -> Message | None:
    if e.get("seq") != seq:
        return _("event %(seq)s is missing or out of order (found %(found)s)", seq=seq, found=e.get("seq"))
    if e.get("type") not in EVENT_TYPES:
        return _("event %(seq)s has an unknown type %(type)r", seq=seq, type=e.get("type"))
    if e.get("prev_hash") != prev:
        return _("event %(seq)s does not link to the event before it", seq=seq)
    if e.get("content") is None:
        return _("event %(seq)s has no readable content", seq=seq)
    if (e["type"] == PRIVATE) != (e["content"] == REDACTED):
        return _("event %(seq)s is withheld in one field but not the other (its type or its content)", seq=seq)
    if e["content"] == REDACTED:
        return None  # a redacted entry keeps its place in the chain; its own hash cannot be recomputed
    if event_hash(game_id, seq, e["type"], prev, e["content"]) != e.get("hash"):
        return _("event %(seq)s (%(type)s) does not match its hash: its content was changed", seq=seq, type=e["type"])
    return None


class Withheld(Aggregate.Event):
    """A withheld entry (type Private) on replay: it keeps its place in the chain and changes nothing.

    Reading (issue #11, item 7): a seat's copy withholds only events that change no game state: private
    messages between other seats, and other seats' standing orders being set or cancelled. So the copy
    replays in full: the withheld entry is bound by its hash, which the next entry's hash covers (as its
    prev_hash) and the last one is the head; its own hash cannot be recomputed without its content. Were a
    state-changing event withheld, the replay would diverge at the next recorded state hash, the outcome or
    a legality check. A choice recorded as made by a standing order whose order is withheld from this copy
    is still checked as a legal choice; only its match with the (withheld) order cannot be checked here."""

    prev_hash: str
    hash: str

    def apply(self, game: Game) -> None:
        check_link(self.originator_version, game.head, self.prev_hash)
        game.head = self.hash


def _legality_problem(game: Game, e: dict, withheld: set[int] = frozenset()) -> Message | None:
    c = e["content"]
    if e["type"] == "ChoiceUndone":
        problem = game.undo_problem(c["seat"])
        return _("event %(seq)s: an undo that was not allowed (%(problem)s)", seq=e["seq"], problem=problem) \
            if problem else None
    if e["type"] not in ("ChoiceMade", "ChoiceSealed"):
        return None
    prompt = game.prompt_for(c["seat"])  # a form's answer, or an old id the title still reads (domain.forms)
    if prompt is None or prompt.id != c["prompt_id"] or forms.offered(game.rules, game.state, prompt, c["choice"]) is None:
        return _("event %(seq)s: %(choice)r was not a legal choice for %(seat)s at that moment", seq=e["seq"],
                 choice=c["choice"], seat=c["seat"])
    if c.get("by") == "standing" and c.get("order") not in withheld:
        return _standing_problem(game, e, prompt)
    return None


def _standing_problem(game: Game, e: dict, prompt: Any) -> Message | None:
    """A choice recorded as made by a standing order must be what an order in force at that moment says
    (kind, choice id and label): the server cannot pass off a choice of its own as the player's order."""
    c = e["content"]
    order = next((o for o in game.standing.get(c["seat"], []) if o["id"] == c.get("order")), None)
    offered = forms.offered(game.rules, game.state, prompt, c["choice"])
    if order is None or order["kind"] != prompt.kind or order["choice"] != c["choice"] \
            or offered is None or offered.label != order["label"]:
        return _("event %(seq)s: %(seat)s's choice is recorded as made by a standing order that did not say so",
                 seq=e["seq"], seat=c["seat"])
    return None


def _draw_problems(seed: str, entries: list[dict]) -> list[str]:
    problems = []
    for e in entries:
        c = e["content"]
        if c is None or c == REDACTED:
            continue
        # A private event's salt is fresh randomness that no revealed seed gives away (domain.chain, "Two
        # kinds of salt"); games recorded before that rule derived it from the seed: either is accepted, and
        # its hash (checked with the chain wherever the copy shows the content) covers it either way.
        if c.get("salt") != salt_for(seed, e["seq"]) and not is_private_event(e["type"], c):
            problems.append(_("event %(seq)s: its salt does not derive from the seed", seq=e["seq"]))
        draws = c.get("draws") if e["type"] != "ChoicesRevealed" else \
            [d for item in c["choices"] for d in item["draws"]]
        problem = verify_draws(seed, e["seq"], draws or [])
        if problem:
            problems.append(problem)
    return problems


# ------------------------------------------------------------------------- an extension (incremental audit)

@dataclass
class AuditedPrefix:
    """What a full audit established about the first `length` events, as an incremental audit continues
    from it (service.audit_checkpoints keeps it sealed): the chain up to `head` and the replay were valid,
    `game` is the replay's Game after event `length`; `seed` is set once the seed was revealed and every
    draw and salt up to `length` was checked against it (`randomness_valid` True)."""

    length: int
    head: str
    game: Game
    seed_commitment: str | None
    seed: str | None = None
    randomness_valid: bool | None = None


def audit_extension(game_id: str, prefix: AuditedPrefix, entries: list[Any], witness: dict | None,
                    observe: Any = None) -> AuditReport | None:
    """The report a full audit gives for the prefix's events followed by `entries` (events length+1, ...),
    checking only `entries`: schema, hashes and links from the prefix's head, the witness, replay from the
    prefix's game (each legal, each recorded state hash and outcome), and their draws and salts once the
    seed is known. `observe(seq, game)` may return a problem after each replayed event (stored snapshots).

    None whenever anything is not as an untampered record would have it, and when the seed is revealed
    by these entries (the randomness check then reads every draw): the caller runs the full audit, whose
    report (its sentences) is the answer. `prefix.game` moves on with the replay: pass a copy to keep it.
    `ExtensionAudit` is the same, fed in chunks."""
    extension = ExtensionAudit(game_id, prefix, observe)
    extension.feed(entries)
    return extension.report(witness)


class ExtensionAudit:
    """`audit_extension` over entries fed in chunks (`feed`, then `report`), so that the events since a
    checkpoint are never all in memory at once. Since any check that fails makes the answer None (the
    full audit then says why), the order in which the chunks meet the checks does not matter."""

    def __init__(self, game_id: str, prefix: AuditedPrefix, observe: Any = None):
        self.game_id, self.prefix, self.observe = game_id, prefix, observe
        self.length, self.head = prefix.length, prefix.head
        self.failed = prefix.length < 1 or (prefix.seed is not None and prefix.randomness_valid is not True)

    def feed(self, entries: list[Any]) -> bool:
        """The next entries; False once the extension is not what an untampered record would be."""
        if not self.failed:
            try:
                self.failed = not self._extends(entries)
                self.prefix.game.collect_events()  # the replay's pending events would keep every entry
            except Exception:  # noqa: BLE001 — whatever trips here, the full audit says it with its sentence
                self.failed = True
        return not self.failed

    def report(self, witness: dict | None) -> AuditReport | None:
        try:
            if self.failed or not witness or int(witness["length"]) != self.length or witness["head"] != self.head:
                return None  # the full audit says what is wrong with the witness (or checks without one)
            prefix, game = self.prefix, self.prefix.game
            return AuditReport(length=self.length, head=self.head, chain_valid=True, replay_valid=True,
                               randomness_valid=True if prefix.seed else None,
                               seed_commitment=prefix.seed_commitment, seed=prefix.seed,
                               state_hash=state_hash(game.state), replayed=game)
        except Exception:  # noqa: BLE001
            return None

    def _extends(self, entries: list[Any]) -> bool:
        if any(not isinstance(e, dict) or e.get("unreadable") for e in entries) or entry_problems(entries):
            return False
        for e in entries:
            if e["content"] == REDACTED or _chain_problem(self.game_id, self.length + 1, self.head, e):
                return False
            self.length, self.head = self.length + 1, e["hash"]
        game = self.prefix.game
        for e in entries:
            if _legality_problem(game, e):
                return False
            game.append_archive_event(e)
            recorded = e["content"].get("state_hash")
            if recorded and state_hash(game.state) != recorded:
                return False
            if e["type"] == "GameFinished" and game.rules.outcome(game.state).to_json() != e["content"]["outcome"]:
                return False
            if self.observe is not None and self.observe(e["seq"], game):
                return False
        seed = self.prefix.seed
        if seed is None:  # revealed now: one full pass checks every draw since the first
            return not any(e["type"] in ("GameFinished", "GameAbandoned") and e["content"].get("seed")
                           for e in entries)
        return not _draw_problems(seed, entries)


# ------------------------------------------------------------------------- archives

def make_archive(game_id: str, entries: list[dict], exported_at: str, contacts: dict | None = None) -> dict:
    archive = {"format": ARCHIVE_FORMAT, "game_id": game_id, "exported_at": exported_at,
               "rules": entries[0]["content"]["rules"] if entries and entries[0]["content"] else None,
               "length": len(entries), "head": entries[-1]["hash"] if entries else GENESIS, "events": entries}
    if contacts is not None:
        archive["contacts"] = contacts
    return archive


def redact_for(entries: list[dict], viewer: str) -> list[dict]:
    """A seat's copy of a finished game: private messages between other seats, and other seats' standing
    orders, keep only their place in the chain (seq and hashes); their kind and time are withheld too,
    since a time can name the seat (an order's time is its owner's next choice's)."""
    from service.views import may_see_event

    return [e if may_see_event(e["type"], e["content"], viewer) else
            {"seq": e["seq"], "type": PRIVATE, "content": REDACTED, "prev_hash": e["prev_hash"], "hash": e["hash"]}
            for e in entries]


def archive_problems(archive: Any) -> list[str]:
    """The archive's own schema first (jsonschema), then each entry's (`entry_problems`)."""
    if not isinstance(archive, dict) or archive.get("format") != ARCHIVE_FORMAT:
        return [_("this is not a Tabularium archive (expected format %(format)s)", format=ARCHIVE_FORMAT)]
    problem = _schema_problem(_ARCHIVE, archive)
    if problem:
        return [problem]
    events = archive["events"]
    problems = entry_problems(events)
    if problems:
        return problems
    if archive["head"] != events[-1]["hash"] or archive["length"] != len(events):
        return [_("the archive's head or length does not match its events (truncated?)")]
    return []


def audit_archive(archive: Any) -> AuditReport:
    """Never raises: anything that is not a sound archive is a failed report with sentences."""
    try:
        problems = archive_problems(archive)
    except RecursionError:
        problems = [_("the archive is nested too deeply to be read")]
    if problems:
        return AuditReport.failed(problems)
    witness = {"length": archive["length"], "head": archive["head"]}
    return audit_entries(archive["game_id"], archive["events"], witness)


def is_withheld_copy(archive: dict) -> bool:
    return any(e.get("content") == REDACTED for e in archive.get("events", []) if isinstance(e, dict))


def game_from_archive(archive: dict) -> Game:
    entries = archive["events"]
    game = Game.from_archive_event(UUID(archive["game_id"]), entries[0])
    for e in entries[1:]:
        game.append_archive_event(e)
    return game
