"""Pure statistics against hand-computed small cases, plus property tests (hypothesis)."""

from __future__ import annotations

import hashlib
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_anyapp.report import stats

nan = float("nan")


# -- McNemar --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("b", "c", "p"), [
    (0, 0, 1.0),
    (0, 5, 2 / 32),            # d=5: 2*C(5,0)/2^5
    (1, 4, 2 * (1 + 5) / 32),  # 2*(C(5,0)+C(5,1))/2^5 = 0.375
    (3, 3, 1.0),               # 2*(1+6+15+20)/64 > 1 -> 1
    (2, 10, 2 * (1 + 12 + 66) / 4096),
])
def test_mcnemar_hand_cases(b: int, c: int, p: float) -> None:
    assert stats.mcnemar_exact_p(b, c) == pytest.approx(p, rel=1e-15)


def test_mcnemar_string_and_errors() -> None:
    assert stats.mcnemar_p_string(1.0) == "1"
    assert stats.mcnemar_p_string(0.0625) == "0.0625"
    assert stats.mcnemar_p_string(2 * 79 / 4096) == f"{2 * 79 / 4096:.17g}"
    with pytest.raises(ValueError):
        stats.mcnemar_exact_p(-1, 2)


@given(st.integers(0, 60), st.integers(0, 60))
def test_mcnemar_symmetric_and_bounded(b: int, c: int) -> None:
    p = stats.mcnemar_exact_p(b, c)
    assert p == stats.mcnemar_exact_p(c, b)
    assert 0.0 < p <= 1.0
    if b == c:
        assert p == 1.0


# -- pass@k ---------------------------------------------------------------------------------------------

def test_pass_at_k_hand_cases() -> None:
    assert stats.pass_at_k(3, 1, 1) == pytest.approx(1 / 3)
    assert stats.pass_at_k(3, 1, 2) == pytest.approx(1 - 1 / 3)  # 1 - C(2,2)/C(3,2)
    assert stats.pass_at_k(3, 2, 2) == 1.0
    assert stats.pass_at_k(4, 0, 3) == 0.0
    with pytest.raises(ValueError):
        stats.pass_at_k(2, 1, 3)


# -- hierarchical point estimates -------------------------------------------------------------------------

def _cube(x: list[list[list[float]]], original: int | None = 0) -> stats.CategoryCube:
    arr = np.array(x, dtype=float)
    return stats.CategoryCube("sms", [f"app{i}" for i in range(arr.shape[0])], original,
                              [f"T{j}" for j in range(arr.shape[1])], list(range(arr.shape[2])), arr)


def test_category_point_hand_case() -> None:
    cube = _cube([
        [[1, 1], [1, 0]],      # original: T0 1.0, T1 0.5 -> 0.75
        [[1, nan], [0, 0]],    # new1: T0 1.0 (one valid), T1 0.0 -> 0.5
        [[nan, nan], [1, 0]],  # new2: T0 left out, T1 0.5 -> 0.5
    ])
    p = stats.category_point(cube)
    assert p.app_rates == {"app0": 0.75, "app1": 0.5, "app2": 0.5}
    assert p.template_rates["app2"] == {"T0": None, "T1": 0.5}
    assert (p.original, p.new, p.delta, p.new_sd, p.n_new_apps) == (0.75, 0.5, -0.25, 0.0, 2)


def test_overall_uses_categories_with_both_rates() -> None:
    a = stats.category_point(_cube([[[1, 1]], [[0, 1]]]))        # orig 1.0, new 0.5
    b = stats.category_point(_cube([[[0, 0]], [[1, 1]]]))        # orig 0.0, new 1.0
    c = stats.category_point(_cube([[[nan, nan]], [[1, 1]]]))    # no original rate: not in support
    orig, new, delta, support = stats.overall_point([a, b, c])
    assert (orig, new, delta) == (0.5, 0.75, 0.25)
    assert support == ["sms", "sms"]


def test_impute_scenarios() -> None:
    cube = _cube([[[1, nan]], [[nan, 0]], [[1, 1]]])
    rates = {s: stats.category_point(stats.impute(cube, s)) for s in stats.SCENARIOS}
    # new apps: app1 [nan, 0] and app2 [1, 1]
    assert (rates["all_fail"].original, rates["all_fail"].new) == (0.5, 0.5)
    assert (rates["all_success"].original, rates["all_success"].new) == (1.0, 0.75)
    assert (rates["delta_lower"].original, rates["delta_lower"].new) == (1.0, 0.5)
    assert (rates["delta_upper"].original, rates["delta_upper"].new) == (0.5, 0.75)
    with pytest.raises(ValueError):
        stats.impute(cube, "best_case")


def test_percentile_ci_interpolates_linearly() -> None:
    # positions (n-1)p over sorted draws 0..10: p=0.025 -> 0.25, p=0.975 -> 9.75
    assert stats.percentile_ci(np.arange(11, dtype=float)) == pytest.approx((0.25, 9.75))
    assert stats.percentile_ci(np.array([nan, nan])) == (None, None)


