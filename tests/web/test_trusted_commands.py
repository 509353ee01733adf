"""A command over HTTP may start from the game this worker confirmed current a moment ago, without a
read (`GameCache.get(max_age)`). That is an optimisation only. When another worker process has moved the
game on meanwhile, the save conflicts and the command is judged again on the latest game: a choice still
open is recorded once, a prompt that has passed is 409, and a seat token that was replaced is 401.
Reads never trust the cache.

Two GameServices on one database stand for two gunicorn workers: `svc` serves the app, `other` writes."""
from __future__ import annotations

import pytest

from service.web.cache import COMMAND_MAX_AGE
from tests.conftest import make_service
from tests.support.play import play_sealed_round
from tests.web.helpers import call, embedded_app, error_of, new_game


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def other(database_url):
    service = make_service(database_url)
    yield service
    service.close()


@pytest.fixture
def app(svc):
    app = embedded_app(svc)
    cache = app.extensions["tabularium.games"]
    cache.clock = Clock()
    reads = []
    original = cache._fast_forward

    def counted(gid, cached):
        reads.append(gid)
        return original(gid, cached)

    cache._fast_forward = counted
    app.reads = reads
    return app


def _prompt(client, gid, token):
    r = call(client, "GET", f"/api/games/{gid}/view", token)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["prompt"]


def _act(client, gid, token, prompt, choice=None):
    return call(client, "POST", f"/api/games/{gid}/actions", token,
                json={"prompt_id": prompt["id"], "choice": choice or prompt["choices"][0]["id"]})


def _events(svc, gid):
    return [type(e).__name__ for e in svc.events(gid)]


def test_a_command_right_after_a_read_needs_no_read_of_its_own(app, svc):
    client = app.test_client()
    g = new_game(client, players=3)
    gid, token = g["id"], g["tokens"]["red"]
    prompt = _prompt(client, gid, token)
    reads = len(app.reads)
    assert _act(client, gid, token, prompt).status_code == 200
    assert len(app.reads) == reads  # trusted: confirmed by the view a moment ago
    assert app.extensions["tabularium.games"].trusted >= 1
    _prompt(client, gid, g["tokens"]["blue"])
    assert len(app.reads) == reads + 1  # a read always asks the database


def test_an_old_confirmation_is_not_trusted(app, svc):
    client = app.test_client()
    g = new_game(client, players=3)
    gid, token = g["id"], g["tokens"]["red"]
    prompt = _prompt(client, gid, token)
    app.extensions["tabularium.games"].clock.now += COMMAND_MAX_AGE + 0.5
    reads = len(app.reads)
    assert _act(client, gid, token, prompt).status_code == 200
    assert len(app.reads) == reads + 1


def test_a_choice_still_open_after_another_worker_wrote_is_recorded_once(app, svc, other):
    client = app.test_client()
    g = new_game(client, players=3)
    gid = g["id"]
    prompt = _prompt(client, gid, g["tokens"]["red"])        # this worker confirms the game
    blue = next(p for p in other.get(gid).open_prompts() if p.seat == "blue")
    other.choose(gid, "blue", blue.id, blue.choices[0].id)   # another worker moves it on
    moved = other.get(gid).version
    r = _act(client, gid, g["tokens"]["red"], prompt)
    assert r.status_code == 200, r.get_json()
    latest = svc.get(gid)
    assert r.get_json()["version"] == latest.version > moved
    sealed = [e for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed"]
    assert sorted(e.content["seat"] for e in sealed) == ["blue", "red"]


def test_a_prompt_answered_by_another_worker_meanwhile_is_409(app, svc, other):
    client = app.test_client()
    g = new_game(client, players=3)
    gid = g["id"]
    play_sealed_round(svc, gid)
    winner = svc.get(gid).waiting_for()[0]
    prompt = _prompt(client, gid, g["tokens"][winner])
    assert prompt["kind"] == "draw_or_pass"
    other.choose(gid, winner, prompt["id"], "pass")  # the same player, from another device
    before = _events(svc, gid)
    r = _act(client, gid, g["tokens"][winner], prompt, "draw")
    assert r.status_code == 409, r.get_json()
    assert _events(svc, gid) == before


def test_a_token_replaced_by_another_worker_meanwhile_is_refused(app, svc, other):
    client = app.test_client()
    g = new_game(client, players=3)
    gid, old = g["id"], g["tokens"]["red"]
    prompt = _prompt(client, gid, old)
    new = other.rotate_token(gid, "red")
    before = _events(svc, gid)
    r = _act(client, gid, old, prompt)
    assert r.status_code == 401 and "not valid" in error_of(r)
    r = call(client, "POST", f"/api/games/{gid}/undo", old)
    assert r.status_code == 401
    assert _events(svc, gid) == before
    # The new token works at once, though this worker's cached game still holds the old one.
    r = _act(client, gid, new, prompt)
    assert r.status_code == 200, r.get_json()
    assert _events(svc, gid) == before + ["ChoiceSealed"]


def test_a_repeated_key_with_a_replaced_token_is_refused_too(app, svc, other):
    """A repeated idempotency key saves nothing, so no conflict would reveal an outdated copy: the token
    is checked on the latest game instead."""
    client = app.test_client()
    g = new_game(client, players=3)
    gid, old = g["id"], g["tokens"]["red"]
    prompt = _prompt(client, gid, old)
    body = {"prompt_id": prompt["id"], "choice": prompt["choices"][0]["id"], "idempotency_key": "once"}
    first = call(client, "POST", f"/api/games/{gid}/actions", old, json=body)
    assert first.status_code == 200
    _prompt(client, gid, g["tokens"]["blue"])  # this worker confirms the game again
    other.rotate_token(gid, "red")
    again = call(client, "POST", f"/api/games/{gid}/actions", old, json=body)
    assert again.status_code == 401, again.get_json()


def test_a_form_whose_login_was_replaced_before_its_save_is_refused(app, svc, other):
    """Forms read the game afresh, but a link can still be replaced between that read and the save: the
    conflict reruns the command on the latest game, where the browser's login no longer matches."""
    import copy

    from tests.web.helpers import csrf_from, hidden, login

    client = app.test_client()
    g = new_game(client, players=3)
    gid = g["id"]
    browser = app.test_client()
    login(browser, g["tokens"]["red"])
    page = browser.get(f"/games/{gid}?seat=red").text
    stale = copy.deepcopy(svc.get(gid))
    other.rotate_token(gid, "red")  # the player asked for a new link elsewhere
    cache = app.extensions["tabularium.games"]
    cache.get = lambda game_id, max_age=0.0: stale  # the page's read just before the rotation
    before = _events(svc, gid)
    r = browser.post(f"/games/{gid}/choose", data={
        "csrf_token": csrf_from(page), "seat": "red", "prompt_id": hidden(page, "prompt_id"),
        "choice": stale.prompt_for("red").choices[0].id})
    assert r.status_code == 401 and "replaced by a newer link" in r.text
    assert _events(svc, gid) == before
