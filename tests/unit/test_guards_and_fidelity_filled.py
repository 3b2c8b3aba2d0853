"""Every app of the Tasks, Finance, Maps, Files and SMS categories names its launch guards (or the
files read where none were found) and its second reader's verdict (issues 23 and 27)."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_anyapp.catalog.models import Category
from verifiers import bundles
from verifiers.base import AppAdapter

CATEGORIES = (Category.TASKS, Category.FINANCE, Category.MAPS, Category.FILES, Category.SMS)
ADAPTERS: list[AppAdapter[Any]] = [a for c in CATEGORIES for a in bundles()[c].adapters]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=[a.app.app_id for a in ADAPTERS])
def test_guards_and_fidelity_are_filled(adapter: AppAdapter[Any]) -> None:
    guards, fidelity = type(adapter).launch_guards, type(adapter).fidelity
    assert guards is not None and guards.read, adapter.app.app_id
    assert fidelity is not None, adapter.app.app_id
    if fidelity.source.repo == "closed source":
        assert fidelity.verdict == "unverifiable" and any("closed source" in p for p in fidelity.open_points)


def test_every_app_of_the_categories_is_covered() -> None:
    assert len(ADAPTERS) == 24
