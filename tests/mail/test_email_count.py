"""How many e-mails a player gets in a whole 4-player Sylla game (issue #13, "Calmer e-mail").

Random 4-player games through the real service, outbox and file transport, with the production settle
time (MailConfig.turn_settle_seconds, 120 s) simulated on a fake clock shared by the service (events'
`at`) and the outbox (rows due, claimed). Players answer at human-like random delays: a player who acted
in the last quarter of an hour is still at the table and answers in 15-100 s; otherwise, in the "mixed"
model, they happen to be on the game page with probability 0.2 (15-100 s), else the turn e-mail reaches
them and they answer after 20 minutes to 8 hours; in the "away" model (the worst case: nobody ever on
the page when the game comes back to them) always the latter. Answers go through the service (the web
page, the API): no reply confirmations.

Goals asserted, per player:
* at most one e-mail per round trip: a round trip is a decision the server had to bring to the player,
  one still the player's when the settle time after it opened had passed (recomputed here from the log's
  times, independently of notifications/compose.py);
* fewer than 40 e-mails for the whole game (every kind), in the mixed model. The away model is printed
  beside it (about 46: Sylla asks each player some 55 decisions a game, most of them in turn order).

The statistic (mean/max per player, per kind) is printed; run with `-s` to read it:
    pytest tests/mail/test_email_count.py -s
TABULARIUM_COUNT_GAMES sets the number of games (default 2).
"""
from __future__ import annotations

import os
import random
import statistics
from datetime import datetime, timezone

import pytest

from domain.forms import random_legal
from domain.rules import titles
from notifications import outbox
from notifications.delivery import flush
from notifications.outbox import iso_epoch
from service.composition import build
from service.config import Settings
from tests.mail.helpers import PLAYERS, Mailboxes

SETTLE = 120.0
AT_THE_TABLE = 15 * 60
GAMES = int(os.environ.get("TABULARIUM_COUNT_GAMES", "2"))

pytestmark = pytest.mark.skipif("sylla" not in titles(), reason="Sylla is not installed")


class FakeClock:
    def __init__(self, start: float):
        self.now = start

    def epoch(self) -> float:
        return self.now

    def utc(self) -> datetime:
        return datetime.fromtimestamp(self.now, timezone.utc)


def _service(tmp_path, clock: FakeClock, n: int):
    settings = Settings.from_env(database_url=f"sqlite:///{tmp_path}/events-{n}.sqlite3", secret_key="test-secret",
                                 test_titles=True, mode="embedded", mail_url=f"file://{tmp_path}/mail-{n}",
                                 inbound_address="play@games.example.org", base_url="https://games.example.org")
    return build(settings, clock.utc).games


def _play_one(tmp_path, monkeypatch, n: int, on_page: float) -> dict:
    clock = FakeClock(1_900_000_000.0 + n * 10_000_000)
    monkeypatch.setattr(outbox, "clock", clock.epoch)
    svc = _service(tmp_path, clock, n)
    rng = random.Random(1300 + n)
    gid = svc.create_game("sylla", PLAYERS[:4], {}, seed=f"{n:02x}" * 32)["id"]
    flush(svc)
    answer_at: dict[tuple[str, str], float] = {}
    last_acted: dict[str, float] = {}
    steps = 0
    while svc.get(gid).status == "active":
        game = svc.get(gid)
        prompts = {p.seat: p for p in game.open_prompts()}
        for seat, prompt in prompts.items():
            if (seat, prompt.id) not in answer_at:
                here = clock.now - last_acted.get(seat, -1e12) < AT_THE_TABLE or rng.random() < on_page
                delay = rng.uniform(15, 100) if here else rng.uniform(20 * 60, 8 * 3600)
                answer_at[(seat, prompt.id)] = clock.now + delay
        seat, prompt = min(prompts.items(), key=lambda sp: answer_at[(sp[0], sp[1].id)])
        clock.now = max(clock.now, answer_at[(seat, prompt.id)])
        flush(svc)  # everything due by now (late sending changes nothing: the rule reads the log's times)
        game = svc.get(gid)
        svc.choose(gid, seat, prompt.id, random_legal(game.rules, game.state, prompt, rng), key=f"k{steps}")
        last_acted[seat] = clock.now
        steps += 1
        assert steps < 2000
    clock.now += 86400
    flush(svc)
    boxes = Mailboxes(tmp_path / f"mail-{n}")
    address = {seat: c["email"] for seat, c in svc.store.contacts(gid).items()}
    kinds = {seat: {} for seat in address}
    for seat, email in address.items():
        for m in boxes.to(email):
            k = str(m["X-Tabularium-Kind"])
            kinds[seat][k] = kinds[seat].get(k, 0) + 1
    trips = _round_trips(svc, gid)
    svc.close()
    return {"kinds": kinds, "trips": trips, "decisions": steps}


