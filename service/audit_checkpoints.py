"""The incremental public audit: a sealed checkpoint per game, so an audit checks only the events since
the last one (issue #12, section 5).

A checkpoint says "a full audit passed over the first `length` events, up to `head`": it holds the
game the replay ended in (as a snapshot's state), the seed commitment, and once the seed is revealed the
seed itself with the randomness verdict; plus `full_at`, the time of the last full pass it descends from.
It names the release and rules version that replayed it (another release's is not continued: after an
upgrade each game's first audit is full). It is written only for a report with no problem at all (chain
and replay valid, randomness not invalid), and sealed like a snapshot: an HMAC under a key derived from TABULARIUM_SECRET_KEY (any key still
accepted verifies, the current one seals) over the game id, length, head, state hash, time and body. A
database editor cannot write "verified up to N" without the key.

`public_audit(service, game_id)` (the audit API and page, through the per-process report cache):

  1. no checkpoint, a seal that fails (integrity alert), or one older than `TABULARIUM_AUDIT_FULL_EVERY`
     seconds (default a day; 0 = always full): the full audit (`GameService.audit`), then a checkpoint.
  2. otherwise the stored events from the checkpoint's length on are read (indexed queries of
     service.audit_stored.CHUNK events each, so memory holds a chunk, however many events came since):
     the event at its length must still be there with the checkpoint's head, or the stream is not an
     extension of what was audited (see "evidence" below).
  3. the newer events are decoded strictly (service.store.CheckedMapper), checked by
     `service.audit.ExtensionAudit` (schema, hashes and links from the head, witness, replay from the
     checkpoint's game, draws once the seed is known) and any newer stored snapshot is compared with the
     replay at its version. Anything amiss, and the first audit after the seed is revealed: full audit.
  4. the checkpoint moves to the new head.

So an untampered game's report is the full audit's, value for value, at a cost that depends on the
events since the last audit. What it does not do: re-read the rows before the checkpoint. A row edited
by hand there shows in `tabularium verify` (never continues from a checkpoint: it holds the record against
it, then refreshes or drops it, unless the record contradicts it), in
the full pass when the seed is revealed, and in the periodic full pass (docs/operations.md).

Evidence. A checkpoint whose seal holds is the server's own word that the record had `length` events
ending at `head`. Every full audit (`full_audit`: the public audit's full pass and `tabularium verify`)
holds the stored events against it: when the event at its length has another hash, or no longer exists
(the stream is shorter), the record was rewritten or truncated after it was audited, even if whoever
did it recomputed every hash and the games table's witness so that the chain itself looks valid. That
is a failure of the report (`contradiction`: a problem sentence first, chain_valid false, an integrity
alert), and the checkpoint is kept as the evidence: neither dropped nor overwritten by a later audit,
however clean, until an operator accepts the stored record (`accept_restored`, `tabularium verify GAME
--accept-restored-record`, after restoring a backup deliberately). A checkpoint that fails its seal is
not evidence: ignored with an alert, as before. (The checkpoint lives in the same database: a writer who
deletes its row removes the evidence; the published heads and the players' archives remain.)
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import importlib.metadata
import json
import logging
import os
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

from eventsourcing.domain import Snapshot

from domain.chain import state_hash
from domain.game import Game
from domain.i18n import _
from service import audit, audit_stored
from service.games import GameService, parse_game_id
from service.store import GAME_TOPIC, DamagedRecord, alert

log = logging.getLogger("tabularium.audit")

TABLE = "tabularium_audit_checkpoints"
SCHEMA = f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    game_id TEXT PRIMARY KEY, length INTEGER NOT NULL, head TEXT NOT NULL, state_hash TEXT NOT NULL,
    sealed_at TEXT NOT NULL, body TEXT NOT NULL, seal TEXT NOT NULL)"""
FORMAT = 1
DEFAULT_FULL_EVERY = 86_400.0  # seconds: the public audit makes a full pass at least this often per game

_ready: set[int] = set()  # Database.uid of the databases whose table exists


