"""bench.bench_length runs end to end at tiny sizes and prints a line for every series (no timing asserted)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.bench_length import PER_REQUEST
from tests.support import pg

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.postgres


def test_the_length_series_runs_and_reports_every_series():
    pg.require_postgres()
    env = {**os.environ, "BENCH_LENGTH_SIZES": "20,50", "BENCH_LENGTH_LOBBY": "3", "BENCH_LENGTH_TICK": "2,3",
           "BENCH_LENGTH_ROUNDS": "4", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bench.bench_length"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    table = [line for line in lines if line.startswith("length | ")]
    assert "20 events" in table[0] and "50 events" in table[0]
    for name in [*PER_REQUEST, "raw append (baseline)"]:
        row = next((line for line in table if f"| {name} " in line), None)
        assert row is not None, f"no row for {name}:\n{done.stdout}"
        assert row.count(" ms") == 0 and row.count("x)") >= 2  # a p50/p95 (ratio) cell per size
        if name in PER_REQUEST:
            assert row.rstrip().endswith(("MET", "NOT MET")), row
    for prefix in ("length tick ", "length lobby API (operator), same rows (3 rows at both ends)",
                   "length lobby page (operator session), same rows (3 rows at both ends)",
                   "length lobby API (operator), default page (info", "length lobby page (operator session), "
                   "default page (info", "length worker RSS ", "length raw eventsourcing append (baseline",
                   "length full audit in process "):
        line = next((line for line in lines if line.startswith(prefix)), None)
        assert line is not None, f"no line {prefix!r}:\n{done.stdout}"
        if "(baseline" not in prefix and "(info" not in prefix and "full audit" not in prefix:
            assert line.rstrip().endswith(("MET", "NOT MET")), line
    assert "grown to 50" in done.stdout and "padded with posted messages" in done.stdout
