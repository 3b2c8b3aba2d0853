"""What a run was, read from its episode summaries (pure): agent, model, condition, device kind,
run id, code revision, and the counts a reader needs next to the rates (app faults per app,
validation modes, condition-invalid and analysis-ineligible episodes).

The gap table carries it as ``run`` and every rendering starts with it, so no table of results
can be read without knowing it came from simulated devices.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field

SIM_BANNER = "simulated devices — tests the harness, not results on real apps"


class RunMeta(BaseModel):
    agents: list[str] = Field(default_factory=list)
    models: list[str] = Field(default_factory=list, description="model_id@revision of model agents.")
    conditions: list[str] = Field(default_factory=list)
    device_kinds: list[str] = Field(default_factory=list, description="Measured on the device (sim / emulator).")
    run_ids: list[str] = Field(default_factory=list)
    code_revisions: list[str] = Field(default_factory=list)
    banner: str | None = Field(None, description="Set when any episode ran on a simulated device.")
    app_faults: dict[str, int] = Field(default_factory=dict, description="Episodes invalid with cause app_fault, per app.")
    invalid_causes: dict[str, int] = Field(default_factory=dict)
    validation_modes: dict[str, dict[str, int]] = Field(default_factory=dict,
                                                        description="Per category: episodes per validation mode.")
    condition_invalid: int = Field(0, description="Episodes whose declared condition was not met (excluded).")
    analysis_ineligible: int = 0
    invalid_share: float = Field(0.0, description="Invalid episodes / all episodes (every cause).")
    invalid_share_by_cause: dict[str, dict[str, float]] = Field(
        default_factory=dict, description="Per 'agent × app': invalid episodes of each cause / that cell's episodes.")
    claims: dict[str, int] = Field(default_factory=dict, description=(
        "terminate claims against the scored state: claimed_failure_succeeded, claimed_success_failed "
        "(the state is scored either way)."))
    ineligible_reasons: list[str] = Field(default_factory=list, description=(
        "Why the run is not analysis-eligible on its outcomes: invalid share over --max-invalid-share, or an "
        "adapter_error/hook_error (our bug or the user's setup) to fix first."))


def _distinct(values: Iterable[Any]) -> list[str]:
    return sorted({str(v) for v in values if v not in (None, "")})


def _cause(summary: Mapping[str, Any]) -> str | None:
    exc = summary.get("exception")
    return str(exc.get("cause")) if isinstance(exc, Mapping) and exc.get("cause") else None


def invalid_shares(items: list[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per ``agent × app``: the share of its episodes invalid for each cause."""
    totals: Counter[str] = Counter()
    causes: dict[str, Counter[str]] = defaultdict(Counter)
    for s in items:
        cell = f"{s.get('model_id') or s.get('agent')} × {s.get('app_id')}"
        totals[cell] += 1
        if s.get("status") == "invalid_infrastructure":
            causes[cell][_cause(s) or "unknown"] += 1
    return {cell: {c: n / totals[cell] for c, n in sorted(by.items())} for cell, by in sorted(causes.items())}


def outcome_ineligibility(items: list[Mapping[str, Any]], max_invalid_share: float) -> list[str]:
    from pytest_anyapp.outcomes import BLOCKING_CAUSES

    invalid = [s for s in items if s.get("status") == "invalid_infrastructure"]
    reasons = []
    if items and len(invalid) / len(items) > max_invalid_share:
        reasons.append(f"{len(invalid)}/{len(items)} episodes invalid ({len(invalid) / len(items):.1%}), over "
                       f"--max-invalid-share={max_invalid_share:.0%}")
    blocking = Counter(c for s in invalid if (c := _cause(s)) in BLOCKING_CAUSES)
    reasons += [f"{n} episode(s) invalid with {c}: fix it and rerun (--rerun-invalid)" for c, n in sorted(blocking.items())]
    return reasons


