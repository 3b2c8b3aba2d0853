"""Collection of the whole benchmark against a trivial suite of the same size.

Run: ``.venv/bin/python benchmarks/bench_collection.py [--repeats 5]``. Times ``pytest pairs
--collect-only -q`` and ``pytest <tmp>/test_trivial.py --collect-only -q`` (a generated file of as
many no-op parametrized tests as the benchmark schedules), interleaved so load on the machine hits
both alike, and prints the medians and their ratio (docs/performance.md, "Collection").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", "--collect-only", "-q"]

TRIVIAL = '''import pytest


@pytest.mark.parametrize("i", range({n}))
def test_trivial(i):
    pass
'''


#: Byte-code caches as a user has them from the second run on (PYTHONDONTWRITEBYTECODE=1 would
#: make every run recompile, and assertion-rewrite, every harness module).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _timed(args: list[str], cwd: Path) -> tuple[float, int]:
    t = time.perf_counter()
    out = subprocess.run([*PYTEST, *args], cwd=cwd, capture_output=True, text=True, check=True, env=ENV).stdout
    return time.perf_counter() - t, sum(1 for line in out.splitlines() if "::test_" in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        _, n = _timed(["pairs"], ROOT)  # warm-up, and the number of scheduled pairs
        (Path(tmp) / "test_trivial.py").write_text(TRIVIAL.format(n=n))
        pairs, trivial = [], []
        for _ in range(args.repeats):
            pairs.append(_timed(["pairs"], ROOT)[0])
            trivial.append(_timed(["test_trivial.py"], Path(tmp))[0])
    result = {"items": n, "repeats": args.repeats, "pairs_median_s": round(statistics.median(pairs), 3),
              "trivial_median_s": round(statistics.median(trivial), 3),
              "ratio": round(statistics.median(pairs) / statistics.median(trivial), 2)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
