"""The Republic of Rome's board page (issue #14 item 9) and its rules help (item 10): each seat sees its own
faction treasury and hand and nobody else's; every Senator is named on the board as the decision forms name
him, with his statistics; the Forum's cards, Rome's numbers, the phase, the HRAO and who the game waits for
are there; a seat's own decision with a deadline says what a missed deadline plays; the rules page has a
section for every decision the game asks, which the prompt's "What does this mean?" link reaches."""
from __future__ import annotations

import html
import random
import re

import pytest

from domain import bots
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.defaults import DEFAULTS
from domain.games.republic_of_rome.help import PROMPT_SECTIONS, SECTIONS
from domain.rules import REFEREE
from service.web.boards import republic_of_rome as board
from tests.conftest import make_service
from tests.web.helpers import embedded_app, login

PLAYERS = [{"name": n, "email": ""} for n in ("Ann", "Bob", "Cid", "Dee")]


@pytest.fixture(scope="module")
def svc(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('ror-board')}/events.sqlite3")
    yield service
    service.close()


@pytest.fixture(scope="module")
def app(svc):
    return embedded_app(svc)


def played(svc, decisions: int, seed: int, options: dict | None = None) -> dict:
    """A 4-player game after `decisions` random decisions (answered as the bot answers)."""
    created = svc.create_game("republic_of_rome", PLAYERS, options or {}, seed="a1" * 32)
    rng = random.Random(seed)
    for _ in range(decisions):
        game = svc.get(created["id"])
        prompt = game.prompt_for(game.waiting_for()[0])
        svc.choose(created["id"], prompt.seat, prompt.id, bots.random_choice(prompt, rng, game.rules, game.state))
    created["tokens"] = {s["seat"]: s["token"] for s in created["seats"]}
    return created


def page_as(app, created: dict, seat: str | None) -> str:
    client = app.test_client()
    if seat:
        login(client, created["tokens"][seat])
    r = client.get(f"/games/{created['id']}" + (f"?seat={seat}" if seat else ""))
    assert r.status_code == 200
    assert 'class="ror-board"' in r.text, "the Republic of Rome board was not drawn (generic fallback?)"
    return html.unescape(r.text)


def article(page: str, seat: str) -> str:
    m = re.search(rf'<article class="ror-faction[^"]*"[^>]*aria-labelledby="ror-faction-{seat}">(.*?)</article>', page, re.S)
    assert m, seat
    return m.group(1)


def text_of(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))


# ------------------------------------------------------------------------------------ secrets
def test_16_a_seat_sees_its_own_treasury_and_hand_and_no_other(app, svc):
    created = played(svc, 60, seed=2)
    state = svc.get(created["id"]).state
    seats = list(state["seats"])
    for seat in seats:
        page = page_as(app, created, seat)
        mine = text_of(article(page, seat))
        f = state["factions"][seat]
        assert f"Faction treasury: {f['treasury']} T (only you see this)" in mine
        view_hand = RULES.view(state, seat)["factions"][seat]["hand"]
        for card in view_hand:
            assert str(card["name"]) in mine
        assert ("Your hand: no cards" in mine) == (not f["hand"])
        for other in seats:
            if other != seat:
                theirs = article(page, other)
                assert "ror-secret" not in theirs and "Faction treasury" not in theirs, (seat, other)
        assert page.count('class="ror-secret"') == 2, seat  # the treasury and the hand: one faction's only


def test_16_the_board_never_reads_the_raw_state():
    """The board's model is built from the view alone: a view without secrets yields a board without them."""
    rng = random.Random(1)
    state = RULES.setup(RULES.seat_ids(4), {}, rng)
    state["factions"]["red"]["treasury"] = 37
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": s, "name": s} for s in state["seats"]],
                     "options": {}},
            "you": {"seat": "blue"}, "state": RULES.view(state, "blue"), "prompt": None}
    b = board.model(view)
    red = next(f for f in b["factions"] if f["seat"] == "red")
    assert red["treasury"] is None and red["hand"] is None
    blue = next(f for f in b["factions"] if f["seat"] == "blue")
    assert blue["treasury"] == 0 and blue["hand"] is not None
    assert [label for label, _v in board.private(view)] == ["Faction treasury", "Your hand"]
    spectator = {**view, "you": {"seat": None}, "state": RULES.view(state, None)}
    assert all(f["treasury"] is None and f["hand"] is None for f in board.model(spectator)["factions"])
    assert board.private(spectator) == []
    referee = {**view, "you": {"seat": None}, "state": RULES.view(state, REFEREE)}
    assert next(f for f in board.model(referee)["factions"] if f["seat"] == "red")["treasury"] == 37


