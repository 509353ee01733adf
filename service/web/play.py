"""Magic links: `/play/<token>` shows a confirm button on GET (mail scanners prefetch GETs) and logs
the browser in on POST (CSRF-protected), then remembers the seat in the session cookie."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from domain.i18n import _
from service.games import GameNotFound, token_hash
from service.web import get_service, get_settings
from service.web import magic as magic_links
from service.web.auth import forget_all, remember_operator, remember_seat
from service.web.i18n import read_as

bp = Blueprint("play", __name__)


def resolve(token: str) -> dict:
    """{"kind": "seat"|"operator", "game", "seat", "hash", "signed": data|None}; aborts for a bad link."""
    if len(token) > 1000:
        abort(404, description=_("This link is not valid."))
    svc = get_service()
    if magic_links.is_signed(token):
        settings = get_settings()
        try:
            data = magic_links.read_magic_token(settings.secret_keys, token, _max_age())
        except magic_links.LinkRefused as refused:
            abort(refused.status, description=refused.reason)
        try:
            game = svc.get(data["g"])
        except GameNotFound:
            abort(404, description=_("This link is not valid."))
        hashed = game.token_hashes.get(data["s"])
        if not hashed or hashed[:16] != data["f"]:
            abort(410, description=_("This link was replaced by a newer one."))
        return {"kind": "seat", "game": game, "seat": data["s"], "hash": hashed, "signed": data}
    owner = svc.authenticate(token)
    if owner is None:
        abort(404, description=_("This link is not valid: it may have been replaced by a newer one. "
                                 "Use the link in your most recent e-mail."))
    if owner == ("*", "operator"):
        return {"kind": "operator", "game": None, "seat": None, "hash": None, "signed": None}
    game = svc.get(owner[0])
    return {"kind": "seat", "game": game, "seat": owner[1], "hash": token_hash(token), "signed": None}


def _max_age() -> int:
    return int(current_app.config["TABULARIUM_MAGIC_MAX_AGE"])


@bp.route("/play/<path:token>", methods=["GET", "POST"])
def magic(token: str):
    link = resolve(token)
    if link["game"] is not None:
        read_as(link["game"], link["seat"])  # the confirmation in the seat's language
    if request.method == "GET":
        response = render_template("confirm.html", link=link,
                                   player=link["game"].seat_info(link["seat"]) if link["game"] else None)
        return response, 200, {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    if link["kind"] == "operator":
        remember_operator(token)
        return redirect(url_for("lobby.index"), 303)
    if link["signed"] is not None:
        if not magic_links.consume_nonce(get_service().store.db, link["signed"], get_service().now()):
            abort(410, description=_("This link has already been used. Use your newest e-mail, "
                                     "or your personal link."))
    game = link["game"]
    remember_seat(str(game.id), link["seat"], link["hash"])
    return redirect(url_for("games.page", game_id=str(game.id), seat=link["seat"]), 303)


@bp.post("/logout")
def logout():
    forget_all()
    return redirect(url_for("lobby.index"), 303)
