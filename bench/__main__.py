"""`make bench`: every benchmark module in turn, each printing its figures beside a same-run baseline."""
from __future__ import annotations

import importlib
import sys
import traceback

MODULES = ["bench.bench_store", "bench.bench_sylla", "bench.bench_http", "bench.bench_outbox", "bench.bench_length",
           "bench.bench_republic_of_rome", "bench.bench_senate_round_trips"]


def main() -> int:
    failed = 0
    for name in MODULES:
        print(f"== {name}", flush=True)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                print(f"skipped: {name} is not there yet")
                continue
            raise
        try:
            module.main()
        except Exception:  # one broken benchmark must not hide the others' figures
            failed += 1
            traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
