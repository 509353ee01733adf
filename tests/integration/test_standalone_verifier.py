"""The standalone verifier (service/web/tabularium_verify.py), run the way a player runs it: a copy of the
file, outside the project, with the system's python3 in isolated mode, on archives exported by the service.
It passes real finished games (also a seat's copy with withheld entries) and refuses tampered or malformed
ones with an exit status of 1 and sentences, never a traceback."""
from __future__ import annotations

import ast
import copy
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from domain.chain import event_hash
from service.views import REFEREE
from tests.conftest import make_service
from tests.support.play import new_game, play_random

SCRIPT = Path(__file__).resolve().parents[2] / "service" / "web" / "tabularium_verify.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else (shutil.which("python3") or sys.executable)
NOT_REPLAYED = "rules replay: not checked by this script; run `tabularium verify` from the source"


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    """Real exports of finished games: the operator's copy, and seat red's copy of a game in which blue sent
    green a private message (withheld from red as a "Private" entry)."""
    folder = tmp_path_factory.mktemp("verifier")
    svc = make_service(f"sqlite:///{folder}/events.sqlite3")
    try:
        toy = new_game(svc, players=3)
        svc.post_message(toy, "blue", ["green"], "secret plan")
        play_random(svc, toy, random.Random(2))
        sylla = new_game(svc, rules="sylla", players=3, seed="5e" * 32)
        play_random(svc, sylla, random.Random(3))
        short = new_game(svc, players=2, seed="0f" * 16)  # the shortest seed the server accepts
        play_random(svc, short, random.Random(5))
        assert svc.get(toy).status == svc.get(sylla).status == svc.get(short).status == "finished"
        out = {"toy": svc.export(toy, REFEREE), "red": svc.export(toy, "red"), "sylla": svc.export(sylla, REFEREE),
               "short-seed": svc.export(short, REFEREE)}
    finally:
        svc.close()
    return json.loads(json.dumps(out))  # exactly what the download holds


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    """A copy of the script alone in a folder, as a player downloads it."""
    folder = tmp_path_factory.mktemp("download")
    shutil.copyfile(SCRIPT, folder / "tabularium_verify.py")
    return folder / "tabularium_verify.py"