def _round_trips(svc, gid) -> dict[str, int]:
    """Per seat, the decisions that were still the seat's `SETTLE` seconds after they opened (folding
    the log by its events' times): the ones the server had to bring to the player."""
    events = svc.events(gid)
    times = [iso_epoch(e.content["at"]) for e in events]
    trips: dict[str, int] = {}
    game, before = None, {}
    for n, event in enumerate(events):
        game = event.mutate(game)
        after = {p.seat: p.id for p in game.open_prompts()}
        for seat, pid in after.items():
            if before.get(seat) == pid:
                continue
            version = n + 1
            while version < len(events) and times[n] <= times[version] <= times[n] + SETTLE:
                version += 1
            then = svc.get(gid, version=version)
            still = then.status == "active" and then.prompt_for(seat) is not None \
                and then.prompt_for(seat).id == pid
            trips[seat] = trips.get(seat, 0) + still
        before = after
    return trips


def _statistic(tmp_path, monkeypatch, model: str, on_page: float, games: int, first: int) -> dict:
    totals, per_kind, turns, trips_all, decisions = [], {}, [], [], []
    for n in range(first, first + games):
        result = _play_one(tmp_path, monkeypatch, n, on_page)
        decisions.append(result["decisions"])
        for seat, kinds in result["kinds"].items():
            trips = result["trips"].get(seat, 0)
            assert kinds.get("your_turn", 0) <= trips, (model, seat, kinds, trips)
            assert kinds.get("invitation") == 1 and kinds.get("finished") == 1, kinds
            totals.append(sum(kinds.values()))
            turns.append(kinds.get("your_turn", 0))
            trips_all.append(trips)
            for k in set(per_kind) | set(kinds):
                per_kind.setdefault(k, []).append(kinds.get(k, 0))
    assert sum(turns) > 0, "no turn e-mail at all: the simulation never let a decision wait"
    print(f"\n[e-mail count] model {model}: {games} random 4-player Sylla games, settle {SETTLE:.0f} s; "
          f"decisions per game: {statistics.mean(decisions):.0f}")
    print(f"[e-mail count] e-mails per player: mean {statistics.mean(totals):.1f}, max {max(totals)}")
    for k in sorted(per_kind):
        print(f"[e-mail count]   {k}: mean {statistics.mean(per_kind[k]):.1f}, max {max(per_kind[k])}")
    print(f"[e-mail count] round trips per player: mean {statistics.mean(trips_all):.1f}; "
          f"your-turn e-mails per round trip: {sum(turns) / max(1, sum(trips_all)):.2f}")
    return {"max": max(totals), "mean": statistics.mean(totals)}


def test_a_player_gets_at_most_one_email_per_round_trip_and_fewer_than_40_a_game(tmp_path, monkeypatch):
    monkeypatch.delenv("TABULARIUM_MAIL_SETTLE_SECONDS", raising=False)  # the production default
    assert outbox.MailConfig.from_env().turn_settle_seconds == SETTLE
    mixed = _statistic(tmp_path, monkeypatch, "mixed", 0.2, GAMES, 0)
    assert mixed["max"] < 40, mixed
    _statistic(tmp_path, monkeypatch, "away", 0.0, 1, GAMES)  # printed; one e-mail per round trip still holds
