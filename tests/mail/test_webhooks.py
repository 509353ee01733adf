"""A seat's web hook, end to end through the pump and delivery, with a real local HTTP server as the sink:
what arrives (and what never does: tokens, links that log in, anyone's hidden cards), retries, permanent
failures, skipped rows, and the second DNS check at send time. SQLite and PostgreSQL."""
from __future__ import annotations

import json
import random
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from notifications import outbox, webhooks
from notifications.delivery import flush
from notifications.preferences import set_preference
from tests.mail.helpers import PLAYERS, Mailboxes, mail_service
from tests.support.play import play_random

TITLE = "High Card (test title)"
PAYLOAD_KEYS = {"text", "content", "game_id", "seat", "kind", "title", "url", "allowed_mentions"}


class Sink:
    """An HTTP server that records every POST and answers with the next scripted status (then 200)."""

    def __init__(self):
        self.requests: list[dict] = []
        self.script: list[int] = []
        self.headers: dict[str, str] = {}  # extra response headers
        self.delay = 0.0
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 — http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                sink.requests.append({"path": self.path, "headers": dict(self.headers), "raw": body,
                                      "json": json.loads(body)})
                time.sleep(sink.delay)
                status = sink.script.pop(0) if sink.script else 200
                self.send_response(status)
                for name, value in sink.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/hook/secret-abcd") -> str:
        return f"http://127.0.0.1:{self.server.server_port}{path}"

    def of(self, seat: str, kind: str | None = None) -> list[dict]:
        return [r["json"] for r in self.requests if r["json"]["seat"] == seat and kind in (None, r["json"]["kind"])]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def sink(monkeypatch):
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "1")
    monkeypatch.setenv("TABULARIUM_MAIL_RETRY_SECONDS", "0")
    s = Sink()
    yield s
    s.close()


@pytest.fixture
def svc(database_url, tmp_path):
    service = mail_service(database_url, tmp_path)
    yield service
    service.close()


def new_game(svc, players=2, seed="c1"):
    created = svc.create_game("toy", PLAYERS[:players], seed=seed * 32)
    return created["id"], {s["seat"]: s["token"] for s in created["seats"]}


def rows_of(svc, kind):
    return [r for r in outbox.rows_for(svc.store) if r["kind"] == kind]


def assert_nothing_secret(raw: str, tokens: dict):
    for token in tokens.values():
        assert token not in raw
    for path in ("/play/", "/go/", "/u/"):
        assert path not in raw  # magic links, sign-in links and unsubscribe links all act for the seat


def test_a_your_turn_hook_arrives_with_the_seats_own_sentence_and_no_token(svc, sink):
    gid, tokens = new_game(svc)
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)
    assert len(sink.requests) == 1
    request = sink.requests[0]
    body = request["json"]
    assert request["path"] == "/hook/secret-abcd"
    assert request["headers"]["Content-Type"] == "application/json"
    assert request["headers"]["User-Agent"] == "Tabularium"
    link = f"https://games.example.org/games/{gid}?seat=red"
    assert set(body) == PAYLOAD_KEYS
    assert body["text"] == body["content"] == f"{TITLE}: your turn, Red (Ann). {link}"
    assert (body["game_id"], body["seat"], body["kind"], body["title"], body["url"]) == (
        gid, "red", "webhook_your_turn", TITLE, link)
    assert body["allowed_mentions"] == {"parse": []}
    assert_nothing_secret(request["raw"].decode(), tokens)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert (row["status"], row["last_error"], row["key"]) == ("sent", "HTTP 200", f"{gid}/1/webhook_your_turn/red")
    assert row["recipient"] == "http://127.0.0.1/…abcd"  # masked, for the operator


def test_seats_without_a_hook_get_no_row_and_no_post(svc, sink):
    gid, _ = new_game(svc, players=3)
    webhooks.set_hook(svc.store, gid, "blue", sink.url())
    flush(svc)
    assert [r["seat"] for r in rows_of(svc, "webhook_your_turn")] == ["blue"]
    assert [b["seat"] for b in (r["json"] for r in sink.requests)] == ["blue"]


def test_the_email_preference_none_does_not_silence_the_hook(svc, sink, tmp_path):
    gid, _ = new_game(svc)
    set_preference(svc, gid, "red", "none")
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)
    assert len(sink.of("red", "webhook_your_turn")) == 1
    assert Mailboxes(tmp_path / "mail").to("ann@example.org") == []


