"""The platform's "Game over" box (service/web/templates/game.html) and the "game finished" e-mail
(notifications/compose.py `_outcome`, templates finished/): when nobody wins (the Republic of Rome's
collective loss) they say "Everybody loses." instead of an empty " win.", and both print the title's own
explanation for the reader (the optional Rules method `outcome_lines`); the Republic of Rome's is Rule 12's
`result_lines`: who won or that the Republic fell, why, and each faction's Influence."""
from __future__ import annotations

import random
import types

import pytest

from domain import bots
from domain.games.republic_of_rome import RULES as ROR
from domain.games.republic_of_rome import victory
from domain.games.republic_of_rome.data import data_for
from domain.games.toy import RULES as TOY
from domain.i18n import _
from domain.rules import Outcome, outcome_lines_for
from notifications import compose
from notifications.delivery import flush
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of
from tests.web.helpers import embedded_app, login


def nobody_wins(monkeypatch) -> None:
    """High Card (the test title) made to end in a collective loss, explained by its `outcome_lines`."""
    def outcome(state):
        return Outcome(dict(state["scores"]), ()) if state["finished"] else None
    monkeypatch.setattr(TOY, "outcome", outcome, raising=False)
    monkeypatch.setattr(TOY, "outcome_lines", lambda state, viewer: [_("The deck ran out and the house won.")],
                        raising=False)


def finished_toy_game(svc) -> dict:
    created = svc.create_game("toy", PLAYERS[:2], {"rounds": 1}, seed="7c" * 32)
    flush(svc)  # the invitations (a whole game arriving at once would read as an imported archive)
    rng = random.Random(5)
    while svc.get(created["id"]).status == "active":
        game = svc.get(created["id"])
        prompt = game.prompt_for(game.waiting_for()[0])
        svc.choose(created["id"], prompt.seat, prompt.id, bots.random_choice(prompt, rng, game.rules, game.state))
    return created


def test_12_the_game_over_box_says_everybody_loses_and_why(tmp_path, monkeypatch):
    nobody_wins(monkeypatch)
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        created = finished_toy_game(svc)
        client = embedded_app(svc).test_client()
        seat = created["seats"][0]
        login(client, seat["token"])
        page = client.get(f"/games/{created['id']}?seat={seat['seat']}").get_data(as_text=True)
        box = page.split("Game over", 1)[1].split("</section>", 1)[0]
        assert "Everybody loses." in box and " win." not in box
        assert "The deck ran out and the house won." in box

        flush(svc)
        mails = Mailboxes(tmp_path / "mail").to(PLAYERS[0]["email"], "finished")
        assert mails, "a finished e-mail"
        text, html = text_of(mails[-1]), html_of(mails[-1])
        assert "Everybody loses.\nThe deck ran out and the house won.\n" in text and "Winner:" not in text
        assert "Game over. Everybody loses. Scores:" in text and " wins." not in text  # the history line too
        assert "The deck ran out and the house won." in text and "The deck ran out and the house won." in html
    finally:
        svc.close()


def test_12_a_winner_is_still_named_and_a_title_without_lines_prints_none(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    try:
        created = finished_toy_game(svc)
        game = svc.get(created["id"])
        assert outcome_lines_for(game.rules, game.state, "red") == []
        client = embedded_app(svc).test_client()
        login(client, created["seats"][0]["token"])
        box = client.get(f"/games/{created['id']}").get_data(as_text=True).split("Game over", 1)[1].split("</section>", 1)[0]
        assert "Everybody loses." not in box and ("wins." in box or " win." in box)
    finally:
        svc.close()


def ror_over(reason: str) -> dict:
    s = ROR.setup(ROR.seat_ids(3), {}, random.Random(3))
    if reason == "people_revolt":
        red = sorted(sid for sid, x in s["senators"].items() if x["faction"] == "red")
        s["senators"][red[0]]["rebel"] = True
    victory.republic_falls(s, data_for(s), reason)
    return s


@pytest.mark.parametrize("reason", ["four_wars", "people_revolt"])
def test_12_the_republic_of_rome_explains_its_end_in_the_e_mail(reason):
    s = ror_over(reason)
    game = types.SimpleNamespace(outcome=ROR.outcome(s).to_json(), rules=ROR, state=s)
    out = compose._outcome(game, {seat: seat.title() for seat in s["seats"]}, "en", "blue")
    lines = " ".join(out["lines"])
    if reason == "four_wars":
        assert out["winners"] == [] and "every player loses" in lines and "Four or more Wars were Active" in lines
    else:
        assert out["winners"] and "The game is over: Red wins." in lines
        assert "The people of Rome revolted" in lines
    assert "You: " in lines and "Green: " in lines and " Influence from " in lines  # every faction, the reader as "you"
