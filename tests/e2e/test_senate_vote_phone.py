"""Issue #15 item 6: a faction's turn to vote fits a phone screen. A 6-player game of The Republic of Rome is
played by the bot up to a Senate vote with a faction already voted; the next faction's page, on a 390-px
phone, shows its vote form and the Senate floor without sideways scrolling or text under 11 px, and the form
answered there casts the vote."""
from __future__ import annotations

import os
import random

import pytest

from domain import bots
from tests.e2e.test_layouts import MIN_PX, PHONE, SMALL_TEXT, log_in_all


FIRST_OPTIONS = """() => {
  const form = document.querySelector("form.choices");
  for (const name of new Set([...form.querySelectorAll("input[type=radio][name^='f.']")].map(e => e.name))) {
    form.querySelector(`input[type=radio][name='${name}']`).checked = true;
  }
  form.querySelector("button[type=submit].primary").click();
}"""


def voting_game(svc):
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
    created = svc.create_game("republic_of_rome", [{"name": n, "email": ""} for n in names], {}, seed="15" * 32)
    gid, rng = created["id"], random.Random(15)
    for _ in range(3000):
        game = svc.get(gid)
        floor = game.state.get("floor") or []
        voter = next((seat for seat in game.waiting_for() if game.prompt_for(seat).kind == "senate_vote"), None)
        if voter is not None and floor and floor[-1]["voted"]:
            return created, voter
        prompt = game.prompt_for(game.waiting_for()[0])
        svc.choose(gid, prompt.seat, prompt.id, bots.random_choice(prompt, rng, game.rules, game.state))
    pytest.fail("no Senate vote with a faction already voted was reached")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_faction_s_turn_to_vote_fits_a_phone(browser, live, artifacts):
    created, seat = voting_game(live.svc)
    gid = created["id"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = log_in_all(context, live, created)
    page.goto(f"{live.url}/games/{gid}?seat={seat}")
    assert page.locator(".ror-floor").count() == 1 and page.locator("#prompt form").count() >= 1
    measured = page.evaluate(SMALL_TEXT, MIN_PX)
    assert not measured["small"], measured["small"][:20]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for box in (page.locator("#prompt").bounding_box(), page.locator(".ror-floor").bounding_box()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    page.screenshot(path=os.path.join(artifacts, "layout-ror-vote-phone-390x844.png"), full_page=True)
    version = live.svc.get(gid).version
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.evaluate(FIRST_OPTIONS)  # the first option of every group: no attempt, no Tribune, no change
    assert live.svc.get(gid).version > version
    context.close()
