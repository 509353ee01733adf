"""Export, then import into an empty store: same chain head, same views, still verifiable."""
import json
import random

import pytest

from domain.errors import BadRequest, NotYourDecision
from service.audit import audit_archive
from service.views import REFEREE
from tests.conftest import make_service
from tests.support.play import new_game, play_random


def test_export_import_round_trip_gives_same_head_and_views(svc, tmp_path):
    gid = new_game(svc, players=3)
    play_random(svc, gid, random.Random(8))
    archive = json.loads(json.dumps(svc.export(gid, REFEREE)))
    target = make_service(f"sqlite:///{tmp_path}/other.sqlite3")
    assert target.import_archive(archive) == gid
    assert target.get(gid).head == svc.get(gid).head
    for viewer in ("red", "blue", "green", None, REFEREE):
        assert target.view(gid, viewer) == svc.view(gid, viewer)
        assert target.history(gid, viewer) == svc.history(gid, viewer)
    assert target.audit(gid).ok
    with pytest.raises(BadRequest):
        target.import_archive(archive)  # already there
    target.close()


def test_a_running_game_can_be_exported_by_the_operator_only(svc):
    gid = new_game(svc)
    with pytest.raises(NotYourDecision):
        svc.export(gid, "red")
    assert svc.export(gid, REFEREE)["length"] == len(svc.events(gid))


def test_a_seat_export_hides_private_messages_between_others_but_still_verifies(svc):
    gid = new_game(svc, players=3)
    svc.post_message(gid, "blue", ["green"], "secret plan")
    play_random(svc, gid, random.Random(2))
    archive = svc.export(gid, "red")
    assert "secret plan" not in json.dumps(archive)
    report = audit_archive(archive)
    assert report.ok and report.replay_valid is True  # withheld entries replay as no-ops (issue #11, item 7)
    assert report.state_hash == audit_archive(svc.export(gid, REFEREE)).state_hash


def test_a_tampered_archive_is_refused(svc, tmp_path):
    gid = new_game(svc)
    play_random(svc, gid, random.Random(5))
    archive = svc.export(gid, REFEREE)
    archive["events"][2]["content"]["at"] = "2020-01-01T00:00:00+00:00"
    target = make_service(f"sqlite:///{tmp_path}/x.sqlite3")
    with pytest.raises(BadRequest, match="does not verify"):
        target.import_archive(archive)
    assert not target.exists(gid)
    target.close()


# ---------------------------------------------------------------------------- issue #11, items 5 and 7


from domain.chain import event_hash  # noqa: E402
from service.cli import main as cli_main  # noqa: E402
from tests.integration.test_standing_orders import _first_draw_or_pass, _new, _play_out  # noqa: E402


