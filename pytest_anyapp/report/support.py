"""What the benchmark can run now, and whether every scheduled pair can be scored (pure, no I/O).

``anyapp verify-support`` is the gate before a run and the completeness check of every category:
per category the matrix template x app with adapter, validation mode, oracle script, simulator
double and conformance cases, and the count of pairs per mode. A scheduled pair without adapter,
oracle script, simulator double or conformance cases, or a placeholder template, is an error
(exit 1). A category with no templates yet is "not runnable", which is not an error.
``--json`` prints the same report as JSON (:class:`SupportReport`).
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from pytest_anyapp.catalog import APPS, AppSpec, Category
from pytest_anyapp.registry import Pair
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import AppAdapter, SourceRef


class PairSupport(BaseModel):
    """One cell of the matrix: a template in an app."""

    template: str
    app_id: str
    scheduled: bool
    adapter: bool
    mode: Literal["durable", "ui", "answer"] | None = None
    mode_reason: str = ""
    oracle: bool | None = Field(default=None, description="Gold UI script present (None: not checked).")
    sim_double: bool | None = Field(default=None, description="The simulator has a double for the app's package.")
    conformance: int | None = Field(default=None, description="Conformance cases (gold + tolerated + near misses).")
    unheld: dict[str, str] = Field(default_factory=dict, description=(
        "Near misses the app cannot hold (case name -> reason; AppAdapter.unheld_cases): the on-device "
        "conformance test skips them for this pair."))


class AppRow(BaseModel):
    """What an app's adapter says of the real app: its launch guards (issue 23: what it needs and
    does at start-up, with what was read) and the second reader's verdict on its profile."""

    app_id: str
    launch_guards: list[str] | None = Field(default=None, description=(
        "'<kind>: <what> — <handled by>' per guard; [] means none found in guards_read; None: not filled."))
    guards_read: list[str] = Field(default_factory=list, description="repo@tag: files read for the guards.")
    profile_source: list[str] = Field(default_factory=list, description="repo@tag of the storage profile.")
    fidelity_read: str = Field(default="", description="repo@tag the second reader read.")
    fidelity_date: str = ""
    verdict: str = Field(default="", description="match / mismatch-fixed / mismatch-open / unverifiable; '' not read.")
    found: list[str] = Field(default_factory=list)
    open_points: list[str] = Field(default_factory=list)


def _ref(ref: SourceRef) -> str:
    return f"{ref.repo}@{ref.tag}"


def app_row(adapter: AppAdapter[Any]) -> AppRow:
    """An adapter's launch guards and fidelity reading as a report row."""
    row = AppRow(app_id=adapter.app.app_id,
                 profile_source=sorted({_ref(r) for p in adapter.storage for r in p.sources}))
    if adapter.launch_guards is not None:
        row.launch_guards = [f"{g.kind}: {g.what} — {g.handled_by}" for g in adapter.launch_guards.guards]
        row.guards_read = [_ref(r) + (f": {', '.join(r.files)}" if r.files else "") for r in adapter.launch_guards.read]
    if adapter.fidelity is not None:
        f = adapter.fidelity
        row.fidelity_read, row.fidelity_date, row.verdict = _ref(f.source), f.date, f.verdict
        row.found, row.open_points = list(f.found), list(f.open_points)
    return row


class CategorySupport(BaseModel):
    category: str
    status: Literal["runnable", "not runnable"] = "not runnable"
    apps: list[str] = Field(description="All catalogued apps of the category.")
    runnable: list[str] = Field(description="Apps with an adapter.")
    not_runnable: list[str]
    templates: list[str]
    placeholders: list[str] = Field(default_factory=list)
    pairs: int = 0
    instances: int = 0
    unscheduled: list[str] = Field(default_factory=list, description="template-app combos an adapter declines.")
    modes: dict[str, int] = Field(default_factory=dict, description="Scheduled pairs per validation mode.")
    matrix: list[PairSupport] = Field(default_factory=list)
    app_rows: list[AppRow] = Field(default_factory=list, description="Launch guards and fidelity per runnable app.")


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


