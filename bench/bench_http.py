"""HTTP figures of the production topology, beside the raw eventsourcing append rate of the same run.

On a fresh PostgreSQL database: `tabularium init-db`, then gunicorn as deployed (`deploy/gunicorn.conf.py`:
2 workers, gthread, keep-alive) serving `service.web.wsgi:app` (TABULARIUM_CREATE_TABLES=no), driven
from a separate process over loopback:

  view      GET /api/games/<id>/view of a finished 4-player game (Sylla when registered), one seat's token
  action    POST /api/games/<id>/actions (the driver reads the prompt first, untimed), games of the same title
  raw       an eventsourcing Application appending small events, one save() at a time, same database

Actions and raw appends run in alternating rounds, so a drift of the machine's speed during the run
(it is large on a shared 2-core box) falls on both alike. The ratios compare medians:
  total     action / raw append
  layers    (action - raw append) / raw append: what HTTP, authentication, loading and the rules add
Plain lines `name: value unit`. Goals: view p95 < 20 ms; the layers cost at most twice the raw append.
The main rounds run with rate limiting off (one client address would exhaust it); a second, shorter
series runs gunicorn as deployed, with the rate limits counted in Redis, and prints its own figures.
Run: .venv/bin/python -m bench.bench_http   (needs PostgreSQL at 127.0.0.1:5432, user root, trust)
"""
from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VIEW_REQUESTS = 600
ROUNDS = 10
LIMITED_ROUNDS = 4
LIMITS_REDIS = "redis://127.0.0.1:6379/12"
ACTIONS_PER_ROUND = 60
RAW_PER_ROUND = 100
WARMUP = 30
ROOT = Path(__file__).resolve().parent.parent
OPERATOR = "bench-operator-token-0123456789abcdef"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# ------------------------------------------------------------------------------------ the driver

class Client:
    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        headers = dict(self.headers)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = json.dumps(body) if body is not None else None
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=payload, headers=headers)
                response = self.conn.getresponse()
                return response.status, json.loads(response.read() or b"null")
            except (http.client.HTTPException, ConnectionError):
                if attempt:
                    raise
                self.conn.close()
        raise RuntimeError("unreachable")


def drive(port: int, plan: dict, conn) -> None:
    """Runs in its own process: times the views, then a round of actions each time it is asked."""
    client = Client(port, OPERATOR)
    view_path = f"/api/games/{plan['finished']}/view"
    for _ in range(WARMUP):
        client.request("GET", view_path, token=plan["finished_token"])
    views = []
    started = time.perf_counter()
    for _ in range(0 if plan.get("skip_views") else VIEW_REQUESTS):
        t = time.perf_counter()
        status, _body = client.request("GET", view_path, token=plan["finished_token"])
        views.append(time.perf_counter() - t)
        assert status == 200, status
    conn.send({"views": views, "view_seconds": time.perf_counter() - started})
    actions = ActionDriver(client, plan["rules"])
    while (wanted := conn.recv()) is not None:
        conn.send(actions.run(wanted))
    conn.close()


class ActionDriver:
    """Plays random games of the title; only the POST of each action is timed."""

    def __init__(self, client: Client, rules: str):
        self.client, self.rules = client, rules
        self.rng = random.Random(7)
        self.game: dict | None = None
        self.games = self.done = 0

    def run(self, count: int) -> dict:
        timings: list[float] = []
        while len(timings) < count:
            game = self.game or self._new_game()
            status, summary = self.client.request("GET", f"/api/games/{game['id']}")
            if summary["status"] != "active":
                self.game = None
                continue
            seat = self.rng.choice(summary["waiting_for"])
            token = game["tokens"][seat]
            status, view = self.client.request("GET", f"/api/games/{game['id']}/view", token=token)
            prompt = view["prompt"]
            body = {"prompt_id": prompt["id"], "choice": self.rng.choice(prompt["choices"])["id"],
                    "idempotency_key": f"bench-{self.done}"}
            t = time.perf_counter()
            status, result = self.client.request("POST", f"/api/games/{game['id']}/actions", body, token=token)
            timings.append(time.perf_counter() - t)
            assert status == 200, (status, result)
            self.done += 1
        return {"actions": timings, "games": self.games}

    def _new_game(self) -> dict:
        status, created = self.client.request("POST", "/api/games", {
            "rules": self.rules, "players": [{"name": f"P{i}"} for i in range(4)]})
        assert status == 201, created
        self.game = {"id": created["id"], "tokens": {s["seat"]: s["token"] for s in created["seats"]}}
        self.games += 1
        return self.game


