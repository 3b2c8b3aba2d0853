"""The per-run index (incremental refresh, unreadable records, JSON reports), the record field adapter,
eligibility, and the publication CLI's outputs and stamps."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import AttemptRecord, EpisodeRecord, Provenance, StepRecord
from pytest_anyapp.report.analysis import load_data
from pytest_anyapp.report.eligibility import assess
from pytest_anyapp.report.fields import row_from_record
from pytest_anyapp.report.index import INDEX_DIR, open_index, refresh_run_index
from pytest_anyapp.report.synthetic import Design, write_runs

SMALL = Design(models=("M1",), conditions=("c1", "c2_g"), categories={"sms": ("sms_orig", ["sms_n1"])},
               templates=("TaskA",), instances=(0, 1))


def all_success(*_: object) -> str:
    return "s"


def test_row_from_current_record() -> None:
    rec = EpisodeRecord(
        test_id="sms-SmsSend-quik_sms-i1", status=Status.VALID_FAILURE, goal="g", prompt_goal="g",
        attempts=[AttemptRecord(attempt=1, status=Status.VALID_FAILURE,
                                steps=[StepRecord(index=0, action={"action": "click", "coordinate": [1, 2]})])],
        provenance=Provenance(category="sms", app_id="sms_quik_sms", semantic_id="SmsSend", instance=1,
                              condition="c1", device_kind="emulator", model={"agent": "x", "model_id": "GUI-Owl-7B"},
                              app_version_name="3.9", pinned_version_name="4.0"),
    )
    row = row_from_record(json.loads(rec.model_dump_json()), run_id="r1")
    assert (row.model, row.category, row.app_id, row.semantic_id, row.instance) == ("GUI-Owl-7B", "sms", "sms_quik_sms",
                                                                                    "SmsSend", 1)
    assert (row.success, row.steps, row.device_kind, row.pin_ok) == (0, 1, "emulator", False)
    assert "version name '3.9' != pinned '4.0'" in row.pin_problem


def test_row_from_typed_provenance_shape() -> None:
    """Records with typed provenance sub-models (a later schema) read through the same adapter."""
    data = {"schema_version": 2, "test_id": "t", "status": "valid_success", "final": True,
            "steps": [{"index": 0, "action": {"action": "wait"}}],
            "provenance": {"run": {"run_id": "r", "code_revision": "abc", "cohort_sha256": "h", "seed": 30,
                                   "n_instances": 3, "env_preflight_skipped": True, "analysis_eligible": False,
                                   "ineligible_reasons": ["simulated device"]},
                           "agent": {"name": "GUI-Owl-7B", "model_id": "gui-owl-7b", "model_revision": "rev1",
                                     "model": {"config_sha256": "cfg"}},
                           "device": {"kind": "emulator", "requested_kind": "emulator"},
                           "app": {"app_id": "sms_a", "category": "sms", "is_original": True, "version_name": "1",
                                   "pinned_version_name": "1"},
                           "task": {"semantic_id": "S", "instance": 2, "instance_seed": 7, "validation_mode": "durable"},
                           "condition": {"name": "c2_h", "valid": False}}}
    row = row_from_record(data)
    assert (row.run_id, row.code_revision, row.cohort_sha256, row.seed, row.n_instances) == ("r", "abc", "h", 30, 3)
    assert (row.device_kind, row.device_measured, row.preflight_skipped) == ("emulator", True, True)
    assert row.run_ineligible == "simulated device"
    assert (row.app_id, row.is_original, row.category, row.instance, row.pin_ok) == ("sms_a", True, "sms", 2, True)
    assert (row.condition, row.condition_valid, row.success) == ("c2_h", False, -1)
    assert (row.model, row.agent, row.model_revision, row.model_config_sha256) == ("gui-owl-7b", "GUI-Owl-7B", "rev1", "cfg")
    assert (row.instance_seed, row.validation_mode, row.steps) == (7, "durable", 1)


def test_index_refresh_is_incremental(tmp_path: Path) -> None:
    (run,) = write_runs(tmp_path, Design(models=("M1",), conditions=("c1",), categories=SMALL.categories,
                                         templates=("TaskA",), instances=(0, 1)), all_success)
    first = refresh_run_index(run)
    assert (first.n_episodes, first.n_parsed) == (4, 4)
    assert refresh_run_index(run).n_parsed == 0
    episode = next(run.glob("*/episode.json"))
    data = json.loads(episode.read_text())
    data["status"] = "valid_failure"
    episode.write_text(json.dumps(data) + " ")
    assert refresh_run_index(run).n_parsed == 1
    assert len(list((run / INDEX_DIR).glob("seg-*.parquet"))) == 2  # appended a segment; newest row wins
    index = open_index([run])
    assert index.n_rows == 4
    assert index.con.execute("SELECT count(*) FROM episodes WHERE success = 0").fetchone() == (1,)
    # a record moved away (superseded) rewrites the index
    (episode.parent).rename(run / "_superseded")
    redone = refresh_run_index(run)
    assert redone.rewritten and redone.n_parsed == 3
    assert len(list((run / INDEX_DIR).glob("seg-*.parquet"))) == 1
    assert open_index([run]).n_rows == 3


def test_unreadable_record_counts_invalid(tmp_path: Path) -> None:
    (run,) = write_runs(tmp_path, Design(models=("M1",), conditions=("c1",), categories=SMALL.categories,
                                         templates=("TaskA",), instances=(0,)), all_success)
    broken = next(run.glob("*/episode.json"))
    broken.write_text("{not json")
    index = open_index([run])
    assert any("unreadable" in n for n in index.notes)
    assert index.con.execute("SELECT count(*) FROM episodes WHERE success = -1").fetchone() == (1,)


def test_eligibility_reasons(tmp_path: Path) -> None:
    write_runs(tmp_path / "ok", SMALL, all_success)
    index = open_index([tmp_path / "ok"])
    assert assess(index, load_data(index)).eligible
    sim = Design(**{**SMALL.__dict__, "device_kind": "sim"})
    write_runs(tmp_path / "sim", sim, all_success)
    index = open_index([tmp_path / "sim"])
    verdict = assess(index, load_data(index))
    assert not verdict.eligible
    assert any("not on a real device (device kind: sim)" in r for r in verdict.reasons)
    assert verdict.stamp is not None and verdict.stamp.startswith("NOT ANALYSIS-ELIGIBLE: ")


def test_eligibility_requires_a_verified_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run made before the ledger existed, or one whose record was edited, is not eligible; with
    --require-verified it is refused even under --allow-ineligible."""
    runs = write_runs(tmp_path / "runs", SMALL, all_success)
    (runs[0] / "ledger.jsonl").unlink()
    record = next(runs[1].glob("*/episode.json"))
    record.write_text(record.read_text().replace('"valid_success"', '"valid_failure"', 1))
    index = open_index([tmp_path / "runs"])
    verdict = assess(index, load_data(index))
    assert f"{runs[0].name}: unverified (no ledger)" in verdict.reasons
    assert any(r.startswith(f"{runs[1].name}: unverified: {record.parent.name}/episode.json: record changed")
               for r in verdict.reasons), verdict.reasons
    out = tmp_path / "out"
    assert main(["report", str(tmp_path / "runs"), "--out", str(out), "--allow-ineligible", "--no-plots",
                 "--replicates", "0", "--require-verified"]) != 0
    assert "--require-verified" in capsys.readouterr().err and not (out / "report.md").exists()


