"""The game page's layouts in headless Chromium (tests/e2e/conftest.py launches Debian's chromium):

* desktop 1280×800: the decision form, the board (shared board and players' areas) and the recent log all
  lie inside the first screen, without scrolling;
* phone 390×844: no visible text is drawn under 11 px (HTML text by its computed size, SVG text by its
  size times the drawing's scale on screen), the viewport lets a player pinch-zoom, the board scales with
  its column and has a legend; every board symbol links to an explanation under the board;
* solo and hot-seat play: one browser holding every seat follows the seat due next, with a confirmation
  of what was recorded, after a choice and after an undo;
* accessibility basics with axe-core (axe-playwright-python): labels, contrast and keyboard rules on the
  game page, /new and the lobby; a decision made with the keyboard alone (Tab, then Enter).
"""
from __future__ import annotations

import os
import random
import re

import pytest

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MIN_PX = 11
# axe-core rules for labels, contrast and keyboard use (the "basics" of issue #13)
AXE_RULES = ["label", "label-title-only", "select-name", "button-name", "input-button-name", "link-name",
             "form-field-multiple-labels", "color-contrast", "tabindex", "accesskeys", "scrollable-region-focusable",
             "nested-interactive", "frame-focusable-content", "svg-img-alt", "document-title", "html-has-lang",
             "image-alt", "aria-allowed-attr", "aria-valid-attr", "aria-required-attr", "bypass", "meta-viewport"]

# Every visible text node's rendered size in CSS px: for SVG text the computed font size times the scale
# of the drawing on screen (getScreenCTM), for HTML the computed font size. Hidden text is not drawn.
SMALL_TEXT = """(minPx) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let count = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest("title, script, style, option")) continue;
    if (!el.getClientRects().length || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;  // clipped to nothing (a screen reader's heading)
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      px = px * Math.hypot(m.a, m.b);
    }
    count += 1;
    if (px < minPx - 0.01) out.push([node.textContent.trim().slice(0, 40), Math.round(px * 100) / 100, el.tagName]);
  }
  return {count, small: out};
}"""


def log_in_all(context, live, created):
    """One browser holding every seat of the game (solo or hot-seat play)."""
    page = context.new_page()
    for s in created["seats"]:
        page.goto(f"{live.url}/play/{s['token']}")
        page.get_by_role("button", name="Continue").click()
        page.wait_for_url("**/games/**")
    return page


def sylla_game(svc, decisions: int):
    """A 4-player Sylla game after `decisions` random decisions (forms answered by the rules' default)."""
    players = [{"name": n, "email": ""} for n in ("Ann", "Bob", "Cid", "Dee")]
    created = svc.create_game("sylla", players, {}, seed="5e" * 32)
    gid, rng = created["id"], random.Random(3)
    for _ in range(decisions):
        game = svc.get(gid)
        seat = game.waiting_for()[0]
        prompt = game.prompt_for(seat)
        if prompt.form:
            svc.choose_default(gid, seat, by="bot")
        else:
            svc.choose(gid, seat, prompt.id, rng.choice(prompt.choices).id)
    game = svc.get(gid)
    assert game.status == "active" and game.prompt_for(game.waiting_for()[0]) is not None
    return created, game.waiting_for()[0]


