"""Creating games from the API and the lobby: the options are checked against the title's schema first,
so a wrong option is a clear 422 and never a crash inside the rules' setup."""
from __future__ import annotations

import json
import logging
from typing import Any

from flask import abort

from domain.errors import BadRequest
from domain.game import PLATFORM_OPTIONS
from domain.rules import IllegalAction, UnknownTitle, get_rules, titles
from service.web import get_service, get_settings
from service.web.validate import check_text

log = logging.getLogger("tabularium.web")


def available_titles() -> list[str]:
    return titles(include_unlisted=get_settings().test_titles)


def options_schema(rules: Any) -> dict[str, dict]:
    schema = getattr(rules, "options_schema", None)
    if callable(schema):
        return dict(schema())
    defaults = getattr(rules, "option_defaults", None)
    if callable(defaults):
        return {k: {"default": v, "help": ""} for k, v in defaults().items()}
    return {}


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
                    "options": {k: {"default": v.get("default"), "help": v.get("help", "")}
                                for k, v in options_schema(rules).items()},
                    "platform_options": {"clock": clock}})
    return out


def _same_kind(value: Any, default: Any) -> bool:
    if default is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, type(default))


def check_options(rules: Any, options: Any) -> dict:
    if options is None:
        return {}
    if not isinstance(options, dict):
        abort(400, description='"options" must be an object.')
    schema = options_schema(rules)
    for key, value in options.items():
        check_text("options", key)
        check_text("options", json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value)
        if key in PLATFORM_OPTIONS:
            continue
        if schema and key not in schema:
            raise BadRequest(f"{rules.title} has no option {key[:40]!r}; its options are {', '.join(schema)}.")
        if key in schema and not _same_kind(value, schema[key].get("default")):
            kind = type(schema[key]["default"]).__name__
            raise BadRequest(f"The option {key!r} must be a {dict(bool='true/false', int='whole number', float='number', str='text', list='list', dict='object').get(kind, kind)}.")
    return dict(options)


def create_game(rules_id: str, players: Any, options: Any, seed: str | None = None) -> dict:
    if rules_id not in available_titles():
        raise BadRequest(f"There is no game called {rules_id[:40]!r}; known: {', '.join(available_titles())}.")
    try:
        rules = get_rules(rules_id)
    except UnknownTitle:
        raise BadRequest(f"There is no game called {rules_id[:40]!r}.") from None
    if not isinstance(players, list):
        abort(400, description='"players" must be a list of {"name", "email"} objects.')
    for p in players:
        if not isinstance(p, dict):
            abort(400, description='"players" must be a list of {"name", "email"} objects.')
        if not isinstance(p.get("name"), str) or not isinstance(p.get("email", ""), str):
            abort(400, description='Each player needs a "name" (text) and may have an "email" (text).')
        check_text("name", p["name"])
        check_text("email", p.get("email", ""))
    options = check_options(rules, options)
    try:
        return get_service().create_game(rules_id, players, options, seed=seed)
    except (BadRequest, IllegalAction):
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        log.info("game creation refused: %s: %s", type(exc).__name__, exc)
        raise BadRequest(f"These options are not valid for {rules.title} ({type(exc).__name__}).") from None