def _cell(pair: Pair, adapters: Mapping[str, AppAdapter[Any]], scheduled: bool,
          oracle: Callable[[str, str], bool] | None, sim_packages: set[str] | None,
          cases: Callable[[TaskTemplate[Any]], int] | None) -> tuple[PairSupport, list[str]]:
    sid, app_id = pair.template.semantic_id, pair.app.app_id
    adapter = adapters.get(app_id)
    cell = PairSupport(template=sid, app_id=app_id, scheduled=scheduled, adapter=adapter is not None)
    problems: list[str] = []
    if adapter is not None:
        mode = adapter.validation_mode(pair.template)
        cell.mode, cell.mode_reason = mode.mode, mode.reason
        if mode.mode != "durable" and not mode.reason and mode.mode != "answer":
            problems.append(f"pair {sid} x {app_id}: validation mode {mode.mode} without a reason")
        cell.unheld = {name: case.reason + (f" (its clause is carried by {case.carried_by!r} here)"
                                            if case.carried_by else "")
                       for name, case in adapter.unheld_cases(pair.template).items()}
    if oracle is not None:
        cell.oracle = oracle(sid, app_id)
        if scheduled and not cell.oracle:
            problems.append(f"scheduled pair {sid} x {app_id} has no oracle script")
    if sim_packages is not None:
        cell.sim_double = pair.app.package in sim_packages
        if scheduled and not cell.sim_double:
            problems.append(f"scheduled pair {sid} x {app_id} has no simulator double ({pair.app.package})")
    if cases is not None:
        cell.conformance = cases(pair.template)
        if scheduled and not cell.conformance:
            problems.append(f"scheduled pair {sid} x {app_id} has no conformance cases")
    return cell, problems


