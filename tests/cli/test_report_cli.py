"""``anyapp report PATH``: rebuild the gap table from a results directory or a JSON report.

These records carry no device kind or pins, so they are not analysis-eligible: the gap table is
refused without ``--allow-ineligible`` and stamped with it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord, Provenance
from pytest_anyapp.report.gap import GapTable


def record(app_id: str, semantic_id: str, instance: int, status: Status) -> EpisodeRecord:
    category, slug = app_id.split("_", 1)
    return EpisodeRecord(
        test_id=f"{category}-{semantic_id}-{slug}-i{instance}", status=status, goal="g", prompt_goal="g",
        provenance=Provenance(category=category, app_id=app_id, semantic_id=semantic_id, instance=instance,
                              condition="c1"),
    )


RECORDS = [
    record("sms_simple_sms_messenger", "SmsReply", 0, Status.VALID_SUCCESS),
    record("sms_simple_sms_messenger", "SmsReply", 1, Status.VALID_SUCCESS),
    record("sms_quik_sms", "SmsReply", 0, Status.VALID_FAILURE),
    record("sms_quik_sms", "SmsReply", 1, Status.VALID_SUCCESS),
    record("sms_google_messages", "SmsReply", 0, Status.INVALID),
]


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    run = tmp_path / "results" / "20240101-run"
    for rec in RECORDS:
        (run / rec.test_id).mkdir(parents=True)
        (run / rec.test_id / "episode.json").write_text(rec.model_dump_json(), encoding="utf-8")
    return run


def test_markdown_from_results_root(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(run_dir.parent), "--allow-ineligible"]) == 0
    out = capsys.readouterr().out
    # original 2/2; new: quik 1/2 (google has only an invalid episode, so no rate) -> gap -50 pp
    assert "| sms | Simple SMS Messenger | 100.0% | 50.0% | 1 | -50.0 pp | 4 | 1 |" in out
    assert not (run_dir / "summary.json").exists()  # only --write writes


def test_json_and_write(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(run_dir), "--format", "json", "--write", "--allow-ineligible"]) == 0
    captured = capsys.readouterr()
    table = GapTable.model_validate_json(captured.out)
    assert table.categories[0].gap == pytest.approx(-0.5)
    assert GapTable.model_validate_json((run_dir / "summary.json").read_text()) == table
    assert (run_dir / "summary.md").read_text().startswith("# AnyAppBench gap table")
    assert "wrote" in captured.err


def test_json_report_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tests = [{"nodeid": f"pairs/test_pairs.py::test_pair[{r.test_id}]", "outcome": "passed",
              "metadata": {"anyapp": r.summary()}} for r in RECORDS]
    tests.append({"nodeid": "pairs/test_pairs.py::test_pair[sms-SmsSend-quik_sms-i2]", "outcome": "failed"})
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"created": 0, "summary": {}, "tests": tests}))
    assert main(["report", str(report), "--format", "text", "--allow-ineligible"]) == 0
    captured = capsys.readouterr()
    assert "counted as invalid" in captured.err
    overall = captured.out.splitlines()[-1].split()
    assert overall[0] == "overall" and overall[-4:] == ["4", "2", "-50.0", "pp"]


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "does not exist" in capsys.readouterr().err
    mixed = tmp_path / "mixed.json"
    summaries = [RECORDS[0].summary(), dict(RECORDS[1].summary(), condition="c2_o")]
    mixed.write_text(json.dumps({"tests": [{"nodeid": "x", "metadata": {"anyapp": s}} for s in summaries]}))
    assert main(["report", str(mixed)]) == 2
    assert "mix conditions" in capsys.readouterr().err
    assert main(["report", str(mixed), "--condition", "c2_o", "--format", "json", "--allow-ineligible"]) == 0
    assert GapTable.model_validate_json(capsys.readouterr().out).condition == "c2_o"


def test_console_script_subprocess(run_dir: Path) -> None:
    script = Path(sys.executable).with_name("anyapp")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "pytest_anyapp.cli"]
    done = subprocess.run([*cmd, "report", str(run_dir), "--format", "json", "--allow-ineligible"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    table = GapTable.model_validate_json(done.stdout)
    assert (table.overall.original_rate, table.overall.new_rate) == (1.0, 0.5)


def test_ineligible_input_is_refused_then_stamped(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(run_dir)]) == 3
    err = capsys.readouterr().err
    assert "NOT ANALYSIS-ELIGIBLE" in err and "not on a real device" in err and "--allow-ineligible" in err
    assert main(["report", str(run_dir), "--allow-ineligible"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("> **NOT ANALYSIS-ELIGIBLE: ")
