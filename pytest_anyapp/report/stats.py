"""Pure statistics of the report (notes §10): hierarchical rates, paired hierarchical bootstraps,
exact McNemar, attrition scenarios, pass@k. numpy only; no I/O, no record types.

Data shapes:

* ``CategoryCube``: one category of one (model, condition): ``x[app, template, instance]`` with 1/0
  for valid outcomes and NaN for invalid or missing ones. Rates are nan-aware means at every level,
  so a template without a valid instance (or an app without a valid template) is left out.
* ``PairedNest``: the C1/C2 pairs of one model, ragged (categories -> apps -> templates -> pairs)
  and padded into dense arrays with counts.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

BASE_SEED = 1729
DEFAULT_REPLICATES = 10_000
CONFIDENCE = 0.95


# -- small helpers -----------------------------------------------------------------------------------

def nan_mean(x: FloatArray, axis: int = -1) -> FloatArray:
    """Mean over ``axis`` ignoring NaN; NaN where nothing is valid (no warnings)."""
    valid = ~np.isnan(x)
    n = valid.sum(axis=axis)
    s = np.where(valid, x, 0.0).sum(axis=axis)
    out: FloatArray = np.divide(s, n, out=np.full(np.shape(s), np.nan), where=n > 0)
    return out


def masked_mean(x: FloatArray, mask: NDArray[np.bool_], axis: int = -1) -> FloatArray:
    """Mean over ``axis`` of the entries where ``mask`` is true and ``x`` is not NaN."""
    valid = mask & ~np.isnan(x)
    n = valid.sum(axis=axis)
    s = np.where(valid, x, 0.0).sum(axis=axis)
    out: FloatArray = np.divide(s, n, out=np.full(np.shape(s), np.nan), where=n > 0)
    return out


def percentile_ci(draws: FloatArray, confidence: float = CONFIDENCE) -> tuple[float | None, float | None]:
    """Percentile interval: linear interpolation at (n-1)p over the sorted finite draws (notes §10)."""
    finite = draws[np.isfinite(draws)]
    if finite.size == 0:
        return None, None
    lo, hi = np.quantile(finite, [(1 - confidence) / 2, 1 - (1 - confidence) / 2], method="linear")
    return float(lo), float(hi)


def pstdev(values: Sequence[float]) -> float | None:
    """Population standard deviation; None for no values."""
    items = [v for v in values if v is not None and not math.isnan(v)]
    if not items:
        return None
    mean = sum(items) / len(items)
    return math.sqrt(sum((v - mean) ** 2 for v in items) / len(items))


def contrast_seed(base_seed: int, model: str, contrast: str) -> int:
    """Per (model, contrast) seed: first 8 bytes of sha256(f"{base}|{model}|{contrast}"), big-endian (§10.2)."""
    digest = hashlib.sha256(f"{base_seed}|{model}|{contrast}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _f(x: float | np.floating | None) -> float | None:
    if x is None:
        return None
    v = float(x)
    return None if math.isnan(v) else v


# -- exact McNemar ------------------------------------------------------------------------------------

def mcnemar_exact_p(b: int, c: int) -> float:
    """Exact two-sided McNemar p: d=b+c; 1 if d=0, else min(1, 2*sum_{k<=min(b,c)} C(d,k)/2^d)."""
    if b < 0 or c < 0:
        raise ValueError("discordant counts must be non-negative")
    d = b + c
    if d == 0:
        return 1.0
    tail = sum(math.comb(d, k) for k in range(min(b, c) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** d)))


def mcnemar_p_string(p: float) -> str:
    """The prior release's decimal string (17 significant digits; "1" for p = 1)."""
    return "1" if p == 1.0 else f"{p:.17g}"


# -- hierarchical rates of one condition (§10.1) -----------------------------------------------------

@dataclass
class CategoryCube:
    category: str
    apps: list[str]
    original: int | None  # index into apps of the AW/original app
    templates: list[str]
    instances: list[int]
    x: FloatArray  # [app, template, instance], 1/0/NaN

    @property
    def new_indices(self) -> list[int]:
        return [i for i in range(len(self.apps)) if i != self.original]


@dataclass
class CategoryPoint:
    category: str
    app_rates: dict[str, float | None]
    template_rates: dict[str, dict[str, float | None]]
    original: float | None
    new: float | None
    delta: float | None
    new_sd: float | None
    n_new_apps: int


def app_rates(x: FloatArray) -> FloatArray:
    """[..., app, template, instance] -> [..., app]: mean over instances, then over templates."""
    return nan_mean(nan_mean(x, axis=-1), axis=-1)


