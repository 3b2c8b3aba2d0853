"""resolve_prompt: what the episode runner gets under c1, c2_g and c2_o."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.errors import ConditionMismatchError, ConfigError, PlanUnavailableError
from pytest_anyapp.outcomes import Status, status_for_exception
from pytest_anyapp.plans.compose import original_goal_from_prompt_goal
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.models import load_plan_file, save_plan_file
from pytest_anyapp.plans.runtime import load_plans, plan_file_problem, resolve_prompt
from pytest_anyapp.registry import PairInstance, schedule
from pytest_anyapp.seeding import sha256_text

from .conftest import build_plan_file
from .fakes import VALID_STEPS


@pytest.fixture
def pair() -> PairInstance:
    return schedule(seed=30, n_instances=1, categories=[Category.SMS])[0]


def test_c1_is_the_plain_goal(pair: PairInstance) -> None:
    res = resolve_prompt(pair, "c1", None)
    assert res.prompt_goal == pair.goal and res.plan is None and res.condition_valid and res.problems == []


def test_c1_with_a_plan_file_is_a_condition_problem(pair: PairInstance, sms_plan_path: Path) -> None:
    res = resolve_prompt(pair, "c1", sms_plan_path)
    assert res.prompt_goal == pair.goal and res.plan is None
    assert not res.condition_valid and "c1" in res.problems[0]


@pytest.mark.parametrize("mode", ["prepend", "append"])
def test_c2_g_composes_the_shared_plan(sms_plan_path: Path, mode: str) -> None:
    pairs = [p for p in schedule(seed=30, n_instances=1, categories=[Category.SMS]) if p.pair.template.semantic_id == "SmsSend"]
    assert len(pairs) >= 2
    file_sha = sha256_text(sms_plan_path.read_text())
    texts = set()
    for p in pairs:
        res = resolve_prompt(p, "c2_g", sms_plan_path, mode)
        assert res.condition_valid, res.problems
        assert res.plan is not None
        assert res.plan.plan_mode == mode and res.plan.generator_provider == "gemini" and res.plan.generator_model == "fake-model"
        assert res.plan.plan_file_sha256 == file_sha and res.plan.plan_sha256 == sha256_text(res.plan.plan_text)
        assert res.plan.plan_key.startswith("SmsSend|instance=0|")
        assert original_goal_from_prompt_goal(res.prompt_goal) == p.goal
        assert p.pair.app.display_name in res.prompt_goal, "the agent still sees the real app name in the goal"
        texts.add(res.plan.plan_text)
    assert len(texts) == 1, "every app of the template gets the same plan"


def test_c2_without_plan_file_fails_closed(pair: PairInstance) -> None:
    for missing in (None, "", "  "):
        with pytest.raises(PlanUnavailableError) as info:
            resolve_prompt(pair, "c2_g", missing)
        assert status_for_exception(info.value, "agent") is Status.INVALID


def test_c2_with_unreadable_or_foreign_file_fails_closed(pair: PairInstance, tmp_path: Path) -> None:
    with pytest.raises(PlanUnavailableError):
        resolve_prompt(pair, "c2_g", tmp_path / "absent.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"metadata": {}, "plans": []}')
    with pytest.raises(PlanUnavailableError):
        resolve_prompt(pair, "c2_g", bad)
    dup = tmp_path / "dup.json"
    dup.write_text('{"a": 1, "a": 2}')
    with pytest.raises(PlanUnavailableError):
        resolve_prompt(pair, "c2_g", dup)


def test_c2_missing_entry_fails_closed(pair: PairInstance, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    others = [i for i in sms_instances if i.semantic_id != pair.pair.template.semantic_id]
    save_plan_file(path, build_plan_file(others))
    with pytest.raises(PlanUnavailableError, match="no plan for"):
        resolve_prompt(pair, "c2_g", path)


def test_c2_empty_plan_fails_closed(pair: PairInstance, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    plan_file = build_plan_file(sms_instances)
    for entry in plan_file.plans:
        entry.steps, entry.plan_text = [], ""
    save_plan_file(path, plan_file)
    with pytest.raises(PlanUnavailableError, match="empty"):
        resolve_prompt(pair, "c2_g", path)


def test_c2_duplicate_entries_fail_closed(pair: PairInstance, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    plan_file = build_plan_file(sms_instances)
    plan_file.plans.append(plan_file.plans[0].model_copy())
    save_plan_file(path, plan_file)
    target = next(p for p in schedule(seed=30, n_instances=1,
                                      categories=[Category.SMS]) if p.pair.template.semantic_id == plan_file.plans[0].semantic_id)
    with pytest.raises(PlanUnavailableError, match="share the key"):
        resolve_prompt(target, "c2_g", path)


def test_conditions_as_the_benchmark_defines_them(pair: PairInstance, sms_instances: list[SemanticInstance],
                                                  tmp_path: Path) -> None:
    """c2_g = Gemini, c2_o = OpenAI, c2_h = human; an entry of another provider is a mismatch."""
    for provider, condition in (("gemini", "c2_g"), ("openai", "c2_o"), ("human", "c2_h")):
        path = tmp_path / f"{provider}.json"
        save_plan_file(path, build_plan_file(sms_instances, provider=provider))
        assert resolve_prompt(pair, condition, path).condition_valid
        assert plan_file_problem(path, condition) is None
        for other in {"c2_g", "c2_o", "c2_h"} - {condition}:
            with pytest.raises(ConditionMismatchError, match=f"{other} expects a plan from .* provider is {provider}"):
                resolve_prompt(pair, other, path)
            problem = plan_file_problem(path, other)
            assert problem is not None and str(path) in problem and provider in problem and other in problem


def test_plan_not_required_runs_the_instruction_alone(pair: PairInstance, sms_instances: list[SemanticInstance],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    save_plan_file(path, build_plan_file([i for i in sms_instances if i.semantic_id != pair.pair.template.semantic_id]))
    with pytest.raises(PlanUnavailableError):
        resolve_prompt(pair, "c2_g", path)
    res = resolve_prompt(pair, "c2_g", path, required=False)
    assert res.prompt_goal == pair.goal and res.plan is None and not res.condition_valid
    assert "CATBENCH_TASK_BREAKDOWN_REQUIRED=0" in res.problems[0]


def test_invalid_plan_content_and_seed_mismatch_are_condition_problems(pair: PairInstance,
                                                                       sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    save_plan_file(path, build_plan_file(sms_instances, steps=["Tap the send button"], seed=31))
    res = resolve_prompt(pair, "c2_g", path)
    assert not res.condition_valid
    assert any("strict validation" in p for p in res.problems)
    assert any("seed 31" in p for p in res.problems)


def test_unknown_condition_or_mode_is_a_config_error(pair: PairInstance, sms_plan_path: Path) -> None:
    with pytest.raises(ConfigError):
        resolve_prompt(pair, "c3", None)
    with pytest.raises(ConfigError):
        resolve_prompt(pair, "c2_g", sms_plan_path, "sideways")


def test_cache_follows_rewrites(pair: PairInstance, sms_plan_path: Path) -> None:
    first = load_plans(sms_plan_path)
    assert load_plans(sms_plan_path) is first
    plan_file = load_plan_file(sms_plan_path)
    for entry in plan_file.plans:
        entry.steps = [*VALID_STEPS, "Leave the app open on the result"]
    save_plan_file(sms_plan_path, plan_file)
    stat = sms_plan_path.stat()
    os.utime(sms_plan_path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = load_plans(sms_plan_path)
    assert second is not first and second.sha256 != first.sha256
    res = resolve_prompt(pair, "c2_g", sms_plan_path)
    assert not res.condition_valid and "plan_text is not the numbered text of its steps" in res.problems
