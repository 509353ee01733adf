"""End to end in headless Chromium: a whole game through the forms, one browser context per seat, and
an XSS payload in a player's name and in a chat message that must stay text."""
from __future__ import annotations

import os
import random
import time

import pytest

from domain.rules import titles

pytestmark = pytest.mark.browser

XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">'
NAME_XSS = '<img src=x onerror="window.__xss=1"><script>x</script>'
TITLE = "sylla" if "sylla" in titles() else "toy"


def log_in(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url("**/games/**")
    return page


# One round trip to the browser per decision: pick a random choice the way a person would (a button, or
# a radio and then Confirm; for a prompt's form, every field: radios, k of the checkboxes, numbers) and click it. Playwright calls cost tens of milliseconds each on 2 cores.
CLICK_RANDOM_CHOICE = """([r, standing]) => {
  const form = document.querySelector("form.choices");
  if (!form) return "no form";
  const box = form.querySelector("input[type=checkbox][name=standing]");
  if (standing && !box) return "no standing box";
  if (box) box.checked = standing;
  if (form.querySelector("input[name=answer_form]")) {  // a prompt's form: fill every field at random
    let seed = Math.floor(r * 2147483647) || 1;
    const next = (n) => { seed = (seed * 48271) % 2147483647; return seed % n; };
    const radioNames = new Set([...form.querySelectorAll("input[type=radio][name^='f.']")].map(e => e.name));
    for (const name of radioNames) {
      const group = form.querySelectorAll(`input[type=radio][name='${name}']`);
      group[next(group.length)].checked = true;
    }
    for (const set of form.querySelectorAll("fieldset[data-min]")) {
      const boxes = [...set.querySelectorAll("input[type=checkbox]")];
      const min = +set.dataset.min, max = +set.dataset.max;
      let k = min + next(max - min + 1);
      boxes.forEach(b => { b.checked = false; });
      while (k > 0) { const b = boxes[next(boxes.length)]; if (!b.checked) { b.checked = true; k--; } }
    }
    for (const input of form.querySelectorAll("input[type=number][required]")) {
      const min = +input.min, max = +input.max;
      input.value = String(min + next(max - min + 1));
    }
    for (const select of form.querySelectorAll("select[required]")) {
      select.selectedIndex = next(select.options.length);
    }
    form.querySelector("button[type=submit].primary").click();
    return "form";
  }
  const buttons = form.querySelectorAll("button[name=choice]");
  if (buttons.length) { buttons[Math.floor(r * buttons.length)].click(); return "button"; }
  const radios = form.querySelectorAll("input[type=radio][name=choice]");
  radios[Math.floor(r * radios.length)].checked = true;
  form.querySelector("button[type=submit]").click();
  return "radio";
}"""


def choose_randomly(page, rng: random.Random, standing: bool = False) -> None:
    with page.expect_navigation(wait_until="domcontentloaded"):
        how = page.evaluate(CLICK_RANDOM_CHOICE, [rng.random(), standing])
    assert how in ("button", "radio", "form"), how


def cancel_standing_order(page, svc, gid: str, seat: str) -> None:
    """The "Your standing orders" card lists the order; its Cancel button removes it."""
    [order] = svc.get(gid).standing[seat]
    card = page.locator("#standing")
    assert card.get_by_text(f"(order {order['id']})").count() == 1
    with page.expect_navigation(wait_until="domcontentloaded"):
        card.get_by_role("button", name=f"Cancel standing order {order['id']}").click()
    assert page.get_by_text(f"Standing order {order['id']} is cancelled").count() == 1
    assert not svc.get(gid).standing.get(seat)


def shown_version(page) -> int:
    return int(page.get_attribute("#game", "data-version"))


def take_back(page, svc, gid: str, seat: str) -> None:
    """Click "Take back my last choice": one ChoiceUndone, and the seat's decision is offered again."""
    before = svc.get(gid).version
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.get_by_role("button", name="Take back my last choice").click()
    assert shown_version(page) == before + 1 == svc.get(gid).version
    assert page.locator("form.choices").count() == 1 and svc.get(gid).prompt_for(seat) is not None


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the API and page tests cover PostgreSQL
def test_whole_game_in_the_browser(browser, live, artifacts):
    svc = live.svc
    players = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid")]
    created = svc.create_game(TITLE, players, {}, seed="5e" * 32)
    gid = created["id"]
    contexts, pages = {}, {}
    for s in created["seats"]:
        contexts[s["seat"]] = browser.new_context(viewport={"width": 360, "height": 740})
        pages[s["seat"]] = log_in(contexts[s["seat"]], f"{live.url}/play/{s['token']}")
    rng = random.Random(11)
    steps, reloads, undos, started = 0, 0, 0, time.monotonic()
    ordered = None  # the seat whose standing order is waiting to be cancelled
    versions = {seat: 1 for seat in pages}
    while True:
        game = svc.get(gid)
        if game.status != "active":
            break
        assert steps < 2000 and time.monotonic() - started < 240, "the game did not end"
        seat = rng.choice(game.waiting_for())
        page = pages[seat]
        if versions[seat] != game.version:  # this seat's page is stale: reload it, as a player would
            page.goto(f"{live.url}/games/{gid}?seat={seat}", wait_until="domcontentloaded")
            reloads += 1
        standing = steps == 4  # one player ticks "always" once, and cancels it on the next page they see
        choose_randomly(page, rng, standing)
        versions[seat] = shown_version(page)
        steps += 1
        if standing:
            ordered = seat
        elif ordered == seat and svc.get(gid).standing.get(seat):
            cancel_standing_order(page, svc, gid, seat)
            versions[seat], ordered = shown_version(page), None
        if undos < 2 and page.get_by_role("button", name="Take back my last choice").count():
            take_back(page, svc, gid, seat)  # a player's misclick, forgiven twice per game
            versions[seat] = shown_version(page)
            undos += 1
    print(f"{TITLE}: {steps} decisions in the browser, {undos} undone, {reloads} reloads, "
          f"{time.monotonic() - started:.1f} s")
    game = svc.get(gid)
    assert game.status == "finished" and steps > 3
    assert undos == 2 and sum(type(e).__name__ == "ChoiceUndone" for e in svc.events(gid)) == 2
    kinds = [type(e).__name__ for e in svc.events(gid)]
    assert kinds.count("StandingOrderSet") == 1 and kinds.count("StandingOrderCancelled") == 1
    page = pages["red"]
    page.goto(f"{live.url}/games/{gid}")
    assert page.get_by_text("Game over").count() >= 1
    assert page.locator("svg.board").count() == 1
    page.locator("svg.board").screenshot(path=os.path.join(artifacts, f"e2e-{TITLE}-final-board.png"))
    page.screenshot(path=os.path.join(artifacts, f"e2e-{TITLE}-final-page.png"), full_page=True)
    # history: step to an early event and back; audit: every check passes after the end
    page.goto(f"{live.url}/games/{gid}/history?at=2")
    assert page.get_by_text("After event #2").count() == 1
    page.goto(f"{live.url}/games/{gid}/audit")
    assert page.locator("dd.bad").count() == 0
    assert page.get_by_text("every draw derives from the revealed seed").count() == 1
    assert svc.audit(gid).ok
    for context in contexts.values():
        context.close()


def test_xss_payloads_stay_text(browser, live):
    svc = live.svc
    # a name holds at most 60 characters: the name carries the <img onerror> half, the message both halves
    created = svc.create_game("toy", [{"name": NAME_XSS, "email": ""}, {"name": "Bob", "email": ""}], {})
    gid = created["id"]
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = log_in(context, created["seats"][0]["url"].replace(svc.settings.base_url, live.url))
    page.fill("textarea[name=text]", XSS)
    with page.expect_navigation():
        page.get_by_role("button", name="Send").click()
    for url in (f"/games/{gid}", f"/games/{gid}/history", "/"):
        page.goto(live.url + url)
        assert page.evaluate("typeof window.__xss") == "undefined", url
        assert page.locator("img[src=x]").count() == 0, url
        text = page.locator("main").inner_text()
        assert NAME_XSS in text, url
        if url != "/":
            assert XSS in text, url
    context.close()
