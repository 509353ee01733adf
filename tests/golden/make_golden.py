"""Make the golden archives: finished games whose replay must never change (issue #12, section 6).

Run by hand, from the repository root, only when a change to how games replay is *meant* (a rules
version bump with a recorded policy, see docs/architecture.md "Rules versions and running games"):

    .venv/bin/python -m tests.golden.make_golden            # rewrite every archive and manifest.json
    .venv/bin/python -m tests.golden.make_golden NAME ...   # only these games (others keep their entries)

Every game is played through the real service (GameService on SQLite in a temporary directory) by a
seeded random player: random legal choices, plus, at seeded moments, standing orders ("always"),
undos, public and private messages, and (in the game with a clock) deadlines run out through the real
ticker, so a default move is played by timeout. The operator's complete archive is written as
`tabularium export GAME` writes it (`<name>.json`), and `manifest.json` records for each game the
final state hash the audit reports, the outcome, the rules id and version, the event count, the chain
head, the event kinds it contains and what it was made to cover. `test_golden_replays.py` checks every
archive against its manifest entry on every test run.

The output is deterministic (fixed seeds, game ids, tokens and clock), so rerunning it on unchanged
code rewrites byte-identical files: a diff after a rerun is itself a replay change to explain.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
import uuid
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid", "Dee")]

# name -> how the game is made. "covers" is what the archive is there to prove replays unchanged.
GAMES: dict[str, dict] = {
    "sylla-3p": {
        "rules": "sylla", "players": 3, "options": {}, "seed": 1,
        "covers": "3 players, default options; standing orders, undo, public and private messages"},
    "sylla-4p": {
        "rules": "sylla", "players": 4, "options": {}, "seed": 2,
        "covers": "4 players, default options; standing orders, undo, public and private messages"},
    "sylla-readings": {
        "rules": "sylla", "players": 3, "seed": 3,
        "options": {"granary_famine_direction": "increase", "curia_marker": "leisure",
                    "lasting_event_repeat_flips": False, "announce_token_kinds": False,
                    "three_player_income_tiles": "random", "three_player_unused_set": "removed",
                    "unsold_building_offerer": "next", "decadence_slot": "top"},
        "covers": "every [I] reading switched to its other (literal) choice"},
    "sylla-crisis": {
        "rules": "sylla", "players": 4, "seed": 4,
        "options": {"crisis_order": ["leisure", "health", "civic"], "crisis_zone_width": 1},
        "covers": "crisis_order reversed and crisis_zone_width 1 (rule 14.20, [A] 2.1)"},
    "sylla-data": {
        "rules": "sylla", "players": 3, "seed": 5,
        "options": {"data_overrides": {"events": {"famine": {"food_symbols": 2}},
                                       "constants": {"bank_denarii": 6},
                                       "great_works_min_votes_to_rank": 0}},
        "covers": "data_overrides of [A] values (famine food symbols, bank denarii, minimum votes to rank)"},
    "sylla-scenario": {
        "rules": "sylla", "players": 3, "seed": 6,
        "options": {"scenario": {
            "round": 3, "first_consul": "red",
            "players": {"blue": {"prestige": 14, "denarii": 6}, "red": {"prestige": 8},
                        "black": {"tokens": {"civic": 1, "health": 1}}},
            "tracks": {"civic": 2, "health": 4, "leisure": 3, "famine": 1}}},
        "covers": "scenario: a position in round 3 instead of the random setup"},
    "sylla-clock": {
        "rules": "sylla", "players": 3, "seed": 7, "timeouts": 0.04,
        "options": {"clock": {"mode": "deadline", "per_decision_hours": 48, "replace_after_missed": 0}},
        "covers": "the clock (platform option): deadlines missed, default moves played by timeout"},
    "toy": {
        "rules": "toy", "players": 3, "options": {"rounds": 6}, "seed": 8, "messages": 0.3, "undo": 0.6,
        "covers": "the test-only toy title (High Card): sealed plays, draw-or-pass, undo, messages"},
}


class Clock:
    """The service's clock: fixed start, moved on by the player script only."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def _tokens(name: str):
    """Seat tokens are random in the service; seeded here so that a rerun writes the same file."""
    counter = iter(range(10**6))
    return lambda: hashlib.sha256(f"golden:{name}:token:{next(counter)}".encode()).hexdigest()[:32]


def _private_salts(name: str):
    """Private events' salts are fresh randomness in the service (service.games.new_private_salt); seeded
    here too, so that a rerun writes the same file. (The archives made before that rule derive them from
    the game's seed, as every salt then was: they still verify.)"""
    counter = iter(range(10**6))
    return lambda: hashlib.sha256(f"golden:{name}:private-salt:{next(counter)}".encode()).hexdigest()[:32]


