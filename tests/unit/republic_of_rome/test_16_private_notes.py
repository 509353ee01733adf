"""Spec 16: a private note (`to=<seat>`) is read by its seat in the second person, by nobody else while the game
runs, and by the referee (everybody once the game is over) as what that seat was told, never as the reader's own."""
from __future__ import annotations

from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.narrate import narrate
from locales import render
from domain.rules import REFEREE
from tests.scenario.republic_of_rome.position import make_state


def lines(s: dict, viewer: str | None) -> list[str]:
    return [str(render(text)) for text in narrate(data_for(s), s, viewer)]


def test_16_a_private_draw_is_yours_to_its_seat_hidden_from_others_and_attributed_for_the_referee():
    s = make_state(3, 1)
    seat, other = s["seats"][0], s["seats"][1]
    s["notes"] = [{"k": "drew_faction_card", "seat": seat},
                  {"k": "drew_faction_card_private", "seat": seat, "card": "int:tribune.1", "to": seat}]
    mine, theirs, referee = lines(s, seat), lines(s, other), lines(s, REFEREE)
    assert any(line.startswith("You draw Tribune") for line in mine)
    assert not any("Tribune" in line for line in theirs)
    assert any(line.startswith(f"Told only to {seat.capitalize()}: You draw Tribune") for line in referee)
