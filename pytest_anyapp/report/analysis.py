"""Build the publication ``Report`` from the index: selection, accounting, metrics, CIs (notes §10).

The index may hold several runs per (model, condition): replicate runs of one schedule. The
**selected** record of a cell (model, condition, category, app, template, instance) is the one of
the earliest run that recorded the cell (run ids sort chronologically; runs split by category thus
combine); an invalid selected record is never replaced by a later one. Hierarchical rates,
contrasts and attrition use selected records; Table E.1 pools every replicate and pass@k uses all.
The schedule is the rectangle the input covers: per category, every app seen x every template seen
x every instance seen; a (model, condition) lacking a cell of it has that cell ``missing``.

Everything is computed on dense numpy tensors indexed ``[group, category, app, template, instance]``
(group = one (model, condition)); padding (a category with fewer apps, templates or instances than
the largest) is outside the schedule mask and NaN, so nan-aware means skip it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pytest_anyapp.report import stats
from pytest_anyapp.report.cost import Price, build_costs
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
MISSING, VALID, INVALID = 0, 1, 2


def category_order(name: str) -> tuple[int, str]:
    from pytest_anyapp.catalog import Category

    order = [c.value for c in Category]
    return (order.index(name), name) if name in order else (len(order), name)


def is_treatment(condition: str) -> bool:
    return condition != BASELINE and condition.startswith("c2")


def _f(x: Any) -> float | None:
    if x is None:
        return None
    v = float(x)
    return None if math.isnan(v) else v


@dataclass
class Schedule:
    """Per category: apps (original first), templates, instances; and which app is original."""

    categories: list[str] = field(default_factory=list)
    apps: dict[str, list[str]] = field(default_factory=dict)
    original: dict[str, str | None] = field(default_factory=dict)
    templates: dict[str, list[str]] = field(default_factory=dict)
    instances: dict[str, list[int]] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)

    def size(self, category: str) -> int:
        return len(self.apps[category]) * len(self.templates[category]) * len(self.instances[category])


@dataclass
class Data:
    """The selected records as dense tensors ``[G, C, A, T, I]`` plus the raw columns."""

    cols: dict[str, np.ndarray]
    schedule: Schedule
    groups: list[tuple[str, str]]  # (model, condition) per g
    runs: dict[tuple[str, str], list[str]]
    sched: np.ndarray  # bool [C, A, T, I]
    has_original: np.ndarray  # bool [C]
    state: np.ndarray  # int8 [G, C, A, T, I]: MISSING / VALID / INVALID of the selected record
    value: np.ndarray  # float [G, C, A, T, I]: 1/0 valid, NaN otherwise
    sel_row: np.ndarray  # int64 [G, C, A, T, I]: row of the selected record, -1 if none
    n_records: np.ndarray  # int [G, C, A, T, I] over all replicates
    pool_valid: np.ndarray
    pool_success: np.ndarray
    row_cell: np.ndarray  # int64 per row: flat cell index [G, C, A, T, I], -1 if unattributable
    index: Index | None = None  # to explain provenance mismatches (fields of a few rows)

    @property
    def models(self) -> list[str]:
        return sorted({m for m, _ in self.groups})

    def conditions(self, model: str) -> list[str]:
        return sorted({c for m, c in self.groups if m == model}, key=lambda c: (c != BASELINE, c))

    def g(self, model: str, condition: str) -> int | None:
        try:
            return self.groups.index((model, condition))
        except ValueError:
            return None


def _fingerprint_sql() -> str:
    """One 64-bit hash over the provenance fields that must be equal across a C1/C2 pair."""
    parts = ", ".join(f"coalesce(CAST(e.{col} AS VARCHAR), 'NULL')" for col, _ in PAIR_EQUALITY_FIELDS)
    return f"hash(concat_ws('\x1f', {parts}))"


def _table(con: Any, name: str, columns: str, rows: list[tuple[Any, ...]]) -> None:
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} ({columns})")
    if rows:
        con.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * len(rows[0]))})", rows)


def load_data(index: Index) -> Data:
    """Schedule from the distinct values, then one query that returns every row's integer
    coordinates (DuckDB joins against small mapping tables) and builds the selection tensors."""
    con = index.con
    attributed = "category <> '' AND app_id <> '' AND semantic_id <> ''"
    schedule = Schedule()
    apps_in: dict[str, dict[str, Any]] = {}
    for cat, app, orig, name in con.execute(
            f"SELECT category, app_id, bool_or(is_original), max(app_display_name) FROM episodes "
            f"WHERE {attributed} GROUP BY ALL").fetchall():
        apps_in.setdefault(cat, {})[app] = orig
        if name:
            schedule.display.setdefault(app, name)
    for cat in sorted(apps_in, key=category_order):
        resolved = {a: _resolve_original(a, flag) for a, flag in apps_in[cat].items()}
        originals = sorted(a for a, o in resolved.items() if o)
        if len(originals) > 1:
            raise ValueError(f"category {cat!r} has several original apps: {originals}")
        schedule.categories.append(cat)
        schedule.original[cat] = originals[0] if originals else None
        schedule.apps[cat] = originals + sorted(a for a, o in resolved.items() if not o)
        for a in schedule.apps[cat]:
            schedule.display.setdefault(a, _display_name(a))
    for cat, tmpl in con.execute(f"SELECT DISTINCT category, semantic_id FROM episodes WHERE {attributed}").fetchall():
        schedule.templates.setdefault(cat, []).append(tmpl)
    for cat, inst in con.execute(f"SELECT DISTINCT category, instance FROM episodes WHERE {attributed}").fetchall():
        schedule.instances.setdefault(cat, []).append(int(inst))
    cats = schedule.categories
    for cat in cats:
        schedule.templates[cat].sort()
        schedule.instances[cat].sort()
    groups = sorted((str(m), str(c)) for m, c in con.execute("SELECT DISTINCT model, condition FROM episodes").fetchall())
    run_names = sorted(str(r) for (r,) in con.execute("SELECT DISTINCT run_id FROM episodes").fetchall())
    cohorts = sorted(str(r) for (r,) in con.execute("SELECT DISTINCT cohort_sha256 FROM episodes").fetchall())
    _table(con, "m_group", "model VARCHAR, condition VARCHAR, g BIGINT", [(m, c, i) for i, (m, c) in enumerate(groups)])
    _table(con, "m_cat", "category VARCHAR, ci BIGINT", [(c, i) for i, c in enumerate(cats)])
    _table(con, "m_app", "category VARCHAR, app_id VARCHAR, ai BIGINT",
           [(c, a, i) for c in cats for i, a in enumerate(schedule.apps[c])])
    _table(con, "m_tmpl", "category VARCHAR, semantic_id VARCHAR, ti BIGINT",
           [(c, t, i) for c in cats for i, t in enumerate(schedule.templates[c])])
    _table(con, "m_inst", "category VARCHAR, instance BIGINT, ii BIGINT",
           [(c, v, i) for c in cats for i, v in enumerate(schedule.instances[c])])
    _table(con, "m_run", "run_id VARCHAR, rc BIGINT", [(r, i) for i, r in enumerate(run_names)])
    _table(con, "m_cohort", "cohort_sha256 VARCHAR, hc BIGINT", [(h, i) for i, h in enumerate(cohorts)])
    fetched = index.query(
        "SELECT e.test_id, e.success, g.g, coalesce(c.ci, -1) AS ci, coalesce(a.ai, -1) AS ai, "
        "coalesce(t.ti, -1) AS ti, coalesce(i.ii, -1) AS ii, r.rc, h.hc, "
        f"{_fingerprint_sql()} AS fp, (e.plan_key <> '') AS has_plan, coalesce(e.app_version_code, -1) AS vcode, "
        "CASE WHEN e.installed_apk_sha256 = '' THEN 0 ELSE hash(e.installed_apk_sha256) END AS apk "
        "FROM episodes e JOIN m_group g USING (model, condition) JOIN m_run r USING (run_id) "
        "JOIN m_cohort h USING (cohort_sha256) LEFT JOIN m_cat c USING (category) "
        "LEFT JOIN m_app a ON a.category = e.category AND a.app_id = e.app_id "
        "LEFT JOIN m_tmpl t ON t.category = e.category AND t.semantic_id = e.semantic_id "
        "LEFT JOIN m_inst i ON i.category = e.category AND i.instance = e.instance "
        "ORDER BY e.run_id, e.test_id")
    cols: dict[str, np.ndarray] = {k: np.asarray(v) for k, v in fetched.items()}
    n = len(cols["test_id"])
    n_c = max(len(cats), 1)
    n_a = max((len(schedule.apps[c]) for c in cats), default=1)
    n_t = max((len(schedule.templates[c]) for c in cats), default=1)
    n_i = max((len(schedule.instances[c]) for c in cats), default=1)
    sched = np.zeros((n_c, n_a, n_t, n_i), dtype=bool)
    for ci, c in enumerate(cats):
        sched[ci, :len(schedule.apps[c]), :len(schedule.templates[c]), :len(schedule.instances[c])] = True
    has_original = np.array([schedule.original.get(c) is not None for c in cats] or [False])
    shape = (len(groups) or 1, n_c, n_a, n_t, n_i)
    coords = [cols[k].astype(np.int64) for k in ("g", "ci", "ai", "ti", "ii")]
    good = np.all([c >= 0 for c in coords], axis=0) if n else np.zeros(0, dtype=bool)
    row_cell = np.full(n, -1, dtype=np.int64)
    row_cell[good] = np.ravel_multi_index(tuple(c[good] for c in coords), shape)
    size = int(np.prod(shape))
    success = cols["success"].astype(np.int64)
    cells = row_cell[good]
    rows_good = np.flatnonzero(good)
    uniq_cells, first = np.unique(cells, return_index=True)  # first occurrence = earliest run
    sel_row = np.full(size, -1, dtype=np.int64)
    sel_row[uniq_cells] = rows_good[first]
    state = np.zeros(size, dtype=np.int8)
    value = np.full(size, np.nan)
    sv = success[sel_row[uniq_cells]]
    state[uniq_cells] = np.where(sv >= 0, VALID, INVALID)
    value[uniq_cells] = np.where(sv >= 0, sv.astype(float), np.nan)
    n_records = np.bincount(cells, minlength=size)
    pool_valid = np.bincount(cells, weights=(success[good] >= 0).astype(float), minlength=size).astype(np.int64)
    pool_success = np.bincount(cells, weights=(success[good] == 1).astype(float), minlength=size).astype(np.int64)
    runs: dict[tuple[str, str], list[str]] = {}
    for g, rc in set(zip(cols["g"].tolist(), cols["rc"].tolist(), strict=True)):
        runs.setdefault(groups[g], []).append(run_names[rc])
    cols["run_names"] = np.array(run_names, dtype=object)
    cols["cohort_names"] = np.array(cohorts, dtype=object)
    return Data(cols=cols, schedule=schedule, groups=groups, runs={k: sorted(v) for k, v in runs.items()},
                sched=sched, has_original=has_original, state=state.reshape(shape), value=value.reshape(shape),
                sel_row=sel_row.reshape(shape), n_records=n_records.reshape(shape),
                pool_valid=pool_valid.reshape(shape), pool_success=pool_success.reshape(shape), row_cell=row_cell,
                index=index)


def _resolve_original(app_id: str, flag: Any) -> bool:
    if flag is not None and not (isinstance(flag, float) and math.isnan(flag)):
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


# -- vectorised hierarchy -----------------------------------------------------------------------------

@dataclass
class Hierarchy:
    """Point estimates over leading axes ``[..., C, A, T, I]``."""

    template: np.ndarray  # [..., C, A, T]
    app: np.ndarray  # [..., C, A]
    original: np.ndarray  # [..., C]
    new: np.ndarray  # [..., C]
    new_sd: np.ndarray  # [..., C]
    n_new: np.ndarray  # [..., C]
    overall_original: np.ndarray  # [...]
    overall_new: np.ndarray
    support: np.ndarray  # [..., C] bool


def hierarchy(x: np.ndarray, has_original: np.ndarray, present: np.ndarray | None = None) -> Hierarchy:
    tmpl = stats.nan_mean(x, axis=-1)
    app = stats.nan_mean(tmpl, axis=-1)
    orig = np.where(has_original, app[..., 0], np.nan)
    new_apps = np.where(has_original[:, None], np.concatenate([np.full(app[..., :1].shape, np.nan), app[..., 1:]], -1),
                        app)
    new = stats.nan_mean(new_apps, axis=-1)
    n_new = (~np.isnan(new_apps)).sum(axis=-1)
    sd = np.sqrt(stats.nan_mean((new_apps - new[..., None]) ** 2, axis=-1))
    support = ~np.isnan(orig) & ~np.isnan(new)
    if present is not None:
        support &= present
    o = np.where(support, orig, np.nan)
    w = np.where(support, new, np.nan)
    return Hierarchy(tmpl, app, orig, new, sd, n_new, stats.nan_mean(o, axis=-1), stats.nan_mean(w, axis=-1), support)


def _counts(state: np.ndarray, value: np.ndarray, n_records: np.ndarray, sched: np.ndarray, axes: tuple[int, ...]) -> dict[str, np.ndarray]:
    s = sched
    return {
        "scheduled": np.broadcast_to(s, state.shape).sum(axis=axes),
        "valid": ((state == VALID) & s).sum(axis=axes),
        "success": ((value == 1) & s).sum(axis=axes),
        "failure": ((value == 0) & s).sum(axis=axes),
        "invalid": ((state == INVALID) & s).sum(axis=axes),
        "missing": ((state == MISSING) & s).sum(axis=axes),
        "replicate_records": (np.maximum(n_records - 1, 0) * s).sum(axis=axes),
    }


def _counts_at(counts: dict[str, np.ndarray], idx: tuple[int, ...]) -> Counts:
    return Counts(**{k: int(v[idx]) for k, v in counts.items()})


def _ci(draws: np.ndarray, confidence: float) -> Interval:
    lo, hi = stats.percentile_ci(draws, confidence)
    return Interval(lo=lo, hi=hi)


def _cube(data: Data, g: int, ci: int) -> stats.CategoryCube:
    s = data.schedule
    cat = s.categories[ci]
    na, nt, ni = len(s.apps[cat]), len(s.templates[cat]), len(s.instances[cat])
    return stats.CategoryCube(cat, s.apps[cat], 0 if data.has_original[ci] else None, s.templates[cat],
                              s.instances[cat], data.value[g, ci, :na, :nt, :ni])


# -- §10.1 headline -----------------------------------------------------------------------------------

def build_headlines(data: Data, base_seed: int, replicates: int, confidence: float) -> list[Headline]:
    s = data.schedule
    present = (data.n_records.sum(axis=(2, 3, 4)) > 0)  # [G, C]
    h = hierarchy(data.value, data.has_original, present)
    by_app = _counts(data.state, data.value, data.n_records, data.sched, (3, 4))  # [G, C, A]
    by_group = _counts(data.state, data.value, data.n_records, data.sched, (1, 2, 3, 4))  # [G]
    by_cat = _counts(data.state, data.value, data.n_records, data.sched, (2, 3, 4))  # [G, C]
    models = data.models
    out = []
    for g, (model, cond) in enumerate(data.groups):
        seed = base_seed + models.index(model)
        cats = [ci for ci in range(len(s.categories)) if present[g, ci]]
        draws = (stats.bootstrap_hierarchy([_cube(data, g, ci) for ci in cats], seed, replicates)
                 if replicates > 0 else None)
        head = Headline(model=model, condition=cond, seed=seed if replicates > 0 else None,
                        runs=data.runs.get((model, cond), []), counts=_counts_at(by_group, (g,)),
                        support=[s.categories[ci] for ci in cats if h.support[g, ci]],
                        original=_f(h.overall_original[g]), new=_f(h.overall_new[g]))
        if head.original is not None and head.new is not None:
            head.delta = head.new - head.original
        new_rates: list[float] = []
        for ci in cats:
            cat = s.categories[ci]
            row = CategoryHeadline(category=cat, original_app_id=s.original[cat], original=_f(h.original[g, ci]),
                                   new=_f(h.new[g, ci]), new_sd=_f(h.new_sd[g, ci]), n_new_apps=int(h.n_new[g, ci]),
                                   counts=_counts_at(by_cat, (g, ci)))
            if row.original is not None and row.new is not None:
                row.delta = row.new - row.original
            if draws is not None:
                o, w = draws.per_category[cat]
                row.original_ci, row.new_ci, row.delta_ci = (_ci(o, confidence), _ci(w, confidence),
                                                             _ci(w - o, confidence))
            head.categories.append(row)
            for ai, app in enumerate(s.apps[cat]):
                is_orig = ai == 0 and bool(data.has_original[ci])
                rate = _f(h.app[g, ci, ai])
                if not is_orig and rate is not None:
                    new_rates.append(rate)
                tr = {t: _f(h.template[g, ci, ai, ti]) for ti, t in enumerate(s.templates[cat])}
                head.apps.append(AppRate(category=cat, app_id=app, display_name=s.display.get(app, app),
                                         is_original=is_orig, rate=rate, template_rates=tr,
                                         counts=_counts_at(by_app, (g, ci, ai))))
        head.new_sd = stats.pstdev(new_rates)
        if draws is not None:
            o, w = draws.overall
            head.original_ci, head.new_ci, head.delta_ci = (_ci(o, confidence), _ci(w, confidence),
                                                            _ci(w - o, confidence))
        out.append(head)
    return out


# -- §10.2 contrasts ----------------------------------------------------------------------------------

def _transitions(c1: np.ndarray, c2: np.ndarray, ok: np.ndarray, axes: tuple[int, ...] | None) -> dict[str, np.ndarray]:
    return {
        "pass_pass": ((c1 == 1) & (c2 == 1) & ok).sum(axis=axes),
        "c1_pass_c2_fail": ((c1 == 1) & (c2 == 0) & ok).sum(axis=axes),
        "c1_fail_c2_pass": ((c1 == 0) & (c2 == 1) & ok).sum(axis=axes),
        "fail_fail": ((c1 == 0) & (c2 == 0) & ok).sum(axis=axes),
    }


def _transition_counts(t: dict[str, np.ndarray], idx: tuple[int, ...] = ()) -> TransitionCounts:
    tr = stats.Transitions(**{k: int(v[idx]) for k, v in t.items()})
    p = tr.mcnemar_p
    return TransitionCounts(exact_valid_pairs=tr.n, pass_pass=tr.pass_pass, c1_pass_c2_fail=tr.c1_pass_c2_fail,
                            c1_fail_c2_pass=tr.c1_fail_c2_pass, fail_fail=tr.fail_fail,
                            plan_harmed_rate=tr.plan_harmed_rate, planning_responsive_rate=tr.planning_responsive_rate,
                            mcnemar_exact_p=p, mcnemar_exact_p_two_sided=stats.mcnemar_p_string(p))


def _empty(v: Any) -> bool:
    return v is None or v == "" or (isinstance(v, float) and math.isnan(v))


def _explain(data: Data, pairs: list[tuple[int, int]]) -> list[str]:
    """Name the differing provenance fields of mismatched pairs (row numbers into ``data.cols``)."""
    if not pairs or data.index is None:
        return []
    fields = [c for c, _ in PAIR_EQUALITY_FIELDS + PAIR_EQUALITY_IF_RECORDED]
    wanted = sorted({r for pair in pairs for r in pair})
    got = data.index.con.execute(
        f"SELECT rid, test_id, plan_key, {', '.join(fields)} FROM (SELECT *, row_number() OVER "
        f"(ORDER BY run_id, test_id) - 1 AS rid FROM episodes) WHERE list_contains(?, rid)", [wanted]).fetchall()
    rows = {int(r[0]): r[1:] for r in got}
    labels = [label for _, label in PAIR_EQUALITY_FIELDS + PAIR_EQUALITY_IF_RECORDED]
    strict = len(PAIR_EQUALITY_FIELDS)
    out = []
    for r1, r2 in pairs:
        a, b = rows[r1], rows[r2]
        problems = []
        for k, label in enumerate(labels):
            x, y = a[2 + k], b[2 + k]
            if k < strict and x != y or k >= strict and not _empty(x) and not _empty(y) and x != y:
                problems.append(f"{label} {x!r} != {y!r}")
        if not b[1]:
            problems.append("treatment has no plan key")
        if a[1]:
            problems.append("baseline carries a plan")
        out.append(f"{b[0]}: " + "; ".join(problems))
    return out


def pair_mask(data: Data, g1: int, g2: int) -> tuple[np.ndarray, list[str], int]:
    """Exact valid pairs [C, A, T, I]: both selected records valid and provenance-equal
    (one 64-bit fingerprint over the strict fields; version code and APK hash when both recorded;
    the treatment has a plan and the baseline none)."""
    both = (data.state[g1] == VALID) & (data.state[g2] == VALID) & data.sched
    union = ((data.state[g1] != MISSING) | (data.state[g2] != MISSING)) & data.sched
    unpaired = int(union.sum() - both.sum())
    r1 = data.sel_row[g1][both]
    r2 = data.sel_row[g2][both]
    c = data.cols
    bad = c["fp"][r1] != c["fp"][r2]
    v1, v2 = c["vcode"][r1], c["vcode"][r2]
    bad |= (v1 >= 0) & (v2 >= 0) & (v1 != v2)
    k1, k2 = c["apk"][r1], c["apk"][r2]
    bad |= (k1 != 0) & (k2 != 0) & (k1 != k2)
    bad |= ~c["has_plan"][r2].astype(bool) | c["has_plan"][r1].astype(bool)
    mismatches = _explain(data, [(int(r1[k]), int(r2[k])) for k in np.flatnonzero(bad)])
    ok = both.copy()
    ok[both] = ~bad
    return ok, mismatches, unpaired


def _nest(data: Data, ok: np.ndarray, c1: np.ndarray, c2: np.ndarray) -> stats.PairedNest:
    """Compact the pair tensor (pairs, templates, apps with data first) for the nested bootstrap."""
    order_i = np.argsort(~ok, axis=-1, kind="stable")
    ok = np.take_along_axis(ok, order_i, -1)
    c1 = np.take_along_axis(c1, order_i, -1)
    c2 = np.take_along_axis(c2, order_i, -1)
    n_pairs = ok.sum(-1)  # [C, A, T]
    order_t = np.argsort(n_pairs == 0, axis=-1, kind="stable")
    n_pairs = np.take_along_axis(n_pairs, order_t, -1)
    c1 = np.take_along_axis(c1, order_t[..., None], -2)
    c2 = np.take_along_axis(c2, order_t[..., None], -2)
    n_templates = (n_pairs > 0).sum(-1)  # [C, A]
    order_a = np.argsort(n_templates == 0, axis=-1, kind="stable")
    n_templates = np.take_along_axis(n_templates, order_a, -1)
    n_pairs = np.take_along_axis(n_pairs, order_a[..., None], -2)
    c1 = np.take_along_axis(c1, order_a[..., None, None], -3)
    c2 = np.take_along_axis(c2, order_a[..., None, None], -3)
    n_apps = (n_templates > 0).sum(-1)
    keep = np.flatnonzero(n_apps > 0)
    s = data.schedule
    apps = [[s.apps[s.categories[ci]][a] for a in order_a[ci][:n_apps[ci]]] for ci in keep]
    return stats.PairedNest(categories=[s.categories[ci] for ci in keep], apps=apps, c1=c1[keep], c2=c2[keep],
                            n_apps=n_apps[keep].astype(np.int64), n_templates=n_templates[keep].astype(np.int64),
                            n_pairs=n_pairs[keep].astype(np.int64))


def build_contrast(data: Data, model: str, treatment: str, base_seed: int, replicates: int,
                   confidence: float) -> Contrast:
    name = f"{BASELINE}_vs_{treatment}"
    seed = stats.contrast_seed(base_seed, model, name)
    g1, g2 = data.g(model, BASELINE), data.g(model, treatment)
    assert g1 is not None and g2 is not None
    ok, mismatches, unpaired = pair_mask(data, g1, g2)
    c1 = np.where(ok, data.value[g1], np.nan)
    c2 = np.where(ok, data.value[g2], np.nan)
    a1 = stats.nan_mean(stats.nan_mean(c1))  # [C, A]
    a2 = stats.nan_mean(stats.nan_mean(c2))
    k1, k2 = stats.nan_mean(a1), stats.nan_mean(a2)  # [C]
    t_all = _transitions(c1, c2, ok, None)
    t_cat = _transitions(c1, c2, ok, (1, 2, 3))
    t_app = _transitions(c1, c2, ok, (2, 3))
    overall = ContrastCell(scope="overall", c1=_f(stats.nan_mean(k1, axis=0)), c2=_f(stats.nan_mean(k2, axis=0)),
                           transitions=_transition_counts(t_all))
    if overall.c1 is not None and overall.c2 is not None:
        overall.delta = overall.c2 - overall.c1
    nest = _nest(data, ok, c1, c2)
    draws = stats.bootstrap_paired(nest, seed, replicates) if replicates > 0 and nest.categories else None
    if draws is not None:
        overall.delta_ci = _ci(draws[0][1] - draws[0][0], confidence)
    s = data.schedule
    categories: list[ContrastCell] = []
    apps: list[ContrastCell] = []
    for ci, cat in enumerate(s.categories):
        if not ok[ci].any():
            continue
        cell = ContrastCell(scope=cat, c1=_f(k1[ci]), c2=_f(k2[ci]), transitions=_transition_counts(t_cat, (ci,)))
        if cell.c1 is not None and cell.c2 is not None:
            cell.delta = cell.c2 - cell.c1
        if draws is not None:
            p1, p2 = draws[1][cat]
            cell.delta_ci = _ci(p2 - p1, confidence)
        categories.append(cell)
        for ai, app in enumerate(s.apps[cat]):
            if not ok[ci, ai].any():
                continue
            x1, x2 = _f(a1[ci, ai]), _f(a2[ci, ai])
            apps.append(ContrastCell(scope=f"{cat}/{app}", c1=x1, c2=x2,
                                     delta=None if x1 is None or x2 is None else x2 - x1,
                                     transitions=_transition_counts(t_app, (ci, ai))))
    return Contrast(model=model, contrast=name, treatment=treatment, seed=seed, overall=overall,
                    categories=categories, apps=apps, provenance_mismatches=mismatches, unpaired=unpaired)


# -- §10.4 Table E.1 (pooled) -------------------------------------------------------------------------

def build_per_app_delta(data: Data, treatment: str, models: Sequence[str]) -> PerAppDelta:
    s = data.schedule
    table = PerAppDelta(contrast=f"{BASELINE}_vs_{treatment}", models=list(models))
    sums: dict[str, dict[str, np.ndarray]] = {}
    sched_app = data.sched.sum(axis=(2, 3))  # [C, A]
    for m in models:
        g1, g2 = data.g(m, BASELINE), data.g(m, treatment)
        assert g1 is not None and g2 is not None
        sums[m] = {"v2": (data.pool_valid[g2] * data.sched).sum(axis=(2, 3)),
                   "s2": (data.pool_success[g2] * data.sched).sum(axis=(2, 3)),
                   "v1": (data.pool_valid[g1] * data.sched).sum(axis=(2, 3)),
                   "s1": (data.pool_success[g1] * data.sched).sum(axis=(2, 3)),
                   "rep": np.array(max(len(data.runs.get((m, treatment), [])), 1))}

    def cell(m: str, sel: tuple[Any, ...]) -> PooledCell:
        d = sums[m]
        v2, s2, v1, s1 = (int(d[k][sel].sum()) for k in ("v2", "s2", "v1", "s1"))
        out = PooledCell(scheduled=int(sched_app[sel].sum()) * int(d["rep"]), c2_valid=v2, c2_success=s2,
                         c1_valid=v1, c1_success=s1)
        out.c2_rate = 100.0 * s2 / v2 if v2 else None
        out.c1_rate = 100.0 * s1 / v1 if v1 else None
        out.delta_pp = None if out.c2_rate is None or out.c1_rate is None else out.c2_rate - out.c1_rate
        out.incomplete = v2 < out.scheduled
        return out

    for ci, cat in enumerate(s.categories):
        for ai, app in enumerate(s.apps[cat]):
            table.pooled.append(PooledRow(category=cat, app_id=app, label=s.display.get(app, app),
                                          cells={m: cell(m, (ci, ai)) for m in models}))
        table.pooled.append(PooledRow(category=cat, app_id=None, label=f"{cat} (all apps)",
                                      cells={m: cell(m, (ci, slice(None))) for m in models}))
    table.pooled.append(PooledRow(category="", app_id="", label="Overall",
                                  cells={m: cell(m, (slice(None), slice(None))) for m in models}))
    return table


# -- §10.3 attrition ----------------------------------------------------------------------------------

def _diff(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def build_attrition(data: Data) -> Attrition:
    unmeasured = ((data.state != VALID) & data.sched).sum(axis=(1, 2, 3, 4))  # [G]
    required = bool(unmeasured.any())
    out = Attrition(primary_point_estimate_permitted=not required, bounds_required=required)
    if not required:
        return out
    missing = (data.state != VALID) & data.sched
    n_a = data.sched.shape[1]
    orig_pos = (np.arange(n_a) == 0)[None, :] & data.has_original[:, None]  # [C, A]
    fills = {"all_fail": np.zeros((len(data.has_original), n_a)), "all_success": np.ones((len(data.has_original), n_a)),
             "delta_lower": orig_pos.astype(float), "delta_upper": (~orig_pos).astype(float)}
    rates: dict[str, Hierarchy] = {}
    for name in stats.SCENARIOS:
        x = np.where(missing, fills[name][None, :, :, None, None], data.value)
        rates[name] = hierarchy(x, data.has_original)

    def scen(g: int, name: str) -> ScenarioRates:
        o, w = _f(rates[name].overall_original[g]), _f(rates[name].overall_new[g])
        return ScenarioRates(original=o, new=w, delta=_diff(w, o), retention=None if not o or w is None else w / o)

    table: dict[tuple[str, str], dict[str, ScenarioRates]] = {}
    for g, (model, cond) in enumerate(data.groups):
        sc = {name: scen(g, name) for name in stats.SCENARIOS}
        table[(model, cond)] = sc
        out.conditions.append(AttritionCondition(
            model=model, condition=cond, unmeasured_cells=int(unmeasured[g]), scenarios=sc,
            original_bounds=Interval(lo=sc["all_fail"].original, hi=sc["all_success"].original),
            new_bounds=Interval(lo=sc["all_fail"].new, hi=sc["all_success"].new),
            delta_bounds=Interval(lo=sc["delta_lower"].delta, hi=sc["delta_upper"].delta),
        ))
    for model in data.models:
        conds = data.conditions(model)
        treatments = [c for c in conds if is_treatment(c)]
        pairs = [(BASELINE, t) for t in treatments if BASELINE in conds]
        if "c2_g" in treatments and "c2_o" in treatments:
            pairs.append(("c2_g", "c2_o"))
        for earlier, later in pairs:
            e, l_ = table[(model, earlier)], table[(model, later)]
            ge, gl = data.g(model, earlier), data.g(model, later)
            assert ge is not None and gl is not None
            both = (data.state[ge] == VALID) & (data.state[gl] == VALID) & data.sched
            t = _transitions(data.value[ge], data.value[gl], both, None)
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
                pass_pass=int(t["pass_pass"]), earlier_pass_later_fail=int(t["c1_pass_c2_fail"]),
                earlier_fail_later_pass=int(t["c1_fail_c2_pass"]), fail_fail=int(t["fail_fail"]),
            ))
    return out


# -- pass@k -------------------------------------------------------------------------------------------

def build_pass_at_k(data: Data) -> list[PassAtK]:
    out: list[PassAtK] = []
    c = data.cols
    cohorts = c["hc"].astype(np.int64)
    runs = c["rc"].astype(np.int64)
    success = c["success"].astype(np.int64)
    shape = data.state.shape
    size = int(np.prod(shape))
    attributed = data.row_cell >= 0
    group_of_row = np.where(attributed, data.row_cell // int(np.prod(shape[1:])), -1)
    for g, (model, cond) in enumerate(data.groups):
        rows_g = np.flatnonzero(group_of_row == g)
        for cohort in sorted(set(cohorts[rows_g].tolist())):
            rows = rows_g[cohorts[rows_g] == cohort]
            cells = data.row_cell[rows] - g * int(np.prod(shape[1:]))
            n = np.bincount(cells, weights=(success[rows] >= 0).astype(float), minlength=size // shape[0])
            s = np.bincount(cells, weights=(success[rows] == 1).astype(float), minlength=size // shape[0])
            n = n.reshape(shape[1:]).astype(np.int64)
            s = s.reshape(shape[1:]).astype(np.int64)
            k_max = int(n.max()) if n.size else 0
            entry = PassAtK(model=model, condition=cond, cohort_sha256=str(c["cohort_names"][cohort]),
                            replicate_runs=sorted(str(c["run_names"][r]) for r in set(runs[rows].tolist())))
            comb = np.array([[math.comb(a, b) for b in range(k_max + 1)] for a in range(k_max + 1)], dtype=float)
            for k in range(1, k_max + 1):
                usable = (n >= k) & data.sched
                nn, ss = np.where(usable, n, k), np.where(usable, s, 0)
                val = np.where(usable, 1.0 - comb[nn - ss, k] / comb[nn, k], np.nan)
                cat = stats.nan_mean(stats.nan_mean(stats.nan_mean(val)))  # [C]
                for ci, name in enumerate(data.schedule.categories):
                    if not math.isnan(cat[ci]):
                        entry.per_category.setdefault(name, {})[k] = float(cat[ci])
                entry.values[k] = _f(stats.nan_mean(cat, axis=0))
                hat = np.where(usable, comb[ss, k] / comb[nn, k], np.nan)
                entry.pass_hat_k[k] = _f(stats.nan_mean(stats.nan_mean(stats.nan_mean(stats.nan_mean(hat))), axis=0))
            _repeat_spread(data, entry, n, s, rows, cells, runs, success)
            out.append(entry)
    return out


def _repeat_spread(data: Data, entry: PassAtK, n: np.ndarray, s: np.ndarray, rows: np.ndarray, cells: np.ndarray,
                   runs: np.ndarray, success: np.ndarray) -> None:
    """Run-to-run variance of one (model, condition, cohort): pairs whose valid verdicts differ across
    repeats (flaky, per app) and the spread of the headline success over the repeats, each repeat
    scored alone with the same hierarchy as the headline."""
    repeated = (n >= 2) & data.sched
    flipped = repeated & (s > 0) & (s < n)
    entry.repeated_pairs, entry.flipped_pairs = int(repeated.sum()), int(flipped.sum())
    entry.flip_rate = entry.flipped_pairs / entry.repeated_pairs if entry.repeated_pairs else None
    sched = data.schedule
    for ci, ai, ti, ii in zip(*np.nonzero(flipped), strict=True):
        cat = sched.categories[ci]
        entry.flaky.setdefault(sched.apps[cat][ai], []).append(f"{sched.templates[cat][ti]} i{sched.instances[cat][ii]}")
    if len(entry.replicate_runs) < 2:
        return
    per_run: dict[str, tuple[float | None, float | None]] = {}
    for rc in sorted(set(runs[rows].tolist())):
        mine = (runs[rows] == rc) & (success[rows] >= 0)
        x = np.full(int(np.prod(data.state.shape[1:])), np.nan)
        x[cells[mine]] = success[rows][mine].astype(float)
        h = hierarchy(x.reshape(data.state.shape[1:]), data.has_original)
        per_run[str(data.cols["run_names"][rc])] = (_f(h.overall_original), _f(h.overall_new))
    entry.run_success = {run: {"original": o, "new": w} for run, (o, w) in per_run.items()}
    for which, position in (("original", 0), ("new", 1)):
        values = [float(v) for pair in per_run.values() if (v := pair[position]) is not None]
        entry.spread[which] = {"min": min(values) if values else None, "max": max(values) if values else None,
                               "sd": stats.pstdev(values)}


# -- the whole report ---------------------------------------------------------------------------------

def build_report(index: Index, eligibility: Eligibility, *, replicates: int = stats.DEFAULT_REPLICATES,
                 base_seed: int = stats.BASE_SEED, confidence: float = stats.CONFIDENCE,
                 data: Data | None = None, prices: dict[str, Price] | None = None) -> Report:
    """Every number of the publication report. ``replicates=0`` computes point estimates only."""
    data = data or load_data(index)
    report = Report(replicates=replicates, base_seed=base_seed, confidence=confidence,
                    inputs=[str(r) for r in index.runs], n_records=index.n_rows, eligibility=eligibility,
                    benchmark_version=index.benchmark_version,
                    notes=list(index.notes))
    if not data.groups or not data.schedule.categories:
        return report
    models = data.models
    report.headlines = build_headlines(data, base_seed, replicates, confidence)
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
    report.costs = build_costs(index, prices)
    return report
