"""Forced moves through the platform (issue #11, item 8): a single-choice prompt is played at once only
when every other seat can tell that it was the only choice. A move forced by the seat's secret denarii
is asked like any other decision, so its record (who played it, when) shows nothing."""
from __future__ import annotations

import uuid

from domain.game import Game

T0, T1 = "2026-01-01T10:00:00.000001+00:00", "2026-01-01T11:30:00.000002+00:00"
SEATS = ["red", "black", "white", "yellow"]
TILES = {"red": "I", "black": "II", "white": "III", "yellow": "IV"}


def new_game(phase: str, players: dict, **fields) -> Game:
    sc = {"players": {s: {"income_tile": TILES[s], **players.get(s, {})} for s in SEATS}, "phase": phase, **fields}
    return Game.create(uuid.uuid4(), "sylla", [{"seat": s, "name": s, "email": f"{s}@example.org"} for s in SEATS],
                       {"scenario": sc}, "ab" * 32, {s: "x" for s in SEATS}, T0)


def choices_made(game: Game) -> list[dict]:
    return [e.content for e in game.collect_events() if type(e).__name__ in ("ChoiceMade", "ChoiceSealed")]


def test_8_a_seat_forced_by_its_secret_denarii_to_pass_in_the_consul_bid_is_asked_not_auto_passed():
    # red opens with 2 Senators; white has no Senator and 0 denarii: it cannot outbid, but only white knows.
    g = new_game("first_consul_bidding", {"red": {"cards": ["I-SEN-P", "I-SEN-C"]}, "black": {"cards": ["II-SEN-P"]},
                                          "white": {"denarii": 0}, "yellow": {"cards": ["IV-MER-P"]}})
    g.choose("red", g.prompt_for("red").id, "bid-2", None, T0)
    g.choose("black", g.prompt_for("black").id, "pass", None, T0)
    prompt = g.prompt_for("white")
    assert prompt is not None and prompt.choice_ids() == ["pass"]  # asked, with the single choice
    assert g.waiting_for() == ["white"]
    g.choose("white", prompt.id, "pass", None, T1)
    white = [c for c in choices_made(g) if c["seat"] == "white"]
    assert [(c["choice"], c["by"], c["at"]) for c in white] == [("pass", "seat", T1)]  # like any other pass

