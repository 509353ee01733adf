"""Which rules-reference section explains a decision: each title may ship `domain/games/<id>/help.py`
(SECTIONS, GLOSSARY, PROMPT_SECTIONS, ...; docs/architecture.md "Adding a title"). Pure lookups, shared by
the web pages and the e-mails."""
from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

from domain.rules import UnknownTitle, get_rules


@lru_cache(maxsize=None)
def help_module(rules_id: str) -> ModuleType | None:
    """The title's rules reference, or None when it has none (or the id is not a title)."""
    if not rules_id or not rules_id.replace("_", "").isalnum():
        return None
    try:
        get_rules(rules_id)
    except UnknownTitle:
        return None
    name = f"domain.games.{rules_id}.help"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def rule_section(rules_id: str, kind: str) -> str | None:
    """The section explaining a decision of this kind (None: the title has no help for it)."""
    h = help_module(rules_id)
    return h.PROMPT_SECTIONS.get(kind) if h else None


def kind_name(rules_id: str, kind: str) -> str:
    """A kind of decision as players read it (a standing order answers one kind): the title of the rules
    section explaining it, a translatable message; else the kind's id in words ("draw_or_pass" -> "draw or
    pass")."""
    h = help_module(rules_id)
    section = h.PROMPT_SECTIONS.get(kind) if h else None
    title = next((s.get("title") for s in getattr(h, "SECTIONS", ()) if s.get("id") == section), None) if section else None
    return title or str(kind).replace("_", " ")
