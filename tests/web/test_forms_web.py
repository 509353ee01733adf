"""Prompt forms over HTTP (domain/forms.py): Sylla's opening "choose your starting characters" is one form
(6 of the 10 characters of the seat's set, with 3 players), rendered as checkboxes without JavaScript,
submitted and turned into the canonical answer; a wrong number of ticks re-renders with the sentence. The
JSON API shows `prompt.form` and takes `choice` = the canonical answer."""
from __future__ import annotations

import json
import re

import pytest

from tests.support.play import PLAYERS
from tests.web.helpers import call, csrf_from, embedded_app, error_of, hidden, login

SEED = "f0" * 32


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def _sylla(svc) -> tuple[str, dict]:
    created = svc.create_game("sylla", PLAYERS[:3], {}, seed=SEED)
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def _post_ticks(client, gid, seat, page, ticks):
    return client.post(f"/games/{gid}/choose", data={
        "csrf_token": csrf_from(page), "seat": seat, "prompt_id": hidden(page, "prompt_id"),
        "key": hidden(page, "key"), "answer_form": "1", "f.characters": ticks})


def test_the_characters_form_renders_as_checkboxes_and_a_submission_becomes_the_canonical_answer(svc, client):
    gid, tokens = _sylla(svc)
    seat = next(iter(tokens))
    login(client, tokens[seat])
    page = client.get(f"/games/{gid}?seat={seat}").text
    boxes = re.findall(r'<input type="checkbox" name="f\.characters" value="([^"]+)"', page)
    prompt = svc.get(gid).prompt_for(seat)
    assert boxes == [o.value for o in prompt.form.fields[0].options] and len(boxes) == 10
    assert "tick exactly 6" in page and 'name="choice"' not in page  # no 210 radio buttons any more
    # five ticks: refused before the rules see it, the page comes back with the sentence and the ticks kept
    r = _post_ticks(client, gid, seat, page, boxes[:5])
    assert r.status_code == 422
    assert "Characters: choose exactly 6, not 5." in r.text
    assert all(f'value="{v}" checked' in r.text for v in boxes[:5]) and f'value="{boxes[5]}" checked' not in r.text
    assert svc.get(gid).prompt_for(seat) is not None  # nothing recorded
    # six ticks, in any order: recorded (sealed) as the canonical answer
    ticks = [boxes[8], boxes[0], boxes[2], boxes[3], boxes[5], boxes[6]]
    r = _post_ticks(client, gid, seat, page, ticks)
    assert r.status_code == 303, r.text[:500]
    game = svc.get(gid)
    expected = json.dumps({"characters": [boxes[i] for i in (0, 2, 3, 5, 6, 8)]}, separators=(",", ":"))
    assert game.sealed[seat]["choice"] == expected
    assert game.prompt_for(seat) is None


def test_the_api_shows_the_form_and_takes_its_canonical_answer_and_refuses_others_with_a_sentence(svc, client):
    gid, tokens = _sylla(svc)
    seat = next(iter(tokens))
    r = call(client, "GET", f"/api/games/{gid}/view", tokens[seat])
    prompt = r.get_json()["prompt"]
    assert prompt["choices"] == []
    [field] = prompt["form"]["fields"]
    assert (field["name"], field["kind"], field["min"], field["max"], len(field["options"])) == \
        ("characters", "some", 6, 6, 10)
    values = [o["value"] for o in field["options"]]

    def act(choice, key):
        return call(client, "POST", f"/api/games/{gid}/actions", tokens[seat],
                    json={"prompt_id": prompt["id"], "choice": choice, "idempotency_key": key})

    r = act(json.dumps({"characters": values[:7]}), "k1")
    assert r.status_code == 422 and error_of(r) == "Characters: choose exactly 6, not 7."
    r = act(json.dumps({"characters": values[:5] + ["nobody"]}), "k2")
    assert r.status_code == 422 and "'nobody' is not one of the options" in error_of(r)
    r = act(".".join(values[:6]), "k3")  # an old hand id: read only when replaying recorded games
    assert r.status_code == 422 and "JSON object" in error_of(r)
    assert svc.get(gid).prompt_for(seat) is not None
    r = act(json.dumps({"characters": list(reversed(values[:6]))}), "k4")
    assert r.status_code == 200, r.get_json()
    assert svc.get(gid).sealed[seat]["choice"] == json.dumps({"characters": values[:6]}, separators=(",", ":"))


def test_the_openapi_document_describes_prompt_forms(client):
    spec = client.get("/api/openapi.json").get_json()
    text = json.dumps(spec)
    assert '"form"' in text and '"enum": ["one", "some", "number", "each", "rows"]' in text
    assert "canonical answer" in text
