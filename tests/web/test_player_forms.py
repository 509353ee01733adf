"""Issue 13, part 4: the new-game form speaks to players (a control per declared option, its default, the
data and scenario options folded under Advanced), games have names, the lobby shows round and phase from
the games index's summary column (added to existing databases by init-db), and the history speaks in
narration only (no event types, no raw choice ids: those stay on the audit page)."""
from __future__ import annotations

import html
import re

import pytest

from domain.rules import get_rules
from service.store import Store
from tests.web.helpers import OPERATOR, PLAYERS, call, csrf_from, embedded_app, error_of, login, new_game

SYLLA_PLAYERS = [{"name": n, "email": ""} for n in ("Ann", "Bob", "Cid")]


@pytest.fixture
def client(svc):
    return embedded_app(svc).test_client()


def tag_of(page: str, field: str) -> str:
    """The opening tag of the control named `field`."""
    found = re.search(rf'<(select|input|textarea)\b[^>]*\bname="{re.escape(field)}"[^>]*>', page)
    assert found, f"no control named {field}"
    return found.group(0)


def block_of(page: str, field: str) -> str:
    """The control's whole option block: label, control and help line."""
    start = page.index(f'<label for="{field}"')
    return page[start:page.index("</div>", start)]


# ------------------------------------------------------------------------------------------- the form

def test_every_declared_option_is_a_proper_control_with_its_default(client):
    page = client.get("/new?rules=sylla").text
    schema = get_rules("sylla").options_schema()
    advanced = page[page.index("<summary>Advanced"):]
    for name, spec in schema.items():
        field = f"opt_{name}"
        tag = tag_of(page, field)
        if spec["type"] in ("choice", "bool"):
            assert tag.startswith("<select"), (name, tag)
            options = re.findall(r'<option value="([^"]*)"', block_of(page, field))
            assert options == (spec["choices"] if spec["type"] == "choice" else ["true", "false"]), name
        elif spec["type"] == "int":
            assert 'type="number"' in tag and f'min="{spec["min"]}"' in tag and f'max="{spec["max"]}"' in tag
        elif spec["type"] == "json":
            assert tag.startswith("<textarea")
        help_line = html.unescape(block_of(page, field))
        assert "Default:" in help_line, name
        assert (f'name="{field}"' in advanced) == (spec["advanced"] or spec["type"] == "json"), name
    assert {"opt_data_overrides", "opt_scenario"} <= set(re.findall(r'name="(opt_[a-z_]+)"', advanced))
    # the defaults read as words, not JSON: a yes/no option says yes or no
    assert "Default: yes." in html.unescape(block_of(page, "opt_announce_token_kinds"))
    # the clock settings are controls too: the mode a list of plain choices, hours a number
    assert tag_of(page, "clock_mode").startswith("<select")
    assert "A fixed time for each decision" in block_of(page, "clock_mode")
    assert 'type="number"' in tag_of(page, "clock_per_decision_hours")
    assert tag_of(page, "clock_weekend_pause").startswith("<select")
    assert 'name="clock_reminders"' in advanced  # the finer settings are folded away
    # every control has a label bound to it
    for field in re.findall(r'<(?:select|input|textarea)\b[^>]*\bid="((?:opt|clock)_[a-z_]+)"', page):
        assert f'<label for="{field}">' in page, field


def test_the_form_never_promises_a_link_in_mail_to_players_without_an_address(client):
    page = html.unescape(client.get("/new?rules=sylla").text)
    assert not re.search(r"each seat's link is [^.]*in\s*<a[^>]*>Mail", page, re.I)
    note = re.search(r"Local mode:[^<]*(<a[^>]*>[^<]*</a>[^<]*)*", page).group(0)
    assert "Your games" in note and "players with an address" in note


