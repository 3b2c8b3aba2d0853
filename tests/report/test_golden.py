"""Golden test: a small synthetic multi-model, multi-condition run set on disk, reported by the real
pipeline (index -> analysis), checked against numbers computed here independently with plain loops:
hierarchical rates, bootstrap CIs (same seeds, replicate by replicate), McNemar p, attrition bounds,
Table E.1 pooled deltas and pass@k."""

from __future__ import annotations

import hashlib
import math
import random
from collections import defaultdict
from collections.abc import Callable

import numpy as np
import pytest

from pytest_anyapp.report.analysis import build_report, load_data
from pytest_anyapp.report.eligibility import assess
from pytest_anyapp.report.index import open_index
from pytest_anyapp.report.models import Report
from pytest_anyapp.report.synthetic import Design, write_runs

N = 300
DESIGN = Design(
    models=("M1", "M2"), conditions=("c1", "c2_g", "c2_o"), replicates=2,
    categories={"sms": ("sms_orig", ["sms_n1", "sms_n2"]), "clock": ("clock_orig", ["clock_n1"])},
    templates=("TaskA", "TaskB", "TaskC"), instances=(0, 1, 2),
)
CATS = ["sms", "clock"]  # catalog order: SMS before Clock


def outcome(model: str, cond: str, rep: int, cat: str, app: str, tmpl: str, inst: int) -> str | None:
    r = random.Random(f"{model}|{cond}|{rep}|{cat}|{app}|{tmpl}|{inst}").random()
    if r < 0.03:
        return None
    if r < 0.10:
        return "i"
    bias = {"c1": 0.5, "c2_g": 0.6, "c2_o": 0.4}[cond] + (0.15 if app.endswith("orig") else 0.0)
    return "s" if r < 0.10 + 0.9 * bias else "f"


def apps_of(cat: str) -> list[str]:
    orig, new = DESIGN.categories[cat]
    return [orig, *new]


def value(model: str, cond: str, cat: str, app: str, tmpl: str, inst: int, rep: int | None = None) -> float:
    """One replicate's outcome, or (rep None) the selected one: the earliest run that recorded the cell."""
    if rep is None:
        o = next((x for r in range(DESIGN.replicates) if (x := outcome(model, cond, r, cat, app, tmpl, inst))), None)
    else:
        o = outcome(model, cond, rep, cat, app, tmpl, inst)
    return {"s": 1.0, "f": 0.0}.get(o or "", math.nan)


def mean(xs: list[float]) -> float:
    xs = [x for x in xs if not math.isnan(x)]
    return sum(xs) / len(xs) if xs else math.nan


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    root = tmp_path_factory.mktemp("golden")
    write_runs(root, DESIGN, outcome)
    index = open_index([root])
    data = load_data(index)
    eligibility = assess(index, data, partial=True)
    assert eligibility.eligible and eligibility.partial_declared
    return build_report(index, eligibility, replicates=N, base_seed=1729, data=data)


# -- independent reference ----------------------------------------------------------------------------

def ref_app_rate(x: dict[tuple[str, int], float], tmpls: list[str], insts: list[int]) -> float:
    return mean([mean([x[(t, i)] for i in insts]) for t in tmpls])


def ref_category(model: str, cond: str, cat: str) -> tuple[float, float]:
    t, i = list(DESIGN.templates), list(DESIGN.instances)
    rates = [ref_app_rate({(tt, ii): value(model, cond, cat, a, tt, ii) for tt in t for ii in i}, t, i)
             for a in apps_of(cat)]
    return rates[0], mean(rates[1:])


def ref_category_draw(model: str, cond: str, cat: str, rng: np.random.Generator, n: int) -> tuple[list[float], list[float]]:
    tmpls, insts = list(DESIGN.templates), list(DESIGN.instances)
    n_t, n_i = len(tmpls), len(insts)
    it = rng.integers(0, n_t, size=(n, n_t))
    ii = rng.integers(0, n_i, size=(n, n_t, n_i))
    apps = apps_of(cat)
    ia = rng.integers(0, len(apps) - 1, size=(n, len(apps) - 1))
    orig, new = [], []
    for b in range(n):
        rates = []
        for a in apps:
            rates.append(mean([mean([value(model, cond, cat, a, tmpls[it[b, tp]], insts[ii[b, tp, ip]])
                                     for ip in range(n_i)]) for tp in range(n_t)]))
        orig.append(rates[0])
        new.append(mean([rates[1 + ia[b, k]] for k in range(len(apps) - 1)]))
    return orig, new


