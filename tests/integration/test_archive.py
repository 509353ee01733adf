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
