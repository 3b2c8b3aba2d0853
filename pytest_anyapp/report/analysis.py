"""Build the publication ``Report`` from the index: selection, accounting, metrics, CIs (notes §10).

The index may hold several runs per (model, condition): replicate runs of one schedule. The
**selected** record of a cell (model, condition, category, app, template, instance) is the one of
the earliest run that recorded the cell (run ids sort chronologically; runs split by category thus
combine); an invalid selected record is never replaced by a later one. Hierarchical rates, contrasts and attrition use
selected records only, while Table E.1 pools every replicate and pass@k uses all of them.
The schedule is the rectangle the input covers: per category, every app seen x every template seen
x every instance seen; a (model, condition) lacking a cell of it has that cell ``missing``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pytest_anyapp.report import stats
from pytest_anyapp.report.fields import PAIR_EQUALITY_FIELDS, PAIR_EQUALITY_IF_RECORDED
from pytest_anyapp.report.index import Index
from pytest_anyapp.report.models import (
    AppRate,
    Attrition,
    AttritionCondition,
    AttritionContrast,
    CategoryHeadline,
    Contrast,
    ContrastCell,
    Counts,
    Eligibility,
    Headline,
    Interval,
    PassAtK,
    PerAppDelta,
    PooledCell,
    PooledRow,
    Report,
    ScenarioRates,
    TransitionCounts,
)

BASELINE = "c1"
_ROW_COLUMNS = (
    "run_id", "test_id", "model", "condition", "category", "app_id", "app_display_name", "is_original",
    "semantic_id", "instance", "success", "plan_key", "cohort_sha256",
    *dict.fromkeys(c for c, _ in PAIR_EQUALITY_FIELDS + PAIR_EQUALITY_IF_RECORDED),
)

CellKey = tuple[str, str, str, int]  # category, app, template, instance


def category_order(name: str) -> tuple[int, str]:
    from pytest_anyapp.catalog import Category

    order = [c.value for c in Category]
    return (order.index(name), name) if name in order else (len(order), name)


def is_treatment(condition: str) -> bool:
    return condition != BASELINE and condition.startswith("c2")


@dataclass
class Schedule:
    """Per category: apps (original first), templates, instances; and which app is original."""

    apps: dict[str, list[str]] = field(default_factory=dict)
    original: dict[str, str | None] = field(default_factory=dict)
    templates: dict[str, list[str]] = field(default_factory=dict)
    instances: dict[str, list[int]] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)

    @property
    def categories(self) -> list[str]:
        return sorted(self.apps, key=category_order)

    def size(self, category: str) -> int:
        return len(self.apps[category]) * len(self.templates[category]) * len(self.instances[category])

    def cells(self, category: str) -> list[CellKey]:
        return [(category, a, t, i) for a in self.apps[category] for t in self.templates[category]
                for i in self.instances[category]]


@dataclass
class Data:
    """The index's rows as Python columns, grouped by (model, condition) and cell."""

    cols: dict[str, list[Any]]
    schedule: Schedule
    groups: dict[tuple[str, str], dict[CellKey, list[int]]]  # row indices, earliest run first
    runs: dict[tuple[str, str], list[str]]

    def selected(self, group: tuple[str, str], cell: CellKey) -> int | None:
        rows = self.groups.get(group, {}).get(cell)
        return rows[0] if rows else None

    def value(self, row: int | None) -> float:
        """1/0 for a valid selected record, NaN for an invalid or missing one."""
        if row is None:
            return float("nan")
        s = self.cols["success"][row]
        return float("nan") if s < 0 else float(s)

    @property
    def models(self) -> list[str]:
        return sorted({m for m, _ in self.groups})

    def conditions(self, model: str) -> list[str]:
        return sorted({c for m, c in self.groups if m == model}, key=lambda c: (c != BASELINE, c))


