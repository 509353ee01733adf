"""/api/openapi.json, generated from the code: the API blueprint's routes (url map) and the YAML in each
view's docstring, with the shared schemas below, assembled by apispec."""
from __future__ import annotations

import re

from apispec import APISpec
from apispec.yaml_utils import load_yaml_from_docstring
from flask import current_app

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}
CHOICE = {"type": "object", "required": ["id", "label"],
          "properties": {"id": {"type": "string"}, "label": {"type": "string"}}}
OPTION = {"type": "object", "required": ["value", "label"],
          "properties": {"value": {"type": "string"}, "label": {"type": "string"}}}
CELL = {"type": "object", "description": "an `each` value or a `rows` column: a `one` or a `number` field",
        "required": ["name", "kind", "label"],
        "properties": {"name": {"type": "string"}, "kind": {"type": "string", "enum": ["one", "number"]},
                       "label": {"type": "string"}, "options": {"type": "array", "items": OPTION},
                       "min": {"type": "integer"}, "max": {"type": "integer"}}}
FIELD = {"type": "object", "required": ["name", "kind", "label"],
         "description": "one: `options`; some: `options`, `min`, `max` (how many); number: `min`, `max`; "
                        "each: `items` and `value` (a cell); rows: `columns` (cells), `min_rows`, `max_rows`",
         "properties": {"name": {"type": "string"},
                        "kind": {"type": "string", "enum": ["one", "some", "number", "each", "rows"]},
                        "label": {"type": "string"}, "options": {"type": "array", "items": OPTION},
                        "min": {"type": "integer"}, "max": {"type": "integer"},
                        "items": {"type": "array", "items": OPTION}, "value": CELL,
                        "columns": {"type": "array", "items": CELL},
                        "min_rows": {"type": "integer"}, "max_rows": {"type": "integer"}}}
FORM = {"type": "object", "nullable": True, "required": ["fields"],
        "description": "a decision with a few fields (then `choices` is empty); answer with `choice` = the "
                       "canonical answer, a JSON object {field name: value} as a string (docs/api.md)",
        "properties": {"fields": {"type": "array", "items": FIELD},
                       "default": {"type": "string", "nullable": True,
                                   "description": "the canonical answer a timeout plays"}}}
PROMPT = {"type": "object", "nullable": True, "required": ["id", "kind", "text", "secret", "choices"],
          "properties": {"id": {"type": "string", "description": "send it back as prompt_id"},
                         "kind": {"type": "string"}, "text": {"type": "string"}, "secret": {"type": "boolean"},
                         "choices": {"type": "array", "items": CHOICE}, "form": FORM,
                         "deadline": {"type": "string", "nullable": True}}}
PLAYER = {"type": "object", "required": ["seat", "name"],
          "properties": {"seat": {"type": "string"}, "name": {"type": "string"}}}
GAME = {"type": "object", "required": ["id", "rules", "status", "version", "chain_head"],
        "properties": {"id": {"type": "string", "format": "uuid"}, "rules": {"type": "string"},
                       "title": {"type": "string"}, "rules_version": {"type": "string"},
                       "name": {"type": "string", "description": "the game's name (given at creation, else "
                                                                 "\"Sylla, game 7dd66c3b\")"},
                       "status": {"type": "string", "enum": ["active", "paused", "finished", "abandoned"]},
                       "version": {"type": "integer"}, "chain_head": {"type": "string"},
                       "seed_commitment": {"type": "string"}, "options": {"type": "object"},
                       "players": {"type": "array", "items": PLAYER},
                       "created_at": {"type": "string"}, "updated_at": {"type": "string"}}}
OUTCOME = {"type": "object", "nullable": True,
           "properties": {"scores": {"type": "object", "additionalProperties": {"type": "number"}},
                          "winners": {"type": "array", "items": {"type": "string"}},
                          "details": {"type": "object"}}}