def full_every() -> float:
    try:
        return max(0.0, float(os.environ.get("TABULARIUM_AUDIT_FULL_EVERY", DEFAULT_FULL_EVERY)))
    except ValueError:
        return DEFAULT_FULL_EVERY


def checkpoint_key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"tabularium audit checkpoint seal", hashlib.sha256).digest()


def _keys(service: GameService) -> list[bytes]:
    return [checkpoint_key(s) for s in reversed(service.settings.secret_keys) if s]  # the current key first


def _seal(key: bytes, game_id: str, length: int, head: str, digest: str, sealed_at: str, body: str) -> str:
    message = json.dumps([game_id, length, head, digest, sealed_at], separators=(",", ":")) + "\n" + body
    return hmac.new(key, message.encode(), hashlib.sha256).hexdigest()


@functools.cache
def _release() -> str:
    try:
        return importlib.metadata.version("tabularium")
    except Exception:  # noqa: BLE001 — running from a source tree that is not installed
        return "source"


def code_version(game: Game) -> str:
    """What the checkpoint's game was replayed by: this release and the title's rules version. Another
    release's checkpoint (before or after an upgrade) is not continued: one full audit makes a new one."""
    release = _release()
    try:
        rules = f"{game.rules.id}:{game.rules.version}"
    except Exception:  # noqa: BLE001 — a title this release does not have
        rules = "unknown"
    return f"{release}/{rules}"


def _table(service: GameService) -> Any:
    """The table, created on first use (like the message log): `init-db` needs no change, and a database
    that refuses it leaves the public audit full (a warning), never failing."""
    db = service.store.db
    if db.uid not in _ready:
        db.execute(SCHEMA)
        _ready.add(db.uid)
    return db


# ------------------------------------------------------------------------------------ the stored row

def sealed(service: GameService, gid: UUID) -> dict | None:
    """The game's checkpoint row if its seal holds (under any key still accepted): the server's own word
    on the record's length and head, so evidence. None if there is none, or if it fails its seal or form
    (integrity alert: a forged checkpoint is neither trusted nor evidence)."""
    rows = _table(service).query(f"SELECT * FROM {TABLE} WHERE game_id=?", (str(gid),))
    if not rows:
        return None
    row = rows[0]
    try:
        length, head, digest, sealed_at, body = (int(row["length"]), str(row["head"]), str(row["state_hash"]),
                                                 str(row["sealed_at"]), str(row["body"]))
        if not any(hmac.compare_digest(_seal(k, str(gid), length, head, digest, sealed_at, body), str(row["seal"]))
                   for k in _keys(service)):
            raise DamagedRecord(_("it does not match its seal: it was changed (or sealed with another key)"))
    except DamagedRecord as exc:
        alert(gid, f"the audit checkpoint at event {row.get('length')} is ignored: {exc.sentence}; "
                   "audited in full")
        return None
    except (TypeError, ValueError) as exc:
        log.warning("audit checkpoint of game %s unreadable (%s): audited in full", gid, type(exc).__name__)
        return None
    return {"length": length, "head": head, "state_hash": digest, "sealed_at": sealed_at, "body": body}


def load(service: GameService, gid: UUID, row: dict | None) -> tuple[audit.AuditedPrefix, str] | None:
    """(the audited prefix, its full_at) from a sealed checkpoint row (`sealed`); None if there is none,
    if its body is not the state it names (integrity alert; never trusted) or is of another release."""
    if row is None:
        return None
    length, head, digest = row["length"], row["head"], row["state_hash"]
    try:
        data = service.store.app.mapper.transcoder.decode(row["body"].encode())
        if data.get("format") != FORMAT or data.get("chain_valid") is not True \
                or data.get("replay_valid") is not True:
            raise DamagedRecord(_("it is not a checkpoint of a passed audit"))
        state = dict(data["game"])
        game = Snapshot(originator_id=gid, originator_version=length, timestamp=datetime.now(timezone.utc),
                        topic=GAME_TOPIC, state=state).mutate(None)
        if state_hash(game.state) != digest or game.head != head or not isinstance(game, Game):
            raise DamagedRecord(_("its game is not the state it names"))
        if data.get("code") != code_version(game):
            return None  # replayed by another release (or rules version): audit in full, then re-checkpoint
    except DamagedRecord as exc:
        alert(gid, f"the audit checkpoint at event {length} is ignored: {exc.sentence}; audited in full")
        return None
    except Exception as exc:  # noqa: BLE001 — sealed but unreadable (an older format): audit in full
        log.warning("audit checkpoint of game %s unreadable (%s): audited in full", gid, type(exc).__name__)
        return None
    prefix = audit.AuditedPrefix(length=length, head=head, game=game, seed_commitment=data["seed_commitment"],
                                 seed=data.get("seed"), randomness_valid=data.get("randomness_valid"))
    return prefix, str(data["full_at"])


