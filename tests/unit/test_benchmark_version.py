"""The benchmark version (issue 21 item 3): today's templates give the shipped parameter hashes of
the current version, CHANGELOG.md lists exactly the instances whose hashes changed and the
templates whose criterion changed, records and reports carry the version, reports refuse to mix
versions, and re-scoring an older record changes it only where the changelog predicts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.benchmark import (
    BENCHMARK_VERSION,
    CRITERIA_CHANGED,
    UNVERSIONED,
    MixedBenchmarkVersions,
    current_params_hashes,
    one_version,
    params_hashes,
    rescore_may_change,
)
from pytest_anyapp.records.models import EpisodeRecord
from pytest_anyapp.records.rescore import rescore_record
from pytest_anyapp.registry import templates_by_category
from pytest_anyapp.report.gap import build_gap_table

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = (ROOT / "CHANGELOG.md").read_text()
FIXTURE = Path(__file__).parent / "fixtures" / "episode_v1.json"


def _section(version: str) -> str:
    return CHANGELOG.split(f"\n## {version}\n", 1)[1].split("\n## ", 1)[0]


def test_todays_templates_give_the_current_versions_parameter_hashes() -> None:
    """Fails when a template's parameters change without a new version (bump BENCHMARK_VERSION,
    write ``python -m pytest_anyapp.benchmark > pytest_anyapp/benchmark_params/vN.json``, add a
    CHANGELOG.md entry)."""
    assert current_params_hashes() == params_hashes(BENCHMARK_VERSION)


def test_changelog_lists_exactly_the_changed_instances_with_old_and_new_hashes() -> None:
    old, new = params_hashes(UNVERSIONED), params_hashes("2")
    changed = {k: (old[k], new[k]) for k in new if old.get(k) != new[k]}
    listed = {f"{t}/{i}": (a, b) for t, i, a, b in
              re.findall(r"^\| `(\w+)` \| (\d+) \| `([0-9a-f]{16})` \| `([0-9a-f]{16})` \|", _section("2"), re.M)}
    assert listed.keys() == changed.keys()
    assert all(changed[k][0].startswith(a) and changed[k][1].startswith(b) for k, (a, b) in listed.items())


def test_changelog_names_every_template_whose_criterion_changed() -> None:
    ids = {t.semantic_id for ts in templates_by_category().values() for t in ts}
    for version, changed in CRITERIA_CHANGED.items():
        section = _section(version).split("### Criteria changed", 1)[1].split("###", 1)[0]
        assert set(re.findall(r"`(\w+)`", section)) & ids == set(changed)
    assert BENCHMARK_VERSION in CRITERIA_CHANGED and f"\n## {BENCHMARK_VERSION}\n" in CHANGELOG


def test_records_carry_the_version_and_old_records_are_version_1() -> None:
    old = EpisodeRecord.model_validate_json(FIXTURE.read_text())
    assert old.provenance.run.benchmark_version == UNVERSIONED == old.summary()["benchmark_version"]
    old.provenance.run.benchmark_version = BENCHMARK_VERSION
    again = EpisodeRecord.model_validate(json.loads(old.model_dump_json()))
    assert again.summary()["benchmark_version"] == BENCHMARK_VERSION


def test_mixing_versions_is_refused_with_the_versions_named() -> None:
    assert one_version(["2", "2"], "x") == "2" and one_version([None, "1"], "x") == "1"
    with pytest.raises(MixedBenchmarkVersions, match="mix benchmark versions 1, 2"):
        one_version([None, "2"], "the episodes given")
    summary: dict[str, Any] = EpisodeRecord.model_validate_json(FIXTURE.read_text()).summary()
    assert build_gap_table([summary]).benchmark_version == UNVERSIONED
    with pytest.raises(MixedBenchmarkVersions):
        build_gap_table([summary, {**summary, "test_id": "other", "benchmark_version": "2"}])


def test_c1_c2_pairs_compare_the_version() -> None:
    from pytest_anyapp.report.fields import PAIR_EQUALITY_FIELDS

    assert ("benchmark_version", "benchmark_version") in PAIR_EQUALITY_FIELDS


def test_rescore_predicts_changes_from_the_changelog_only() -> None:
    """A version-1 record of a template whose criterion did not change re-scores unchanged and is
    not predicted to change; one of a listed template is predicted to (v1 -> v2), and a record of
    the current version never is."""
    record = EpisodeRecord.model_validate_json(FIXTURE.read_text())
    again = rescore_record(record)
    assert not again.changed and not again.predicted and not again.unpredicted
    assert rescore_may_change("TasksDueNextWeek", None) and rescore_may_change("TasksDueNextWeek", "1")
    assert not rescore_may_change("TasksDueNextWeek", "2") and not rescore_may_change(record.provenance.task.semantic_id,
                                                                                      None)


def test_rescoring_a_version_1_answer_record_changes_it_as_the_changelog_predicts() -> None:
    """A version-1 ``TasksDueNextWeek`` record (parameters of version 1, recorded under its policy:
    "3 tasks" was not a number, so the episode failed) re-scores as a success under the one answer
    policy, and the change is marked predicted; the same answer as a bare number was a success then
    and stays one. (The record's snapshot is a real Tasks.org read; its parameters and verdict are
    those version 1 gave.)"""
    data = json.loads((FIXTURE.parent / "tasks_due_next_week_v1.json").read_text())
    record = EpisodeRecord.model_validate(data)
    assert record.provenance.run.benchmark_version == UNVERSIONED
    changed = rescore_record(record)
    assert changed.changed and changed.predicted and not changed.unpredicted
    assert changed.recorded.value == "valid_failure" and changed.rescored is not None
    assert changed.rescored.value == "valid_success"
    bare = EpisodeRecord.model_validate({**data, "answer": data["answer"].split()[0], "status": "valid_success"})
    assert not rescore_record(bare).changed


def test_anyapp_rescore_fails_only_on_unpredicted_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_anyapp.cli import main

    data = json.loads((FIXTURE.parent / "tasks_due_next_week_v1.json").read_text())
    run = tmp_path / "old-run"
    (run / data["test_id"]).mkdir(parents=True)
    (run / data["test_id"] / "episode.json").write_text(json.dumps(data))
    assert main(["rescore", str(run)]) == 0
    assert "1 changed (1 as CHANGELOG.md predicts)" in capsys.readouterr().out
    data["provenance"]["run"]["benchmark_version"] = BENCHMARK_VERSION  # the same change is now unexpected
    (run / data["test_id"] / "episode.json").write_text(json.dumps(data))
    assert main(["rescore", str(run)]) == 1
    assert "UNEXPECTED" in capsys.readouterr().out
