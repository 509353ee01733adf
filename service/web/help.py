"""Rules help: the rules reference of each title (/rules/<title>), the "How to play by e-mail" page
(/help/email), and the template helpers other pages use to link to them.

A title's reference lives beside its rules, in `domain/games/<title>/help.py` (SECTIONS, GLOSSARY, GROUPS,
PROMPT_SECTIONS, OPTION_SECTIONS, OPTION_TITLES, INTRO); a title without one has no page (404) and no links. The pages
are public: the rules of a game are no secret, and a newcomer may read them before being invited.

Template globals (registered with the blueprint, so every page may call them):
* `rule_url(rules_id, kind)`: the rules page's anchor for a prompt kind ("What does this mean?"), or None;
* `option_help_url(rules_id, name)`: the anchor explaining a table option on the rules page, or None;
* `term_url(rules_id, term)`: the glossary anchor of a card, tile, marker... (e.g. "senator"), or None;
* `clock_help_url(name)`: the anchor explaining a deadline setting on /help/email;
* `has_rules_help(rules_id)`: whether the title has a reference (the navigation's Rules link on a game's pages).
"""
from __future__ import annotations

from types import ModuleType

from flask import Blueprint, abort, render_template, url_for

from domain.clock import DEFAULTS as CLOCK_DEFAULTS, HELP as CLOCK_HELP
from domain.i18n import _
from domain.help import help_module, rule_section  # noqa: F401  (rule_section: re-exported)
from domain.rules import get_rules

bp = Blueprint("help", __name__)


def section_ids(rules_id: str) -> set[str]:
    h = help_module(rules_id)
    return {s["id"] for s in h.SECTIONS} if h else set()


@bp.app_template_global()
def rule_url(rules_id: str, kind: str) -> str | None:
    section = rule_section(rules_id, kind)
    return url_for("help.rules", title=rules_id, _anchor=section) if section else None


@bp.app_template_global()
def option_help_url(rules_id: str, name: str) -> str | None:
    h = help_module(rules_id)
    if h is None:
        return None
    return url_for("help.rules", title=rules_id, _anchor=f"option-{name}")


@bp.app_template_global()
def term_url(rules_id: str, term: str) -> str | None:
    h = help_module(rules_id)
    if h is None or term not in {t["id"] for t in h.GLOSSARY}:
        return None
    return url_for("help.rules", title=rules_id, _anchor=f"term-{term}")


@bp.app_template_global()
def clock_help_url(name: str) -> str | None:
    return url_for("help.email", _anchor=f"clock-{name}") if name in CLOCK_DEFAULTS else None


@bp.app_template_global()
def has_rules_help(rules_id: str | None) -> bool:
    return bool(rules_id) and help_module(rules_id) is not None


def _options(rules, h: ModuleType) -> list[dict]:
    spec = getattr(rules, "options", None)
    out = []
    for o in (spec or ()):
        section = h.OPTION_SECTIONS.get(o.name)
        out.append({"name": o.name, "title": h.OPTION_TITLES.get(o.name, o.name), "help": o.help, "default": o.default, "section": section,
                    "advanced": getattr(o, "advanced", False)})
    return out


@bp.route("/rules/<title>")
def rules(title: str):
    h = help_module(title)
    if h is None:
        abort(404, description=_("There are no rules to show for %(title)s.", title=repr(title)))
    rules = get_rules(title)
    by_section: dict[str, list[dict]] = {}
    for t in h.GLOSSARY:
        by_section.setdefault(t["section"], []).append(t)
    groups = [(key, label, [t for t in h.GLOSSARY if t["group"] == key]) for key, label in h.GROUPS.items()]
    titles = {s["id"]: s for s in h.SECTIONS}
    return render_template("rules.html", rules=rules, intro=h.INTRO, sections=h.SECTIONS, groups=groups,
                           section_titles=titles, options=_options(rules, h))


# the deadline settings of /new (domain.clock.DEFAULTS), named for players
CLOCK_TITLES = {
    "mode": _("Kind of clock"), "per_decision_hours": _("Time for each decision"),
    "initial_hours": _("Starting time bank"), "increment_hours": _("Time added after each decision"),
    "cap_hours": _("Largest time bank"), "weekend_pause": _("Weekends off"), "reminders": _("Reminders"),
    "late_notice": _("Telling the table who is late"), "vacation_days": _("Vacation days"),
    "on_timeout": _("When a deadline passes"), "replace_after_missed": _("Replacing a player who keeps missing"),
    "timezone": _("Time zone"),
}


@bp.route("/help/email")
def email():
    return render_template("help_email.html", clock_defaults=CLOCK_DEFAULTS, clock_help=CLOCK_HELP,
                           clock_titles=CLOCK_TITLES)