STANDING_ORDER = {"type": "object", "required": ["id", "kind", "choice", "label"],
                  "properties": {"id": {"type": "integer", "description": "its number: DELETE .../standing-orders/{id}"},
                                 "kind": {"type": "string", "description": "the kind of prompt it answers"},
                                 "choice": {"type": "string", "description": "the choice id it makes when offered"},
                                 "label": {"type": "string"}}}

SEAT_SETTINGS = {
    "type": "object", "required": ["seat", "email_preference", "vacation", "language"],
    "properties": {
        "seat": {"type": "string"},
        "email_preference": {"type": "string", "enum": ["every", "digest", "none"]},
        "language": {"type": "string", "enum": ["en", "el", "hu"],
                     "description": "the language of the seat's pages and e-mails: its own, else the table's"},
        "timezone": {"type": "string", "nullable": True,
                     "description": "the seat's own IANA time zone for the times it reads; null: the game's"},
        "game_timezone": {"type": "string", "description": "the game's time zone (the clock's timezone)"},
        "vacation": {"type": "object", "required": ["on", "until", "days_left"], "properties": {
            "on": {"type": "boolean", "description": "the seat is on vacation (its clock is stopped)"},
            "until": {"type": "string", "nullable": True, "description": "when the vacation ends (ISO 8601 UTC)"},
            "days_left": {"type": "number",
                          "description": "vacation days the seat may still take (0 without deadlines)"}}}}}

WEBHOOK = {"type": "object", "required": ["seat", "url", "set"],
           "properties": {"seat": {"type": "string"},
                          "url": {"type": "string", "nullable": True,
                                  "description": "masked: the host and the last four characters"},
                          "set": {"type": "boolean"}}}

