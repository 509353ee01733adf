"""`/games/<id>/audit`: public. The chain head and length, the seed commitment, after the end the seed
and a check of every draw, and how to verify the exported archive offline."""
from __future__ import annotations

from flask import Blueprint, render_template

from service import views
from service.web import get_service, load_game
from service.web.auth import session_caller

bp = Blueprint("audit", __name__)


@bp.get("/games/<game_id>/audit")
def page(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    report = svc.audit(game.id).to_json()
    caller = session_caller(game)
    may_export = caller.operator or (bool(caller.seats_in(game.id)) and views.is_over(game))
    return render_template("audit.html", game=game, report=report, may_export=may_export,
                           member=bool(caller.seats_in(game.id)) or caller.operator, over=views.is_over(game))
