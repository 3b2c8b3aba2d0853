"""The plan file: one plan per semantic instance, shared by every app of the template.

Generated and imported plans use the same format. Metadata binds the file to the schedule it was
made for (seed, instances, fixed seed, suite family, categories) and to its audit log, so preflight
and the runtime can refuse a file made for another run.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.plans.validate import MAX_PLAN_CHARS, MAX_STEP_CHARS, MAX_STEPS, Finding, ValidationMode

PLAN_FILE_FORMAT: Final = "anyapp-plans/1"
#: Our suite family (the prior release recorded ``android_world``); preflight compares it.
SUITE_FAMILY = "anyappbench"
PLANNER_INPUT: Final = "app_name_replaced_with_[TARGET_APP]"
PLAN_REUSE: Final = "one_plan_per_semantic_instance_across_apps"

Provider = Literal["gemini", "openai", "human"]
GENERATED_PROVIDERS: frozenset[str] = frozenset({"gemini", "openai"})


class PlanLimits(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_steps: int = MAX_STEPS
    max_step_chars: int = MAX_STEP_CHARS
    max_plan_chars: int = MAX_PLAN_CHARS


class AuditBinding(BaseModel):
    """Where the file's audit chain ended when the file was last written."""

    model_config = ConfigDict(extra="forbid")

    path: str
    header_sha256: str
    tail_sha256: str
    record_count: int


class PlanFileMetadata(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["anyapp-plans/1"] = PLAN_FILE_FORMAT
    suite_family: str = SUITE_FAMILY
    seed: int
    n_instances: int
    fixed_seed: bool = False
    categories: list[str]
    generator_provider: Provider
    generator_model: str
    prompt_sha256: str | None = Field(None, description="Hash of the generation prompt template; None for imports.")
    validation_mode: ValidationMode = "strict"
    created_at: str
    frozen: bool = False
    planner_input: Literal["app_name_replaced_with_[TARGET_APP]"] = PLANNER_INPUT
    plan_reuse: Literal["one_plan_per_semantic_instance_across_apps"] = PLAN_REUSE
    expected_plan_count: int
    limits: PlanLimits = Field(default_factory=PlanLimits)
    generation: dict[str, Any] = Field(default_factory=dict, description="Temperature, attempt bounds ...")
    authors: list[str] = Field(default_factory=list, description="Authors of hand-written plans.")
    source_file_sha256: str | None = Field(None, description="Import source (bytes hash).")
    audit: AuditBinding | None = None


class PlanEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    semantic_id: str
    instance: int
    category: str
    semantic_goal: str
    semantic_goal_sha256: str
    semantic_parameter_sha256: str
    steps: list[str]
    plan_text: str
    plan_sha256: str
    provider: Provider
    model: str
    attempts: int = Field(ge=1, description="Validation attempts used (1 = the first answer was accepted).")
    warnings: list[Finding] = Field(default_factory=list, description="Lenient-mode findings kept with the plan.")


class PlanFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    metadata: PlanFileMetadata
    plans: list[PlanEntry] = Field(default_factory=list)


class PlanFileError(ValueError):
    """The file is missing, not strict JSON, or not a plan file."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise PlanFileError(f"duplicate JSON key {key!r}")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise PlanFileError(f"non-standard JSON constant {name}")


def load_json_strict(path: Path) -> Any:
    """JSON with duplicate keys and NaN/Infinity refused (a silently merged plan is a wrong plan)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PlanFileError(f"cannot read {path}: {exc}") from exc
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        raise PlanFileError(f"{path} is not valid JSON: {exc}") from exc


def load_plan_file(path: Path) -> PlanFile:
    from pydantic import ValidationError

    payload = load_json_strict(path)
    try:
        return PlanFile.model_validate(payload)
    except ValidationError as exc:
        raise PlanFileError(f"{path} is not an {PLAN_FILE_FORMAT} plan file: {exc}") from exc


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def save_plan_file(path: Path, plan_file: PlanFile) -> None:
    atomic_write_text(path, plan_file.model_dump_json(indent=2) + "\n")