SCHEMAS = {
    "Error": ERROR,
    "SeatSettings": SEAT_SETTINGS,
    "Webhook": WEBHOOK,
    "NewGame": {"type": "object", "required": ["rules", "players"],
                "properties": {
                    "rules": {"type": "string", "description": "a title id, see /api/titles", "example": "sylla"},
                    "players": {"type": "array", "minItems": 1, "maxItems": 6, "items": {
                        "type": "object", "required": ["name"],
                        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 60,
                                                "pattern": "\\S"},
                                       "email": {"type": "string", "maxLength": 254}}}},
                    "options": {"type": "object", "description": "see /api/titles for each title's options"},
                    "seed": {"type": "string", "description": "operator only: 32-128 hex digits"},
                    "name": {"type": "string", "maxLength": 80, "pattern": "\\S", "example": "Friday table",
                             "description": "the game's name, optional (default: the title and the start of "
                                            "its id, \"Sylla, game 7dd66c3b\"); stored as options.name"},
                    "language": {"type": "string", "enum": ["en", "el", "hu"], "example": "el",
                                 "description": "the table's language, optional: the default language of the "
                                                "players' pages and e-mails (each player may choose their own); "
                                                "stored as options.language"}}},
    "Created": {"type": "object", "required": ["id", "seats"],
                "properties": {"id": {"type": "string", "format": "uuid"}, "url": {"type": "string"},
                               "seats": {"type": "array", "items": {
                                   "type": "object", "required": ["seat", "name"],
                                   "properties": {"seat": {"type": "string"}, "name": {"type": "string"},
                                                  "token": {"type": "string"}, "url": {"type": "string"}}}}}},
    "GameRow": {"type": "object", "required": ["id", "rules", "status"],
                "properties": {"id": {"type": "string"}, "rules": {"type": "string"}, "status": {"type": "string"},
                               "created_at": {"type": "string"}, "updated_at": {"type": "string"},
                               "length": {"type": "integer"}, "head": {"type": "string"},
                               "players": {"type": "array", "items": PLAYER},
                               "waiting_for": {"type": "array", "items": {"type": "string"}},
                               "your_seats": {"type": "array", "items": {"type": "string"}}}},
    "Summary": {"allOf": [GAME, {"type": "object", "required": ["waiting_for", "deadlines"], "properties": {
        "waiting_for": {"type": "array", "items": {"type": "string"}},
        "deadlines": {"type": "object"}, "outcome": OUTCOME}}]},
    "View": {"type": "object", "required": ["game", "you", "state", "prompt", "waiting_for", "outcome"],
             "properties": {"game": GAME,
                            "you": {"type": "object", "properties": {
                                "seat": {"type": "string", "nullable": True},
                                "can_undo": {"type": "boolean", "description": "POST .../undo would be accepted now"},
                                "sealed_choice": {"type": "string"},
                                "standing_orders": {"type": "array", "items": STANDING_ORDER,
                                                    "description": "your own standing orders (nobody else sees them)"}}},
                            "state": {"type": "object", "description": "the rules' view, per title"},
                            "prompt": PROMPT,
                            "waiting_for": {"type": "array", "items": {"type": "string"}},
                            "deadlines": {"type": "object"}, "outcome": OUTCOME,
                            "as_of": {"type": "integer"}}},
    "Action": {"type": "object", "required": ["prompt_id", "choice"],
               "properties": {"prompt_id": {"type": "string", "maxLength": 200},
                              "choice": {"type": "string", "maxLength": 4000,
                                         "description": "a choice id, or for a prompt with a form its answer: "
                                                        "the JSON object {field name: value} as a string, e.g. "
                                                        "'{\"characters\":[\"sen-p\",\"mer-c\"]}'"},
                              "idempotency_key": {"type": "string", "maxLength": 150},
                              "seat": {"type": "string", "description": "operator only"},
                              "standing": {"type": "boolean", "default": False,
                                           "description": "also make this choice whenever a prompt of the same "
                                                          "kind offers it again (the seat's own token only)"}}},
    "Version": {"type": "object", "required": ["version"], "properties": {"version": {"type": "integer"}}},
    "HistoryEntry": {"type": "object", "required": ["seq", "type", "at", "text", "hash"],
                     "properties": {"seq": {"type": "integer"}, "type": {"type": "string"},
                                    "at": {"type": "string"}, "seat": {"type": "string", "nullable": True},
                                    "text": {"type": "array", "items": {"type": "string"}},
                                    "hash": {"type": "string"}}},
    "Message": {"type": "object", "required": ["text"],
                "properties": {"to": {"oneOf": [{"type": "string", "enum": ["all"]},
                                                {"type": "array", "items": {"type": "string"}, "maxItems": 10}]},
                               "text": {"type": "string", "minLength": 1, "maxLength": 4000}}},
    "ShowCards": {"type": "object", "required": ["to"],
                  "properties": {"to": {"oneOf": [{"type": "string", "enum": ["all"]},
                                                  {"type": "array", "items": {"type": "string"}, "minItems": 1,
                                                   "maxItems": 10}]},
                                 "seat": {"type": "string"}}},
    "NewToken": {"type": "object", "required": ["seat", "token", "url"],
                 "properties": {"seat": {"type": "string"}, "token": {"type": "string"}, "url": {"type": "string"}}},
    "Audit": {"type": "object", "required": ["length", "head", "chain_valid", "replay_valid", "seed_commitment"],
              "properties": {"length": {"type": "integer"}, "head": {"type": "string"},
                             "chain_valid": {"type": "boolean"},
                             "replay_valid": {"type": "boolean", "nullable": True},
                             "seed_commitment": {"type": "string", "nullable": True},
                             "seed": {"type": "string", "nullable": True},
                             "randomness_valid": {"type": "boolean", "nullable": True},
                             "problems": {"type": "array", "items": {"type": "string"}}}},
    "Archive": {"type": "object", "required": ["format", "game_id", "length", "head", "events"],
                "properties": {"format": {"type": "string"}, "game_id": {"type": "string"},
                               "exported_at": {"type": "string"}, "rules": {"type": "string", "nullable": True},
                               "length": {"type": "integer"}, "head": {"type": "string"},
                               "events": {"type": "array", "items": {"type": "object"}},
                               "contacts": {"type": "object"}}},
    "Option": {"type": "object", "required": ["type", "default", "help", "advanced"],
               "properties": {"type": {"type": "string", "enum": ["choice", "bool", "int", "text", "json"]},
                              "default": {}, "help": {"type": "string"},
                              "advanced": {"type": "boolean", "description": "shown folded away on /new"},
                              "choices": {"type": "array", "items": {"type": "string"},
                                          "description": "type choice: the accepted values"},
                              "min": {"type": "integer"}, "max": {"type": "integer"},
                              "json": {"type": "string", "enum": ["object", "list"],
                                       "description": "type json: an object or a list"},
                              "nullable": {"type": "boolean", "description": "type json: null is accepted"}}},
    "Title": {"type": "object", "required": ["id", "title", "min_players", "max_players", "options"],
              "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                             "min_players": {"type": "integer"}, "max_players": {"type": "integer"},
                             "options": {"type": "object", "description": "the title's option declaration "
                                         "(domain/toolkit/options.py): one entry per option",
                                         "additionalProperties": {"$ref": "#/components/schemas/Option"}},
                             "platform_options": {"type": "object", "description": "options every title takes "
                                                  "(the clock), with each setting's default and meaning"}}},
}

