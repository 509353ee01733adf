"""Structured logs: a decision made over HTTP logs JSON lines carrying the game id and the seat."""
import io
import json
import logging

from service import logs
from service.web import create_app
from tests.conftest import make_service
from tests.support.play import new_game


def test_an_action_logs_json_with_game_and_seat(sqlite_url):
    svc = make_service(sqlite_url, operator_token="op-token")
    gid = new_game(svc, players=2)
    token = svc.rotate_token(gid, "red")
    app = create_app(svc.settings, svc, config={"RATELIMIT_ENABLED": False})
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)
    try:
        prompt = svc.get(gid).prompt_for("red")
        answer = app.test_client().post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                                        json={"prompt_id": prompt.id, "choice": prompt.choices[0].id,
                                              "idempotency_key": "k1"})
        assert answer.status_code == 200, answer.get_json()
    finally:
        logging.getLogger().removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    recorded = [line for line in lines if line["message"].startswith("recorded")]
    assert recorded and recorded[-1]["game_id"] == gid and recorded[-1]["seat"] == "red"


def test_a_requests_log_context_ends_with_it(svc):
    from service import logs
    from tests.web.helpers import embedded_app

    client = embedded_app(svc).test_client()
    gid = svc.create_game("toy", [{"name": "A"}, {"name": "B"}], {})["id"]
    assert client.get(f"/api/games/{gid}/audit").status_code == 200
    assert logs._context.get() == {}
