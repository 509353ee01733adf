"""Deadlines are game options: chosen at creation in the lobby and shown on the game page."""
import re

from service.web import create_app
from tests.conftest import make_service


def _csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_the_lobby_sets_a_clock_and_the_game_page_describes_it(sqlite_url):
    svc = make_service(sqlite_url)
    app = create_app(svc.settings, svc, config={"RATELIMIT_ENABLED": False})
    client = app.test_client()
    page = client.get("/new?rules=toy").get_data(as_text=True)
    assert "clock_mode" in page and "per_decision_hours" in page
    form = {"csrf_token": _csrf(page), "rules": "toy", "action": "create", "name": ["Ann", "Bob"],
            "email": ["ann@example.org", "bob@example.org"], "clock_mode": "deadline",
            "clock_per_decision_hours": "24", "clock_on_timeout": "pause"}
    answer = client.post("/new", data=form)
    assert answer.status_code in (200, 201, 302, 303), answer.get_data(as_text=True)[:500]
    gid = svc.store.all_game_ids()[0]
    clock = svc.get(gid).options["clock"]
    assert clock["mode"] == "deadline" and clock["per_decision_hours"] == 24 and clock["on_timeout"] == "pause"
    assert all(d is not None for d in svc.summary(gid)["deadlines"].values())
    game_page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Deadlines" in game_page and "24" in game_page


def test_a_bad_clock_is_refused_with_a_sentence(sqlite_url):
    svc = make_service(sqlite_url)
    app = create_app(svc.settings, svc, config={"RATELIMIT_ENABLED": False})
    client = app.test_client()
    page = client.get("/new?rules=toy").get_data(as_text=True)
    form = {"csrf_token": _csrf(page), "rules": "toy", "action": "create", "name": ["Ann", "Bob"],
            "email": ["a@example.org", "b@example.org"], "clock_mode": "deadline", "clock_per_decision_hours": "-3"}
    answer = client.post("/new", data=form)
    assert answer.status_code in (400, 422) and svc.store.all_game_ids() == []