def load_data(index: Index) -> Data:
    """Fetch the columns once (DuckDB -> numpy -> lists) and group them."""
    fetched = index.query(f"SELECT {', '.join(_ROW_COLUMNS)} FROM episodes ORDER BY run_id, test_id")
    cols: dict[str, list[Any]] = {k: np.asarray(v).tolist() for k, v in fetched.items()}
    for name in ("is_original", "instance_seed", "app_version_code", "seed", "n_instances"):
        cols[name] = [None if (isinstance(v, float) and np.isnan(v)) else v for v in cols[name]]
    schedule = Schedule()
    templates: dict[str, set[str]] = defaultdict(set)
    instances: dict[str, set[int]] = defaultdict(set)
    apps: dict[str, dict[str, bool | None]] = defaultdict(dict)
    groups: dict[tuple[str, str], dict[CellKey, list[int]]] = defaultdict(lambda: defaultdict(list))
    runs: dict[tuple[str, str], set[str]] = defaultdict(set)
    c = cols
    for i in range(len(c["test_id"])):
        cat, app, tmpl, inst = c["category"][i], c["app_id"][i], c["semantic_id"][i], int(c["instance"][i])
        if not cat or not app or not tmpl:
            continue
        templates[cat].add(tmpl)
        instances[cat].add(inst)
        known = apps[cat].get(app)
        if known is None:
            apps[cat][app] = c["is_original"][i]
        if c["app_display_name"][i]:
            schedule.display.setdefault(app, c["app_display_name"][i])
        key = (c["model"][i], c["condition"][i])
        groups[key][(cat, app, tmpl, inst)].append(i)
        runs[key].add(c["run_id"][i])
    for cat, members in apps.items():
        resolved = {a: _resolve_original(a, flag) for a, flag in members.items()}
        originals = sorted(a for a, o in resolved.items() if o)
        if len(originals) > 1:
            raise ValueError(f"category {cat!r} has several original apps: {originals}")
        schedule.original[cat] = originals[0] if originals else None
        schedule.apps[cat] = originals + sorted(a for a, o in resolved.items() if not o)
        schedule.templates[cat] = sorted(templates[cat])
        schedule.instances[cat] = sorted(instances[cat])
        for a in schedule.apps[cat]:
            schedule.display.setdefault(a, _display_name(a))
    return Data(cols=cols, schedule=schedule, groups={k: dict(v) for k, v in groups.items()},
                runs={k: sorted(v) for k, v in runs.items()})


def _resolve_original(app_id: str, flag: bool | None) -> bool:
    if flag is not None:
        return bool(flag)
    from pytest_anyapp.catalog import app_by_id

    try:
        return app_by_id(app_id).is_original
    except KeyError:
        return False


def _display_name(app_id: str) -> str:
    from pytest_anyapp.catalog import app_by_id

    try:
        return app_by_id(app_id).display_name
    except KeyError:
        return app_id


# -- cubes and counts ---------------------------------------------------------------------------------

def cube_for(data: Data, group: tuple[str, str], category: str) -> stats.CategoryCube:
    s = data.schedule
    apps, tmpls, insts = s.apps[category], s.templates[category], s.instances[category]
    x = np.full((len(apps), len(tmpls), len(insts)), np.nan)
    cells = data.groups.get(group, {})
    for ai, a in enumerate(apps):
        for ti, t in enumerate(tmpls):
            for ii, inst in enumerate(insts):
                rows = cells.get((category, a, t, inst))
                if rows:
                    x[ai, ti, ii] = data.value(rows[0])
    original = apps.index(s.original[category]) if s.original[category] in apps else None
    return stats.CategoryCube(category, apps, original, tmpls, insts, x)


def counts_for(data: Data, group: tuple[str, str], cells: Sequence[CellKey]) -> Counts:
    out = Counts(scheduled=len(cells))
    by_cell = data.groups.get(group, {})
    for cell in cells:
        rows = by_cell.get(cell)
        if not rows:
            out.missing += 1
            continue
        out.replicate_records += len(rows) - 1
        v = data.cols["success"][rows[0]]
        if v < 0:
            out.invalid += 1
        else:
            out.valid += 1
            out.success += v
            out.failure += 1 - v
    return out


def _add(a: Counts, b: Counts) -> Counts:
    return Counts(**{k: getattr(a, k) + getattr(b, k) for k in Counts.model_fields})


def _ci(draws: np.ndarray, confidence: float) -> Interval:
    lo, hi = stats.percentile_ci(draws, confidence)
    return Interval(lo=lo, hi=hi)


# -- §10.1 headline -----------------------------------------------------------------------------------

