"""Rules versions and running games (docs/architecture.md): a game is loaded only by rules that declare
they replay its recorded version exactly; otherwise every door (service, CLI show and verify, the API)
answers one clear sentence, and nothing is changed."""
from __future__ import annotations

import json
import random

import pytest

from domain.chain import state_hash
from domain.games.toy import RULES as TOY
from domain.game import Game
from domain.versions import RulesVersionUnsupported, replayable_versions
from service.cli import main as cli_main
from service.views import REFEREE
from service.web import create_app
from tests.conftest import make_service
from tests.support.play import new_game, play_random

OPERATOR = "op-token-for-versions"


@pytest.fixture
def env(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/versions.sqlite3"
    monkeypatch.setenv("TABULARIUM_DATABASE_URL", url)
    monkeypatch.setenv("TABULARIUM_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("TABULARIUM_TEST_TITLES", "1")
    monkeypatch.setenv("TABULARIUM_MODE", "embedded")
    monkeypatch.setenv("TABULARIUM_SECRET_KEY", "test-secret")  # the CLI's service reads the same sealed snapshots
    svc = make_service(url, operator_token=OPERATOR, snapshot_interval=4)
    yield svc
    svc.close()


def _old_game(svc, monkeypatch, version="0.9", finish=False) -> str:
    """A toy game recorded by a release whose toy rules were `version` (then the code moves on to "1")."""
    with monkeypatch.context() as m:
        m.setattr(TOY, "version", version)
        gid = new_game(svc, players=3)
        if finish:
            play_random(svc, gid, random.Random(3))
        else:
            for _ in range(6):  # past a snapshot (every 4 events here): the check must not depend on the path
                game = svc.get(gid)
                prompt = game.open_prompts()[0]
                svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)
    return gid


def _cli(capsys, *argv):
    code = cli_main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_game_created_records_the_rules_version(env):
    gid = new_game(env, players=2)
    created = env.events(gid)[0].content
    assert (created["rules"], created["rules_version"]) == ("toy", TOY.version)
    assert env.get(gid).rules_version == TOY.version


def test_a_game_of_a_version_the_rules_cannot_replay_answers_a_sentence_everywhere(env, monkeypatch, capsys):
    gid = _old_game(env, monkeypatch)
    recorded = len(env.events(gid))
    with pytest.raises(RulesVersionUnsupported) as refused:
        env.get(gid)
    sentence = refused.value.reason
    assert "version 0.9" in sentence and "version 1" in sentence and "Nothing was changed" in sentence
    assert "Traceback" not in sentence

    code, out, err = _cli(capsys, "show", gid)
    assert code == 1 and out == ""
    assert "rules version 0.9" in err and "Traceback" not in err

    code, out, err = _cli(capsys, "verify", gid)
    assert code == 1 and "FAILED" in out and "rules version 0.9" in out and "Traceback" not in out + err
    code, out, err = _cli(capsys, "verify", "--all")
    assert code == 1 and "rules version 0.9" in out

    app = create_app(env.settings, env, config={"RATELIMIT_ENABLED": False})
    client = app.test_client()
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/view", f"/api/games/{gid}/history"):
        answer = client.get(path, headers={"Authorization": f"Bearer {OPERATOR}"})
        assert answer.status_code == 503, (path, answer.status_code, answer.get_data(as_text=True)[:300])
        assert "rules version 0.9" in answer.get_json()["error"]
    answer = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {OPERATOR}"},
                         json={"prompt_id": "1.x", "choice": "x", "idempotency_key": "k"})
    assert answer.status_code in (409, 503) and "rules version 0.9" in answer.get_json()["error"]
    assert len(env.events(gid)) == recorded  # nothing was recorded


def test_an_archive_of_such_a_game_neither_verifies_nor_imports(env, monkeypatch, tmp_path, capsys):
    gid = _old_game(env, monkeypatch, finish=True)
    with monkeypatch.context() as m:
        m.setattr(TOY, "compatible_versions", ("0.9",), raising=False)
        archive = env.export(gid, REFEREE)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(archive))
    code, out, _ = _cli(capsys, "verify", str(path))
    assert code == 1 and "replay failed" in out and "rules version 0.9" in out
    target = make_service(f"sqlite:///{tmp_path}/other.sqlite3")
    try:
        with pytest.raises(Exception, match="rules version 0.9"):
            target.import_archive(archive)
        assert not target.exists(gid)
    finally:
        target.close()


def test_an_older_version_the_rules_declare_compatible_loads_and_verifies(env, monkeypatch, capsys):
    gid = _old_game(env, monkeypatch)
    monkeypatch.setattr(TOY, "compatible_versions", ("0.9",), raising=False)
    assert replayable_versions(TOY) == ("1", "0.9")
    game = env.get(gid)
    assert game.rules_version == "0.9" and game.version == len(env.events(gid))
    assert env.view(gid, REFEREE)["state"] is not None
    assert env.audit(gid).ok
    code, out, _ = _cli(capsys, "verify", gid)
    assert code == 0 and "OK" in out
    prompt = game.open_prompts()[0]
    env.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)  # and it goes on being played
    assert env.get(gid).version > game.version


def test_keeping_the_old_behaviour_for_old_games_by_the_recorded_version(env, monkeypatch):
    """The pattern of the guide: version 2 changes behaviour for new games only; `setup_for` marks the
    state of games created at 2 (and leaves version-1 states untouched), `apply` branches on the mark,
    and `compatible_versions = ("1",)` says version-1 games still replay exactly."""
    old = new_game(env, players=3, seed="cd" * 32)
    play_random(env, old, random.Random(4))
    before = env.audit(old)
    assert before.ok

    plain_setup = TOY.setup

    def setup_for(version, seats, options, rng):
        state = plain_setup(seats, options, rng)
        return state if version == "1" else {**state, "behaviour": 2}

    monkeypatch.setattr(TOY, "version", "2")
    monkeypatch.setattr(TOY, "compatible_versions", ("1",), raising=False)
    monkeypatch.setattr(TOY, "setup_for", setup_for, raising=False)
    after = env.audit(old)
    assert after.ok and after.state_hash == before.state_hash  # the old game replays exactly
    fresh = new_game(env, players=3, seed="ef" * 32)
    assert env.events(fresh)[0].content["rules_version"] == "2"
    assert env.get(fresh).state["behaviour"] == 2 and "behaviour" not in env.get(old).state
    assert state_hash(Game.from_archive_event(env.get(fresh).id, _entry(env, fresh)).state) == \
        env.events(fresh)[0].content["state_hash"]


def _entry(svc, gid):
    from service.audit import entry_of

    return entry_of(svc.events(gid)[0])
