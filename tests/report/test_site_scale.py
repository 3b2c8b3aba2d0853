"""The results site at a reduced shape of the full one (3 models × 2 conditions × 9 apps × 8
templates × 3 instances = 1,296 episodes, written by the run store so they verify and are eligible).

The full shape (22 models × 3 conditions × 1,560 episodes, ``benchmarks/bench_site.py``) must keep
every file under 5 MB; here the same bound scaled to this shape must hold, the episodes must be
paged (``--episodes-per-page``), the index must not grow with the number of episodes, every episode
must be reachable from the index by links and no link may be broken; in Chromium the pages load
clean from ``file://`` and from a plain static server, and record text is escaped on every page.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.records.verify import verify_run
from pytest_anyapp.report.synthetic import Design, write_store_runs

from .site_check import CHROMIUM, CHROMIUM_FLAGS, HAVE_CHROMIUM, check_links, crawl, open_page, static_server

REPO = Path(__file__).resolve().parents[2]
EVIL = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
PER_PAGE = 40
#: The issue's bound at its full shape, and that shape's size: the index's tables grow with
#: models × conditions × apps (one row or cell each), the episode pages with the page size.
FULL_LIMIT = 5 * 1024 * 1024
FULL_CELLS = 22 * 3 * 52
FULL_PER_PAGE = 500


def design(instances: tuple[int, ...] = (0, 1, 2)) -> Design:
    categories = {c: (f"{c}_orig", [f"{c}_new1", f"{c}_new2"]) for c in ("sms", "clock", "notes")}
    return Design(models=("ModelA", "ModelB", "ModelC"), conditions=("c1", "c2_g"), categories=categories,
                  templates=tuple(f"Task{k}" for k in range(8)), instances=instances, steps=2)


def cells(d: Design) -> int:
    return len(d.models) * len(d.conditions) * sum(1 + len(new) for _, new in d.categories.values())


def outcome(model: str, cond: str, rep: int, cat: str, app: str, tmpl: str, inst: int) -> str | None:
    r = random.Random(f"{model}|{cond}|{rep}|{cat}|{app}|{tmpl}|{inst}").random()
    return "i" if r < 0.02 else ("s" if r < 0.5 else "f")


def publish(results: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "publish", str(results), "--out", str(out),
                           "--replicates", "20", "--no-plots", "--episodes-per-page", str(PER_PAGE), *extra],
                          cwd=REPO, capture_output=True, text=True, timeout=900, check=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("site")
    results = root / "results"
    runs = write_store_runs(results, design(), outcome, failure_reason=EVIL, screenshots=True)
    done = publish(results, root / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    html = root / "site" / "html"
    episodes = {(run.name, p.parent.name) for run in runs for p in run.glob("*/episode.json")}
    return {"root": root, "results": results, "runs": runs, "html": html, "index": html / "index.html",
            "episodes": episodes}


def test_generated_runs_verify_and_publish_without_a_stamp(site: dict[str, Any]) -> None:
    """The generator writes through the run store: every run's ledger verifies (chain, record and
    artifact hashes, provenance) and the runs are analysis-eligible, so nothing is stamped."""
    assert len(site["runs"]) == 6 and len(site["episodes"]) == 6 * 9 * 8 * 3
    for run in site["runs"]:
        report = verify_run(run, rescore=False)
        assert report.ok, report.problems
        assert report.records_checked == 9 * 8 * 3
    assert 'id="stamp"' not in site["index"].read_text()


def test_every_episode_is_reachable_from_the_index_and_no_link_is_broken(site: dict[str, Any]) -> None:
    found = crawl(site["index"])
    assert found.broken == []
    assert found.external == []
    html = site["html"]
    viewers = {(p.parent.parent.name, p.parent.name) for p in found.pages
               if p.name == "index.html" and p.parent.parent.parent == html / "episodes"}
    assert viewers == site["episodes"]
    # nothing is written that the index does not lead to (screenshots included)
    on_disk = {p.resolve() for p in html.rglob("*") if p.is_file()}
    assert on_disk - found.files - {site["index"].resolve()} == set()


def test_episodes_are_paged_per_app(site: dict[str, Any]) -> None:
    apps = site["html"] / "apps"
    per_app = 3 * 2 * 8 * 3  # models × conditions × templates × instances
    pages = math.ceil(per_app / PER_PAGE)
    assert len(list(apps.glob("*.html"))) == 9
    for app_dir in (p for p in apps.iterdir() if p.is_dir()):
        listing = sorted(app_dir.glob("episodes-*.html"))
        assert [p.name for p in listing] == [f"episodes-{k:03d}.html" for k in range(1, pages + 1)]
        rows = [p.read_text().count("<tr data-row") for p in listing]
        assert rows == [PER_PAGE] * (pages - 1) + [per_app - PER_PAGE * (pages - 1)], app_dir.name


def test_every_file_is_under_the_bound_scaled_to_this_shape(site: dict[str, Any]) -> None:
    """5 MB at the full shape, scaled by what each kind of file lists: the index and the app pages
    by models × conditions × apps, the episode pages by the page size; a viewer lists one episode."""
    by_cells = FULL_LIMIT * cells(design()) / FULL_CELLS
    by_page = FULL_LIMIT * PER_PAGE / FULL_PER_PAGE
    sizes = {p: p.stat().st_size for p in site["html"].rglob("*") if p.is_file()}
    assert sizes[site["index"]] <= by_cells, (sizes[site["index"]], by_cells)
    for path, size in sizes.items():
        limit = by_page if path.name.startswith("episodes-") else by_cells
        assert size <= limit, (path, size, limit)


def test_the_index_does_not_grow_with_the_episodes(site: dict[str, Any], tmp_path: Path) -> None:
    """The same runs with a third of the episodes (one instance per template) give an index of the
    same size up to the digits of the counts: episodes live on the app pages, not on the index."""
    results = tmp_path / "results"
    write_store_runs(results, design(instances=(0,)), outcome)
    done = publish(results, tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    small = (tmp_path / "site" / "html" / "index.html").stat().st_size
    large = site["index"].stat().st_size
    assert abs(large - small) <= 0.02 * large, (small, large)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not HAVE_CHROMIUM:
        pytest.skip(f"no chromium at {CHROMIUM} (make bootstrap installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield b
        b.close()


def _sample(site: dict[str, Any]) -> list[Path]:
    """The index, an app page, its first and last episode pages and a viewer of a failed episode."""
    html = site["html"]
    listing = sorted((html / "apps" / "clock_new1").glob("episodes-*.html"))
    failed = next(p for p in sorted(html.glob("episodes/*/*/index.html")) if "valid_failure" in p.read_text())
    return [site["index"], html / "apps" / "clock_new1.html", listing[0], listing[-1], failed]


def test_pages_load_clean_from_file_urls_with_record_text_escaped(site: dict[str, Any], browser: Any) -> None:
    for path in _sample(site):
        page, errors = open_page(browser, path)
        check_links(page, path)
        assert page.evaluate("() => window.__pwned") is None, path
        assert errors == [], (path, errors)
        if path.name.startswith("episodes-"):
            assert page.locator("#episodes-table td", has_text=EVIL).count() > 0  # shown as text
            assert page.locator("#episodes-table script, #episodes-table img").count() == 0
        page.close()


def test_pager_and_links_work_from_a_static_server(site: dict[str, Any], browser: Any) -> None:
    with static_server(site["html"]) as base:
        page, errors = open_page(browser, f"{base}/index.html")
        page.locator("#episodes a.app-link", has_text="clock_new1").click()
        page.wait_for_load_state("load")
        assert page.url == f"{base}/apps/clock_new1.html"
        assert page.locator("#app-table tbody tr").count() == 6  # models × conditions
        page.locator("#pages a.page-link").first.click()
        page.wait_for_load_state("load")
        numbers = []
        while True:
            numbers.append(page.locator("#pager strong").inner_text())
            assert page.locator("#episodes-table tbody tr").count() <= PER_PAGE
            if page.locator("#next").count() == 0:
                break
            page.locator("#next").click()
            page.wait_for_load_state("load")
        assert numbers == [str(k) for k in range(1, len(numbers) + 1)] and len(numbers) == 4
        page.locator("a.episode-link").first.click()
        page.wait_for_load_state("load")
        assert page.url.startswith(f"{base}/episodes/")
        page.locator("#back").click()
        page.wait_for_load_state("load")
        assert page.url == f"{base}/apps/clock_new1/episodes-004.html"
        assert page.evaluate("() => window.__pwned") is None
        assert errors == []
        page.close()