def _claims(items: list[Mapping[str, Any]]) -> dict[str, int]:
    got: Counter[str] = Counter()
    for s in items:
        claim, status = s.get("terminate_status"), s.get("status")
        if claim == "failure" and status == "valid_success":
            got["claimed_failure_succeeded"] += 1
        elif claim == "success" and status == "valid_failure":
            got["claimed_success_failed"] += 1
    return dict(sorted(got.items()))


def run_meta(summaries: Iterable[Mapping[str, Any]], max_invalid_share: float = 0.05) -> RunMeta:
    items = list(summaries)
    invalid = [s for s in items if s.get("status") == "invalid_infrastructure"]
    # the run's own --max-invalid-share (recorded in every episode) wins over the default
    max_invalid_share = min((float(s["max_invalid_share"]) for s in items if s.get("max_invalid_share") is not None),
                            default=max_invalid_share)
    modes: dict[str, Counter[str]] = defaultdict(Counter)
    for s in items:
        modes[str(s.get("category") or "?")][str(s.get("validation_mode") or "undeclared")] += 1
    kinds = _distinct(s.get("device_kind") for s in items)
    models = _distinct(f"{s['model_id']}@{s.get('model_revision') or '-'}" for s in items if s.get("model_id"))
    return RunMeta(
        agents=_distinct(s.get("agent") for s in items), models=models,
        conditions=_distinct(s.get("condition") for s in items), device_kinds=kinds,
        run_ids=_distinct(s.get("run_id") for s in items),
        code_revisions=_distinct(s.get("code_revision") for s in items),
        banner=SIM_BANNER if "sim" in kinds else None,
        app_faults=dict(sorted(Counter(str(s.get("app_id")) for s in invalid if _cause(s) == "app_fault").items())),
        invalid_causes=dict(sorted(Counter(_cause(s) or "unknown" for s in invalid).items())),
        validation_modes={c: dict(sorted(m.items())) for c, m in sorted(modes.items())},
        condition_invalid=sum(1 for s in items if s.get("condition_valid") is False),
        analysis_ineligible=sum(1 for s in items if s.get("analysis_eligible") is False),
        invalid_share=len(invalid) / len(items) if items else 0.0,
        invalid_share_by_cause=invalid_shares(items), claims=_claims(items),
        ineligible_reasons=outcome_ineligibility(items, max_invalid_share),
    )


def describe(meta: RunMeta) -> list[str]:
    """Lines that head every rendering of a run's results."""
    lines = [meta.banner.upper()] if meta.banner else []
    lines.append(f"agent: {', '.join(meta.agents) or '-'}; model: {', '.join(meta.models) or '-'}; "
                 f"condition: {', '.join(meta.conditions) or '-'}; devices: {', '.join(meta.device_kinds) or '-'}; "
                 f"run: {', '.join(meta.run_ids) or '-'}; code: {', '.join(r[:12] for r in meta.code_revisions) or '-'}")
    if meta.app_faults:
        lines.append("app faults (crash/ANR after the agent acted; invalid, not retried): "
                     + ", ".join(f"{app} {n}" for app, n in meta.app_faults.items()))
    if meta.validation_modes:
        lines.append("validation modes: " + "; ".join(
            f"{cat}: " + ", ".join(f"{mode} {n}" for mode, n in m.items()) for cat, m in meta.validation_modes.items()))
    if meta.invalid_share_by_cause:
        lines.append("invalid share by cause (agent × app): " + "; ".join(
            f"{cell}: " + ", ".join(f"{c} {v:.0%}" for c, v in by.items()) for cell, by in meta.invalid_share_by_cause.items()))
    if meta.claims:
        lines.append("terminate claims vs the scored state: " + ", ".join(f"{k} {n}" for k, n in meta.claims.items()))
    lines += [f"NOT ANALYSIS-ELIGIBLE: {r}" for r in meta.ineligible_reasons]
    if meta.condition_invalid:
        lines.append(f"{meta.condition_invalid} episodes did not meet the declared condition (excluded)")
    return lines