def ref_quantiles(draws: list[float]) -> tuple[float, float]:
    xs = sorted(x for x in draws if not math.isnan(x))
    def q(p: float) -> float:
        pos = (len(xs) - 1) * p
        lo = math.floor(pos)
        return xs[lo] + (xs[min(lo + 1, len(xs) - 1)] - xs[lo]) * (pos - lo)
    return q(0.025), q(0.975)


@pytest.mark.parametrize("model", DESIGN.models)
@pytest.mark.parametrize("cond", DESIGN.conditions)
def test_headline_points_and_cis(report: Report, model: str, cond: str) -> None:
    h = next(x for x in report.headlines if x.model == model and x.condition == cond)
    points = {c: ref_category(model, cond, c) for c in CATS}
    for row in h.categories:
        o, w = points[row.category]
        assert row.original == pytest.approx(o) and row.new == pytest.approx(w)
        assert row.delta == pytest.approx(w - o)
    assert h.original == pytest.approx(mean([points[c][0] for c in CATS]))
    assert h.new == pytest.approx(mean([points[c][1] for c in CATS]))
    # bootstrap replayed with plain loops and the same seed (1729 + model index), same draw order
    rng = np.random.default_rng(1729 + DESIGN.models.index(model))
    draws = {c: ref_category_draw(model, cond, c, rng, N) for c in CATS}
    for row in h.categories:
        o, w = draws[row.category]
        assert (row.original_ci.lo, row.original_ci.hi) == pytest.approx(ref_quantiles(o))
        assert (row.delta_ci.lo, row.delta_ci.hi) == pytest.approx(ref_quantiles([b - a for a, b in zip(o, w, strict=True)]))
    pick = rng.integers(0, len(CATS), size=(N, len(CATS)))
    extra: dict[tuple[int, int, int], tuple[float, float]] = {}
    for j, cat in enumerate(CATS):
        copy = 1
        while True:
            rows = [b for b in range(N) if int((pick[b] == j).sum()) > copy]
            if not rows:
                break
            o2, w2 = ref_category_draw(model, cond, cat, rng, len(rows))
            for k, b in enumerate(rows):
                extra[(b, j, copy)] = (o2[k], w2[k])
            copy += 1
    overall_delta = []
    for b in range(N):
        so = sw = 0.0
        for j, cat in enumerate(CATS):
            for copy in range(int((pick[b] == j).sum())):
                o, w = (draws[cat][0][b], draws[cat][1][b]) if copy == 0 else extra[(b, j, copy)]
                so, sw = so + o, sw + w
        overall_delta.append((sw - so) / len(CATS))
    assert (h.delta_ci.lo, h.delta_ci.hi) == pytest.approx(ref_quantiles(overall_delta))


def ref_pairs(model: str, treatment: str) -> dict[tuple[str, str, str, int], tuple[int, int]]:
    out = {}
    for cat in CATS:
        for a in apps_of(cat):
            for t in DESIGN.templates:
                for i in DESIGN.instances:
                    v1, v2 = value(model, "c1", cat, a, t, i), value(model, treatment, cat, a, t, i)
                    if not (math.isnan(v1) or math.isnan(v2)):
                        out[(cat, a, t, i)] = (int(v1), int(v2))
    return out


