"""Creating games from the API and the lobby. The options are checked by the title's own declaration
(`Rules.check_options`, in `GameService.create_game`, the same check as the CLI's), so a wrong option is
a clear 422 with the same sentence everywhere and never a crash inside the rules' setup."""
from __future__ import annotations

import json
import logging
from typing import Any

from flask import abort, has_request_context, request

import locales
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


def game_name_option(options: dict, name: Any) -> dict:
    """The game's name (API `name`, the form's field) joins the options as `options["name"]`, which the
    platform reads and the rules never see (domain.game.PLATFORM_OPTIONS); blank: the default name."""
    if name is None:
        return options
    if not isinstance(name, str):
        abort(400, description=_('"name" must be text: the name of the game.'))
    check_text("name", name)
    return {**options, "name": name.strip()} if name.strip() else options


def table_language_option(options: dict, language: Any) -> dict:
    """The table's language (API `language`, the form's field, or `options.language`) joins the options as
    `options["language"]`, which the platform reads (domain.game.PLATFORM_OPTIONS): one of the languages
    with a catalog, else 400 naming them. None: no table language (each reader's own applies)."""
    language = options.get("language") if language is None else language
    if language is None or language == "":
        return {k: v for k, v in options.items() if k != "language"}
    code = locales.supported(language)
    if code is None:
        abort(400, description=_('"language" must be one of %(choices)s.', choices=", ".join(locales.LANGUAGES)))
    return {**options, "language": code}


def form_language() -> str | None:
    """The /new form's table language (its select "table_language"), when the request is that form."""
    if has_request_context() and request.method == "POST" and request.mimetype in (
            "application/x-www-form-urlencoded", "multipart/form-data"):
        return request.form.get("table_language") or None
    return None


def create_game(rules_id: str, players: Any, options: Any, seed: str | None = None, name: Any = None,
                language: Any = None) -> dict:
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
    options = game_name_option(check_options(rules, options), name)
    options = table_language_option(options, language if language is not None else form_language())
    try:
        return get_service().create_game(rules_id, players, options, seed=seed)
    except (BadRequest, IllegalAction):
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        log.info("game creation refused: %s: %s", type(exc).__name__, exc)
        raise BadRequest(_("These options are not valid for %(title)s (%(error)s).",
                           title=rules.title, error=type(exc).__name__)) from None


# ------------------------------------------------------------------------------- the /new form's controls
# Each option becomes a control from its typed declaration (domain.toolkit.options): a choice a list to
# pick from, a yes/no a list of two, a whole number a number field with its range, text a text field, JSON
# a text area (only advanced options are JSON). The fields keep the names the form has always posted
# (`opt_NAME`, `clock_NAME`), so `lobby._form_options` reads them as before.

def plain(identifier: Any) -> str:
    """An option's id or value as a label ("granary_famine_direction" -> "Granary famine direction")."""
    text = str(identifier).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _yes_no() -> list[tuple[str, str]]:
    return [("true", _("yes")), ("false", _("no"))]


def option_fields(schema: dict[str, dict], raw: dict) -> list[dict]:
    """The title's options as form controls: [{"name", "field", "label", "control", "choices", "value",
    "min", "max", "help", "default", "advanced"}]; `raw` holds what the form sent (shown again after a refusal)."""
    fields = []
    for name, spec in schema.items():
        kind, default = spec.get("type"), spec.get("default")
        field = {"name": name, "field": f"opt_{name}", "label": spec.get("label") or plain(name),
                 "help": spec.get("help", ""),
                 "advanced": bool(spec.get("advanced")) or kind == "json", "choices": [], "min": None, "max": None}
        if kind == "bool":
            field.update(control="select", choices=_yes_no(), value=raw.get(name, "true" if default else "false"),
                         default=_("yes") if default else _("no"))
        elif kind == "choice":
            words = dict(zip(spec.get("choices", []), spec.get("choice_labels") or spec.get("choices", [])))
            if not spec.get("choice_labels"):
                words = {c: plain(c) for c in words}
            field.update(control="select", choices=list(words.items()), value=raw.get(name, default),
                         default=words.get(default, plain(default)))
        elif kind == "int":
            field.update(control="number", value=raw.get(name, default), default=str(default),
                         min=spec.get("min"), max=spec.get("max"))
        elif kind == "text":
            field.update(control="text", value=raw.get(name, default), default=default or _("(empty)"))
        else:
            shown = json.dumps(default, ensure_ascii=False)
            field.update(control="textarea", value=raw.get(name, shown), default=shown)
        fields.append(field)
    return fields


def clock_fields(raw: dict) -> list[dict]:
    """The platform's deadline settings as form controls (the same shape as `option_fields`)."""
    from domain.clock import DEFAULTS, HELP

    labels = {
        "mode": _("Deadlines"), "per_decision_hours": _("Hours for each decision"),
        "initial_hours": _("Time bank at the start (hours)"), "increment_hours": _("Hours added after each decision"),
        "cap_hours": _("Largest time bank (hours)"), "weekend_pause": _("Weekends do not count"),
        "reminders": _("Reminders before a deadline"), "late_notice": _("When the table is told who it waits for"),
        "vacation_days": _("Vacation days for each player"), "on_timeout": _("When a deadline is missed"),
        "replace_after_missed": _("Missed deadlines before a seat is offered to a new player"),
        "timezone": _("Time zone"),
    }
    choices = {
        "mode": [("none", _("None: the game waits for every decision")),
                 ("deadline", _("A fixed time for each decision")),
                 ("fischer", _("A time bank for each player (Fischer clock)"))],
        "on_timeout": [("default", _("Play the default choice")), ("pause", _("Pause the game")),
                       ("bot", _("Let the bot play"))],
    }
    advanced = {"reminders", "late_notice", "replace_after_missed"}
    fields = []
    for name, default in DEFAULTS.items():
        key = f"clock_{name}"
        field = {"name": name, "field": key, "label": labels.get(name, plain(name)), "help": HELP.get(name, ""),
                 "advanced": name in advanced, "choices": [], "min": None, "max": None}
        if name in choices:
            shown = dict(choices[name]).get(default, default)
            field.update(control="select", choices=choices[name], value=raw.get(key, default), default=shown)
        elif isinstance(default, bool):
            field.update(control="select", choices=_yes_no(), value=raw.get(key, "true" if default else "false"),
                         default=_("yes") if default else _("no"))
        elif isinstance(default, (int, float)):
            field.update(control="number", value=raw.get(key, default), default=str(default), min=0)
        elif isinstance(default, str):
            field.update(control="text", value=raw.get(key, default), default=default)
        else:
            shown = json.dumps(default, ensure_ascii=False)
            field.update(control="text", value=raw.get(key, shown), default=shown)
        fields.append(field)
    return fields


def option_help_available() -> bool:
    """Whether the rules help's `_option_help.html` (a "rule" link per option) is installed."""
    from jinja2 import TemplateNotFound
    from flask import current_app

    try:
        current_app.jinja_env.get_template("_option_help.html")
    except TemplateNotFound:
        return False
    return True