def build_headline(data: Data, model: str, condition: str, seed: int, replicates: int,
                   confidence: float) -> Headline:
    group = (model, condition)
    s = data.schedule
    present = sorted({cell[0] for cell in data.groups.get(group, {})}, key=category_order)
    cubes = [cube_for(data, group, c) for c in present]
    points = [stats.category_point(cube) for cube in cubes]
    draws = stats.bootstrap_hierarchy(cubes, seed, replicates) if replicates > 0 else None
    headline = Headline(model=model, condition=condition, seed=seed if replicates > 0 else None,
                        runs=data.runs.get(group, []))
    all_new: list[float] = []
    total = Counts()
    for cube, point in zip(cubes, points):
        cat = cube.category
        row = CategoryHeadline(category=cat, original_app_id=s.original[cat], original=point.original,
                               new=point.new, delta=point.delta, new_sd=point.new_sd, n_new_apps=point.n_new_apps,
                               counts=Counts())
        if draws is not None:
            o, w = draws.per_category[cat]
            row.original_ci, row.new_ci, row.delta_ci = (_ci(o, confidence), _ci(w, confidence),
                                                         _ci(w - o, confidence))
        for ai, app in enumerate(cube.apps):
            cells = [(cat, app, t, i) for t in cube.templates for i in cube.instances]
            counts = counts_for(data, group, cells)
            row.counts = _add(row.counts, counts)
            rate = point.app_rates[app]
            is_orig = ai == cube.original
            if not is_orig and rate is not None:
                all_new.append(rate)
            headline.apps.append(AppRate(category=cat, app_id=app, display_name=s.display.get(app, app),
                                         is_original=is_orig, rate=rate,
                                         template_rates=point.template_rates[app], counts=counts))
        total = _add(total, row.counts)
        headline.categories.append(row)
    for cat in s.categories:
        if cat not in present:
            total = _add(total, counts_for(data, group, s.cells(cat)))
    headline.counts = total
    orig, new, delta, support = stats.overall_point(points)
    headline.original, headline.new, headline.delta, headline.support = orig, new, delta, support
    headline.new_sd = stats.pstdev(all_new)
    if draws is not None:
        o, w = draws.overall
        headline.original_ci, headline.new_ci, headline.delta_ci = (_ci(o, confidence), _ci(w, confidence),
                                                                    _ci(w - o, confidence))
    return headline


# -- §10.2 contrasts ----------------------------------------------------------------------------------

def _pair_problems(data: Data, r1: int, r2: int) -> list[str]:
    c = data.cols
    problems = []
    for col, label in PAIR_EQUALITY_FIELDS:
        if c[col][r1] != c[col][r2]:
            problems.append(f"{label} {c[col][r1]!r} != {c[col][r2]!r}")
    for col, label in PAIR_EQUALITY_IF_RECORDED:
        v1, v2 = c[col][r1], c[col][r2]
        if v1 not in (None, "") and v2 not in (None, "") and v1 != v2:
            problems.append(f"{label} {v1!r} != {v2!r}")
    if not c["plan_key"][r2]:
        problems.append("treatment has no plan key")
    if c["plan_key"][r1]:
        problems.append("baseline carries a plan")
    return problems


def _transitions(t: stats.Transitions) -> TransitionCounts:
    p = t.mcnemar_p
    return TransitionCounts(exact_valid_pairs=t.n, pass_pass=t.pass_pass, c1_pass_c2_fail=t.c1_pass_c2_fail,
                            c1_fail_c2_pass=t.c1_fail_c2_pass, fail_fail=t.fail_fail,
                            plan_harmed_rate=t.plan_harmed_rate, planning_responsive_rate=t.planning_responsive_rate,
                            mcnemar_exact_p=p, mcnemar_exact_p_two_sided=stats.mcnemar_p_string(p))


def exact_pairs(data: Data, model: str, treatment: str) -> tuple[dict[CellKey, tuple[int, int]], list[str], int]:
    """Selected C1/C2 records matched by semantic key; (pairs, provenance mismatches, unpaired)."""
    base = data.groups.get((model, BASELINE), {})
    treat = data.groups.get((model, treatment), {})
    pairs: dict[CellKey, tuple[int, int]] = {}
    mismatches: list[str] = []
    unpaired = 0
    for cell in sorted(set(base) | set(treat)):
        r1 = base[cell][0] if cell in base else None
        r2 = treat[cell][0] if cell in treat else None
        if r1 is None or r2 is None or data.cols["success"][r1] < 0 or data.cols["success"][r2] < 0:
            unpaired += 1
            continue
        problems = _pair_problems(data, r1, r2)
        if problems:
            mismatches.append(f"{data.cols['test_id'][r2]}: " + "; ".join(problems))
            continue
        pairs[cell] = (int(data.cols["success"][r1]), int(data.cols["success"][r2]))
    return pairs, mismatches, unpaired


