"""`/games/<id>/history`: every event narrated for the viewer, and `?at=SEQ` for the board as it was
right after that event, seen from the viewer's seat. Once a game is over the narration is unredacted."""
from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request

from service import views
from service.web import game_history, get_service, load_game
from service.web.auth import viewer_for
from service.web.games import page_caller

bp = Blueprint("history", __name__)


@bp.get("/games/<game_id>/history")
def page(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    viewer = viewer_for(game, caller, request.args.get("seat") or None)
    entries = game_history(game.id, viewer)
    at = request.args.get("at")
    at_view = None
    if at is not None:
        try:
            seq = int(at)
        except ValueError:
            abort(404, description="There is no such event in this game.")
        if not 1 <= seq <= game.version:
            abort(404, description=f"There is no event {seq} in this game; it has {game.version}.")
        at_view = svc.view(game.id, viewer, seq)
        at = seq
    seat = viewer if viewer in game.seat_ids else None
    html = render_template("history.html", game=game, entries=entries, at=at, at_view=at_view, seat=seat,
                           names={s["seat"]: s["name"] for s in game.seats}, over=views.is_over(game),
                           switchable=caller.seats_in(game.id) or (game.seat_ids if caller.operator else []))
    return Response(html, headers={"Cache-Control": "no-store"})