def check_support(
    *,
    categories: Sequence[Category],
    templates: Mapping[Category, Sequence[TaskTemplate[Any]]],
    pairs: Sequence[Pair],
    adapters: Mapping[str, AppAdapter[Any]],
    n_instances: int = 3,
    apps: Sequence[AppSpec] = APPS,
    oracle: Callable[[str, str], bool] | None = None,
    sim_packages: set[str] | None = None,
    cases: Callable[[TaskTemplate[Any]], int] | None = None,
    guards: bool = False,
) -> SupportReport:
    """Per-category support, the template x app matrix and the list of errors (placeholders, pairs
    without a verifier, oracle script, simulator double or conformance cases, templates no runnable
    app can verify). ``oracle``/``sim_packages``/``cases`` are the checks of those columns; None
    leaves a column unchecked. ``guards``: a runnable app without launch guards or a fidelity
    reading is an error too."""
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
            f"{t.semantic_id} x {a.app_id}" + (f" ({why})" if (why := adapters[a.app_id].decline_reason(t)) else "")
            for t in cat_templates for a in runnable if (t.semantic_id, a.app_id) not in scheduled
        ]
        if runnable:
            for t in cat_templates:
                if not any(sid == t.semantic_id for sid, _ in scheduled):
                    errors.append(f"template {t.semantic_id} ({category}) has no verifier in any runnable app")
        matrix: list[PairSupport] = []
        modes: dict[str, int] = {}
        for t in cat_templates:
            for a in members:
                is_scheduled = (t.semantic_id, a.app_id) in scheduled
                cell, problems = _cell(Pair(t, a), adapters, is_scheduled, oracle, sim_packages, cases)
                matrix.append(cell)
                errors += problems
                if is_scheduled and cell.mode is not None:
                    modes[cell.mode] = modes.get(cell.mode, 0) + 1
        app_rows = [app_row(adapters[a.app_id]) for a in runnable]
        if guards:
            errors += [f"app {r.app_id} has no launch_guards (what it needs and writes at start-up)"
                       for r in app_rows if r.launch_guards is None]
            errors += [f"app {r.app_id} has no fidelity reading (a second reader's verdict)"
                       for r in app_rows if not r.verdict]
        rows.append(CategorySupport(app_rows=app_rows,
            category=category.value, status="runnable" if cat_pairs else "not runnable", modes=modes, matrix=matrix,
            apps=[a.app_id for a in members], runnable=[a.app_id for a in runnable],
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
            lines.append(f"{' ' * len(c.category)}  declined by adapters: {len(c.unscheduled)} pairs")
            lines += [f"{' ' * len(c.category)}    {entry}" for entry in c.unscheduled]
    for c in report.categories:
        if c.app_rows:
            lines += ["", f"{c.category}: launch guards (what each app needs and writes at start-up)"]
        for r in c.app_rows:
            if r.launch_guards is None:
                lines.append(f"  {r.app_id}: NOT FILLED")
                continue
            lines += [f"  {r.app_id}: {g}" for g in r.launch_guards] or [
                f"  {r.app_id}: none found in {'; '.join(r.guards_read)}"]
    for c in report.categories:
        if c.status == "not runnable":
            continue
        lines += ["", f"{c.category}: template x app ({', '.join(f'{m} {n}' for m, n in sorted(c.modes.items()))})"]
        lines += _matrix_lines(c)
    return "\n".join(lines) + "\n"


def render_fidelity(report: SupportReport) -> str:
    """One row per runnable app: profile source, what the second reader read, date, verdict, open
    points (and what was found)."""
    header = ["app", "profile source", "read", "date", "verdict", "open points"]
    rows = [header]
    notes: list[str] = []
    for c in report.categories:
        for r in c.app_rows:
            rows.append([r.app_id, ", ".join(r.profile_source) or "-", r.fidelity_read or "-", r.fidelity_date or "-",
                         r.verdict or "NOT READ", str(len(r.open_points))])
            notes += [f"  {r.app_id}: found: {f}" for f in r.found]
            notes += [f"  {r.app_id}: open: {o}" for o in r.open_points]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    verdicts = [r.verdict for c in report.categories for r in c.app_rows]
    counts = ", ".join(f"{v} {verdicts.count(v)}" for v in ("match", "mismatch-fixed", "mismatch-open", "unverifiable"))
    lines += ["", f"{len(verdicts)} apps: {counts}, not read {verdicts.count('')}"]
    return "\n".join(lines + (["", "findings and open points:", *notes] if notes else [])) + "\n"


def _flag(value: bool | int | None) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    return str(value) if value else "NO"


def _matrix_lines(c: CategorySupport) -> list[str]:
    """One line per template x app: adapter, mode, oracle, sim double, conformance cases."""
    header = ["template", "app", "scheduled", "adapter", "mode", "oracle", "double", "cases"]
    rows = [header]
    reasons: list[str] = []
    for cell in c.matrix:
        rows.append([cell.template, cell.app_id, _flag(cell.scheduled), _flag(cell.adapter), cell.mode or "-",
                     _flag(cell.oracle), _flag(cell.sim_double), _flag(cell.conformance)])
        if cell.mode_reason:
            reasons.append(f"  {cell.template} x {cell.app_id}: {cell.mode} — {cell.mode_reason}")
        reasons += [f"  {cell.template} x {cell.app_id}: conformance case {name!r} not held — {why}"
                    for name, why in cell.unheld.items()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    out = ["  " + "  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    if reasons:
        out += ["  reasons for non-durable modes and conformance cases not held:", *reasons]
    return out


def live_checks() -> dict[str, Any]:
    """The column checks against the real registries: oracle scripts and conformance cases from the
    category bundles, simulator doubles from the simulator's own app registry (metadata only)."""
    from pytest_anyapp.agents.oracle import has_script
    from pytest_anyapp.sim.apps import catalog
    from verifiers import bundles

    def cases(template: TaskTemplate[Any]) -> int:
        bundle = bundles().get(template.category)
        if bundle is None:
            return 0
        try:
            built = bundle.cases(template, template.sample_params(random.Random(0)))
        except (KeyError, TypeError):
            return 0
        return 1 + len(built.tolerated) + len(built.near_misses)

    return {"oracle": has_script, "sim_packages": {cls.package for cls in catalog()}, "cases": cases}
