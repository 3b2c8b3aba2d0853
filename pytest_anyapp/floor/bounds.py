"""Exact one-sided binomial bounds (Clopper–Pearson), pure Python: no stats library is a dependency."""

from __future__ import annotations

import math


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 1.0 if k >= n else 0.0
    return math.fsum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def upper_bound(successes: int, n: int, confidence: float = 0.95) -> float:
    """One-sided Clopper–Pearson upper bound of a pass rate: the p at which seeing ``successes``
    or fewer in ``n`` has probability ``1 - confidence`` (0 passes in n: ``1 - 0.05**(1/n)``)."""
    if n <= 0:
        return 1.0
    if successes >= n:
        return 1.0
    alpha = 1.0 - confidence
    lo, hi = successes / n, 1.0
    for _ in range(100):  # bisection: the CDF falls as p grows
        mid = (lo + hi) / 2
        if binom_cdf(successes, n, mid) > alpha:
            lo = mid
        else:
            hi = mid
    return hi