# ------------------------------------------------------------------------------------ what is shown
def test_every_senator_is_named_with_his_number_and_statistics(app, svc):
    created = played(svc, 40, seed=3)
    state = svc.get(created["id"]).state
    view = RULES.view(state, "red")
    page = page_as(app, created, "red")
    rows = re.findall(r'<tr class="ror-senator[^"]*"><th scope="row">(.*?)</th>(.*?)</tr>', page, re.S)
    shown = {text_of(name).replace("★", "").strip(): [int(n) for n in re.findall(r"<td>(-?\d+)</td>", cells)]
             for name, cells in rows}
    senators = [x for f in view["factions"].values() for x in f["senators"]] + view["forum"]["senators"]
    assert senators and len(shown) == len(senators)
    for x in senators:
        assert re.search(r"\(\w+\)$", str(x["name"])), x["name"]  # "Cornelius (1)": the forms' names
        assert shown[str(x["name"])] == [x["military"], x["oratory"], x["loyalty"], x["influence"], x["popularity"],
                                         x["knights"], x["talents"]]
    text = text_of(page)
    assert f"State treasury {state['treasury']} T" in text and f"Unrest {state['unrest']}" in text
    assert f"Turn {state['turn']} · {view['phase_name']} Phase" in text
    assert f"HRAO (presides, acts first): {view['hrao_name']}" in text
    assert str(view["waiting"]) in text


def test_the_forum_rome_and_offices_in_words(app):
    """A position with every kind of Forum card: Wars by status with their strengths and Leaders, Events,
    unaligned Senators, a governed Province, the Curia, offices, corruption and a Senator away."""
    rng = random.Random(4)
    s = RULES.setup(RULES.seat_ids(3), {}, rng)
    s["forum"]["wars"] = {"1st_punic_war": {"status": "active", "naval_victory": False},
                          "1st_illyrian_war": {"status": "inactive", "naval_victory": False}}
    s["forum"]["leaders"] = {"hamilcar": "1st_punic_war"}
    s["forum"]["events"] = {"evil_omens": {"flipped": True, "level": 2, "turn": 1}}
    s["curia"]["leaders"] = ["hannibal"]
    s["drought"], s["evil_omens"] = 1, 2
    blue = [sid for sid, x in s["senators"].items() if x["faction"] == "blue"]
    s["senators"][blue[0]].update(location="province:sicilia", corrupt=True, office=None)
    s["provinces"] = {"sicilia": {"developed": False, "governor": blue[0], "term": 3}}
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": "blue"}, "state": RULES.view(s, "blue"), "prompt": None}
    with app.test_request_context("/"):
        text = text_of(html.unescape(board.render(view)))
    assert ("Active Wars 1st Punic War land 10, naval 10, Fleet support 5 Disaster 13, Standoff 11, 14, Spoils 35 T "
            "with Hamilcar") in text
    assert "Inactive Wars 1st Illyrian War" in text and "causes Drought" in text
    assert "Hamilcar strength 3, Disaster 8, Standoff 12 with 1st Punic War" in text
    assert "Evil Omens intensified level 2" in text
    assert "Evil Omens 2" in text and "Drought 1" in text
    assert "Sicilia Governor " + str(view["state"]["provinces"]["sicilia"]["governor_name"]) in text
    assert "Governor of Sicilia" in text and "corrupt" in text
    assert "In the Curia: Hannibal" in text
    assert "Rome Consul" in text and "Prior Consul" in text  # the Temporary Rome Consul


