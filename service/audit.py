"""Audit, export and import: everything works on archive entries, so an exported file verifies offline.

An entry is {"seq", "type", "at", "content", "prev_hash", "hash"}. Three checks:
  chain       every hash recomputes, links to its predecessor, and matches the witness (index) if any;
  replay      replaying through today's rules gives the recorded state hashes, and every decision was
              one of the choices offered at the time;
  randomness  once the seed is revealed: it matches the commitment, and every draw and salt derives from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.chain import GENESIS, event_hash, state_hash
from domain.game import Game, salt_for
from domain.randomness import seed_commitment, verify_draws

ARCHIVE_FORMAT = "tabularium-archive/1"
EVENT_TYPES = {"GameCreated", "ChoiceMade", "ChoiceSealed", "ChoicesRevealed", "MessagePosted", "GameFinished",
               "GameAbandoned", "SeatTokenRotated", "DeadlineMissed", "SeatReplaced", "VacationStarted",
               "VacationEnded", "GamePaused", "GameResumed", "PreferencesChanged", "ChoiceUndone",
               "StandingOrderSet", "StandingOrderCancelled", "Private"}
REDACTED = {"redacted": True}
PRIVATE = "Private"  # the type shown for an event withheld from a seat's copy: not even its kind or time


@dataclass
class AuditReport:
    length: int = 0
    head: str = GENESIS
    chain_valid: bool = True
    replay_valid: bool | None = True
    randomness_valid: bool | None = None
    seed_commitment: str | None = None
    seed: str | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.chain_valid and self.replay_valid is not False and self.randomness_valid is not False

    def to_json(self) -> dict:
        return {"length": self.length, "head": self.head, "chain_valid": self.chain_valid,
                "replay_valid": self.replay_valid, "seed_commitment": self.seed_commitment, "seed": self.seed,
                "randomness_valid": self.randomness_valid, "problems": list(self.problems)}


def entry_of(event: Any) -> dict:
    return {"seq": event.originator_version, "type": type(event).__name__, "at": event.content["at"],
            "content": event.content, "prev_hash": event.prev_hash, "hash": event.hash}


def stored_entries(store: Any, game_id: UUID) -> tuple[list[dict], list[str]]:
    """Decode each stored event on its own, so one corrupted row is reported instead of crashing."""
    entries, problems = [], []
    for stored in store.app.recorder.select_events(game_id):
        try:
            entries.append(entry_of(store.app.mapper.to_domain_event(stored)))
        except Exception as exc:  # a tampered row may not even be JSON
            problems.append(f"event {stored.originator_version} cannot be read ({type(exc).__name__})")
            entries.append({"seq": stored.originator_version, "type": stored.topic.rsplit(".", 1)[-1],
                            "content": None, "prev_hash": None, "hash": None})
    return entries, problems


def audit_entries(game_id: str, entries: list[dict], witness: dict | None = None,
                  reveal_seed: bool = True) -> AuditReport:
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
        report.problems.append("the game has no events")
    for expected_seq, e in enumerate(entries, start=1):
        problem = _chain_problem(game_id, expected_seq, prev, e)
        if problem:
            report.chain_valid = False
            report.problems.append(problem)
            return
        prev = e["hash"]


def _chain_problem(game_id: str, seq: int, prev: str, e: dict) -> str | None:
    if e.get("seq") != seq:
        return f"event {seq} is missing or out of order (found {e.get('seq')})"
    if e.get("type") not in EVENT_TYPES:
        return f"event {seq} has an unknown type {e.get('type')!r}"
    if e.get("prev_hash") != prev:
        return f"event {seq} does not link to the event before it"
    if e.get("content") is None:
        return f"event {seq} has no readable content"
    if (e["type"] == PRIVATE) != (e["content"] == REDACTED):
        return f"event {seq} is withheld in one field but not the other (its type or its content)"
    if e["content"] == REDACTED:
        return None  # a redacted entry keeps its place in the chain; its own hash cannot be recomputed
    if event_hash(game_id, seq, e["type"], prev, e["content"]) != e.get("hash"):
        return f"event {seq} ({e['type']}) does not match its hash: its content was changed"
    return None


def _check_witness(entries: list[dict], witness: dict | None, report: AuditReport) -> None:
    if not witness:
        return
    length, head = int(witness["length"]), witness["head"]
    if length > len(entries):
        report.chain_valid = False
        report.problems.append(f"the stream was truncated: {length} events were recorded, {len(entries)} remain")
    elif length and entries[length - 1].get("hash") != head:
        report.chain_valid = False
        report.problems.append(f"event {length} differs from the chain head that was recorded for it")


def _check_replay(game_id: str, entries: list[dict], report: AuditReport) -> None:
    if not report.chain_valid:
        report.replay_valid = False
        return
    if any(e["content"] == REDACTED for e in entries):
        report.replay_valid = None
        report.problems.append("some events are redacted for this viewer, so the game cannot be replayed")
        return
    try:
        problem = _replay_problem(game_id, entries)
    except Exception as exc:  # the rules refused a recorded step, or asked for unrecorded draws
        problem = f"replay failed: {exc}"
    if problem:
        report.replay_valid = False
        report.problems.append(problem)


def _replay_problem(game_id: str, entries: list[dict]) -> str | None:
    game = Game.from_archive_event(UUID(game_id), entries[0])
    if state_hash(game.state) != entries[0]["content"]["state_hash"]:
        return "the set-up does not replay to the recorded state"
    for e in entries[1:]:
        problem = _legality_problem(game, e)
        if problem:
            return problem
        game.append_archive_event(e)
        recorded = e["content"].get("state_hash")
        if recorded and state_hash(game.state) != recorded:
            return f"event {e['seq']} does not replay to the recorded state"
        if e["type"] == "GameFinished" and game.rules.outcome(game.state).to_json() != e["content"]["outcome"]:
            return "the recorded outcome is not what the rules compute"
    return None


def _legality_problem(game: Game, e: dict) -> str | None:
    c = e["content"]
    if e["type"] == "ChoiceUndone":
        problem = game.undo_problem(c["seat"])
        return f"event {e['seq']}: an undo that was not allowed ({problem})" if problem else None
    if e["type"] not in ("ChoiceMade", "ChoiceSealed"):
        return None
    prompt = game.prompt_for(c["seat"])
    if prompt is None or prompt.id != c["prompt_id"] or prompt.find(c["choice"]) is None:
        return f"event {e['seq']}: {c['choice']!r} was not a legal choice for {c['seat']} at that moment"
    if c.get("by") == "standing":
        return _standing_problem(game, e, prompt)
    return None


def _standing_problem(game: Game, e: dict, prompt: Any) -> str | None:
    """A choice recorded as made by a standing order must be what an order in force at that moment says
    (kind, choice id and label): the server cannot pass off a choice of its own as the player's order."""
    c = e["content"]
    order = next((o for o in game.standing.get(c["seat"], []) if o["id"] == c.get("order")), None)
    offered = prompt.find(c["choice"])
    if order is None or order["kind"] != prompt.kind or order["choice"] != c["choice"] \
            or offered is None or offered.label != order["label"]:
        return f"event {e['seq']}: {c['seat']}'s choice is recorded as made by a standing order that did not say so"
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
        return ["the revealed seed does not match the commitment published at creation"]
    problems = []
    for e in entries:
        c = e["content"]
        if c is None or c == REDACTED:
            continue
        if c.get("salt") != salt_for(seed, e["seq"]):
            problems.append(f"event {e['seq']}: its salt does not derive from the seed")
        draws = c.get("draws") if e["type"] != "ChoicesRevealed" else \
            [d for item in c["choices"] for d in item["draws"]]
        problem = verify_draws(seed, e["seq"], draws or [])
        if problem:
            problems.append(problem)
    return problems


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
    if not isinstance(archive, dict) or archive.get("format") != ARCHIVE_FORMAT:
        return [f"this is not a Tabularium archive (expected format {ARCHIVE_FORMAT})"]
    events = archive.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        return ["the archive has no events"]
    try:
        UUID(str(archive.get("game_id")))
    except ValueError:
        return ["the archive's game id is not valid"]
    if archive.get("head") != events[-1].get("hash") or archive.get("length") != len(events):
        return ["the archive's head or length does not match its events (truncated?)"]
    return []


def audit_archive(archive: dict) -> AuditReport:
    problems = archive_problems(archive)
    if problems:
        return AuditReport(chain_valid=False, replay_valid=False, problems=problems)
    witness = {"length": archive["length"], "head": archive["head"]}
    return audit_entries(archive["game_id"], archive["events"], witness)


def game_from_archive(archive: dict) -> Game:
    entries = archive["events"]
    game = Game.from_archive_event(UUID(archive["game_id"]), entries[0])
    for e in entries[1:]:
        game.append_archive_event(e)
    return game
