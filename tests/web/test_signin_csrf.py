"""Issue #11, item 10: the e-mails' sign-in link `/go/<signed>` must not log a browser in on a cross-site
POST (login CSRF); opening the link and pressing Continue still works."""
from __future__ import annotations

import pytest

from notifications import tokens
from tests.web.helpers import csrf_from, embedded_app, new_game


@pytest.fixture
def app(svc):
    return embedded_app(svc)


def go_path(svc, gid: str, seat: str) -> str:
    return f"/go/{tokens.signin_token(svc.settings, svc.get(gid), seat)}"


def test_a_cross_site_post_to_a_sign_in_link_logs_nobody_in(app, svc):
    gid = new_game(app.test_client())["id"]
    path = go_path(svc, gid, "red")  # the attacker's own link, posted from the attacker's page
    victim = app.test_client()
    r = victim.post(path)
    assert r.status_code == 400 and "expired or did not come from this site" in r.text
    assert "Set-Cookie" not in r.headers or "seats" not in (r.headers.get("Set-Cookie") or "")
    with victim.session_transaction() as session:
        assert not session.get("seats")
    # a made-up token is refused as well
    r = victim.post(path, data={"csrf_token": "forged"})
    assert r.status_code == 400
    with victim.session_transaction() as session:
        assert not session.get("seats")


def test_opening_the_link_and_pressing_continue_signs_in(app, svc):
    gid = new_game(app.test_client())["id"]
    path = go_path(svc, gid, "blue")
    browser = app.test_client()
    page = browser.get(path)
    assert page.status_code == 200 and "Continue" in page.text
    assert page.headers["Cache-Control"] == "no-store"
    r = browser.post(path, data={"csrf_token": csrf_from(page.text)})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}")
    with browser.session_transaction() as session:
        assert session["seats"][0][:2] == [gid, "blue"]
    # another browser's token (from its own session) is no good here
    other = app.test_client()
    other_token = csrf_from(other.get(path).text)
    fresh = app.test_client()
    assert fresh.post(path, data={"csrf_token": other_token}).status_code == 400
