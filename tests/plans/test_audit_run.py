"""``anyapp plans audit-run``: re-audit recorded C2 episodes without the plan file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.cli import main
from pytest_anyapp.outcomes import Status
from pytest_anyapp.plans.audit_run import audit_record, audit_results
from pytest_anyapp.plans.runtime import resolve_prompt
from pytest_anyapp.records.models import EpisodeRecord, Provenance
from pytest_anyapp.registry import PairInstance, schedule
from pytest_anyapp.seeding import goal_sha256, params_sha256


def _record(pair: PairInstance, condition: str, plan_file: Path | None, status: Status = Status.VALID_SUCCESS) -> EpisodeRecord:
    resolution = resolve_prompt(pair, condition, plan_file)
    return EpisodeRecord(
        test_id=pair.test_id, status=status, goal=pair.goal, prompt_goal=resolution.prompt_goal, plan=resolution.plan,
        provenance=Provenance(
            app_id=pair.pair.app.app_id, app_display_name=pair.pair.app.display_name, semantic_id=pair.pair.template.semantic_id,
            instance=pair.instance, seed=pair.seed, params=pair.params, semantic_parameter_sha256=params_sha256(pair.params),
            semantic_goal=pair.semantic_goal, semantic_goal_sha256=goal_sha256(pair.semantic_goal), condition=condition,
            condition_valid=resolution.condition_valid, condition_problems=resolution.problems,
        ),
    )


def _write(results: Path, record: EpisodeRecord) -> Path:
    path = results / "run1" / record.test_id / "episode.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record.model_dump_json(indent=2))
    return path


@pytest.fixture
def pairs() -> list[PairInstance]:
    return schedule(seed=30, n_instances=1, categories=[Category.SMS])[:6]


def test_clean_run_passes(pairs: list[PairInstance], sms_plan_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    for mode_pair in pairs:
        _write(results, _record(mode_pair, "c2_g", sms_plan_path))
    _write(results, _record(pairs[0], "c1", None).model_copy(update={"test_id": "c1-episode"}))
    sms_plan_path.unlink()  # the re-audit needs only the records
    report = audit_results(results)
    assert report.ok and report.episodes == 7 and report.c2_episodes == 6 == report.c2_with_plan
    assert main(["plans", "audit-run", str(results), "--report-json", str(tmp_path / "r.json")]) == 0
    assert '"ok": true' in capsys.readouterr().out


def test_tampered_records_are_caught(pairs: list[PairInstance], sms_plan_path: Path, tmp_path: Path) -> None:
    good = _record(pairs[0], "c2_g", sms_plan_path)
    assert audit_record(good) == []
    plan = good.plan
    assert plan is not None
    edited_plan = good.model_copy(update={"plan": plan.model_copy(update={"plan_text": plan.plan_text + "\n5. Tap send"})})
    problems = audit_record(edited_plan)
    assert any("plan_sha256" in p for p in problems) and any("strict validation" in p for p in problems)
    assert any("composition" in p for p in problems)
    wrong_key = good.model_copy(update={"plan": plan.model_copy(update={"plan_key": plan.plan_key.replace("instance=0", "instance=1")})})
    assert any("plan_key" in p for p in audit_record(wrong_key))
    prov = good.provenance
    other_task = prov.task.model_copy(update={"semantic_goal": "Do something else with [TARGET_APP]."})
    other_goal = good.model_copy(update={"provenance": prov.model_copy(update={"task": other_task})})
    assert any("semantic_goal_sha256" in p for p in audit_record(other_goal))
    human_role = good.model_copy(update={"provenance": prov.model_copy(
        update={"condition": prov.condition.model_copy(update={"name": "c2_h"})})})
    assert any("c2_h needs a human plan" in p for p in audit_record(human_role))
    disguised = good.model_copy(update={"plan": None, "prompt_goal": good.goal})
    assert any("C1 rollout in disguise" in p for p in audit_record(disguised))
    c1_with_plan = good.model_copy(update={"provenance": prov.model_copy(
        update={"condition": prov.condition.model_copy(update={"name": "c1"})})})
    assert any("c1 episode carries a plan" in p for p in audit_record(c1_with_plan))


def test_fail_closed_episode_is_accepted_and_counted(pairs: list[PairInstance], tmp_path: Path) -> None:
    pair = pairs[0]
    record = EpisodeRecord(
        test_id=pair.test_id, status=Status.INVALID, goal=pair.goal, prompt_goal=pair.goal, plan=None,
        provenance=Provenance(semantic_id=pair.pair.template.semantic_id, condition="c2_g", condition_valid=False,
                              condition_problems=["no plan"], app_display_name=pair.pair.app.display_name,
                              semantic_goal=pair.semantic_goal, semantic_goal_sha256=goal_sha256(pair.semantic_goal)),
    )
    results = tmp_path / "results"
    _write(results, record)
    report = audit_results(results)
    assert report.ok and report.c2_invalid_without_plan == 1


def test_cli_exit_codes(pairs: list[PairInstance], sms_plan_path: Path, tmp_path: Path) -> None:
    results = tmp_path / "results"
    record = _record(pairs[0], "c2_g", sms_plan_path)
    assert record.plan is not None
    _write(results, record.model_copy(update={"prompt_goal": record.goal}))
    assert main(["plans", "audit-run", str(results)]) == 1
    (tmp_path / "empty").mkdir()
    assert main(["plans", "audit-run", str(tmp_path / "empty")]) == 2