@pytest.mark.parametrize("model", DESIGN.models)
@pytest.mark.parametrize("treatment", ["c2_g", "c2_o"])
def test_contrasts(report: Report, model: str, treatment: str) -> None:
    c = next(x for x in report.contrasts if x.model == model and x.treatment == treatment)
    pairs = ref_pairs(model, treatment)
    b = sum(1 for v in pairs.values() if v == (1, 0))
    cc = sum(1 for v in pairs.values() if v == (0, 1))
    assert (c.overall.transitions.c1_pass_c2_fail, c.overall.transitions.c1_fail_c2_pass) == (b, cc)
    assert c.overall.transitions.exact_valid_pairs == len(pairs)
    d = b + cc
    p = 1.0 if d == 0 else min(1.0, 2 * sum(math.comb(d, k) for k in range(min(b, cc) + 1)) / 2 ** d)
    assert c.overall.transitions.mcnemar_exact_p == pytest.approx(p, rel=1e-12)
    assert c.provenance_mismatches == []
    # hierarchy: pairs -> template -> app -> category (all apps equal) -> model
    cat_means = []
    for cat in CATS:
        app_means = []
        for a in apps_of(cat):
            tm = [(mean([float(v[0]) for k, v in pairs.items() if k[:3] == (cat, a, t)]),
                   mean([float(v[1]) for k, v in pairs.items() if k[:3] == (cat, a, t)])) for t in DESIGN.templates]
            app_means.append((mean([x[0] for x in tm]), mean([x[1] for x in tm])))
        cat_means.append((mean([x[0] for x in app_means]), mean([x[1] for x in app_means])))
    assert c.overall.c1 == pytest.approx(mean([x[0] for x in cat_means]))
    assert c.overall.delta == pytest.approx(mean([x[1] for x in cat_means]) - mean([x[0] for x in cat_means]))
    seed = int.from_bytes(hashlib.sha256(f"1729|{model}|c1_vs_{treatment}".encode()).digest()[:8], "big")
    assert c.seed == seed
    assert c.overall.delta_ci.lo is not None and c.overall.delta_ci.hi is not None
    assert c.overall.delta_ci.lo <= c.overall.delta_ci.hi


def test_attrition_bounds(report: Report) -> None:
    a = report.attrition
    assert a is not None and a.bounds_required and not a.primary_point_estimate_permitted
    for row in a.conditions:
        scen = {}
        for name, fill_orig, fill_new in (("all_fail", 0, 0), ("all_success", 1, 1), ("delta_lower", 1, 0),
                                          ("delta_upper", 0, 1)):
            per_cat = []
            for cat in CATS:
                rates = []
                for k, app in enumerate(apps_of(cat)):
                    fill = fill_orig if k == 0 else fill_new
                    x = {(t, i): (v if not math.isnan(v := value(row.model, row.condition, cat, app, t, i)) else fill)
                         for t in DESIGN.templates for i in DESIGN.instances}
                    rates.append(ref_app_rate(x, list(DESIGN.templates), list(DESIGN.instances)))
                per_cat.append((rates[0], mean(rates[1:])))
            o, w = mean([x[0] for x in per_cat]), mean([x[1] for x in per_cat])
            scen[name] = (o, w, w - o)
        assert (row.original_bounds.lo, row.original_bounds.hi) == pytest.approx((scen["all_fail"][0], scen["all_success"][0]))
        assert (row.new_bounds.lo, row.new_bounds.hi) == pytest.approx((scen["all_fail"][1], scen["all_success"][1]))
        assert (row.delta_bounds.lo, row.delta_bounds.hi) == pytest.approx((scen["delta_lower"][2], scen["delta_upper"][2]))
        assert row.delta_bounds.lo <= row.delta_bounds.hi
    contrast = next(x for x in a.contrasts if x.model == "M1" and x.contrast == "c1_vs_c2_g")
    c1 = next(x for x in a.conditions if x.model == "M1" and x.condition == "c1")
    c2 = next(x for x in a.conditions if x.model == "M1" and x.condition == "c2_g")
    assert contrast.new_difference_bounds.lo == pytest.approx(c2.new_bounds.lo - c1.new_bounds.hi)
    assert contrast.delta_difference_bounds.hi == pytest.approx(c2.delta_bounds.hi - c1.delta_bounds.lo)
    assert {x.contrast for x in a.contrasts if x.model == "M1"} == {"c1_vs_c2_g", "c1_vs_c2_o", "c2_g_vs_c2_o"}


def test_table_e1_pools_replicates(report: Report) -> None:
    table = next(t for t in report.per_app_delta if t.contrast == "c1_vs_c2_g")
    row = next(r for r in table.pooled if r.app_id == "sms_n1")
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for cond in ("c1", "c2_g"):
        for rep in range(DESIGN.replicates):
            for t in DESIGN.templates:
                for i in DESIGN.instances:
                    v = value("M2", cond, "sms", "sms_n1", t, i, rep)
                    if not math.isnan(v):
                        counts[cond][0] += 1
                        counts[cond][1] += int(v)
    cell = row.cells["M2"]
    assert (cell.c1_valid, cell.c1_success, cell.c2_valid, cell.c2_success) == (*counts["c1"], *counts["c2_g"])
    assert cell.scheduled == len(DESIGN.templates) * len(DESIGN.instances) * DESIGN.replicates
    assert cell.delta_pp == pytest.approx(100 * counts["c2_g"][1] / counts["c2_g"][0] - 100 * counts["c1"][1] / counts["c1"][0])
    assert [r.label for r in table.pooled][-1] == "Overall"


