"""A timeout with the "bot" policy hands the seat to the bot until a player takes it back."""
import pytest

from service.deadlines import apply_timeout
from tests.support.play import new_game


@pytest.fixture
def late_game(svc):
    gid = new_game(svc, players=3)
    prompt = svc.get(gid).prompt_for("red")
    assert apply_timeout(svc, gid, "red", prompt.id, svc.now(), "bot")
    return gid


def test_the_bot_plays_the_missed_decision_and_every_later_one(svc, late_game):
    gid = late_game
    game = svc.get(gid)
    assert game.bot_seats == ["red"] and "(bot)" in game.seat_info("red")["name"]
    assert "red" not in game.waiting_for()
    for _ in range(40):  # the humans play on; red never owes anything
        game = svc.get(gid)
        if game.status != "active":
            break
        assert "red" not in game.waiting_for()
        prompt = game.open_prompts()[0]
        svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)
    bot_moves = [e for e in svc.events(gid) if e.content.get("by") == "bot"]
    assert bot_moves and all(e.content["seat"] == "red" for e in bot_moves)
    assert svc.audit(gid).ok


def test_a_replacement_player_takes_the_seat_back(svc, late_game):
    gid = late_game
    svc.run_command(gid, lambda g: g.replace_seat("red", "Rita", svc.now()))
    game = svc.get(gid)
    assert game.bot_seats == [] and game.seat_info("red")["name"] == "Rita"
