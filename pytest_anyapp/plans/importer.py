"""Hand-written plans (CSV or JSON: semantic instance -> steps) into the standard plan file.

Accepted inputs:
- JSON: a list of ``{"semantic_id", "instance", "steps": [...]}`` objects (or ``{"plans": [...]}``), or
  a mapping ``{"<plan key>": [steps...]}``; an object may carry ``key`` instead of id and instance;
- CSV: columns ``semantic_id,instance,steps`` with one step per line inside the quoted ``steps`` cell
  (an optional ``key`` column is checked against the scheduled key).
Each row is matched to a scheduled semantic instance, validated like a generated plan, and audited
(one ``import`` record per row). Nothing is written unless every row is accepted.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.plans.audit import AuditLog, display_path
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.keys import parse_plan_key, plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanEntry, PlanFile, PlanFileMetadata, file_sha256, load_json_strict, save_plan_file
from pytest_anyapp.plans.validate import AppTerm, ValidationMode, normalize_step, validate_steps


class ImportRow(BaseModel):
    source: str = Field(description="Where in the input this came from (row/entry number).")
    semantic_id: str | None = None
    instance: int | None = None
    key: str | None = None
    steps: list[str]


class ImportProblem(BaseModel):
    source: str
    detail: str


class ImportResult(BaseModel):
    plans: list[PlanEntry] = Field(default_factory=list)
    problems: list[ImportProblem] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list, description="Scheduled keys without a hand-written plan.")


def _steps(value: Any) -> list[str]:
    if isinstance(value, str):
        return [normalize_step(s) for s in value.splitlines() if s.strip()]
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return [normalize_step(s) for s in value if s.strip()]
    raise ValueError("steps must be a list of strings or newline-separated text")


def _row_from_object(obj: Any, source: str, key: str | None = None) -> ImportRow:
    if isinstance(obj, list) or isinstance(obj, str):
        return ImportRow(source=source, key=key, steps=_steps(obj))
    if not isinstance(obj, dict):
        raise ValueError("an entry must be an object, a list of steps or text")
    instance = obj.get("instance")
    return ImportRow(
        source=source, key=obj.get("key", key), semantic_id=obj.get("semantic_id"),
        instance=int(instance) if instance is not None else None, steps=_steps(obj.get("steps")),
    )


def read_rows(path: Path) -> list[ImportRow]:
    """Rows of a CSV or JSON input (by extension). Raises ValueError on a malformed input."""
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline=""))
        missing = {"steps"} - set(reader.fieldnames or [])
        if missing or not ({"semantic_id", "instance"} <= set(reader.fieldnames or []) or "key" in (reader.fieldnames or [])):
            raise ValueError("CSV needs columns semantic_id,instance,steps (or key,steps)")
        return [
            ImportRow(
                source=f"row {n}", semantic_id=(r.get("semantic_id") or None), key=(r.get("key") or None),
                instance=int(r["instance"]) if (r.get("instance") or "").strip() else None, steps=_steps(r.get("steps") or ""),
            )
            for n, r in enumerate(reader, start=2)
        ]
    payload = load_json_strict(path)
    if isinstance(payload, dict) and isinstance(payload.get("plans"), list):
        payload = payload["plans"]
    if isinstance(payload, list):
        return [_row_from_object(obj, f"entry {i}") for i, obj in enumerate(payload)]
    if isinstance(payload, dict):
        return [_row_from_object(value, f"key {k}", key=k) for k, value in payload.items()]
    raise ValueError("JSON input must be a list of entries or a mapping from plan key to steps")


def import_plans(
    rows: Sequence[ImportRow], scheduled: Sequence[SemanticInstance], *, model_label: str,
    validation_mode: ValidationMode = "strict", audit: AuditLog | None = None, source_sha256: str = "",
    app_terms: Sequence[AppTerm] | None = None,
) -> ImportResult:
    by_ident = {(s.semantic_id, s.instance): s for s in scheduled}
    by_key = {s.plan_key: s for s in scheduled}
    result = ImportResult()
    seen: set[str] = set()
    for row in rows:
        inst: SemanticInstance | None = None
        if row.semantic_id is not None and row.instance is not None:
            inst = by_ident.get((row.semantic_id, row.instance))
            if row.key is not None and inst is not None and row.key != inst.plan_key:
                result.problems.append(ImportProblem(source=row.source, detail=f"key {row.key} is not the scheduled key {inst.plan_key}"))
                continue
        elif row.key is not None:
            if parse_plan_key(row.key) is None:
                result.problems.append(ImportProblem(source=row.source, detail=f"{row.key!r} is not an exact plan key"))
                continue
            inst = by_key.get(row.key)
        if inst is None:
            label = row.key or f"{row.semantic_id} instance {row.instance}"
            result.problems.append(ImportProblem(source=row.source, detail=f"{label} is not a scheduled semantic instance"))
            continue
        if inst.plan_key in seen:
            result.problems.append(ImportProblem(source=row.source, detail=f"second plan for {inst.plan_key}"))
            continue
        seen.add(inst.plan_key)
        report = validate_steps(row.steps, inst.semantic_goal, mode=validation_mode, app_terms=app_terms)
        text = plan_text_from_steps(row.steps)
        if audit is not None:
            audit.append("import", {
                "plan_key": inst.plan_key, "source": row.source, "source_sha256": source_sha256, "steps": row.steps,
                "semantic_goal": inst.semantic_goal, "verdict": {
                    "accepted": report.ok, "findings": [f.model_dump() for f in report.findings],
                    "plan_sha256": plan_sha256(text) if report.ok else None,
                },
            })
        if not report.ok:
            kinds = ", ".join(f"{f.kind}{'@' + str(f.step) if f.step else ''}" for f in report.errors)
            result.problems.append(ImportProblem(source=row.source, detail=f"{inst.plan_key} fails validation: {kinds}"))
            continue
        result.plans.append(PlanEntry(
            key=inst.plan_key, semantic_id=inst.semantic_id, instance=inst.instance, category=inst.category,
            semantic_goal=inst.semantic_goal, semantic_goal_sha256=inst.semantic_goal_sha256,
            semantic_parameter_sha256=inst.semantic_parameter_sha256, steps=row.steps, plan_text=text,
            plan_sha256=plan_sha256(text), provider="human", model=model_label, attempts=1, warnings=report.warnings,
        ))
    result.missing = [s.plan_key for s in scheduled if s.plan_key not in seen]
    return result


def write_import(
    output: Path, result: ImportResult, *, source: Path, seed: int, n_instances: int, fixed_seed: bool,
    categories: list[str], model_label: str, authors: list[str], validation_mode: ValidationMode,
    expected_plan_count: int, audit: AuditLog | None,
) -> None:
    metadata = PlanFileMetadata(
        seed=seed, n_instances=n_instances, fixed_seed=fixed_seed, categories=categories, generator_provider="human",
        generator_model=model_label, prompt_sha256=None, validation_mode=validation_mode,
        created_at=datetime.now(UTC).isoformat(timespec="seconds"), expected_plan_count=expected_plan_count,
        authors=authors, source_file_sha256=file_sha256(source),
        audit=audit.binding(display_path(audit.path, output)) if audit is not None else None,
    )
    save_plan_file(output, PlanFile(metadata=metadata, plans=result.plans))