def test_missing_cells_need_partial(tmp_path: Path) -> None:
    write_runs(tmp_path, SMALL, lambda m, c, r, cat, app, t, i: None if (c, i) == ("c2_g", 1) else "f")
    index = open_index([tmp_path])
    data = load_data(index)
    verdict = assess(index, data)
    assert not verdict.eligible
    assert verdict.reasons == ["incomplete schedule: M1/c2_g: 2 of 4 scheduled cells have no record "
                               "(declare --partial if intended)"]
    assert assess(index, data, partial=True).eligible


def test_pin_and_condition_problems(tmp_path: Path) -> None:
    (run,) = write_runs(tmp_path, Design(models=("M1",), conditions=("c1",), categories=SMALL.categories,
                                         templates=("TaskA",), instances=(0,)), all_success)
    first, second = sorted(run.glob("*/episode.json"))
    data = json.loads(first.read_text())
    data["provenance"]["app_version_name"] = "0.9"
    first.write_text(json.dumps(data))
    data = json.loads(second.read_text())
    data["provenance"]["condition_valid"] = False
    second.write_text(json.dumps(data))
    index = open_index([run])
    reasons = assess(index, load_data(index)).reasons
    assert any("not matching their pins" in r and "'0.9' != pinned '1.0'" in r for r in reasons)
    assert any("1 episodes with an invalid condition configuration" in r for r in reasons)


