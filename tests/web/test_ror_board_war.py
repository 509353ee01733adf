"""The Republic of Rome's board, war and revolt (Rules 10, 11, 13, 16): this turn's battles with their numbers,
the captives and their ransom, the Commanders in the field with their units, the faction in revolt and its army,
the card offers waiting for an answer, the public deals, Refuge's saved Leader and the Rhodian Fleets. Each is
drawn from the rules' view only: another seat's treasury and hand, and the cards of a deal one is not party to,
never appear."""
from __future__ import annotations

import html
import re

import pytest

from domain.games.republic_of_rome import RULES
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.scenario.republic_of_rome.position import edit, make_state, set_hand
from tests.web.helpers import embedded_app

WAR = "1st_punic_war"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('ror-war')}/events.sqlite3")
    yield embedded_app(service)
    service.close()


def text_of(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(fragment)))


def rendered(app, s: dict, seat: str | None) -> str:
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title() + "y"} for x in s["seats"]],
                     "options": {}}, "you": {"seat": seat} if seat else None, "state": RULES.view(s, seat), "prompt": None}
    with app.test_request_context("/"):
        return board.render(view)


def name(s: dict, sid: str) -> str:
    return next(x["name"] for f in RULES.view(s, None)["factions"].values() for x in f["senators"] if x["id"] == sid)


def at_war() -> dict:
    """Turn 1: the red Senator 1 fought the 1st Punic War with 3 Legions (one veteran) and 2 Fleets; the blue
    Senator 3 is held captive by it."""
    s = edit(make_state(3, 1))
    s["forum"] = {**s["forum"], "wars": {WAR: {"status": "active", "naval_victory": False}}}
    s["legions"] = [{**u, "at": "war:" + WAR, "veteran": u["id"] == 1} if u["id"] <= 3 else u for u in s["legions"]]
    s["fleets"] = [{"id": 1, "at": "war:" + WAR}, {"id": 2, "at": "war:" + WAR}]
    s["commands"] = [{"commander": "1", "war": WAR, "legions": [1, 2, 3], "fleets": [1, 2], "order": 1,
                      "master_of_horse": None, "turn": 1}]
    s["senators"]["1"]["location"] = "war:" + WAR
    s["senators"]["3"]["location"] = "captive:" + WAR
    s["battles"] = [{"turn": 1, "war": WAR, "commander": "1", "master_of_horse": None, "naval": False, "roman": 9,
                     "mil": 4, "enemy": 10, "adjustment": 0, "omens": 0, "modifier": -1, "dice": [2, 5, 6],
                     "total": 13, "modified": 12, "result": "stalemate", "legions_lost": 2, "fleets_lost": 0,
                     "chits": ["blank", "7"], "fates": {}}]
    return s


def test_10_3_the_battles_of_the_turn_with_their_numbers(app):
    page = rendered(app, at_war(), "blue")
    table = page.split('class="ror-battles"', 1)[1].split("</table>", 1)[0]
    assert '<th scope="col">' in table and "<caption>" in table
    text = text_of(table)
    assert "1st Punic War" in text and " 9 10 -1 2 5 6 = 13 Stalemate (12)" in text, text
    assert "Losses: 2 Legions" in text and "Mortality chits: blank, 7" in text
    assert f"Commander {name(at_war(), '1')} (MIL 4 counted)" in text


def test_10_3_the_captives_and_their_ransom(app):
    s = at_war()
    text = text_of(rendered(app, s, None))
    ransom = max(10, 2 * s["senators"]["3"]["inf"])
    assert f"{name(s, '3')} held by the 1st Punic War ransom {ransom} T" in text, text


def test_10_4_commanders_in_the_field_with_their_units(app):
    text = text_of(rendered(app, at_war(), "green"))
    assert "Commanders in the field" in text
    assert "against the 1st Punic War 3 Legions, 1 of them veteran, 2 Fleets Proconsul" in text, text
    s = at_war()
    s["commands"] = [{**s["commands"][0], "victorious": True}]
    s["battles"] = [{**s["battles"][0], "result": "victory"}]
    assert "2 Fleets victorious" in text_of(rendered(app, s, "green"))


