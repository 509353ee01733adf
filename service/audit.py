"""Audit, export and import: everything works on archive entries, so an exported file verifies offline.

An entry is {"seq", "type", "at", "content", "prev_hash", "hash"}. Three checks:
  chain       every hash recomputes, links to its predecessor, and matches the witness (index) if any;
  replay      replaying through today's rules gives the recorded state hashes, and every decision was
              one of the choices offered at the time;
  randomness  once the seed is revealed: it matches the commitment, and every draw and every public event's
              salt derives from it (a private event's salt is fresh randomness: domain.chain).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
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


_CHOICE = {"seat": _ID, "prompt_id": _ID, "choice": _ID, "by": _ID}
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
        "properties": {"seat": _ID, "prompt_id": _ID, "choice": _ID, "draws": _DRAWS}}}}),
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
    "StandingOrderSet": _content({"seat": _ID, "kind": _ID, "choice": _ID, "label": _TEXT}),
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
        seq = e.get("seq") if isinstance(e, dict) else None
        n = seq if isinstance(seq, int) and not isinstance(seq, bool) else n
        problem = _schema_problem(_ENTRY, e, n)
        if problem is None:
            problem = _schema_problem(_CONTENT[e["type"]], e["content"], n, e["type"])
        if problem is None and e["type"] == "GameCreated" and n != 1:
            problem = _("event %(seq)s creates a game in the middle of another", seq=n)
        if problem:
            problems.append(problem)
    return problems


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


def stored_entries(store: Any, game_id: UUID) -> tuple[list[dict], list[str]]:
    """Decode each stored event on its own with the very decoder loading uses (service.store.CheckedMapper:
    fields, kind, hash and time), so one damaged row is reported, by a sentence, instead of crashing."""
    entries, problems = [], []
    for stored in store.app.recorder.select_events(game_id):
        try:
            entries.append(entry_of(store.app.mapper.to_domain_event(stored)))
        except Exception as exc:  # noqa: BLE001 — a tampered row may not even be JSON
            sentence = getattr(exc, "sentence", None) or \
                _("event %(seq)s cannot be read (%(error)s)", seq=stored.originator_version, error=type(exc).__name__)
            problems.append(sentence)
            entries.append({"seq": stored.originator_version, "type": str(stored.topic).rsplit(".", 1)[-1],
                            "content": None, "prev_hash": None, "hash": None, "unreadable": True})
    return entries, problems


def stored_snapshot_problems(store: Any, game_id: UUID, entries: list[dict]) -> list[str]:
    """Every stored snapshot must be sealed, sit on the chain (its head is its event's hash) and equal the
    game rebuilt from the events alone at its version (one fold of the stream, compared as it goes)."""
    snapshots = getattr(store.app, "snapshots", None)
    if snapshots is None:
        return []

    problems, taken = [], []
    for stored in snapshots.recorder.select_events(game_id):
        try:
            taken.append(store.app.mapper.to_domain_event(stored))
        except Exception as exc:  # noqa: BLE001
            problems.append(getattr(exc, "sentence", None) or
                            _("the snapshot at event %(seq)s cannot be read", seq=stored.originator_version))
    if not taken or any(e.get("unreadable") for e in entries):
        return problems
    by_version = {s.originator_version: s for s in taken}
    game = None
    encode = store.app.mapper.transcoder.encode
    for event in store.app.events.get(game_id, lte=max(by_version)):
        game = event.mutate(game)
        snapshot = by_version.get(event.originator_version)
        if snapshot is None:
            continue
        rebuilt = type(snapshot).take(game).state
        if "clock_state" not in snapshot.state:  # taken before the aggregate kept its clock: compared without it
            rebuilt.pop("clock_state", None)
        if encode(rebuilt) != encode(snapshot.state):
            problems.append(_("the snapshot at event %(seq)s differs from the game rebuilt from its events (a "
                              "forged or stale cache; loading ignores it only if its seal fails)",
                              seq=snapshot.originator_version))
    missing = sorted(set(by_version) - {e["seq"] for e in entries})
    problems += [_("the snapshot at event %(seq)s has no event under it", seq=v) for v in missing]
    return problems


def audit_entries(game_id: str, entries: list[Any], witness: dict | None = None,
                  reveal_seed: bool = True) -> AuditReport:
    """Never raises: a record too damaged to check is a failed report with sentences."""
    try:
        return _audit_entries(game_id, entries, witness, reveal_seed)
    except RecursionError:
        return AuditReport.failed([_("the record is nested too deeply to be checked")], len(entries))
    except Exception as exc:  # noqa: BLE001 — a shape the schema let through and a check tripped on
        return AuditReport.failed([_("the record could not be checked (%(error)s)", error=type(exc).__name__)],
                                  len(entries))


def _audit_entries(game_id: str, entries: list[Any], witness: dict | None, reveal_seed: bool) -> AuditReport:
    readable = [e for e in entries if not (isinstance(e, dict) and e.get("unreadable"))]
    problems = entry_problems(readable)
    if problems:
        last = entries[-1] if entries else None
        head = last.get("hash") if isinstance(last, dict) and isinstance(last.get("hash"), str) else GENESIS
        report = AuditReport.failed(problems, len(entries))
        report.head = head
        return report
    report = AuditReport(length=len(entries), head=entries[-1]["hash"] if entries else GENESIS)
    _check_chain(game_id, entries, report)
    _check_witness(entries, witness, report)
    _check_replay(game_id, entries, report)
    _check_randomness(entries, report, reveal_seed)
    return report


def _check_chain(game_id: str, entries: list[dict], report: AuditReport) -> None:
    prev = GENESIS
    if not entries:
        report.chain_valid = False
        report.problems.append(_("the game has no events"))
    for expected_seq, e in enumerate(entries, start=1):
        problem = _chain_problem(game_id, expected_seq, prev, e)
        if problem:
            report.chain_valid = False
            report.problems.append(problem)
            return
        prev = e["hash"]


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


def _check_witness(entries: list[dict], witness: dict | None, report: AuditReport) -> None:
    if not witness:
        return
    length, head = int(witness["length"]), witness["head"]
    if length > len(entries):
        report.chain_valid = False
        report.problems.append(_("the stream was truncated: %(recorded)s events were recorded, %(remaining)s remain",
                                 recorded=length, remaining=len(entries)))
    elif length and entries[length - 1].get("hash") != head:
        report.chain_valid = False
        report.problems.append(_("event %(seq)s differs from the chain head that was recorded for it", seq=length))


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


def _check_replay(game_id: str, entries: list[dict], report: AuditReport) -> None:
    if not report.chain_valid:
        report.replay_valid = False
        return
    try:
        problem = _replay_problem(game_id, entries, report)
    except Exception as exc:  # noqa: BLE001 — the rules refused a recorded step, or asked for unrecorded draws
        reason = getattr(exc, "reason", None)  # a refusal's sentence stays a message, so it is translated too
        detail = reason if isinstance(reason, Message) and len(reason) <= 300 else str(exc)[:300] or type(exc).__name__
        problem = _("replay failed: %(detail)s", detail=detail)
    if problem:
        report.replay_valid = False
        report.state_hash = None
        report.problems.append(problem)


def _replay_problem(game_id: str, entries: list[dict], report: AuditReport) -> Message | None:
    game = Game.from_archive_event(UUID(game_id), entries[0])
    if state_hash(game.state) != entries[0]["content"]["state_hash"]:
        return _("the set-up does not replay to the recorded state")
    withheld = {e["seq"] for e in entries if e["content"] == REDACTED}
    for e in entries[1:]:
        if e["seq"] in withheld:
            game.trigger_event(Withheld, timestamp=datetime.fromisoformat(game.updated_at),
                               prev_hash=e["prev_hash"], hash=e["hash"])
            continue
        problem = _legality_problem(game, e, withheld)
        if problem:
            return problem
        game.append_archive_event(e)
        recorded = e["content"].get("state_hash")
        if recorded and state_hash(game.state) != recorded:
            return _("event %(seq)s does not replay to the recorded state", seq=e["seq"])
        if e["type"] == "GameFinished" and game.rules.outcome(game.state).to_json() != e["content"]["outcome"]:
            return _("the recorded outcome is not what the rules compute")
    report.state_hash = state_hash(game.state)
    report.replayed = game
    return None


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


def _check_randomness(entries: list[dict], report: AuditReport, reveal_seed: bool) -> None:
    if not entries or not entries[0].get("content") or entries[0]["content"] == REDACTED:
        return
    report.seed_commitment = entries[0]["content"]["seed_commitment"]
    seed = next((e["content"].get("seed") for e in entries
                 if e["type"] in ("GameFinished", "GameAbandoned") and e.get("content")), None)
    if not seed or not reveal_seed:
        return
    report.seed = seed
    problems = _randomness_problems(seed, entries)
    report.randomness_valid = not problems
    report.problems.extend(problems)


def _randomness_problems(seed: str, entries: list[dict]) -> list[str]:
    if seed_commitment(seed) != entries[0]["content"]["seed_commitment"]:
        return [_("the revealed seed does not match the commitment published at creation")]
    return _draw_problems(seed, entries)


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
    report (its sentences) is the answer. `prefix.game` moves on with the replay: pass a copy to keep it."""
    try:
        return _audit_extension(game_id, prefix, entries, witness, observe)
    except Exception:  # noqa: BLE001 — whatever trips here, the full audit says it with its sentence
        return None


def _audit_extension(game_id: str, prefix: AuditedPrefix, entries: list[Any], witness: dict | None,
                     observe: Any) -> AuditReport | None:
    if prefix.length < 1 or any(not isinstance(e, dict) or e.get("unreadable") for e in entries) \
            or entry_problems(entries):
        return None
    prev = prefix.head
    for seq, e in enumerate(entries, start=prefix.length + 1):
        if e["content"] == REDACTED or _chain_problem(game_id, seq, prev, e):
            return None
        prev = e["hash"]
    length = prefix.length + len(entries)
    if not witness or int(witness["length"]) != length or witness["head"] != prev:
        return None  # the full audit says what is wrong with the witness (or checks without one)
    game = prefix.game
    for e in entries:
        if _legality_problem(game, e):
            return None
        game.append_archive_event(e)
        recorded = e["content"].get("state_hash")
        if recorded and state_hash(game.state) != recorded:
            return None
        if e["type"] == "GameFinished" and game.rules.outcome(game.state).to_json() != e["content"]["outcome"]:
            return None
        if observe is not None and observe(e["seq"], game):
            return None
    seed = prefix.seed
    if seed is None:
        if any(e["type"] in ("GameFinished", "GameAbandoned") and e["content"].get("seed") for e in entries):
            return None  # revealed now: one full pass checks every draw since the first
    elif prefix.randomness_valid is not True or _draw_problems(seed, entries):
        return None
    return AuditReport(length=length, head=prev, chain_valid=True, replay_valid=True,
                       randomness_valid=True if seed else None, seed_commitment=prefix.seed_commitment,
                       seed=seed, state_hash=state_hash(game.state), replayed=game)


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