def test_a_finished_hook_names_the_winners(svc, sink):
    gid, tokens = new_game(svc, seed="c2")
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)  # (a game created and finished within one pump batch looks like an imported archive)
    play_random(svc, gid, random.Random(3))
    flush(svc)
    game = svc.get(gid)
    assert game.status == "finished"
    finished = sink.of("red", "webhook_finished")
    assert len(finished) == 1
    names = {"red": "Red (Ann)", "blue": "Blue (Bob)"}
    winners = " and ".join(names[w] for w in game.outcome["winners"])
    assert finished[0]["text"].startswith(f"{TITLE}: the game is over, Red (Ann) — {winners} win")
    assert_nothing_secret(json.dumps([r["json"] for r in sink.requests]), tokens)
    assert sink.of("blue") == []


def test_a_500_is_retried_and_the_hook_is_sent_once(svc, sink):
    gid, _ = new_game(svc)
    sink.script = [500]
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert (row["status"], row["attempts"], row["last_error"]) == ("sent", 2, "HTTP 200")
    assert len(sink.requests) == 2  # one refused, one accepted; nothing after that
    flush(svc)
    assert len(sink.requests) == 2


def test_a_429_waits_as_long_as_retry_after_says(svc, sink):
    gid, _ = new_game(svc)
    sink.script, sink.headers = [429], {"Retry-After": "7200"}
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    started = time.time()
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert row["status"] == "pending" and row["last_error"].startswith("HTTP 429")
    assert started + 7200 <= row["not_before"] < time.time() + 7200 + 5  # not the short first backoff
    assert len(sink.requests) == 1


def test_retry_after_is_read_in_seconds_only():
    assert webhooks.retry_after_seconds("120") == 120.0
    assert webhooks.retry_after_seconds(" 99999999 ") == webhooks.MAX_RETRY_AFTER
    assert webhooks.retry_after_seconds("Wed, 21 Oct 2026 07:28:00 GMT") is None
    assert webhooks.retry_after_seconds(None) is None and webhooks.retry_after_seconds("-5") is None


def test_a_timeout_is_retried(svc, sink, monkeypatch):
    gid, _ = new_game(svc)
    monkeypatch.setattr(webhooks, "TIMEOUT", 0.3)
    monkeypatch.setenv("TABULARIUM_MAIL_RETRY_SECONDS", "3600")
    sink.delay = 1.0
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert row["status"] == "pending" and row["not_before"] > time.time() + 3000
    assert "timed out" in row["last_error"]


def test_a_404_fails_permanently_and_the_operator_sees_it(svc, sink):
    gid, _ = new_game(svc)
    sink.script = [404]
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    flush(svc)
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert (row["status"], row["attempts"]) == ("failed", 1)
    assert row["last_error"] == "HTTP 404: ok"
    assert len(sink.requests) == 1
    failures = outbox.outbox_stats(svc.store)["recent_failures"]
    assert [f["key"] for f in failures] == [row["key"]]
    assert "secret" not in row["recipient"]


def test_a_row_whose_prompt_moved_on_is_skipped(svc, sink):
    gid, _ = new_game(svc)
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    outbox.pump(svc)
    prompt = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", prompt.id, prompt.choices[0].id)  # sealed: red owes nothing now
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert row["status"] == "skipped" and "obsolete" in row["last_error"]
    assert sink.requests == []


def test_a_row_whose_hook_was_removed_is_skipped(svc, sink):
    gid, _ = new_game(svc)
    webhooks.set_hook(svc.store, gid, "red", sink.url())
    outbox.pump(svc)
    assert webhooks.remove_hook(svc.store, gid, "red")
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert row["status"] == "skipped" and "no web hook" in row["last_error"]
    assert sink.requests == []


def test_the_host_is_checked_again_when_sending(svc, sink, monkeypatch):
    gid, _ = new_game(svc)
    webhooks.set_hook(svc.store, gid, "red", sink.url())  # accepted while private addresses were allowed
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV)
    flush(svc)
    row = rows_of(svc, "webhook_your_turn")[0]
    assert row["status"] == "failed"
    assert "must start with https://" in row["last_error"]
    assert sink.requests == []