def test_a_game_named_on_the_form_is_called_so_everywhere(client, svc):
    page = client.get("/new?rules=toy").text
    r = client.post("/new", data={"csrf_token": csrf_from(page), "rules": "toy", "action": "create",
                                  "game_name": "  Friday table ", "name": ["Ann", "Bob"], "email": ["", ""]})
    assert r.status_code == 303
    gid = re.search(r"/games/([0-9a-f-]{36})", r.headers["Location"]).group(1)
    assert svc.get(gid).options == {"name": "Friday table"} and svc.get(gid).name == "Friday table"
    assert "Friday table" in client.get("/").text
    too_long = client.post("/new", data={"csrf_token": csrf_from(page), "rules": "toy", "action": "create",
                                         "game_name": "x" * 81, "name": ["Ann", "Bob"]})
    assert too_long.status_code == 422 and "at most 80 characters" in too_long.text
    assert 'value="' + "x" * 81 + '"' in too_long.text  # the form keeps what was typed


def test_the_api_takes_a_name_and_every_game_has_one(client, svc):
    named = call(client, "POST", "/api/games", json={"rules": "toy", "players": PLAYERS[:2], "name": "Ides of March"})
    assert named.status_code == 201, named.get_json()
    plain = new_game(client)
    token = plain["tokens"]["red"]
    assert call(client, "GET", f"/api/games/{named.get_json()['id']}", named.get_json()["seats"][0]["token"]) \
        .get_json()["name"] == "Ides of March"
    summary = call(client, "GET", f"/api/games/{plain['id']}", token).get_json()
    assert summary["name"] == f"High Card (test title), game {plain['id'][:8]}"  # the default: title and id
    view = call(client, "GET", f"/api/games/{plain['id']}/view", token).get_json()
    assert view["game"]["name"] == summary["name"]
    assert call(client, "POST", "/api/games", json={"rules": "toy", "players": PLAYERS[:2], "name": 7}) \
        .status_code == 400
    long = call(client, "POST", "/api/games", json={"rules": "toy", "players": PLAYERS[:2], "name": "x" * 81})
    assert long.status_code == 422 and "80" in error_of(long)
    spec = call(client, "GET", "/api/openapi.json").get_json()
    assert "name" in spec["components"]["schemas"]["NewGame"]["properties"]


# ------------------------------------------------------------------------------------------- the lobby

def play_some(svc, gid: str, decisions: int) -> None:
    import random

    from domain.bots import random_choice

    rng = random.Random(5)
    for _ in range(decisions):
        game = svc.get(gid)
        prompts = game.open_prompts()
        if not prompts:
            return
        p = prompts[rng.randrange(len(prompts))]
        svc.choose(gid, p.seat, p.id, random_choice(p, rng, game.rules, game.state))


def test_the_lobby_shows_name_round_and_phase_instead_of_an_event_count(client, svc):
    created = call(client, "POST", "/api/games", json={"rules": "sylla", "players": SYLLA_PLAYERS,
                                                       "name": "Proscriptions"}).get_json()
    gid = created["id"]
    login(client, created["seats"][0]["token"])
    card = client.get("/").text
    card = card[card.index(f"/games/{gid}"):]
    card = html.unescape(card[:card.index("</li>")])
    assert "Proscriptions" in card and "Set-up · choosing starting characters" in card
    assert not re.search(r"\d+ events? ·", card)
    assert "Waiting for Blue, Red, Black" in card
    play_some(svc, gid, 4)
    card = html.unescape(client.get("/").text)
    assert "Round 1 of 5 · Phase I · First Consul" in card