def category_point(cube: CategoryCube) -> CategoryPoint:
    tmpl = nan_mean(cube.x, axis=-1)
    rates = nan_mean(tmpl, axis=-1)
    new_rates = [float(rates[i]) for i in cube.new_indices if not np.isnan(rates[i])]
    original = _f(rates[cube.original]) if cube.original is not None else None
    new = sum(new_rates) / len(new_rates) if new_rates else None
    return CategoryPoint(
        category=cube.category,
        app_rates={a: _f(rates[i]) for i, a in enumerate(cube.apps)},
        template_rates={a: {t: _f(tmpl[i, j]) for j, t in enumerate(cube.templates)} for i, a in enumerate(cube.apps)},
        original=original, new=new,
        delta=None if original is None or new is None else new - original,
        new_sd=pstdev(new_rates), n_new_apps=len(new_rates),
    )


def overall_point(points: Sequence[CategoryPoint]) -> tuple[float | None, float | None, float | None, list[str]]:
    """Mean over categories that have both an original and a new rate: (original, new, delta, support)."""
    both = [p for p in points if p.original is not None and p.new is not None]
    if not both:
        return None, None, None, []
    orig = sum(p.original for p in both if p.original is not None) / len(both)
    new = sum(p.new for p in both if p.new is not None) / len(both)
    return orig, new, new - orig, [p.category for p in both]


def bootstrap_category(cube: CategoryCube, rng: np.random.Generator, n: int) -> tuple[FloatArray, FloatArray]:
    """``n`` replicates of (original, new) for one category (§10.1).

    Each replicate resamples templates, then per sampled template the instance ids (the same draw
    applied to every app, so original and new are paired), computes every app's rate, and
    resamples the new apps with replacement.
    """
    n_apps, n_t, n_i = cube.x.shape
    it = rng.integers(0, n_t, size=(n, n_t))
    ii = rng.integers(0, n_i, size=(n, n_t, n_i))
    sampled = cube.x[:, it[:, :, None], ii]  # [app, n, T, I]
    rates = app_rates(sampled)  # [app, n]
    orig = rates[cube.original] if cube.original is not None else np.full(n, np.nan)
    new_idx = cube.new_indices
    if new_idx:
        new_rates = rates[new_idx]  # [N, n]
        ia = rng.integers(0, len(new_idx), size=(n, len(new_idx)))
        new = nan_mean(new_rates[ia, np.arange(n)[:, None]], axis=-1)
    else:
        new = np.full(n, np.nan)
    return orig, new


@dataclass
class HierarchicalDraws:
    """Bootstrap draws of one (model, condition): per category and overall."""

    per_category: dict[str, tuple[FloatArray, FloatArray]]  # category -> (original, new)
    overall: tuple[FloatArray, FloatArray]


def bootstrap_hierarchy(cubes: Sequence[CategoryCube], seed: int, n: int = DEFAULT_REPLICATES) -> HierarchicalDraws:
    """Category draws, then the overall: resample categories (those with both rates) with
    replacement; every selected copy of a category gets its own independent lower-level draw."""
    rng = np.random.default_rng(seed)
    per_category = {c.category: bootstrap_category(c, rng, n) for c in cubes}
    support = [c for c in cubes if category_point(c).original is not None and category_point(c).new is not None]
    if not support:
        nan = np.full(n, np.nan)
        return HierarchicalDraws(per_category=per_category, overall=(nan, nan))
    k = len(support)
    pick = rng.integers(0, k, size=(n, k))
    mult = np.stack([(pick == j).sum(axis=1) for j in range(k)], axis=1)  # [n, k]
    orig_sum = np.zeros(n)
    new_sum = np.zeros(n)
    for j, cube in enumerate(support):
        o, w = per_category[cube.category]
        first = mult[:, j] >= 1
        orig_sum += np.where(first, o, 0.0)
        new_sum += np.where(first, w, 0.0)
        copy = 1
        while True:
            rows = np.flatnonzero(mult[:, j] > copy)
            if rows.size == 0:
                break
            o2, w2 = bootstrap_category(cube, rng, rows.size)
            orig_sum[rows] += o2
            new_sum[rows] += w2
            copy += 1
    return HierarchicalDraws(per_category=per_category, overall=(orig_sum / k, new_sum / k))


# -- paired C2 - C1 contrasts (§10.2) -----------------------------------------------------------------

