"""The HTML report and trajectory viewer in a real browser (Playwright driving Debian's chromium), on
real simulated-device runs: the oracle and the null agent on the SMS ``SmsSend`` pairs (instance 0).

Checks: pages load without console errors, filters work, every link and image resolves, record text
is escaped (a record carrying ``<script>`` runs nothing), and ``anyapp show`` prints the viewer path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .site_check import CHROMIUM, CHROMIUM_FLAGS, HAVE_CHROMIUM, crawl, static_server
from .site_check import check_links as _check_links
from .site_check import open_page as _open

REPO = Path(__file__).resolve().parents[2]
SELECT = "SmsSend and not SmsSendReceivedAddress and not SmsSendToContact"
EVIL = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM,
                                reason=f"no chromium at {CHROMIUM} (make bootstrap installs Debian's chromium)")


def _run_pairs(results: Path, agent: str) -> None:
    cmd = [sys.executable, "-m", "pytest", "pairs", "-m", "sms", "-k", SELECT, f"--agent={agent}", "--device=sim",
           "--instance", "0", "-n", "2", "--results-dir", str(results), "--run-id", f"run-{agent}", "-q",
           "-p", "no:cacheprovider"]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    # the null agent fails its pairs (exit 1); anything else (errors, no tests) is a broken run
    assert done.returncode in (0, 1), done.stdout[-3000:] + done.stderr[-3000:]
    assert len(list((results / f"run-{agent}").glob("*/episode.json"))) == 4, done.stdout[-3000:]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("html")
    results = root / "results"
    _run_pairs(results, "oracle")
    _run_pairs(results, "null")
    # a record whose text carries markup: it must show as text and never run
    evil = next((results / "run-null").glob("*/episode.json"))
    data = json.loads(evil.read_text())
    data["verifier"]["reasons"] = [EVIL]
    data["prompt_goal"] = EVIL
    if data["steps"]:
        data["steps"][0]["raw_output"] = EVIL
    evil.write_text(json.dumps(data))
    out = root / "report"
    done = subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "report", str(results), "--out", str(out),
                           "--html", "--allow-ineligible", "--replicates", "200"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return {"results": results, "out": out, "index": out / "html" / "index.html", "evil": evil.parent.name,
            "apps": out / "html" / "apps"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield b
        b.close()


def test_index_loads_clean_with_stamp_and_tables(site: dict[str, Any], browser: Any) -> None:
    page, errors = _open(browser, site["index"])
    assert page.title() == "AnyAppBench report"
    assert page.locator("#stamp").inner_text().startswith("NOT ANALYSIS-ELIGIBLE: ")
    assert page.locator("#headline_c1 table tbody tr").count() == 2  # oracle and null
    assert page.locator("#plots img").count() >= 2
    # the index lists apps, each with its episode pages (4 SMS apps, 2 episodes each: oracle and null)
    assert page.locator("#episodes tr[data-row]").count() == 4
    assert page.locator("#episodes a.page-link").count() == 4
    assert errors == []


def test_filters(site: dict[str, Any], browser: Any) -> None:
    page, errors = _open(browser, site["index"])
    page.select_option("#filter-model", "null")
    assert page.locator("#headline_c1 tbody tr:not([hidden])").count() == 1
    page.select_option("#filter-app", "sms_quik_sms")
    assert page.locator("#episodes tr[data-row]:not([hidden])").count() == 1
    assert page.locator("#per_app_c1 tbody tr:not([hidden])").count() == 1
    page.select_option("#filter-app", "")
    page.select_option("#filter-category", "sms")
    assert page.locator("#episodes tr[data-row]:not([hidden])").count() == 4
    assert errors == []
    # an app's episode page filters its own rows
    listing, errors = _open(browser, site["apps"] / "sms_quik_sms" / "episodes-001.html")
    visible = "#episodes tr[data-row]:not([hidden])"
    assert listing.locator(visible).count() == 2
    listing.select_option("#filter-model", "null")
    assert listing.locator(visible).count() == 1
    assert set(listing.eval_on_selector_all(visible, "rs => rs.map(r => r.dataset.model)")) == {"null"}
    assert listing.locator("#episode-count").inner_text() == "1"
    listing.select_option("#filter-model", "")
    listing.select_option("#filter-status", "valid_success")
    assert set(listing.eval_on_selector_all(visible, "rs => rs.map(r => r.dataset.model)")) == {"oracle"}
    assert errors == []


def test_every_link_resolves_and_viewers_load(site: dict[str, Any], browser: Any) -> None:
    """Index → app pages → episode pages → viewers: every link and image resolves in Chromium and
    every episode is reachable from the index."""
    found = crawl(site["index"])
    assert found.broken == [] and found.external == []
    viewers = sorted(p for p in found.pages if p.parent.parent.parent.name == "episodes")
    assert len(viewers) == 8
    listings = sorted(p for p in found.pages if p.name.startswith("episodes-"))
    apps = sorted(p for p in found.pages if p.parent.name == "apps")
    assert len(apps) == 4 and len(listings) == 4
    for path in [site["index"], *apps, *listings, *viewers]:
        page, errors = _open(browser, path)
        _check_links(page, path)
        assert errors == [], (path, errors)
        if path in viewers:
            assert page.locator("#provenance").inner_text().strip().startswith("{")
        page.close()


def test_viewer_draws_actions_of_oracle(site: dict[str, Any], browser: Any) -> None:
    viewer = site["out"] / "html" / "episodes" / "run-oracle" / "sms-SmsSend-quik_sms-i0" / "index.html"
    page, errors = _open(browser, viewer)
    assert page.locator("#status").inner_text() == "valid_success"
    assert page.locator(".shot img").count() == page.locator(".step").count() > 0
    assert page.locator("circle.mark-tap").count() >= 1
    assert page.locator("text.mark-text").count() >= 1  # typed text drawn on the screenshot
    assert page.locator("#evidence").inner_text().strip() != ""
    assert errors == []


def test_record_text_is_escaped(site: dict[str, Any], browser: Any) -> None:
    viewer = site["out"] / "html" / "episodes" / "run-null" / site["evil"] / "index.html"
    page, errors = _open(browser, viewer)
    assert page.evaluate("() => window.__pwned") is None
    assert EVIL in page.locator("#reasons").inner_text()
    assert EVIL in page.locator("#goal").inner_text()
    assert page.locator("#reasons script, #goal script, #reasons img").count() == 0
    assert errors == []


def test_anyapp_show_prints_viewer_path(site: dict[str, Any]) -> None:
    env = {**os.environ, "CATBENCH_RESULTS_DIR": str(site["results"])}
    done = subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "show", "--run", "run-oracle",
                           "sms-SmsSend-fossify_messages-i0"], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    path = Path(done.stdout.strip())
    assert path == (site["results"] / "run-oracle" / "sms-SmsSend-fossify_messages-i0" / "viewer.html").resolve()
    assert "sms-SmsSend-fossify_messages-i0" in path.read_text()
    missing = subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "show", "no-such-test"], cwd=REPO, env=env,
                             capture_output=True, text=True, timeout=60, check=False)
    assert missing.returncode == 2 and "no episode.json" in missing.stderr


def test_publish_site_has_leaderboard_and_ledger_heads_and_works_from_a_static_server(
        site: dict[str, Any], browser: Any, tmp_path: Path) -> None:
    """``anyapp publish``: refused for ineligible input, stamped under --allow-ineligible; the
    leaderboard ranks both agents; every run's ledger head and verify command are shown (the run
    whose record was edited is named unverified); the site works from file:// and over HTTP."""
    from pytest_anyapp.records import ledger

    results, out = site["results"], tmp_path / "site"
    refused = subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "publish", str(results), "--out", str(out),
                              "--replicates", "50"], cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    assert refused.returncode == 3 and "unverified" in refused.stderr and not out.exists()
    done = subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "publish", str(results), "--out", str(out),
                           "--replicates", "50", "--allow-ineligible"], cwd=REPO, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    index = out / "html" / "index.html"
    page, errors = _open(browser, index)
    board = page.locator("#leaderboard tbody tr").all_inner_texts()
    assert [row.split("\t")[1] for row in board] == ["oracle", "null"], board
    provenance = page.locator("#provenance").inner_text()
    for run in ("run-oracle", "run-null"):
        head = ledger.head(results / run)
        assert head is not None and head.head_sha256 in provenance
        assert f"anyapp verify {results / run}" in provenance
    assert "unverified" in page.locator(".stamp").first.inner_text()
    assert page.evaluate("window.__pwned") is None
    _check_links(page, index)
    assert errors == []
    page.close()

    with static_server(out / "html") as base:
        page, served = _open(browser, f"{base}/index.html")
        assert page.locator("#leaderboard tbody tr").count() == 2
        page.locator("#episodes a.app-link").first.click()
        page.wait_for_load_state("load")
        page.locator("#pages a.page-link").first.click()
        page.wait_for_load_state("load")
        page.locator("a.episode-link").first.click()
        page.wait_for_load_state("load")
        assert page.url.startswith(f"{base}/episodes/") and page.locator("#provenance").count() == 1
        assert served == []
        page.close()


