"""The annotation app in a real browser (Playwright driving Debian's chromium) and over raw HTTP."""

from __future__ import annotations

import base64
import http.client
import json
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.models.transport import RetryPolicy
from pytest_anyapp.annotate.app import AppSettings, create_app
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.failures.clients import GeminiJudge
from pytest_anyapp.failures.inputs import InputSettings
from pytest_anyapp.failures.judge import JudgeConfig, run_judge
from pytest_anyapp.failures.sampling import CROSSWALK_FILE, load_sample
from tests.agents.fake_endpoints import FakeGeminiServer

from .conftest import PLANTED_MODEL, jsonl, judgment, run_cli

CHROMIUM = os.environ.get("ANYAPP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
PLANTED_RATIONALE = "PLANTED-JUDGE-RATIONALE-Q7"
XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'


@pytest.fixture(scope="module")
def sample_dir(planted_run: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sample of every failure of the planted run (3 primary + 1 double), with sealed judge labels."""
    root = tmp_path_factory.mktemp("sample")
    server = FakeGeminiServer().start()
    try:
        server.respond(lambda body: judgment("execution_tooling", rationale=PLANTED_RATIONALE))
        client = GeminiJudge(model="g", api_key="k", base_url=server.base_url, retry=RetryPolicy(max_attempts=1))
        config = JudgeConfig(provider="gemini", model="g", inputs=InputSettings(with_screenshots=False))
        run = run_judge([planted_run], root / "judge", config, {"main": client})
        assert run.judged == 3
    finally:
        server.stop()
    assert run_cli("failures", "sample", planted_run, "--out", root / "sample", "--rate", "1.0",
                   "--double-share", "0.34", "--judgments", root / "judge") == 0
    return root / "sample"


class Served:
    def __init__(self, settings: AppSettings) -> None:
        import uvicorn

        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "uvicorn did not start"
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def raw(self, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return response.status, data

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def serve() -> Iterator[Callable[..., Served]]:
    started: list[Served] = []

    def start(sample: Path, out: Path, **kw: Any) -> Served:
        s = Served(AppSettings(sample_dir=sample, annotator=kw.pop("annotator", "ann1"), out_dir=out, **kw))
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (scripts/bootstrap.sh installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


def _secrets(sample: Path) -> list[str]:
    crosswalk = json.loads((sample / CROSSWALK_FILE).read_text())
    # The six mode names are the form's options, so a judge's label is planted as its rationale and
    # the field names that carry it; the unblinded control below shows these do appear there.
    values = [PLANTED_MODEL, PLANTED_RATIONALE, "judge_label", "judge_rationale", "judge_confidence"]
    for entry in crosswalk["entries"].values():
        values += [entry["episode_id"], entry["record_path"].split("/")[0]]
    return values


def _annotate(page: Any, mode: str, rationale: str, *, suspect: bool = False) -> None:
    page.select_option("select[name=primary_failure_mode]", mode)
    page.select_option("select[name=planning_score]", "2")
    page.select_option("select[name=grounding_score]", "3")
    page.check("input[name=confidence][value=high]")
    page.fill("textarea[name=rationale]", rationale)
    if suspect:
        page.check("input[name=suspect_validator]")
    current = page.url
    page.click("#submit")
    page.wait_for_function("u => window.location.href !== u", arg=current)
    page.wait_for_load_state("load")


def test_blind_annotation_end_to_end(sample_dir: Path, tmp_path: Path, serve, browser) -> None:
    app = serve(sample_dir, tmp_path, max_frames=3)
    context = browser.new_context()
    page = context.new_page()
    seen: list[tuple[str, bytes]] = []
    page.on("response", lambda r: seen.append((r.url, r.body() if r.status != 303 else b"")))
    page.goto(app.url + "/")
    assert page.url.endswith("/case/1")
    assert page.locator("#progress").inner_text() == "0 / 4 done"
    assert page.locator("#trace tr").count() == 9  # header + 8 steps
    assert page.locator("img.thumb").count() == 3  # --max-frames 3: first, middle, last
    page.locator("img.thumb").first.click()
    assert page.locator("#frame-caption").inner_text() == "step 0"
    trace_text = page.locator("#trace").inner_text()
    assert "click(coordinate=[540, 1200])" in trace_text
    assert "The compose button is at the bottom" in trace_text and "<think>" not in trace_text

    # the rationale is required: nothing is saved without it
    page.select_option("select[name=primary_failure_mode]", "grounding")
    page.click("#submit")
    page.wait_for_function("() => document.getElementById('status').textContent.length > 0")
    assert "rationale" in page.locator("#status").inner_text()

    _annotate(page, "grounding", XSS)
    _annotate(page, "planning", "stopped early", suspect=True)
    _annotate(page, "mixed_planning_grounding", "both")
    assert page.url.endswith("/case/4")

    # reload and resume: progress survives, the next unlabeled case is where "/" leads
    page.reload()
    assert page.locator("#progress").inner_text() == "3 / 4 done"
    page.goto(app.url + "/")
    assert page.url.endswith("/case/4")

    # the XSS rationale comes back verbatim as text and never runs
    page.goto(app.url + "/case/1")
    assert page.locator("textarea[name=rationale]").input_value() == XSS
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("img[src=x]").count() == 0
    assert page.locator("select[name=primary_failure_mode]").input_value() == "grounding"
    page.locator("#filter").fill("nothing matches this")
    assert page.locator("#queue li:visible").count() == 0
    context.close()

    rows = jsonl(tmp_path / "annotations.jsonl")
    assert [r["human_label"]["primary_failure_mode"] for r in rows] == ["grounding", "planning",
                                                                      "mixed_planning_grounding"]
    assert rows[0]["human_label"]["rationale"] == XSS
    assert all(r["blind"] and r["judge_prior"] is None and r["model_name"] == PLANTED_MODEL for r in rows)
    assert len(jsonl(tmp_path / "audit_flags.jsonl")) == 1

    # blind mode leaked nothing in any URL or response of the session
    assert len(seen) > 10
    for url, body in seen:
        for secret in _secrets(sample_dir):
            assert secret not in url
            assert secret.encode() not in body, (url, secret)

    # a restarted server resumes where the annotator stopped
    again = serve(sample_dir, tmp_path)
    status, body = again.raw("GET", "/")
    assert status == 303 or b"/case/4" in body
    status, body = again.raw("GET", "/case/2")
    assert b"3 / 4 done" in body and b"stopped early" in body


def test_unblinded_shows_what_blind_hides(sample_dir: Path, tmp_path: Path, serve) -> None:
    """Positive control for the leak scan: the same strings do appear when unblinded."""
    app = serve(sample_dir, tmp_path, blind=False)
    status, body = app.raw("GET", "/case/1")
    assert status == 200
    for secret in (PLANTED_MODEL, PLANTED_RATIONALE, "judge_label"):
        assert secret.encode() in body
    assert b"&lt;think&gt;" in body  # raw model output, escaped


@pytest.mark.parametrize("path", [
    "/../../etc/passwd", "/case/../../etc/passwd", "/case/1/frame/..%2f..%2f..%2fetc%2fpasswd",
    "/case/%2e%2e/%2e%2e/etc/passwd", "/case/1/frame/../../../../etc/passwd", "/static/..%5c..%5cetc%5cpasswd",
    "/case/99", "/case/0", "/case/1/frame/99.jpg", "/etc/passwd",
])
def test_paths_outside_the_sample_are_refused(sample_dir: Path, tmp_path: Path, serve, path: str) -> None:
    app = serve(sample_dir, tmp_path)
    status, body = app.raw("GET", path)
    assert status == 404
    assert b"root:" not in body


def test_a_sample_from_another_run_cannot_be_served(sample_dir: Path, sim_run: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    assert run_cli("failures", "sample", sim_run, "--out", other, "--rate", "1.0") == 0
    mixed = tmp_path / "mixed"
    shutil.copytree(sample_dir, mixed)
    shutil.copy(other / CROSSWALK_FILE, mixed / CROSSWALK_FILE)
    with pytest.raises(ConfigError, match="do not belong to the same sample"):
        create_app(AppSettings(sample_dir=mixed, annotator="a", out_dir=tmp_path))
    # records edited (or replaced by another run's) after sampling are refused
    copy = tmp_path / "copy"
    shutil.copytree(other, copy)
    crosswalk = json.loads((copy / CROSSWALK_FILE).read_text())
    first = next(iter(crosswalk["entries"].values()))
    record = Path(crosswalk["results_dir"]) / first["record_path"]
    original = record.read_bytes()
    try:
        record.write_bytes(original.replace(b'"final": true', b'"final":true'))
        with pytest.raises(ConfigError, match="changed since the sample was drawn"):
            load_sample(copy)
    finally:
        record.write_bytes(original)
    assert load_sample(copy).manifest.sample_fingerprint


def test_concurrent_submissions_never_interleave(sample_dir: Path, tmp_path: Path, serve) -> None:
    app = serve(sample_dir, tmp_path)
    body = json.dumps({"primary_failure_mode": "planning", "planning_score": 3, "grounding_score": 0,
                       "confidence": "low", "rationale": "x" * 20000}).encode()

    def post(i: int) -> int:
        return app.raw("POST", f"/case/{i % 4 + 1}/label", body, {"Content-Type": "application/json"})[0]

    with ThreadPoolExecutor(8) as pool:
        assert set(pool.map(post, range(24))) == {200}
    rows = jsonl(tmp_path / "annotations.jsonl")
    assert len(rows) == 24 and all(len(r["human_label"]["rationale"]) == 20000 for r in rows)
    bad = app.raw("POST", "/case/1/label", b'{"primary_failure_mode": "planning"}',
                  {"Content-Type": "application/json"})
    assert bad[0] == 422


def test_basic_auth(sample_dir: Path, tmp_path: Path, serve) -> None:
    app = serve(sample_dir, tmp_path, basic_auth=("ann", "s3cret-pw"))
    assert app.raw("GET", "/case/1")[0] == 401

    def auth(user: str, pw: str) -> dict[str, str]:
        return {"Authorization": "Basic " + base64.b64encode(f"{user}:{pw}".encode()).decode()}

    assert app.raw("GET", "/case/1", headers=auth("ann", "wrong"))[0] == 401
    assert app.raw("GET", "/case/1", headers=auth("ann", "s3cret-pw"))[0] == 200


def test_cli_refuses_non_loopback_hosts_and_missing_passwords(sample_dir: Path, tmp_path: Path, capsys) -> None:
    assert run_cli("annotate", sample_dir, "--annotator", "a", "--host", "0.0.0.0") == 2
    assert "not a loopback address" in capsys.readouterr().out
    assert run_cli("annotate", sample_dir, "--annotator", "a", "--auth-user", "u") == 2
    assert "--password-file or --password-env" in capsys.readouterr().out
    empty = tmp_path / "pw"
    empty.write_text("\n")
    assert run_cli("annotate", sample_dir, "--annotator", "a", "--auth-user", "u", "--password-file", empty) == 2
    assert "empty" in capsys.readouterr().out
