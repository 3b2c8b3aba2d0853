"""What is checked before any episode (conditions vs plan providers, the model endpoint, CATBENCH_*
variables), what the run says about itself (device kind, identity everywhere), and the per-episode
condition rules, through the plugin on simulated devices."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.plans.instances import scheduled_semantic_instances
from pytest_anyapp.plans.keys import plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanEntry, PlanFile, PlanFileMetadata, save_plan_file

PAIR = "SmsSend-fossify_messages-i0"
STEPS = ["Open [TARGET_APP] and find the place where messages are written or read",
         "Locate the conversation or recipient the instruction refers to",
         "Carry out exactly what the instruction asks, keeping its values unchanged"]


def _plan_file(path: Path, provider: str, *, entry_provider: dict[str, str] | None = None,
               skip: str | None = None) -> Path:
    """A consistent plan file for the SMS schedule (one instance); ``entry_provider`` overrides
    single entries' provider (a mixed file), ``skip`` leaves one template out."""
    text = plan_text_from_steps(STEPS)
    entries = [
        PlanEntry(key=i.plan_key, semantic_id=i.semantic_id, instance=i.instance, category=i.category,
                  semantic_goal=i.semantic_goal, semantic_goal_sha256=i.semantic_goal_sha256,
                  semantic_parameter_sha256=i.semantic_parameter_sha256, steps=STEPS, plan_text=text,
                  plan_sha256=plan_sha256(text), provider=(entry_provider or {}).get(i.semantic_id, provider),
                  model="m", attempts=1)
        for i in scheduled_semantic_instances(seed=30, n_instances=1, categories=[Category.SMS])
        if i.semantic_id != skip
    ]
    meta = PlanFileMetadata(seed=30, n_instances=1, categories=["sms"], generator_provider=provider,
                            generator_model="m", created_at="2026-01-01T00:00:00+00:00",
                            expected_plan_count=len(entries))
    save_plan_file(path, PlanFile(metadata=meta, plans=entries))
    return path


def _records(root: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in root.glob("res/*/*/episode.json")}


def test_openai_plan_file_is_refused_under_c2_g_and_runs_under_c2_o(pairs_dir):
    plans = _plan_file(pairs_dir.path / "openai.json", "openai")
    refused = pairs_dir.runpytest("--agent=oracle", "--instances=1", "-k", PAIR, "--condition=c2_g",
                                  f"--plan-file={plans}", "--results-dir=res")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    text = "\n".join(refused.outlines + refused.errlines)
    assert str(plans) in text and "provider openai" in text and "--condition=c2_g" in text
    assert not (pairs_dir.path / "res").exists()  # no episode ran

    accepted = pairs_dir.runpytest("--agent=oracle", "--instances=1", "-k", PAIR, "--condition=c2_o",
                                   f"--plan-file={plans}", "--results-dir=res", "--run-id=o")
    accepted.assert_outcomes(passed=1)
    rec = next(iter(_records(pairs_dir.path).values()))
    assert rec["provenance"]["condition"] == {"name": "c2_o", "valid": True, "problems": []}
    assert rec["plan"]["generator_provider"] == "openai"
    meta = json.loads((pairs_dir.path / "res" / "o" / "summary.json").read_text())["run"]
    assert meta["conditions"] == ["c2_o"]


def test_mixed_file_entry_of_another_provider_is_condition_mismatch(pairs_dir):
    plans = _plan_file(pairs_dir.path / "mixed.json", "gemini", entry_provider={"SmsSend": "human"})
    result = pairs_dir.runpytest("--agent=oracle", "--instances=1", "-k", f"{PAIR} or SmsReply-fossify_messages-i0",
                                 "--condition=c2_g", f"--plan-file={plans}", "--results-dir=res", "--run-id=m",
                                 "--infra-retries=2")
    result.stdout.fnmatch_lines(["*1 passed*1 invalid*"])
    rec = _records(pairs_dir.path)[f"sms-{PAIR}"]
    assert rec["status"] == "invalid_infrastructure" and rec["exception"]["cause"] == "condition_mismatch"
    assert len(rec["attempts"]) == 1 and rec["steps"] == [] and rec["verifier"] is None
    assert rec["provenance"]["condition"]["valid"] is False


def test_plan_not_required_runs_instruction_alone_and_is_excluded(pairs_dir, monkeypatch):
    plans = _plan_file(pairs_dir.path / "partial.json", "gemini", skip="SmsSend")
    monkeypatch.setenv("CATBENCH_TASK_BREAKDOWN_REQUIRED", "0")
    result = pairs_dir.runpytest("--agent=oracle", "--instances=1", "-k", PAIR, "--condition=c2_g",
                                 f"--plan-file={plans}", "--results-dir=res", "--run-id=p")
    result.assert_outcomes(passed=1)
    rec = next(iter(_records(pairs_dir.path).values()))
    assert rec["plan"] is None and rec["prompt_goal"] == rec["goal"]
    assert rec["provenance"]["condition"]["valid"] is False
    assert "CATBENCH_TASK_BREAKDOWN_REQUIRED=0" in rec["provenance"]["condition"]["problems"][0]
    summary = json.loads((pairs_dir.path / "res" / "p" / "summary.json").read_text())
    assert summary["run"]["condition_invalid"] == 1
    fossify = next(a for c in summary["categories"] for a in c["apps"] if a["app_id"] == "sms_fossify_messages")
    assert fossify["n_valid"] == 0  # excluded from C2 results


