"""The rules document, docs/rules-republic-of-rome.md (issue #16: "complete, with every reading and option"):
it explains every option of the table and names every module of the package, its sections follow the
rulebook, and no leftover of the parts it was written in remains ("part 3", "not yet built")."""
from __future__ import annotations

import re
from pathlib import Path

from domain.games.republic_of_rome.options import SPEC

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules-republic-of-rome.md").read_text(encoding="utf-8")
PACKAGE = ROOT / "domain" / "games" / "republic_of_rome"
HEADINGS = re.findall(r"(?m)^## (.+)$", DOC)


def section(title: str) -> str:
    """The text of one `## ` section, heading excluded."""
    start = DOC.index("\n## " + title + "\n") + len(title) + 5
    end = DOC.find("\n## ", start)
    return DOC[start:] if end < 0 else DOC[start:end]


def test_every_option_is_explained_in_the_options_section():
    options = section("Options")
    missing = [name for name in SPEC.names() if f"- `{name}`" not in options]
    assert SPEC.names() and not missing, f"options without an entry in \"Options\": {missing}"


def test_every_module_is_in_the_layout():
    layout = section("Layout")
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    missing = [m for m in modules if f"`{m}`" not in layout]
    assert len(modules) > 50 and not missing, f"modules missing from \"Layout\": {missing}"


def test_no_leftovers_of_the_parts():
    text = DOC.lower()
    for leftover in ("part 3", "not yet built", "(first part)"):
        assert leftover not in text, leftover


def test_sections_follow_the_rulebook_then_the_cross_cutting_ones():
    order = ["Layout", "Setup", "Mortality", "Revenue", "Forum", "Persuasion", "Events", "Population",
             "Senate: the agenda", "Senate: voting, Tribunes, assassination", "Senate: the Consul for Life",
             "Combat", "Revolution Phase", "Victory and defeat", "Deals and shown cards", "The board",
             "Missed deadlines", "The bot", "Starting from a position (the scenario format)", "Options",
             "Not built, on purpose or not yet"]
    assert HEADINGS == order


def test_the_not_built_list_gives_a_reason_on_each_line():
    items = re.split(r"(?m)^- ", section("Not built, on purpose or not yet"))[1:]
    items = [" ".join(item.split()) for item in items]
    assert len(items) >= 10
    for item in items:
        assert ": " in item and len(item.split(": ", 1)[1]) > 20, item
