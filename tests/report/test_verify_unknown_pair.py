"""``anyapp verify`` names a record whose pair this code does not know (a synthetic run, or a run of
another benchmark's templates) instead of stopping on a traceback: the record cannot be re-scored,
which is a problem of that record, and the integrity checks still run over the rest."""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.records.verify import verify_run
from pytest_anyapp.report.synthetic import Design, write_store_runs


def test_verify_names_records_of_unknown_pairs(tmp_path: Path) -> None:
    design = Design(models=("M",), conditions=("c1",), categories={"sms": ("sms_orig", [])},
                    templates=("NoSuchTemplate",), instances=(0,), steps=1)
    (run,) = write_store_runs(tmp_path, design, lambda *_: "s")
    integrity = verify_run(run, rescore=False)
    assert [f for f in integrity.findings if f.kind == "problem"] == []
    report = verify_run(run)  # used to raise KeyError from the template registry
    problems = [f for f in report.findings if f.kind == "problem"]
    assert len(problems) == 1 and "cannot be re-scored" in problems[0].message
    assert "NoSuchTemplate x sms_orig is not a pair this code knows" in problems[0].message
