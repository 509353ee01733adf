from service.metrics import Counters, exposition


def test_counters_in_memory_and_prometheus_text():
    counters = Counters()
    counters.inc("tabularium_actions_total", result="accepted")
    counters.inc("tabularium_actions_total", result="accepted")
    counters.inc("tabularium_actions_total", result="refused")
    text = exposition(counters.snapshot(), {'tabularium_games{status="active"}': 3})
    assert 'tabularium_actions_total{result="accepted"} 2' in text
    assert 'tabularium_actions_total{result="refused"} 1' in text
    assert "# TYPE tabularium_actions_total counter" in text
    assert '# TYPE tabularium_games gauge\ntabularium_games{status="active"} 3' in text


def _redis_or_fail():
    import os

    import pytest
    import redis

    client = redis.Redis.from_url("redis://127.0.0.1:6379/13")
    try:
        client.ping()
    except redis.ConnectionError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not running")
    return client


def test_counts_reach_redis_in_one_batch_and_every_process_sees_them(monkeypatch):
    """Two processes (two Counters) on one Redis: counts are sent at most once a window, and a scrape
    in either sees both, the scraping process's own pending counts included."""
    import time

    from service import metrics

    client = _redis_or_fail()
    monkeypatch.setattr(metrics, "KEY", f"test-metrics-{time.time_ns()}")
    a = metrics.Counters("redis://127.0.0.1:6379/13", flush_seconds=0.2)
    b = metrics.Counters("redis://127.0.0.1:6379/13", flush_seconds=0.2)
    for _ in range(5):
        a.inc("tabularium_actions_total", result="accepted")
    assert client.hgetall(metrics.KEY) == {}  # not yet: one round trip per window, not per count
    b.inc("tabularium_actions_total", result="refused")
    assert b.snapshot() == {'tabularium_actions_total{result="refused"}': 1}  # a's are still pending
    deadline = time.monotonic() + 5  # a's window ends on its own timer, without any further request
    while time.monotonic() < deadline and not client.hget(metrics.KEY, 'tabularium_actions_total{result="accepted"}'):
        time.sleep(0.05)
    assert b.snapshot() == {'tabularium_actions_total{result="accepted"}': 5,
                            'tabularium_actions_total{result="refused"}': 1}
    client.delete(metrics.KEY)


def test_counts_stay_in_the_process_when_redis_is_down():
    counters = Counters("redis://127.0.0.1:1/0", flush_seconds=60)
    counters.inc("tabularium_actions_total", result="accepted")
    assert counters.snapshot() == {'tabularium_actions_total{result="accepted"}': 1}
