""""What happened while I was away": the game page marks the events since the viewer's own last decision
(not an automatic, timed-out, bot or operator one), from the incremental history the page already reads."""
from __future__ import annotations

import re

from tests.support.play import play_sealed_round
from tests.web.helpers import embedded_app, login, new_game


def _marked(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li value="(\d+)" class="new">', page)]


def test_events_since_my_last_move_are_marked(svc):
    client = embedded_app(svc).test_client()
    g = new_game(client, players=3)
    gid = g["id"]
    login(client, g["tokens"]["red"])
    page = client.get(f"/games/{gid}?seat=red").text
    assert "since your last move" not in page and not _marked(page)  # nothing of mine yet
    play_sealed_round(svc, gid)  # every seat, red included, plays a card: red's move, then the reveal
    mine = max(e.originator_version for e in svc.events(gid)
               if type(e).__name__ == "ChoiceSealed" and e.content["seat"] == "red")
    after = svc.get(gid).version
    page = client.get(f"/games/{gid}?seat=red").text
    news = [e for e in svc.history(gid, "red") if e["seq"] > mine and e["type"] != "MessagePosted"]
    assert news and f"{len(news)} event" in page and f"since your last move (#{mine})" in page
    # the game page lists recent events newest first (beside the board on a desktop)
    assert _marked(page) == sorted((e["seq"] for e in news), reverse=True) and max(_marked(page)) == after


def test_a_move_played_for_me_is_not_my_move(svc):
    client = embedded_app(svc).test_client()
    g = new_game(client, players=2)
    gid = g["id"]
    login(client, g["tokens"]["red"])
    prompt = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", prompt.id, prompt.choices[0].id, by="timeout")  # the server played for red
    page = client.get(f"/games/{gid}?seat=red").text
    assert "since your last move" not in page and not _marked(page)


def test_messages_and_history_read_in_the_games_time_zone(svc):
    client = embedded_app(svc).test_client()
    g = new_game(client, players=2, clock={"mode": "none", "timezone": "Asia/Tokyo"})
    gid = g["id"]
    login(client, g["tokens"]["red"])
    svc.post_message(gid, "red", "all", "konnichiwa")
    at = [e for e in svc.history(gid, "red") if e["type"] == "MessagePosted"][-1]["at"]
    from domain.clock import parse_at
    from domain.timezones import format_local

    shown = format_local(parse_at(at), "Asia/Tokyo")
    assert shown.endswith("JST")
    assert shown in client.get(f"/games/{gid}?seat=red").text
    assert shown in client.get(f"/games/{gid}/history?seat=red").text