def test_11_2_the_revolt_its_army_and_the_senate_s_army(app):
    s = at_war()
    s["commands"] = []
    s["senators"]["1"] = {**s["senators"]["1"], "location": "rebel", "rebel": True}
    s["legions"] = [{**u, "at": "rebel"} if u["id"] <= 3 else u for u in s["legions"]]
    s["revolt"] = {"seat": "red", "rebel": "1", "senators": ["1"], "turn": 1}
    text = text_of(rendered(app, s, "blue"))
    assert f"Redy's faction has been in revolt since turn 1, led by {name(s, '1')}." in text, text
    assert "Rebel army: 3 Legions, 1 of them veteran." in text
    assert "The Senate has sent no army against the rebel yet." in text
    s["civil_war"] = {"commander": "10", "legions": [4], "turn": 1}
    text = text_of(rendered(app, s, "blue"))
    assert f"The Senate's army: {name(s, '10')} with 1 Legion (sent in turn 1)." in text, text


def test_11_1_card_offers_say_who_and_how_many_not_which(app):
    s = edit(make_state(3, 1))
    set_hand(s, "blue", ["con:harbor_fees"])
    s["step"], s["phase"], s["ctx"] = "revolution_accept_cards", "revolution", {"order": list(s["seats"]), "offers": [{"from": "red", "to": "blue", "cards": ["con:harbor_fees"]}]}
    page = rendered(app, s, "green")
    assert "Redy offers 1 card to Bluey" in text_of(page)
    assert "Harbor Fees" not in page


def test_16_public_deals_terms_status_and_owed_talents(app):
    s = edit(make_state(3, 1))
    s["deals"] = [{"id": 1, "turn": 1, "parties": ["red", "blue"], "cards": {"red": ["con:harbor_fees"], "blue": []},
                   "talents": {"red": 0, "blue": 7}, "claimed": ["red"], "voided_by": []}]
    text = text_of(rendered(app, s, "green"))
    assert "Deal 1, turn 1 breach claimed by Redy" in text, text
    assert "Redy gave 1 card; owes 0 T at the Redistribution of turn 2" in text
    assert "Bluey gave 0 cards; owes 7 T at the Redistribution of turn 2" in text
    assert "Harbor Fees" not in text  # which cards: not on the board (the parties were told when they moved)
    s["deals"] = [{**s["deals"][0], "voided_by": ["red"]}]
    assert "voided by Redy" in text_of(rendered(app, s, "green"))


def test_13_refuge_s_saved_leader_and_the_rhodian_fleets(app):
    s = at_war()
    s["forum"] = {**s["forum"], "events": {"refuge": {"flipped": False, "level": 1, "turn": 1, "leader": "hannibal"},
                                           "rhodian_maritime_alliance": {"flipped": False, "level": 1, "turn": 1,
                                                                         "fleets": [1, 2]}}}
    text = text_of(rendered(app, s, None))
    assert "saved Leader: Hannibal, waiting for his War" in text, text
    assert "2 Rhodian Fleets" in text
    s["forum"]["events"]["refuge"] = {**s["forum"]["events"]["refuge"], "war": WAR}
    assert "saved Leader: Hannibal, with 1st Punic War" in text_of(rendered(app, s, None))


def test_secrets_stay_secret_on_the_war_board(app):
    s = at_war()
    s["factions"]["red"] = {**s["factions"]["red"], "treasury": 437}
    set_hand(s, "red", ["con:harbor_fees"])
    blue = text_of(rendered(app, s, "blue"))
    assert "437" not in blue and "Harbor Fees" not in blue
    red = text_of(rendered(app, s, "red"))
    assert "437" in red and "Harbor Fees" in red


def test_no_war_section_in_a_quiet_turn(app):
    assert "War and revolt" not in rendered(app, edit(make_state(3, 1)), "red")


def test_10_3_a_battle_of_a_bot_game_is_drawn_with_its_numbers(app):
    """The section read from a real Combat Phase (the title's bot plays a 4-player game until its first battle):
    each battle's dice and result appear for every seat, and the Commanders still in the field."""
    import random

    from domain import bots

    rng = random.Random(2)
    s = RULES.setup(RULES.seat_ids(4), {}, random.Random(2))
    for _ in range(600):
        if s["finished"] or s.get("battles"):
            break
        prompt = rng.choice(RULES.prompts(s))
        s = RULES.apply(s, prompt.seat, bots.bot_choice(prompt, rng, RULES, s), rng)
    assert s.get("battles") and RULES.view(s, None)["combat"]["battles"], "the bot game fought a battle this turn"
    for seat in s["seats"]:
        text = text_of(rendered(app, s, seat))
        for b in RULES.view(s, seat)["combat"]["battles"]:
            assert f"{' '.join(map(str, b['dice']))} = {b['total']}" in text
            assert f"Commander {b['commander_name']} (MIL {b['mil']} counted)" in text
        for c in RULES.view(s, seat)["commands"]:
            assert f"{c['name']} against the {c['war_name']}" in text
