"""`/games/<id>/history`: every event narrated for the viewer, one page at a time, and `?at=SEQ` for the
board as it was right after that event, seen from the viewer's seat. Once a game is over the narration
is unredacted.

Pages: the newest `PAGE` events by default; `?before=SEQ` the page of events before SEQ (older),
`?after=SEQ` the page after it (newer); with `?at=SEQ` alone, the page around that event. The JSON API
(`GET /api/games/<id>/history`) pages the same way (`history_page`)."""
from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request

from domain.i18n import _
from service import views
from service.web import get_service, history_model, load_game
from service.web.i18n import current_language
from service.web.auth import viewer_for
from service.web.games import page_caller

bp = Blueprint("history", __name__)

PAGE = 100  # events per history page (a 10,000-message game once made a 3 MB page)


def cursor(name: str) -> int | None:
    """An optional event number from the query; 400 with a sentence when it is not one."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        abort(400, description=_('"%(name)s" must be an event number (a whole number, 0 or more).', name=name))
    return int(raw)


def history_page(entries: list[dict], before: int | None, after: int | None, limit: int,
                 around: int | None = None) -> tuple[list[dict], int | None, int | None]:
    """(the page, `before` for the older page or None, `after` for the newer page or None).
    Entries are in event order and so is the page; without a cursor, the newest page."""
    if before is not None and after is not None:
        abort(400, description=_('Give "before" or "after", not both.'))
    if before is not None:
        items = [e for e in entries if e["seq"] < before][-limit:]
    elif after is not None:
        items = [e for e in entries if e["seq"] > after][:limit]
    elif around is not None:
        at = next((i for i, e in enumerate(entries) if e["seq"] >= around), len(entries))
        start = max(0, min(at - limit // 2, len(entries) - limit))
        items = entries[start:start + limit]
    else:
        items = entries[-limit:]
    if not items:
        return [], (before if before is not None and entries and entries[0]["seq"] < before else None), None
    older = items[0]["seq"] if entries[0]["seq"] < items[0]["seq"] else None
    newer = items[-1]["seq"] if entries[-1]["seq"] > items[-1]["seq"] else None
    return items, older, newer


def page_of(game, viewer: str | None, before: int | None, after: int | None, limit: int,
            around: int | None = None) -> tuple[list[dict], int | None, int | None]:
    """One page of the viewer's narration from the read model (service.history_model): a bounded query,
    paged exactly as `history_page` pages the whole narration; its events are read again and checked."""
    if before is not None and after is not None:
        abort(400, description=_('Give "before" or "after", not both.'))
    return history_model().page(game, viewer, before, after, limit, around=around, language=current_language())


@bp.get("/games/<game_id>/history")
def page(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    viewer = viewer_for(game, caller, request.args.get("seat") or None)
    before, after = cursor("before"), cursor("after")
    at = request.args.get("at")
    at_view = None
    if at is not None:
        try:
            seq = int(at)
        except ValueError:
            abort(404, description=_("There is no such event in this game."))
        if not 1 <= seq <= game.version:
            abort(404, description=_("There is no event %(seq)d in this game; it has %(length)d.", seq=seq,
                                     length=game.version))
        at_view = svc.view(game.id, viewer, seq)
        at = seq
    entries, older, newer = page_of(game, viewer, before, after, PAGE, around=at)
    seat = viewer if viewer in game.seat_ids else None
    html = render_template("history.html", game=game, entries=entries, at=at, at_view=at_view, seat=seat,
                           names={s["seat"]: s["name"] for s in game.seats}, over=views.is_over(game),
                           older=older, newer=newer,
                           switchable=caller.seats_in(game.id) or (game.seat_ids if caller.operator else []))
    return Response(html, headers={"Cache-Control": "no-store"})