def test_publication_cli_refuses_then_stamps_everything(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sim = Design(**{**SMALL.__dict__, "device_kind": "sim", "models": ("M1", "M2")})
    write_runs(tmp_path / "runs", sim, lambda m, c, r, cat, app, t, i: "s" if (i + len(app)) % 2 else "f")
    out = tmp_path / "out"
    assert main(["report", str(tmp_path / "runs"), "--out", str(out), "--replicates", "50"]) == 3
    assert "NOT ANALYSIS-ELIGIBLE" in capsys.readouterr().err and not out.exists()
    assert main(["report", str(tmp_path / "runs"), "--out", str(out), "--replicates", "50", "--allow-ineligible"]) == 0
    for table in (out / "tables").glob("*.md"):
        assert "**NOT ANALYSIS-ELIGIBLE: " in table.read_text(), table
    for table in (out / "tables").glob("*.tex"):
        assert r"\textbf{NOT ANALYSIS-ELIGIBLE: " in table.read_text(), table
    for svg in (out / "plots").glob("*.svg"):
        assert "NOT ANALYSIS-ELIGIBLE" in svg.read_text(), svg
    assert {p.stem for p in (out / "plots").glob("*.png")} == {"gap_c1", "gap_c2_g", "apps_c1", "apps_c2_g",
                                                               "c2_minus_c1_c1_vs_c2_g", "cost_vs_success"}
    report = json.loads((out / "report.json").read_text())
    assert report["eligibility"]["eligible"] is False and report["replicates"] == 50
    with open(out / "csv" / "headline.csv", encoding="utf-8") as fh:
        assert fh.readline().startswith("# NOT ANALYSIS-ELIGIBLE")
        rows = list(csv.DictReader(fh))
    by_key = {(r["model"], r["condition"]): r for r in rows}
    h = next(x for x in report["headlines"] if x["model"] == "M2" and x["condition"] == "c1")
    assert float(by_key[("M2", "c1")]["delta"]) == pytest.approx(h["delta"])
    assert float(by_key[("M2", "c1")]["delta_ci.lo"]) == pytest.approx(h["delta_ci"]["lo"])


def test_json_report_input_is_ineligible(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = EpisodeRecord(test_id="sms-SmsSend-quik_sms-i0", status=Status.VALID_SUCCESS, goal="g", prompt_goal="g",
                        provenance=Provenance(category="sms", app_id="sms_quik_sms", semantic_id="SmsSend"))
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"tests": [{"nodeid": "pairs/x.py::t[sms-SmsSend-quik_sms-i0]", "outcome": "passed",
                                          "metadata": {"anyapp": rec.summary()}}]}))
    assert main(["report", str(path), "--out", str(tmp_path / "o"), "--replicates", "0", "--no-plots"]) == 3
    assert "device kind: (unrecorded)" in capsys.readouterr().err


def test_provenance_mismatch_excludes_pair(tmp_path: Path) -> None:
    from pytest_anyapp.report.analysis import build_report

    runs = write_runs(tmp_path, SMALL, lambda m, c, r, cat, app, t, i: "s" if c == "c2_g" else "f")
    treated = next(r for r in runs if r.name.endswith("c2_g"))
    victim = sorted(treated.glob("*/episode.json"))[0]
    data = json.loads(victim.read_text())
    data["provenance"]["semantic_goal_sha256"] = "0" * 64
    data["provenance"]["app_version_code"] = 7
    victim.write_text(json.dumps(data))
    index = open_index([tmp_path])
    d = load_data(index)
    report = build_report(index, assess(index, d), replicates=20, data=d)
    (contrast,) = report.contrasts
    assert contrast.overall.transitions.exact_valid_pairs == 3
    assert contrast.overall.transitions.c1_fail_c2_pass == 3
    assert contrast.overall.transitions.mcnemar_exact_p == 0.25  # 2 * C(3,0) / 2^3
    (mismatch,) = contrast.provenance_mismatches
    assert mismatch.startswith(victim.parent.name + ": semantic_goal_sha256 ")
    assert "app_version_code 1 != 7" in mismatch


def test_invalid_share_over_the_runs_threshold_and_blocking_causes(tmp_path: Path) -> None:
    """A run with more invalid episodes than its --max-invalid-share, or any adapter_error/hook_error,
    cannot back a published number."""
    design = Design(models=("M1",), conditions=("c1",), categories=SMALL.categories, templates=("TaskA",),
                    instances=(0, 1))
    (run,) = write_runs(tmp_path, design, lambda m, c, r, cat, app, t, i: "i" if (app, i) == ("sms_n1", 0) else "s")

    def record_option(share: float, cause: str = "device_lost") -> None:
        for path in run.glob("*/episode.json"):
            data = json.loads(path.read_text())
            data["provenance"].setdefault("run", {}).setdefault("options", {})["max_invalid_share"] = share
            if data["exception"]:
                data["exception"]["cause"] = cause
            path.write_text(json.dumps(data))

    index = open_index([run])
    assert not any("max-invalid-share" in r for r in assess(index, load_data(index)).reasons)  # predates the option
    record_option(0.05)
    index = open_index([run])
    reasons = assess(index, load_data(index)).reasons
    assert any("1/4 episodes invalid (25.0%), over --max-invalid-share=5%" in r for r in reasons)
    record_option(0.5, "adapter_error")
    index = open_index([run])
    reasons = assess(index, load_data(index)).reasons
    assert not any("over --max-invalid-share" in r for r in reasons)
    assert any("1 episodes invalid with adapter_error/hook_error" in r for r in reasons)