def contradiction(service: GameService, gid: UUID, row: dict) -> str | None:
    """The sentence saying how the stored events contradict a sealed checkpoint (`sealed`), or None when
    the event at its length is still there with its head. Reads that one event (and, when it is missing,
    the last one)."""
    length, head = row["length"], row["head"]
    recorder = service.store.app.recorder
    rows = recorder.select_events(gid, gt=length - 1, lte=length)
    if not rows:
        last = recorder.select_events(gid, desc=True, limit=1)
        if not last or last[0].originator_version < length:
            return _("The record was changed after it was audited at event %(length)d: the audited record had "
                     "%(length)d events, the stored one now has %(now)d (it was truncated)",
                     length=length, now=last[0].originator_version if last else 0)
        return _("The record was changed after it was audited at event %(length)d: event %(length)d is no "
                 "longer stored (it was deleted)", length=length)
    try:
        stored_head = service.store.app.mapper.to_domain_event(rows[0]).hash
    except DamagedRecord as exc:
        return _("The record was changed after it was audited at event %(length)d: event %(length)d is no "
                 "longer the audited one (%(why)s)", length=length, why=exc.sentence)
    if stored_head != head:
        return _("The record was changed after it was audited at event %(length)d: event %(length)d now has "
                 "the hash %(stored)s…, the audited one had %(audited)s… (it or an event before it was "
                 "rewritten, and the hashes recomputed)", length=length, stored=stored_head[:16],
                 audited=head[:16])
    return None


def save(service: GameService, gid: UUID, report: audit.AuditReport, full_at: str) -> bool:
    """Seal and store a checkpoint of a report without any problem; never moves one back."""
    game = report.replayed
    if not report.ok or report.problems or game is None or game.version != report.length \
            or game.head != report.head:
        return False
    body = service.store.app.mapper.transcoder.encode({
        "format": FORMAT, "chain_valid": True, "replay_valid": True, "full_at": full_at,
        "seed_commitment": report.seed_commitment, "seed": report.seed,
        "randomness_valid": report.randomness_valid, "code": code_version(game),
        "game": Snapshot.take(game).state}).decode()
    sealed_at = service.now()
    digest = state_hash(game.state)
    seal = _seal(_keys(service)[0], str(gid), report.length, report.head, digest, sealed_at, body)
    _table(service).execute(
        f"INSERT INTO {TABLE} (game_id, length, head, state_hash, sealed_at, body, seal) VALUES (?,?,?,?,?,?,?)"
        f" ON CONFLICT (game_id) DO UPDATE SET length=excluded.length, head=excluded.head,"
        f" state_hash=excluded.state_hash, sealed_at=excluded.sealed_at, body=excluded.body, seal=excluded.seal"
        f" WHERE excluded.length >= {TABLE}.length",
        (str(gid), report.length, report.head, digest, sealed_at, body, seal))
    return True


def drop(service: GameService, gid: UUID) -> None:
    _table(service).execute(f"DELETE FROM {TABLE} WHERE game_id=?", (str(gid),))


# ------------------------------------------------------------------------------------ the audits

