"""Mail hooks (registered by create_app when present, CSRF-exempt):

* `POST /hooks/mail` — inbound e-mail from a provider's webhook: the raw MIME message as the request
  body, or in a form field `message` (also `email`, `body-mime`); the envelope recipient may come in
  `recipient`/`to`. If TABULARIUM_INBOUND_WEBHOOK_SECRET is set, the request must carry it
  (`?key=…`, the `X-Tabularium-Webhook-Key` header, or as the HTTP basic-auth password).
  Answers 200 with the outcome for anything handled or dropped (so the provider does not retry junk)
  and 503 when the database is unavailable (so it does).
* `GET|POST /u/<token>` — List-Unsubscribe target. A POST with `List-Unsubscribe=One-Click` (RFC 8058)
  turns e-mail off for that game and seat without login, cookie or redirect; the GET page offers
  every / digest / none.
* `GET|POST /go/<signed>` — the sign-in link in every e-mail: GET shows a button (mail scanners
  prefetch GETs), POST signs this browser in as that seat and goes to the game page. Though the
  blueprint is CSRF-exempt, that POST checks the page's CSRF token itself (400 without it).
"""
from __future__ import annotations

import hmac
import logging
import os

from flask import Blueprint, Response, current_app, redirect, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from werkzeug.exceptions import RequestEntityTooLarge

from domain.i18n import _
from domain.rules import seat_name
from service import broker
from service.web.i18n import read_as, tr, tr_html

log = logging.getLogger("tabularium.mailhooks")

bp = Blueprint("mailhooks", __name__)
# Rate-limit kinds (service.web.DEFAULT_LIMITS); the inbound webhook is left to its secret.
LIMITED_ENDPOINTS = {"signin": "login", "unsubscribe": "unsubscribe"}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title}</title></head><body style="font-family: Georgia, serif; max-width: 36em; margin: 2em auto; padding: 0 1em">
<h1 style="font-size:1.4em">{title}</h1>{body}</body></html>"""


def _service():
    return current_app.extensions["tabularium.service"]


def _page(title: str, body: str, status: int = 200) -> Response:
    """A small page: `title` a message (rendered and escaped here), `body` HTML."""
    return Response(PAGE.format(title=escape(tr(title)), body=body), status=status, mimetype="text/html")


def _para(message: str) -> Markup:
    """One paragraph of a page: a message in the reader's language, its parameters escaped."""
    return Markup("<p>{}</p>").format(tr_html(message))


def _strong(text: str) -> Markup:
    return Markup("<strong>{}</strong>").format(text)


@bp.record_once
def _install(state) -> None:
    """Production web processes enqueue the pump after each committed save (embedded: `serve` does it)."""
    svc = state.app.extensions.get("tabularium.service")
    if state.app.config.get("TESTING"):
        return  # test apps with production settings must not publish to a broker nobody consumes
    if svc is not None and not svc.settings.embedded:
        broker.install(svc)


# ------------------------------------------------------------------------------------ inbound webhook

def _authorised() -> bool:
    settings = current_app.extensions.get("tabularium.settings")
    secret = os.environ.get("TABULARIUM_INBOUND_WEBHOOK_SECRET") or getattr(settings, "inbound_webhook_secret", None)
    if not secret:  # only the embedded mode may run without it (Settings.check requires it in production)
        return bool(getattr(settings, "embedded", False))
    offered = request.args.get("key") or request.headers.get("X-Tabularium-Webhook-Key") or \
        (request.authorization.password if request.authorization else None) or ""
    return hmac.compare_digest(offered.encode(), secret.encode())


# A form can encode a message in up to twice its size; the message itself is capped by inbound.MAX_BYTES.
WEBHOOK_MAX_BYTES = 2 * 1_000_000 + 64 * 1024


def _inbound_message() -> tuple[bytes | None, list[str]]:
    """The raw message and envelope recipients, under this route's own size limits (larger than the
    app's, which are sized for forms); raises RequestEntityTooLarge beyond them."""
    from notifications.inbound import MAX_BYTES

    request.max_content_length = request.max_form_memory_size = WEBHOOK_MAX_BYTES
    if request.mimetype not in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return request.get_data(cache=False), []
    raw = None
    for name in ("message", "email", "body-mime"):
        if request.form.get(name):
            raw = request.form[name].encode("utf-8", "surrogateescape")
            break
        if name in request.files:
            raw = request.files[name].read(MAX_BYTES + 1)  # one byte more: inbound sees it is too big
            break
    return raw, [v for k in ("recipient", "to", "envelope") for v in request.form.getlist(k)]