# ------------------------------------------------------------------------------------ set-up

class RawAppender:
    """The floor we build on, measured the same way as in bench_store (one save() per event)."""

    def __init__(self, url: str):
        from bench.bench_store import Counter, RawApp
        from service.db import eventsourcing_env

        self.app = RawApp(env=eventsourcing_env(url, True))
        self.counter = Counter()
        self.app.save(self.counter)

    def run(self, count: int) -> list[float]:
        timings = []
        for _ in range(count):
            self.counter.increment(1)
            t = time.perf_counter()
            self.app.save(self.counter)
            timings.append(time.perf_counter() - t)
        return timings

    def close(self) -> None:
        self.app.close()


def finished_game(url: str, rules: str) -> tuple[str, str, int]:
    """A finished 4-player game, played at random through the service (not timed)."""
    from service.config import Settings
    from service.games import GameService

    svc = GameService(Settings.from_env(database_url=url, create_tables=False, operator_token=OPERATOR))
    try:
        created = svc.create_game(rules, [{"name": f"Player {i}", "email": ""} for i in range(4)], {})
        gid, rng = created["id"], random.Random(4)
        while svc.get(gid).status == "active":
            prompt = rng.choice(svc.get(gid).open_prompts())
            svc.choose(gid, prompt.seat, prompt.id, rng.choice(prompt.choices).id)
        return gid, created["seats"][0]["token"], svc.get(gid).version
    finally:
        svc.close()


