"""``anyapp matrix`` over simulated devices: one pytest session per (model, condition), resumable,
combined progress; ``anyapp cells`` re-runs named cells into the same run without losing records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.matrix.config import MatrixConfig, load_config
from pytest_anyapp.matrix.launcher import Matrix, MatrixManifest, node_ids, parse_cells, split_args
from pytest_anyapp.plans.instances import scheduled_semantic_instances
from pytest_anyapp.plans.keys import plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanEntry, PlanFile, PlanFileMetadata, save_plan_file

REPO = Path(__file__).resolve().parents[2]
PAIR = "sms-SmsSend-quik_sms-i0"
STEPS = ["Open [TARGET_APP] and find where messages are written",
         "Carry out exactly what the instruction asks, keeping its values unchanged",
         "Check that the result matches the instruction"]


def _plan_file(path: Path) -> Path:
    text = plan_text_from_steps(STEPS)
    instances = scheduled_semantic_instances(seed=30, n_instances=1, categories=[Category.SMS])
    entries = [PlanEntry(key=i.plan_key, semantic_id=i.semantic_id, instance=i.instance, category=i.category,
                         semantic_goal=i.semantic_goal, semantic_goal_sha256=i.semantic_goal_sha256,
                         semantic_parameter_sha256=i.semantic_parameter_sha256, steps=STEPS, plan_text=text,
                         plan_sha256=plan_sha256(text), provider="gemini", model="fake-model", attempts=1)
               for i in instances]
    meta = PlanFileMetadata(seed=30, n_instances=1, categories=["sms"], generator_provider="gemini",
                            generator_model="fake-model", created_at="2026-01-01T00:00:00+00:00",
                            expected_plan_count=len(entries))
    save_plan_file(path, PlanFile(metadata=meta, plans=entries))
    return path


def _config(tmp_path: Path) -> Path:
    pairs = tmp_path / "pairs"
    pairs.mkdir(exist_ok=True)
    (pairs / "test_pairs.py").write_text((REPO / "pairs" / "test_pairs.py").read_text())
    config = {"pytest_args": [str(pairs), "-p", "no:cacheprovider", "-q", "--instances=1", "-k", PAIR],
              "models": {"scripted": {"agent": "oracle"}, "null": {}},
              "conditions": {"c2_g": {"plan_file": str(_plan_file(tmp_path / "c2_g.json"))}}}
    path = tmp_path / "matrix.json"
    path.write_text(json.dumps(config))
    return path


def _record(results: Path, model: str, condition: str, test_id: str = PAIR) -> dict[str, object]:
    return json.loads((results / model / condition / test_id / "episode.json").read_text())


def test_matrix_runs_every_cell_resumes_and_cells_rerun(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _config(tmp_path)
    results = tmp_path / "results"
    code = anyapp(["matrix", "--models", "scripted,null", "--conditions", "c1", "--config", str(config),
                   "--results-dir", str(results), "--matrix-id", "m1"])
    out = capsys.readouterr().out
    assert code == 0, out
    root = results / "m1"
    manifest = MatrixManifest.model_validate_json((root / "matrix.json").read_text())
    cells_state = [(c.key, c.state, c.exit_code) for c in manifest.cells]
    assert cells_state == [("scripted/c1", "done", 0), ("null/c1", "done", 1)]
    assert _record(root, "scripted", "c1")["status"] == "valid_success"
    assert _record(root, "null", "c1")["status"] == "valid_failure"
    for model in ("scripted", "null"):
        for cond in ("c1",):
            report = json.loads((root / "reports" / f"{model}.{cond}.json").read_text())
            assert report["summary"]["total"] == 1
    # combined progress: one line per cell and a total
    assert "total" in out and "2 episodes  1 success  1 failure  0 invalid" in out

    # an interrupted matrix: the last cell never finished; resuming runs only that cell, with --resume
    manifest.cells[-1].state, manifest.cells[-1].exit_code = "running", None
    (root / "matrix.json").write_text(manifest.model_dump_json())
    before = {c.key: (root / c.model / c.condition / PAIR / "episode.json").stat().st_mtime_ns for c in manifest.cells}
    assert anyapp(["matrix", "--models", "scripted,null", "--conditions", "c1", "--config", str(config),
                   "--results-dir", str(results), "--matrix-id", "m1"]) == 0
    resumed = MatrixManifest.model_validate_json((root / "matrix.json").read_text())
    assert [c.attempts for c in resumed.cells] == [1, 2] and "--resume" in resumed.cells[-1].command
    after = {c.key: (root / c.model / c.condition / PAIR / "episode.json").stat().st_mtime_ns for c in resumed.cells}
    assert after == before  # nothing finished ran twice

    # named cells re-run into the same run; the earlier record is kept under _superseded/
    cells = tmp_path / "cells.txt"
    cells.write_text(f"# model condition test-id\nnull c1 {PAIR}\n")
    assert anyapp(["cells", str(cells), "--matrix-id", "m1", "--config", str(config),
                   "--results-dir", str(results)]) == 1  # the null agent fails, as it should
    assert (root / "null" / "c1" / "_superseded" / f"{PAIR}.1" / "episode.json").exists()
    assert (root / "null" / "c1" / PAIR / "episode.json").stat().st_mtime_ns > before["null/c1"]
    assert list((root / "reports").glob("null.c1.cells-*.json"))


def test_config_refuses_secrets_and_missing_plan_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="secrets never go into the matrix config"):
        MatrixConfig.model_validate({"models": {"m": {"env": {"GUI_OWL_API_KEY": "sk-x"}}}})
    with pytest.raises(ConfigError, match="c2_o needs a plan_file"):
        MatrixConfig().condition_entry("c2_o")
    path = tmp_path / "m.json"
    path.write_text('{"models": {"GUI-Owl-7B": {"env": {"GUI_OWL_BASE_URL": "http://127.0.0.1:8000/v1"}}}}')
    config, digest = load_config(path)
    m = Matrix(tmp_path / "x", config, digest)
    assert m.cell_env("GUI-Owl-7B")["GUI_OWL_BASE_URL"] == "http://127.0.0.1:8000/v1"
    cmd = m.pytest_command("GUI-Owl-7B", "c1", resume=False)
    assert "--agent=GUI-Owl-7B" in cmd and f"--results-dir={tmp_path / 'x' / 'GUI-Owl-7B'}" in cmd


def test_c2_cells_get_their_plan_file(tmp_path: Path) -> None:
    config, digest = load_config(_config(tmp_path))
    cmd = Matrix(tmp_path / "m", config, digest).pytest_command("scripted", "c2_g", resume=True)
    assert "--agent=oracle" in cmd and "--condition=c2_g" in cmd and "--resume" in cmd
    assert f"--plan-file={tmp_path / 'c2_g.json'}" in cmd and "--plan-mode=prepend" in cmd
    assert "--json-report" in cmd and f"--json-report-file={tmp_path / 'm' / 'reports' / 'scripted.c2_g.json'}" in cmd


def test_cells_file_and_node_ids() -> None:
    assert parse_cells("a c1 t-1\n\n# x\nb c2_o t-2  # why\n") == [("a", "c1", "t-1"), ("b", "c2_o", "t-2")]
    with pytest.raises(ConfigError, match="line 1"):
        parse_cells("a c3 t\n")
    assert split_args(["pairs", "-n", "8", "-k", "sms", "--instances=1"]) == (
        ["-n", "8", "-k", "sms", "--instances=1"], ["pairs"])
    assert node_ids(["pairs", "-n", "2"], ["x-i0"]) == ["pairs/test_pairs.py::test_pair[x-i0]"]


def test_repeats_are_runs_of_their_own_and_the_report_shows_variance_and_cost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--repeats 2: each (model, condition) runs twice under its own run id; a report over them has
    pass^k, a flip rate of 0 for the deterministic oracle and null agents, the spread, and costs."""
    config = _config(tmp_path)
    results = tmp_path / "results"
    assert anyapp(["matrix", "--models", "scripted,null", "--conditions", "c1", "--repeats", "2", "--config",
                   str(config), "--results-dir", str(results), "--matrix-id", "rep"]) == 0, capsys.readouterr().out
    root = results / "rep"
    manifest = MatrixManifest.model_validate_json((root / "matrix.json").read_text())
    assert sorted(c.key for c in manifest.cells) == ["null/c1", "null/c1-r2", "scripted/c1", "scripted/c1-r2"]
    assert _record(root, "scripted", "c1-r2")["status"] == "valid_success"
    reports = {}
    for model in ("scripted", "null"):  # run ids (the condition) repeat across a matrix's models: one report each
        out = tmp_path / f"report-{model}"
        assert anyapp(["report", str(root / model), "--out", str(out), "--allow-ineligible", "--partial",
                       "--replicates", "0", "--no-plots"]) == 0
        reports[model] = json.loads((out / "report.json").read_text())
    oracle, null = reports["scripted"]["pass_at_k"][0], reports["null"]["pass_at_k"][0]
    assert sorted(oracle["replicate_runs"]) == ["c1", "c1-r2"]
    assert (oracle["repeated_pairs"], oracle["flipped_pairs"], oracle["flip_rate"]) == (1, 0, 0.0)
    assert (null["repeated_pairs"], null["flipped_pairs"]) == (1, 0)
    assert oracle["pass_hat_k"]["2"] == 1.0 and null["pass_hat_k"]["2"] == 0.0
    # each repeat is scored alone; with one new app and no original selected the headline (and so each
    # repeat's) hierarchical success has no supported category: the spread is empty, as the headline is
    assert sorted(oracle["run_success"]) == ["c1", "c1-r2"] and set(oracle["spread"]) == {"original", "new"}
    (totals,) = reports["scripted"]["costs"]["totals"]
    assert totals["episodes"] == 2 and totals["device_s"] > 0 and totals["money"] is None
    assert "Flip rate" in (tmp_path / "report-scripted" / "report.md").read_text()


def test_a_cell_that_measured_nothing_is_unfinished() -> None:
    """Exit 6 (no episode, or too large a share, measured) is not a finished cell (issue 24)."""
    from pytest_anyapp.matrix.launcher import cell_finished
    from pytest_anyapp.report.invalid import RUN_NOT_MEASURED

    assert cell_finished(0, resumed=False) and cell_finished(1, resumed=False) and cell_finished(5, resumed=True)
    assert not cell_finished(RUN_NOT_MEASURED, resumed=False) and not cell_finished(RUN_NOT_MEASURED, resumed=True)
    assert not cell_finished(5, resumed=False) and not cell_finished(4, resumed=True)