@dataclass
class PairedNest:
    """Pairs of one model, padded: ``c1/c2[cat, app, template, pair]`` with counts per level."""

    categories: list[str]
    apps: list[list[str]]
    c1: FloatArray
    c2: FloatArray
    n_apps: IntArray  # [cat]
    n_templates: IntArray  # [cat, app]
    n_pairs: IntArray  # [cat, app, template]


def build_paired_nest(pairs: dict[str, dict[str, dict[str, list[tuple[int, int]]]]]) -> PairedNest:
    """From ``{category: {app: {template: [(c1, c2), ...]}}}`` (empty levels dropped)."""
    cats = [c for c in sorted(pairs) if any(any(t for t in a.values()) for a in pairs[c].values())]
    apps = [[a for a in sorted(pairs[c]) if any(pairs[c][a].values())] for c in cats]
    n_c = len(cats)
    a_max = max((len(a) for a in apps), default=1)
    t_max = max((sum(1 for t in pairs[c][a].values() if t) for c, aa in zip(cats, apps, strict=False) for a in aa), default=1)
    i_max = max((len(t) for c, aa in zip(cats, apps, strict=False) for a in aa for t in pairs[c][a].values()), default=1)
    c1 = np.full((n_c, a_max, t_max, i_max), np.nan)
    c2 = np.full((n_c, a_max, t_max, i_max), np.nan)
    n_apps = np.zeros(n_c, dtype=np.int64)
    n_templates = np.zeros((n_c, a_max), dtype=np.int64)
    n_pairs = np.zeros((n_c, a_max, t_max), dtype=np.int64)
    for ci, c in enumerate(cats):
        n_apps[ci] = len(apps[ci])
        for ai, a in enumerate(apps[ci]):
            templates = [pairs[c][a][t] for t in sorted(pairs[c][a]) if pairs[c][a][t]]
            n_templates[ci, ai] = len(templates)
            for ti, plist in enumerate(templates):
                n_pairs[ci, ai, ti] = len(plist)
                for pi, (v1, v2) in enumerate(plist):
                    c1[ci, ai, ti, pi] = v1
                    c2[ci, ai, ti, pi] = v2
    return PairedNest(categories=cats, apps=apps, c1=c1, c2=c2, n_apps=n_apps, n_templates=n_templates,
                      n_pairs=n_pairs)


def paired_point(nest: PairedNest) -> dict[str, tuple[float | None, float | None, dict[str, tuple[float | None, float | None]]]]:
    """Per category: (C1, C2, {app: (C1, C2)}); hierarchy pairs -> templates -> apps -> category."""
    out: dict[str, tuple[float | None, float | None, dict[str, tuple[float | None, float | None]]]] = {}
    t1 = nan_mean(nest.c1)
    t2 = nan_mean(nest.c2)
    a1 = nan_mean(t1)
    a2 = nan_mean(t2)
    for ci, c in enumerate(nest.categories):
        k = int(nest.n_apps[ci])
        per_app = {a: (_f(a1[ci, ai]), _f(a2[ci, ai])) for ai, a in enumerate(nest.apps[ci])}
        out[c] = (_f(nan_mean(a1[ci, :k])), _f(nan_mean(a2[ci, :k])), per_app)
    return out


def _nested_draw(nest: PairedNest, rng: np.random.Generator, cat: int, m: int) -> tuple[FloatArray, FloatArray]:
    """``m`` replicates of one category's (C1, C2): apps, templates within app, pairs within template,
    each resampled with replacement. Padding is masked by the known counts, so no NaN tests."""
    _, a_max, t_max, i_max = nest.c1.shape
    na = int(nest.n_apps[cat])
    ia = rng.integers(0, na, size=(m, na))  # [m, A]
    nt = nest.n_templates[cat][ia]  # [m, A]
    it = np.floor(rng.random((m, na, t_max)) * nt[..., None]).astype(np.int64)
    tm = np.arange(t_max) < nt[..., None]  # [m, A, T]
    ni = nest.n_pairs[cat][ia[..., None], it]  # [m, A, T]
    ii = np.floor(rng.random((m, na, t_max, i_max)) * ni[..., None]).astype(np.int64)
    im = np.arange(i_max) < ni[..., None]
    flat = ((ia[..., None, None] * t_max + it[..., None]) * i_max + ii)  # into c1[cat] raveled
    out = []
    nt_f = np.maximum(nt, 1).astype(np.float64)
    ni_f = np.maximum(ni, 1).astype(np.float64)
    for arr in (nest.c1, nest.c2):
        v = np.nan_to_num(arr[cat]).ravel()[flat]  # [m, A, T, I]
        t = np.where(im, v, 0.0).sum(axis=-1) / ni_f
        a = np.where(tm, t, 0.0).sum(axis=-1) / nt_f
        out.append(a.mean(axis=-1))  # [m]
    return out[0], out[1]


