"""20 complete games per backend through the JSON API with random choices, each audited at the end
(chain, replay and every draw against the revealed seed), and its exported archive verified offline."""
from __future__ import annotations

import random

import pytest

from domain.forms import random_reply

from domain.rules import titles
from service import audit
from tests.web.helpers import call, embedded_app, new_game

SYLLA = "sylla" in titles()
GAMES = [("sylla", 4)] if SYLLA else []
GAMES += [("toy", 2 + i % 3) for i in range(20 - len(GAMES))]


def play_game(client, rules: str, players: int, rng: random.Random) -> dict:
    g = new_game(client, rules, players)
    gid, tokens = g["id"], g["tokens"]
    seen_versions = []
    for _ in range(5000):
        summary = call(client, "GET", f"/api/games/{gid}", tokens["red"]).get_json()
        if summary["status"] != "active":
            break
        seat = rng.choice(summary["waiting_for"])
        view = call(client, "GET", f"/api/games/{gid}/view", tokens[seat]).get_json()
        prompt = view["prompt"]
        assert prompt is not None and view["you"]["seat"] == seat
        for _ in range(50):  # a form's random answer may be one the rules refuse (422): answer again
            body = {"prompt_id": prompt["id"], "choice": random_reply(prompt, rng),
                    "idempotency_key": f"{seat}-{rng.random()}"}
            r = call(client, "POST", f"/api/games/{gid}/actions", tokens[seat], json=body)
            if r.status_code != 422 or not prompt.get("form"):
                break
        assert r.status_code == 200, r.get_json()
        if rng.random() < 0.05:  # a retried request (lost answer) records nothing new
            again = call(client, "POST", f"/api/games/{gid}/actions", tokens[seat], json=body)
            assert again.status_code == 200 and again.get_json() == r.get_json()
        seen_versions.append(r.get_json()["version"])
    else:
        pytest.fail(f"{rules} game {gid} did not end")
    assert seen_versions == sorted(seen_versions)
    return g


def test_twenty_random_games_through_the_api(svc):
    client = embedded_app(svc).test_client()
    rng = random.Random(20)
    for rules, players in GAMES:
        g = play_game(client, rules, players, rng)
        gid = g["id"]
        report = client.get(f"/api/games/{gid}/audit").get_json()
        assert report["chain_valid"] and report["replay_valid"] and report["randomness_valid"], report
        assert report["seed"] and not report["problems"]
        summary = call(client, "GET", f"/api/games/{gid}", g["tokens"]["red"]).get_json()
        assert summary["status"] == "finished" and report["length"] == summary["version"]
        assert report["head"] == summary["chain_head"]
        archive = call(client, "GET", f"/api/games/{gid}/export", g["tokens"]["blue"]).get_json()
        offline = audit.audit_archive(archive)
        assert offline.ok and offline.seed == report["seed"]
        view = call(client, "GET", f"/api/games/{gid}/view", g["tokens"]["red"]).get_json()
        assert view["prompt"] is None and view["outcome"]["winners"]
