"""`make prod-smoke`: the production topology as real, separate processes, driven end to end.

Starts gunicorn (2 workers) on a fresh PostgreSQL database, a Celery worker and beat on Redis (own key
prefix), and an aiosmtpd SMTP sink; creates a Sylla game over HTTP with the operator token, plays it to
the end (most decisions through the JSON API, some by e-mail reply through `tabularium mail-in`), then a
3-player game of The Republic of Rome the same way (its forms answered as a client can: a random answer
the rules may refuse with a 422, tried again, then the form's default, as the bot does; some by e-mail,
one line per field) for SMOKE_ROR_TURNS whole turns (default 2; `all`: to its end), after which the
operator abandons it with `tabularium abandon` (the seed is revealed, the finished e-mails go out); checks
that the sink received the expected e-mails for each game, checks /healthz and /metrics, and stops
everything.
Run directly (`python -m tests.prod.smoke`) or through tests/prod/test_prod_smoke.py.
"""
from __future__ import annotations

import json
import mailbox
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from domain.forms import Form, default_answer, random_answer, random_reply

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PLAYERS = [{"name": n, "email": f"{n.lower()}@smoke.example"} for n in ("Ann", "Bob", "Cid")]
GAMES = ("sylla", "republic_of_rome")
ROR_TURNS = None if os.environ.get("SMOKE_ROR_TURNS", "2") == "all" else int(os.environ.get("SMOKE_ROR_TURNS", "2"))
FORM_TRIES = 20          # random answers to a form before its default (domain.forms.random_legal's count)
EMAIL_EVERY = 9          # every 7th decision is answered by e-mail reply
DEADLINE_S = 900


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stack:
    def __init__(self, workdir: Path, database_url: str):
        self.workdir = workdir
        self.port, self.smtp_port = free_port(), free_port()
        self.maildir = workdir / "maildir"
        self.operator = uuid.uuid4().hex
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ,
                    "TABULARIUM_MODE": "production",
                    "TABULARIUM_INBOUND_WEBHOOK_SECRET": uuid.uuid4().hex,
                    "TABULARIUM_DATABASE_URL": database_url,
                    "TABULARIUM_BROKER_URL": "redis://127.0.0.1:6379/0",
                    "TABULARIUM_BROKER_PREFIX": f"smoke-{uuid.uuid4().hex[:8]}:",
                    "TABULARIUM_REDIS_URL": "redis://127.0.0.1:6379/0",
                    "TABULARIUM_MAIL_URL": f"smtp://127.0.0.1:{self.smtp_port}",
                    "TABULARIUM_BASE_URL": self.base,
                    "TABULARIUM_SECRET_KEY": uuid.uuid4().hex,
                    "TABULARIUM_MAIL_SETTLE_SECONDS": "0",  # turn e-mails at once: the smoke answers some by mail
                    "TABULARIUM_OPERATOR_TOKEN": self.operator,
                    "TABULARIUM_INBOUND_ADDRESS": "play@smoke.example",
                    "TABULARIUM_VAR_DIR": str(workdir / "var"),
                    "TABULARIUM_CREATE_TABLES": "no",
                    "TABULARIUM_SWEEP_SECONDS": "2",
                    "TABULARIUM_WORKER_THREADS": "4",
                    "TABULARIUM_RATELIMIT": "0",
                    "TABULARIUM_METRICS_PREFIX": f"smoke-{uuid.uuid4().hex[:8]}",
                    "PYTHONUNBUFFERED": "1"}
        self.procs: dict[str, subprocess.Popen] = {}

    def start(self) -> None:
        run([str(BIN / "tabularium"), "init-db"], {**self.env, "TABULARIUM_CREATE_TABLES": "yes"})
        self.spawn("smtp", [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{self.smtp_port}",
                            "-c", "aiosmtpd.handlers.Mailbox", str(self.maildir)])
        self.spawn("web", [str(BIN / "gunicorn"), "-w", "2", "-k", "gthread", "--threads", "4",
                           "-b", f"127.0.0.1:{self.port}", "--graceful-timeout", "5", "service.web.wsgi:app"])
        self.spawn("worker", [str(BIN / "tabularium"), "worker"])
        self.spawn("beat", [str(BIN / "tabularium"), "beat"])
        wait_for(lambda: http("GET", f"{self.base}/healthz")[0] == 200, 60, "gunicorn /healthz")

    def spawn(self, name: str, argv: list[str]) -> None:
        log = open(self.workdir / f"{name}.log", "wb")
        self.procs[name] = subprocess.Popen(argv, env=self.env, cwd=self.workdir, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self) -> dict[str, int]:
        codes = {}
        for name in ("beat", "worker", "web", "smtp"):
            proc = self.procs.get(name)
            if proc is None:
                continue
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                codes[name] = proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                codes[name] = proc.wait(10)
        return codes

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
                         for p in sorted(self.workdir.glob("*.log")))

    def mails(self) -> list[EmailMessage]:
        if not self.maildir.exists():
            return []
        box = mailbox.Maildir(str(self.maildir), factory=None, create=False)
        parser = BytesParser(policy=policy.default)
        delivered = sorted((box.get_message(key).get_date(), key) for key in box.keys())
        return [parser.parsebytes(box.get_bytes(key)) for _, key in delivered]  # in delivery order


