"""How the costs grow with a game's length (issue #12, section 5): the yardstick for later work.

On a fresh PostgreSQL database (created here, dropped at the end: nothing is cached between runs):
`tabularium init-db`, then gunicorn as deployed (`deploy/gunicorn.conf.py`: 2 workers, gthread)
serving `service.web.wsgi:app`, driven over loopback by this process (one client, sequential requests).

Two Sylla games of 4 players grow through the sizes (default 100, 1,000, 5,000, 20,000 events): one
without deadlines, one with a clock (`{"clock": {"mode": "deadline", "per_decision_hours": 48}}`). They
are grown in-process through `GameService` on the same database (a few hundred events per save): random
legal play (`domain.bots.random_choice`, as `service.simulate`) for the first DECISIONS decisions,
interleaved with posted messages; after that only messages, since a Sylla game ends after ~230
decisions and the timed actions must find it still running. After one untimed request to every endpoint
(a fresh worker's first requests would weigh on the smallest size, the base of every ratio), at each size:

  view after write   GET /api/games/<id>/view right after a POST .../actions or .../messages (same seat)
  action             POST /api/games/<id>/actions (the prompt is read first, untimed)
  history page/API   GET /games/<id>/history (a seat's browser session), GET /api/games/<id>/history
                     (the seat's token); each after a posted message, so the history has news to narrate
  audit API/page     GET /api/games/<id>/audit and GET /games/<id>/audit (public), each after a posted
                     message (a report cached per chain head must be made again); the repeated request
                     without a write is printed for information
  raw append         an eventsourcing Application appending small events, one save() each, same database

Then the longest games are abandoned and 1,000 idle games with clocks are created: `workers.ticker.tick`
(what `tabularium tick`, beat's task and the embedded ticker call) makes passes over them, in this process,
first over 10 of them. The lobby (GET /api/games as the operator, GET / with the operator's session) is
timed with 10 games in the database at the start and with 10,000 at the end; those games are created in
bulk through the real store (`Game.create`, saved 500 at a time by the store's eventsourcing application,
with their index rows, seat tokens and contacts). Like is compared with like: the goal's figures ask for
as many rows at both ends (`?limit=10`, the games there are at the start), since the default page shows
50 rows at the end and 10 at the start, and the cost of a row (its rendering) is not what grows with the
number of games; the default pages are printed too, with their cost per row.
A worker's RSS is read from /proc after it served the longest game's history and audit. Last, in this
process, one full audit of the longest game (`GameService.audit`, as `tabularium verify` runs it) is timed
with the peak of its RSS above the RSS before it (info).

Every figure is a p50 (and p95 where it is per request) and its ratio to the smallest size's figure.
Goals: every per-request cost within 1.5x from the smallest to the largest size; a tick over 1,000 idle
games under 1 s; the lobby at 10,000 games within 2x of the lobby at 10; a worker under 150 MB.

Sizes: BENCH_LENGTH_SIZES=100,1000 (events), BENCH_LENGTH_LOBBY=10,10000 (games), BENCH_LENGTH_TICK=10,1000
(clocked games), BENCH_LENGTH_ROUNDS=12 (writes per game and size, half actions, half messages).
Run: .venv/bin/python -m bench.bench_length   (needs PostgreSQL at 127.0.0.1:5432, user root, trust)
"""
from __future__ import annotations

import http.client
import json
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from domain.forms import random_reply

ROOT = Path(__file__).resolve().parent.parent
OPERATOR = "bench-length-operator-token-0123456789abcdef"
TITLE, PLAYERS = "sylla", 4
CLOCK = {"mode": "deadline", "per_decision_hours": 48}
DECISIONS = 100           # decisions played while growing (a 4-player game needs >= ~200 to end)
CHOICE_SHARE = 0.6        # the share of decisions among the events until DECISIONS is reached
BATCH = 400               # events per save while growing
RAW_PER_SIZE = 100
HEAVY_MIN, HEAVY_MAX, HEAVY_SECONDS = 3, 10, 4.0   # samples of history/audit: stop after 4 s (>= 3)
LOBBY_REQUESTS, TICK_PASSES = 15, 3
GOAL_GROWTH, GOAL_TICK_S, GOAL_LOBBY, GOAL_RSS_MB = 1.5, 1.0, 2.0, 150
LOBBY_PAGE = 50           # rows of the lobby's default page (service.web.lobby.LOBBY_PAGE, the API's GAMES_PAGE)
MS = 1000.0


