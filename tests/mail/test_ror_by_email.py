"""Issue #14, done when: a 4-player game of The Republic of Rome is played by e-mail replies, setup and one
whole turn. Each decision is answered by replying to the seat's latest your-turn e-mail: a choice by its
number, a form (the sealed Faction Leader and cards, the Senate's nominations and votes, ...) by one line
per field, options by their numbers (tests/web/ror_play.py writes the bot's answer so). Then every
mailbox is read: no e-mail to a seat names a card of another seat's hand, and every faction treasury an
e-mail states is the reader's own, as it was when the e-mail was written.
"""
from __future__ import annotations

import random

import pytest

from notifications.delivery import flush
from notifications.inbound import handle
from tests.mail.helpers import PLAYERS, Mailboxes, choices_in, html_of, mail_service, reply_to, text_of
from tests.web.ror_play import TREASURY_LINE, bot_answer, leaked_cards, reply_lines, secret_card_names

TURNS = 1
FORM_MAIL = "reply to this e-mail with one line per field"


@pytest.fixture
def table(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    gid = svc.create_game("republic_of_rome", PLAYERS[:4], {}, seed="14" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def _latest_your_turn(boxes: Mailboxes, email: str, form: bool):
    mails = boxes.to(email, "your_turn")
    assert mails, f"no your-turn e-mail to {email}"
    latest = mails[-1]
    text = " ".join(text_of(latest).split())
    assert (FORM_MAIL in text) == form, "the latest e-mail does not ask for the decision owed"
    return latest


def test_setup_and_a_whole_turn_by_email_replies_and_no_mailbox_shows_another_seats_secrets(table):
    svc, gid, boxes = table
    address = {seat: c["email"] for seat, c in svc.store.contacts(gid).items()}
    rng = random.Random(14)
    kinds: set[str] = set()
    while svc.get(gid).status == "active" and svc.get(gid).state["turn"] <= TURNS:
        game = svc.get(gid)
        seat = rng.choice(game.waiting_for())
        prompt = game.prompt_for(seat)
        latest = _latest_your_turn(boxes, address[seat], prompt.form is not None)
        if prompt.form is None:
            n, _label, cid = rng.choice(choices_in(latest))
            body = str(n)
        else:
            body = reply_lines(prompt.form, bot_answer(game.state, prompt, rng)[0])
        result = handle(svc, reply_to(latest, body))
        assert result.outcome == "accepted", (prompt.kind, body, result)
        kinds.add(prompt.kind)
        flush(svc)
        assert len(kinds) < 1000
    assert svc.get(gid).state["turn"] == TURNS + 1
    assert {"choose_faction_leader", "roll_initiative", "senate_vote"} <= kinds
    _check_mailboxes(svc, gid, boxes, address)


def _check_mailboxes(svc, gid, boxes, address) -> None:
    heads = {e.hash: e.originator_version for e in svc.events(gid)}
    secrets_seen = 0
    for seat, email in address.items():
        mails = boxes.to(email)
        assert any(m["X-Tabularium-Kind"] == "your_turn" for m in mails)
        for m in mails:
            state = svc.get(gid, version=heads[str(m["X-Tabularium-Chain-Head"])]).state
            body = text_of(m) + html_of(m)
            leaks = leaked_cards(body, state, seat)
            if leaks and m["X-Tabularium-Kind"] == "reply_accepted":  # it echoes the seat's own answer, whose
                # cards were its own just before (an offer or a deal may have moved them since)
                own = max(e.originator_version for e in svc.events(gid)
                          if e.originator_version <= heads[str(m["X-Tabularium-Chain-Head"])]
                          and e.content.get("seat") == seat and type(e).__name__ in ("ChoiceMade", "ChoiceSealed"))
                leaks = [c for c in leaks if c in leaked_cards(body, svc.get(gid, version=own - 1).state, seat)]
            assert not leaks, (seat, m["X-Tabularium-Kind"])
            stated = {int(n) for n in TREASURY_LINE.findall(body)}
            assert stated <= {state["factions"][seat]["treasury"]}, (seat, stated)
            secrets_seen += sum(len(secret_card_names(state, other)) for other in state["seats"] if other != seat)
    assert secrets_seen > 0, "control: no hand held a card whose name could have leaked"
