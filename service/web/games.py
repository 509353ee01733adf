"""The game page `/games/<id>` and its forms: choose (optionally as a standing order), cancel a standing order,
take back a choice, post a message, replace your link."""
from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from domain import forms
from domain.errors import GameError
from domain.i18n import _
from domain.rules import IllegalAction, outcome_lines_for, seat_name, shown_cards_for
from service import views
from domain.clock import clock_of, describe_clock
from service.games import token_hash
from service.web import get_service, get_settings, history_model, load_game
from service.web.auth import Caller, remember_seat, session_caller, session_seat_guard, update_link, viewer_for
from service.web.errors import status_for
from service.web.i18n import current_language, tr
from service.web.validate import check_text

bp = Blueprint("games", __name__)

RECENT = 20
MESSAGES = 30
STANDING_FLASH = "standing"  # the category _standing.html shows after the redirect


def page_caller(game) -> Caller:
    caller = session_caller(game)
    if caller.anonymous:
        abort(401, description=_("Open the link you received by e-mail to see this game."))
    if not caller.seats_in(game.id) and not caller.operator:
        abort(403, description=_("This browser is not logged in to this game: open your link for it."))
    return caller


def form_text(name: str, limit: int, required: bool = True) -> str | None:
    value = request.form.get(name)
    if value is None or value == "":
        if required:
            abort(400, description=_("The form is missing its %(field)s: reload the page.", field=name.replace("_", " ")))
        return None
    if len(value) > limit:
        abort(422, description=_("The %(field)s is too long (at most %(limit)d characters).",
                                 field=name.replace("_", " "), limit=limit))
    check_text(name, value, multiline=(name == "text"))
    return value


def form_seat(game, caller: Caller) -> tuple[str, str]:
    seat = form_text("seat", 40)
    seats = caller.seats_in(game.id)
    if seat in seats:
        return seat, "seat"
    if caller.operator and seat in game.seat_ids:
        return seat, "operator"
    abort(403, description=_("This browser is not logged in as %(seat)s.", seat=seat))


def render_game(game, caller: Caller, viewer: str, error: str | None = None, status: int = 200,
                notice: str | None = None, filled=None):
    svc = get_service()
    view = views.view_json(game, viewer, svc.deadlines(game))
    model = history_model()  # bounded queries of the narration read model, never the whole history
    language = current_language()  # the narration in the reader's language
    messages = model.recent(game, viewer, True, MESSAGES, language)
    recent = model.recent(game, viewer, False, RECENT, language)
    last_move = model.last_move(game, viewer)  # "what happened while I was away"
    news = model.count_since(game, viewer, last_move) if last_move else 0
    my_seats = caller.seats_in(game.id)
    switchable = my_seats if not caller.operator else game.seat_ids
    names = {s["seat"]: s["name"] for s in game.seats}
    may_export = caller.operator or views.is_over(game)
    may_show = (view["you"]["seat"] in game.seat_ids and not views.is_over(game)
                and shown_cards_for(game.rules, game.state, view["you"]["seat"]) is not None)
    html = render_template("game.html", may_show=may_show, game=game, view=view, viewer=viewer, seat=view["you"]["seat"],
                           names=names, switchable=switchable, my_seats=my_seats, operator=caller.operator,
                           recent=recent, messages=messages, error=error, notice=notice, filled=filled,
                           picked=default_picks(view.get("prompt")),
                           last_move=last_move, news=news,
                           may_export=may_export, over=views.is_over(game),
                           outcome_lines=outcome_lines_for(game.rules, game.state, view["you"]["seat"]) if game.outcome else [],
                           clock_lines=describe_clock(clock_of(game.options)))
    return Response(html, status=status, headers={"Cache-Control": "no-store"})


