"""Benchmark ``anyapp report`` on >= 100,000 synthetic episode records (numbers go to docs/performance.md).

Design: the full cohort shape (10 categories, 52 apps, 10 templates, 3 instances = 1,560 episodes per
model x condition x replicate run), in two compositions of >= 100k records:

* ``replicates``: 5 models x 3 conditions (c1, c2_g, c2_o) x 5 replicate runs = 117,000 records
  (bootstraps run on the selected replicate: 15 headlines, 10 contrasts);
* ``models``: 22 models x 3 conditions x 1 run = 102,960 records (66 headlines, 44 contrasts: the
  bootstrap-heavy case).

Phases timed (median of --repeat runs where cheap):
  cold index   first ``open_index`` (parses every episode.json once, writes each run's index);
  load         warm ``open_index`` (stat scan of all records + DuckDB read of the per-run indexes);
  points       load + every point estimate and table (``--replicates 0``), Markdown + LaTeX rendered;
  full         load + the whole report with 10,000 bootstrap replicates, tables, CSV/JSON written;
  plots        the matplotlib figures of the full report (PNG + SVG).

Budgets (issue 17): points <= 5 s, full <= 60 s on this 2-core machine.

Usage: python benchmarks/bench_report.py [--dir DIR] [--composition replicates|models|both] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pytest_anyapp.report.analysis import build_report, load_data  # noqa: E402
from pytest_anyapp.report.eligibility import assess  # noqa: E402
from pytest_anyapp.report.export import write_report  # noqa: E402
from pytest_anyapp.report.index import INDEX_DIR, open_index  # noqa: E402
from pytest_anyapp.report.synthetic import Design, write_runs  # noqa: E402
from pytest_anyapp.report.tables import build_tables, render_latex, render_markdown  # noqa: E402

CATEGORY_NAMES = ("tasks", "notes", "finance", "music", "calendar", "sms", "files", "maps", "contacts", "clock")
APPS_PER_CATEGORY = (6, 5, 5, 5, 5, 5, 5, 6, 5, 5)  # 52 apps


def cohort() -> dict[str, tuple[str, list[str]]]:
    return {c: (f"{c}_orig", [f"{c}_new{k}" for k in range(1, n)]) for c, n in zip(CATEGORY_NAMES, APPS_PER_CATEGORY, strict=False)}


def design(composition: str) -> Design:
    common = {"conditions": ("c1", "c2_g", "c2_o"), "categories": cohort(),
              "templates": tuple(f"Task{k}" for k in range(10)), "instances": (0, 1, 2), "steps": 3}
    if composition == "replicates":
        return Design(models=tuple(f"Model{k}" for k in range(5)), replicates=5, **common)  # type: ignore[arg-type]
    return Design(models=tuple(f"Model{k:02d}" for k in range(22)), replicates=1, **common)  # type: ignore[arg-type]


def outcome(model: str, cond: str, rep: int, cat: str, app: str, tmpl: str, inst: int) -> str | None:
    r = random.Random(f"{model}|{cond}|{rep}|{cat}|{app}|{tmpl}|{inst}").random()
    return "i" if r < 0.02 else ("s" if r < 0.5 else "f")


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, list[float], float]:
    """Median wall time, all wall times, median CPU time of this process (all threads)."""
    times, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(times), times, statistics.median(cpu)


def run(composition: str, root: Path, repeat: int) -> None:
    d = design(composition)
    target = root / composition
    if not target.exists():
        t = time.perf_counter()
        write_runs(target, d, outcome)
        print(f"[{composition}] generated in {time.perf_counter() - t:.1f} s", flush=True)
    runs = sorted(p for p in target.iterdir() if p.is_dir())
    for r in runs:
        shutil.rmtree(r / INDEX_DIR, ignore_errors=True)
    t, c = time.perf_counter(), time.process_time()
    open_index([target]).close()
    cold, cold_cpu = time.perf_counter() - t, time.process_time() - c

    def load() -> None:
        open_index([target]).close()

    def points() -> None:
        index = open_index([target])
        data = load_data(index)
        report = build_report(index, assess(index, data), replicates=0, data=data)
        for table in build_tables(report):
            render_markdown(table)
            render_latex(table)
        index.close()

    out = Path(tempfile.mkdtemp(prefix="bench-report-out-"))
    state: dict[str, object] = {}

    def full() -> None:
        index = open_index([target])
        data = load_data(index)
        report = build_report(index, assess(index, data), replicates=10_000, data=data)
        write_report(out, report, build_tables(report))
        state["report"] = report
        index.close()

    index = open_index([target])
    n = index.n_rows
    index.close()
    load_med, load_all, load_cpu = timed(load, repeat)
    points_med, points_all, points_cpu = timed(points, repeat)
    full_med, full_all, full_cpu = timed(full, max(1, repeat // 2))
    from pytest_anyapp.report.plots import draw_all

    plots_med, _, plots_cpu = timed(lambda: draw_all(state["report"], out / "plots"), 1)  # type: ignore[arg-type]
    shutil.rmtree(out, ignore_errors=True)
    print(f"[{composition}] records={n} runs={len(runs)} cpus={os.cpu_count()} load_avg={os.getloadavg()[0]:.1f}")
    print("  phase          wall s (median; all)            cpu s   wall/budget")
    print(f"  cold index   {cold:8.2f}                            {cold_cpu:7.2f}   ({n / cold:,.0f} records/s)")
    print(f"  load (warm)  {load_med:8.2f} {[round(x, 2) for x in load_all]!s:24} {load_cpu:7.2f}")
    print(f"  points+tables{points_med:8.2f} {[round(x, 2) for x in points_all]!s:24} {points_cpu:7.2f}   "
          f"{points_med / 5:.2f}x of 5 s")
    print(f"  full 10k reps{full_med:8.2f} {[round(x, 2) for x in full_all]!s:24} {full_cpu:7.2f}   "
          f"{full_med / 60:.2f}x of 60 s")
    print(f"  plots        {plots_med:8.2f}                            {plots_cpu:7.2f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "anyapp-bench-report",
                        help="where synthetic runs are generated (kept and reused between invocations)")
    parser.add_argument("--composition", choices=("replicates", "models", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for comp in (("replicates", "models") if args.composition == "both" else (args.composition,)):
        run(comp, args.dir, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