def build_contrast(data: Data, model: str, treatment: str, base_seed: int, replicates: int,
                   confidence: float) -> Contrast:
    name = f"{BASELINE}_vs_{treatment}"
    seed = stats.contrast_seed(base_seed, model, name)
    pairs, mismatches, unpaired = exact_pairs(data, model, treatment)
    nested: dict[str, dict[str, dict[str, list[tuple[int, int]]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for (cat, app, tmpl, _inst), v in sorted(pairs.items()):
        nested[cat][app][tmpl].append(v)
    nest = stats.build_paired_nest({c: {a: dict(t) for a, t in apps.items()} for c, apps in nested.items()})
    point = stats.paired_point(nest)
    draws = stats.bootstrap_paired(nest, seed, replicates) if replicates > 0 and nest.categories else None
    cat_values = [(c1, c2) for c1, c2, _ in point.values()]
    o1 = stats.nan_mean(np.array([v[0] if v[0] is not None else np.nan for v in cat_values])) if cat_values else np.nan
    o2 = stats.nan_mean(np.array([v[1] if v[1] is not None else np.nan for v in cat_values])) if cat_values else np.nan
    overall = ContrastCell(scope="overall", c1=stats._f(o1), c2=stats._f(o2),
                           transitions=_transitions(stats.transitions(list(pairs.values()))))
    if overall.c1 is not None and overall.c2 is not None:
        overall.delta = overall.c2 - overall.c1
    if draws is not None:
        d1, d2 = draws[0]
        overall.delta_ci = _ci(d2 - d1, confidence)
    categories: list[ContrastCell] = []
    apps: list[ContrastCell] = []
    for cat in sorted(point, key=category_order):
        c1, c2, per_app = point[cat]
        cat_pairs = [v for k, v in pairs.items() if k[0] == cat]
        cell = ContrastCell(scope=cat, c1=c1, c2=c2, delta=None if c1 is None or c2 is None else c2 - c1,
                            transitions=_transitions(stats.transitions(cat_pairs)))
        if draws is not None:
            p1, p2 = draws[1][cat]
            cell.delta_ci = _ci(p2 - p1, confidence)
        categories.append(cell)
        for app in data.schedule.apps.get(cat, []):
            if app not in per_app:
                continue
            a1, a2 = per_app[app]
            app_pairs = [v for k, v in pairs.items() if k[0] == cat and k[1] == app]
            apps.append(ContrastCell(scope=f"{cat}/{app}", c1=a1, c2=a2,
                                     delta=None if a1 is None or a2 is None else a2 - a1,
                                     transitions=_transitions(stats.transitions(app_pairs))))
    return Contrast(model=model, contrast=name, treatment=treatment, seed=seed, overall=overall,
                    categories=categories, apps=apps, provenance_mismatches=mismatches, unpaired=unpaired)


# -- §10.4 Table E.1 (pooled) -------------------------------------------------------------------------

def _pooled(data: Data, group: tuple[str, str], cells: Sequence[CellKey]) -> tuple[int, int]:
    valid = success = 0
    by_cell = data.groups.get(group, {})
    for cell in cells:
        for r in by_cell.get(cell, []):
            v = data.cols["success"][r]
            if v >= 0:
                valid += 1
                success += v
    return valid, success


def build_per_app_delta(data: Data, treatment: str, models: Sequence[str]) -> PerAppDelta:
    s = data.schedule
    table = PerAppDelta(contrast=f"{BASELINE}_vs_{treatment}", models=list(models))

    def cell(model: str, cells: Sequence[CellKey]) -> PooledCell:
        n_rep = max(len(data.runs.get((model, treatment), [])), 1)
        v2, s2 = _pooled(data, (model, treatment), cells)
        v1, s1 = _pooled(data, (model, BASELINE), cells)
        out = PooledCell(scheduled=len(cells) * n_rep, c2_valid=v2, c2_success=s2, c1_valid=v1, c1_success=s1)
        out.c2_rate = 100.0 * s2 / v2 if v2 else None
        out.c1_rate = 100.0 * s1 / v1 if v1 else None
        out.delta_pp = None if out.c2_rate is None or out.c1_rate is None else out.c2_rate - out.c1_rate
        out.incomplete = v2 < out.scheduled
        return out

    everything: list[CellKey] = []
    for cat in s.categories:
        cat_cells = s.cells(cat)
        everything += cat_cells
        for app in s.apps[cat]:
            app_cells = [k for k in cat_cells if k[1] == app]
            table.pooled.append(PooledRow(category=cat, app_id=app, label=s.display.get(app, app),
                                          cells={m: cell(m, app_cells) for m in models}))
        table.pooled.append(PooledRow(category=cat, app_id=None, label=f"{cat} (all apps)",
                                      cells={m: cell(m, cat_cells) for m in models}))
    table.pooled.append(PooledRow(category="", app_id="", label="Overall", cells={m: cell(m, everything) for m in models}))
    return table


# -- §10.3 attrition ----------------------------------------------------------------------------------

def _scenario_rates(data: Data, group: tuple[str, str], scenario: str) -> ScenarioRates:
    points = [stats.category_point(stats.impute(cube_for(data, group, c), scenario)) for c in data.schedule.categories]
    orig, new, delta, _ = stats.overall_point(points)
    return ScenarioRates(original=orig, new=new, delta=delta,
                         retention=None if orig in (None, 0) or new is None else new / orig)


def _diff(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def build_attrition(data: Data) -> Attrition:
    s = data.schedule
    unmeasured: dict[tuple[str, str], int] = {}
    for group in data.groups:
        counts = Counts()
        for cat in s.categories:
            counts = _add(counts, counts_for(data, group, s.cells(cat)))
        unmeasured[group] = counts.invalid + counts.missing
    required = any(unmeasured.values())
    out = Attrition(primary_point_estimate_permitted=not required, bounds_required=required)
    if not required:
        return out
    rates: dict[tuple[str, str], dict[str, ScenarioRates]] = {}
    for group in sorted(data.groups):
        scen = {name: _scenario_rates(data, group, name) for name in stats.SCENARIOS}
        rates[group] = scen
        out.conditions.append(AttritionCondition(
            model=group[0], condition=group[1], unmeasured_cells=unmeasured[group], scenarios=scen,
            original_bounds=Interval(lo=scen["all_fail"].original, hi=scen["all_success"].original),
            new_bounds=Interval(lo=scen["all_fail"].new, hi=scen["all_success"].new),
            delta_bounds=Interval(lo=scen["delta_lower"].delta, hi=scen["delta_upper"].delta),
        ))
    for model in data.models:
        conds = data.conditions(model)
        treatments = [c for c in conds if is_treatment(c)]
        pairs = [(BASELINE, t) for t in treatments if BASELINE in conds]
        if "c2_g" in treatments and "c2_o" in treatments:
            pairs.append(("c2_g", "c2_o"))
        for earlier, later in pairs:
            e, l_ = rates[(model, earlier)], rates[(model, later)]
            trans = _observed_transitions(data, model, earlier, later)
            out.contrasts.append(AttritionContrast(
                model=model, contrast=f"{earlier}_vs_{later}",
                original_difference_bounds=Interval(lo=_diff(l_["all_fail"].original, e["all_success"].original),
                                                    hi=_diff(l_["all_success"].original, e["all_fail"].original)),
                new_difference_bounds=Interval(lo=_diff(l_["all_fail"].new, e["all_success"].new),
                                               hi=_diff(l_["all_success"].new, e["all_fail"].new)),
                delta_difference_bounds=Interval(lo=_diff(l_["delta_lower"].delta, e["delta_upper"].delta),
                                                 hi=_diff(l_["delta_upper"].delta, e["delta_lower"].delta)),
                sensitivity_all_fail=ScenarioRates(original=_diff(l_["all_fail"].original, e["all_fail"].original),
                                                   new=_diff(l_["all_fail"].new, e["all_fail"].new),
                                                   delta=_diff(l_["all_fail"].delta, e["all_fail"].delta)),
                sensitivity_all_success=ScenarioRates(
                    original=_diff(l_["all_success"].original, e["all_success"].original),
                    new=_diff(l_["all_success"].new, e["all_success"].new),
                    delta=_diff(l_["all_success"].delta, e["all_success"].delta)),
                **trans,
            ))
    return out


def _observed_transitions(data: Data, model: str, earlier: str, later: str) -> dict[str, int]:
    e, l_ = data.groups.get((model, earlier), {}), data.groups.get((model, later), {})
    out = {"pass_pass": 0, "earlier_pass_later_fail": 0, "earlier_fail_later_pass": 0, "fail_fail": 0}
    for cell in set(e) & set(l_):
        v1, v2 = data.cols["success"][e[cell][0]], data.cols["success"][l_[cell][0]]
        if v1 < 0 or v2 < 0:
            continue
        key = {(1, 1): "pass_pass", (1, 0): "earlier_pass_later_fail", (0, 1): "earlier_fail_later_pass",
               (0, 0): "fail_fail"}[(v1, v2)]
        out[key] += 1
    return out


# -- pass@k -------------------------------------------------------------------------------------------

def build_pass_at_k(data: Data) -> list[PassAtK]:
    out: list[PassAtK] = []
    c = data.cols
    for group in sorted(data.groups):
        by_cohort: dict[str, dict[CellKey, list[int]]] = defaultdict(lambda: defaultdict(list))
        for cell, rows in data.groups[group].items():
            for r in rows:
                by_cohort[c["cohort_sha256"][r]][cell].append(r)
        for cohort, cells in sorted(by_cohort.items()):
            runs = sorted({c["run_id"][r] for rows in cells.values() for r in rows})
            nc: dict[CellKey, tuple[int, int]] = {}
            for cell, rows in cells.items():
                vals = [c["success"][r] for r in rows if c["success"][r] >= 0]
                nc[cell] = (len(vals), sum(vals))
            k_max = max((n for n, _ in nc.values()), default=0)
            entry = PassAtK(model=group[0], condition=group[1], cohort_sha256=cohort, replicate_runs=runs)
            for k in range(1, k_max + 1):
                tree: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
                for (cat, app, tmpl, _i), (n, s) in nc.items():
                    if n >= k:
                        tree[cat][app][tmpl].append(stats.pass_at_k(n, s, k))
                per_cat: dict[str, float | None] = {}
                for cat, apps in tree.items():
                    app_vals = [float(np.mean([np.mean(v) for v in tmpls.values()])) for tmpls in apps.values()]
                    per_cat[cat] = float(np.mean(app_vals))
                for cat, val in per_cat.items():
                    entry.per_category.setdefault(cat, {})[k] = val
                entry.values[k] = float(np.mean(list(per_cat.values()))) if per_cat else None
            out.append(entry)
    return out


# -- the whole report ---------------------------------------------------------------------------------

def build_report(index: Index, eligibility: Eligibility, *, replicates: int = stats.DEFAULT_REPLICATES,
                 base_seed: int = stats.BASE_SEED, confidence: float = stats.CONFIDENCE,
                 data: Data | None = None) -> Report:
    """Every number of the publication report. ``replicates=0`` computes point estimates only."""
    data = data or load_data(index)
    report = Report(replicates=replicates, base_seed=base_seed, confidence=confidence,
                    inputs=[str(r) for r in index.runs], n_records=index.n_rows, eligibility=eligibility,
                    notes=list(index.notes))
    models = data.models
    for mi, model in enumerate(models):
        for condition in data.conditions(model):
            report.headlines.append(build_headline(data, model, condition, base_seed + mi, replicates, confidence))
    treatments = sorted({c for m in models for c in data.conditions(m) if is_treatment(c)})
    for model in models:
        conds = data.conditions(model)
        if BASELINE not in conds:
            continue
        for t in treatments:
            if t in conds:
                report.contrasts.append(build_contrast(data, model, t, base_seed, replicates, confidence))
    for t in treatments:
        with_both = [m for m in models if BASELINE in data.conditions(m) and t in data.conditions(m)]
        if with_both:
            report.per_app_delta.append(build_per_app_delta(data, t, with_both))
    report.attrition = build_attrition(data)
    report.pass_at_k = build_pass_at_k(data)
    return report