def _ints(name: str, default: str) -> list[int]:
    return [int(x) for x in os.environ.get(name, default).replace("_", "").split(",") if x.strip()]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# ------------------------------------------------------------------------------------ the client

class Client:
    """One keep-alive connection (so, one gunicorn worker while it lasts) with a tiny cookie jar."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None,
                form: dict | None = None, cookies: bool = False) -> tuple[int, bytes, float]:
        """(status, body, seconds until the whole body was read)."""
        headers = {}
        payload: str | None = None
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            headers["Content-Type"], payload = "application/json", json.dumps(body)
        if form is not None:
            from urllib.parse import urlencode

            headers["Content-Type"], payload = "application/x-www-form-urlencoded", urlencode(form)
        if cookies and self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):
            try:
                started = time.perf_counter()
                self.conn.request(method, path, body=payload, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                seconds = time.perf_counter() - started
                for header, value in response.getheaders():
                    if header.lower() == "set-cookie" and cookies:
                        name, _, rest = value.partition("=")
                        self.cookies[name.strip()] = rest.split(";", 1)[0]
                return response.status, data, seconds
            except (http.client.HTTPException, ConnectionError):  # keep-alive timed out: reconnect
                if attempt:
                    raise
                self.conn.close()
        raise RuntimeError("unreachable")

    def json(self, method: str, path: str, body: dict | None = None, token: str | None = None,
             expect: int = 200) -> tuple[object, float]:
        status, data, seconds = self.request(method, path, body, token)
        assert status == expect, (method, path, status, data[:300])
        return json.loads(data or b"null"), seconds

    def timed(self, path: str, token: str | None = None, cookies: bool = False) -> float:
        status, data, seconds = self.request("GET", path, token=token, cookies=cookies)
        assert status == 200, (path, status, data[:300])
        return seconds

    def login(self, token: str) -> None:
        """A browser confirming its magic link: GET shows the form (CSRF token), POST logs it in."""
        status, page, _ = self.request("GET", f"/play/{token}", cookies=True)
        assert status == 200, (status, page[:300])
        csrf = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
        status, _, _ = self.request("POST", f"/play/{token}", form={"csrf_token": csrf}, cookies=True)
        assert status == 303, status


# ------------------------------------------------------------------------------------ building games

class Grower:
    """Grows one game in-process: random legal decisions (up to DECISIONS) mixed with messages."""

    def __init__(self, svc, gid: str, seats: list[str], seed: int):
        self.svc, self.gid, self.seats = svc, gid, seats
        self.rng = random.Random(seed)
        self.decisions = self.messages = 0

    def grow(self, target: int) -> int:
        from domain.bots import random_choice
        from domain.game import ACTIVE

        rng, svc = self.rng, self.svc

        def command(game) -> None:
            stop = min(target, game.version + BATCH)
            while game.version < stop:
                if self.decisions < DECISIONS and game.status == ACTIVE and rng.random() < CHOICE_SHARE:
                    prompts = game.open_prompts()
                    prompt = prompts[rng.randrange(len(prompts))]
                    game.choose(prompt.seat, prompt.id, random_choice(prompt, rng), None, svc.now())
                    self.decisions += 1
                else:
                    seat = rng.choice(self.seats)
                    to = "all" if rng.random() < 0.85 else [rng.choice([s for s in self.seats if s != seat])]
                    game.post_message(seat, to, message_text(rng, self.messages), svc.now(),
                                      private_salt=secrets.token_hex(16))
                    self.messages += 1

        while svc.get(self.gid).version < target:
            svc.run_command(self.gid, command)
        return svc.get(self.gid).version


WORDS = ("I", "will", "take", "the", "grain", "if", "you", "leave", "me", "Consul", "next", "turn", "deal",
         "no", "way", "fine", "but", "only", "this", "once", "famine", "is", "coming", "build", "temple")


def message_text(rng: random.Random, n: int) -> str:
    return f"#{n} " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40)))


def bulk_games(svc, count: int, options: dict, label: str) -> float:
    """`count` new games through the real store, 500 at a time: `Game.create` as GameService.create_game
    does, saved together by the store's eventsourcing application, then in one transaction their index and
    wake-up rows (`service.store.index_row` and `wake_row`, the recorder's own upserts), seat tokens and
    contacts."""
    from domain.game import Game
    from service.games import DEFAULT_SEATS, new_token, token_hash
    from service.recorders import INDEX_UPSERT, WAKE_UPSERT
    from service.store import index_row, wake_row

    started = time.perf_counter()
    seats = DEFAULT_SEATS[:PLAYERS]
    games = []
    for n in range(count):
        games.append(Game.create(uuid.uuid4(), TITLE, [{"seat": s, "name": f"{label} {n} {s}"} for s in seats],
                                 dict(options), os.urandom(32).hex(), {s: token_hash(new_token()) for s in seats},
                                 svc.now()))
    for start in range(0, len(games), 500):
        batch = games[start:start + 500]
        svc.store.app.save(*batch)
        with svc.store.db.transaction() as cur:
            for game in batch:
                cur.execute(INDEX_UPSERT, index_row(game))
                cur.execute(WAKE_UPSERT, wake_row(game))
                for seat, hashed in game.token_hashes.items():
                    cur.execute("INSERT INTO tabularium_seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                                (hashed, str(game.id), seat))
                    cur.execute("INSERT INTO tabularium_contacts (game_id, seat, email, preference) "
                                "VALUES (?, ?, ?, 'every')", (str(game.id), seat, f"{seat}@example.org"))
    return time.perf_counter() - started


def game_count(svc) -> int:
    return svc.store.db.query("SELECT count(*) AS n FROM tabularium_games")[0]["n"]


# ------------------------------------------------------------------------------------ measuring

class Series:
    """Named series of samples per size; printed as p50 (p95) and the ratio to the first size."""

    def __init__(self):
        self.data: dict[str, dict[int | str, list[float]]] = {}
        self.order: list[str] = []

    def add(self, name: str, size: int | str, values: list[float] | float) -> None:
        if name not in self.data:
            self.data[name] = {}
            self.order.append(name)
        self.data[name].setdefault(size, []).extend(values if isinstance(values, list) else [values])


class LongGame:
    def __init__(self, svc, created: dict, label: str, seed: int):
        self.gid, self.label = created["id"], label
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        self.seats = list(self.tokens)
        self.grower = Grower(svc, self.gid, self.seats, seed)
        self.rng = random.Random(seed + 1)
        self.writes = 0


def write_then_view(client: Client, game: LongGame, rounds: int, size: int, series: Series) -> None:
    """Alternately an action and a message, each followed by the timed first view of the writing seat."""
    base = f"/api/games/{game.gid}"
    for n in range(rounds):
        summary, _ = client.json("GET", base, token=OPERATOR)
        if n % 2 == 0 and summary["status"] == "active" and summary["waiting_for"]:
            seat = game.rng.choice(summary["waiting_for"])
            token = game.tokens[seat]
            view, _ = client.json("GET", f"{base}/view", token=token)
            prompt = view["prompt"]
            for attempt in range(50):  # a form's random answer may be one the rules refuse: answer again
                body = {"prompt_id": prompt["id"], "choice": random_reply(prompt, game.rng),
                        "idempotency_key": f"bench-length-{game.label}-{game.writes}-{attempt}"}
                status, data, seconds = client.request("POST", f"{base}/actions", body, token)
                if status != 422 or not prompt.get("form"):
                    break
            assert status == 200, (status, data[:300])
            series.add(f"action ({game.label})", size, seconds)
        else:
            seat = game.rng.choice(game.seats)
            token = game.tokens[seat]
            client.json("POST", f"{base}/messages", {"text": message_text(game.rng, game.writes), "to": "all"},
                        token=token, expect=201)
        game.writes += 1
        series.add(f"view after write ({game.label})", size, client.timed(f"{base}/view", token=token))


def heavy(client: Client, path: str, token: str | None = None, cookies: bool = False,
          before=None) -> list[float]:
    samples: list[float] = []
    while len(samples) < HEAVY_MAX and (len(samples) < HEAVY_MIN or sum(samples) < HEAVY_SECONDS):
        if before:
            before()
        samples.append(client.timed(path, token=token, cookies=cookies))
    return samples


def worker_rss_mb(master_pid: int) -> list[float]:
    """VmRSS of each gunicorn worker (the master's children)."""
    rss = []
    try:
        children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    except OSError:
        return rss
    for pid in children:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        if found:
            rss.append(int(found.group(1)) / 1024)
    return rss


LOBBY_SERIES = [  # (name, path, bearer token?, compared rows?)
    ("lobby API (operator), same rows", "/api/games?limit={rows}", True, True),
    ("lobby page (operator session), same rows", "/?limit={rows}", False, True),
    ("lobby API (operator), default page", "/api/games", True, False),
    ("lobby page (operator session), default page", "/", False, False),
]


def audit_peak(svc, gid: str) -> tuple[float, float, int]:
    """(seconds, MB of peak RSS above the RSS before, events) of one full audit (`GameService.audit`, what
    `tabularium verify` and the public audit's full pass run) in this process: /proc's high-water mark
    (VmHWM) is reset first (clear_refs), so the peak is the audit's."""
    import gc

    def status(field: str) -> float:
        return int(re.search(rf"{field}:\s+(\d+) kB", Path("/proc/self/status").read_text()).group(1)) / 1024

    gc.collect()
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return 0.0, float("nan"), 0
    before = status("VmRSS")
    started = time.perf_counter()
    report = svc.audit(gid)
    seconds = time.perf_counter() - started
    assert report.ok, report.problems[:3]
    return seconds, status("VmHWM") - before, report.length


def lobby(client: Client, phase: str, series: Series, rows: int) -> None:
    """`phase`: "start" (few games) or "end" (many). The goal compares the same number of rows at both ends
    (`rows`, the games at the start: `?limit=`); the default page (50 rows, fewer at the start) is timed
    too, for its cost per row."""
    for _name, path, bearer, _same in LOBBY_SERIES:  # warm-up, untimed
        client.timed(path.format(rows=rows), token=OPERATOR if bearer else None, cookies=not bearer)
    for name, path, bearer, _same in LOBBY_SERIES:
        series.add(name, phase, [client.timed(path.format(rows=rows), token=OPERATOR if bearer else None,
                                              cookies=not bearer) for _ in range(LOBBY_REQUESTS)])


def tick_passes(svc_factory, count: int, series: Series) -> dict:
    """Passes of the ticker over the idle clocked games, on one long-lived service (as beat's worker);
    the first pass starts with empty caches, as `tabularium tick` does."""
    from workers.ticker import tick

    svc = svc_factory()
    try:
        summary = {}
        for _ in range(TICK_PASSES):
            started = time.perf_counter()
            summary = tick(svc)
            series.add("tick (idle clocked games)", count, time.perf_counter() - started)
        return summary
    finally:
        svc.close()


def warm_up(client: Client, seat_browser: Client, games: list[LongGame]) -> None:
    """Untimed: every endpoint once on the connections that time it, so that the smallest size (the base
    of every ratio) does not pay a fresh worker's first requests (imports, template compilation)."""
    for game in games:
        write_then_view(client, game, 2, 0, Series())
    gid = games[0].gid
    token = games[0].tokens[games[0].seats[0]]
    seat_browser.timed(f"/games/{gid}/history", cookies=True)
    client.timed(f"/api/games/{gid}/history", token=token)
    client.timed(f"/api/games/{gid}/audit")
    client.timed(f"/games/{gid}/audit")


# ------------------------------------------------------------------------------------ the run

def main() -> None:
    sys.path.insert(0, str(ROOT))
    from bench.bench_http import RawAppender, start_gunicorn, stop
    from service.config import Settings
    from service.games import GameService
    from tests.support import pg

    if not pg.postgres_available():
        print("skipped: PostgreSQL is not reachable at 127.0.0.1:5432")
        return
    sizes = sorted(_ints("BENCH_LENGTH_SIZES", "100,1000,5000,20000"))
    lobby_sizes = _ints("BENCH_LENGTH_LOBBY", "10,10000")
    tick_sizes = _ints("BENCH_LENGTH_TICK", "10,1000")
    rounds = int(os.environ.get("BENCH_LENGTH_ROUNDS", "12"))
    lobby_small, lobby_big = max(2, min(lobby_sizes)), max(2, max(lobby_sizes))
    tick_small, tick_big = min(tick_sizes), max(tick_sizes)
    run_started = time.perf_counter()
    url = pg.create_database()
    var = Path(tempfile.mkdtemp(prefix="bench-length-"))
    env = {**os.environ, "TABULARIUM_DATABASE_URL": url, "TABULARIUM_OPERATOR_TOKEN": OPERATOR,
           "TABULARIUM_SECRET_KEY": "bench-secret", "TABULARIUM_VAR_DIR": str(var),
           "TABULARIUM_MAIL_URL": f"file://{var}/mail", "TABULARIUM_RATELIMIT": "0",
           "TABULARIUM_BROKER_URL": "memory://", "TABULARIUM_MODE": "embedded", "PYTHONPATH": str(ROOT),
           # the chat caps (per seat and hour, ...) would refuse the timed writes' messages: raised, like the rate limits
           **{f"TABULARIUM_MESSAGES_PER_{k}": "100000000" for k in ("SEAT_HOUR", "SEAT_DAY", "GAME")}}
    bin_dir = Path(sys.executable).parent
    series, notes, rss, raw = Series(), {}, {}, {}
    proc = svc = appender = None

    def new_service():
        return GameService(Settings.from_env(database_url=url, create_tables=False, operator_token=OPERATOR,
                                             secret_key="bench-secret"))

    try:
        subprocess.run([str(bin_dir / "tabularium"), "init-db"], env=env, check=True, capture_output=True)
        env["TABULARIUM_CREATE_TABLES"] = "no"
        os.environ.update({k: env[k] for k in ("TABULARIUM_SECRET_KEY", "TABULARIUM_VAR_DIR")})
        svc = new_service()
        players = [{"name": f"Player {i}", "email": f"p{i}@example.org"} for i in range(PLAYERS)]
        games = [LongGame(svc, svc.create_game(TITLE, players, {}), "no deadlines", 11),
                 LongGame(svc, svc.create_game(TITLE, players, {"clock": dict(CLOCK)}), "deadlines", 23)]
        bulk_games(svc, lobby_small - game_count(svc), {}, "Lobby")
        port, proc = start_gunicorn(env, var / "gunicorn.log", bin_dir)
        appender = RawAppender(url)
        appender.run(30)
        client, seat_browser, operator_browser = Client(port), Client(port), Client(port)
        first = games[0]
        seat_browser.login(first.tokens[first.seats[0]])
        operator_browser.login(OPERATOR)

        notes["lobby small"] = game_count(svc)
        lobby(operator_browser, "start", series, notes["lobby small"])
        warm_up(client, seat_browser, games)

        for size in sizes:
            built = time.perf_counter()
            lengths = [g.grower.grow(size) for g in games]
            notes.setdefault("build", []).append((size, lengths, time.perf_counter() - built))
            for game in games:
                write_then_view(client, game, rounds, size, series)
            token = first.tokens[first.seats[0]]
            base = f"/api/games/{first.gid}"

            def news(base: str = base, token: str = token) -> None:
                client.json("POST", f"{base}/messages", {"text": "news", "to": "all"}, token=token, expect=201)

            news()
            series.add("history page, first after growing (info)", size,
                       seat_browser.timed(f"/games/{first.gid}/history", cookies=True))
            series.add("history page (seat session)", size,
                       heavy(seat_browser, f"/games/{first.gid}/history", cookies=True, before=news))
            client.timed(f"{base}/history", token=token)
            series.add("history API (seat token)", size, heavy(client, f"{base}/history", token=token, before=news))
            series.add("audit API (public)", size, heavy(client, f"{base}/audit", before=news))
            series.add("audit page (public)", size, heavy(client, f"/games/{first.gid}/audit", before=news))
            series.add("audit API, repeated without a write (info)", size,
                       [client.timed(f"{base}/audit") for _ in range(5)])
            rss[size] = worker_rss_mb(proc.pid)
            raw[size] = appender.run(RAW_PER_SIZE)
            series.add("raw append (baseline)", size, raw[size])
        notes["decisions"] = [(g.label, g.grower.decisions, g.grower.messages) for g in games]
        notes["audit peak"] = audit_peak(svc, first.gid)

        for game in games:  # the tick below is over idle games only
            svc.abandon(game.gid, "operator", "benchmark over")
        notes["tick build"] = bulk_games(svc, tick_small, {"clock": dict(CLOCK)}, "Tick")
        notes["tick small"] = tick_passes(new_service, tick_small, series)
        notes["tick build"] += bulk_games(svc, tick_big - tick_small, {"clock": dict(CLOCK)}, "Tick")
        notes["tick big"] = tick_passes(new_service, tick_big, series)
        raw["tick"] = appender.run(RAW_PER_SIZE)

        notes["lobby build"] = bulk_games(svc, max(0, lobby_big - game_count(svc)), {}, "Lobby")
        notes["lobby big"] = game_count(svc)
        lobby(operator_browser, "end", series, notes["lobby small"])
        raw["lobby"] = appender.run(RAW_PER_SIZE)
    finally:
        if appender is not None:
            appender.close()
        if svc is not None:
            svc.close()
        stop(proc)
        pg.drop_database(url)
        shutil.rmtree(var, ignore_errors=True)
    report(series, sizes, notes, rss, raw, (tick_small, tick_big), rounds, time.perf_counter() - run_started)


# ------------------------------------------------------------------------------------ the report

def chunk_size() -> int:
    from service.audit_stored import CHUNK

    return CHUNK


PER_REQUEST = ["view after write (no deadlines)", "view after write (deadlines)", "action (no deadlines)",
               "action (deadlines)", "history page (seat session)", "history API (seat token)",
               "audit API (public)", "audit page (public)"]
INFO = ["history page, first after growing (info)", "audit API, repeated without a write (info)",
        "raw append (baseline)"]


def cell(values: list[float], base: list[float] | None, p95: bool = True, unit: float = MS, fmt="{:.1f}") -> str:
    p50 = statistics.median(values)
    text = fmt.format(p50 * unit) + (f"/{fmt.format(percentile(values, 0.95) * unit)}" if p95 else "")
    if base:
        text += f" ({p50 / statistics.median(base):.2f}x)"
    return text


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    for r in [header] + rows:
        print("length | " + " | ".join(c.ljust(w) for c, w in zip(r, widths)))


def report(series: Series, sizes: list[int], notes: dict, rss: dict, raw: dict, tick_sizes: tuple,
           rounds: int, seconds: float) -> None:
    small, big = sizes[0], sizes[-1]
    all_raw = [v for values in raw.values() for v in values]
    print(f"length title: {TITLE}, {PLAYERS} players; games grown in-process through GameService on PostgreSQL "
          f"({BATCH} events a save): random legal play (domain.bots.random_choice, as service.simulate) for "
          f"the first {DECISIONS} decisions ({int(CHOICE_SHARE * 100)}% of the events until then), the rest "
          f"padded with posted messages (85% to all, 15% private)")
    for label, decisions, messages in notes.get("decisions", []):
        print(f"length game ({label}): {decisions} decisions and {messages} messages while growing, "
              f"plus the timed writes")
    for size, lengths, built in notes.get("build", []):
        print(f"length grown to {size}: {', '.join(map(str, lengths))} events in {built:.1f} s")
    print("length server: gunicorn as deployed (deploy/gunicorn.conf.py: 2 workers, gthread), PostgreSQL, "
          "loopback; one client, sequential requests; rate limits off")
    print(f"length samples: {rounds} writes per game and size (actions and messages alternately), each followed "
          f"by its view; history/audit {HEAVY_MIN}-{HEAVY_MAX} requests (until {HEAVY_SECONDS:.0f} s), each "
          f"after a posted message; "
          f"lobby {LOBBY_REQUESTS}; tick {TICK_PASSES} passes")
    print(f"length raw eventsourcing append (baseline, same database, one save per event, {len(all_raw)} "
          f"appends in rounds between the series): p50 {statistics.median(all_raw) * MS:.2f} ms")
    print("length cells: p50/p95 ms (ratio of the p50 to the smallest size's p50)")
    header = ["series"] + [f"{s} events" for s in sizes] + [f"goal: {big} <= {GOAL_GROWTH}x {small}", "verdict"]
    rows = []
    for name in [n for n in [*PER_REQUEST, *INFO] if n in series.data]:
        data = series.data[name]
        base = data.get(small)
        cells = [cell(data[s], base) if s in data else "-" for s in sizes]
        if name in PER_REQUEST and big in data and base:
            growth = statistics.median(data[big]) / statistics.median(base)
            rows.append([name] + cells + [f"{growth:.2f}x", verdict(growth <= GOAL_GROWTH)])
        else:
            rows.append([name] + cells + ["(info)" if "info" in name or "raw" in name else "-", ""])
    table(header, rows)

    t_small, t_big = tick_sizes
    tick = series.data.get("tick (idle clocked games)", {})
    if t_small in tick and t_big in tick:
        small_p50, big_p50 = statistics.median(tick[t_small]), statistics.median(tick[t_big])
        print(f"length tick (workers.ticker.tick over idle clocked games, {TICK_PASSES} passes on one service, "
              f"the first with empty caches): {t_small} games p50 {small_p50 * MS:.0f} ms; {t_big} games p50 "
              f"{big_p50 * MS:.0f} ms ({big_p50 / small_p50:.2f}x; first pass {tick[t_big][0] * MS:.0f} ms; "
              f"{big_p50 / t_big * 1e6:.0f} us a game; the ticker loaded "
              f"{notes.get('tick big', {}).get('games')} due games); goal {t_big} games < {GOAL_TICK_S:.0f} s: "
              f"{verdict(big_p50 < GOAL_TICK_S)}")
    l_small, l_big = notes.get("lobby small"), notes.get("lobby big")
    print(f"length lobby: {l_small} games in the database at the start, {l_big} at the end (bulk-created in "
          f"{notes.get('lobby build', 0):.0f} s, the tick's games in {notes.get('tick build', 0):.0f} s)")
    full = min(LOBBY_PAGE, l_big or 0)
    for name, _path, _bearer, same in LOBBY_SERIES:
        data = series.data.get(name, {})
        if "start" not in data or "end" not in data:
            continue
        start, end = statistics.median(data["start"]), statistics.median(data["end"])
        if same:
            print(f"length {name} ({l_small} rows at both ends): {l_small} games p50/p95 {cell(data['start'], None)} "
                  f"ms; {l_big} games {cell(data['end'], data['start'])} ms; goal {l_big} games <= "
                  f"{GOAL_LOBBY:.0f}x {l_small}: {verdict(end / start <= GOAL_LOBBY)}")
        else:
            per_row = (end - start) / (full - l_small) * MS * 1000 if full > l_small else 0.0
            print(f"length {name} (info: {l_small} rows, then {full}): {l_small} games p50/p95 "
                  f"{cell(data['start'], None)} ms; {l_big} games {cell(data['end'], data['start'])} ms; "
                  f"about {per_row:.0f} us a row")
    if rss:
        first, last = max(rss[small] or [0]), max(rss[big] or [0])
        print(f"length worker RSS (largest gunicorn worker, after the history/audit requests): {small} events "
              f"{first:.0f} MB; {big} events {last:.0f} MB ({last / first if first else 0:.2f}x); "
              f"goal < {GOAL_RSS_MB} MB after the longest game: {verdict(0 < last < GOAL_RSS_MB)}")
    if "audit peak" in notes:
        audit_s, audit_mb, audit_events = notes["audit peak"]
        print(f"length full audit in process (GameService.audit of the longest game, {audit_events} events, as "
              f"verify runs it; streamed in chunks of {chunk_size()}): {audit_s:.2f} s, peak RSS +{audit_mb:.1f} MB")
    print(f"length run: {seconds:.0f} s")


if __name__ == "__main__":
    main()
