"""The e-mail a missed deadline sends, under each timeout policy: the late seat reads what happened to it in
the second person (the default played for it and which, its seat in the bot's hands and how to take it back,
the game paused), the others read the third-person sentence, and nobody reads a "your decision" block for a
decision the policy already settled. Found by the Republic of Rome e-mail end to end (issue #16): the late
seat read "You missed the deadline…: the bot played for them" and the decision the bot had just played."""
from __future__ import annotations

import json
import random

import pytest

from notifications import tokens
from notifications.delivery import flush
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of
from tests.support.clock import Clock
from workers.ticker import tick

ANN, BOB = PLAYERS[0]["email"], PLAYERS[1]["email"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _decision_in(svc, msg) -> str | None:
    """The decision a mail's reply address answers (its reply token's prompt id; "" for none)."""
    local = str(msg["Reply-To"]).partition("@")[0]
    row = tokens.lookup(svc, local.partition("+")[2])
    return row["prompt_id"] if row else None


def _toy_blue_misses(sqlite_url, tmp_path, policy, **clock):
    """A two-seat toy game whose Red decides at once and whose Blue (Bob) lets the deadline pass."""
    svc = mail_service(sqlite_url, tmp_path)
    svc.clock = Clock()
    options = {"clock": {"mode": "deadline", "per_decision_hours": 48, "reminders": [], "late_notice": None,
                         "on_timeout": policy, **clock}}
    gid = svc.create_game("toy", PLAYERS[:2], options, seed="ef" * 32)["id"]
    red = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", red.id, red.choices[0].id)
    missed = svc.get(gid).prompt_for("blue")
    assert tick(svc, svc.clock.advance(hours=49))["timeouts"] == 1
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    late, other = boxes.to(BOB, "timeout"), boxes.to(ANN, "timeout")
    assert len(late) == 1 and len(other) == 1
    return svc, gid, missed, late[0], other[0]


def test_bot_policy_the_late_seat_reads_that_the_bot_plays_its_seat_and_how_to_take_it_back(sqlite_url, tmp_path):
    svc, gid, missed, late, other = _toy_blue_misses(sqlite_url, tmp_path, "bot", replace_after_missed=1)
    text = _flat(text_of(late))
    assert "You missed the deadline in High Card (test title)" in text and "the bot now plays your seat" in text
    assert text.startswith("Hello Bob,")  # the player, not "Bob (bot)"
    assert "To take your seat back, ask the operator to hand it back to you" in text
    assert "The other players may now invite someone to take over your seat." in text
    assert "played for them" not in text
    assert "YOUR DECISION" not in text and "You have no decision to make at the moment." in text
    assert _decision_in(svc, late) == ""
    assert "the bot now plays your seat" in _flat(html_of(late)) and "Your decision:" not in html_of(late)
    assert "blue" in svc.get(gid).bot_seats
    others = _flat(text_of(other))
    assert "Blue (Bob) missed the deadline in High Card (test title)" in others and "the bot played for them" in others
    assert "Bob (bot)) missed" not in others
    assert "take your seat back" not in others
    svc.close()


def test_bot_policy_without_replacements_does_not_promise_a_takeover(sqlite_url, tmp_path):
    svc, _gid, _missed, late, _other = _toy_blue_misses(sqlite_url, tmp_path, "bot", replace_after_missed=0)
    text = _flat(text_of(late))
    assert "To take your seat back" in text and "invite someone to take over your seat" not in text
    svc.close()


def test_default_policy_the_late_seat_reads_the_default_played_for_it(sqlite_url, tmp_path):
    svc, gid, missed, late, other = _toy_blue_misses(sqlite_url, tmp_path, "default")
    played = next(e.content for e in svc.events(gid) if e.content.get("by") == "timeout")
    label = next(c.label for c in missed.choices if c.id == played["choice"])
    text = _flat(text_of(late))
    assert f"You missed the deadline in High Card (test title) (game {gid[:8]}): the default was played for you: {label}." in text
    assert "played for them" not in text
    now = svc.get(gid).prompt_for("blue")  # after the whole tick: a new decision of Blue's, or none
    assert _decision_in(svc, late) != missed.id
    assert ("YOUR DECISION" in text) == (now is not None) and _decision_in(svc, late) == (now.id if now else "")
    others = _flat(text_of(other))
    assert "Blue (Bob) missed the deadline in High Card (test title)" in others and "the default choice was played for them" in others
    assert "played for you" not in others
    svc.close()


def test_pause_policy_the_late_seat_reads_that_the_game_waits_for_it(sqlite_url, tmp_path):
    svc, gid, missed, late, other = _toy_blue_misses(sqlite_url, tmp_path, "pause")
    assert svc.get(gid).status == "paused"
    text = _flat(text_of(late))
    assert "You missed the deadline in High Card (test title)" in text and "the game is paused. Your decision waits for you" in text
    assert "YOUR DECISION" not in text and _decision_in(svc, late) == ""  # nothing can be answered while paused
    others = _flat(text_of(other))
    assert "Blue (Bob) missed the deadline in High Card (test title)" in others and "the game is paused" in others
    assert "YOUR DECISION" not in others
    svc.close()


@pytest.mark.parametrize("policy", ["bot"])
def test_republic_of_rome_the_bot_seat_reads_no_stale_decision(sqlite_url, tmp_path, policy):
    """Rule-independent: the Republic of Rome, played by random legal answers until one seat alone owes a
    decision, then that seat lets its deadline pass under the bot policy."""
    from tests.web.ror_play import bot_answer

    svc = mail_service(sqlite_url, tmp_path)
    svc.clock = Clock()
    players = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid")]
    options = {"clock": {"mode": "deadline", "per_decision_hours": 48, "reminders": [], "late_notice": None,
                         "on_timeout": policy}}
    gid = svc.create_game("republic_of_rome", players, options, seed="16" * 32)["id"]
    rng = random.Random(16)
    for _step in range(400):
        game = svc.get(gid)
        due = game.waiting_for()
        if len(due) == 1:
            break
        seat = rng.choice(due)
        prompt = game.prompt_for(seat)
        svc.choose(gid, seat, prompt.id, bot_answer(game.state, prompt, rng)[0])
        svc.clock.advance(minutes=1)
    else:
        pytest.fail("no moment when one seat alone was due")
    late_seat = due[0]
    assert tick(svc, svc.clock.advance(hours=49))["timeouts"] == 1
    flush(svc)
    contacts = svc.store.contacts(gid)
    boxes = Mailboxes(tmp_path / "mail")
    late = boxes.to(contacts[late_seat]["email"], "timeout")
    other_seat = next(s for s in contacts if s != late_seat)
    other = boxes.to(contacts[other_seat]["email"], "timeout")
    assert len(late) == 1 and len(other) == 1
    text = _flat(text_of(late[0]))
    assert "You missed the deadline in The Republic of Rome" in text and "the bot now plays your seat" in text
    assert "To take your seat back" in text and "played for them" not in text
    assert "YOUR DECISION" not in text and _decision_in(svc, late[0]) == ""
    assert "missed the deadline in The Republic of Rome" in _flat(text_of(other[0]))
    assert "the bot played for them" in _flat(text_of(other[0]))
    svc.close()


def test_default_policy_a_decision_the_timeout_mail_shows_is_not_announced_again(sqlite_url, tmp_path):
    """The default played for the late seat opens the next decisions in the same command: the missed
    deadline's e-mail already shows each seat its new decision (with a reply address for it), so no
    your-turn e-mail repeats it; a decision that opens later is announced as ever."""
    from notifications import outbox

    svc, gid, missed, late, other = _toy_blue_misses(sqlite_url, tmp_path, "default")
    boxes = Mailboxes(tmp_path / "mail")
    shown = {email: prompt_id for email, prompt_id in ((BOB, _decision_in(svc, late)), (ANN, _decision_in(svc, other)))
             if prompt_id}
    assert shown, "the toy game goes on after the default: a seat has a new decision"
    for email, prompt_id in shown.items():
        assert [m for m in boxes.to(email, "your_turn") if _decision_in(svc, m) == prompt_id] == []
    skipped = [r for r in outbox.rows_for(svc.store, gid) if r["kind"] == "your_turn" and r["status"] == "skipped"
               and "missed deadline's e-mail" in (r["last_error"] or "")]
    assert sorted(json.loads(r["params"])["prompt_id"] for r in skipped) == sorted(shown.values())
    for seat in ("red", "blue"):  # the seats answer on the web: what opens next is announced as ever
        prompt = svc.get(gid).prompt_for(seat)
        if prompt is not None:
            svc.choose(gid, seat, prompt.id, prompt.choices[0].id)
    game = svc.get(gid)
    assert game.status == "active" and game.waiting_for()
    svc.clock.advance(minutes=5)
    flush(svc)
    for seat, email in (("red", ANN), ("blue", BOB)):
        now = game.prompt_for(seat)
        if now is not None:
            assert [_decision_in(svc, m) for m in boxes.to(email, "your_turn")] == [now.id]
    svc.close()
