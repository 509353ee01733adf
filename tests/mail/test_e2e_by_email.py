"""End to end: a 3-player game from creation to the finished e-mail, every decision made by replying to
the latest e-mail through `mail-in`; one seat misses a deadline (driven by `tabularium tick --now`) and
its default choice is played. Then every mailbox is checked: thread headers, exactly one your-turn
e-mail per decision still owed when its settle time ended (the batching rule, recomputed from the log),
and no other seat's secrets in any e-mail."""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from domain.forms import random_answer
from domain.rules import titles
from notifications.delivery import flush
from service import cli
from tests.mail.helpers import PLAYERS, Mailboxes, choices_in, html_of, mail_service, reply_to, text_of
from workers.cli import mail_in

CLOCK = {"mode": "deadline", "per_decision_hours": 24, "reminders": [], "late_notice": None}
TITLES = ["toy"] + (["sylla"] if "sylla" in titles() else [])


@pytest.fixture
def env(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/events.sqlite3"
    for key, value in {"DATABASE_URL": url, "MAIL_URL": f"file://{tmp_path}/mail", "SECRET_KEY": "test-secret",
                       "INBOUND_ADDRESS": "play@games.example.org", "BASE_URL": "https://games.example.org",
                       "BROKER_URL": "memory://", "TEST_TITLES": "1", "VAR_DIR": str(tmp_path / "var")}.items():
        monkeypatch.setenv(f"TABULARIUM_{key}", value)
    return url


def _mail_in(raw: bytes, capsys) -> dict:
    capsys.readouterr()
    assert mail_in(raw, as_json=True) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("title", TITLES)
def test_a_whole_game_played_by_replying_to_emails(title, env, tmp_path, capsys, monkeypatch):
    svc = mail_service(env, tmp_path)
    players = PLAYERS[:3]
    gid = svc.create_game(title, players, {"clock": CLOCK}, seed="5e" * 32)["id"]
    flush(svc)
    boxes = Mailboxes(tmp_path / "mail")
    address = {seat: c["email"] for seat, c in svc.store.contacts(gid).items()}
    rng = random.Random(11)
    by_mail, timed_out = 0, None
    while svc.get(gid).status == "active":
        game = svc.get(gid)
        due = game.waiting_for()
        if timed_out is None and by_mail >= 4 and len(due) == 1:
            timed_out = (due[0], game.prompt_for(due[0]).id)
            later = (datetime.now(timezone.utc) + timedelta(days=30)).isoformat()
            assert cli.main(["tick", "--now", later]) == 0
            continue
        seat = rng.choice(due)
        prompt = game.prompt_for(seat)
        if prompt.form is not None:  # a form: one line per field, as the e-mail explains
            latest = next(m for m in reversed(boxes.to(address[seat]))
                          if "reply to this e-mail with one line per field" in " ".join(text_of(m).split()))
            result = _mail_in(reply_to(latest, _form_reply(svc, gid, seat, rng)), capsys)
            if result["outcome"] == "rejected:illegal":  # the rules refused this random answer: another one
                continue
            assert result["outcome"] == "accepted", result
            by_mail += 1
            continue
        latest = next(m for m in reversed(boxes.to(address[seat])) if choices_in(m))
        n, label, cid = rng.choice(choices_in(latest))
        result = _mail_in(reply_to(latest, str(n)), capsys)
        assert result["outcome"] == "accepted", result
        by_mail += 1
        assert by_mail < 1000
    assert timed_out is not None, "the game never had a single late seat"
    _check_timeout(svc, gid, timed_out)
    _check_mailboxes(svc, gid, boxes, address, by_mail)


def _form_reply(svc, gid, seat, rng) -> str:
    """A random answer to the seat's form, written as a person would: `name: value value ...` per field."""
    form = svc.get(gid).prompt_for(seat).form
    values = json.loads(random_answer(form, rng))
    return "\n".join(f"{name}: " + (" ".join(map(str, v)) if isinstance(v, list) else str(v))
                     for name, v in values.items())


def _check_timeout(svc, gid, timed_out):
    seat, prompt_id = timed_out
    events = svc.events(gid)
    missed = [e for e in events if type(e).__name__ == "DeadlineMissed"]
    assert [(e.content["seat"], e.content["prompt_id"], e.content["policy"]) for e in missed] == \
        [(seat, prompt_id, "default")]
    after = events[missed[0].originator_version]  # the very next event: the default choice
    assert after.content["seat"] == seat and after.content["by"] == "timeout"


def _expected_your_turns(svc, gid) -> dict[str, int]:
    """One e-mail per decision a seat was left to make, under the batching rule: a decision's e-mail is
    due the settle time after it opened (TABULARIUM_MAIL_SETTLE_SECONDS; these tests run with 0: due at
    once) and is sent only if, counting every event recorded by then, the decision is still the seat's.
    So a decision opened and answered for the seat by the same command (its only choice, its standing
    order, the bot), or replaced within the window, is never announced; nor is one that a missed deadline's
    e-mail already showed the seat (`_shown_by_timeout_mail`)."""
    from notifications.outbox import MailConfig, iso_epoch

    settle = MailConfig.from_env().turn_settle_seconds
    counts: dict[str, int] = {}
    events = svc.events(gid)
    times = [iso_epoch(e.content["at"]) for e in events]
    game, before = None, {}
    for n, event in enumerate(events):
        game = event.mutate(game)
        after = {p.seat: p.id for p in game.open_prompts()}
        for seat, pid in after.items():
            if before.get(seat) != pid:
                version = n + 1
                while version < len(events) and times[n] <= times[version] <= times[n] + settle:
                    version += 1
                then = svc.get(gid, version=version)
                if then.status == "active" and then.prompt_for(seat) is not None and then.prompt_for(seat).id == pid \
                        and not _shown_by_timeout_mail(svc, gid, events, n, seat, pid):
                    counts[seat] = counts.get(seat, 0) + 1
        before = after
    return counts


def _shown_by_timeout_mail(svc, gid, events, n, seat, pid) -> bool:
    """Whether decision `pid`, opened by event index `n`, opened in the command that recorded a missed deadline
    (the events sharing its `at`, up to a player's own choice) and is the seat's decision at that command's
    end, where the missed deadline's e-mail to every seat shows it."""
    from domain.decided_by import players_own

    at, first = events[n].content["at"], n
    while first > 0 and events[first - 1].content["at"] == at:
        first -= 1
    missed = [k for k in range(first, n + 1) if type(events[k]).__name__ == "DeadlineMissed"]
    if not missed:
        return False
    end = missed[0] + 1
    while end < len(events) and events[end].content["at"] == at and not (
            type(events[end]).__name__ in ("ChoiceMade", "ChoiceSealed") and players_own(events[end].content)):
        end += 1
    if n + 1 > end:
        return False
    then = svc.get(gid, version=end)
    return then.status == "active" and then.prompt_for(seat) is not None and then.prompt_for(seat).id == pid


def _check_mailboxes(svc, gid, boxes, address, by_mail):
    events = svc.events(gid)
    heads = {e.hash: e.originator_version for e in events}
    seed = svc.get(gid).seed
    expected = _expected_your_turns(svc, gid)
    for seat, email in address.items():
        mails = boxes.to(email)
        kinds = [m["X-Tabularium-Kind"] for m in mails]
        assert kinds.count("invitation") == 1 and kinds.count("finished") == 1 and kinds.count("timeout") == 1
        turns = [m for m in mails if m["X-Tabularium-Kind"] == "your_turn"]
        assert len(turns) == expected[seat], (seat, len(turns), expected[seat])
        assert len({str(m["Reply-To"]) for m in turns}) == len(turns), "one reply address per decision"
        assert len({str(m["Subject"]) for m in mails}) == 1
        roots = {(str(m["In-Reply-To"]), str(m["References"])) for m in mails}
        assert len(roots) == 1 and next(iter(roots))[0] == next(iter(roots))[1]
        assert len({str(m["Message-ID"]) for m in mails}) == len(mails)
        for m in mails:
            assert m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            assert "https://games.example.org/u/" in m["List-Unsubscribe"] and "mailto:" in m["List-Unsubscribe"]
            assert m.get_body(("html",)) is not None and m.get_body(("plain",)) is not None
            body = text_of(m) + html_of(m)
            version = heads[str(m["X-Tabularium-Chain-Head"])]
            assert m["X-Tabularium-Chain-Head"] in text_of(m)
            if m["X-Tabularium-Kind"] != "finished" and "Seed revealed" not in body:
                assert seed not in body, "the seed is secret until the end"
            _assert_no_secrets(svc, gid, seat, version, body)
    assert sum(1 for m in boxes.all() if m["X-Tabularium-Kind"] == "reply_accepted") == by_mail


def _assert_no_secrets(svc, gid, seat, version, body):
    game = svc.get(gid, version=version)
    names = {s["seat"]: s["name"] for s in game.seats}
    for other in game.sealed:
        if other != seat:
            assert f"{other.capitalize()} ({names[other]}) chose in secret" not in body
    if game.rules_id == "toy":
        for other, hand in game.state["hands"].items():
            if other != seat:
                for card in hand:
                    assert f"Play the {card} " not in body and f"card-{card}]" not in body
        for other, sealed in game.sealed.items():
            if other != seat:
                assert f"[{sealed['choice']}]" not in body
