"""Fixtures for the plan tests: loopback provider fakes and the real SMS schedule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.plans.instances import SemanticInstance, scheduled_semantic_instances
from pytest_anyapp.plans.keys import plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanEntry, PlanFile, PlanFileMetadata, save_plan_file
from pytest_anyapp.plans.runtime import clear_cache

from .fakes import VALID_STEPS, FakeGemini, FakeOpenAI

FAKE_KEY = "sk-fake-SECRET-0123456789abcdef"


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI().start()
    monkeypatch.setenv("OPENAI_BASE_URL", fake.sdk_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    yield fake
    fake.stop()


@pytest.fixture
def fake_gemini(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGemini]:
    fake = FakeGemini().start()
    monkeypatch.setenv("GEMINI_BASE_URL", fake.base_url)
    monkeypatch.setenv("GEMINI_API_KEY", FAKE_KEY)
    yield fake
    fake.stop()


@pytest.fixture
def sms_instances() -> list[SemanticInstance]:
    """The real SMS schedule at one instance per pair (one semantic instance per SMS template)."""
    return scheduled_semantic_instances(seed=30, n_instances=1, categories=[Category.SMS])


@pytest.fixture(autouse=True)
def _fresh_plan_cache() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


def build_plan_file(
    instances: list[SemanticInstance], *, provider: str = "gemini", steps: list[str] | None = None, seed: int = 30,
    n_instances: int = 1, categories: list[str] | None = None,
) -> PlanFile:
    """A consistent plan file for ``instances`` (as generate/import would write it)."""
    steps = list(VALID_STEPS if steps is None else steps)
    text = plan_text_from_steps(steps)
    entries = [
        PlanEntry(
            key=i.plan_key, semantic_id=i.semantic_id, instance=i.instance, category=i.category,
            semantic_goal=i.semantic_goal, semantic_goal_sha256=i.semantic_goal_sha256,
            semantic_parameter_sha256=i.semantic_parameter_sha256, steps=steps, plan_text=text,
            plan_sha256=plan_sha256(text), provider=provider, model="fake-model", attempts=1,  # type: ignore[arg-type]
        )
        for i in instances
    ]
    meta = PlanFileMetadata(
        seed=seed, n_instances=n_instances, categories=categories or ["sms"], generator_provider=provider,  # type: ignore[arg-type]
        generator_model="fake-model", created_at="2026-01-01T00:00:00+00:00", expected_plan_count=len(entries),
    )
    return PlanFile(metadata=meta, plans=entries)


@pytest.fixture
def sms_plan_path(tmp_path: Path, sms_instances: list[SemanticInstance]) -> Path:
    path = tmp_path / "plans.json"
    save_plan_file(path, build_plan_file(sms_instances))
    return path