def wait_until_up(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log.read_text()[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/titles")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start in 60 s")


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from domain.rules import titles
    from tests.support import pg

    if not pg.postgres_available():
        print("skipped: PostgreSQL is not reachable at 127.0.0.1:5432")
        return
    rules = "sylla" if "sylla" in titles() else "toy"
    url = pg.create_database()
    var = Path(tempfile.mkdtemp(prefix="bench-http-"))
    env = {**os.environ, "TABULARIUM_DATABASE_URL": url, "TABULARIUM_OPERATOR_TOKEN": OPERATOR,
           "TABULARIUM_SECRET_KEY": "bench-secret", "TABULARIUM_VAR_DIR": str(var),
           "TABULARIUM_MAIL_URL": f"file://{var}/mail", "TABULARIUM_RATELIMIT": "0",
           "TABULARIUM_BROKER_URL": "memory://", "TABULARIUM_MODE": "embedded", "PYTHONPATH": str(ROOT)}
    bin_dir = Path(sys.executable).parent
    proc = None
    try:
        subprocess.run([str(bin_dir / "tabularium"), "init-db"], env=env, check=True, capture_output=True)
        env["TABULARIUM_CREATE_TABLES"] = "no"
        os.environ.update({k: env[k] for k in ("TABULARIUM_SECRET_KEY", "TABULARIUM_VAR_DIR")})
        gid, token, length = finished_game(url, rules)
        plan = {"finished": gid, "finished_token": token, "rules": rules}
        port, proc = start_gunicorn(env, var / "gunicorn.log", bin_dir)
        result = interleaved_rounds(port, url, plan, ROUNDS)
        stop(proc)
        # As deployed: the same, with the rate limits counted in Redis (one round trip per action).
        limited_env = {**env, "TABULARIUM_RATELIMIT": "1", "TABULARIUM_REDIS_URL": LIMITS_REDIS,
                       **{f"TABULARIUM_RATELIMIT_{k}": "1000000/minute" for k in ("ACTION", "CREATE", "READ")}}
        port, proc = start_gunicorn(limited_env, var / "gunicorn-limited.log", bin_dir)
        limited = interleaved_rounds(port, url, {**plan, "skip_views": True}, LIMITED_ROUNDS)
    finally:
        stop(proc)
        pg.drop_database(url)
        shutil.rmtree(var, ignore_errors=True)
    report(result, rules, length)
    report_limited(limited)


def start_gunicorn(env: dict, log: Path, bin_dir: Path) -> tuple[int, subprocess.Popen]:
    port = free_port()
    gunicorn = shutil.which("gunicorn", path=str(bin_dir)) or "gunicorn"
    with log.open("w") as fh:
        proc = subprocess.Popen([gunicorn, "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
                                 "-b", f"127.0.0.1:{port}", "--log-level", "warning"],
                                env=env, cwd=str(ROOT), stdout=fh, stderr=fh)
    wait_until_up(port, proc, log)
    return port, proc


def stop(proc: subprocess.Popen | None) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


def interleaved_rounds(port: int, url: str, plan: dict, rounds: int) -> dict:
    ours, theirs = multiprocessing.Pipe()
    driver = multiprocessing.get_context("spawn").Process(target=drive, args=(port, plan, theirs))
    driver.start()
    raw = RawAppender(url)
    try:
        result = ours.recv()
        raw.run(WARMUP)
        result.update(actions=[], raw=[])
        for _ in range(rounds):
            ours.send(ACTIONS_PER_ROUND)
            round_result = ours.recv()
            result["actions"] += round_result["actions"]
            result["games"] = round_result["games"]
            result["raw"] += raw.run(RAW_PER_ROUND)
        ours.send(None)
        driver.join(60)
    finally:
        raw.close()
        if driver.is_alive():
            driver.kill()
    return result


def report(result: dict, rules: str, length: int) -> None:
    views, actions, raw = result["views"], result["actions"], result["raw"]
    ms = 1000.0
    action_p50, raw_p50 = statistics.median(actions), statistics.median(raw)
    total, layers = action_p50 / raw_p50, (action_p50 - raw_p50) / raw_p50
    print(f"http title: {rules} (finished game of 4 players, {length} events)")
    print("http server: gunicorn as deployed (deploy/gunicorn.conf.py: 2 workers, gthread), PostgreSQL, loopback; "
          "one client process, sequential requests")
    print(f"http view requests: {len(views)} requests")
    print(f"http view throughput: {len(views) / result['view_seconds']:.1f} requests/s")
    print(f"http view p50: {statistics.median(views) * ms:.2f} ms")
    print(f"http view p95: {percentile(views, 0.95) * ms:.2f} ms")
    print(f"http action requests: {len(actions)} requests ({result['games']} games, {ROUNDS} rounds)")
    print(f"http action throughput: {len(actions) / sum(actions):.1f} requests/s")
    print(f"http action p50: {action_p50 * ms:.2f} ms")
    print(f"http action p95: {percentile(actions, 0.95) * ms:.2f} ms")
    print(f"raw eventsourcing append (same database, one save per event, rounds between the actions' rounds): "
          f"{len(raw) / sum(raw):.1f} events/s, p50 {raw_p50 * ms:.2f} ms")
    print(f"http action p50 / raw append p50: {total:.2f}x")
    print(f"http and rules layers (action p50 - raw p50) / raw p50: {layers:.2f}x")
    print(f"http view p95 goal (< 20 ms): {'met' if percentile(views, 0.95) * ms < 20 else 'MISSED'}")
    print(f"http layers goal (at most 2x the raw append): {'met' if layers <= 2 else 'MISSED'}")


def report_limited(result: dict) -> None:
    actions, raw = result["actions"], result["raw"]
    action_p50, raw_p50 = statistics.median(actions), statistics.median(raw)
    print(f"http action p50 as deployed (rate limits counted in Redis, {len(actions)} requests): "
          f"{action_p50 * 1000:.2f} ms; raw append p50 {raw_p50 * 1000:.2f} ms in the same rounds; "
          f"layers {(action_p50 - raw_p50) / raw_p50:.2f}x")


if __name__ == "__main__":
    main()