def test_init_db_adds_the_summary_column_and_old_rows_still_list(svc):
    client = embedded_app(svc).test_client()
    created = new_game(client)
    gid = created["id"]
    login(client, created["tokens"]["red"])
    db = svc.store.db
    db.execute("ALTER TABLE tabularium_games DROP COLUMN summary")
    try:
        assert "summary" not in db.query("SELECT * FROM tabularium_games WHERE id=?", (gid,))[0]  # as before
        Store.create_tables(svc.store)  # what `tabularium init-db` runs
        Store.create_tables(svc.store)  # twice: nothing to do, no error
    finally:
        Store.create_tables(svc.store)
    row = svc.store.games_page([gid])[0][0]
    assert row["summary"] is None and row["name"] is None  # NULL until the game's next save
    page = client.get("/")
    assert page.status_code == 200
    card = html.unescape(page.text[page.text.index(f"/games/{gid}"):])
    assert card.index(f"High Card (test title), game {gid[:8]}") < card.index("</li>")  # the default name
    assert re.search(r"\d+ events? · updated", card[:card.index("</li>")])  # no summary yet: as before
    svc.post_message(gid, "red", "all", "hello")  # the next save writes the row whole
    row = svc.store.games_page([gid])[0][0]
    assert row["name"] == f"High Card (test title), game {gid[:8]}"


# ------------------------------------------------------------------------------------------- history

HAND_ID = re.compile(r"\b[a-z]{3}-[a-z]\.[a-z]{3}-[a-z]")  # a starting hand's id: sen-p.mer-c...
EVENT_TYPES = ("GameCreated", "ChoiceMade", "ChoiceSealed", "ChoicesRevealed")


def test_history_speaks_in_narration_without_event_types_or_choice_ids(client, svc):
    created = call(client, "POST", "/api/games", json={"rules": "sylla", "players": SYLLA_PLAYERS}).get_json()
    gid, token = created["id"], created["seats"][0]["token"]
    play_some(svc, gid, 6)  # the three secret starting hands, their reveal and the first bids
    login(client, token)
    page = client.get(f"/games/{gid}/history").text
    events = page[page.index('<ol class="events'):]
    assert not any(kind in events for kind in EVENT_TYPES)
    assert "starting characters" in events and not HAND_ID.search(events)
    game_page = client.get(f"/games/{gid}").text
    assert not any(kind in game_page for kind in EVENT_TYPES)
    api = call(client, "GET", f"/api/games/{gid}/history", token).get_json()
    entries = api["entries"] if isinstance(api, dict) else api
    assert {"ChoiceSealed", "ChoicesRevealed"} <= {e["type"] for e in entries}  # `type` stays: a contract
    lines = [line for e in entries for line in e["text"]]
    assert any(re.search(r"starting characters in secret \([A-Z][A-Za-z ]+ \(", line) for line in lines), "\n".join(lines)
    assert not any(HAND_ID.search(line) for line in lines)


def test_the_operators_created_page_says_which_links_were_not_sent(prod_svc):
    from tests.web.helpers import production_app

    client = production_app(prod_svc).test_client()
    login(client, OPERATOR)
    page = client.get("/new?rules=toy").text
    r = client.post("/new", data={"csrf_token": csrf_from(page), "rules": "toy", "action": "create",
                                  "name": ["Ann", "Bob"], "email": ["ann@example.org", ""]})
    assert r.status_code == 201
    items = re.findall(r"<li>.*?</li>", r.text)
    assert len(items) == 2
    assert "not sent" not in items[0] and "Ann" in items[0]
    assert "not sent" in items[1] and "Bob" in items[1]


def test_every_option_of_every_title_has_a_players_label_and_the_form_shows_it_not_the_id(svc):
    from domain.rules import get_rules, titles

    client = embedded_app(svc).test_client()
    page = client.get("/new").text
    for title in titles(include_unlisted=True):
        rules = get_rules(title)
        for name, spec in rules.options_schema().items():
            assert spec.get("label"), f"{title}: option {name} has no label for players"
            if spec.get("type") == "choice":
                assert len(spec.get("choice_labels", [])) == len(spec["choices"]), f"{title}: {name}"
    sylla = get_rules("sylla").options_schema()
    assert str(sylla["granary_famine_direction"]["label"]) in page
    assert "Granary famine direction" not in page and ">decrease<" not in page
