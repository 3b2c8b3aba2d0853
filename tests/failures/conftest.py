"""Fixtures: one real run on the simulated device (replayed multi-step failures with screenshots),
a copy of it with planted secrets for the blind-mode tests, and loopback judge endpoints."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from tests.agents.fake_endpoints import FakeGeminiServer, FakeOpenAIServer, _GeminiHandler

REPO = Path(__file__).resolve().parents[2]
FAKE_KEY = "sk-fake-judge-SECRET-42"
PLANTED_MODEL = "PLANTED-MODEL-Zeta9"
BLOCKED = "__BLOCKED_BY_SAFETY__"

#: What the replay agent does in every pair: a wait, a 4x repeated click (a loop), typing, back.
REPLAY_STEPS: list[dict[str, Any]] = [
    {"action": {"action": "wait"}, "raw_output": f"<think>{PLANTED_MODEL} waits</think>"
                                                 "<tool_call>{\"action\": \"wait\"}</tool_call>"},
    *[{"action": {"action": "click", "coordinate": [540, 1200]}, "raw_output": "tap compose"} for _ in range(4)],
    {"action": {"action": "type", "text": "hello"}, "raw_output": "type hello"},
    {"action": {"action": "system_button", "button": "back"}, "raw_output": "Error: cannot find the send button"},
]


@pytest.fixture(scope="session")
def sim_run(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """``results/<run-id>`` of three verifier-failed SMS pairs replayed on the simulated device.

    Made once per test session: xdist workers share it through a file lock (read-only afterwards).
    """
    if worker_id == "master":
        return _make_run(tmp_path_factory.mktemp("failures-run"))
    shared = tmp_path_factory.getbasetemp().parent / "failures-sim-run"
    with FileLock(str(shared) + ".lock"):
        done = shared / "run-dir"
        if not done.exists():
            shared.mkdir(exist_ok=True)
            done.write_text(str(_make_run(shared)))
    return Path(done.read_text())


def _make_run(root: Path) -> Path:
    replay = root / "replay.json"
    # a minimal episode record (schema version 1: loaders upgrade it) holding the steps to replay
    steps = [{"index": i, **step} for i, step in enumerate(REPLAY_STEPS)]
    replay.write_text(json.dumps({"schema_version": 1, "test_id": "replay-source", "status": "valid_failure",
                                  "goal": "-", "prompt_goal": "-", "provenance": {}, "steps": steps}))
    results = root / "results"
    env = {**os.environ, "ANDROID_ADB_SERVER_PORT": os.environ.get("ANDROID_ADB_SERVER_PORT", "5117")}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "pairs", "-m", "sms", "-k", "SmsSendToContact and (quik or fossify or simple)",
         "--agent=replay", f"--replay={replay}", "--device=sim", "--instance", "0", "-n", "0",
         f"--results-dir={results}", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    runs = [p for p in results.iterdir() if p.is_dir()] if results.exists() else []
    assert len(runs) == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert len(list(runs[0].glob("*/episode.json"))) == 3, proc.stdout[-3000:]
    return runs[0]


@pytest.fixture(scope="session")
def planted_run(sim_run: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``sim_run`` whose records name a planted model and carry model markup in thoughts."""
    dest = tmp_path_factory.mktemp("planted") / "results" / sim_run.name
    shutil.copytree(sim_run, dest)
    for path in dest.glob("*/episode.json"):
        data = json.loads(path.read_text())
        prov = data["provenance"]
        if isinstance(prov.get("agent"), dict):  # record schema version 2
            prov["agent"]["model_id"] = PLANTED_MODEL
        else:
            prov["model"]["model"] = PLANTED_MODEL
        thought = "<think>The compose button</think> is at the bottom<|im_end|>"
        data["steps"][1]["thought"] = thought
        if isinstance(data["attempts"][-1].get("steps"), list):  # version 2 keeps steps per attempt
            data["attempts"][-1]["steps"][1]["thought"] = thought
        path.write_text(json.dumps(data))
    return dest


@pytest.fixture(scope="session")
def built_inputs(sim_run: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dry-run judge directory of ``sim_run`` (default settings): its JPEGs are re-used by later
    builds with the same settings, so each test does not re-encode every screenshot."""
    out = tmp_path_factory.mktemp("built") / "dry"
    assert run_cli("failures", "judge", sim_run, "--provider", "gemini", "--model", "m", "--out", out,
                   "--dry-run") == 0
    return out


@pytest.fixture
def judge_dir(built_inputs: Path, tmp_path: Path) -> Callable[[str], Path]:
    """A fresh output directory seeded with the encoded screenshots of ``built_inputs``."""

    def make(name: str) -> Path:
        out = tmp_path / name
        shutil.copytree(built_inputs / "inputs", out / "inputs")
        return out

    return make


class GeminiWithBlocks(FakeGeminiServer):
    """The agents' Gemini fake, plus a scripted safety block (``promptFeedback.blockReason``)."""

    class handler(_GeminiHandler):  # noqa: N801 - the base class reads ``handler``
        def _send(self, status: int, body: dict[str, Any]) -> None:
            parts = (body.get("candidates") or [{}])[0].get("content", {}).get("parts", [])
            if parts and parts[0].get("text") == BLOCKED:
                body = {"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "test-001"}
            super()._send(status, body)


@pytest.fixture
def gemini(monkeypatch: pytest.MonkeyPatch) -> Iterator[GeminiWithBlocks]:
    server = GeminiWithBlocks().start()
    assert isinstance(server, GeminiWithBlocks)
    monkeypatch.setenv("GEMINI_BASE_URL", server.base_url)
    monkeypatch.setenv("GEMINI_API_KEY", FAKE_KEY)
    yield server
    server.stop()


@pytest.fixture
def openai_judge(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAIServer]:
    server = FakeOpenAIServer("Qwen/Qwen3-VL-8B-Instruct")
    server.start()
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    yield server
    server.stop()


def judgment(mode: str = "grounding", confidence: str = "high", **extra: Any) -> str:
    body = {"primary_failure_mode": mode, "planning_score": 1, "grounding_score": 3, "confidence": confidence,
            "rationale": f"judge says {mode}", "evidence": ["step 4: repeated click"]}
    body.update(extra)
    return json.dumps(body)


def run_cli(*argv: str | Path) -> int:
    from pytest_anyapp.cli import main

    return main([str(a) for a in argv])


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


Responder = Callable[[dict[str, Any]], str]
