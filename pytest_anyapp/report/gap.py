"""Pure builder of the cross-app gap table from episode summaries (no I/O).

Rates are hierarchical, as in the prior release (so every app and template weighs the same whatever
the number of episodes that survived):

* template rate = mean success over the template's valid instances;
* app rate = mean of its template rates (templates without a valid instance are left out);
* category: original = the original app's rate; new = unweighted mean of the new apps' rates;
  gap = new - original;
* overall: mean over the categories that have both an original and a new rate, gap = new - original.

Invalid episodes (``invalid_infrastructure``, an unknown status, or a condition that did not match
runtime) are counted but never enter a denominator. Missing data gives ``None``, never 0.
Counts are per slot (app, template, instance): if a slot appears more than once, a valid record
supersedes invalid ones, and two valid records for one slot are an error.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.benchmark import one_version
from pytest_anyapp.catalog import Category, app_by_id, apps_in
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.run_meta import RunMeta, run_meta

GAP_SCHEMA_VERSION = 1


class EpisodeSummary(BaseModel):
    """The fields of ``EpisodeRecord.summary()`` the gap table needs (other keys are ignored)."""

    model_config = ConfigDict(extra="ignore")

    test_id: str = ""
    category: str
    app_id: str
    is_original: bool | None = None
    semantic_id: str
    instance: int
    status: str
    condition: str | None = None
    condition_valid: bool = True

    @property
    def valid(self) -> bool:
        return self.condition_valid and self.status in (Status.VALID_SUCCESS, Status.VALID_FAILURE)

    @property
    def success(self) -> bool:
        return self.valid and self.status == Status.VALID_SUCCESS


class AppRow(BaseModel):
    """One app: its hierarchical rate, per-template rates and raw counts."""

    app_id: str
    display_name: str | None = None
    is_original: bool
    rate: float | None = Field(description="Mean of template rates; None without any valid episode.")
    template_rates: dict[str, float | None] = Field(default_factory=dict)
    n_templates: int = Field(0, description="Templates with at least one valid instance.")
    n_valid: int = 0
    n_success: int = 0
    n_invalid: int = 0


class CategoryRow(BaseModel):
    category: str
    original_app_id: str | None = None
    original_rate: float | None = None
    new_rate: float | None = Field(None, description="Unweighted mean of the new apps' rates.")
    gap: float | None = Field(None, description="new_rate - original_rate.")
    n_new_apps: int = Field(0, description="New apps that have a rate.")
    n_valid: int = 0
    n_success: int = 0
    n_invalid: int = 0
    apps: list[AppRow] = Field(default_factory=list, description="Original first, then by app id.")


class OverallRow(BaseModel):
    categories: list[str] = Field(default_factory=list, description="Categories with both rates (the mean's support).")
    original_rate: float | None = None
    new_rate: float | None = None
    gap: float | None = None
    n_valid: int = 0
    n_success: int = 0
    n_invalid: int = 0


class GapTable(BaseModel):
    """The gap table of one run (one condition). Rates are fractions in [0, 1]."""

    schema_version: int = GAP_SCHEMA_VERSION
    condition: str | None = None
    benchmark_version: str | None = Field(None, description="What the rates mean (CHANGELOG.md); one per table.")
    categories: list[CategoryRow] = Field(default_factory=list)
    overall: OverallRow = Field(default_factory=OverallRow)
    skipped: list[str] = Field(default_factory=list, description="Summaries that could not be attributed, with why.")
    run: RunMeta = Field(default_factory=RunMeta, description="Agent, model, condition, device kind, run, code; "
                                                              "app faults per app; validation modes.")
    ledger_head: str | None = Field(None, description="sha256 of the run ledger's last entry when the summary was "
                                                      "written (anyapp verify checks the chain up to it).")


def _mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None


def _category_order(name: str) -> tuple[int, str]:
    order = [c.value for c in Category]
    return (order.index(name), name) if name in order else (len(order), name)


def _resolve_original(summary: EpisodeSummary) -> bool | None:
    if summary.is_original is not None:
        return summary.is_original
    try:
        return app_by_id(summary.app_id).is_original
    except KeyError:
        return None


def _catalog_original(category: str) -> str | None:
    try:
        members = apps_in(Category(category))
    except ValueError:
        return None
    return next((a.app_id for a in members if a.is_original), None)


def _display_name(app_id: str) -> str | None:
    try:
        return app_by_id(app_id).display_name
    except KeyError:
        return None


def conditions_in(summaries: Iterable[Mapping[str, Any]]) -> list[str]:
    """Distinct conditions present (a table is built for one condition at a time)."""
    return sorted({str(s.get("condition") or "") for s in summaries} - {""})


def _dedupe(episodes: list[EpisodeSummary]) -> list[EpisodeSummary]:
    """One record per slot: a valid one if any (two valid ones are an error), else the first."""
    by_slot: dict[tuple[str, str, int], list[EpisodeSummary]] = defaultdict(list)
    for ep in episodes:
        by_slot[(ep.app_id, ep.semantic_id, ep.instance)].append(ep)
    kept: list[EpisodeSummary] = []
    for slot, group in by_slot.items():
        valid = [ep for ep in group if ep.valid]
        if len(valid) > 1:
            raise ValueError(f"{len(valid)} valid episodes for one slot {slot}; cannot pick one")
        kept.append(valid[0] if valid else group[0])
    return kept


def _app_row(app_id: str, is_original: bool, episodes: list[EpisodeSummary]) -> AppRow:
    by_template: dict[str, list[EpisodeSummary]] = defaultdict(list)
    for ep in episodes:
        by_template[ep.semantic_id].append(ep)
    template_rates: dict[str, float | None] = {
        sid: _mean(1.0 if ep.success else 0.0 for ep in group if ep.valid)
        for sid, group in sorted(by_template.items())
    }
    rated = [r for r in template_rates.values() if r is not None]
    return AppRow(
        app_id=app_id, display_name=_display_name(app_id), is_original=is_original,
        rate=_mean(rated), template_rates=template_rates, n_templates=len(rated),
        n_valid=sum(ep.valid for ep in episodes), n_success=sum(ep.success for ep in episodes),
        n_invalid=sum(not ep.valid for ep in episodes),
    )


def _category_row(category: str, apps: dict[str, tuple[bool, list[EpisodeSummary]]]) -> CategoryRow:
    rows = [_app_row(app_id, orig, eps) for app_id, (orig, eps) in apps.items()]
    rows.sort(key=lambda r: (not r.is_original, r.app_id))
    originals = [r for r in rows if r.is_original]
    if len(originals) > 1:
        raise ValueError(f"category {category!r} has several original apps: {[r.app_id for r in originals]}")
    original = originals[0] if originals else None
    new_rates = [r.rate for r in rows if not r.is_original and r.rate is not None]
    original_rate = original.rate if original else None
    new_rate = _mean(new_rates)
    return CategoryRow(
        category=category,
        original_app_id=original.app_id if original else _catalog_original(category),
        original_rate=original_rate, new_rate=new_rate,
        gap=None if original_rate is None or new_rate is None else new_rate - original_rate,
        n_new_apps=len(new_rates),
        n_valid=sum(r.n_valid for r in rows), n_success=sum(r.n_success for r in rows),
        n_invalid=sum(r.n_invalid for r in rows), apps=rows,
    )


def build_gap_table(summaries: Iterable[Mapping[str, Any]], *, condition: str | None = None) -> GapTable:
    """Build the table from episode summaries (``EpisodeRecord.summary()`` dicts).

    With ``condition`` given, only summaries of that condition are used. Without it, the summaries
    must share one condition (mixing C1 and C2 episodes in one rate would be meaningless).
    """
    items = list(summaries)
    version = one_version((s.get("benchmark_version") for s in items), "the episode summaries")
    present = conditions_in(items)
    if condition is None:
        if len(present) > 1:
            raise ValueError(f"summaries mix conditions {present}; choose one")
        condition = present[0] if present else None
    else:
        items = [s for s in items if (s.get("condition") or None) == condition]

    skipped: list[str] = []
    grouped: dict[str, dict[str, tuple[bool, list[EpisodeSummary]]]] = defaultdict(dict)
    for raw in items:
        try:
            ep = EpisodeSummary.model_validate(dict(raw))
        except ValueError as exc:
            skipped.append(f"{raw.get('test_id') or '?'}: unreadable summary ({exc.__class__.__name__})")
            continue
        is_original = _resolve_original(ep)
        if is_original is None:
            skipped.append(f"{ep.test_id or ep.app_id}: app {ep.app_id!r} is not catalogued and not marked original/new")
            continue
        known = grouped[ep.category].get(ep.app_id)
        if known is not None and known[0] != is_original:
            raise ValueError(f"app {ep.app_id!r} is marked both original and new")
        grouped[ep.category].setdefault(ep.app_id, (is_original, []))[1].append(ep)

    rows = []
    for category in sorted(grouped, key=_category_order):
        apps = {app_id: (orig, _dedupe(eps)) for app_id, (orig, eps) in grouped[category].items()}
        rows.append(_category_row(category, apps))

    both = [r for r in rows if r.original_rate is not None and r.new_rate is not None]
    original_mean = _mean(r.original_rate for r in both if r.original_rate is not None)
    new_mean = _mean(r.new_rate for r in both if r.new_rate is not None)
    overall = OverallRow(
        categories=[r.category for r in both], original_rate=original_mean, new_rate=new_mean,
        gap=None if original_mean is None or new_mean is None else new_mean - original_mean,
        n_valid=sum(r.n_valid for r in rows), n_success=sum(r.n_success for r in rows),
        n_invalid=sum(r.n_invalid for r in rows),
    )
    return GapTable(condition=condition, benchmark_version=version, categories=rows, overall=overall, skipped=skipped, run=run_meta(items))