def record_full(service: GameService, game_id: Any, report: audit.AuditReport) -> None:
    """After a full audit that no checkpoint contradicts (`full_audit`): a passed one becomes the game's
    checkpoint (its full pass dated now), a failed one drops it, so the public audit audits in full too."""
    try:
        gid = parse_game_id(game_id)
        if not (report.ok and not report.problems and save(service, gid, report, service.now())):
            drop(service, gid)
    except Exception as exc:  # noqa: BLE001 — the checkpoint is an optimisation: the report stands
        log.warning("audit checkpoint of game %s not written (%s)", game_id, type(exc).__name__)


_UNREAD: Any = object()


def full_audit(service: GameService, game_id: Any, row: Any = _UNREAD) -> audit.AuditReport:
    """The full audit (`GameService.audit`; GameNotFound for no such game) held against the game's sealed
    checkpoint (`row`, if the caller has read it): a record that contradicts it fails, with the sentence
    first, and the checkpoint is kept as the evidence; otherwise the verdict is recorded (`record_full`)."""
    report = service.audit(game_id)
    try:
        gid = parse_game_id(game_id)
        if row is _UNREAD:
            row = sealed(service, gid)
        sentence = contradiction(service, gid, row) if row is not None else None
    except Exception as exc:  # noqa: BLE001 — the table missing or refused: the report stands, no checkpoint
        log.warning("audit checkpoint of game %s not checked (%s)", game_id, type(exc).__name__)
        return report
    if sentence is None:
        record_full(service, gid, report)
        return report
    alert(gid, f"{sentence}; the audit checkpoint is kept as the evidence")
    report.chain_valid = False
    report.problems.insert(0, sentence)
    return report


def accept_restored(service: GameService, game_id: Any) -> str:
    """Drop the game's checkpoint, whatever it says (an operator who restored the database from a backup
    deliberately accepts the stored record as it is), and say what was dropped. The next full audit
    makes a new one from the record as it is now."""
    gid = parse_game_id(game_id)
    rows = _table(service).query(f"SELECT * FROM {TABLE} WHERE game_id=?", (str(gid),))
    if not rows:
        return _("Game %(game)s has no audit checkpoint: nothing to accept.", game=str(gid))
    row = rows[0]
    evidence = sealed(service, gid)
    facts = {"game": str(gid), "length": int(row["length"]), "head": str(row["head"]),
             "sealed_at": str(row["sealed_at"])}
    if evidence is None:
        said = _("Dropped the audit checkpoint of game %(game)s (%(length)d events audited, up to head %(head)s, "
                 "sealed at %(sealed_at)s): its seal does not hold, so it was not evidence.", **facts)
    else:
        sentence = contradiction(service, gid, evidence)
        said = _("Dropped the audit checkpoint of game %(game)s (%(length)d events audited, up to head %(head)s, "
                 "sealed at %(sealed_at)s). %(contradiction)s", contradiction=sentence, **facts) if sentence else \
            _("Dropped the audit checkpoint of game %(game)s (%(length)d events audited, up to head %(head)s, "
              "sealed at %(sealed_at)s): the stored record agrees with it.", **facts)
    drop(service, gid)
    alert(gid, f"accepted the stored record as restored: {said}")
    return said


def public_audit(service: GameService, game_id: Any) -> audit.AuditReport:
    """The report `GameService.audit` gives, from the game's checkpoint when it holds (see the module)."""
    gid = parse_game_id(game_id)
    row: Any = _UNREAD
    try:
        row = sealed(service, gid)
        report = _incremental(service, gid, row)
    except Exception as exc:  # noqa: BLE001 — the table missing or refused: audit in full
        log.warning("incremental audit of game %s not possible (%s): audited in full", gid, type(exc).__name__)
        report = None
    if report is not None:
        return report
    return full_audit(service, gid, row)