def run(argv: list[str], env: dict, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(argv, env=env, input=stdin, capture_output=True, timeout=120, cwd=ROOT)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"{argv[:2]} failed: {result.stderr.decode()[-2000:]}")
    return result


def http(method: str, url: str, token: str | None = None, body: dict | None = None) -> tuple[int, object]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw, status, ctype = response.read(), response.status, response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        raw, status, ctype = exc.read(), exc.code, exc.headers.get("Content-Type", "")
    except (urllib.error.URLError, ConnectionError):
        return 0, None
    return status, (json.loads(raw) if "json" in ctype and raw else raw.decode(errors="replace"))


def wait_for(check, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def reply_to(mail: EmailMessage, body: int | str) -> bytes:
    reply = EmailMessage()
    reply["From"] = mail["To"]
    reply["To"] = mail["Reply-To"]
    reply["Subject"] = "Re: " + str(mail["Subject"])
    reply["Message-ID"] = f"<{uuid.uuid4().hex}@player.example>"
    reply["In-Reply-To"] = mail["Message-ID"]
    reply.set_content(f"{body}\n\nOn a day, the server wrote:\n> ...\n")
    return reply.as_bytes()


def latest_turn_mail(stack: Stack, seat: str, game_id: str) -> EmailMessage | None:
    mine = [m for m in stack.mails() if m["X-Tabularium-Seat"] == seat and m["X-Tabularium-Game"] == game_id
            and m["X-Tabularium-Kind"] in ("your_turn", "invitation")]
    return mine[-1] if mine else None


def play(stack: Stack, rules: str = "sylla") -> dict:
    status, created = http("POST", f"{stack.base}/api/games", stack.operator,
                           {"rules": rules, "players": PLAYERS, "options": {}})
    assert status == 201, (status, created)
    game_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    rng, decisions, by_mail, abandoned = random.Random(11), 0, 0, False
    started = time.monotonic()
    while time.monotonic() - started < DEADLINE_S:
        status, summary = http("GET", f"{stack.base}/api/games/{game_id}", tokens[next(iter(tokens))])
        assert status == 200, (status, summary)
        if summary["status"] != "active":
            break
        seat = rng.choice(summary["waiting_for"])
        status, view = http("GET", f"{stack.base}/api/games/{game_id}/view", tokens[seat])
        prompt = view["prompt"]
        if rules != "sylla" and ROR_TURNS is not None and view["state"]["turn"] > ROR_TURNS:
            abandon(stack, game_id)
            abandoned = True
            break
        if prompt is None:
            continue
        if prompt.get("form") and rules != "sylla":
            if decisions % EMAIL_EVERY == EMAIL_EVERY - 1 and len(summary["waiting_for"]) == 1 \
                    and answer_form_by_mail(stack, game_id, seat, view, rng):
                by_mail += 1
            else:
                answer_form(stack, game_id, tokens[seat], prompt, rng)
            decisions += 1
            continue
        if prompt.get("form"):  # a form is answered over HTTP; the rules may refuse a random answer (422)
            status, answer = http("POST", f"{stack.base}/api/games/{game_id}/actions", tokens[seat],
                                  {"prompt_id": prompt["id"], "choice": random_reply(prompt, rng),
                                   "idempotency_key": uuid.uuid4().hex})
            assert status in (200, 409, 422), (status, answer)
            if status == 422:
                continue
            decisions += 1
            continue
        number = rng.randrange(len(prompt["choices"]))
        if decisions % EMAIL_EVERY == EMAIL_EVERY - 1 and len(summary["waiting_for"]) == 1 and answer_by_mail(stack, game_id, seat, view, number):
            by_mail += 1
        else:
            status, answer = http("POST", f"{stack.base}/api/games/{game_id}/actions", tokens[seat],
                                  {"prompt_id": prompt["id"], "choice": prompt["choices"][number]["id"],
                                   "idempotency_key": uuid.uuid4().hex, "standing": rng.random() < 0.15})
            assert status in (200, 409), (status, answer)  # 409: a sealed round moved on meanwhile
        decisions += 1
    return {"rules": rules, "abandoned": abandoned, "game_id": game_id, "tokens": tokens, "decisions": decisions, "by_mail": by_mail,
            "seconds": time.monotonic() - started}


def abandon(stack: Stack, game_id: str) -> None:
    """The operator ends the game from the terminal (production environment): status abandoned, seed revealed."""
    result = run([str(BIN / "tabularium"), "abandon", game_id, "--reason", "prod-smoke: turns played"], stack.env)
    assert result.returncode == 0, result.stderr.decode()[-2000:]


def answer_form(stack: Stack, game_id: str, token: str, prompt: dict, rng: random.Random) -> None:
    """A form answered as an API client can, as the bot does: random answers until the rules accept one
    (a 422 each time they refuse), after FORM_TRIES the form's default; 409 when a sealed round moved on."""
    form = Form.from_json(prompt["form"])
    for attempt in range(FORM_TRIES * 5):
        choice = random_answer(form, rng) if attempt != FORM_TRIES else default_answer(form)
        status, answer = http("POST", f"{stack.base}/api/games/{game_id}/actions", token,
                              {"prompt_id": prompt["id"], "choice": choice, "idempotency_key": uuid.uuid4().hex})
        assert status in (200, 409, 422), (status, answer)
        if status != 422:
            return
    raise AssertionError(f"no answer to {prompt['kind']} accepted in {FORM_TRIES * 5} tries")


def answer_form_by_mail(stack: Stack, game_id: str, seat: str, view: dict, rng: random.Random) -> bool:
    """A form answered by e-mail reply, one line per field (the rules may refuse a random answer: then
    False, and the form is answered over HTTP)."""
    from tests.web.ror_play import reply_lines

    form = Form.from_json(view["prompt"]["form"])
    return answer_by_mail(stack, game_id, seat, view, reply_lines(form, random_answer(form, rng)))


def answer_by_mail(stack: Stack, game_id: str, seat: str, view: dict, number: int | str) -> bool:
    """Reply to the seat's turn e-mail composed at the current chain head (so its reply token names the
    current prompt); False when no such e-mail arrives in time (the seat was already due: no new e-mail)."""
    head = view["game"]["chain_head"]

    found: list[EmailMessage] = []

    def current_mail() -> bool:
        mail = latest_turn_mail(stack, seat, game_id)
        if mail is not None and mail["X-Tabularium-Chain-Head"] == head:
            found.append(mail)
        return bool(found)

    try:
        wait_for(current_mail, 8, f"the turn e-mail for {seat}")
    except AssertionError:
        return False
    body = number + 1 if isinstance(number, int) else number  # a choice's number, or a form's reply lines
    result = run([str(BIN / "tabularium"), "mail-in", "--json"], stack.env, reply_to(found[0], body))
    outcome = json.loads(result.stdout or b"{}")
    return outcome.get("outcome") == "accepted"


def expected_turn_mails(stack: Stack, game_id: str) -> int:
    """Rule of the notifications: a seat gets one your-turn e-mail each time it becomes due for a new
    decision (its open prompt changes), due the settle time later (TABULARIUM_MAIL_SETTLE_SECONDS, 0 in
    this smoke: at once), and sent only if the decision is still the seat's once every event recorded by
    then is counted: a decision the same command also made for the seat (its only choice, its standing
    order, the bot) or moved on is never announced. Recomputed independently from the export."""
    from datetime import datetime
    from uuid import UUID

    from domain.game import Game

    settle = float(stack.env.get("TABULARIUM_MAIL_SETTLE_SECONDS", "120"))
    status, archive = http("GET", f"{stack.base}/api/games/{game_id}/export", stack.operator)
    assert status == 200, archive
    events = archive["events"]
    times = [datetime.fromisoformat(e["content"]["at"].replace("Z", "+00:00")).timestamp() for e in events]
    game = Game.from_archive_event(UUID(game_id), events[0])
    owed_after = [{p.seat: p.id for p in game.open_prompts()} if game.status == "active" else {}]
    for entry in events[1:]:
        game.append_archive_event(entry)
        owed_after.append({p.seat: p.id for p in game.open_prompts()} if game.status == "active" else {})
    count, before = 0, {}
    for n, now in enumerate(owed_after):
        for seat, prompt in now.items():
            if before.get(seat) == prompt:
                continue
            last = n
            while last + 1 < len(events) and times[n] <= times[last + 1] <= times[n] + settle:
                last += 1
            count += owed_after[last].get(seat) == prompt
        before = now
    return count


def answered_at_once(events: list, n: int, seat: str, prompt: str) -> bool:
    at = events[n]["content"]["at"]
    for entry in events[n + 1:]:
        c = entry["content"]
        if c["at"] != at:
            return False
        if c.get("seat") == seat and c.get("prompt_id") == prompt:
            return c.get("by") in ("auto", "standing", "bot")
    return False


def check(stack: Stack, played: dict) -> dict:
    game_id = played["game_id"]
    status, view = http("GET", f"{stack.base}/api/games/{game_id}/view", stack.operator)
    ended = "abandoned" if played["abandoned"] else "finished"
    assert status == 200 and view["game"]["status"] == ended, view
    status, audit = http("GET", f"{stack.base}/api/games/{game_id}/audit", stack.operator)
    assert status == 200 and audit["chain_valid"] and audit["replay_valid"] and audit["randomness_valid"], audit
    wait_for(lambda: sum(m["X-Tabularium-Kind"] == "finished" and m["X-Tabularium-Game"] == game_id
                         for m in stack.mails()) >= len(PLAYERS), 60, "the game-finished e-mails")
    mails = [m for m in stack.mails() if m["X-Tabularium-Game"] == game_id]
    kinds: dict[str, int] = {}
    for mail in mails:
        kinds[mail["X-Tabularium-Kind"]] = kinds.get(mail["X-Tabularium-Kind"], 0) + 1
    assert kinds.get("invitation") == len(PLAYERS), kinds
    assert kinds.get("finished") == len(PLAYERS), kinds
    expected = expected_turn_mails(stack, game_id)
    assert kinds.get("your_turn") == expected, (played["rules"], kinds, f"your-turn e-mails expected: {expected}")
    status, archive = http("GET", f"{stack.base}/api/games/{game_id}/export", stack.operator)
    if played["rules"] == "sylla":  # The Republic of Rome's decisions are forms: its standing votes are its own
        assert any(e["content"].get("by") == "standing" for e in archive["events"]), "no standing order ever played"
    assert kinds.get("reply_accepted") == played["by_mail"], kinds
    emails = {s["seat"]: s["email"] for s in view["game"]["players"]} if "email" in view["game"]["players"][0] else None
    for mail in mails:
        assert "@smoke.example" in str(mail["To"])
        if emails:
            assert emails[mail["X-Tabularium-Seat"]] in str(mail["To"])
    for seat in played["tokens"]:
        subjects = {str(m["Subject"]) for m in mails if m["X-Tabularium-Seat"] == seat}
        assert len(subjects) == 1, f"one thread per player: {subjects}"
    assert played["by_mail"] >= 3, f"only {played['by_mail']} decisions of {played['rules']} went through mail-in"
    status, health = http("GET", f"{stack.base}/healthz")
    assert status == 200 and health["database"] == "ok" and health["broker"] == "ok", health
    status, metrics = http("GET", f"{stack.base}/metrics")
    assert status == 200 and 'tabularium_actions_total{result="accepted"}' in metrics
    assert 'tabularium_games{status="finished"}' in metrics and "tabularium_http_requests_total" in metrics
    return {"emails": len(mails), "kinds": kinds}


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tests.support import pg

    database_url = pg.create_database()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tabularium-smoke-") as tmp:
        stack = Stack(Path(tmp), database_url)
        try:
            stack.start()
            results = []
            for rules in GAMES:
                played = play(stack, rules)
                results.append((played, check(stack, played)))
        except BaseException:
            print(stack.logs(), file=sys.stderr)
            raise
        finally:
            codes = stack.stop()
            pg.drop_database(database_url)
    for played, report in results:
        print(f"prod-smoke: {played['rules']}: {played['decisions']} decisions ({played['by_mail']} by e-mail "
              f"reply) in {played['seconds']:.0f} s, {report['emails']} e-mails {report['kinds']}")
    print(f"prod-smoke: stopped {codes}, {time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
