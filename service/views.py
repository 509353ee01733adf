"""Per-viewer projections of a game: the API view object, the summary and the history.

Everything a seat receives is built here from the rules' own `view` and `describe`, so hidden
information is filtered in one place. `viewer` is a seat id, None for a spectator, or REFEREE ("*")
for the unredacted record (the operator, and everyone once a game is over).
"""
from __future__ import annotations

from typing import Any

from domain.game import ACTIVE, FINISHED, Game
# Visibility and narration live below the service and notifications both; read here too (re-exported).
from domain.narration import PRIVATE_TO_SEAT, HistoryBuilder, history_json, may_see_event, may_see_message  # noqa: F401
from domain.rules import REFEREE, Prompt  # noqa: F401  (REFEREE, "*": one constant for the platform and the titles)


def prompt_json(prompt: Prompt | None, deadline: str | None = None) -> dict | None:
    if prompt is None:
        return None
    return {"id": prompt.id, "kind": prompt.kind, "text": prompt.text, "secret": prompt.secret,
            "choices": [{"id": c.id, "label": c.label} for c in prompt.choices],
            "form": prompt.form.to_json() if prompt.form is not None else None, "deadline": deadline}


def game_json(game: Game) -> dict:
    rules = game.rules
    return {"id": str(game.id), "rules": game.rules_id, "title": rules.title, "name": game.name,
            "rules_version": game.rules_version,
            "status": game.status, "version": game.version, "chain_head": game.head,
            "seed_commitment": game.seed_commitment, "options": game.options,
            "players": [{"seat": s["seat"], "name": s["name"]} for s in game.seats],
            "created_at": game.created_at, "updated_at": game.updated_at}


def view_json(game: Game, viewer: str | None, deadlines: dict | None = None) -> dict:
    """The API's view object (ARCHITECTURE.md section 4) for one viewer."""
    deadlines = deadlines or {}
    seat = viewer if viewer in game.seat_ids else None
    rules_viewer = viewer if viewer == REFEREE or seat else None
    if game.status == FINISHED and rules_viewer is None:
        rules_viewer = REFEREE
    prompt = game.prompt_for(seat) if seat else None
    you: dict[str, Any] = {"seat": seat, "can_undo": bool(seat) and game.undo_problem(seat) is None,
                           "standing_orders": standing_orders_json(game, seat) if seat else []}
    if seat and seat in game.sealed:
        sealed = game.sealed[seat]
        you["sealed_choice"] = sealed["choice"]
    return {"game": game_json(game), "you": you,
            "state": game.rules.view(game.state, rules_viewer),
            "prompt": prompt_json(prompt, deadlines.get(seat)),
            "waiting_for": game.waiting_for(),
            "deadlines": {s: deadlines.get(s) for s in game.waiting_for()},
            "outcome": game.outcome}


def summary_json(game: Game, deadlines: dict | None = None) -> dict:
    deadlines = deadlines or {}
    return {**game_json(game), "waiting_for": game.waiting_for(),
            "deadlines": {s: deadlines.get(s) for s in game.waiting_for()}, "outcome": game.outcome}


def standing_orders_json(game: Game, seat: str) -> list[dict]:
    return [{"id": o["id"], "kind": o["kind"], "choice": o["choice"], "label": o["label"]}
            for o in game.standing.get(seat, [])]


def is_over(game: Game) -> bool:
    return game.status not in (ACTIVE, "paused")