def inside(box, viewport) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["width"] > 0 and box["height"] > 0
            and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_desktop_decision_board_and_log_in_the_first_screen(browser, live, artifacts):
    created, seat = sylla_game(live.svc, 40)  # round 2's election: a prompt with a dozen choices
    context = browser.new_context(viewport=DESKTOP)
    page = log_in_all(context, live, created)
    page.goto(f"{live.url}/games/{created['id']}?seat={seat}")
    page.screenshot(path=os.path.join(artifacts, "layout-desktop-1280x800.png"))
    assert page.evaluate("window.scrollY") == 0
    boxes = {name: page.locator(selector).bounding_box() for name, selector in (
        ("decision form", "#prompt form.choices"), ("board", "svg.board"), ("players' areas", "svg.board-players"),
        ("recent log", "section.history"))}
    outside = {name: box for name, box in boxes.items() if not inside(box, DESKTOP)}
    assert not outside, outside
    board, form = boxes["board"], boxes["decision form"]
    assert board["x"] >= form["x"] + form["width"], "the board stands beside the decision"
    assert board["height"] <= DESKTOP["height"] and board["width"] < 902, board  # scaled to fit, not stretched
    # the log's newest event is in sight
    assert page.locator("section.history ol.events li").first.bounding_box()["y"] < DESKTOP["height"]
    context.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_phone_text_is_never_under_11_px(browser, live, artifacts):
    created, seat = sylla_game(live.svc, 60)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = log_in_all(context, live, created)
    for url in (f"/games/{created['id']}?seat={seat}", f"/games/{created['id']}/history", "/new", "/"):
        page.goto(live.url + url)
        measured = page.evaluate(SMALL_TEXT, MIN_PX)
        assert measured["count"] > 20, (url, measured)
        assert not measured["small"], (url, measured["small"][:20])
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url  # no sideways scroll
    page.goto(f"{live.url}/games/{created['id']}?seat={seat}")
    page.screenshot(path=os.path.join(artifacts, "layout-phone-390x844.png"), full_page=True)
    # SVG text is really there and measured (at its rendered scale, which is under 1 on a phone)
    scale = page.evaluate("(() => { const m = document.querySelector('svg.board text').getScreenCTM();"
                          " return Math.hypot(m.a, m.b); })()")
    assert 0.5 < scale < 1, scale
    # pinch-zoomable: the viewport meta neither fixes the scale nor forbids zooming
    meta = page.get_attribute("meta[name=viewport]", "content")
    assert "user-scalable=no" not in meta.replace(" ", "") and "maximum-scale=1" not in meta.replace(" ", "")
    # the SVG scales with its container
    board = page.locator("svg.board").bounding_box()
    assert board["width"] <= PHONE["width"] - 20 and page.get_attribute("svg.board", "viewBox")
    # a legend, and every card, tile and marker links to an explanation under the board
    assert page.locator("details.legend li").count() >= 10
    links = page.locator("svg.board a[href^='#bx-'], svg.board-players a[href^='#bx-']")
    assert links.count() > 20
    targets = set(page.evaluate("[...document.querySelectorAll('svg a[href]')].map(a => a.getAttribute('href'))"))
    for href in targets:
        assert page.locator(href).count() == 1, href
    marker = page.locator("svg.board a[aria-label^='Civic marker']")
    marker.click()  # a tap, no hover: the explanation is the target
    assert re.search(r"#bx-\d+$", page.url)
    target = page.locator(":target")
    assert target.count() == 1 and "Civic token is worth" in target.inner_text()
    # the Res Publica markers are diamonds (polygons, striped), the players' pieces discs and squares
    assert page.locator("svg.board a[aria-label^='Civic marker'] polygon").count() == 1
    assert page.locator("svg.board a[aria-label^='Civic marker'] circle").count() == 0
    assert "url(#syl-civic)" in page.get_attribute("svg.board a[aria-label^='Civic marker'] polygon", "fill")
    context.close()


