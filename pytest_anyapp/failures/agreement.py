"""Agreement metrics: raw agreement, Cohen's kappa, confusion matrices, cluster-bootstrap CIs,
and judge-vs-human accuracy / per-mode precision-recall-F1.

All pure: pairs of labels in, numbers out. The bootstrap resamples whole clusters (model,
category, app, template) with replacement, so episodes of one pair never count as independent.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence

from pydantic import BaseModel, Field

from pytest_anyapp.failures.taxonomy import FAILURE_MODES

BOOTSTRAP_SEED = 20260712
KAPPA_THRESHOLD = 0.6  # below: the taxonomy is too ambiguous (runbook)

Pair = tuple[str, str]


def raw_agreement(pairs: Sequence[Pair]) -> float | None:
    if not pairs:
        return None
    return sum(a == b for a, b in pairs) / len(pairs)


def expected_chance_agreement(pairs: Sequence[Pair]) -> float | None:
    """Sum over labels of the product of the two raters' marginal proportions."""
    if not pairs:
        return None
    n = len(pairs)
    left = Counter(a for a, _ in pairs)
    right = Counter(b for _, b in pairs)
    return sum(left[k] / n * right[k] / n for k in left.keys() | right.keys())


def cohens_kappa(pairs: Sequence[Pair]) -> float | None:
    """(po - pe) / (1 - pe); None when pe is (almost) 1 (both raters used one label only)."""
    po, pe = raw_agreement(pairs), expected_chance_agreement(pairs)
    if po is None or pe is None or abs(1.0 - pe) < 1e-12:
        return None
    return (po - pe) / (1.0 - pe)


def confusion(pairs: Sequence[Pair], labels: Sequence[str] = FAILURE_MODES) -> dict[str, dict[str, int]]:
    """Rows: the first rater; columns: the second."""
    counts = Counter(pairs)
    return {a: {b: counts[(a, b)] for b in labels} for a in labels}


def row_percent(matrix: dict[str, dict[str, int]]) -> dict[str, dict[str, float | None]]:
    out: dict[str, dict[str, float | None]] = {}
    for a, row in matrix.items():
        total = sum(row.values())
        out[a] = {b: (100.0 * v / total if total else None) for b, v in row.items()}
    return out


class Interval(BaseModel):
    low: float | None
    high: float | None


def cluster_bootstrap(pairs: Sequence[Pair], clusters: Sequence[Hashable], *, n_boot: int = 2000,
                      seed: int = BOOTSTRAP_SEED, level: float = 0.95) -> dict[str, Interval]:
    """Percentile CIs for raw agreement and kappa, resampling clusters with replacement."""
    groups: dict[Hashable, list[Pair]] = {}
    for pair, cluster in zip(pairs, clusters, strict=True):
        groups.setdefault(cluster, []).append(pair)
    keys = sorted(groups, key=repr)
    if not keys:
        return {"raw_agreement": Interval(low=None, high=None), "cohens_kappa": Interval(low=None, high=None)}
    rng = random.Random(seed)
    agree: list[float] = []
    kappa: list[float] = []
    for _ in range(n_boot):
        sample = [p for k in rng.choices(keys, k=len(keys)) for p in groups[k]]
        po = raw_agreement(sample)
        if po is not None:
            agree.append(po)
        k = cohens_kappa(sample)
        if k is not None:
            kappa.append(k)
    return {"raw_agreement": _percentile_interval(agree, level), "cohens_kappa": _percentile_interval(kappa, level)}


def _percentile_interval(values: list[float], level: float) -> Interval:
    if not values:
        return Interval(low=None, high=None)
    values = sorted(values)
    alpha = (1 - level) / 2

    def q(p: float) -> float:
        pos = p * (len(values) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(values) - 1)
        return values[lo] + (values[hi] - values[lo]) * (pos - lo)

    return Interval(low=q(alpha), high=q(1 - alpha))


class AgreementStats(BaseModel):
    n: int
    raw_agreement: float | None
    expected_chance_agreement: float | None
    cohens_kappa: float | None
    confusion_counts: dict[str, dict[str, int]]
    confusion_row_percent: dict[str, dict[str, float | None]]
    ci95: dict[str, Interval] = Field(default_factory=dict)


def agreement_stats(pairs: Sequence[Pair], clusters: Sequence[Hashable] | None = None, *, n_boot: int = 2000,
                    seed: int = BOOTSTRAP_SEED) -> AgreementStats:
    matrix = confusion(pairs)
    return AgreementStats(
        n=len(pairs), raw_agreement=raw_agreement(pairs), expected_chance_agreement=expected_chance_agreement(pairs),
        cohens_kappa=cohens_kappa(pairs), confusion_counts=matrix, confusion_row_percent=row_percent(matrix),
        ci95={} if clusters is None else cluster_bootstrap(pairs, clusters, n_boot=n_boot, seed=seed),
    )


class ModeScores(BaseModel):
    precision: float | None
    recall: float | None
    f1: float | None
    support: int


class ClassificationReport(BaseModel):
    """Rows (truth) are the human, predictions the judge."""

    n: int
    accuracy: float | None
    macro_f1: float | None = Field(description="Mean F1 over modes with support > 0.")
    per_mode: dict[str, ModeScores]
    cohens_kappa: float | None
    confusion_counts: dict[str, dict[str, int]]


def classification_report(pairs: Sequence[Pair]) -> ClassificationReport:
    """``pairs`` are (human, judge)."""
    per_mode: dict[str, ModeScores] = {}
    for mode in FAILURE_MODES:
        tp = sum(h == mode and j == mode for h, j in pairs)
        predicted = sum(j == mode for _, j in pairs)
        support = sum(h == mode for h, _ in pairs)
        precision = tp / predicted if predicted else None
        recall = tp / support if support else None
        if support == 0 and predicted == 0:
            f1 = None
        elif tp == 0:
            f1 = 0.0
        else:
            assert precision is not None and recall is not None
            f1 = 2 * precision * recall / (precision + recall)
        per_mode[mode] = ModeScores(precision=precision, recall=recall, f1=f1, support=support)
    supported = [s.f1 or 0.0 for s in per_mode.values() if s.support > 0]
    return ClassificationReport(
        n=len(pairs), accuracy=raw_agreement(pairs), macro_f1=(sum(supported) / len(supported)) if supported else None,
        per_mode=per_mode, cohens_kappa=cohens_kappa(pairs), confusion_counts=confusion(pairs),
    )
