"""The production topology smoke test (`make prod-smoke`), inside `make test`: real gunicorn, Celery
worker and beat, PostgreSQL, Redis and an SMTP sink, as separate processes."""
import os
import subprocess
import sys

import pytest

from tests.support import pg


def _redis_up() -> bool:
    import redis

    try:
        return bool(redis.Redis(host="127.0.0.1", port=6379, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


def test_production_stack_plays_a_whole_sylla_game_and_the_republic_of_rome():
    pg.require_postgres()
    if not _redis_up():
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable at 127.0.0.1:6379 (CI=true: a missing service fails the run)")
        pytest.skip("Redis is not reachable at 127.0.0.1:6379")
    result = subprocess.run([sys.executable, "-m", "tests.prod.smoke"], capture_output=True, text=True,
                            timeout=900, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    assert "prod-smoke: sylla:" in result.stdout and "prod-smoke: republic_of_rome:" in result.stdout
    print(result.stdout)
