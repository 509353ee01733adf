"""Private events stay private for good, also once the seed is revealed.

A seat's copy of a finished game withholds other seats' standing orders and private messages as "Private"
entries that keep only their hash. GameFinished reveals the seed, so a salt derived from it (`salt_for`)
is known to everyone at the end; a standing order's content is guessable (its kind and choice come from a
small set, its time is its owner's choice's), and so is a short message ("yes"). With a derived salt a seat
recovers such an entry by trying every candidate against its published hash. So the salt of a private
event is fresh randomness drawn by the service (`service.games.new_private_salt`), recorded in the event
and never derivable: the attack below must find nothing, while the very same attack against the hash the
entry would have had with a seed-derived salt (what the server recorded before) finds it.

Public events keep their seed-derived salts, which the audit and the standalone verifier still require;
for private events they accept any salt (fresh, or derived as in games recorded before the change)."""
from __future__ import annotations

import copy
import itertools
import json
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from uuid import UUID

import pytest

from domain.chain import event_hash, is_private_event
from domain.game import Game, salt_for
from service.audit import PRIVATE, Withheld, audit_archive
from service.views import REFEREE
from tests.conftest import make_service
from tests.support.play import PLAYERS, play_sealed_round

SCRIPT = Path(__file__).resolve().parents[2] / "service" / "web" / "tabularium_verify.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else (shutil.which("python3") or sys.executable)
START = datetime(2030, 1, 1, 9, 0, tzinfo=timezone.utc)
SHORT_TEXTS = ("yes", "no", "ok", "deal", "no deal", "agreed")


