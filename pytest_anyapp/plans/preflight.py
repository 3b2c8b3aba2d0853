"""Preflight: is this plan file fit for the run about to start? Every problem is a finding.

Fails (exit 1) on: a scheduled semantic instance without a plan, duplicate keys, legacy entries
without an exact instance-aware key (or whose key disagrees with its own fields), metadata made for
another schedule (seed, suite family, instances, fixed seed), a plan whose goal or parameters differ
from the scheduled ones, inconsistent plan text or hash, any plan failing validation, and (with a
condition) a provider that condition does not accept. Plans for instances outside the schedule are
reported as warnings: a file made for more categories can serve a narrower run.
Exit 2 when the file cannot be read as strict JSON at all.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.keys import parse_plan_key, plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import (
    SUITE_FAMILY,
    PlanEntry,
    PlanFileError,
    PlanFileMetadata,
    file_sha256,
    load_json_strict,
)
from pytest_anyapp.plans.runtime import CONDITION_PROVIDERS
from pytest_anyapp.plans.validate import AppTerm, validate_steps
from pytest_anyapp.seeding import goal_sha256, normalize_goal

Severity = Literal["error", "warning"]


class PreflightFinding(BaseModel):
    kind: str
    severity: Severity = "error"
    key: str | None = None
    detail: str


class PreflightReport(BaseModel):
    plan_file: str
    plan_file_sha256: str | None = None
    ok: bool = False
    exit_code: int = 1
    expected: dict[str, Any] = Field(default_factory=dict)
    scheduled_count: int = 0
    entry_count: int = 0
    findings: list[PreflightFinding] = Field(default_factory=list)

    @property
    def errors(self) -> list[PreflightFinding]:
        return [f for f in self.findings if f.severity == "error"]


def _entry_findings(
    raw: Any, index: int, *, scheduled: dict[str, SemanticInstance], condition: str | None,
    app_terms: tuple[AppTerm, ...] | None,
) -> tuple[str | None, list[PreflightFinding]]:
    """Check one entry; returns its key (if it has an exact one) and the findings."""
    where = f"entry {index}"
    if not isinstance(raw, dict):
        return None, [PreflightFinding(kind="invalid_entry", detail=f"{where} is not an object")]
    key = raw.get("key")
    parsed = parse_plan_key(key) if isinstance(key, str) else None
    if parsed is None:
        return None, [PreflightFinding(
            kind="legacy_entry", key=key if isinstance(key, str) else None,
            detail=f"{where} has no exact semantic_id|instance=i|sha256 key",
        )]
    try:
        entry = PlanEntry.model_validate(raw)
    except ValidationError as exc:
        return key, [PreflightFinding(kind="invalid_entry", key=key,
                                      detail=f"{where}: {exc.error_count()} schema errors: {exc.errors()[0]['msg']}")]
    out: list[PreflightFinding] = []
    if (parsed.semantic_id, parsed.instance) != (entry.semantic_id, entry.instance):
        out.append(PreflightFinding(kind="legacy_entry", key=key, detail="key names another template or instance than the entry's fields"))
    if parsed.semantic_goal_sha256 != entry.semantic_goal_sha256 or entry.semantic_goal_sha256 != goal_sha256(entry.semantic_goal):
        out.append(PreflightFinding(kind="legacy_entry", key=key, detail="key, semantic_goal_sha256 and semantic_goal disagree"))
    if entry.plan_text != plan_text_from_steps(entry.steps):
        out.append(PreflightFinding(kind="plan_text_mismatch", key=key, detail="plan_text is not the numbered text of steps"))
    if entry.plan_sha256 != plan_sha256(entry.plan_text):
        out.append(PreflightFinding(kind="plan_sha256_mismatch", key=key, detail="plan_sha256 does not hash plan_text"))
    sched = scheduled.get(key) if key is not None else None
    if sched is not None:
        if normalize_goal(entry.semantic_goal) != normalize_goal(sched.semantic_goal):
            out.append(PreflightFinding(kind="goal_mismatch", key=key, detail="semantic_goal differs from the scheduled one"))
        if entry.semantic_parameter_sha256 != sched.semantic_parameter_sha256:
            out.append(PreflightFinding(kind="parameter_mismatch", key=key, detail="semantic_parameter_sha256 differs from the schedule"))
    report = validate_steps(entry.steps, entry.semantic_goal, mode="strict", app_terms=app_terms)
    for f in report.findings:
        out.append(PreflightFinding(
            kind="validation", key=key,
            detail=f"{f.kind}{' in step ' + str(f.step) if f.step else ''}{': ' + repr(f.match) if f.match else ''} ({f.detail})",
        ))
    if condition is not None and entry.provider not in CONDITION_PROVIDERS[condition]:
        out.append(PreflightFinding(
            kind="condition_role", key=key,
            detail=f"{condition} accepts {'/'.join(sorted(CONDITION_PROVIDERS[condition]))} plans, this one is {entry.provider}",
        ))
    return key, out


def _one_finding_for_the_file(report: PreflightReport, kind: str) -> None:
    """A problem every entry has the same way (e.g. the whole file is from another provider) is the
    file's problem: said once, not once per plan."""
    same = [f for f in report.findings if f.kind == kind]
    if len(same) > 1 and len(same) == report.entry_count and len({f.detail for f in same}) == 1:
        report.findings = [f for f in report.findings if f.kind != kind]
        report.findings.append(PreflightFinding(kind=kind, detail=f"{same[0].detail} (all {len(same)} plans of the file)"))