# ------------------------------------------------------------------------------------ missed deadlines
def test_17_9_the_decision_with_a_deadline_says_what_a_miss_plays(app, svc):
    created = played(svc, 5, seed=5, options={"clock": {"mode": "deadline", "per_decision_hours": 24}})
    game = svc.get(created["id"])
    seat = game.waiting_for()[0]
    kind = game.prompt_for(seat).kind
    page = text_of(page_as(app, created, seat))
    assert f"If you miss the deadline: {DEFAULTS[kind]}" in page
    others = [s for s in game.seat_ids if s not in game.waiting_for()]
    if others:
        assert "If you miss the deadline" not in text_of(page_as(app, created, others[0]))
    paused = played(svc, 5, seed=5, options={"clock": {"mode": "deadline", "per_decision_hours": 24,
                                                       "on_timeout": "pause"}})
    assert "If you miss the deadline" not in text_of(page_as(app, paused, seat))


# ------------------------------------------------------------------------------------ rules help
def test_the_rules_page_explains_every_decision(app):
    page = app.test_client().get("/rules/republic_of_rome")
    assert page.status_code == 200
    ids = set(re.findall(r'\bid="([^"]+)"', page.text))
    text = html.unescape(page.text)
    for s in SECTIONS:
        assert s["id"] in ids and str(s["title"]) in text
        for para in s["body"]:
            assert str(para) in text, para
    for o in RULES.options:
        assert f"option-{o.name}" in ids
    assert set(PROMPT_SECTIONS.values()) <= ids


def test_what_does_this_mean_links_to_the_decision_s_section(app, svc):
    created = played(svc, 0, seed=6)
    game = svc.get(created["id"])
    seat = game.waiting_for()[0]
    page = app.test_client()
    login(page, created["tokens"][seat])
    text = page.get(f"/games/{created['id']}?seat={seat}").text
    links = re.findall(r'<a href="([^"]+)"[^>]*>What does this mean\?</a>', text)
    assert links == [f"/rules/republic_of_rome#{PROMPT_SECTIONS[game.prompt_for(seat).kind]}"]


def test_9_2_the_senate_floor_shows_the_vote_faction_by_faction(app):
    """The floor (floor.py's view): the proposal, who put it, the PM, each faction's and Senator's vote, who is
    still to vote; the viewer's own standing votes are marked as theirs alone."""
    rng = random.Random(7)
    s = RULES.setup(RULES.seat_ids(3), {}, rng)
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": "red"}, "state": RULES.view(s, "red"), "prompt": None}
    view["state"]["floor"] = {
        "vote": {"open": True, "status": "open", "proposal": "Fabius (2) and Valerius (3) as Consuls", "kind": "consuls",
                 "by": "blue", "tribune": False, "pm": "1", "pm_name": "Cornelius (1)", "yes": 5, "no": 0,
                 "factions": [{"seat": "blue", "yes": 5, "no": 0, "by": "blue",
                               "senators": [{"id": "2", "name": "Fabius (2)", "vote": "yes", "votes": 3, "talents": 1},
                                            {"id": "3", "name": "Valerius (3)", "vote": "abstain", "votes": 0,
                                             "talents": 0}]}],
                 "to_vote": ["red", "green"], "may_veto": ["red", "green"]},
        "standing": {"red": [{"when": "any", "vote": "no", "words": "On any proposal: no."}]}}
    with app.test_request_context("/"):
        text = text_of(html.unescape(board.render(view)))
    assert ("The Senate floor Fabius (2) and Valerius (3) as Consuls (being voted) Proposed by Blue. Presiding "
            "Magistrate: Cornelius (1). Total: 5 for, 0 against.") in text, text
    assert "Blue: 5 for, 0 against Fabius (2) yes, 3 votes, 1 T spent Valerius (3) abstains" in text
    assert "Still to vote: Red Green" in text
    assert "Your standing votes (only you see this): On any proposal: no." in text
    del view["state"]["floor"]["standing"]
    with app.test_request_context("/"):
        assert "standing votes" not in board.render(view)
    view["state"]["floor"] = None
    with app.test_request_context("/"):
        assert "The Senate floor" not in board.render(view)
