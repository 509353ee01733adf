"""The settle time of your-turn e-mails (MailConfig.turn_settle_seconds), on a fake clock: a row is due
later, not lost; a decision answered within the window gets no e-mail; the e-mail's first line and HTML
preheader say what is asked."""
from __future__ import annotations

import pytest

from domain.forms import random_legal
from domain.rules import titles
from notifications import outbox
from notifications.delivery import flush
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, text_of
from tests.mail.test_email_count import FakeClock, _service

pytestmark = pytest.mark.skipif("sylla" not in titles(), reason="Sylla is not installed")


def _answer(svc, gid, seat, key):
    game = svc.get(gid)
    prompt = game.prompt_for(seat)
    import random

    svc.choose(gid, seat, prompt.id, random_legal(game.rules, game.state, prompt, random.Random(key)), key=key)


def test_a_turn_email_waits_the_settle_time_and_is_dropped_when_answered_meanwhile(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULARIUM_MAIL_SETTLE_SECONDS", "120")
    clock = FakeClock(1_950_000_000.0)
    monkeypatch.setattr(outbox, "clock", clock.epoch)
    svc = _service(tmp_path, clock, 0)
    gid = svc.create_game("sylla", PLAYERS[:4], {}, seed="ab" * 32)["id"]
    boxes = Mailboxes(tmp_path / "mail-0")
    seats = list(svc.get(gid).waiting_for())
    flush(svc)
    clock.now += 60
    flush(svc)
    assert [m["X-Tabularium-Kind"] for m in boxes.all()] == ["invitation"] * 4  # the turn e-mails wait
    pending = [r for r in outbox.rows_for(svc.store, gid) if r["kind"] == "your_turn"]
    assert len(pending) == 4 and {r["status"] for r in pending} == {"pending"}  # deferred, not lost
    _answer(svc, gid, seats[0], "a")  # answered on the web within the window
    clock.now += 61
    flush(svc)
    turns = [m for m in boxes.all() if m["X-Tabularium-Kind"] == "your_turn"]
    emails = {c["email"]: s for s, c in svc.store.contacts(gid).items()}
    seat_of = lambda m: next(s for e, s in emails.items() if e in str(m["To"]))  # noqa: E731
    assert sorted(seat_of(m) for m in turns) == sorted(seats[1:])
    skipped = [r for r in outbox.rows_for(svc.store, gid) if r["kind"] == "your_turn" and r["status"] == "skipped"]
    assert [r["seat"] for r in skipped] == [seats[0]]
    first = text_of(turns[0]).strip().splitlines()[0]
    assert first.startswith("Set-up") and "starting characters" in first, first  # stage, then the decision
    assert 'display:none' in html_of(turns[0]) and first in " ".join(html_of(turns[0]).split())
    assert len({str(m["Subject"]) for m in boxes.all() if seat_of(m) == seats[1]}) == 1  # one thread
    svc.close()


def test_a_seat_owing_decisions_in_a_row_within_the_window_gets_one_email(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULARIUM_MAIL_SETTLE_SECONDS", "120")
    clock = FakeClock(1_960_000_000.0)
    monkeypatch.setattr(outbox, "clock", clock.epoch)
    svc = _service(tmp_path, clock, 1)
    gid = svc.create_game("sylla", PLAYERS[:4], {}, seed="cd" * 32)["id"]
    for n, seat in enumerate(svc.get(gid).waiting_for()):  # everybody chooses at once: no turn e-mail
        _answer(svc, gid, seat, f"s{n}")
    opener = svc.get(gid).waiting_for()[0]  # the First Consul opens the bidding
    clock.now += 30
    _answer(svc, gid, opener, "bid")  # within the window
    clock.now += 3600
    flush(svc)
    sent = [r for r in outbox.rows_for(svc.store, gid) if r["kind"] == "your_turn" and r["status"] == "sent"]
    assert [r["seat"] for r in sent] == svc.get(gid).waiting_for()  # only the decision still owed
    svc.close()
