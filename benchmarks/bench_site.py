"""Benchmark ``anyapp publish`` (the results site) at the issue's full shape (numbers go to docs/performance.md).

Shape: 22 models × 3 conditions (c1, c2_g, c2_o) × 1,560 episodes (10 categories, 52 apps, 10
templates, 3 instances) = 102,960 records, written once by ``write_store_runs`` (typed records
through ``RunStore``, each ledgered: the runs verify and are analysis-eligible, so the site is
built as ``anyapp publish`` builds it, without ``--allow-ineligible``) and reused from ``--dir``.

Measured:
  build        ``anyapp publish`` in this process: wall and CPU, and the HTML part of it;
  files        file count, total size, the largest file and the largest of each kind of page;
  load         the leaderboard (index), an app page and an episode page in headless Chromium
               (Playwright, Debian's chromium), from file:// and from a plain static server
               (``python -m http.server``): median of --loads fresh page loads, time to the load event.

The issue's targets: no file over 5 MB; the leaderboard and app pages load in under 2 s.

Usage: python benchmarks/bench_site.py [--dir DIR] [--replicates 10000] [--loads 5] [--keep-site]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_report import design, outcome  # noqa: E402

from pytest_anyapp.report.synthetic import write_store_runs  # noqa: E402

CHROMIUM = os.environ.get("ANYAPP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
DONE = ".generated"
MB = 1024 * 1024


def _one_run(root: Path, model: str, condition: str) -> None:
    full = design("models")
    write_store_runs(root, dataclasses.replace(full, models=(model,), conditions=(condition,)), outcome)


def generate(root: Path, workers: int) -> list[Path]:
    """The full-shape runs under ``root`` (written once; a marker says the set is complete). Each run
    is written by one process (its own ledger); records are fsynced, so a few processes overlap the waits."""
    if not (root / DONE).exists():
        shutil.rmtree(root, ignore_errors=True)
        full = design("models")
        t = time.perf_counter()
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for job in [pool.submit(_one_run, root, m, c) for m in full.models for c in full.conditions]:
                job.result()
        (root / DONE).write_text("")
        print(f"generated in {time.perf_counter() - t:.1f} s wall ({workers} processes)", flush=True)
    return sorted(p for p in root.iterdir() if p.is_dir())


def build(runs: Path, out: Path, replicates: int) -> dict[str, float]:
    """``anyapp publish`` as the CLI runs it, timing the HTML part through a wrapper."""
    from pytest_anyapp import cli
    from pytest_anyapp.report import html

    timing: dict[str, float] = {}
    original = html.write_html

    def timed_write_html(*args: Any, **kwargs: Any) -> Path:
        t, c = time.perf_counter(), time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            timing["html_wall"], timing["html_cpu"] = time.perf_counter() - t, time.process_time() - c

    html.write_html = timed_write_html  # type: ignore[assignment]
    shutil.rmtree(out, ignore_errors=True)
    t, c = time.perf_counter(), time.process_time()
    try:
        code = cli.main(["publish", str(runs), "--out", str(out), "--replicates", str(replicates)])
    finally:
        html.write_html = original  # type: ignore[assignment]
    timing["wall"], timing["cpu"] = time.perf_counter() - t, time.process_time() - c
    if code != 0:
        raise SystemExit(f"anyapp publish exited {code}")
    return timing


def kind(path: Path, site: Path) -> str:
    rel = path.relative_to(site)
    if rel.as_posix() == "index.html":
        return "index (leaderboard)"
    if rel.parts[0] == "apps":
        return "episode page" if len(rel.parts) == 3 else "app page"
    if rel.parts[0] == "episodes":
        return "viewer" if path.suffix == ".html" else "screenshot"
    return rel.parts[0]


def files(site: Path) -> dict[str, Any]:
    sizes = {p: p.stat().st_size for p in site.rglob("*") if p.is_file()}
    largest: dict[str, tuple[int, Path]] = {}
    for p, n in sizes.items():
        k = kind(p, site)
        if n > largest.get(k, (-1, p))[0]:
            largest[k] = (n, p)
    top = max(sizes, key=lambda p: sizes[p])
    return {"count": len(sizes), "total": sum(sizes.values()), "largest": (sizes[top], top), "by_kind": largest}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def loads(site: Path, pages: dict[str, Path], n: int) -> dict[tuple[str, str], list[float]]:
    """Seconds from navigation start to the load event, per page and origin, n fresh pages each."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out: dict[tuple[str, str], list[float]] = {}
    try:
        time.sleep(1.0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            for origin in ("file", "http"):
                for name, path in pages.items():
                    url = path.as_uri() if origin == "file" else f"http://127.0.0.1:{port}/{path.relative_to(site)}"
                    times = []
                    for _ in range(n):
                        context = browser.new_context()  # no cache carried between loads
                        page = context.new_page()
                        errors: list[str] = []
                        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                        page.goto(url, wait_until="load")
                        took = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventEnd")
                        times.append(float(took) / 1000)
                        if errors:
                            raise SystemExit(f"{url}: {errors}")
                        context.close()
                    out[(name, origin)] = times
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "anyapp-bench-site",
                        help="where the synthetic runs are generated (kept and reused) and the site is built")
    parser.add_argument("--replicates", type=int, default=10_000, help="bootstrap replicates of the report")
    parser.add_argument("--loads", type=int, default=5, help="page loads per page and origin (median reported)")
    parser.add_argument("--workers", type=int, default=4, help="processes writing the synthetic runs (once)")
    parser.add_argument("--skip-build", action="store_true", help="measure the site already built in --dir")
    args = parser.parse_args()
    runs = args.dir / "runs"
    generate(runs, args.workers)
    out = args.dir / "site"
    if not args.skip_build:
        timing = build(runs, out, args.replicates)
        print(f"build (anyapp publish, {args.replicates} replicates): {timing['wall']:.1f} s wall, "
              f"{timing['cpu']:.1f} s CPU; HTML part {timing['html_wall']:.1f} s wall, {timing['html_cpu']:.1f} s CPU",
              flush=True)
    site = out / "html"
    f = files(site)
    print(f"files: {f['count']:,}, total {f['total'] / MB:,.1f} MB, largest {f['largest'][0] / MB:.2f} MB "
          f"({f['largest'][1].relative_to(site)}; {f['largest'][0] / (5 * MB):.2f}x of 5 MB)")
    for k, (n, p) in sorted(f["by_kind"].items()):
        print(f"  largest {k:20} {n / 1024:10,.1f} KB  {p.relative_to(site)}")
    app_page = f["by_kind"]["app page"][1]
    pages = {"index (leaderboard)": site / "index.html", "app page": app_page,
             "episode page": f["by_kind"]["episode page"][1]}
    print(f"load avg {os.getloadavg()[0]:.1f}, cpus {os.cpu_count()}; page load, s to the load event "
          f"(median of {args.loads}; all):")
    for (name, origin), times in loads(site, pages, args.loads).items():
        med = statistics.median(times)
        print(f"  {name:20} {origin:4} {med:6.3f}  {[round(x, 3) for x in times]}  {med / 2:.2f}x of 2 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