def _category_draws(nest: PairedNest, rng: np.random.Generator, cat: int, m: int,
                    chunk: int) -> tuple[FloatArray, FloatArray]:
    d1, d2 = np.empty(m), np.empty(m)
    for start in range(0, m, chunk):
        size = min(chunk, m - start)
        d1[start:start + size], d2[start:start + size] = _nested_draw(nest, rng, cat, size)
    return d1, d2


def bootstrap_paired(nest: PairedNest, seed: int, n: int = DEFAULT_REPLICATES,
                     chunk: int = 2000) -> tuple[tuple[FloatArray, FloatArray], dict[str, tuple[FloatArray, FloatArray]]]:
    """Paired percentile bootstrap of (C1, C2) (§10.2): per-category draws (apps -> templates -> pairs,
    all with replacement) and the overall (categories resampled with replacement on top; every
    selected copy of a category has its own independent lower-level draw, the first copy being
    that category's own draw)."""
    rng = np.random.default_rng(seed)
    k = len(nest.categories)
    if k == 0:
        nan = np.full(n, np.nan)
        return (nan, nan), {}
    per_cat = {c: _category_draws(nest, rng, ci, n, chunk) for ci, c in enumerate(nest.categories)}
    pick = rng.integers(0, k, size=(n, k))
    mult = np.stack([(pick == j).sum(axis=1) for j in range(k)], axis=1)
    s1, s2 = np.zeros(n), np.zeros(n)
    for j, c in enumerate(nest.categories):
        first = mult[:, j] >= 1
        s1 += np.where(first, per_cat[c][0], 0.0)
        s2 += np.where(first, per_cat[c][1], 0.0)
        copy = 1
        while True:
            rows = np.flatnonzero(mult[:, j] > copy)
            if rows.size == 0:
                break
            e1, e2 = _category_draws(nest, rng, j, rows.size, chunk)
            s1[rows] += e1
            s2[rows] += e2
            copy += 1
    return (s1 / k, s2 / k), per_cat


@dataclass
class Transitions:
    pass_pass: int = 0
    c1_pass_c2_fail: int = 0
    c1_fail_c2_pass: int = 0
    fail_fail: int = 0

    @property
    def n(self) -> int:
        return self.pass_pass + self.c1_pass_c2_fail + self.c1_fail_c2_pass + self.fail_fail

    @property
    def plan_harmed_rate(self) -> float | None:
        return self.c1_pass_c2_fail / self.n if self.n else None

    @property
    def planning_responsive_rate(self) -> float | None:
        return self.c1_fail_c2_pass / self.n if self.n else None

    @property
    def mcnemar_p(self) -> float:
        return mcnemar_exact_p(self.c1_pass_c2_fail, self.c1_fail_c2_pass)


def transitions(pairs: Sequence[tuple[int, int]]) -> Transitions:
    t = Transitions()
    for v1, v2 in pairs:
        if v1 and v2:
            t.pass_pass += 1
        elif v1:
            t.c1_pass_c2_fail += 1
        elif v2:
            t.c1_fail_c2_pass += 1
        else:
            t.fail_fail += 1
    return t


# -- attrition scenarios (§10.3) ----------------------------------------------------------------------

SCENARIOS = ("all_fail", "all_success", "delta_lower", "delta_upper")


def impute(cube: CategoryCube, scenario: str) -> CategoryCube:
    """Fill unmeasured cells: all_fail 0, all_success 1, delta_lower 1 original / 0 new,
    delta_upper 0 original / 1 new."""
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}")
    x = cube.x.copy()
    missing = np.isnan(x)
    fill = np.zeros(len(cube.apps))
    if scenario == "all_success":
        fill[:] = 1.0
    elif scenario == "delta_lower" and cube.original is not None:
        fill[cube.original] = 1.0
    elif scenario == "delta_upper":
        fill[:] = 1.0
        if cube.original is not None:
            fill[cube.original] = 0.0
    x = np.where(missing, fill[:, None, None], x)
    return CategoryCube(cube.category, cube.apps, cube.original, cube.templates, cube.instances, x)


# -- pass@k (replicate runs of one schedule) ----------------------------------------------------------

def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k of a cell with ``n`` valid replicate outcomes, ``c`` successes: 1 - C(n-c,k)/C(n,k)."""
    if not 0 <= c <= n or k < 1 or k > n:
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)
