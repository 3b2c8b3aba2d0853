"""Agreement, kappa, bootstrap and judge-vs-human metrics against hand-computed values."""

from __future__ import annotations

import pytest

from pytest_anyapp.annotate.store import AnnotationRow, HumanLabel
from pytest_anyapp.failures.agreement import (
    agreement_stats,
    classification_report,
    cluster_bootstrap,
    cohens_kappa,
    expected_chance_agreement,
    raw_agreement,
)
from pytest_anyapp.failures.judge import JudgmentRow
from pytest_anyapp.failures.reports import compare_judges, judge_vs_human
from pytest_anyapp.failures.taxonomy import FinalJudgment

# 10 episodes, two raters. Hand count:
#   both planning 3, both grounding 3, both unknown 1; A planning/B grounding 2; A grounding/B unknown 1.
PAIRS = ([("planning", "planning")] * 3 + [("grounding", "grounding")] * 3 + [("unknown", "unknown")]
         + [("planning", "grounding")] * 2 + [("grounding", "unknown")])
# po = 7/10. Marginals A: planning 5, grounding 4, unknown 1; B: planning 3, grounding 5, unknown 2.
# pe = .5*.3 + .4*.5 + .1*.2 = .15 + .20 + .02 = .37; kappa = (.70 - .37) / .63 = .33/.63
KAPPA = 0.33 / 0.63


def test_raw_agreement_chance_and_kappa_by_hand() -> None:
    assert raw_agreement(PAIRS) == pytest.approx(0.7)
    assert expected_chance_agreement(PAIRS) == pytest.approx(0.37)
    assert cohens_kappa(PAIRS) == pytest.approx(KAPPA)
    assert cohens_kappa([("planning", "grounding"), ("grounding", "planning")]) == pytest.approx(-1.0)
    assert cohens_kappa([("unknown", "unknown")] * 4) is None  # pe = 1: undefined, not 1 or 0
    assert raw_agreement([]) is None


def test_confusion_rows_are_the_first_rater() -> None:
    stats = agreement_stats(PAIRS)
    assert stats.confusion_counts["planning"]["grounding"] == 2
    assert stats.confusion_counts["grounding"]["planning"] == 0
    assert stats.confusion_row_percent["planning"]["planning"] == pytest.approx(60.0)
    assert stats.confusion_row_percent["environment_or_evaluator"]["planning"] is None


def test_cluster_bootstrap_is_seeded_and_resamples_clusters() -> None:
    clusters = [i // 2 for i in range(len(PAIRS))]  # 5 clusters of 2
    a = cluster_bootstrap(PAIRS, clusters, n_boot=300, seed=7)
    assert a == cluster_bootstrap(PAIRS, clusters, n_boot=300, seed=7)
    assert a != cluster_bootstrap(PAIRS, clusters, n_boot=300, seed=8)
    low, high = a["raw_agreement"].low, a["raw_agreement"].high
    assert low is not None and high is not None and low <= 0.7 <= high
    # one cluster holding every pair: every resample is the full data, the CI collapses
    one = cluster_bootstrap(PAIRS, [0] * len(PAIRS), n_boot=50)
    assert one["raw_agreement"].low == one["raw_agreement"].high == pytest.approx(0.7)
    assert one["cohens_kappa"].low == pytest.approx(KAPPA)


def test_classification_report_by_hand() -> None:
    # (human, judge)
    report = classification_report(PAIRS)
    planning = report.per_mode["planning"]
    # planning: tp 3, predicted 3, support 5 -> precision 1, recall .6, F1 .75
    assert (planning.precision, planning.recall, planning.f1, planning.support) == (1.0, 0.6, pytest.approx(0.75), 5)
    grounding = report.per_mode["grounding"]
    # grounding: tp 3, predicted 5, support 4 -> .6, .75, F1 2*.45/1.35 = 2/3
    assert grounding.f1 == pytest.approx(2 / 3)
    unknown = report.per_mode["unknown"]  # tp 1, predicted 2, support 1 -> .5, 1, F1 2/3
    assert unknown.f1 == pytest.approx(2 / 3)
    assert report.per_mode["execution_tooling"].f1 is None
    assert report.macro_f1 == pytest.approx((0.75 + 2 / 3 + 2 / 3) / 3)
    assert report.accuracy == pytest.approx(0.7)


def _row(eid: str, label: str | None, images: int = 6) -> JudgmentRow:
    return JudgmentRow(
        episode_id=eid, judge_backend="gemini", judge_model="m", judge_config_hash="h", input_fingerprint="f",
        model_name="agent", category="sms", app_id="sms_app", app_name="App", task_template=f"T{eid}", goal="g",
        is_successful=False, finish_dtime="", record_path=f"r/{eid}/episode.json",
        judgment=None if label is None else FinalJudgment(primary_failure_mode=label, confidence="high",  # type: ignore[arg-type]
                                                          rationale="r"),
        judge_error="endpoint: down" if label is None else None, usage={"num_images": images},
    )


def test_compare_judges_excludes_errors_and_reports_coverage() -> None:
    a = [_row(str(i), h) for i, (h, _) in enumerate(PAIRS)] + [_row("x", "planning"), _row("y", "grounding")]
    b = [_row(str(i), j) for i, (_, j) in enumerate(PAIRS)] + [_row("x", None)]
    result = compare_judges(a, b, n_boot=100)
    assert result["coverage"] == {"a_rows": 12, "b_rows": 11, "a_errors": 0, "b_errors": 1, "b_missing": 1,
                                  "paired": 10}
    assert result["overall"]["cohens_kappa"] == pytest.approx(KAPPA)
    assert result["by_evidence_type"]["zero_image"]["n"] == 0


def _ann(annotator: str, pool: str, eid: str, label: str) -> AnnotationRow:
    return AnnotationRow(
        annotator=annotator, sample_id=f"{pool}-{eid}", pool=pool, episode_id=eid, model_name="m", category="sms",
        app_id="a", task_template="t", goal="g", is_successful=False, record_path="r", sample_fingerprint="f",
        blind=True, annotated_at="", created_at="", suspect_validator=False,
        human_label=HumanLabel(primary_failure_mode=label, planning_score=1, grounding_score=1,  # type: ignore[arg-type]
                               confidence="high", rationale="because"),
    )


def test_judge_vs_human_latest_label_wins_and_calibration_is_ignored() -> None:
    judge = [_row("1", "planning"), _row("2", "grounding"), _row("3", "grounding"), _row("4", None)]
    annotations = [
        _ann("ann1", "primary", "1", "grounding"), _ann("ann1", "primary", "1", "planning"),  # corrected: latest wins
        _ann("ann1", "primary", "2", "grounding"), _ann("ann1", "primary", "3", "planning"),
        _ann("ann1", "primary", "4", "planning"),  # judge errored: not paired
        _ann("ann1", "calibration", "9", "unknown"),
        _ann("ann2", "double_annotation", "2", "grounding"), _ann("ann2", "double_annotation", "3", "grounding"),
    ]
    result = judge_vs_human(annotations, judge)
    report = result["judge_vs_human"]
    assert report["n"] == 3 and report["accuracy"] == pytest.approx(2 / 3)
    assert result["primary_without_judge_label"] == 1
    assert [m["episode_id"] for m in result["mismatches"]] == ["3"]
    # inter-rater: (grounding, grounding), (planning, grounding): po .5, pe .5*1 = .5 -> kappa 0
    assert result["inter_rater"]["n"] == 2 and result["inter_rater"]["cohens_kappa"] == pytest.approx(0.0)
    assert result["inter_rater"]["below_threshold"] is True