def test_the_connection_goes_to_the_address_that_was_checked(svc, sink, monkeypatch):
    """DNS rebinding: the name is resolved once per send, checked, and that very address is connected to."""
    answers = iter([["127.0.0.1"], ["10.9.9.9"]])
    monkeypatch.setattr(webhooks, "resolve", lambda host, port: next(answers))
    gid, _ = new_game(svc)
    port = sink.server.server_port
    webhooks.set_hook(svc.store, gid, "red", f"http://hooks.test:{port}/x")
    flush(svc)
    assert len(sink.requests) == 1  # connected to 127.0.0.1, not to a second answer
    assert sink.requests[0]["headers"]["Host"] == f"hooks.test:{port}"
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV)
    with pytest.raises(webhooks.WebhookUrlError):
        webhooks.check_url(f"https://hooks.test:{port}/x")  # the next answer is private: refused


def test_webhook_rows_are_planned_once_per_event_whatever_the_pumps(svc, sink):
    gid, _ = new_game(svc, players=3, seed="c3")
    for seat in ("red", "blue", "green"):
        webhooks.set_hook(svc.store, gid, seat, sink.url(f"/{seat}"))
    play_random(svc, gid, random.Random(5), max_steps=6)
    outbox.pump(svc)
    outbox.pump(svc)
    hooks = rows_of(svc, "webhook_your_turn")
    turns = rows_of(svc, "your_turn")
    assert sorted((r["seq"], r["seat"]) for r in hooks) == sorted((r["seq"], r["seat"]) for r in turns)
    assert len({r["key"] for r in hooks}) == len(hooks)


def test_payloads_hold_only_what_the_seat_may_see(svc, sink):
    """Every hook of a whole game: the seat's own prompt sentence and public facts, never a card, a
    choice id or label (the channel is shared, so not even the seat's own hand), never a token."""
    gid, tokens = new_game(svc, players=3, seed="c4")
    for seat in ("red", "blue", "green"):
        webhooks.set_hook(svc.store, gid, seat, sink.url(f"/{seat}"))
    rng = random.Random(7)
    while svc.get(gid).status == "active":
        flush(svc)
        game = svc.get(gid)
        prompt = rng.choice(game.open_prompts())
        svc.choose(gid, prompt.seat, prompt.id, rng.choice(prompt.choices).id)
    flush(svc)
    assert len(sink.requests) > 6
    for r in sink.requests:
        raw = r["raw"].decode()
        assert "card-" not in raw and not re.search(r"(Play|Keep|Discard) the \d", raw)  # choice ids, labels
        assert r["path"] == f"/{r['json']['seat']}"  # each seat's hook gets that seat's notices only
        assert_nothing_secret(raw, tokens)
    assert {r["json"]["kind"] for r in sink.requests} == {"webhook_your_turn", "webhook_finished"}


def test_an_ntfy_topic_gets_ntfys_own_json_at_the_server_root(svc, sink, monkeypatch):
    """ntfy shows a JSON body posted to a topic as raw text: it is sent to ntfy's JSON endpoint instead."""
    monkeypatch.setattr(webhooks, "resolve", lambda host, port: ["127.0.0.1"])
    gid, tokens = new_game(svc)
    port = sink.server.server_port
    webhooks.set_hook(svc.store, gid, "red", f"http://ntfy.test:{port}/tabularium-Ann_42")
    webhooks.set_hook(svc.store, gid, "blue", f"http://ntfy.test:{port}/a/b")  # not a topic URL: as it is
    flush(svc)
    by_path = {r["path"]: r["json"] for r in sink.requests}
    ntfy = by_path["/"]
    assert set(ntfy) == {"topic", "title", "message", "click", "tags"}
    assert ntfy["topic"] == "tabularium-Ann_42" and "your turn" in ntfy["message"]
    assert ntfy["click"].endswith(f"/games/{gid}?seat=red")
    assert by_path["/a/b"]["seat"] == "blue"
    assert_nothing_secret(json.dumps(ntfy), tokens)


def test_only_ntfy_hosts_and_topic_paths_are_ntfy():
    def target(host, path):
        return webhooks.Target("https", host, 443, path, "203.0.113.9")

    assert webhooks.is_ntfy(target("ntfy.sh", "/games"))
    assert webhooks.is_ntfy(target("ntfy.example.org", "/my-topic"))
    assert not webhooks.is_ntfy(target("ntfy.sh", "/games?x=1"))
    assert not webhooks.is_ntfy(target("hooks.slack.com", "/services/T/B/X"))
    assert not webhooks.is_ntfy(target("example.org", "/ntfy"))
