"""Golden archives (issue #12, section 6): finished games recorded once, replayed on every run.

Each archive in this folder must still verify (hash chain, replay through today's rules, dice against
the revealed seed) and replay to the very final state hash, outcome and event count recorded in
`manifest.json`; imported into a fresh store, the rebuilt game must have that state too. A refactor of
the rules or the platform that changes any of this changes how old games replay: it needs a rules
version bump and the policy in docs/architecture.md ("Rules versions and running games"), not a
regenerated archive. `make_golden.py` says how the archives were made.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.chain import state_hash
from domain.rules import get_rules
from service.audit import audit_archive
from tests.conftest import make_service
from tests.golden.make_golden import GAMES, check_coverage

HERE = Path(__file__).resolve().parent
MANIFEST = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
NAMES = [k for k in MANIFEST if k != "_about"]


def _archive(name: str) -> dict:
    return json.loads((HERE / MANIFEST[name]["archive"]).read_text(encoding="utf-8"))


def test_the_golden_games_are_all_there_and_cover_what_they_must():
    assert sorted(NAMES) == sorted(GAMES), "every game make_golden.py makes has an archive and a manifest entry"
    assert check_coverage(MANIFEST) == []


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_archive_verifies_and_replays_to_its_recorded_end(name):
    entry, archive = MANIFEST[name], _archive(name)
    report = audit_archive(archive)
    assert report.problems == []
    assert (report.chain_valid, report.replay_valid, report.randomness_valid) == (True, True, True)
    assert report.length == len(archive["events"]) == entry["events"]
    assert report.head == entry["head"]
    assert report.state_hash == entry["state_hash"], \
        f"{name} no longer replays to the state it ended in: Sylla (or the platform) changed how old games replay"
    created, finished = archive["events"][0]["content"], archive["events"][-1]
    assert (created["rules"], created["rules_version"]) == (entry["rules"], entry["rules_version"])
    assert finished["type"] == "GameFinished" and finished["content"]["outcome"] == entry["outcome"]


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_archive_imports_into_a_fresh_store_and_rebuilds_the_same_game(name, tmp_path):
    entry, archive = MANIFEST[name], _archive(name)
    svc = make_service(f"sqlite:///{tmp_path}/golden.sqlite3")
    try:
        assert svc.import_archive(archive) == entry["game_id"]
        game = svc.get(entry["game_id"])
        assert game.version == entry["events"] and game.head == entry["head"]
        assert game.status == "finished"
        assert state_hash(game.state) == entry["state_hash"]
        assert get_rules(entry["rules"]).outcome(game.state).to_json() == entry["outcome"]
        report = svc.audit(entry["game_id"])
        assert report.ok and report.state_hash == entry["state_hash"]
    finally:
        svc.close()