def run(verifier: Path, archive, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "archive.json"
    if isinstance(archive, (bytes, str)):
        path.write_bytes(archive.encode() if isinstance(archive, str) else archive)
    else:
        path.write_text(json.dumps(archive), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run([PYTHON, "-I", "-S", str(verifier), str(path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert "Traceback" not in output
    return done.returncode, output


def refused(verifier: Path, archive, tmp_path: Path, sentence: str) -> str:
    code, output = run(verifier, archive, tmp_path)
    assert code == 1, output
    assert sentence in output, output
    assert "FAILED" in output and "OK:" not in output
    return output


def rehash_from(archive: dict, start: int) -> None:
    """Recompute the hashes of events `start`.. and the head, as someone rewriting the record would."""
    events = archive["events"]
    for i in range(start - 1, len(events)):
        e = events[i]
        e["prev_hash"] = events[i - 1]["hash"] if i else "0" * 64
        e["hash"] = event_hash(archive["game_id"], e["seq"], e["type"], e["prev_hash"], e["content"])
    archive["head"] = events[-1]["hash"]


def first(archive: dict, kind: str, draws: bool = False) -> dict:
    return next(e for e in archive["events"] if e["type"] == kind and (not draws or e["content"].get("draws")))


# ------------------------------------------------------------------------------------------ the script itself

def test_the_script_imports_only_the_standard_library_and_parses_as_python_3_9():
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"), feature_version=(3, 9))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported and imported <= set(sys.stdlib_module_names), imported - set(sys.stdlib_module_names)
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))


# ------------------------------------------------------------------------------------------ real archives pass

@pytest.mark.parametrize("name", ["toy", "sylla", "short-seed"])
def test_a_real_finished_game_archive_passes(archives, verifier, tmp_path, name):
    code, output = run(verifier, archives[name], tmp_path)
    assert code == 0, output
    assert "hash chain: ok" in output
    assert "seed commitment: ok" in output
    assert "random draws: ok" in output
    assert NOT_REPLAYED in output
    assert archives[name]["head"] in output
    assert "OK: every check this script makes holds." in output


def test_a_seats_archive_with_withheld_private_entries_passes_the_chain_check(archives, verifier, tmp_path):
    red = archives["red"]
    assert any(e["type"] == "Private" for e in red["events"])
    assert "secret plan" not in json.dumps(red)
    code, output = run(verifier, red, tmp_path)
    assert code == 0, output
    assert 'hash chain: ok' in output and '1 withheld ("Private") entry linked by prev_hash/hash' in output
    assert NOT_REPLAYED in output


def test_a_withheld_entry_must_still_link(archives, verifier, tmp_path):
    red = copy.deepcopy(archives["red"])
    private = next(e for e in red["events"] if e["type"] == "Private")
    private["hash"] = "f" * 64  # the next event's prev_hash no longer names it
    refused(verifier, red, tmp_path, f"event {private['seq'] + 1} does not link to the event before it")


def test_an_entry_withheld_in_its_type_only_is_refused(archives, verifier, tmp_path):
    red = copy.deepcopy(archives["red"])
    private = next(e for e in red["events"] if e["type"] == "Private")
    private["content"] = {"redacted": False}
    refused(verifier, red, tmp_path, f"event {private['seq']} is withheld in one field but not the other")


# ------------------------------------------------------------------------------------------ tampering fails

def test_a_changed_choice_fails(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    choice = first(archive, "ChoiceMade")
    choice["content"]["choice"] += "x"
    refused(verifier, archive, tmp_path, f"event {choice['seq']} (ChoiceMade) does not match its hash")


def test_a_changed_seed_fails(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    finished = first(archive, "GameFinished")
    finished["content"]["seed"] = "cd" * 32
    output = refused(verifier, archive, tmp_path, f"event {finished['seq']} (GameFinished) does not match its hash")
    assert "the revealed seed does not match the commitment" in output


def test_a_changed_seed_fails_even_with_the_chain_rewritten(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    finished = first(archive, "GameFinished")
    finished["content"]["seed"] = "cd" * 32
    rehash_from(archive, finished["seq"])
    output = refused(verifier, archive, tmp_path, "the revealed seed does not match the commitment")
    assert "hash chain: ok" in output


@pytest.mark.parametrize("name, kind", [("toy", "GameCreated"), ("toy", "ChoicesRevealed"), ("sylla", "ChoiceMade")])
def test_a_changed_draw_fails_even_with_the_chain_rewritten(archives, verifier, tmp_path, name, kind):
    archive = copy.deepcopy(archives[name])
    event = next(e for e in archive["events"] if e["type"] == kind and
                 (e["content"].get("draws") or any(item["draws"] for item in e["content"].get("choices", []))))
    draws = event["content"]["draws"] if kind != "ChoicesRevealed" else \
        next(item["draws"] for item in event["content"]["choices"] if item["draws"])
    bits, value = draws[0]
    draws[0] = [bits, value ^ 1]
    rehash_from(archive, event["seq"])
    output = refused(verifier, archive, tmp_path, f"event {event['seq']}: draw ")
    assert "does not match the revealed seed" in output and "hash chain: ok" in output


def test_a_changed_salt_fails_even_with_the_chain_rewritten(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    event = first(archive, "ChoiceMade")
    event["content"]["salt"] = "0" * 32
    rehash_from(archive, event["seq"])
    output = refused(verifier, archive, tmp_path, f"event {event['seq']}: its salt does not derive from the seed")
    assert "hash chain: ok" in output


def test_a_removed_event_fails(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    del archive["events"][3]
    archive["length"] -= 1
    refused(verifier, archive, tmp_path, "event 4 is missing or out of order")


def test_a_truncated_archive_fails(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    del archive["events"][-1]
    refused(verifier, archive, tmp_path, "does not match its events (was it truncated?)")


# ------------------------------------------------------------------------------------------ malformed input

def test_a_non_hex_seed_fails_with_a_sentence(archives, verifier, tmp_path):
    archive = copy.deepcopy(archives["toy"])
    first(archive, "GameFinished")["content"]["seed"] = "zz" * 32
    refused(verifier, archive, tmp_path, "the revealed seed is not 32 to 128 lowercase hexadecimal digits")


def test_deeply_nested_json_fails_with_a_sentence(archives, verifier, tmp_path):
    text = json.dumps(archives["toy"])
    deep = text.replace('"salt":', '"deep": ' + "[" * 100_000 + "]" * 100_000 + ', "salt":', 1)
    refused(verifier, deep, tmp_path, "nested more than 64 levels deep")
    refused(verifier, "[" * 1_000_000, tmp_path, "nested more than 64 levels deep")


@pytest.mark.parametrize("where, sentence", [
    ("top", "the top level of the file is a list where an object belongs"),
    ("event", "event 4 is a list where an object belongs"),
    ("content", "event 2: its \"content\" is a list where an object belongs"),
    ("events", "the archive's \"events\" is an object where a list belongs"),
    ("draws", "event 1: its draws is an object where a list belongs"),
])
def test_a_list_where_an_object_belongs_fails_with_a_sentence(archives, verifier, tmp_path, where, sentence):
    archive = copy.deepcopy(archives["toy"])
    if where == "top":
        archive = [archive]
    elif where == "event":
        archive["events"][3] = [archive["events"][3]]
    elif where == "content":
        archive["events"][1]["content"] = list(archive["events"][1]["content"].items())
    elif where == "events":
        archive["events"] = {"0": archive["events"][0]}
    else:
        archive["events"][0]["content"]["draws"] = {"bits": 3}
    refused(verifier, archive, tmp_path, sentence)


@pytest.mark.parametrize("text, sentence", [
    ("", "it is not valid JSON"),
    ("{\"format\": ", "it is not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8 text"),
    ('{"format": NaN}', "which is not JSON"),
    ('{"format": "tabularium-archive/1", "format": "x"}', "appears twice in one object"),
    ('{"format": "something-else"}', "this is not a Tabularium archive"),
    ('{"format": "tabularium-archive/1", "game_id": "nope", "events": []}', "is not a valid game id"),
])
def test_malformed_files_fail_with_a_sentence(verifier, tmp_path, text, sentence):
    refused(verifier, text, tmp_path, sentence)


def test_a_missing_file_fails_with_a_sentence(verifier, tmp_path):
    done = subprocess.run([PYTHON, "-I", str(verifier), str(tmp_path / "nowhere.json")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "cannot be read" in done.stdout and "Traceback" not in done.stderr