def test_contrast_seed_formula() -> None:
    want = int.from_bytes(hashlib.sha256(b"1729|GUI-Owl-7B|c1_vs_c2_g").digest()[:8], "big")
    assert stats.contrast_seed(1729, "GUI-Owl-7B", "c1_vs_c2_g") == want
    assert stats.contrast_seed(1729, "GUI-Owl-7B", "c1_vs_c2_o") != want


# -- bootstraps -------------------------------------------------------------------------------------------

def test_hierarchical_bootstrap_is_paired_and_reproducible() -> None:
    # original and new identical in every cell: the same draw applies to both, so every delta is 0
    same = _cube([[[1, 0, 1], [0, 0, 1]], [[1, 0, 1], [0, 0, 1]]])
    d = stats.bootstrap_hierarchy([same], seed=1729, n=500)
    o, w = d.per_category["sms"]
    assert np.all(o == w)
    again = stats.bootstrap_hierarchy([same], seed=1729, n=500)
    assert np.array_equal(again.per_category["sms"][0], o)
    other = stats.bootstrap_hierarchy([same], seed=1730, n=500)
    assert not np.array_equal(other.per_category["sms"][0], o)


def test_overall_bootstrap_independent_copies() -> None:
    # one category picked twice in a replicate gets two independent draws: overall draws take values
    # that a single category draw never takes (means of two draws)
    cube = _cube([[[1, 0], [0, 0]], [[1, 1], [1, 0]]])
    d = stats.bootstrap_hierarchy([cube, cube.__class__("clock", cube.apps, 0, cube.templates, cube.instances,
                                                        cube.x.copy())], seed=3, n=4000)
    single = set(np.round(d.per_category["sms"][0], 6)) | set(np.round(d.per_category["clock"][0], 6))
    assert set(np.round(d.overall[0], 6)) - single


def test_paired_point_and_transitions() -> None:
    pairs = {"sms": {"a": {"T0": [(1, 1), (0, 1)], "T1": [(1, 0)]}, "b": {"T0": [(0, 0)]}}}
    nest = stats.build_paired_nest(pairs)
    point = stats.paired_point(nest)
    c1, c2, per_app = point["sms"]
    # app a: C1 = mean(T0 0.5, T1 1.0) = 0.75, C2 = mean(1.0, 0.0) = 0.5; app b: 0, 0
    assert per_app == {"a": (0.75, 0.5), "b": (0.0, 0.0)}
    assert (c1, c2) == (0.375, 0.25)
    t = stats.transitions([v for a in pairs["sms"].values() for t_ in a.values() for v in t_])
    assert (t.pass_pass, t.c1_pass_c2_fail, t.c1_fail_c2_pass, t.fail_fail) == (1, 1, 1, 1)
    assert t.plan_harmed_rate == 0.25 and t.mcnemar_p == 1.0


binary = st.integers(0, 1).map(float)


@st.composite
def complete_cubes(draw: st.DrawFn) -> stats.CategoryCube:
    n_apps = draw(st.integers(2, 4))
    n_t = draw(st.integers(1, 3))
    n_i = draw(st.integers(1, 3))
    x = draw(st.lists(binary, min_size=n_apps * n_t * n_i, max_size=n_apps * n_t * n_i))
    return stats.CategoryCube("sms", [f"a{i}" for i in range(n_apps)], 0, [f"T{j}" for j in range(n_t)],
                              list(range(n_i)), np.array(x).reshape(n_apps, n_t, n_i))


@settings(max_examples=40, deadline=None)
@given(complete_cubes(), st.integers(0, 2**32))
def test_bootstrap_ci_contains_point_estimate(cube: stats.CategoryCube, seed: int) -> None:
    point = stats.category_point(cube)
    o, w = stats.bootstrap_hierarchy([cube], seed=seed, n=2000).per_category["sms"]
    for draws, value in ((o, point.original), (w, point.new), (w - o, point.delta)):
        lo, hi = stats.percentile_ci(draws)
        assert value is not None and lo is not None and hi is not None
        assert lo - 1e-9 <= value <= hi + 1e-9


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=12), st.integers(0, 2**32))
def test_paired_bootstrap_ci_contains_point_estimate(values: list[tuple[int, int]], seed: int) -> None:
    # complete design: 2 apps x 2 templates, the same pair list in every cell
    pairs = {"sms": {a: {t: list(values) for t in ("T0", "T1")} for a in ("a", "b")}}
    nest = stats.build_paired_nest(pairs)
    c1, c2, _ = stats.paired_point(nest)["sms"]
    (d1, d2), per_cat = stats.bootstrap_paired(nest, seed, n=1000)
    assert c1 is not None and c2 is not None
    for draws in (d2 - d1, per_cat["sms"][1] - per_cat["sms"][0]):
        lo, hi = stats.percentile_ci(draws)
        assert lo is not None and hi is not None
        assert lo - 1e-9 <= c2 - c1 <= hi + 1e-9
    assert math.isfinite(float(np.mean(d1)))
