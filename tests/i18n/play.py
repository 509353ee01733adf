"""Playing a game in a language, by e-mail and in the browser, checking what each player reads as it goes.

    play_by_email(svc, gid, boxes, language, rng, ...)     every decision a reply to the latest e-mail
    play_in_browser(live, pages, gid, language, rng, ...)   every decision a click on a seat's page

Both take `until(game) -> bool` (stop early: "one Republic of Rome turn in Hungarian" stops when the turn
number moves) and `seen(where, text)` (called with every e-mail's or page's visible text; the tests pass
`english.assert_no_english`). A reply to a form is written as the e-mail shows it: one line per field,
starting with the field's label in the reader's language.
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable

import locales
from domain.forms import random_answer
from notifications.delivery import flush
from notifications.inbound import handle
from notifications.keywords import words_for
from tests.i18n.english import mail_text, visible_text
from tests.mail.helpers import choices_in, reply_to, text_of

Seen = Callable[[str, str], None]


def form_reply(form: Any, language: str, rng: random.Random) -> str:
    """A random answer to a form as a player writes it: one line per field, starting with the field's label
    in `language`, options by their numbers as the e-mail lists them (domain.forms.read_reply)."""
    values = json.loads(random_answer(form, rng))
    return "\n".join(f"{locales.render(f.label, language)}: {field_words(f, values[f.name])}" for f in form.fields)


def field_words(f: Any, value: Any) -> str:
    """One field's value in reply words: option numbers, whole numbers, rows separated by ";"."""
    from domain.forms import EachOf, OneOf, Rows, SomeOf

    def word(cell: Any, v: Any) -> str:
        if isinstance(cell, (OneOf, SomeOf)):
            return str(next(n for n, o in enumerate(cell.options, 1) if o.value == v))
        return str(v)

    if isinstance(f, SomeOf):
        return " ".join(word(f, v) for v in value) or "none"
    if isinstance(f, EachOf):
        return " ".join(word(f.value, value[item.value]) for item in f.items)
    if isinstance(f, Rows):
        return "; ".join(" ".join(word(c, row[c.name]) for c in f.columns) for row in value) or "none"
    return word(f, value) if isinstance(f, OneOf) else str(value)


def check_new_mail(boxes: Any, language: str, seen: Seen, checked: set) -> None:
    for message in boxes.all():
        key = str(message["Message-ID"])
        if key not in checked:
            checked.add(key)
            seen(f"the {message['X-Tabularium-Kind']} e-mail to {message['To']}", mail_text(message))


def play_by_email(svc: Any, gid: str, boxes: Any, language: str, rng: random.Random, seen: Seen,
                  until: Callable[[Any], bool] = lambda game: False, standing_order_at: int | None = 3,
                  max_decisions: int = 1500) -> int:
    """Every decision by replying to the seat's latest e-mail asking for it, until the game is over or
    `until(game)`. Once (at decision `standing_order_at`) a reply starts with the language's ALWAYS and the
    order is cancelled at once with its CANCEL, as a player who changed their mind would. Returns the
    number of decisions made by e-mail."""
    address = {seat: c["email"] for seat, c in svc.store.contacts(gid).items()}
    words = words_for(language)
    checked: set = set()
    made = refused = 0
    while svc.get(gid).status == "active" and not until(svc.get(gid)):
        flush(svc)
        check_new_mail(boxes, language, seen, checked)
        game = svc.get(gid)
        seat = rng.choice(game.waiting_for())
        prompt = game.prompt_for(seat)
        mails = [m for m in boxes.to(address[seat]) if m["X-Tabularium-Game"] == gid]
        if prompt.form is not None:  # the latest e-mail showing the form's reply lines, in the reader's words
            body = form_reply(prompt.form, language, rng)
            first = body.splitlines()[0].split(":")[0] + ":"
            latest = next((m for m in reversed(mails) if first in text_of(m)), None)
            assert latest is not None, f"no e-mail to {seat} shows the reply line {first!r}"
        else:
            latest = next(m for m in reversed(mails) if choices_in(m))
            n = rng.choice(choices_in(latest))[0]
            body = f"{words['always']} {n}" if made == standing_order_at else str(n)
        result = handle(svc, reply_to(latest, body))
        if result.outcome in ("rejected:illegal", "rejected:refused") and prompt.form is not None:
            refused += 1  # the rules refused this random answer: another one
            assert refused < 200, f"200 random answers refused in a row: {result.detail}"
            continue
        refused = 0
        assert result.outcome == "accepted", (result.outcome, result.detail, body)
        made += 1
        assert made <= max_decisions, "the game did not end"
        if body.startswith(words["always"]) and svc.get(gid).standing.get(seat):
            flush(svc)
            order = svc.get(gid).standing[seat][0]["id"]
            confirmation = boxes.to(address[seat], "reply_accepted")[-1]
            assert f"{words['cancel']} {order}" in text_of(confirmation)
            assert handle(svc, reply_to(confirmation, f"{words['cancel']} {order}")).outcome == "accepted"
    flush(svc)
    check_new_mail(boxes, language, seen, checked)
    return made


def click_random_choice(page: Any, rng: random.Random) -> None:
    """One decision on the page, picked at random the way a person would (tests/e2e/test_browser.py)."""
    from tests.e2e.test_browser import choose_randomly

    choose_randomly(page, rng)


def play_in_browser(live: Any, pages: dict, gid: str, rng: random.Random, seen: Seen,
                    until: Callable[[Any], bool] = lambda game: False, max_decisions: int = 1500) -> int:
    """Every decision by a click on the page of the seat that owes it (reloaded when stale), until the game
    is over or `until(game)`; every page a player is shown is passed to `seen`."""
    svc = live.svc
    versions = {seat: 0 for seat in pages}
    made = 0
    while svc.get(gid).status == "active" and not until(svc.get(gid)):
        game = svc.get(gid)
        seat = rng.choice(game.waiting_for())
        page = pages[seat]
        if versions[seat] != game.version:
            page.goto(f"{live.url}/games/{gid}?seat={seat}", wait_until="domcontentloaded")
        seen(f"{seat}'s game page at version {game.version}", visible_text(page.content()))
        click_random_choice(page, rng)
        versions[seat] = int(page.get_attribute("#game", "data-version"))
        made += 1
        assert made <= max_decisions, "the game did not end"
    return made


def log_in(context: Any, url: str) -> Any:
    """Open a seat's link and confirm it, whatever the language of the button."""
    page = context.new_page()
    page.goto(url)
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("main form button[type=submit]").first.click()
    return page


__all__ = ["form_reply", "play_by_email", "play_in_browser", "log_in", "check_new_mail"]
