"""A run tied to a validity report (issue 25): records carry the report's sha256; a pair the report
marks invalid is still run as an episode and recorded ``invalid`` with cause ``invalid_on_image``;
a report for another build is the run's own ineligibility reason; and analysis eligibility
requires a validity report at all."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pytest_anyapp.lab.validate import PairCheck, PairValidity, ValidityReport, pair_key
from pytest_anyapp.registry import scheduled_pairs
from pytest_anyapp.report.eligibility import assess
from pytest_anyapp.report.index import open_index

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()


def _report(path: Path, invalid: str) -> str:
    pairs = [PairValidity(pair=pair_key(p), template=p.template.semantic_id, app_id=p.app.app_id, instance=0,
                          serial="emulator-5554", build_fingerprint="lab/image:13/X/1:userdebug/dev-keys",
                          checks=[PairCheck(check="launch_invariance", ok=pair_key(p) != invalid,
                                            detail="" if pair_key(p) != invalid else "notes changed at launch")])
             for p in scheduled_pairs()]
    report = ValidityReport(created_at="2026-12-03T00:00:00+00:00",
                            build_fingerprints=["lab/image:13/X/1:userdebug/dev-keys"], instance=0, pairs=pairs)
    path.write_text(report.model_dump_json(indent=1))
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_pair_invalid_on_the_image_is_recorded_invalid_and_the_records_carry_the_reports_sha(
        pytester: pytest.Pytester) -> None:
    notes = [p for p in scheduled_pairs() if p.template.semantic_id == "NotesCreateNote"][:2]
    bad, good = pair_key(notes[0]), pair_key(notes[1])
    sha = _report(pytester.path / "validity.json", bad)
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    ids = [f"{p.template.semantic_id}-{p.app.slug}-i0" for p in notes]
    result = pytester.runpytest("-p", "no:randomly", "-k", " or ".join(ids), "--agent=null", "--device=sim",
                                "--instances=1", "--results-dir=res", "--run-id=v", "--infra-retries=0",
                                "--save-screens=0", "--validity-report=validity.json", "-q")
    records = {json.loads(p.read_text())["test_id"]: json.loads(p.read_text())
               for p in (pytester.path / "res" / "v").glob("*/episode.json")}
    assert len(records) == 2, result.outlines[-20:]
    by_pair = {r["test_id"].rsplit("-i", 1)[0]: r for r in records.values()}
    assert by_pair[bad]["status"] == "invalid_infrastructure" and by_pair[bad]["exception"]["cause"] == "invalid_on_image"
    assert "notes changed at launch" in by_pair[bad]["exception"]["message"]
    assert by_pair[good]["status"] == "valid_failure"
    for record in records.values():
        run = record["provenance"]["run"]
        assert run["validity_report_sha256"] == sha
        assert record["provenance"]["device"]["build_fingerprint"]
        assert any("validity report is for build" in r for r in run["ineligible_reasons"])


def test_a_bad_validity_report_is_a_usage_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "validity.json").write_text("{not a report")
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("--agent=null", "--device=sim", "--validity-report=validity.json", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_eligibility_refuses_a_run_without_a_validity_report(tmp_path: Path) -> None:
    from pytest_anyapp.report.analysis import load_data
    from pytest_anyapp.report.synthetic import Design, write_runs

    design = Design(models=("m",), conditions=("c1",), replicates=1, instances=(0,), templates=("T1",),
                    categories={"notes": ("a", ["b"])})
    runs = write_runs(tmp_path / "with", design, lambda *a: "s")
    index = open_index(runs)
    assert not [r for r in assess(index, load_data(index)).reasons if "validity report" in r]
    for path in (tmp_path / "with").rglob("episode.json"):
        record = json.loads(path.read_text())
        record["provenance"].pop("validity_report_sha256")
        path.write_text(json.dumps(record))
    index = open_index(runs)
    reasons = assess(index, load_data(index)).reasons
    assert any("episodes without a validity report of their lanes" in r for r in reasons), reasons