@bp.post("/hooks/mail")
def inbound_mail():
    from notifications.inbound import handle

    if not _authorised():
        return {"error": tr(_("This webhook needs its key."))}, 403
    try:
        raw, recipients = _inbound_message()
    except RequestEntityTooLarge:  # a permanent drop: a 413 would only make the provider retry it
        log.warning("mailhooks: inbound message over %d bytes dropped", WEBHOOK_MAX_BYTES)
        return {"outcome": "dropped:size"}, 200
    if not raw:
        return {"error": tr(_('Send the raw message as the body, or in a form field "message".'))}, 400
    try:
        result = handle(_service(), raw, recipients)
    except Exception:  # noqa: BLE001 — the store is unavailable: the provider should retry later
        log.exception("mailhooks: inbound failed")
        return {"error": tr(_("Temporarily unavailable; try again later."))}, 503
    if result.rows:
        broker.deliver_soon(_service(), result.rows)
    return {"outcome": result.outcome}, 200


# ------------------------------------------------------------------------------------ unsubscribe

@bp.route("/u/<token>", methods=["GET", "POST"])
def unsubscribe(token: str):
    from notifications import tokens
    from notifications.preferences import PREFERENCES, get_preference, set_preference

    svc = _service()
    scope = tokens.lookup(svc, token) if len(token) <= 64 else None
    if scope is None or scope["purpose"] != tokens.UNSUB:
        return _page(_("Unknown link"), _para(_("This unsubscribe link is not valid.")), 404)
    gid, seat = scope["game_id"], scope["seat"]
    read_as(svc.get(gid), seat)  # the page in the seat's language
    if request.method == "POST":
        one_click = request.form.get("List-Unsubscribe") == "One-Click"
        wanted = "none" if one_click else request.form.get("preference", "none")
        if wanted not in PREFERENCES:
            return _page(_("Unknown choice"), _para(_("Choose every, digest or none.")), 400)
        set_preference(svc, gid, seat, wanted, by="unsubscribe-link" if one_click else "seat")
        if one_click:
            return Response(tr(_("Unsubscribed.")) + "\n", 200, mimetype="text/plain")
    current = get_preference(svc, gid, seat)
    labels = {"every": _("Every e-mail"), "digest": _("One digest a day"), "none": _("No e-mail")}
    buttons = Markup("").join(
        Markup('<p><button name="preference" value="{}"{}>{}</button></p>').format(
            p, Markup(" disabled") if p == current else "", tr(labels[p]))
        for p in PREFERENCES)
    body = _para(_("E-mail for seat %(seat)s in game %(game)s: now %(choice)s.",
                   seat=_strong(tr(seat_name(seat))), game=gid[:8], choice=_strong(tr(labels[current]))))
    return _page(_("E-mail preferences"), body + Markup("<form method=post>{}</form>").format(buttons))


# ------------------------------------------------------------------------------------ sign-in link

def _csrf_ok() -> bool:
    """The sign-in POST carries the CSRF token of the page its GET showed (bound to this browser's
    session): a cross-site form cannot log a victim's browser into the attacker's seat (login CSRF)."""
    from flask_wtf.csrf import ValidationError, validate_csrf

    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return True
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError:
        return False
    return True


@bp.route("/go/<signed>", methods=["GET", "POST"])
def signin(signed: str):
    from notifications import tokens
    from service.games import GameNotFound

    svc = _service()
    if request.method == "POST" and not _csrf_ok():  # this blueprint is CSRF-exempt (one-click unsubscribe)
        return _page(_("Form expired"), _para(_("This sign-in form has expired or did not come from this site. "
                                                "Open the link in your e-mail again and press Continue.")), 400)
    data = tokens.read_signin(svc.settings, signed) if len(signed) <= 500 else None
    if data is None:
        return _page(_("Link expired"), _para(_("This link is not valid any more. Use the link in your newest "
                                                "e-mail from the game.")), 410)
    try:
        game = svc.get(data["g"])
    except GameNotFound:
        return _page(_("No such game"), _para(_("This game does not exist.")), 404)
    if data["s"] not in game.seat_ids or tokens.fingerprint(game, data["s"]) != data["f"]:
        return _page(_("Link replaced"), _para(_("This seat's link was replaced. Use the link in your newest "
                                                 "e-mail from the game.")), 410)
    seat = data["s"]
    read_as(game, seat)  # the page in the seat's language
    if request.method == "GET":
        body = _para(_("Continue as %(seat)s in %(title)s (game %(game)s)?", seat=_strong(tr(seat_name(seat))),
                       title=game.rules.title, game=str(game.id)[:8]))
        body += Markup('<form method=post><input type="hidden" name="csrf_token" value="{}">'
                       "<button>{}</button></form>").format(generate_csrf(), tr(_("Continue")))
        response = _page(_("Sign in"), body)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response
    try:
        from service.web.auth import remember_seat
    except ImportError:  # the web layer changed: fall back to a fresh seat link
        token = svc.rotate_token(game.id, seat)
        return redirect(f"/play/{token}", code=303)
    remember_seat(str(game.id), seat, game.token_hashes[seat])
    return redirect(f"/games/{game.id}", code=303)
