"""What the benchmark can run now, and whether every scheduled pair can be scored (pure, no I/O).

``anyapp verify-support`` is the gate before a run: a pair without a working verifier, or a
placeholder template, would silently produce meaningless rates, so both are errors. A category
with no templates or no adapters yet is simply not runnable, which is not an error.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.catalog import APPS, AppSpec, Category
from pytest_anyapp.registry import Pair
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import AppAdapter


class CategorySupport(BaseModel):
    category: str
    apps: list[str] = Field(description="All catalogued apps of the category.")
    runnable: list[str] = Field(description="Apps with an adapter.")
    not_runnable: list[str]
    templates: list[str]
    placeholders: list[str] = Field(default_factory=list)
    pairs: int = 0
    instances: int = 0
    unscheduled: list[str] = Field(default_factory=list, description="template-app combos an adapter declines.")


class SupportReport(BaseModel):
    n_instances: int
    categories: list[CategorySupport]
    errors: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def total(self, attr: str) -> int:
        """Sum of a count (``pairs``) or of a list's length (``runnable``) over categories."""
        total = 0
        for row in self.categories:
            value = getattr(row, attr)
            total += len(value) if isinstance(value, list) else int(value)
        return total


def adapter_state_type(adapter: AppAdapter[Any]) -> type | None:
    """The state class an adapter's ``parse`` produces, read from its ``AppAdapter[State]`` base."""
    for cls in type(adapter).__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is AppAdapter:
                (arg,) = typing.get_args(base)
                return arg if isinstance(arg, type) else None
    return None


def _pair_problems(pair: Pair, adapters: Mapping[str, AppAdapter[Any]]) -> list[str]:
    """Why ``pair`` could not be scored; empty when its verifier (template criterion + reader) is whole."""
    name = f"{pair.template.semantic_id} x {pair.app.app_id}"
    adapter = adapters.get(pair.app.app_id)
    if adapter is None:
        return [f"scheduled pair {name} has no adapter (no verifier)"]
    problems = []
    if adapter.app.app_id != pair.app.app_id:
        problems.append(f"scheduled pair {name}: adapter is registered for {adapter.app.app_id!r}")
    if pair.template.category != pair.app.category:
        problems.append(f"scheduled pair {name}: template category {pair.template.category} != app category")
    if not adapter.supports(pair.template):
        problems.append(f"scheduled pair {name}: the adapter does not support the template (no verifier)")
    produced = adapter_state_type(adapter)
    expected = getattr(type(pair.template), "state_type", None)
    if produced is not None and isinstance(expected, type) and not issubclass(produced, expected):
        problems.append(
            f"scheduled pair {name}: adapter reads {produced.__name__}, template checks {expected.__name__}"
        )
    return problems


def check_support(
    *,
    categories: Sequence[Category],
    templates: Mapping[Category, Sequence[TaskTemplate[Any]]],
    pairs: Sequence[Pair],
    adapters: Mapping[str, AppAdapter[Any]],
    n_instances: int = 3,
    apps: Sequence[AppSpec] = APPS,
) -> SupportReport:
    """Per-category support and the list of errors (placeholders, pairs without a verifier,
    templates no runnable app can verify)."""
    errors: list[str] = []
    rows: list[CategorySupport] = []
    for category in categories:
        members = sorted((a for a in apps if a.category == category), key=lambda a: (not a.is_original, a.app_id))
        runnable = [a for a in members if a.app_id in adapters]
        cat_templates = list(templates.get(category, ()))
        cat_pairs = [p for p in pairs if p.app.category == category]
        placeholders = [t.semantic_id for t in cat_templates if t.placeholder]
        errors += [f"template {sid} ({category}) is a placeholder" for sid in placeholders]
        for pair in cat_pairs:
            errors += _pair_problems(pair, adapters)
        scheduled = {(p.template.semantic_id, p.app.app_id) for p in cat_pairs}
        unscheduled = [
            f"{t.semantic_id} x {a.app_id}" for t in cat_templates for a in runnable
            if (t.semantic_id, a.app_id) not in scheduled
        ]
        if runnable:
            for t in cat_templates:
                if not any(sid == t.semantic_id for sid, _ in scheduled):
                    errors.append(f"template {t.semantic_id} ({category}) has no verifier in any runnable app")
        rows.append(CategorySupport(
            category=category.value, apps=[a.app_id for a in members], runnable=[a.app_id for a in runnable],
            not_runnable=[a.app_id for a in members if a.app_id not in adapters],
            templates=[t.semantic_id for t in cat_templates], placeholders=placeholders,
            pairs=len(cat_pairs), instances=len(cat_pairs) * n_instances, unscheduled=unscheduled,
        ))
    return SupportReport(n_instances=n_instances, categories=rows, errors=errors)


def render_support(report: SupportReport) -> str:
    """Per-category counts, the runnable apps by name, and a total line."""
    header = ["category", "apps", "runnable", "templates", "pairs", f"instances (x{report.n_instances})"]
    rows = [header]
    for c in report.categories:
        rows.append([c.category, str(len(c.apps)), str(len(c.runnable)), str(len(c.templates)),
                     str(c.pairs), str(c.instances)])
    rows.append(["total", str(report.total("apps")), str(report.total("runnable")), str(report.total("templates")),
                 str(report.total("pairs")), str(report.total("instances"))])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in rows]
    lines.append("")
    for c in report.categories:
        lines.append(f"{c.category}: runnable {', '.join(c.runnable) or '(none)'}")
        lines.append(f"{' ' * len(c.category)}  not runnable {', '.join(c.not_runnable) or '(none)'}")
        if c.unscheduled:
            lines.append(f"{' ' * len(c.category)}  declined by adapters: {', '.join(c.unscheduled)}")
    return "\n".join(lines) + "\n"