def run_preflight(
    plan_file: Path, scheduled: list[SemanticInstance], *, seed: int, n_instances: int, fixed_seed: bool = False,
    suite_family: str = SUITE_FAMILY, condition: str | None = None, app_terms: tuple[AppTerm, ...] | None = None,
) -> PreflightReport:
    plan_file = Path(plan_file)
    report = PreflightReport(
        plan_file=str(plan_file), scheduled_count=len(scheduled),
        expected={"seed": seed, "n_instances": n_instances, "fixed_seed": fixed_seed, "suite_family": suite_family,
                  "condition": condition},
    )
    if condition is not None and condition not in CONDITION_PROVIDERS:
        report.findings.append(PreflightFinding(kind="bad_condition", detail=f"{condition!r} is not a C2 condition"))
        condition = None
    try:
        payload = load_json_strict(plan_file)
        report.plan_file_sha256 = file_sha256(plan_file)
    except PlanFileError as exc:
        report.findings.append(PreflightFinding(kind="unreadable", detail=str(exc)))
        report.exit_code = 2
        return report
    if not isinstance(payload, dict):
        report.findings.append(PreflightFinding(kind="unreadable", detail="the file's root is not a JSON object"))
        report.exit_code = 2
        return report

    unknown = sorted(set(payload) - {"metadata", "plans"})
    if unknown:
        report.findings.append(PreflightFinding(kind="invalid_file", detail=f"unexpected top-level keys {unknown}"))
    try:
        meta = PlanFileMetadata.model_validate(payload.get("metadata"))
    except ValidationError as exc:
        report.findings.append(PreflightFinding(kind="bad_metadata",
                                                detail=f"metadata does not validate: {exc.errors()[0]['msg']} at {exc.errors()[0]['loc']}"))
    else:
        for field, expected in (("seed", seed), ("n_instances", n_instances), ("fixed_seed", fixed_seed), ("suite_family", suite_family)):
            actual = getattr(meta, field)
            if actual != expected:
                report.findings.append(PreflightFinding(
                    kind="metadata_mismatch", detail=f"{field}: the file says {actual!r}, the run uses {expected!r}",
                ))
        if meta.validation_mode != "strict":
            report.findings.append(PreflightFinding(kind="metadata_mismatch", detail="plans were validated in lenient mode"))

    entries = payload.get("plans")
    if not isinstance(entries, list):
        report.findings.append(PreflightFinding(kind="invalid_file", detail='"plans" is not a list'))
        entries = []
    report.entry_count = len(entries)
    by_key = {s.plan_key: s for s in scheduled}
    keys: list[str] = []
    for index, raw in enumerate(entries):
        key, findings = _entry_findings(raw, index, scheduled=by_key, condition=condition, app_terms=app_terms)
        report.findings.extend(findings)
        if key is not None:
            keys.append(key)
    for key, count in sorted(Counter(keys).items()):
        if count > 1:
            report.findings.append(PreflightFinding(kind="duplicate_key", key=key, detail=f"{count} entries share this key"))
    _one_finding_for_the_file(report, "condition_role")
    present = set(keys)
    for inst in scheduled:
        if inst.plan_key not in present:
            report.findings.append(PreflightFinding(
                kind="missing", key=inst.plan_key, detail=f"no plan for scheduled {inst.semantic_id} instance {inst.instance}",
            ))
    for key in sorted(present - set(by_key)):
        report.findings.append(PreflightFinding(kind="unscheduled", severity="warning", key=key,
                                                detail="plan for an instance this run does not schedule"))
    report.ok = not report.errors
    report.exit_code = 0 if report.ok else 1
    return report