class SteppingClock:
    """Whole seconds, one on at every reading: every time in the record is one a seat can enumerate."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _play(svc) -> tuple[str, str, str]:
    """A finished 3-player game of the toy title with a standing order set by `owner`, a private "yes" from
    `owner` to a third seat and the order later cancelled; returns (game id, owner, attacker)."""
    gid = svc.create_game("toy", PLAYERS[:3], {"rounds": 6, "hand_size": 6}, seed="3d" * 32)["id"]
    prompt = None
    while prompt is None:
        play_sealed_round(svc, gid)
        prompt = next((p for p in svc.get(gid).open_prompts() if p.kind == "draw_or_pass"), None)
    owner = prompt.seat
    attacker, third = [s for s in svc.get(gid).seat_ids if s != owner]
    svc.choose(gid, owner, prompt.id, "pass", standing=True)
    svc.post_message(gid, owner, [third], "yes")
    play_sealed_round(svc, gid)
    [order] = svc.get(gid).standing[owner]
    svc.cancel_standing_order(gid, owner, order["id"])
    while svc.get(gid).status == "active":
        p = svc.get(gid).open_prompts()[0]
        svc.choose(gid, p.seat, p.id, "draw" if p.kind == "draw_or_pass" else p.choices[0].id)
    assert svc.get(gid).status == "finished"
    return gid, owner, attacker


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("private-salts")
    svc = make_service(f"sqlite:///{folder}/events.sqlite3")
    svc.clock = SteppingClock()
    try:
        gid, owner, attacker = _play(svc)
        out = {"operator": svc.export(gid, REFEREE), "owner": svc.export(gid, owner),
               "attacker": svc.export(gid, attacker), "owner_seat": owner, "attacker_seat": attacker}
    finally:
        svc.close()
    return json.loads(json.dumps(out))  # exactly what the downloads hold


# ------------------------------------------------------------------------------------------ the attack

def _offers(archive: dict) -> set[tuple[str, str, str, str]]:
    """(seat, kind, choice, label) of every decision offered in the game, as the attacker's own replay of
    its copy shows them (a withheld entry changes no state, so the copy replays in full)."""
    entries = archive["events"]
    game = Game.from_archive_event(UUID(archive["game_id"]), entries[0])
    offers = set()
    for e in entries[1:]:
        offers |= {(p.seat, p.kind, c.id, c.label) for p in game.open_prompts() for c in p.choices}
        if e["type"] == PRIVATE:
            game.trigger_event(Withheld, timestamp=datetime.fromisoformat(game.updated_at),
                               prev_hash=e["prev_hash"], hash=e["hash"])
        else:
            game.append_archive_event(e)
    return offers


def _candidates(archive: dict, viewer: str):
    """Every content a withheld entry plausibly has, with its salt left out (the caller adds it)."""
    visible = [e for e in archive["events"] if e["type"] != PRIVATE]
    seats = [s["seat"] for s in visible[0]["content"]["seats"]]
    times = sorted({e["content"]["at"] for e in visible})
    first, last = datetime.fromisoformat(times[0]), datetime.fromisoformat(times[-1])
    window = [(first + timedelta(seconds=n)).isoformat() for n in range(int((last - first).total_seconds()) + 1)]
    withheld = [e["seq"] for e in archive["events"] if e["type"] == PRIVATE]
    for seat, kind, choice, label in sorted(_offers(archive)):  # an order's time is its owner's choice's
        for at in times:
            yield "StandingOrderSet", {"seat": seat, "kind": kind, "choice": choice, "label": label, "at": at}
    others = [s for s in seats if s != viewer]  # a message to the viewer would not be withheld from it
    recipients = [list(c) for n in range(1, len(others) + 1) for c in itertools.combinations(others, n)]
    for at in window:
        for sender in [*seats, None]:
            for to in recipients:
                for text in SHORT_TEXTS:
                    yield "MessagePosted", {"seat": sender, "to": to, "text": text, "at": at}
        for seat, order in itertools.product(seats, withheld):
            yield "StandingOrderCancelled", {"seat": seat, "order": order, "at": at}


def brute_force(archive: dict, viewer: str, seq: int, target: str) -> tuple[str, dict] | None:
    """The attack of the review: the seat's own copy, the seed it reveals, and every candidate content of
    withheld entry `seq` with the salt derived from that seed, tried against the hash `target`."""
    entries = archive["events"]
    seed = next(e["content"]["seed"] for e in entries if e["type"] == "GameFinished")
    prev = entries[seq - 1]["prev_hash"]
    for kind, content in _candidates(archive, viewer):
        guess = {**content, "salt": salt_for(seed, seq)}
        if event_hash(archive["game_id"], seq, kind, prev, guess) == target:
            return kind, guess
    return None


def test_a_seat_cannot_recover_another_seats_withheld_orders_or_messages_from_the_revealed_seed(exports):
    attacker, operator = exports["attacker"], exports["operator"]
    viewer = exports["attacker_seat"]
    withheld = [e for e in attacker["events"] if e["type"] == PRIVATE]
    kinds = {operator["events"][e["seq"] - 1]["type"] for e in withheld}
    assert kinds == {"StandingOrderSet", "MessagePosted", "StandingOrderCancelled"}
    seed = next(e["content"]["seed"] for e in attacker["events"] if e["type"] == "GameFinished")
    for entry in withheld:
        true = operator["events"][entry["seq"] - 1]
        assert true["hash"] == entry["hash"]
        # The control: had the server derived this entry's salt from the seed (as it did), the very same
        # attack finds the entry, so the candidates below cover it and a failure to find it means something.
        legacy = {**true["content"], "salt": salt_for(seed, true["seq"])}
        legacy_hash = event_hash(attacker["game_id"], true["seq"], true["type"], true["prev_hash"], legacy)
        assert brute_force(attacker, viewer, entry["seq"], legacy_hash) == (true["type"], legacy)
        # The fix: the salt it was recorded with is fresh randomness, not derivable from anything revealed.
        assert brute_force(attacker, viewer, entry["seq"], entry["hash"]) is None, \
            f"the withheld {true['type']} (event {entry['seq']}) was recovered from the seat's copy"
        assert true["content"]["salt"] != salt_for(seed, true["seq"])


def test_private_salts_are_fresh_and_public_salts_still_derive_from_the_seed(exports):
    operator = exports["operator"]
    seed = next(e["content"]["seed"] for e in operator["events"] if e["type"] == "GameFinished")
    private = [e for e in operator["events"] if is_private_event(e["type"], e["content"])]
    assert len(private) == 3 and len({e["content"]["salt"] for e in private}) == 3
    for e in operator["events"]:
        derived = e["content"]["salt"] == salt_for(seed, e["seq"])
        assert derived != (e in private), e["type"]


# ------------------------------------------------------------------------------------------ still verifiable

def _verify_script(archive: dict, tmp_path: Path) -> tuple[int, str]:
    folder = tmp_path / "download"
    folder.mkdir(exist_ok=True)
    shutil.copyfile(SCRIPT, folder / "tabularium_verify.py")
    (folder / "archive.json").write_text(json.dumps(archive), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run([PYTHON, "-I", "tabularium_verify.py", "archive.json"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert "Traceback" not in output
    return done.returncode, output


@pytest.mark.parametrize("copy_of", ["operator", "owner", "attacker"])
def test_every_copy_still_verifies_with_the_service_audit_and_the_standalone_script(exports, tmp_path, copy_of):
    """The operator's complete copy and the owner's copy show the private events, fresh salts included: their
    hashes recompute; the other seat's copy links through its withheld entries."""
    archive = exports[copy_of]
    seed = next(e["content"]["seed"] for e in archive["events"] if e["type"] == "GameFinished")
    shown = [e for e in archive["events"] if is_private_event(e["type"], e["content"])]
    assert len(shown) == (0 if copy_of == "attacker" else 3)
    assert all(e["content"]["salt"] != salt_for(seed, e["seq"]) for e in shown)  # fresh salts, not derived
    report = audit_archive(archive)
    assert report.ok and report.randomness_valid is True, report.problems
    code, output = _verify_script(archive, tmp_path)
    assert code == 0, output
    assert "random draws: ok" in output and "OK: every check this script makes holds." in output


