"""The Republic of Rome board's war and revolt section in headless Chromium: axe-core's basics (labels,
contrast, table headers, ARIA) find nothing, and at a 390-px phone nothing is drawn under 11 px nor runs past
the screen's width. The section only appears when a game has battles, a revolt or deals, which a short random
game seldom reaches: the board is rendered for a set-up position (tests/web/test_ror_board_war.py) inside the
site's page style and loaded from the live server's origin (so its style sheets load)."""
from __future__ import annotations

import os

import pytest

from service.web.boards import republic_of_rome as board
from tests.e2e.test_layouts import AXE_RULES, MIN_PX, PHONE, SMALL_TEXT
from tests.web.test_ror_board_war import at_war

pytestmark = pytest.mark.browser

RULES = [r for r in AXE_RULES if r not in ("bypass", "document-title")] + ["th-has-data-cells", "td-headers-attr",
                                                                         "table-duplicate-name", "empty-table-header"]


def page_html(live) -> str:
    from domain.games.republic_of_rome import RULES as ROR

    s = at_war()
    s["revolt"] = {"seat": "red", "rebel": "1", "senators": ["1"], "turn": 1}
    s["deals"] = [{"id": 1, "turn": 1, "parties": ["red", "blue"], "cards": {"red": ["con:harbor_fees"], "blue": []},
                   "talents": {"red": 0, "blue": 7}, "claimed": [], "voided_by": []}]
    view = {"game": {"rules": "republic_of_rome", "players": [{"seat": x, "name": x.title()} for x in s["seats"]],
                     "options": {}}, "you": {"seat": "red"}, "state": ROR.view(s, "red"), "prompt": None}
    with live.app.test_request_context("/"):
        fragment = board.render(view)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Board</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="stylesheet" href="/static/style.css"></head><body><main><h1>Board</h1>'
            f'<div class="area-board">{fragment}</div></main></body></html>')


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_war_section_passes_axe_and_fits_a_phone(browser, live):
    from axe_playwright_python.sync_playwright import Axe

    html = page_html(live)
    assert "War and revolt" in html and "ror-battles" in html
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    page.goto(live.url + "/static/style.css")
    page.set_content(html, wait_until="load")
    styled = page.evaluate("getComputedStyle(document.querySelector('table.ror-battles')).borderCollapse")
    assert styled == "collapse", "the board's style sheet is loaded"
    if os.environ.get("ROR_SHOT"):
        page.screenshot(path=os.environ["ROR_SHOT"], full_page=True)
    results = Axe().run(page, options={"runOnly": {"type": "rule", "values": RULES}})
    assert results.violations_count == 0, results.generate_report()
    sizes = page.evaluate(SMALL_TEXT, MIN_PX)
    assert sizes["count"] > 50 and not sizes["small"], sizes["small"][:10]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
