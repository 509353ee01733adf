"""Issue #16, the browser end to end: a 3-player game of The Republic of Rome played in Chromium through one
whole turn with a persuasion, Senate votes and a battle. Every decision is made on the game page by its own
controls (a choice's button; a form's radio buttons, boxes, lists and number fields, then Confirm).

The game starts from a position (the `scenario` option): three Senators a faction, the Rome Consul in Red,
three Senators in the Forum to persuade, and the 1st Gallic War Active (a land War: no Fleet support
needed, so the four Legions in Italy can be sent). The answers are the bot's, with steers: an Initiative's
persuasion is attempted; the Presiding Magistrate sends a Commander with every Legion against the Gallic
War when he may; every faction votes yes and consents. Whether the dice then give the turn a battle depends
on the draws, which the platform derives from the game's seed and the event's number only, so the same
seed and the same answers replay the same game: the test first plays candidate games through the service
(a seed each for the answers) and takes the first whose turn has a persuasion attempt, a vote and a battle,
then plays that game in the browser and checks the same. Checked too: turn 2 begins; every page a seat was
shown names no card of another seat's hand and no faction treasury but its own.
"""
from __future__ import annotations

import json
import os
import random

import pytest

from domain import forms
from domain.forms import EachOf, Number, OneOf, Rows, SomeOf
from domain.rules import IllegalAction
from tests.e2e.test_layouts import log_in_all
from tests.web.ror_play import TREASURY_LINE, bot_answer, leaked_cards

PLAYERS = [{"name": n, "email": ""} for n in ("Ann", "Bob", "Cid")]
SEED = "16" * 32
WAR = "1st_gallic_war"
POSITION = {
    "treasury": 100,
    "factions": {"red": {"treasury": 15, "senators": [{"id": "1", "talents": 6}, {"id": "2", "office": "rome_consul"},
                                                      {"id": "3"}]},
                 "blue": {"treasury": 15, "senators": [{"id": "4", "talents": 6}, {"id": "5"}, {"id": "6"}]},
                 "green": {"treasury": 15, "senators": [{"id": "7", "talents": 6}, {"id": "8"}, {"id": "9"}]}},
    "forum": {"senators": [{"id": "10"}, {"id": "11"}, {"id": "12"}], "wars": {WAR: "active"}},
}
CANDIDATES = 20
MAX_DECISIONS = 600

FILL = """(values) => {
  const form = document.querySelector("#prompt form.choices");
  for (const [name, value] of Object.entries(values)) {
    const inputs = [...form.querySelectorAll(`[name='${name}']`)];
    if (!inputs.length) throw new Error("no control named " + name);
    for (const el of inputs) {
      if (el.type === "radio") el.checked = el.value === value;
      else if (el.type === "checkbox") el.checked = value.includes(el.value);
      else el.value = value;
    }
  }
  form.querySelector("button[type=submit].primary").click();
}"""


def controls(form: forms.Form, answer: str) -> dict:
    """A canonical answer as the page's control values (service/web/templates/_form_fields.html names)."""
    values, out = json.loads(answer), {}
    for f in form.fields:
        v, key = values[f.name], f"f.{f.name}"
        if isinstance(f, SomeOf):
            out[key] = list(v)
        elif isinstance(f, (OneOf, Number)):
            out[key] = str(v)
        elif isinstance(f, EachOf):
            out.update({f"{key}.{item}": str(x) for item, x in v.items()})
        elif isinstance(f, Rows):
            out.update({f"{key}.{n}.{col}": str(x) for n, row in enumerate(v) for col, x in row.items()})
    return out


def steered_answer(game, prompt, rng: random.Random) -> str:
    """The bot's answer, steered (see the module's docstring) where the steer is legal."""
    answer = bot_answer(game.state, prompt, rng)[0]
    if prompt.form is None:
        ids = [c.id for c in prompt.choices]
        return "deploy" if prompt.kind == "other_business" and "deploy" in ids else answer
    values, fields = json.loads(answer), {f.name: f for f in prompt.form.fields}
    if prompt.kind == "persuade":
        return persuasion_attempt(game, prompt, rng) or answer
    if prompt.kind == "propose" and "war" in fields and WAR in [o.value for o in fields["war"].options]:
        values.update(war=WAR, legions=fields["legions"].max)
        if "then" in fields:
            values["then"] = "continue"
    if prompt.kind in ("senate_vote", "consent"):
        for f in prompt.form.fields:
            if isinstance(f, OneOf) and "yes" in [o.value for o in f.options]:
                values[f.name] = "yes"
            if isinstance(f, EachOf) and isinstance(f.value, OneOf) and "yes" in [o.value for o in f.value.options]:
                values[f.name] = {item: "yes" for item in values[f.name]}
    steered = forms.encode(values)
    try:
        forms.accept(game.rules, game.state, prompt, steered)
        return steered
    except IllegalAction:
        return answer


