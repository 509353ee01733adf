"""Issue #16, e-mail end to end: a 5-player game of The Republic of Rome played only by replies through
`mail-in` (the body of `tabularium mail-in`), with a clock whose missed deadlines hand the seat to the bot.
One seat lets a deadline pass (`tabularium tick --now` a month later): the bot plays that decision and every
later one of the seat. The others answer the latest e-mail showing their decision (a your-turn e-mail, or the
missed deadline's e-mail for a decision it shows; a choice by its number, a form by one line per field) until the game ends (about 35 s here; ROR_MAIL_TURNS=N stops after N whole turns).

Then every mailbox is read: one thread per game (every e-mail answers the same root, in In-Reply-To and
References), a new Message-ID each, exactly one your-turn e-mail per decision left to the seat (the
batching rule recomputed from the log, as the Sylla whole game by mail does), none to the seat after the
bot took it, and no other seat's secrets: no faction treasury but the reader's own, no card name of another
hand (but a card the reader itself held at some moment before the e-mail, such as one it gave away in a
deal its confirmation echoes), no word of another seat's sealed answer before the reveal.
"""
from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from notifications.delivery import flush
from service import cli
from tests.mail.helpers import Mailboxes, choices_in, html_of, mail_service, reply_to, text_of
from tests.mail.test_e2e_by_email import _expected_your_turns
from tests.web.ror_play import TREASURY_LINE, bot_answer, leaked_cards, reply_lines, secret_card_names
from workers.cli import mail_in

TURNS = None if os.environ.get("ROR_MAIL_TURNS", "all") == "all" else int(os.environ["ROR_MAIL_TURNS"])
PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]
CLOCK = {"mode": "deadline", "per_decision_hours": 48, "reminders": [], "late_notice": None, "on_timeout": "bot"}
FORM_MAIL = "reply to this e-mail with one line per field"
LATE_AFTER = 12  # replies before the one seat lets its deadline pass