def click_first_choice(page) -> str:
    """Decide with the first button or the first option of the prompt's form; returns the prompt's text."""
    text = page.locator("#prompt .prompt-text").inner_text()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.evaluate("""() => {
          const form = document.querySelector("form.choices");
          const button = form.querySelector("button[name=choice]");
          if (button) { button.click(); return; }
          for (const name of new Set([...form.querySelectorAll("input[type=radio]")].map(e => e.name))) {
            form.querySelector(`input[type=radio][name='${name}']`).checked = true;
          }
          for (const set of form.querySelectorAll("fieldset[data-min]")) {
            [...set.querySelectorAll("input[type=checkbox]")].slice(0, +set.dataset.min).forEach(b => { b.checked = true; });
          }
          form.querySelector("button[type=submit].primary").click();
        }""")
    return text


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_hot_seat_follows_the_seat_due_next(browser, live):
    svc = live.svc
    created = svc.create_game("sylla", [{"name": n, "email": ""} for n in ("Ann", "Bob", "Cid")], {}, seed="5e" * 32)
    gid = created["id"]
    context = browser.new_context(viewport=DESKTOP)
    page = log_in_all(context, live, created)
    followed, undone = 0, False
    for _ in range(60):
        game = svc.get(gid)
        seat = game.waiting_for()[0]
        if f"seat={seat}" not in page.url:  # only simultaneous decisions leave another seat due
            page.goto(f"{live.url}/games/{gid}?seat={seat}")
        version = game.version
        click_first_choice(page)
        after = svc.get(gid)
        assert after.version > version
        notice = page.locator("p.notice.recorded")
        assert notice.count() == 1 and notice.inner_text().startswith("Recorded:"), page.url
        due = after.waiting_for()
        shown = re.search(r"seat=(\w+)", page.url).group(1)
        if seat not in due and due:
            assert shown in due, (seat, due, page.url)  # the page follows a seat that is due now
            assert f"Now {shown.capitalize()} decides." in notice.inner_text()
            followed += 1
        else:
            assert shown == seat
        undo = page.get_by_role("button", name="Take back my last choice")
        if not undone and undo.count():
            with page.expect_navigation(wait_until="domcontentloaded"):
                undo.click()
            assert svc.get(gid).version == after.version + 1
            assert page.locator("p.notice.recorded").inner_text().startswith("Recorded:")
            assert f"seat={shown}" in page.url and page.locator("form.choices").count() == 1
            undone = True
        if followed >= 6 and undone:
            break
    assert followed >= 6 and undone, (followed, undone)
    context.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_accessibility_basics_with_axe(browser, live, artifacts):
    from axe_playwright_python.sync_playwright import Axe

    created, seat = sylla_game(live.svc, 40)
    axe = Axe()
    for viewport in (DESKTOP, PHONE):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = log_in_all(context, live, created)
        for url in (f"/games/{created['id']}?seat={seat}", "/new", "/"):
            page.goto(live.url + url)
            results = axe.run(page, options={"runOnly": {"type": "rule", "values": AXE_RULES}})
            assert results.violations_count == 0, (url, viewport, results.generate_report())
        context.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_decision_by_keyboard_alone(browser, live):
    created, seat = sylla_game(live.svc, 40)
    gid = created["id"]
    context = browser.new_context(viewport=DESKTOP)
    page = log_in_all(context, live, created)
    page.goto(f"{live.url}/games/{gid}?seat={seat}")
    version = live.svc.get(gid).version
    first = page.locator("#prompt button[name=choice]").first
    label = first.inner_text()
    presses = 0
    while presses < 80:  # Tab through the page, in document order, to the first choice
        page.keyboard.press("Tab")
        presses += 1
        if page.evaluate("document.activeElement.name === 'choice'"):
            break
    assert page.evaluate("document.activeElement.textContent.trim()") == label.strip()
    assert presses < 25, presses  # a skip link and a short path: the decision comes early
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.keyboard.press("Enter")
    assert live.svc.get(gid).version > version
    assert page.locator("p.notice.recorded").inner_text().startswith("Recorded:")
    context.close()


# ------------------------------------------------------------------------- The Republic of Rome's board
def ror_game(svc, decisions: int, players: int = 6):
    """A Republic of Rome game after `decisions` random decisions (forms answered as the bot answers)."""
    from domain import bots

    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")[:players]
    created = svc.create_game("republic_of_rome", [{"name": n, "email": ""} for n in names], {}, seed="7a" * 32)
    gid, rng = created["id"], random.Random(7)
    for _ in range(decisions):
        game = svc.get(gid)
        prompt = game.prompt_for(game.waiting_for()[0])
        svc.choose(gid, prompt.seat, prompt.id, bots.random_choice(prompt, rng, game.rules, game.state))
    game = svc.get(gid)
    assert game.status == "active"
    return created, game.waiting_for()[0]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_republic_of_rome_board_fits_a_phone(browser, live, artifacts):
    """Six factions' Senators, the Forum and Rome on a 390-px phone: no text under 11 px, no sideways
    scroll, every faction's table in the column, the viewer's own treasury shown."""
    created, seat = ror_game(live.svc, 60)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = log_in_all(context, live, created)
    page.goto(f"{live.url}/games/{created['id']}?seat={seat}")
    measured = page.evaluate(SMALL_TEXT, MIN_PX)
    assert measured["count"] > 100, measured
    assert not measured["small"], measured["small"][:20]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=os.path.join(artifacts, "layout-ror-phone-390x844.png"), full_page=True)
    assert page.locator(".ror-board article.ror-faction").count() == 6
    for table in page.locator("table.ror-senators").all():
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.locator(f".ror-board #ror-faction-{seat}").count() == 1
    assert page.locator(".ror-board .ror-secret").count() == 2  # the viewer's treasury and hand, nobody else's
    context.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_republic_of_rome_accessibility_with_axe(browser, live):
    from axe_playwright_python.sync_playwright import Axe

    created, seat = ror_game(live.svc, 60)
    axe = Axe()
    for viewport in (DESKTOP, PHONE):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = log_in_all(context, live, created)
        for url in (f"/games/{created['id']}?seat={seat}", f"/games/{created['id']}", "/rules/republic_of_rome"):
            page.goto(live.url + url)
            results = axe.run(page, options={"runOnly": {"type": "rule", "values": AXE_RULES}})
            assert results.violations_count == 0, (url, viewport, results.generate_report())
        context.close()
