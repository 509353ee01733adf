"""Issue #15 item 7: a your-turn e-mail for a Senate vote carries the proposal, the votes so far and the numbered
reply form, and a reply to it casts the vote. A 4-player game is played by the bot through the service up
to the first vote on which a faction has already voted; the next faction's e-mail is read and answered."""
from __future__ import annotations

import json
import random

import pytest

from notifications.delivery import flush
from notifications.inbound import handle
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service, reply_to, text_of
from tests.web.ror_play import bot_answer, reply_lines


@pytest.fixture
def table(tmp_path):
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    gid = svc.create_game("republic_of_rome", PLAYERS[:4], {}, seed="15" * 32)["id"]
    flush(svc)
    yield svc, gid, Mailboxes(tmp_path / "mail")
    svc.close()


def test_the_vote_email_carries_the_proposal_the_votes_so_far_and_the_reply_form(table):
    svc, gid, boxes = table
    rng = random.Random(15)
    for _step in range(2000):
        game = svc.get(gid)
        floor = game.state.get("floor") or []
        prompts = {seat: game.prompt_for(seat) for seat in game.waiting_for()}
        voter = next((seat for seat, p in prompts.items() if p.kind == "senate_vote"), None)
        if voter is not None and floor and floor[-1]["voted"]:
            break
        seat = rng.choice(sorted(prompts))
        prompt = prompts[seat]
        svc.choose(gid, seat, prompt.id, bot_answer(game.state, prompt, rng)[0])
        flush(svc)
    else:
        pytest.fail("no vote with a faction already voted was reached")
    email = svc.store.contacts(gid)[voter]["email"]
    latest = boxes.to(email, "your_turn")[-1]
    text = " ".join(text_of(latest).split())
    assert "Proposal:" in text and "Votes so far:" in text and "Still to vote" in text
    first = floor[-1]["voted"][0]
    assert all(f"({row['votes']})" in text for row in floor[-1]["factions"][first]["senators"] if row["vote"] != "abstain")
    assert "votes:" in text and "standing_when:" in text  # the numbered reply form, one line per field
    prompt = svc.get(gid).prompt_for(voter)
    answer = bot_answer(svc.get(gid).state, prompt, rng)[0]
    result = handle(svc, reply_to(latest, reply_lines(prompt.form, answer)))
    assert result.outcome == "accepted", result
    flush(svc)
    assert voter in (svc.get(gid).state.get("floor") or [{}])[-1].get("voted", []) or \
        svc.get(gid).state.get("floor_last", {}).get("voted")


def test_a_long_form_answer_is_accepted_by_the_service(table):
    """A vote form's canonical answer can pass 200 characters (six Senators, talents, the orders): the
    service takes answers as long as the forms allow (domain.forms.MAX_ANSWER)."""
    svc, gid, _boxes = table
    rng = random.Random(3)
    game = svc.get(gid)
    seat = game.waiting_for()[0]
    prompt = game.prompt_for(seat)
    spaced = json.dumps(json.loads(bot_answer(game.state, prompt, rng)[0]), indent=40)
    assert len(spaced) > 200
    svc.choose(gid, seat, prompt.id, spaced)
    assert svc.get(gid).version > game.version