@pytest.fixture
def env(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "BASE_URL": "https://games.example.org",
                       "BROKER_URL": "memory://", "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    svc = mail_service(url, tmp_path)
    yield svc
    svc.close()


def _reply(svc, raw: bytes, capsys) -> dict:
    capsys.readouterr()
    assert mail_in(raw, as_json=True, svc=svc) == 0
    return json.loads(capsys.readouterr().out)


def _latest_decision_mail(boxes: Mailboxes, email: str, form: bool):
    """The newest e-mail showing the seat its decision: a your-turn e-mail, or a missed deadline's e-mail,
    which shows each seat its decision as of then (and no your-turn e-mail repeats it)."""
    mails = [m for m in boxes.to(email) if m["X-Tabularium-Kind"] == "your_turn"
             or (m["X-Tabularium-Kind"] == "timeout" and "YOUR DECISION" in text_of(m))]
    assert mails, f"no e-mail shows {email} a decision"
    latest = mails[-1]
    assert (FORM_MAIL in " ".join(text_of(latest).split())) == form, "the latest e-mail asks for another decision"
    return latest


def test_16_five_players_by_mail_one_seat_to_the_bot(env, tmp_path, capsys):
    svc = env
    gid = svc.create_game("republic_of_rome", PLAYERS, {"clock": CLOCK}, seed="16" * 32)["id"]
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    address = {seat: c["email"] for seat, c in svc.store.contacts(gid).items()}
    rng = random.Random(16)
    by_mail, late = 0, None
    while svc.get(gid).status == "active" and (TURNS is None or svc.get(gid).state["turn"] <= TURNS):
        game = svc.get(gid)
        due = game.waiting_for()
        assert due, "the game waits for nobody"
        if late is None and by_mail >= LATE_AFTER and len(due) == 1:
            late = (due[0], game.prompt_for(due[0]).id, len(boxes.to(address[due[0]], "your_turn")))
            later = (datetime.now(timezone.utc) + timedelta(days=30)).isoformat()
            assert cli.main(["tick", "--now", later]) == 0
            continue
        seat = rng.choice(due)
        assert late is None or seat != late[0], "the bot's seat still owes a decision"
        prompt = game.prompt_for(seat)
        latest = _latest_decision_mail(boxes, address[seat], prompt.form is not None)
        if prompt.form is None:
            body = str(rng.choice(choices_in(latest))[0])
        else:
            body = reply_lines(prompt.form, bot_answer(game.state, prompt, rng)[0])
        result = _reply(svc, reply_to(latest, body), capsys)
        assert result["outcome"] == "accepted", (prompt.kind, body, result)
        by_mail += 1
        assert by_mail < 3000
    assert late is not None, "no moment when one seat alone was due"
    game = svc.get(gid)
    assert game.status == "finished" if TURNS is None else game.state["turn"] > TURNS or game.status == "finished"
    _check_bot_took_the_seat(svc, gid, late, boxes, address)
    _check_threads_and_turn_mails(svc, gid, boxes, address)
    _check_no_secrets(svc, gid, boxes, address)


def _check_bot_took_the_seat(svc, gid, late, boxes, address) -> None:
    seat, prompt_id, turn_mails = late
    events = svc.events(gid)
    missed = [e for e in events if type(e).__name__ == "DeadlineMissed"]
    assert [(e.content["seat"], e.content["prompt_id"], e.content["policy"]) for e in missed] == \
        [(seat, prompt_id, "bot")]
    assert seat in svc.get(gid).bot_seats
    after = events[missed[0].originator_version:]
    bot = [e for e in after if type(e).__name__ == "ChoiceMade" and e.content.get("by") == "bot"]
    assert bot and {e.content["seat"] for e in bot} == {seat}
    assert bot[0].content["prompt_id"] == prompt_id, "the bot did not play the missed decision first"
    assert len(bot) > 1, "the bot played the missed decision but none after it"
    mine = [e for e in after if type(e).__name__ == "ChoiceMade" and e.content["seat"] == seat]
    assert all(e.content["by"] == "bot" for e in mine), "a decision of the bot's seat was played by another hand"
    assert len(boxes.to(address[seat], "your_turn")) == turn_mails, "a your-turn e-mail went to the bot's seat"
    told = " ".join(text_of(boxes.to(address[seat], "timeout")[0]).split())
    assert "the bot now plays your seat" in told and "To take your seat back" in told, told[:300]
    assert "YOUR DECISION" not in told, "the late seat was shown the decision the bot had already played"


def _check_threads_and_turn_mails(svc, gid, boxes, address) -> None:
    expected = _expected_your_turns(svc, gid)
    for seat, email in address.items():
        mails = boxes.to(email)
        kinds = [str(m["X-Tabularium-Kind"]) for m in mails]
        assert kinds.count("invitation") == 1 and kinds.count("timeout") == 1, (seat, kinds)
        assert kinds.count("finished") == (svc.get(gid).status == "finished"), (seat, kinds)
        turns = [m for m in mails if m["X-Tabularium-Kind"] == "your_turn"]
        assert len(turns) == expected.get(seat, 0), (seat, len(turns), expected.get(seat, 0))
        assert len({str(m["Reply-To"]) for m in turns}) == len(turns), "one reply address per decision"
        roots = {(str(m["In-Reply-To"]), str(m["References"])) for m in mails}
        assert len(roots) == 1, f"{seat}'s e-mails are not in one thread: {roots}"
        root = next(iter(roots))
        assert root[0] == root[1] and root[0].startswith("<"), f"{seat}'s thread root: {root}"
        assert len({str(m["Message-ID"]) for m in mails}) == len(mails), "a Message-ID used twice"
    threads = {str(m["In-Reply-To"]) for m in boxes.all()}
    assert len(threads) == len(address), "the players' threads are not one per player"


def _check_no_secrets(svc, gid, boxes, address) -> None:
    events = svc.events(gid)
    heads = {e.hash: e.originator_version for e in events}
    names = {s["seat"]: s["name"] for s in svc.get(gid).seats}
    held = cards_held(svc, gid, len(events))
    secrets_seen = 0
    for seat, email in address.items():
        for m in boxes.to(email):
            version = heads[str(m["X-Tabularium-Chain-Head"])]
            game = svc.get(gid, version=version)
            state, body = game.state, text_of(m) + html_of(m)
            leaked = set(leaked_cards(body, state, seat)) - held[version][seat]
            if state["finished"]:  # once the game is over every seat reads the referee's record (rules.REFEREE)
                for line in body.splitlines():  # but another seat's private line is never said as the reader's
                    if "You draw" in line and any(card in line for card in leaked):
                        assert "Told only to" in line, (seat, line)
                leaked = set()
            assert not leaked, (seat, m["X-Tabularium-Kind"], leaked)
            stated = {int(n) for n in TREASURY_LINE.findall(body)}
            assert stated <= {state["factions"][seat]["treasury"]}, (seat, stated)
            for other in game.sealed:
                if other != seat:
                    assert f"{other.capitalize()} ({names[other]}) chose in secret" not in body
            secrets_seen += sum(len(secret_card_names(state, other)) for other in state["seats"] if other != seat)
    assert secrets_seen > 0, "control: no hand held a card whose name could have leaked"


def cards_held(svc, gid: str, length: int) -> dict[int, dict[str, set[str]]]:
    """For each version, the names of the cards each seat has held in its hand at some moment up to it."""
    from domain.games.republic_of_rome.data import data_for
    from domain.games.republic_of_rome.names import card_name

    held: dict[int, dict[str, set[str]]] = {}
    so_far: dict[str, set[str]] = {}
    for version in range(1, length + 1):
        state = svc.get(gid, version=version).state
        D = data_for(state)
        for seat, faction in state["factions"].items():
            so_far.setdefault(seat, set()).update(card_name(D, c) for c in faction["hand"])
        held[version] = {seat: set(names) for seat, names in so_far.items()}
    return held