def test_dead_model_endpoint_stops_the_run_before_any_episode(pairs_dir, monkeypatch):
    monkeypatch.setenv("GUI_OWL_BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens on the discard port
    started = time.monotonic()
    result = pairs_dir.runpytest_subprocess("--agent=GUI-Owl-7B", "-k", PAIR, "-n", "2", "--results-dir=res")
    elapsed = time.monotonic() - started
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    text = "\n".join(result.outlines + result.errlines)
    assert "http://127.0.0.1:9/v1" in text and "GUI_OWL_BASE_URL" in text and "mPLUG/GUI-Owl-7B" in text
    assert "no episode was run" in text
    assert not (pairs_dir.path / "res").exists()
    print(f"endpoint-down run stopped after {elapsed:.1f}s")  # measured, not asserted (see the report)


def test_unknown_catbench_variable_is_warned_about_ignored_ones_are_not(pairs_dir, monkeypatch):
    monkeypatch.setenv("CATBENCH_EARLY_STOP_ON_SUCESS", "0")  # a typo: silently ignored today
    monkeypatch.setenv("CATBENCH_RELEASE_ID", "r1")  # prior-release provenance, deliberately ignored
    result = pairs_dir.runpytest("--agent=null", "-k", PAIR, "--results-dir=res", "-W", "always")
    result.stdout.fnmatch_lines(["*CATBENCH_EARLY_STOP_ON_SUCESS is set but neither read by the harness*"])
    assert "CATBENCH_RELEASE_ID is set" not in result.stdout.str()


def test_skip_env_preflight_is_recorded_and_makes_the_run_ineligible(pairs_dir, monkeypatch):
    monkeypatch.setenv("CATBENCH_SKIP_AW_ENV_PREFLIGHT", "1")
    result = pairs_dir.runpytest("--agent=null", "-k", PAIR, "--results-dir=res", "--run-id=s")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*environment preflight skipped*not analysis-eligible*"])
    rec = next(iter(_records(pairs_dir.path).values()))
    run = rec["provenance"]["run"]
    assert run["env_preflight_skipped"] is True and run["analysis_eligible"] is False
    assert rec["provenance"]["device"]["lane_preflight"] == {"*": "skipped (CATBENCH_SKIP_AW_ENV_PREFLIGHT=1)"}


def test_every_output_says_what_ran(pairs_dir):
    """Agent, model, condition, device kind (measured), run id and code revision: terminal header,
    summary.md/json, the JSON report's per-test metadata and each record."""
    result = pairs_dir.runpytest("--agent=null", "-k", PAIR, "--results-dir=res", "--run-id=w", "--json-report",
                                 "--json-report-file=r.json")
    result.stdout.fnmatch_lines(["anyapp: agent=null condition=c1 run=w code=*",
                                 "*simulated devices — tests the harness, not results on real apps*"])
    report = json.loads((pairs_dir.path / "r.json").read_text())
    meta = report["tests"][0]["metadata"]["anyapp"]
    for key in ("semantic_id", "instance", "instance_seed", "semantic_parameter_sha256", "semantic_goal_sha256",
                "app_version_name", "app_version_code", "apk_sha256", "device_kind", "agent", "model_id", "run_id",
                "code_revision", "condition", "validation_mode", "plan_sha256"):
        assert key in meta, key
    assert meta["device_kind"] == "sim" and meta["run_id"] == "w" and len(meta["apk_sha256"]) == 64
    assert meta["semantic_id"] == "SmsSend" and meta["instance"] == 0 and meta["plan_sha256"] is None
    run = report["anyapp"]["gap_table"]["run"]
    assert run["banner"] == "simulated devices — tests the harness, not results on real apps"
    assert run["agents"] == ["null"] and run["device_kinds"] == ["sim"] and run["run_ids"] == ["w"]
    md = (pairs_dir.path / "res" / "w" / "summary.md").read_text()
    assert "SIMULATED DEVICES — TESTS THE HARNESS, NOT RESULTS ON REAL APPS" in md and "agent: null" in md
    rec = next(iter(_records(pairs_dir.path).values()))
    prov = rec["provenance"]
    assert prov["device"]["kind"] == "sim" and prov["agent"]["name"] == "null" and prov["run"]["run_id"] == "w"
    assert prov["run"]["code_revision"] and rec["schema_version"] == 2
