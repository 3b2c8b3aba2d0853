"""Data-driven tests for every category bundle (``verifiers/<category>/``): nothing here names a
category. A new bundle's templates, cases and adapters are picked up automatically."""

from __future__ import annotations

from typing import Any

from pytest_anyapp.registry import Pair, scheduled_pairs
from pytest_anyapp.templates.base import TaskTemplate
from verifiers import bundles

TEMPLATES: list[TaskTemplate[Any]] = [t for b in bundles().values() for t in b.template_instances()]
TEMPLATE_IDS = [f"{t.category.value}-{t.semantic_id}" for t in TEMPLATES]
PAIRS: list[Pair] = scheduled_pairs()
PAIR_IDS = [f"{p.app.category.value}-{p.pair_id}" for p in PAIRS]
