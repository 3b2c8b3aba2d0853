"""Collection of the whole benchmark against a trivial suite of the same size.

Run: ``.venv/bin/python benchmarks/bench_collection.py [--repeats 5]``. Times ``pytest pairs
--collect-only -q`` and ``pytest <tmp>/test_trivial.py --collect-only -q`` (a generated file of as
many no-op parametrized tests as the benchmark schedules), interleaved so load on the machine hits
both alike, and prints the medians and their ratio (docs/performance.md, "Collection"): wall
time, and the CPU time (user + system) of the pytest process, which load on a shared machine
disturbs less. Both commands run as a user runs them, with pytest's cache: the warm-up run leaves
the pair list there, as any earlier collection does (``pytest_anyapp/pair_index.py``). The
``cold`` figures are the first collection after an edit to the harness or a bundle (measured with
``-p no:cacheprovider``, so the pair list is worked out from the bundles every time).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:randomly", "--collect-only", "-q"]

TRIVIAL = '''import pytest


@pytest.mark.parametrize("i", range({n}))
def test_trivial(i):
    pass
'''


#: Byte-code caches as a user has them from the second run on (PYTHONDONTWRITEBYTECODE=1 would
#: make every run recompile, and assertion-rewrite, every harness module).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(args: list[str], cwd: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and the number of tests listed."""
    t, cpu = time.perf_counter(), _cpu()
    out = subprocess.run([*PYTEST, *args], cwd=cwd, capture_output=True, text=True, check=True, env=ENV).stdout
    return time.perf_counter() - t, _cpu() - cpu, sum(1 for line in out.splitlines() if "::test_" in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        n = _timed(["pairs"], ROOT)[2]  # warm-up, and the number of scheduled pairs
        (Path(tmp) / "test_trivial.py").write_text(TRIVIAL.format(n=n))
        _timed(["test_trivial.py"], Path(tmp))
        pairs, trivial, cold = [], [], []
        for _ in range(args.repeats):
            pairs.append(_timed(["pairs"], ROOT)[:2])
            trivial.append(_timed(["test_trivial.py"], Path(tmp))[:2])
            cold.append(_timed(["-p", "no:cacheprovider", "pairs"], ROOT)[:2])

    def median(runs: list[tuple[float, float]], which: int) -> float:
        return statistics.median(run[which] for run in runs)

    result = {"items": n, "repeats": args.repeats, "pairs_median_s": round(median(pairs, 0), 3),
              "trivial_median_s": round(median(trivial, 0), 3),
              "ratio": round(median(pairs, 0) / median(trivial, 0), 2),
              "pairs_cpu_median_s": round(median(pairs, 1), 3), "trivial_cpu_median_s": round(median(trivial, 1), 3),
              "cpu_ratio": round(median(pairs, 1) / median(trivial, 1), 2),
              "cold_median_s": round(median(cold, 0), 3), "cold_ratio": round(median(cold, 0) / median(trivial, 0), 2),
              "cold_cpu_median_s": round(median(cold, 1), 3),
              "cold_cpu_ratio": round(median(cold, 1) / median(trivial, 1), 2)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
