"""Issue #16, done when: "A newcomer can start a Republic of Rome game from /new after `make run` and play it
alone across seats." In Chromium, only by the pages' own controls: /new, choose The Republic of Rome, three
names, Create the game; then, on the game page, the Play as bar's seat marked • (the game waits for it), and
its decision: a choice's button, or a form's Confirm as the form opens (its default), and after a refusal the
form filled again at random (as a newcomer tries something else), until turn 2 begins. The seed is the
server's (a game from /new has no fixed seed), so the path differs between runs; what is checked holds for any
game: the Senate was reached and voted on, every decision could be made from the page, no server error.
"""
from __future__ import annotations

import os
import random
import re

import pytest

MAX_DECISIONS = 400
PREFERRED = ("Adjourn", "Call the others")  # a newcomer's usual pick: the Senate then ends in a few decisions
TRIES = 40  # refusals of one decision before the test gives up (random fills of a form)

FILL = """(seed) => {
  let x = seed >>> 0;
  const r = (n) => { x = (x + 0x6D2B79F5) >>> 0; let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return (((t ^ (t >>> 14)) >>> 0) % n); };
  const form = document.querySelector('#prompt form.choices');
  const groups = {};
  for (const el of form.querySelectorAll('input[type=radio]')) (groups[el.name] ||= []).push(el);
  for (const g of Object.values(groups)) g[r(g.length)].checked = true;
  for (const fs of form.querySelectorAll('fieldset[data-field]')) {
    const boxes = [...fs.querySelectorAll('input[type=checkbox]')];
    const lo = +fs.dataset.min, hi = Math.min(+fs.dataset.max, boxes.length), k = lo + r(hi - lo + 1);
    boxes.forEach((b) => { b.checked = false; });
    boxes.map((b) => [r(1000), b]).sort((a, b) => a[0] - b[0]).slice(0, k).forEach(([, b]) => { b.checked = true; });
  }
  for (const n of form.querySelectorAll('input[type=number]')) {
    if (!n.closest('fieldset.rows')) n.value = +n.min + r(Math.min(+n.max - +n.min, 3) + 1);
  }
  for (const s of form.querySelectorAll('select')) { if (!s.closest('fieldset.rows')) s.selectedIndex = r(s.options.length); }
}"""


def create_from_new(page, url: str) -> None:
    page.goto(f"{url}/new")
    page.select_option("#choose_rules", label="The Republic of Rome")
    page.locator("form[method=get] button").click()
    page.wait_for_load_state()
    for i, name in enumerate(("Ann", "Bob", "Cid")):
        page.locator("input[name=name]").nth(i).fill(name)
    page.locator("button[value=create]").click()
    page.wait_for_url("**/games/**")


def phase(page) -> str:
    """The board's first line: "Setup", "Turn 1 · Senate Phase"..."""
    lines = [t.strip() for t in page.locator(".area-board").inner_text().split("\n") if t.strip()]
    return lines[1] if lines and lines[0] == "Board" else lines[0]


def decide(page, rng: random.Random, unconfirmable: list) -> str:
    """The shown seat's decision by the page's controls; the prompt's sentence. A form that the browser will not
    submit as it opens (a required field left empty) is noted in `unconfirmable`."""
    text = page.locator("#prompt .prompt-text").inner_text()
    buttons = page.locator("#prompt button[name=choice]")
    for attempt in range(TRIES):
        if buttons.count():
            labels = buttons.all_inner_texts()
            pick = [i for i, t in enumerate(labels) if t.startswith(PREFERRED)]
            buttons.nth(pick[0] if pick and rng.random() < .8 else rng.randrange(len(labels))).click()
        else:
            if attempt:
                page.evaluate(FILL, rng.randrange(1, 2 ** 31))
            elif not page.evaluate("document.querySelector('#prompt form.choices').checkValidity()"):
                unconfirmable.append(text)  # Confirm would only show the browser's "fill out this field"
                continue
            page.locator("#prompt button.primary").click()
        page.wait_for_load_state()
        if not page.locator("p.error").count():
            return text
    pytest.fail(f"no answer of {TRIES} was accepted for: {text} ({page.locator('p.error').inner_text()})")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_16_a_newcomer_creates_a_game_on_new_and_plays_every_seat_through_the_first_turn(browser, live, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list = []
    page.on("response", lambda r: errors.append((r.status, r.url)) if r.status >= 500 else None)
    create_from_new(page, live.url)
    assert page.locator("nav.seats a").all_inner_texts() == ["Red •", "Blue •", "Green •"]
    rng, phases, prompts, unconfirmable = random.Random(16), [], [], []
    shots = os.path.join(artifacts, "newcomer-e2e")
    os.makedirs(shots, exist_ok=True)
    for _ in range(MAX_DECISIONS):
        due = page.locator("nav.seats a", has_text="•")
        if not due.count() or phase(page).startswith("Turn 2"):
            break
        due.nth(rng.randrange(due.count())).click()
        page.wait_for_url(re.compile(r".*seat=\w+"))
        if phase(page) not in phases:
            phases.append(phase(page))
            page.screenshot(path=os.path.join(shots, f"{len(phases):02d}.png"))
        prompts.append(decide(page, rng, unconfirmable))
    else:
        pytest.fail(f"turn 1 did not end in {MAX_DECISIONS} decisions: {phases}; the last: {prompts[-12:]}")
    print(f"newcomer: {len(prompts)} decisions; phases {phases}")
    ended = phase(page).startswith("Turn 2") or "Game over" in page.content()
    context.close()
    assert not errors, errors
    assert not unconfirmable, f"forms that cannot be confirmed as they open: {unconfirmable}"
    assert phases[0] == "Setup" and "Turn 1 · Senate Phase" in phases, phases
    assert any(p.startswith("Proposal:") for p in prompts), "no Senate vote was asked"
    assert ended, phases
