"""Rules help (issue #13, part 1): the rules reference per title, the "What does this mean?" link beside every
prompt, a help link for every option of /new, the How to play by e-mail page, and no [A]/[I] marks or bare
rule citations in what players read."""
from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from domain import bots
from domain.games.sylla import names as sylla_names
from domain.i18n import Message
from domain.rules import get_rules, titles
from service.web.help import help_module
from tests.conftest import make_service
from tests.web.helpers import embedded_app, login, new_game

ROOT = Path(__file__).resolve().parents[2]
MARKS = re.compile(r"\[(A|I)\]|\[A,|\brules? \d+(\.\d+)+")  # [A], [I], "[A, rule 2.1]", "rule 14.23"


@pytest.fixture(scope="module")
def svc(tmp_path_factory):
    service = make_service(f"sqlite:///{tmp_path_factory.mktemp('rules-help')}/events.sqlite3")
    yield service
    service.close()


@pytest.fixture(scope="module")
def client(svc):
    return embedded_app(svc).test_client()


def anchors(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def random_kinds(rules_id: str, players: int, seed: int) -> set[str]:
    """The prompt kinds one random legal game asks, played on the rules alone (fast)."""
    rules = get_rules(rules_id)
    rng = random.Random(seed)
    state = rules.setup(rules.seat_ids(players), {}, rng)
    kinds: set[str] = set()
    for _turn in range(5000):
        prompts = rules.prompts(state)
        if not prompts:
            return kinds
        p = prompts[rng.randrange(len(prompts))]
        kinds.add(p.kind)
        state = rules.apply(state, p.seat, bots.random_choice(p, rng, rules, state), rng)
    raise AssertionError(f"{rules_id}: a random game did not end")


# ------------------------------------------------------------------------------------- the reference
@pytest.mark.parametrize("rules_id", ["sylla", "toy"])
def test_rules_page_renders_every_section_term_and_option(client, rules_id):
    h = help_module(rules_id)
    page = client.get(f"/rules/{rules_id}")
    assert page.status_code == 200
    text, ids = html.unescape(page.text), anchors(page.text)
    for s in h.SECTIONS:
        assert s["id"] in ids, s["id"]
        assert str(s["title"]) in text and f"section {s['rule']}" in text
        for para in s["body"]:
            assert str(para) in text
    for t in h.GLOSSARY:
        assert f"term-{t['id']}" in ids and str(t["text"]) in text
        assert t["section"] in ids, f"glossary {t['id']} points to a missing section {t['section']}"
    for o in get_rules(rules_id).options:
        assert f"option-{o.name}" in ids and str(o.help) in text
    assert client.get("/rules/no-such-title").status_code == 404
    assert client.get("/rules/..%2Fsylla").status_code == 404


@pytest.mark.parametrize("rules_id", ["sylla", "toy"])
def test_help_content_is_translatable_and_consistent(rules_id):
    h = help_module(rules_id)
    sections = [s["id"] for s in h.SECTIONS]
    assert len(sections) == len(set(sections)), "two sections share an anchor"
    for s in h.SECTIONS:
        assert isinstance(s["title"], Message) and all(isinstance(p, Message) for p in s["body"])
    for t in h.GLOSSARY:
        assert isinstance(t["name"], Message) and isinstance(t["text"], Message) and t["group"] in h.GROUPS
    assert set(h.PROMPT_SECTIONS.values()) <= set(sections)
    assert set(h.OPTION_SECTIONS.values()) <= set(sections)
    names = {o.name for o in get_rules(rules_id).options}
    assert set(h.OPTION_SECTIONS) == names and set(h.OPTION_TITLES) == names


def test_sylla_glossary_names_every_piece_of_the_game():
    """Every character type, building, event, Great Work and Res Publica marker of names.py has an entry."""
    h = help_module("sylla")
    glossed = {str(t["name"]) for t in h.GLOSSARY}
    pieces = (sylla_names.CHARACTER_TYPES + sylla_names.BUILDINGS + sylla_names.EVENTS + sylla_names.GREAT_WORKS
              + sylla_names.TOKEN_KINDS)
    assert set(pieces) - glossed == set()
    for extra in ("Crane card", "Income tile", "Res Publica token", "Vestal cube", "Legionary cube", "Famine marker"):
        assert extra in glossed


def test_sylla_event_glossary_agrees_with_the_data_file():
    """What the glossary says of each event (token kind, cubes, food) is what sylla-data.json holds."""
    data = json.loads((ROOT / "domain/games/sylla/sylla-data.json").read_text())
    entries = {str(t["name"]): str(t["text"]) for t in help_module("sylla").GLOSSARY if t["group"] == "events"}
    assert len(entries) == len(data["events"])
    for e in data["events"]:
        text = entries[e["name"]]
        value = (lambda v: v["value"] if isinstance(v, dict) else v)
        leg, ves = value(e["legionary"]), value(e["vestal"])
        expected = "both kinds of cube" if leg and ves else ("legionary cubes" if leg else "vestal cubes")
        assert expected in text, (e["id"], text)
        assert ("feeds hunger" in text) == (value(e["food_symbols"]) > 0), (e["id"], text)
        kind = value(e.get("political_colour") or {"value": None})
        if kind:
            assert f"Rewards {kind.capitalize()}" in text, (e["id"], text)


# ------------------------------------------------------------------------------------- prompt kinds
@pytest.mark.parametrize("rules_id", titles(include_unlisted=True))
def test_every_prompt_kind_a_random_game_asks_has_a_help_section(rules_id):
    """Conformance: every title declares help for every kind of decision it asks in random games."""
    h = help_module(rules_id)
    assert h is not None, f"{rules_id} has no rules reference (domain/games/{rules_id}/help.py)"
    rules = get_rules(rules_id)
    seen: set[str] = set()
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(3 if rules_id == "sylla" else 5):
            seen |= random_kinds(rules_id, players, seed)
    missing = sorted(k for k in seen if k not in h.PROMPT_SECTIONS)
    assert not missing, f"{rules_id}: no help section for the prompt kinds {missing}"
    sections = {s["id"] for s in h.SECTIONS}
    assert all(h.PROMPT_SECTIONS[k] in sections for k in seen)


def test_kinds_declared_by_sylla_states_all_have_help():
    """Also the decisions random games rarely reach (ties in phase V, an Insula): every named state's kind."""
    from domain.games.sylla.machine import STATES

    kinds = {s.kind for s in STATES.values() if s.kind}
    assert kinds - set(help_module("sylla").PROMPT_SECTIONS) == set()


def test_what_does_this_mean_links_in_a_random_sylla_game(client, svc):
    """Played through the service: each kind of decision shows a link whose anchor exists on the rules page,
    and no page of the game shows an [A]/[I] mark or a bare rule citation."""
    rules_page = client.get("/rules/sylla").text
    targets = anchors(rules_page)
    g = new_game(client, "sylla", 4)
    for token in g["tokens"].values():
        login(client, token)
    rng = random.Random(13)
    rules = get_rules("sylla")
    checked: set[str] = set()
    decisions = 0
    while True:
        game = svc.get(g["id"])
        prompts = game.open_prompts()
        if not prompts:
            break
        p = prompts[rng.randrange(len(prompts))]
        if p.kind not in checked or decisions % 40 == 0:
            page = client.get(f"/games/{g['id']}?seat={p.seat}").text
            links = re.findall(r'<a href="([^"]+)"[^>]*>What does this mean\?</a>', page)
            assert len(links) == 1, (p.kind, links)
            path, _sep, anchor = html.unescape(links[0]).partition("#")
            assert path == "/rules/sylla" and anchor in targets, (p.kind, links[0])
            assert anchor == help_module("sylla").PROMPT_SECTIONS[p.kind]
            assert 'href="/rules/sylla"' in page, "the game page links to the whole rules"
            assert not MARKS.search(html.unescape(page)), MARKS.search(html.unescape(page)).group(0)
            checked.add(p.kind)
        svc.choose(g["id"], p.seat, p.id, bots.random_choice(p, rng, rules, game.state), key=f"k{decisions}")
        decisions += 1
    assert svc.get(g["id"]).status == "finished" and decisions > 100, decisions
    assert {"choose_starting_characters", "consul_bid", "recruit", "building_bid", "place_cube",
            "great_work_commit"} <= checked


# ------------------------------------------------------------------------------------- /new, options
@pytest.mark.parametrize("rules_id", ["sylla", "toy"])
def test_every_option_on_new_has_help(client, rules_id):
    page = client.get(f"/new?rules={rules_id}")
    assert page.status_code == 200
    text = html.unescape(page.text)
    targets = anchors(client.get(f"/rules/{rules_id}").text)
    for o in get_rules(rules_id).options:
        href = f"/rules/{rules_id}#option-{o.name}"
        assert f'href="{href}"' in text, f"/new has no help link for {o.name}"
        assert f"option-{o.name}" in targets
    email_targets = anchors(client.get("/help/email").text)
    from domain.clock import DEFAULTS

    for name in DEFAULTS:
        assert f"clock-{name}" in email_targets
        assert f'href="/help/email#clock-{name}"' in text, f"/new has no help link for the clock's {name}"


@pytest.mark.parametrize("rules_id", titles(include_unlisted=True))
def test_option_help_has_no_marks_or_bare_citations(rules_id):
    for o in get_rules(rules_id).options:
        assert not MARKS.search(str(o.help)), (o.name, str(o.help))


def test_pages_show_no_marks(client):
    for url in ("/rules/sylla", "/rules/toy", "/help/email", "/new?rules=sylla", "/new?rules=toy", "/"):
        page = client.get(url)
        assert page.status_code == 200, url
        found = MARKS.search(html.unescape(page.text))
        assert not found, f"{url} shows {found.group(0)!r}"


def test_marks_check_bites():
    for bad in ("values 0 and 1 [A]", "literal text (rule 14.23)", "[A, rule 2.1]", "[I] reading"):
        assert MARKS.search(bad)
    assert not MARKS.search("Rulebook section 5.1.1")


# ------------------------------------------------------------------------------------- e-mail help
def test_help_email_page_covers_the_reply_words_and_is_linked_from_every_page(client):
    page = client.get("/help/email")
    assert page.status_code == 200
    ids = anchors(page.text)
    assert {"reply", "forms", "words", "deadlines", "vacations", "digests", "audit"} <= ids
    for word in ("ALWAYS", "CANCEL", "UNDO"):
        assert word in page.text
    for url in ("/", "/rules/sylla", "/new"):
        assert 'href="/help/email"' in client.get(url).text, url
