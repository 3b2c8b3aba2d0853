"""Every pair an adapter declines says why, in ``anyapp verify-support``'s own report: a declined
pair is a decision, and a decision without its reason cannot be reviewed. Nothing here names a
category; every bundle's adapters are walked."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_anyapp import registry
from pytest_anyapp.catalog import Category
from pytest_anyapp.report.support import check_support
from pytest_anyapp.templates.base import TaskTemplate
from verifiers import bundles
from verifiers.base import AppAdapter

DECLINED: list[tuple[AppAdapter[Any], TaskTemplate[Any]]] = [
    (a, t) for b in bundles().values() for a in b.adapters for t in b.template_instances() if not a.supports(t)]
CATEGORIES: list[Category] = sorted(bundles(), key=lambda c: c.value)


def test_some_pair_is_declined() -> None:
    """The walk below is not vacuous."""
    assert DECLINED


@pytest.mark.parametrize("category", CATEGORIES, ids=[c.value for c in CATEGORIES])
def test_every_declined_pair_prints_its_reason(category: Category) -> None:
    report = check_support(categories=[category], templates=registry.templates_by_category(),
                           pairs=registry.scheduled_pairs([category]), adapters=registry.adapters())
    (row,) = report.categories
    declined = [(a, t) for a, t in DECLINED if t.category == category]
    assert len(row.unscheduled) == len(declined)
    silent = [f"{t.semantic_id} x {a.app.app_id}" for a, t in declined if not a.decline_reason(t).strip()]
    assert silent == [], f"declined without a reason: {silent}"
    for adapter, template in declined:
        entry = f"{template.semantic_id} x {adapter.app.app_id} ({adapter.decline_reason(template)})"
        assert entry in row.unscheduled, entry
