"""Reading summaries back: a real pytest-json-report file and a results directory of EpisodeRecords."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord, Provenance, VerifierRecord
from pytest_anyapp.report.gap import GapTable, build_gap_table
from pytest_anyapp.report.load import (
    METADATA_KEY,
    find_run_dir,
    load_json_report,
    load_run_dir,
    load_summaries,
    summary_from_test_id,
)
from pytest_anyapp.report.write import write_summary

pytest_plugins = ("pytester",)


def record(app_id: str, semantic_id: str, instance: int, status: Status, *, final: bool = True) -> EpisodeRecord:
    category, slug = app_id.split("_", 1)
    return EpisodeRecord(
        test_id=f"{category}-{semantic_id}-{slug}-i{instance}", status=status, final=final,
        goal="Reply in the app", prompt_goal="Reply in the app",
        verifier=None if status is Status.INVALID else VerifierRecord(success=status is Status.VALID_SUCCESS),
        provenance=Provenance(category=category, app_id=app_id, semantic_id=semantic_id, instance=instance,
                              condition="c1", agent_name="oracle"),
    )


def write_record(run_dir: Path, rec: EpisodeRecord) -> None:
    episode_dir = run_dir / rec.test_id
    episode_dir.mkdir(parents=True)
    (episode_dir / "episode.json").write_text(rec.model_dump_json(indent=2), encoding="utf-8")


# -- test-id parsing -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("pairs/test_pairs.py::test_pair[sms-SmsReply-google_messages-i0]", ("sms_google_messages", "SmsReply", 0)),
    ("pairs::tasks-TasksDueWithTime-org-i2", ("tasks_org", "TasksDueWithTime", 2)),
    ("sms-SmsSend-quik_sms-i11", ("sms_quik_sms", "SmsSend", 11)),
])
def test_pair_ids_parse(text: str, expected: tuple[str, str, int]) -> None:
    summary = summary_from_test_id(text, reason="test")
    assert summary is not None
    assert (summary["app_id"], summary["semantic_id"], summary["instance"]) == expected
    assert summary["status"] == Status.INVALID.value


@pytest.mark.parametrize("text", [
    "tests/test_x.py::test_other", "x::foosms-SmsReply-quik_sms-i0", "x::weather-Rain-app-i0",
    "x::test_pair[sms-SmsReply-quik_sms-i0]::extra",
])
def test_non_pair_ids_do_not_parse(text: str) -> None:
    assert summary_from_test_id(text, reason="test") is None


# -- pytest-json-report -------------------------------------------------------------------------------
CONFTEST = '''
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord, Provenance

OUTCOMES = {"sms-SmsReply-simple_sms_messenger-i0": Status.VALID_SUCCESS,
            "sms-SmsReply-fossify_messages-i0": Status.VALID_FAILURE,
            "sms-SmsReply-fossify_messages-i1": Status.INVALID}

def pytest_json_runtest_metadata(item, call):
    test_id = item.callspec.id if hasattr(item, "callspec") else ""
    if call.when != "call" or test_id not in OUTCOMES:
        return {}
    category, sid, slug, inst = test_id.split("-")
    rec = EpisodeRecord(test_id=test_id, status=OUTCOMES[test_id], goal="g", prompt_goal="g",
                        provenance=Provenance(category=category, app_id=f"{category}_{slug}", semantic_id=sid,
                                              instance=int(inst[1:]), condition="c2_g"))
    return {"METADATA_KEY": rec.summary()}
'''.replace("METADATA_KEY", METADATA_KEY)

TESTS = '''
import pytest

@pytest.mark.parametrize("tid", [
    "sms-SmsReply-simple_sms_messenger-i0", "sms-SmsReply-fossify_messages-i0",
    "sms-SmsReply-fossify_messages-i1", "sms-SmsReply-quik_sms-i0", "sms-SmsSend-quik_sms-i1",
], ids=str)
def test_pair(tid):
    if tid == "sms-SmsReply-fossify_messages-i0":
        assert False, "valid failure"
    if tid == "sms-SmsReply-quik_sms-i0":
        raise RuntimeError("worker died")  # a report without our metadata
    if tid == "sms-SmsSend-quik_sms-i1":
        pytest.skip("resumed: already final")

def test_unrelated():
    assert True
'''


def test_real_json_report(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_pairs=TESTS)
    report_file = pytester.path / "report.json"
    result = pytester.runpytest("-p", "no:anyapp", "--json-report", f"--json-report-file={report_file}")
    result.assert_outcomes(passed=3, failed=2, skipped=1)

    loaded = load_summaries(report_file)
    by_id = {s["test_id"]: s for s in loaded.summaries}
    assert sorted(by_id) == [
        "sms-SmsReply-fossify_messages-i0", "sms-SmsReply-fossify_messages-i1",
        "sms-SmsReply-quik_sms-i0", "sms-SmsReply-simple_sms_messenger-i0",
    ]
    assert by_id["sms-SmsReply-simple_sms_messenger-i0"]["status"] == Status.VALID_SUCCESS.value
    crashed = by_id["sms-SmsReply-quik_sms-i0"]
    assert (crashed["status"], crashed["app_id"], crashed["condition"]) == (Status.INVALID.value, "sms_quik_sms", "c2_g")
    assert any("skipped without a summary" in n for n in loaded.notes)

    table = build_gap_table(loaded.summaries)
    (sms,) = table.categories
    assert table.condition == "c2_g"
    assert (sms.original_rate, sms.new_rate, sms.gap) == (1.0, 0.0, -1.0)
    assert (sms.n_valid, sms.n_invalid) == (2, 2)
    quik = next(a for a in sms.apps if a.app_id == "sms_quik_sms")
    assert (quik.rate, quik.n_invalid) == (None, 1)


def test_not_a_json_report(tmp_path: Path) -> None:
    bogus = tmp_path / "x.json"
    bogus.write_text(json.dumps({"created": 1}))
    with pytest.raises(ValueError, match="not a pytest-json-report"):
        load_json_report(bogus)


# -- results directory ------------------------------------------------------------------------------
@pytest.fixture
def results(tmp_path: Path) -> Path:
    run = tmp_path / "results" / "run-1"
    write_record(run, record("sms_simple_sms_messenger", "SmsReply", 0, Status.VALID_SUCCESS))
    write_record(run, record("sms_simple_sms_messenger", "SmsReply", 1, Status.VALID_FAILURE))
    write_record(run, record("sms_quik_sms", "SmsReply", 0, Status.VALID_SUCCESS))
    write_record(run, record("sms_quik_sms", "SmsReply", 1, Status.VALID_SUCCESS, final=False))
    broken = run / "sms-SmsReply-fossify_messages-i0"
    broken.mkdir()
    (broken / "episode.json").write_text("{not json")
    (run / "logs").mkdir()  # a directory without an episode is not an episode
    return tmp_path / "results"


def _check_results_summaries(summaries: list[dict[str, Any]]) -> None:
    by_id = {s["test_id"]: s for s in summaries}
    assert len(by_id) == 5
    assert by_id["sms-SmsReply-quik_sms-i1"]["status"] == Status.INVALID.value  # not final
    assert by_id["sms-SmsReply-fossify_messages-i0"]["status"] == Status.INVALID.value  # unreadable
    table = build_gap_table(summaries)
    (sms,) = table.categories
    assert sms.original_rate == 0.5
    assert sms.new_rate == 1.0  # quik 1/1 valid; fossify has no valid episode, so it adds no rate
    assert (sms.n_valid, sms.n_invalid, sms.n_new_apps) == (3, 2, 1)


def test_run_dir_and_results_root(results: Path) -> None:
    run = results / "run-1"
    assert find_run_dir(results) == run
    assert find_run_dir(run) == run
    from_run = load_run_dir(run)
    from_root = load_summaries(results)
    assert from_root.source == run
    _check_results_summaries(from_run.summaries)
    assert from_run.summaries == from_root.summaries
    assert any("not final" in n for n in from_run.notes) and any("unreadable" in n for n in from_run.notes)


def test_results_root_with_two_runs_is_ambiguous(results: Path) -> None:
    write_record(results / "run-2", record("sms_quik_sms", "SmsReply", 0, Status.VALID_FAILURE))
    with pytest.raises(ValueError, match="several runs"):
        find_run_dir(results)
    assert len(load_summaries(results / "run-2").summaries) == 1


def test_empty_dir_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no episode.json"):
        find_run_dir(tmp_path)


def test_write_summary_is_complete_and_leaves_no_temp_files(results: Path) -> None:
    run = results / "run-1"
    table = build_gap_table(load_run_dir(run).summaries)
    json_path, md_path = write_summary(run, table)
    assert GapTable.model_validate_json(json_path.read_text()) == table
    assert md_path.read_text().startswith("# AnyAppBench gap table (condition: c1)")
    assert sorted(p.name for p in run.iterdir() if p.is_file()) == ["summary.json", "summary.md"]
    # Rewriting replaces, never appends.
    write_summary(run, table)
    assert GapTable.model_validate_json(json_path.read_text()) == table
