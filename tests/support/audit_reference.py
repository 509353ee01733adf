"""The full audit as it was before it was streamed (issue #12, section 5): every stored event decoded into one
list, then one pass per check over the list. Kept here, frozen, as the oracle the streamed audit
(`service.audit_stored`, `service.audit.StreamAudit`) is compared with on untampered and tampered records:
the same report, value for value, sentence for sentence. Not used by the product."""
from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from domain.chain import GENESIS, state_hash
from domain.game import Game
from domain.i18n import _
from domain.randomness import seed_commitment
from service import audit
from service.audit import REDACTED, AuditReport, Withheld, entry_of, entry_problems
from service.games import GameNotFound, STORE_ERRORS, parse_game_id


def reference_audit(svc: Any, game_id: Any) -> AuditReport:
    """`GameService.audit` before streaming (without its integrity alerts)."""
    gid = parse_game_id(game_id)
    entries, unreadable = stored_entries(svc.store, gid)
    if not entries and not svc.store.witness(gid):
        raise GameNotFound("no such game")
    report = audit_entries(str(gid), entries, svc.store.witness(gid))
    if unreadable:
        report.chain_valid = False
        report.problems[:0] = unreadable
    try:
        snapshot_problems = stored_snapshot_problems(svc.store, gid, entries)
    except STORE_ERRORS:
        raise
    except Exception as exc:  # noqa: BLE001
        snapshot_problems = [] if not report.ok else [_("the snapshots could not be compared (%(error)s)",
                                                       error=type(exc).__name__)]
    if snapshot_problems:
        report.replay_valid = False
        report.problems += snapshot_problems
    return report


def stored_entries(store: Any, game_id: UUID) -> tuple[list[dict], list[str]]:
    entries, problems = [], []
    for stored in store.app.recorder.select_events(game_id):
        try:
            entries.append(entry_of(store.app.mapper.to_domain_event(stored)))
        except Exception as exc:  # noqa: BLE001
            sentence = getattr(exc, "sentence", None) or \
                _("event %(seq)s cannot be read (%(error)s)", seq=stored.originator_version, error=type(exc).__name__)
            problems.append(sentence)
            entries.append({"seq": stored.originator_version, "type": str(stored.topic).rsplit(".", 1)[-1],
                            "content": None, "prev_hash": None, "hash": None, "unreadable": True})
    return entries, problems


def stored_snapshot_problems(store: Any, game_id: UUID, entries: list[dict]) -> list[str]:
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
        if "clock_state" not in snapshot.state:
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
    try:
        return _audit_entries(game_id, entries, witness, reveal_seed)
    except RecursionError:
        return AuditReport.failed([_("the record is nested too deeply to be checked")], len(entries))
    except Exception as exc:  # noqa: BLE001
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
        problem = audit._chain_problem(game_id, expected_seq, prev, e)
        if problem:
            report.chain_valid = False
            report.problems.append(problem)
            return
        prev = e["hash"]


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


def _check_replay(game_id: str, entries: list[dict], report: AuditReport) -> None:
    if not report.chain_valid:
        report.replay_valid = False
        return
    try:
        problem = _replay_problem(game_id, entries, report)
    except Exception as exc:  # noqa: BLE001
        reason = getattr(exc, "reason", None)
        from domain.i18n import Message

        detail = reason if isinstance(reason, Message) and len(reason) <= 300 else str(exc)[:300] or type(exc).__name__
        problem = _("replay failed: %(detail)s", detail=detail)
    if problem:
        report.replay_valid = False
        report.state_hash = None
        report.problems.append(problem)


def _replay_problem(game_id: str, entries: list[dict], report: AuditReport) -> Any:
    game = Game.from_archive_event(UUID(game_id), entries[0])
    if state_hash(game.state) != entries[0]["content"]["state_hash"]:
        return _("the set-up does not replay to the recorded state")
    withheld = {e["seq"] for e in entries if e["content"] == REDACTED}
    for e in entries[1:]:
        if e["seq"] in withheld:
            game.trigger_event(Withheld, timestamp=datetime.fromisoformat(game.updated_at),
                               prev_hash=e["prev_hash"], hash=e["hash"])
            continue
        problem = audit._legality_problem(game, e, withheld)
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


def _check_randomness(entries: list[dict], report: AuditReport, reveal_seed: bool) -> None:
    if not entries or not entries[0].get("content") or entries[0]["content"] == REDACTED:
        return
    report.seed_commitment = entries[0]["content"]["seed_commitment"]
    seed = next((e["content"].get("seed") for e in entries
                 if e["type"] in ("GameFinished", "GameAbandoned") and e.get("content")), None)
    if not seed or not reveal_seed:
        return
    report.seed = seed
    if seed_commitment(seed) != entries[0]["content"]["seed_commitment"]:
        problems = [_("the revealed seed does not match the commitment published at creation")]
    else:
        problems = audit._draw_problems(seed, entries)
    report.randomness_valid = not problems
    report.problems.extend(problems)
