"""The full audit of a stored game, streamed (issue #12, section 5): the events are read, decoded and checked
`CHUNK` at a time, so the memory an audit takes is bounded by a chunk and the replayed game, not by the
game's length (measured before: a full audit of 20,000 events raised a process's peak RSS by 83 MB).

`audit_stored(store, game_id)` is what `GameService.audit` (`tabularium verify`, the public audit's full
pass) reports, sentence for sentence as when the whole record was one list (tests/support/audit_reference.py
keeps that version as the oracle of the tests):
  - each stored row is decoded on its own with the decoder loading uses (service.store.CheckedMapper:
    fields, kind, hash and time), so a damaged row is reported by a sentence (first, before the checks'
    problems) instead of crashing, and the chain check meets it as an event without readable content;
  - the checks of service.audit.StreamAudit run over the decoded entries as they come; a revealed seed
    makes it read the events once more for the draws and salts;
  - every stored snapshot is compared, as the stream goes, with the game folded from the events alone at
    its version (`SnapshotCheck`): sealed, on the chain, and equal; a snapshot beyond the last event has no
    event under it.

The games table's witness is read before the events (the old list read it after them): an event appended
meanwhile then extends the witnessed record instead of looking like a truncation of it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Sequence
from uuid import UUID

from domain.i18n import _
from service.audit import AuditReport, StreamAudit, entry_of

if TYPE_CHECKING:
    from service.store import Store

CHUNK = 500  # events read, decoded and checked at a time


def audit_stored(store: Store, gid: UUID) -> AuditReport | None:
    """The full audit of game `gid`'s stored record; None when the game has neither events nor a witness
    (no such game). Raises only what the database raises."""
    recorder, mapper = store.app.recorder, store.app.mapper
    witness = store.witness(gid)
    auditor = StreamAudit(str(gid), witness)
    snapshots = SnapshotCheck(store, gid)
    unreadable: list[str] = []
    last = None
    for rows in row_chunks(recorder, gid):
        entries, sentences = decoded(mapper, rows)
        unreadable += sentences
        auditor.feed(entries)
        snapshots.feed(rows)
        last = rows[-1].originator_version
    if last is None and not witness:
        return None
    report = auditor.report(lambda: (decoded(mapper, rows)[0] for rows in row_chunks(recorder, gid, lte=last)))
    if unreadable:
        report.chain_valid = False
        report.problems[:0] = unreadable
    snapshots.read_the_rest()
    try:
        snapshot_problems = snapshots.problems(any_unreadable=bool(unreadable))
    except Exception as exc:  # noqa: BLE001 — the events decode but do not fold: reported above
        snapshot_problems = [] if not report.ok else [_("the snapshots could not be compared (%(error)s)",
                                                       error=type(exc).__name__)]
    if snapshot_problems:
        report.replay_valid = False  # a stored state that replay does not give
        report.problems += snapshot_problems
    return report


def row_chunks(recorder: Any, gid: UUID, gt: int | None = None, lte: int | None = None) -> Iterator[Sequence[Any]]:
    """The game's stored event rows in order, CHUNK at a time (one indexed query each), after `gt` and up
    to `lte`."""
    after = gt
    while True:
        rows = recorder.select_events(gid, gt=after, lte=lte, limit=CHUNK)
        if not rows:
            return
        yield rows
        if len(rows) < CHUNK:
            return
        after = rows[-1].originator_version


def decoded(mapper: Any, rows: Sequence[Any]) -> tuple[list[dict], list[str]]:
    """The rows as archive entries, and a sentence for each row that cannot be decoded (its entry then has
    no content, and is marked unreadable)."""
    entries, problems = [], []
    for stored in rows:
        try:
            entries.append(entry_of(mapper.to_domain_event(stored)))
        except Exception as exc:  # noqa: BLE001 — a tampered row may not even be JSON
            sentence = getattr(exc, "sentence", None) or \
                _("event %(seq)s cannot be read (%(error)s)", seq=stored.originator_version, error=type(exc).__name__)
            problems.append(sentence)
            entries.append({"seq": stored.originator_version, "type": str(stored.topic).rsplit(".", 1)[-1],
                            "content": None, "prev_hash": None, "hash": None, "unreadable": True})
    return entries, problems


class SnapshotCheck:
    """Every stored snapshot must be sealed, sit on the chain (its head is its event's hash) and equal the
    game folded from the events alone at its version. Fed the event rows chunk by chunk (`feed`), it reads
    the snapshots of each chunk's versions, folds the chunk's events (decoded again: this fold is the
    stored events' own, apart from the audit's replay) and compares as it goes; then `read_the_rest` reads
    the snapshots beyond the last event, and `problems` says what was found, in version order: snapshots
    that cannot be read, snapshots that differ, snapshots with no event under them.

    As when the whole stream was folded up to the last readable snapshot: a record with an unreadable
    event reports only the unreadable snapshots (it cannot be folded), and a fold that fails at or before
    the last readable snapshot makes `problems` raise its exception."""

    def __init__(self, store: Store, gid: UUID):
        self.store = getattr(store.app, "snapshots", None)
        self.mapper, self.gid = store.app.mapper, gid
        self.read_to: int | None = None  # the snapshots of versions up to this one were read
        self.unread: list[str] = []
        self.differ: list[int] = []
        self.missing: list[int] = []
        self.last_taken: int | None = None  # the version of the last readable snapshot
        self.game: Any = None
        self.failure: tuple[int, Exception] | None = None
        self.folding = self.store is not None and bool(self.store.recorder.select_events(gid, limit=1))

    def feed(self, rows: Sequence[Any]) -> None:
        if self.store is None:
            return
        taken = self._read(lte=rows[-1].originator_version)
        versions = {row.originator_version for row in rows}
        self.missing += [v for v in taken if v not in versions]
        for row in rows:
            if not self.folding or self.failure is not None:
                return
            seq = row.originator_version
            try:
                self.game = self.mapper.to_domain_event(row).mutate(self.game)
                snapshot = taken.get(seq)
                if snapshot is not None and self._differs(snapshot):
                    self.differ.append(seq)
            except Exception as exc:  # noqa: BLE001 — answered by `problems`, if the old fold reached it
                self.failure = (seq, exc)

    def read_the_rest(self) -> None:
        """The snapshots beyond the last event read: none should be there."""
        if self.store is not None:
            self.missing += sorted(self._read(lte=None))

    def problems(self, any_unreadable: bool) -> list[str]:
        if self.store is None:
            return []
        if self.last_taken is None or any_unreadable:
            return list(self.unread)
        if self.failure is not None and self.failure[0] <= self.last_taken:
            raise self.failure[1]
        return [*self.unread,
                *(_("the snapshot at event %(seq)s differs from the game rebuilt from its events (a forged or "
                    "stale cache; loading ignores it only if its seal fails)", seq=v) for v in self.differ),
                *(_("the snapshot at event %(seq)s has no event under it", seq=v) for v in sorted(self.missing))]

    def _read(self, lte: int | None) -> dict[int, Any]:
        """The readable snapshots of versions after the last read, up to `lte`, by version; a sentence for
        each that cannot be read."""
        taken = {}
        for stored in self.store.recorder.select_events(self.gid, gt=self.read_to, lte=lte):
            try:
                snapshot = self.mapper.to_domain_event(stored)
            except Exception as exc:  # noqa: BLE001
                self.unread.append(getattr(exc, "sentence", None) or
                                   _("the snapshot at event %(seq)s cannot be read", seq=stored.originator_version))
                continue
            taken[snapshot.originator_version] = snapshot
            version = snapshot.originator_version
            self.last_taken = version if self.last_taken is None else max(self.last_taken, version)
        if lte is not None:
            self.read_to = lte
        return taken

    def _differs(self, snapshot: Any) -> bool:
        rebuilt = type(snapshot).take(self.game).state
        if "clock_state" not in snapshot.state:  # taken before the aggregate kept its clock: compared without it
            rebuilt.pop("clock_state", None)
        encode = self.mapper.transcoder.encode
        return encode(rebuilt) != encode(snapshot.state)


__all__ = ["CHUNK", "SnapshotCheck", "audit_stored", "decoded", "row_chunks"]