@pytest.fixture
def cli_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULARIUM_DATABASE_URL", f"sqlite:///{tmp_path}/cli.sqlite3")
    monkeypatch.setenv("TABULARIUM_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("TABULARIUM_TEST_TITLES", "1")
    return tmp_path


def _cli(capsys, *argv):
    code = cli_main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _rehash(archive):
    """Recompute every hash after a change, as a forger would, so the damage is not merely a bad hash."""
    prev = "0" * 64
    for e in archive["events"]:
        if isinstance(e, dict) and isinstance(e.get("content"), dict) and e["content"] != {"redacted": True}:
            e["prev_hash"] = prev
            e["hash"] = event_hash(archive["game_id"], e["seq"], e["type"], prev, e["content"])
        prev = e["hash"] if isinstance(e, dict) else prev
    archive["head"] = prev
    return archive


def _finished_archive(svc):
    gid = new_game(svc, players=3)
    play_random(svc, gid, random.Random(8))
    return json.loads(json.dumps(svc.export(gid, REFEREE)))


def _no_seed_commitment(a):
    del a["events"][0]["content"]["seed_commitment"]


def _content_list(a):
    a["events"][2]["content"] = ["not", "an", "object"]


def _content_string(a):
    a["events"][2]["content"] = "just a string"


def _non_hex_seed(a):
    a["events"][-1]["content"]["seed"] = "zz" * 32


FORGERIES = {"GameCreated without seed_commitment": _no_seed_commitment, "content a list": _content_list,
             "content a string": _content_string, "a non-hex seed": _non_hex_seed}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
@pytest.mark.parametrize("rehashed", [False, True])
def test_forged_archives_are_refused_with_sentences_by_verify_and_import(sqlite_svc, cli_env, capsys, forgery,
                                                                         rehashed):
    archive = _finished_archive(sqlite_svc)
    FORGERIES[forgery](archive)
    if rehashed:
        _rehash(archive)
    path = cli_env / "forged.json"
    path.write_text(json.dumps(archive))
    report = audit_archive(archive)
    assert not report.ok and report.problems
    for command in ("verify", "import"):
        code, out, err = _cli(capsys, command, str(path))
        assert code == 1, (command, out, err)
        assert "Traceback" not in out + err and ("does not verify" in err or "FAILED" in out)
    code, out, _ = _cli(capsys, "verify", "--all")
    assert code == 0 and out.strip() == "no games"  # nothing was imported
    with pytest.raises(BadRequest, match="does not verify"):
        sqlite_svc.import_archive(archive)


def test_an_archive_nested_100000_deep_is_refused_with_a_sentence(cli_env, capsys):
    path = cli_env / "deep.json"
    path.write_text('{"format": "tabularium-archive/1", "events": ' + "[" * 100_000 + "]" * 100_000 + "}")
    for command in ("verify", "import"):
        code, out, err = _cli(capsys, command, str(path))
        assert code == 1 and "nested too deeply" in err and "Traceback" not in out + err


def _raw_update(svc, gid, version, content, rehash_from=None):
    """Put forged content in a stored row, re-hashing it and every later row (a forger with the database)."""
    from tests.integration.test_tamper import _edit_row

    game_id = str(svc.get(gid).id)
    prev = {}

    def change(data, v=version):
        if v == version:
            data["content"] = content
        if v > 1 or version == 1:
            data["prev_hash"] = prev.get("head", data["prev_hash"])
        data["hash"] = event_hash(game_id, v, TYPES[v], data["prev_hash"], data["content"])
        prev["head"] = data["hash"]

    TYPES = {e.originator_version: type(e).__name__ for e in svc.events(gid)}
    for v in range(version, max(TYPES) + 1):
        _edit_row(svc, gid, v, lambda d, v=v: change(d, v))


def test_the_same_damage_in_the_database_is_reported_everywhere_without_a_500(svc):
    from tests.web.helpers import embedded_app

    good = new_game(svc, players=3)
    play_random(svc, good, random.Random(8))
    bad = new_game(svc, players=3)
    play_random(svc, bad, random.Random(9))
    content = dict(svc.events(bad)[0].content)
    del content["seed_commitment"]
    _raw_update(svc, bad, 1, content)
    report = svc.audit(bad)
    assert not report.ok and any("seed_commitment" in p for p in report.problems)
    client = embedded_app(svc).test_client()
    r = client.get(f"/api/games/{bad}/audit")
    assert r.status_code == 200 and r.get_json()["chain_valid"] is False
    page = client.get(f"/games/{bad}/audit")
    assert page.status_code == 200 and "seed_commitment" in page.text
    assert svc.audit(good).ok


def test_verify_all_reports_every_game_and_exits_1(cli_env, capsys):
    from service.config import Settings
    from service.games import GameService

    svc = GameService(Settings.from_env(secret_key="x"))
    games = []
    for n in range(3):
        gid = new_game(svc, players=3)
        play_random(svc, gid, random.Random(n))
        games.append(gid)
    _raw_update(svc, games[0], 3, ["a", "list"])  # cannot even be decoded as an event
    content = dict(svc.events(games[1])[-1].content)
    content["seed"] = "zz" * 32
    _raw_update(svc, games[1], svc.get(games[1]).version, content)
    svc.close()
    code, out, err = _cli(capsys, "verify", "--all", "--json")
    assert code == 1 and "Traceback" not in out + err
    reports = json.loads(out)
    assert set(reports) == set(games)
    assert not reports[games[0]]["chain_valid"] and reports[games[1]]["problems"]
    assert reports[games[2]]["chain_valid"] and reports[games[2]]["replay_valid"] is True
    code, out, _ = _cli(capsys, "verify", "--all")
    assert code == 1 and out.count("FAILED") == 2 and out.count(": OK") == 1
    for gid in games[:2]:
        code, out, err = _cli(capsys, "show", gid)
        assert code in (0, 1) and "Traceback" not in out + err


def _game_with_private_events(svc):
    """A finished 3-seat game where a seat's standing order played for it and two seats whispered."""
    gid = _new(svc, rounds=6, players=3)
    svc.post_message(gid, "blue", ["green"], "a private word")
    seat, prompt = _first_draw_or_pass(svc, gid)
    svc.choose(gid, seat, prompt.id, "pass", standing=True)
    _play_out(svc, gid)
    fired = [e for e in svc.events(gid) if type(e).__name__ == "ChoiceMade" and e.content["by"] == "standing"]
    assert fired and svc.get(gid).status == "finished"
    return gid, seat


def test_every_seats_archive_of_a_finished_game_replays_to_the_same_final_state(svc, cli_env, capsys):
    gid, owner = _game_with_private_events(svc)
    full = audit_archive(svc.export(gid, REFEREE))
    assert full.ok and full.state_hash
    for seat in ("red", "blue", "green"):
        archive = svc.export(gid, seat)
        if seat != owner:
            assert any(e["type"] == "Private" for e in archive["events"])
        report = audit_archive(archive)
        assert report.ok and report.replay_valid is True, (seat, report.problems)
        assert report.state_hash == full.state_hash and report.head == full.head
        path = cli_env / f"{seat}.json"
        path.write_text(json.dumps(archive))
        code, out, err = _cli(capsys, "verify", str(path))
        assert code == 0 and "replay valid" in out, out + err
    # a withheld entry is still bound: its hash is covered by the next entry's (as its prev_hash)
    archive = svc.export(gid, next(s for s in ("red", "blue", "green") if s != owner))
    n = next(i for i, e in enumerate(archive["events"]) if e["type"] == "Private" and i + 1 < len(archive["events"]))
    archive["events"][n]["hash"] = archive["events"][n + 1]["prev_hash"] = "0" * 64
    assert not audit_archive(archive).chain_valid


def test_a_replay_that_is_not_possible_is_not_a_pass(svc, cli_env, capsys):
    """A copy that withholds an event that changes the game (a forged seat copy) fails, exit 1."""
    gid, owner = _game_with_private_events(svc)
    archive = svc.export(gid, owner)
    n = next(i for i, e in enumerate(archive["events"]) if e["type"] == "ChoiceMade" and i > 3)
    archive["events"][n] = {"seq": archive["events"][n]["seq"], "type": "Private", "content": {"redacted": True},
                            "prev_hash": archive["events"][n]["prev_hash"], "hash": archive["events"][n]["hash"]}
    report = audit_archive(archive)
    assert not report.ok and report.replay_valid is False
    path = cli_env / "withheld.json"
    path.write_text(json.dumps(archive))
    code, out, _ = _cli(capsys, "verify", str(path))
    assert code == 1 and "FAILED" in out


def test_a_seat_copy_verifies_but_cannot_be_imported(svc, tmp_path):
    gid, owner = _game_with_private_events(svc)
    other = next(s for s in ("red", "blue", "green") if s != owner)
    target = make_service(f"sqlite:///{tmp_path}/seat.sqlite3")
    with pytest.raises(BadRequest, match="player's copy"):
        target.import_archive(svc.export(gid, other))
    assert not target.exists(gid)
    target.close()