def test_pass_at_k(report: Report) -> None:
    p = next(x for x in report.pass_at_k if x.model == "M1" and x.condition == "c1")
    assert len(p.replicate_runs) == 2
    per_cat = []
    for cat in CATS:
        app_vals = []
        for a in apps_of(cat):
            tv = []
            for t in DESIGN.templates:
                cells = []
                for i in DESIGN.instances:
                    vals = [v for rep in range(2) if not math.isnan(v := value("M1", "c1", cat, a, t, i, rep))]
                    if len(vals) >= 2:
                        cells.append(1.0 if sum(vals) > 0 else 0.0)  # pass@2 of two outcomes
                if cells:
                    tv.append(mean(cells))
            if tv:
                app_vals.append(mean(tv))
        per_cat.append(mean(app_vals))
    assert p.values[2] == pytest.approx(mean(per_cat))


def _hier_by_hand(cell_value: Callable[[str, str, str, int], float | None]) -> float:
    """Mean over categories of the mean over apps of the mean over templates of the cell values."""
    per_cat = []
    for cat in CATS:
        app_vals = []
        for a in apps_of(cat):
            tv = [mean(cells) for t in DESIGN.templates
                  if (cells := [v for i in DESIGN.instances if (v := cell_value(cat, a, t, i)) is not None])]
            if tv:
                app_vals.append(mean(tv))
        per_cat.append(mean(app_vals))
    return mean(per_cat)


def test_pass_hat_k_flips_and_spread(report: Report) -> None:
    """pass^2 = both repeats succeed; a flip is two valid verdicts that differ; each repeat's own
    new-app success gives the spread — all recomputed here from the outcome function."""
    p = next(x for x in report.pass_at_k if x.model == "M1" and x.condition == "c1")

    def both(cat: str, a: str, t: str, i: int) -> float | None:
        vals = [v for rep in range(2) if not math.isnan(v := value("M1", "c1", cat, a, t, i, rep))]
        return (1.0 if sum(vals) == 2 else 0.0) if len(vals) == 2 else None

    assert p.pass_hat_k[2] == pytest.approx(_hier_by_hand(both))
    assert p.pass_hat_k[2] <= p.values[1] <= p.values[2]  # type: ignore[operator]
    repeated = flipped = 0
    flaky: dict[str, list[str]] = {}
    for cat in CATS:
        for a in apps_of(cat):
            for t in DESIGN.templates:
                for i in DESIGN.instances:
                    vals = [v for rep in range(2) if not math.isnan(v := value("M1", "c1", cat, a, t, i, rep))]
                    if len(vals) == 2:
                        repeated += 1
                        if vals[0] != vals[1]:
                            flipped += 1
                            flaky.setdefault(a, []).append(f"{t} i{i}")
    assert (p.repeated_pairs, p.flipped_pairs) == (repeated, flipped) and flipped > 0
    assert p.flip_rate == pytest.approx(flipped / repeated)
    assert {a: sorted(v) for a, v in p.flaky.items()} == {a: sorted(v) for a, v in flaky.items()}

    def new_rate(rep: int) -> float:
        per_cat = []
        for cat in CATS:
            orig, new_apps = DESIGN.categories[cat]
            rates = []
            for a in new_apps:
                tv = [mean(cells) for t in DESIGN.templates
                      if (cells := [v for i in DESIGN.instances
                                    if not math.isnan(v := value("M1", "c1", cat, a, t, i, rep))])]
                rates.append(mean(tv))
            per_cat.append(mean(rates))
        return mean(per_cat)

    by_rep = sorted(new_rate(rep) for rep in range(2))
    assert p.spread["new"]["min"] == pytest.approx(by_rep[0]) and p.spread["new"]["max"] == pytest.approx(by_rep[1])
    assert p.spread["new"]["sd"] == pytest.approx(abs(by_rep[1] - by_rep[0]) / 2)