def _incremental(service: GameService, gid: UUID, row: dict | None) -> audit.AuditReport | None:
    every = full_every()
    found = load(service, gid, row) if every > 0 else None
    if found is None:
        return None
    prefix, full_at = found
    try:
        age = (datetime.fromisoformat(service.now()) - datetime.fromisoformat(full_at)).total_seconds()
    except (TypeError, ValueError):
        age = every + 1
    if age > every:
        return None  # the periodic full pass
    report = _extension(service, gid, prefix)
    if report is not None and report.length > prefix.length:
        try:
            save(service, gid, report, full_at)
        except Exception as exc:  # noqa: BLE001
            log.warning("audit checkpoint of game %s not advanced (%s)", gid, type(exc).__name__)
    return report


def _extension(service: GameService, gid: UUID, prefix: audit.AuditedPrefix) -> audit.AuditReport | None:
    """The stored events from the checkpoint's on, read and checked a chunk at a time
    (service.audit_stored.CHUNK): the first must be the checkpoint's own event, the rest extend it
    (`audit.ExtensionAudit`), with the stored snapshots among them. None as soon as anything is amiss."""
    store = service.store
    snapshots = SnapshotWatch(service, gid, after=prefix.length - 1)
    extension = audit.ExtensionAudit(str(gid), prefix, snapshots.observe)
    checkpoint_event_seen = False
    for rows in audit_stored.row_chunks(store.app.recorder, gid, gt=prefix.length - 1):
        try:
            decoded = [store.app.mapper.to_domain_event(r) for r in rows]
        except DamagedRecord:
            return None  # the full audit reports the row with its sentence
        if not snapshots.read(up_to=rows[-1].originator_version, last=len(rows) < audit_stored.CHUNK):
            return None
        if not checkpoint_event_seen:
            first = decoded.pop(0)
            if first.originator_version != prefix.length or first.hash != prefix.head:
                return None  # not an extension of what was audited: the full audit says how (`contradiction`)
            if snapshots.observe(prefix.length, prefix.game):
                return None
            checkpoint_event_seen = True
        if not extension.feed([audit.entry_of(e) for e in decoded]):
            return None
    if not checkpoint_event_seen or snapshots.any_beyond(extension.length):
        return None
    return extension.report(store.witness(gid))


class SnapshotWatch:
    """The stored snapshots from the checkpoint's version on (one there may have been written just after
    it), read chunk by chunk (`read`) and compared with the replay at their version (`observe`), as
    `service.audit_stored.SnapshotCheck` does for all of them. A snapshot that is not sealed, or one beyond
    the stream (`any_beyond`), leaves the answer to the full audit, which reports it."""

    def __init__(self, service: GameService, gid: UUID, after: int):
        self.store = getattr(service.store.app, "snapshots", None)
        self.mapper, self.gid = service.store.app.mapper, gid
        self.read_to: int | None = after  # the snapshots of versions up to this one were read (None: all)
        self.taken: dict[int, Any] = {}
        self.beyond = False

    def read(self, up_to: int, last: bool = False) -> bool:
        """The snapshots after the last read, up to version `up_to` (all of them for the `last` chunk of
        events: one beyond it is noted); False if one cannot be read."""
        if self.store is None:
            return True
        try:
            self.taken = {s.originator_version: s for s in
                          (self.mapper.to_domain_event(r) for r in
                           self.store.recorder.select_events(self.gid, gt=self.read_to,
                                                             lte=None if last else up_to))}
        except DamagedRecord:
            return False
        self.beyond = self.beyond or any(version > up_to for version in self.taken)
        self.read_to = None if last else up_to
        return True

    def observe(self, seq: int, game: Game) -> bool:
        """Whether the snapshot at `seq` (if any) differs from `game`."""
        snapshot = self.taken.get(seq)
        if snapshot is None:
            return False
        encode = self.mapper.transcoder.encode
        return encode(type(snapshot).take(game).state) != encode(snapshot.state)

    def any_beyond(self, length: int) -> bool:
        """Whether a snapshot was stored beyond the stream's last event (read or not): known from the
        last chunk's read, else one query."""
        if self.store is None:
            return False
        if self.read_to is None:
            return self.beyond
        return self.beyond or bool(self.store.recorder.select_events(self.gid, gt=length, limit=1))