@pytest.mark.parametrize("kind", ["ChoiceMade", "GameCreated", "MessagePosted-all"])
def test_a_forged_public_salt_is_still_refused(exports, tmp_path, kind):
    """A public event's salt must be the derived one, even with the whole chain rewritten around it; and a
    private message turned public keeps its fresh salt, which a public message may not have."""
    archive = copy.deepcopy(exports["operator"])
    events = archive["events"]
    if kind == "MessagePosted-all":
        event = next(e for e in events if e["type"] == "MessagePosted")
        event["content"]["to"] = "all"
    else:
        event = next(e for e in events if e["type"] == kind)
        event["content"]["salt"] = "0" * 32
    for i in range(event["seq"] - 1, len(events)):
        e = events[i]
        e["prev_hash"] = events[i - 1]["hash"] if i else "0" * 64
        e["hash"] = event_hash(archive["game_id"], e["seq"], e["type"], e["prev_hash"], e["content"])
    archive["head"] = events[-1]["hash"]
    sentence = f"event {event['seq']}: its salt does not derive from the seed"
    report = audit_archive(archive)
    assert not report.ok and report.chain_valid and sentence in report.problems
    code, output = _verify_script(archive, tmp_path)
    assert code == 1 and sentence in output and "hash chain: ok" in output, output


def test_a_private_event_with_a_seed_derived_salt_still_verifies(exports, tmp_path):
    """Games recorded before the change derived every salt from the seed: such a record still verifies."""
    archive = copy.deepcopy(exports["operator"])
    events = archive["events"]
    seed = next(e["content"]["seed"] for e in events if e["type"] == "GameFinished")
    first = next(e["seq"] for e in events if is_private_event(e["type"], e["content"]))
    for i in range(first - 1, len(events)):
        e = events[i]
        if is_private_event(e["type"], e["content"]):
            e["content"]["salt"] = salt_for(seed, e["seq"])
        e["prev_hash"] = events[i - 1]["hash"]
        e["hash"] = event_hash(archive["game_id"], e["seq"], e["type"], e["prev_hash"], e["content"])
    archive["head"] = events[-1]["hash"]
    assert audit_archive(archive).ok
    code, output = _verify_script(archive, tmp_path)
    assert code == 0, output


def test_the_domain_refuses_a_private_event_without_a_fresh_salt(exports):
    """The aggregate never makes up a private salt itself (it has only the seed): the caller must pass one."""
    game = Game.create(UUID(int=7), "toy", [{"seat": "red", "name": "A"}, {"seat": "blue", "name": "B"}],
                       {"rounds": 2, "hand_size": 2}, "ab" * 32, {}, START.isoformat())
    with pytest.raises(ValueError):
        game.post_message("red", ["blue"], "yes", START.isoformat())
    with pytest.raises(ValueError):
        game.post_message("red", ["blue"], "yes", START.isoformat(), private_salt="not hex")
    game.post_message("red", "all", "hello", START.isoformat())  # a public message needs none
    game.post_message("red", ["blue"], "yes", START.isoformat(), private_salt="0f" * 16)
    assert game.pending_events[-1].content["salt"] == "0f" * 16