def persuasion_attempt(game, prompt, rng: random.Random) -> str | None:
    for _ in range(60):
        answer = forms.random_answer(prompt.form, rng)
        if json.loads(answer)["persuader"] != "none":
            try:
                forms.accept(game.rules, game.state, prompt, answer)
                return answer
            except IllegalAction:
                continue
    return None


def play_the_turn(svc, gid: str, rng: random.Random, answer) -> dict[str, int]:
    """Turn 1 to its end, each decision's seat and answer drawn with `rng`, made by `answer(game, prompt,
    choice)`; how many decisions of each kind were made."""
    made: dict[str, int] = {}
    for _ in range(MAX_DECISIONS):
        game = svc.get(gid)
        if game.status != "active" or game.state["turn"] > 1:
            return made
        due = game.waiting_for()
        prompt = game.prompt_for(due[rng.randrange(len(due))])
        answer(game, prompt, steered_answer(game, prompt, rng))
        made[prompt.kind] = made.get(prompt.kind, 0) + 1
    pytest.fail(f"turn 1 did not end in {MAX_DECISIONS} decisions")


def attempts(svc, gid: str) -> int:
    return sum(any("tries to persuade" in str(t) for t in e["text"]) for e in svc.history(gid, None))


def battles(svc, gid: str) -> list:
    """The turn's battles (s["battles"] keeps this turn's records, engagement.py)."""
    return [b for b in svc.get(gid).state.get("battles", []) if b["turn"] == 1]


def new_game(svc) -> dict:
    return svc.create_game("republic_of_rome", PLAYERS, {"scenario": POSITION}, seed=SEED)


def a_turn_with_a_battle(svc) -> tuple[int, list]:
    """The first answer seed whose turn has a persuasion attempt, a Senate vote and a battle."""
    for candidate in range(CANDIDATES):
        gid = new_game(svc)["id"]
        made = play_the_turn(svc, gid, random.Random(candidate),
                             lambda game, prompt, choice, gid=gid: svc.choose(gid, prompt.seat, prompt.id, choice))
        if made.get("senate_vote") and attempts(svc, gid) and battles(svc, gid):
            return candidate, battles(svc, gid)
    pytest.fail(f"none of {CANDIDATES} steered turns had a persuasion attempt, a vote and a battle")


def answer_on_the_page(page, url: str, prompt, answer: str) -> str:
    page.goto(url)
    text = page.locator("body").inner_text()
    with page.expect_navigation(wait_until="domcontentloaded"):
        if prompt.form is None:
            page.locator(f"#prompt button[name=choice][value='{answer}']").click()
        else:
            page.evaluate(FILL, controls(prompt.form, answer))
    return text


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_16_a_whole_turn_in_the_browser_with_a_persuasion_a_vote_and_a_battle(browser, live, artifacts):
    svc = live.svc
    candidate, fought = a_turn_with_a_battle(svc)
    created = new_game(svc)
    gid = created["id"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in_all(context, live, created)

    def on_the_page(game, prompt, choice: str) -> None:
        version = game.version
        shown = answer_on_the_page(page, f"{live.url}/games/{gid}?seat={prompt.seat}", prompt, choice)
        assert svc.get(gid).version > version or prompt.secret, f"{prompt.kind}: the page's answer was not recorded"
        assert not leaked_cards(shown, game.state, prompt.seat), (prompt.seat, prompt.kind)
        assert {int(n) for n in TREASURY_LINE.findall(shown)} <= {game.state["factions"][prompt.seat]["treasury"]}

    made = play_the_turn(svc, gid, random.Random(candidate), on_the_page)
    page.goto(f"{live.url}/games/{gid}?seat=red")
    page.screenshot(path=os.path.join(artifacts, "ror-whole-turn-red.png"), full_page=True)
    context.close()
    game = svc.get(gid)
    print(f"ror whole turn in the browser: answer seed {candidate}, {sum(made.values())} decisions, "
          f"{attempts(svc, gid)} persuasion attempts, {made.get('senate_vote')} votes, {len(battles(svc, gid))} battles")
    assert game.state["turn"] == 2 or game.status == "finished", f"the turn did not end: {game.state['step']}"
    assert made.get("senate_vote") and made.get("persuade") and attempts(svc, gid), made
    assert battles(svc, gid) == fought, "the browser's game is not the one played through the service"
