"""C2 end to end through the plugin on simulated devices (oracle agent), and the fail-closed run.

The plan file comes from ``anyapp plans generate`` against a loopback fake provider, passes
preflight, and is then used by ``pytest pairs --condition=c2_g``; the records are re-audited with
``anyapp plans audit-run``. A second run uses a plan file that lacks one template's plans: those
episodes must be ``invalid``, never scored as C1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.plans.compose import original_goal_from_prompt_goal
from pytest_anyapp.plans.models import load_plan_file, save_plan_file

from .fakes import FakeGemini

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
SELECT = ["-k", "SmsSend-fossify_messages-i0 or SmsReply-quik_sms-i0"]
SMS = ["--categories", "sms", "--n-instances", "1", "--seed", "30"]


def _records(root: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in root.glob("*/*/episode.json")}


@pytest.fixture
def plan_file(fake_gemini: FakeGemini, tmp_path: Path) -> Path:
    out = tmp_path / "c2_g.json"
    assert main(["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(out),
                 "--audit-log", str(tmp_path / "c2_g.audit.jsonl"), *SMS]) == 0
    assert main(["plans", "preflight", "--plan-file", str(out), "--condition", "c2_g", *SMS]) == 0
    return out


def test_c2_g_oracle_run_passes_and_reaudits(pytester: pytest.Pytester, plan_file: Path) -> None:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("--agent=oracle", "--device=sim", "--instances=1", *SELECT, "--condition=c2_g",
                                f"--plan-file={plan_file}", "--results-dir=res", "--run-id=c2")
    result.assert_outcomes(passed=2)
    records = _records(pytester.path / "res")
    assert len(records) == 2
    plans = {p.key: p for p in load_plan_file(plan_file).plans}
    for rec in records.values():
        assert rec["status"] == "valid_success"
        assert rec["provenance"]["condition"]["name"] == "c2_g" and rec["provenance"]["condition"]["valid"] is True
        plan = rec["plan"]
        assert plan["plan_text"] == plans[plan["plan_key"]].plan_text and plan["generator_provider"] == "gemini"
        assert rec["prompt_goal"] != rec["goal"] and original_goal_from_prompt_goal(rec["prompt_goal"]) == rec["goal"]
    plan_file.unlink()
    assert main(["plans", "audit-run", str(pytester.path / "res")]) == 0


def test_missing_plan_makes_the_episode_invalid(
    pytester: pytest.Pytester, plan_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Also drives the condition through the CATBENCH_* environment fallbacks instead of flags."""
    partial = tmp_path / "partial.json"
    content = load_plan_file(plan_file)
    content.plans = [p for p in content.plans if p.semantic_id != "SmsSend"]
    save_plan_file(partial, content)
    monkeypatch.setenv("CATBENCH_CONDITION", "c2_g")
    monkeypatch.setenv("CATBENCH_TASK_BREAKDOWN_FILE", str(partial))
    monkeypatch.setenv("CATBENCH_TASK_BREAKDOWN_MODE", "append")
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("--agent=oracle", "--device=sim", "--instances=1", *SELECT, "--results-dir=res",
                                "--run-id=gap", "--infra-retries=0")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*1 invalid*"])
    records = _records(pytester.path / "res")
    missing = [r for r in records.values() if "SmsSend-" in r["test_id"]]
    assert len(missing) == 1
    served = [r for r in records.values() if "SmsReply-" in r["test_id"]]
    assert [(r["status"], r["plan"]["plan_mode"]) for r in served] == [("valid_success", "append")]
    for rec in missing:
        assert rec["status"] == "invalid_infrastructure" and rec["plan"] is None
        assert rec["exception"]["cause"] == "plan_unavailable"
        assert rec["verifier"] is None and rec["steps"] == []
        assert rec["provenance"]["condition"]["valid"] is False and rec["provenance"]["condition"]["problems"]
    assert main(["plans", "audit-run", str(pytester.path / "res")]) == 0