PARAMETERS = {
    "game_id": {"name": "game_id", "in": "path", "required": True, "description": "the game's id (a UUID)",
                "schema": {"type": "string"}},
    "seat": {"name": "seat", "in": "query", "required": False, "schema": {"type": "string"},
             "description": "which of your seats to see as (a browser holding several seats, or the operator)"},
}

_CONVERTER = re.compile(r"<(?:[a-zA-Z_]+(?:\([^)]*\))?:)?([a-zA-Z_]+)>")


def openapi_path(rule: str) -> str:
    return _CONVERTER.sub(r"{\1}", rule)


def build_spec(app) -> dict:
    from service.web import get_settings

    spec = APISpec(title="Tabularium API", version="1", openapi_version="3.0.3",
                   info={"description": "Play-by-email games over HTTP: see docs/api.md. "
                                        "Authenticate with `Authorization: Bearer <seat or operator token>`."})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema)
    for name, param in PARAMETERS.items():
        spec.components.parameter(name, param["in"], {k: v for k, v in param.items() if k not in ("in",)})
    spec.components.response("Error", {"description": "A refusal, with a sentence saying why",
                                       "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    paths: dict[str, dict] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.rule.startswith("/api/") or rule.endpoint == "static":
            continue
        view = app.view_functions[rule.endpoint]
        doc = load_yaml_from_docstring(_original(view).__doc__ or "") or {}
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            operation = with_error_responses(dict(doc))
            operation.setdefault("operationId", rule.endpoint.split(".", 1)[1])
            paths.setdefault(openapi_path(rule.rule), {})[method.lower()] = operation
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    data = spec.to_dict()
    from service.web.creation import available_titles

    data["components"]["schemas"]["NewGame"]["properties"]["rules"]["enum"] = available_titles()
    # each title's options as a JSON Schema, from its declaration (the same one that validates them)
    from domain.rules import get_rules

    refs = []
    for rid in available_titles():
        declared = getattr(get_rules(rid), "options", None)
        if declared is not None:
            name = f"Options_{rid}"
            data["components"]["schemas"][name] = declared.json_schema(extra=("clock", "notifications", "name"))
            refs.append({"$ref": f"#/components/schemas/{name}"})
    if refs:
        data["components"]["schemas"]["NewGame"]["properties"]["options"]["anyOf"] = refs
    data["servers"] = [{"url": get_settings().base_url}]
    return data


def with_error_responses(operation: dict) -> dict:
    """`errors: [400, 401, ...]` in a route's YAML stands for those statuses answered with the shared
    Error response (a sentence), so each docstring lists only what is particular to it."""
    codes = operation.pop("errors", [])
    refs = {str(code): {"$ref": "#/components/responses/Error"} for code in codes}
    return {**operation, "responses": {**operation.get("responses", {}), **refs}}


def _original(view):
    while hasattr(view, "__wrapped__"):
        view = view.__wrapped__
    return view


def spec_for() -> dict:
    cached = current_app.extensions.get("tabularium.openapi")
    if cached is None:
        cached = current_app.extensions["tabularium.openapi"] = build_spec(current_app)
    return cached
