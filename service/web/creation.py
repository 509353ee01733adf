"""Creating games from the API and the lobby. The options are checked by the title's own declaration
(`Rules.check_options`, in `GameService.create_game`, the same check as the CLI's), so a wrong option is
a clear 422 with the same sentence everywhere and never a crash inside the rules' setup."""
from __future__ import annotations

import json
import logging
from typing import Any

from flask import abort

from domain.errors import BadRequest
from domain.i18n import _
from domain.rules import IllegalAction, UnknownTitle, get_rules, titles
from service.web import get_service, get_settings
from service.web.validate import check_text

log = logging.getLogger("tabularium.web")


def available_titles() -> list[str]:
    return titles(include_unlisted=get_settings().test_titles)


def options_schema(rules: Any) -> dict[str, dict]:
    """The title's option declaration, as JSON (domain.toolkit.options.Option.describe)."""
    schema = getattr(rules, "options_schema", None)  # every title derives from domain.rules.Rules
    return dict(schema()) if callable(schema) else {}


def clock_settings() -> dict:
    """The platform's `clock` option, the same for every title: each setting's default and meaning."""
    from domain.clock import DEFAULTS, HELP

    return {key: {"default": DEFAULTS[key], "help": HELP.get(key, "")} for key in DEFAULTS}


def title_list() -> list[dict]:
    clock = {"help": 'deadlines for every title: {"clock": {"mode": "deadline", ...}}', "settings": clock_settings()}
    out = []
    for rid in available_titles():
        rules = get_rules(rid)
        out.append({"id": rules.id, "title": rules.title, "min_players": rules.min_players,
                    "max_players": rules.max_players,
                    "options": options_schema(rules),
                    "platform_options": {"clock": clock}})
    return out


def check_options(rules: Any, options: Any) -> dict:
    """What only the web checks: an object, and text the database can store (400). Names and values
    are the title's to judge (GameService.create_game calls its declaration)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        abort(400, description=_('"options" must be an object.'))
    for key, value in options.items():
        check_text("options", key)
        check_text("options", json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value)
    return dict(options)


def create_game(rules_id: str, players: Any, options: Any, seed: str | None = None) -> dict:
    if rules_id not in available_titles():
        raise BadRequest(_("There is no game called %(title)s; known: %(known)s.",
                           title=repr(rules_id[:40]), known=", ".join(available_titles())))
    try:
        rules = get_rules(rules_id)
    except UnknownTitle:
        raise BadRequest(_("There is no game called %(title)s.", title=repr(rules_id[:40]))) from None
    if not isinstance(players, list):
        abort(400, description=_('"players" must be a list of {"name", "email"} objects.'))
    for p in players:
        if not isinstance(p, dict):
            abort(400, description=_('"players" must be a list of {"name", "email"} objects.'))
        if not isinstance(p.get("name"), str) or not isinstance(p.get("email", ""), str):
            abort(400, description=_('Each player needs a "name" (text) and may have an "email" (text).'))
        check_text("name", p["name"])
        check_text("email", p.get("email", ""))
    options = check_options(rules, options)
    try:
        return get_service().create_game(rules_id, players, options, seed=seed)
    except (BadRequest, IllegalAction):
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        log.info("game creation refused: %s: %s", type(exc).__name__, exc)
        raise BadRequest(_("These options are not valid for %(title)s (%(error)s).",
                           title=rules.title, error=type(exc).__name__)) from None
