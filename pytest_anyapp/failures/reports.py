"""``agree`` and ``vs-human``: pair labels, compute the metrics, write JSON and Markdown."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pytest_anyapp.annotate.store import AnnotationRow, latest_by_episode
from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.failures.agreement import (
    BOOTSTRAP_SEED,
    KAPPA_THRESHOLD,
    agreement_stats,
    classification_report,
    cohens_kappa,
)
from pytest_anyapp.failures.judge import JudgmentRow


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def compare_judges(a: Sequence[JudgmentRow], b: Sequence[JudgmentRow], *, n_boot: int = 2000,
                   seed: int = BOOTSTRAP_SEED) -> dict[str, Any]:
    """Cross-judge agreement over episodes both judged; errors and missing rows are coverage, not labels."""
    rows_b = {r.episode_id: r for r in b}
    coverage = {"a_rows": len(a), "b_rows": len(b), "a_errors": sum(r.label is None for r in a),
                "b_errors": sum(r.label is None for r in b), "b_missing": 0, "paired": 0}
    pairs: list[tuple[str, str]] = []
    clusters: list[tuple[str, str, str, str]] = []
    visual: list[bool] = []
    for ra in a:
        rb = rows_b.get(ra.episode_id)
        if rb is None:
            coverage["b_missing"] += 1
            continue
        if ra.label is None or rb.label is None:
            continue
        pairs.append((ra.label, rb.label))
        clusters.append((ra.model_name, ra.category, ra.app_id, ra.task_template))
        n_images = (ra.usage or {}).get("num_images")
        visual.append(bool(n_images))
    coverage["paired"] = len(pairs)
    overall = agreement_stats(pairs, clusters, n_boot=n_boot, seed=seed)
    by_evidence = {
        kind: agreement_stats([p for p, v in zip(pairs, visual, strict=True) if v == want],
                              [c for c, v in zip(clusters, visual, strict=True) if v == want], n_boot=n_boot, seed=seed)
        .model_dump(mode="json")
        for kind, want in (("visual", True), ("zero_image", False))
    }
    return {"judge_a": _judge_name(a), "judge_b": _judge_name(b), "coverage": coverage,
            "bootstrap": {"clusters": ["model_name", "category", "app_id", "task_template"], "seed": seed,
                          "n_boot": n_boot, "level": 0.95},
            "overall": overall.model_dump(mode="json"), "by_evidence_type": by_evidence}


def _judge_name(rows: Sequence[JudgmentRow]) -> str:
    names = sorted({f"{r.judge_backend}:{r.judge_model}:{r.judge_config_hash}" for r in rows})
    return ", ".join(names)


def judge_vs_human(annotations: Sequence[AnnotationRow], judgments: Sequence[JudgmentRow]) -> dict[str, Any]:
    """Primary-pool human labels (latest per episode) against the judge; inter-rater kappa on the
    double-annotation pool. Calibration pilots never enter."""
    judge = {r.episode_id: r.label for r in judgments if r.label is not None}
    primary = latest_by_episode(annotations, "primary")
    double = latest_by_episode(annotations, "double_annotation")
    pairs: list[tuple[str, str]] = []
    mismatches: list[dict[str, Any]] = []
    without_judge = 0
    for (_, eid), row in sorted(primary.items()):
        label = judge.get(eid)
        if label is None:
            without_judge += 1
            continue
        human = row.human_label.primary_failure_mode
        pairs.append((human, label))
        if human != label:
            mismatches.append({"sample_id": row.sample_id, "episode_id": eid, "human": human, "judge": label,
                               "rationale": row.human_label.rationale})
    inter: list[tuple[str, str]] = []
    for (annotator, eid), row in sorted(double.items()):
        first = next((p for (a, e), p in primary.items() if e == eid and a != annotator), None)
        if first is not None:
            inter.append((first.human_label.primary_failure_mode, row.human_label.primary_failure_mode))
    report = classification_report(pairs)
    inter_stats = agreement_stats(inter)
    return {
        "judge_vs_human": report.model_dump(mode="json"), "primary_without_judge_label": without_judge,
        "inter_rater": {"n": inter_stats.n, "raw_agreement": inter_stats.raw_agreement,
                        "cohens_kappa": cohens_kappa(inter) if inter else None,
                        "below_threshold": (inter_stats.cohens_kappa is not None
                                            and inter_stats.cohens_kappa < KAPPA_THRESHOLD),
                        "threshold": KAPPA_THRESHOLD},
        "mismatches": mismatches,
    }


def write_agreement(out_dir: Path, result: dict[str, Any]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out_dir / "agreement.json", json.dumps(result, indent=1, sort_keys=True))
    o = result["overall"]
    ci = o.get("ci95", {})
    lines = ["# Cross-judge agreement", "", f"A: {result['judge_a']}", f"B: {result['judge_b']}", "",
             f"paired episodes: {o['n']} (coverage {json.dumps(result['coverage'])})", "",
             "| metric | value | 95% CI (cluster bootstrap) |", "|---|---|---|",
             f"| raw agreement | {_fmt(o['raw_agreement'])} | {_fmt(ci.get('raw_agreement', {}).get('low'))} – "
             f"{_fmt(ci.get('raw_agreement', {}).get('high'))} |",
             f"| Cohen's kappa | {_fmt(o['cohens_kappa'])} | {_fmt(ci.get('cohens_kappa', {}).get('low'))} – "
             f"{_fmt(ci.get('cohens_kappa', {}).get('high'))} |",
             f"| expected chance agreement | {_fmt(o['expected_chance_agreement'])} | |"]
    atomic_write_text(out_dir / "agreement.md", "\n".join(lines) + "\n")


def write_vs_human(out_dir: Path, result: dict[str, Any]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    body = {k: v for k, v in result.items() if k != "mismatches"}
    atomic_write_text(out_dir / "report.json", json.dumps(body, indent=1, sort_keys=True))
    atomic_write_text(out_dir / "mismatches.jsonl", "".join(json.dumps(m, sort_keys=True) + "\n"
                                                             for m in result["mismatches"]))
    atomic_write_text(out_dir / "agreement.json", json.dumps(result["inter_rater"], indent=1, sort_keys=True))
    r = result["judge_vs_human"]
    lines = ["# Judge vs human", "",
             f"cases: {r['n']}; accuracy {_fmt(r['accuracy'])}; macro-F1 {_fmt(r['macro_f1'])}; "
             f"kappa {_fmt(r['cohens_kappa'])}", "",
             "| mode | precision | recall | F1 | support |", "|---|---|---|---|---|"]
    lines += [f"| {m} | {_fmt(s['precision'])} | {_fmt(s['recall'])} | {_fmt(s['f1'])} | {s['support']} |"
              for m, s in r["per_mode"].items()]
    ir = result["inter_rater"]
    lines += ["", f"Inter-rater (double annotation): n {ir['n']}, kappa {_fmt(ir['cohens_kappa'])}"
              + (" - below 0.6: the taxonomy is too ambiguous" if ir["below_threshold"] else "")]
    atomic_write_text(out_dir / "report.md", "\n".join(lines) + "\n")