def default_picks(prompt: dict | None) -> dict:
    """The radio buttons and per-item selects a prompt's form opens with: each one-of value in the form's default
    answer (what a missed deadline plays; else its first option), so that a vote with optional extras (an
    assassination, a standing vote) or a hand beyond its limit is one Confirm away instead of a tick in every
    group."""
    if not prompt or not prompt.get("form"):
        return {}
    form = forms.Form.from_json(prompt["form"])
    try:
        values = forms.values_of(form, forms.default_answer(form))
    except IllegalAction:  # a default the form itself refuses: open with nothing ticked
        return {}
    picks = {f"f.{f.name}": values[f.name] for f in form.fields if f.kind == "one"}
    for f in form.fields:  # each item's select too: a hand of six cards opens with the excess on "Discard"
        if f.kind == "each" and f.value.kind == "one":
            picks.update({f"f.{f.name}.{item}": v for item, v in values[f.name].items()})
    return picks


@bp.get("/games/<game_id>")
def page(game_id: str):
    game = load_game(game_id)
    caller = page_caller(game)
    viewer = viewer_for(game, caller, request.args.get("seat") or None)
    notice = _("Your game was created.") if request.args.get("created") else None
    return render_game(game, caller, viewer, notice=notice)


@bp.post("/games/<game_id>/choose")
def choose(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    seat, by = form_seat(game, caller)
    prompt_id = form_text("prompt_id", 200)
    key = form_text("key", 150, required=False)
    if request.form.get("answer_form"):  # a prompt's form: its fields become the canonical answer
        prompt = game.prompt_for(seat)
        if prompt is None or prompt.form is None or prompt.id != prompt_id:
            choice = "{}"  # the service says why (stale form, not your decision)
        else:
            try:
                choice = forms.read_web(prompt.form, request.form.get, request.form.getlist)
            except IllegalAction as exc:
                return render_game(game, caller, seat, error=exc.reason, status=422, filled=request.form)
    else:
        choice = request.form.get("choice")
    if not choice:
        return render_game(game, caller, seat, error=_("Pick one of the choices first."), status=422)
    if len(choice) > forms.MAX_ANSWER:
        abort(422, description=_("That choice is too long."))
    check_text("choice", choice)
    standing = bool(request.form.get("standing"))  # a checkbox: present only when ticked
    try:  # keys are scoped per seat; the operator's standing=True is refused by the service (422)
        svc.choose(game.id, seat, prompt_id, choice, key=key, by=by, current=game, standing=standing,
                   guard=session_seat_guard(caller, seat))
    except (GameError, IllegalAction) as exc:
        filled = request.form if request.form.get("answer_form") else None
        return render_game(load_game(game.id), caller, seat, error=exc.reason, status=status_for(exc), filled=filled)
    return follow_due_seat(load_game(game.id), caller, seat, game.version)


RECORDED_FLASH = "recorded"  # the category game.html shows above the decision after the redirect


def follow_due_seat(game, caller: Caller, seat: str, before: int, anchor: str = ""):
    """After a choice or an undo: back to the game page as the seat that is due next when this browser holds
    it (solo and hot-seat play: one browser, several seats), with one line saying what was just recorded
    ("Recorded: Red bids 2 for First Consul. Now Blue decides.")."""
    mine = game.seat_ids if caller.operator else caller.seats_in(game.id)
    waiting = game.waiting_for() if game.status == "active" else []
    due = seat if seat in waiting else next((s for s in waiting if s in mine), seat)
    # narrated as the table reads it ("Black bids 2 …", not "You bid 2 …"): several seats share this screen
    newer = [e for e in history_model().recent(game, None, False, 8, current_language())
             if e["seq"] > before and e["text"]]
    if newer:
        what = newer[0]["text"][0]
        notice = (_("Recorded: %(what)s Now %(seat)s decides.", what=what, seat=seat_name(due)) if due != seat
                  else _("Recorded: %(what)s", what=what))
    else:
        notice = (_("Recorded. Now %(seat)s decides.", seat=seat_name(due)) if due != seat
                  else _("Recorded."))
    flash(tr(notice), RECORDED_FLASH)  # the session keeps text: rendered in the reader's language now
    return redirect(url_for("games.page", game_id=str(game.id), seat=due) + anchor, 303)


@bp.post("/games/<game_id>/standing-orders/<int:order_id>/cancel")
def cancel_standing_order(game_id: str, order_id: int):
    return seat_form_command(game_id, lambda svc, game, seat, guard: svc.cancel_standing_order(
        game.id, seat, order_id, current=game, guard=guard), "#standing",
        notice=_("Standing order %(order)d is cancelled: you will be asked again.", order=order_id))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    return seat_form_command(game_id, lambda svc, game, seat, guard: svc.undo(game.id, seat, current=game,
                                                                              guard=guard), "#prompt", follow=True)


def seat_form_command(game_id: str, run, anchor: str, notice: str | None = None, follow: bool = False):
    """A form's command for the seat the form names, run with that seat login's guard: a refusal shows the
    page with the reason and its status, success redirects back to the page (to `anchor`, with `notice`
    shown once; `follow`: as the seat due next, saying what was recorded)."""
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    seat, _by = form_seat(game, caller)
    try:
        run(svc, game, seat, session_seat_guard(caller, seat))
    except (GameError, IllegalAction) as exc:
        return render_game(load_game(game.id), caller, seat, error=exc.reason, status=status_for(exc))
    if follow:
        return follow_due_seat(load_game(game.id), caller, seat, game.version, anchor)
    if notice:
        flash(tr(notice), STANDING_FLASH)  # the session keeps text: rendered in the reader's language now
    return redirect(url_for("games.page", game_id=str(game.id), seat=seat) + anchor, 303)


@bp.post("/games/<game_id>/messages")
def message(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    seat, _by = form_seat(game, caller)
    text = form_text("text", svc.message_caps.length)
    to = [s[:40] for s in request.form.getlist("to")[:10] if s]
    for seat_id in to:
        check_text("to", seat_id)
    recipients = "all" if not to or "all" in to else to
    try:
        svc.post_message(game.id, None if _by == "operator" else seat, recipients, text)
    except (GameError, IllegalAction) as exc:
        return render_game(load_game(game.id), caller, seat, error=exc.reason, status=status_for(exc))
    return redirect(url_for("games.page", game_id=str(game.id), seat=seat) + "#messages", 303)


@bp.post("/games/<game_id>/show")
def show_cards(game_id: str):
    """"Show my cards to: [seats]" (domain/shown.py): the server composes the message from the real hand."""
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    seat, _by = form_seat(game, caller)
    to = [s[:40] for s in request.form.getlist("to")[:10] if s]
    for seat_id in to:
        check_text("to", seat_id)
    try:
        svc.show_cards(game.id, seat, to)
    except (GameError, IllegalAction) as exc:
        return render_game(load_game(game.id), caller, seat, error=exc.reason, status=status_for(exc))
    return redirect(url_for("games.page", game_id=str(game.id), seat=seat) + "#messages", 303)


@bp.post("/games/<game_id>/token")
def rotate_token(game_id: str):
    svc = get_service()
    game = load_game(game_id)
    caller = page_caller(game)
    seat, _by = form_seat(game, caller)
    token = svc.rotate_token(game.id, seat)
    if seat in caller.seats_in(game.id):
        remember_seat(str(game.id), seat, token_hash(token))
    update_link(str(game.id), seat, token)
    url = f"{get_settings().base_url}/play/{token}"
    html = render_template("token.html", game=game, seat=seat, url=url, name=game.seat_info(seat)["name"])
    return Response(html, status=200, headers={"Cache-Control": "no-store"})


POLL_JS = """// Reload the game page when the game changes (the page works without this script).
(function () {
  var el = document.getElementById("game");
  if (!el || !window.fetch) return;
  var url = el.getAttribute("data-poll"), version = el.getAttribute("data-version");
  function busy() {
    var t = document.querySelector("textarea");
    return t && (t.value || document.activeElement === t);
  }
  function check() {
    if (document.hidden || busy()) return;
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d && String(d.version) !== version) window.location.reload(); })
      .catch(function () {});
  }
  setInterval(check, 15000);
})();
"""


@bp.get("/assets/poll.js")
def poll_js():
    return Response(POLL_JS, mimetype="text/javascript", headers={"Cache-Control": "public, max-age=3600"})
