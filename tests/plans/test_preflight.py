"""Preflight findings and exit codes, through the library and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.models import save_plan_file
from pytest_anyapp.plans.preflight import run_preflight

from .conftest import build_plan_file


def _kinds(path: Path, instances: list[SemanticInstance], **kw: object) -> list[str]:
    args = {"seed": 30, "n_instances": 1, **kw}
    return [f.kind for f in run_preflight(path, instances, **args).errors]  # type: ignore[arg-type]


def test_complete_file_passes(sms_plan_path: Path, sms_instances: list[SemanticInstance]) -> None:
    report = run_preflight(sms_plan_path, sms_instances, seed=30, n_instances=1, condition="c2_g")
    assert report.ok and report.exit_code == 0 and report.findings == []
    assert report.scheduled_count == report.entry_count == len(sms_instances)


def test_missing_instance(tmp_path: Path, sms_instances: list[SemanticInstance]) -> None:
    path = tmp_path / "p.json"
    save_plan_file(path, build_plan_file(sms_instances[1:]))
    report = run_preflight(path, sms_instances, seed=30, n_instances=1)
    assert report.exit_code == 1
    assert [(f.kind, f.key) for f in report.errors] == [("missing", sms_instances[0].plan_key)]


def test_duplicate_and_legacy_entries(tmp_path: Path, sms_instances: list[SemanticInstance]) -> None:
    path = tmp_path / "p.json"
    plan_file = build_plan_file(sms_instances)
    payload = json.loads(plan_file.model_dump_json())
    payload["plans"].append(dict(payload["plans"][0]))
    legacy = dict(payload["plans"][1])
    legacy["key"] = f"{legacy['semantic_id']}|{legacy['semantic_goal_sha256']}"  # no instance
    payload["plans"].append(legacy)
    wrong_instance = dict(payload["plans"][2])
    wrong_instance["key"] = wrong_instance["key"].replace("|instance=0|", "|instance=1|")
    payload["plans"].append(wrong_instance)
    path.write_text(json.dumps(payload))
    kinds = _kinds(path, sms_instances)
    assert kinds.count("duplicate_key") == 1
    assert kinds.count("legacy_entry") == 2
    assert "missing" not in kinds


@pytest.mark.parametrize(
    ("override", "field"),
    [({"seed": 31}, "seed"), ({"n_instances": 3}, "n_instances"), ({"fixed_seed": True}, "fixed_seed"),
     ({"suite_family": "android_world"}, "suite_family")],
)
def test_metadata_mismatch(sms_plan_path: Path, sms_instances: list[SemanticInstance], override: dict[str, object], field: str) -> None:
    report = run_preflight(sms_plan_path, sms_instances, **{"seed": 30, "n_instances": 1, **override})  # type: ignore[arg-type]
    mismatches = [f for f in report.errors if f.kind == "metadata_mismatch"]
    assert len(mismatches) == 1 and mismatches[0].detail.startswith(field)


def test_invalid_plan_and_inconsistent_hashes(tmp_path: Path, sms_instances: list[SemanticInstance]) -> None:
    path = tmp_path / "p.json"
    plan_file = build_plan_file(sms_instances)
    plan_file.plans[0].steps = ["Open Google Messages", "Tap send"]
    plan_file.plans[1].plan_sha256 = "0" * 64
    plan_file.plans[2].semantic_parameter_sha256 = "f" * 64
    save_plan_file(path, plan_file)
    report = run_preflight(path, sms_instances, seed=30, n_instances=1)
    by_key = {(f.kind, f.key) for f in report.errors}
    assert ("validation", plan_file.plans[0].key) in by_key
    assert ("plan_text_mismatch", plan_file.plans[0].key) in by_key
    assert ("plan_sha256_mismatch", plan_file.plans[1].key) in by_key
    assert ("parameter_mismatch", plan_file.plans[2].key) in by_key
    details = " ".join(f.detail for f in report.errors if f.kind == "validation")
    assert "app_name" in details and "low_level_ui_verb" in details


def test_condition_role_and_unscheduled_warning(tmp_path: Path, sms_instances: list[SemanticInstance]) -> None:
    path = tmp_path / "p.json"
    save_plan_file(path, build_plan_file(sms_instances))
    report = run_preflight(path, sms_instances, seed=30, n_instances=1, condition="c2_o")
    assert {f.kind for f in report.errors} == {"condition_role"}
    # the whole file is from another provider: one finding for the file, not one per plan (issue 24)
    assert len(report.errors) == 1 and report.errors[0].key is None
    assert report.errors[0].detail.endswith(f"(all {len(sms_instances)} plans of the file)")
    narrower = run_preflight(path, sms_instances[:3], seed=30, n_instances=1)
    assert narrower.ok and {f.kind for f in narrower.findings} == {"unscheduled"}


def test_cli_report_and_exit_codes(tmp_path: Path, sms_instances: list[SemanticInstance], capsys: pytest.CaptureFixture[str]) -> None:
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    save_plan_file(good, build_plan_file(sms_instances))
    save_plan_file(bad, build_plan_file(sms_instances[2:]))
    broken.write_text("{not json")
    base = ["plans", "preflight", "--categories", "sms", "--n-instances", "1", "--seed", "30"]
    report_path = tmp_path / "report.json"
    assert main([*base, "--plan-file", str(good), "--report-json", str(report_path), "--condition", "c2_g"]) == 0
    assert json.loads(report_path.read_text())["ok"] is True
    assert main([*base, "--plan-file", str(bad), "--report-json", str(report_path)]) == 1
    report = json.loads(report_path.read_text())
    assert report["ok"] is False
    assert sorted(f["key"] for f in report["findings"] if f["kind"] == "missing") == sorted(i.plan_key for i in sms_instances[:2])
    assert main([*base, "--plan-file", str(broken), "--report-json", str(report_path)]) == 2
    assert json.loads(report_path.read_text())["findings"][0]["kind"] == "unreadable"
    # The real run's default (3 instances) does not match a 1-instance file.
    assert main(["plans", "preflight", "--categories", "sms", "--plan-file", str(good)]) == 1
    assert "metadata_mismatch" in capsys.readouterr().out
