"""Outbox throughput: events committed → e-mails accepted by an SMTP server, through the real production
path (PostgreSQL when reachable, else SQLite; Redis; 2 `celery worker` processes; an aiosmtpd sink).

  baseline direct smtp   one thread sending pre-built messages straight to the sink (the floor cost of SMTP)
  sustained              games created at a steady offered rate; p50/p95 delay from commit to acceptance
  burst                  many events committed at once; e-mails/s until the last one is accepted
Goal: 100 e-mails/s and p95 < 2 s. Run: `.venv/bin/python -m bench.bench_outbox`.
"""
from __future__ import annotations

import os
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cid")]
SUSTAINED_RATE = float(os.environ.get("BENCH_OUTBOX_RATE", 100))     # offered e-mails per second
SUSTAINED_SECONDS = float(os.environ.get("BENCH_OUTBOX_SECONDS", 10))
BURST_GAMES = int(os.environ.get("BENCH_OUTBOX_BURST_GAMES", 100))   # 6 e-mails each
WORKERS = 2
PRODUCERS = 3
THREADS = int(os.environ.get("BENCH_OUTBOX_THREADS", 4))   # per worker process: SMTP and database waits overlap


class Sink:
    """aiosmtpd server recording when each Message-ID was accepted."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.arrivals: dict[str, float] = {}
        self.count = 0
        self.lock = threading.Lock()
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                now = time.time()
                mid = ""
                for line in envelope.content.split(b"\r\n"):
                    if line.lower().startswith(b"message-id:"):
                        mid = line.split(b":", 1)[1].strip().decode()
                        break
                    if not line:
                        break
                with sink.lock:
                    sink.count += 1
                    sink.arrivals.setdefault(mid, now)
                return "250 OK"

        self.port = _free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        self.controller.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database() -> tuple[str, callable]:
    admin = os.environ.get("TABULARIUM_TEST_PG_ADMIN", "postgresql://root@127.0.0.1:5432/test")
    try:
        import psycopg

        name = f"tab_bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        url = admin.rsplit("/", 1)[0] + "/" + name

        def drop():
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return url, drop
    except Exception:  # noqa: BLE001 — no PostgreSQL here: SQLite still measures the path
        path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
        return f"sqlite:///{path}", lambda: None


def _baseline(port: int, n: int = 300) -> float:
    msg = EmailMessage()
    msg["From"] = "play@games.example.org"
    msg["To"] = "ann@example.org"
    msg["Subject"] = "[Tabularium] baseline"
    msg.set_content("x" * 2000)
    start = time.perf_counter()
    with smtplib.SMTP("127.0.0.1", port) as conn:
        for i in range(n):
            del msg["Message-ID"]
            msg["Message-ID"] = f"<baseline-{i}@bench>"
            conn.send_message(msg)
    return n / (time.perf_counter() - start)


def _wait(condition, timeout: float) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from service.config import Settings
    from service.games import GameService
    from workers import runtime
    from workers.celery_app import make_app

    if subprocess.run(["redis-cli", "-p", "6379", "ping"], capture_output=True, text=True).stdout.strip() != "PONG":
        print("skipped: Redis is not reachable at 127.0.0.1:6379")
        return 0
    sink = Sink()
    url, drop = _database()
    prefix = f"tabbench-{uuid.uuid4().hex[:8]}:"
    var = tempfile.mkdtemp()
    env = {"TABULARIUM_DATABASE_URL": url, "TABULARIUM_BROKER_URL": "redis://127.0.0.1:6379/0",
           "TABULARIUM_BROKER_PREFIX": prefix, "TABULARIUM_MAIL_URL": f"smtp://127.0.0.1:{sink.port}",
           "TABULARIUM_SECRET_KEY": "bench-secret", "TABULARIUM_INBOUND_ADDRESS": "play@games.example.org",
           "TABULARIUM_TEST_TITLES": "1", "TABULARIUM_VAR_DIR": var, "TABULARIUM_SWEEP_SECONDS": "2"}
    os.environ.update(env)
    svc = GameService(Settings.from_env())
    from notifications.outbox import ensure_schema, rows_for

    ensure_schema(svc.store)  # create every table before the workers start (pitfall 21)
    app = make_app(svc.settings)
    runtime.use(svc, app)
    runtime.install(svc, app)
    procs = [subprocess.Popen([sys.executable, "-m", "celery", "-A", "workers.celery_app", "worker", "--pool", "threads",
                               "--concurrency", str(THREADS), "-Q", "tabularium", "--loglevel", "WARNING", "-n", f"bench{i}@%h", "--without-gossip",
                               "--without-mingle", "--without-heartbeat"], cwd=ROOT, env={**os.environ, **env},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(WORKERS)]
    commits: dict[tuple[str, int], float] = {}
    try:
        print(f"store: {'postgresql' if url.startswith('postgresql') else 'sqlite'}; workers: {WORKERS} celery "
              f"processes ({THREADS} threads each) on redis; sink: aiosmtpd")
        print(f"baseline direct smtp: {_baseline(sink.port):.0f} e-mails/s")
        sink.arrivals.clear()
        # warm-up: the workers import and connect
        gid = svc.create_game("toy", PLAYERS, seed="ab" * 32)["id"]
        commits[(gid, 1)] = time.time()
        _wait(lambda: len(sink.arrivals) >= 6, 60)

        # sustained: one game (6 e-mails) every 6/RATE seconds, from PRODUCERS threads (a web server's
        # requests arrive concurrently too)
        interval = 6.0 / SUSTAINED_RATE
        start = time.time()
        slots = iter(range(10**9))
        slot_lock = threading.Lock()

        def produce():
            while True:
                with slot_lock:
                    k = next(slots)
                due = start + k * interval
                if due - start >= SUSTAINED_SECONDS:
                    return
                if time.time() < due:
                    time.sleep(due - time.time())
                game = svc.create_game("toy", PLAYERS, seed="cd" * 32)["id"]
                commits[(game, 1)] = time.time()

        producers = [threading.Thread(target=produce) for _ in range(PRODUCERS)]
        for t in producers:
            t.start()
        for t in producers:
            t.join()
        n = len(commits) - 1
        offered = n * 6 / (time.time() - start)
        expected = 6 * (n + 1)
        _wait(lambda: len(sink.arrivals) >= expected, 120)
        delays = _delays(svc, commits, sink, rows_for)
        print(f"sustained offered: {offered:.0f} e-mails/s")
        print(f"sustained delivered: {len(delays)} e-mails")
        print(f"sustained p50 delay: {statistics.median(delays):.3f} s")
        print(f"sustained p95 delay: {_p95(delays):.3f} s")
        print(f"sustained max delay: {max(delays):.3f} s")

        # burst: BURST_GAMES creations committed while the pump is held back, then one kick: the time
        # from the kick to the last acceptance is the outbox's own throughput
        kicker = next(f for f in svc.listeners if isinstance(f, runtime.Kicker))
        svc.listeners.remove(kicker)
        before = len(sink.arrivals)
        commit_start = time.time()
        for _ in range(BURST_GAMES):
            svc.create_game("toy", PLAYERS, seed="ef" * 32)
        commit_rate = 6 * BURST_GAMES / (time.time() - commit_start)
        kick = time.time()
        app.send_task("tabularium.pump")
        ok = _wait(lambda: len(sink.arrivals) >= before + 6 * BURST_GAMES, 300)
        last = max(sink.arrivals.values())
        from_kick = sorted(t - kick for mid, t in sink.arrivals.items() if t >= kick)
        print(f"burst committed: {6 * BURST_GAMES} e-mails' worth of events at {commit_rate:.0f} e-mails/s")
        print(f"burst throughput: {6 * BURST_GAMES / (last - kick):.1f} e-mails/s" + ("" if ok else " (INCOMPLETE)"))
        print(f"burst p95 time from kick: {_p95(from_kick):.3f} s")
        print(f"duplicates at the sink: {sink.count - len(sink.arrivals) - 300} messages")
        emails = len(sink.arrivals)
        worker_cpu = sum(_cpu_seconds(p.pid) for p in procs)
        print(f"worker cpu per e-mail: {1000 * worker_cpu / emails:.1f} ms (both workers)")
        print(f"bench process cpu per e-mail: {1000 * time.process_time() / emails:.1f} ms (producer and sink)")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
        runtime.reset()
        svc.close()
        sink.stop()
        drop()
    return 0


def _delays(svc, commits, sink, rows_for) -> list[float]:
    out = []
    for row in rows_for(svc.store):
        t0 = commits.get((row["game_id"], row["seq"]))
        t1 = sink.arrivals.get(row["message_id"])
        if t0 is not None and t1 is not None:
            out.append(max(0.0, t1 - t0))
    return out or [float("nan")]


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


if __name__ == "__main__":
    sys.exit(main())