def play(name: str, spec: dict, workdir: Path) -> tuple[dict, dict]:
    """Play game `name` to its end; returns (archive, manifest entry)."""
    import service.games as games_module
    from service.audit import audit_archive
    from service.config import Settings
    from service.games import GameService
    from service.views import REFEREE
    from workers.ticker import tick

    clock = Clock()
    settings = Settings.from_env(database_url=f"sqlite:///{workdir}/{name}.sqlite3", secret_key="golden",
                                 test_titles=True, mode="embedded", broker_url="memory://", mail_url=f"file://{workdir}/mail")
    games_module.new_token = _tokens(name)
    games_module.new_private_salt = _private_salts(name)
    svc = GameService(settings, clock=clock)
    rng = random.Random(f"golden:{name}:{spec['seed']}")
    seed = hashlib.sha256(f"golden:{name}:seed".encode()).hexdigest()
    gid = uuid.UUID(hashlib.sha256(f"golden:{name}:id".encode()).hexdigest()[:32])
    svc.create_game(spec["rules"], PLAYERS[:spec["players"]], spec["options"], seed=seed, game_id=gid)
    game = svc.get(gid)
    seats = game.seat_ids
    orders: Counter = Counter()
    steps = 0
    while game.status == "active":
        steps += 1
        assert steps < 5000, f"{name}: the game does not end"
        clock.advance(minutes=rng.randint(1, 180), seconds=rng.randint(0, 59))
        if spec.get("timeouts") and rng.random() < spec["timeouts"]:
            clock.advance(hours=49)
            tick(svc, clock.now)  # the real ticker: DeadlineMissed and the default move, in one save
            game = svc.get(gid)
            continue
        if rng.random() < spec.get("messages", 0.04):
            sender = rng.choice(seats)
            others = [s for s in seats if s != sender]
            to = "all" if rng.random() < 0.5 else sorted(rng.sample(others, rng.randint(1, len(others) - 1 or 1)))
            svc.post_message(gid, sender, to, f"{'Ave' if to == 'all' else 'Between us'}: move {steps} "
                                              f"({rng.randint(1, 999)})")
        prompt = rng.choice(game.open_prompts())
        choice = rng.choice(prompt.choices).id
        standing = orders[prompt.seat] < 2 and rng.random() < 0.05
        orders[prompt.seat] += standing
        svc.choose(gid, prompt.seat, prompt.id, choice, key=f"{name}-{steps}", standing=standing)
        game = svc.get(gid)
        if rng.random() < spec.get("undo", 0.25) and game.undo_problem(prompt.seat) is None:
            clock.advance(minutes=rng.randint(1, 30))
            svc.undo(gid, prompt.seat)
            game = svc.get(gid)
    if game.status != "finished":
        raise AssertionError(f"{name}: ended {game.status}, not finished")
    archive = json.loads(json.dumps(svc.export(gid, REFEREE)))
    report = audit_archive(archive)
    assert report.ok, f"{name}: the new archive does not verify: {report.problems}"
    kinds = Counter(e["type"] for e in archive["events"])
    bys = Counter(e["content"].get("by") for e in archive["events"] if e["type"] in ("ChoiceMade", "ChoiceSealed"))
    private = sum(1 for e in archive["events"] if e["type"] == "MessagePosted" and e["content"]["to"] != "all")
    entry = {
        "archive": f"{name}.json", "game_id": str(gid), "rules": game.rules_id,
        "rules_version": archive["events"][0]["content"]["rules_version"], "players": len(seats),
        "options": spec["options"], "events": len(archive["events"]), "head": archive["head"],
        "state_hash": report.state_hash, "outcome": archive["events"][-1]["content"]["outcome"],
        "event_kinds": dict(sorted(kinds.items())), "decisions_by": dict(sorted(bys.items())),
        "private_messages": private, "covers": spec["covers"],
    }
    svc.close()
    return archive, entry


def write(names: list[str]) -> None:
    manifest_path = HERE / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    manifest.pop("_about", None)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            archive, entry = play(name, GAMES[name], Path(tmp))
            with open(HERE / entry["archive"], "w", encoding="utf-8") as f:
                json.dump(archive, f, ensure_ascii=False)  # exactly as `tabularium export` writes it
                f.write("\n")
            manifest[name] = entry
            print(f"{name}: {entry['events']} events, state {entry['state_hash'][:16]}, "
                  f"winners {entry['outcome'].get('winners')}, kinds {entry['event_kinds']}, by {entry['decisions_by']}")
    about = ("Golden archives: written by tests/golden/make_golden.py, checked by test_golden_replays.py. "
             "Each entry is what replaying its archive must give, for ever, unless a rules version bump says otherwise.")
    ordered = {"_about": about, **{k: manifest[k] for k in GAMES if k in manifest}}
    manifest_path.write_text(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def check_coverage(manifest: dict) -> list[str]:
    """What the set of golden games must cover between them; empty when it does."""
    games = [v for k, v in manifest.items() if k != "_about"]
    need = {
        "a standing order firing": any(g["decisions_by"].get("standing") for g in games),
        "an undo": any(g["event_kinds"].get("ChoiceUndone") for g in games),
        "a default move by timeout": any(g["decisions_by"].get("timeout") for g in games),
        "a missed deadline": any(g["event_kinds"].get("DeadlineMissed") for g in games),
        "a private message": any(g["private_messages"] for g in games),
        "a sealed choice and its reveal": any(g["event_kinds"].get("ChoicesRevealed") for g in games),
        "3 players of Sylla": any(g["rules"] == "sylla" and g["players"] == 3 for g in games),
        "4 players of Sylla": any(g["rules"] == "sylla" and g["players"] == 4 for g in games),
        "the toy title": any(g["rules"] == "toy" for g in games),
    }
    return [what for what, ok in need.items() if not ok]


if __name__ == "__main__":
    import os

    os.environ.setdefault("TABULARIUM_TEST_TITLES", "1")
    wanted = sys.argv[1:] or list(GAMES)
    unknown = [n for n in wanted if n not in GAMES]
    if unknown:
        raise SystemExit(f"make_golden: no golden game {unknown[0]!r}; known: {', '.join(GAMES)}")
    write(wanted)
    missing = check_coverage(json.loads((HERE / "manifest.json").read_text()))
    if missing:
        raise SystemExit("make_golden: the golden games no longer cover: " + ", ".join(missing))