def test_index_says_ineligible_once_and_episodes_table_scrolls_keeping_the_episode(site: dict[str, Any],
                                                                                   browser: Any) -> None:
    """Issue 24: the eligibility banner once (not once per table and plot); at a laptop's width the
    page does not overflow; on a narrow window an app's episode page scrolls its table inside itself
    and keeps the Episode column in view."""
    page, errors = _open(browser, site["index"])
    page.set_viewport_size({"width": 900, "height": 800})
    banner = page.locator("#stamp").inner_text()
    assert page.content().count(banner.split(": ", 1)[1][:60]) == 1
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    listing, listing_errors = _open(browser, site["apps"] / "sms_quik_sms" / "episodes-001.html")
    listing.set_viewport_size({"width": 600, "height": 800})
    assert listing.locator("#stamp").count() == 1
    assert listing.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    box = listing.locator("#episodes-scroll")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX === 'auto'")
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    left = box.evaluate("e => e.getBoundingClientRect().left")
    episode = listing.locator("#episodes-table tbody tr td:nth-child(2)").first
    cause = listing.locator("#episodes-table tbody tr td:last-child").first
    assert episode.evaluate("e => e.getBoundingClientRect().left") >= left - 1  # still in view
    assert cause.evaluate("e => e.getBoundingClientRect().right") <= listing.evaluate("() => window.innerWidth")
    assert listing_errors == []
    if os.environ.get("ANYAPP_DOC_SCREENSHOTS"):  # docs/reports.md pictures, made by this test
        shots = Path(os.environ["ANYAPP_DOC_SCREENSHOTS"])
        page.set_viewport_size({"width": 1100, "height": 900})
        page.screenshot(path=str(shots / "report-index.png"))
        page.locator("#plots img").first.screenshot(path=str(shots / "report-plot.png"))
        viewer = site["out"] / "html" / "episodes" / "run-oracle" / "sms-SmsSend-quik_sms-i0" / "index.html"
        vpage, _ = _open(browser, viewer)
        vpage.set_viewport_size({"width": 1100, "height": 900})
        vpage.screenshot(path=str(shots / "report-viewer.png"))
    assert errors == []


def test_viewer_header_reads_current_records(site: dict[str, Any], browser: Any) -> None:
    """Issue 24: App, Template / instance and Condition from the current record shape."""
    viewer = site["out"] / "html" / "episodes" / "run-oracle" / "sms-SmsSend-quik_sms-i0" / "index.html"
    page, errors = _open(browser, viewer)
    assert page.locator("#app").inner_text() == "sms_quik_sms (dev.octoshrimpy.quik.fdroid)"
    assert page.locator("#template").inner_text() == "SmsSend / 0"
    assert page.locator("#condition").inner_text() == "c1"
    assert errors == []
