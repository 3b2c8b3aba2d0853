"""The six-class failure taxonomy and the strict JSON the judges must return."""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

FailureMode = Literal[
    "planning", "grounding", "mixed_planning_grounding", "execution_tooling", "environment_or_evaluator", "unknown",
]
FAILURE_MODES: tuple[str, ...] = get_args(FailureMode)
Confidence = Literal["low", "medium", "high"]
Verdict = Literal["success", "failure", "uncertain"]

MODE_DEFINITIONS: dict[str, str] = {
    "planning": "wrong sub-goal, missed required step, stopped early, or infeasible strategy",
    "grounding": "the plan was right, but the agent could not locate or interact with the right UI element",
    "mixed_planning_grounding": "both planning and grounding meaningfully contributed",
    "execution_tooling": "the agent framework dominated: parser, tool call, API timeout, malformed action",
    "environment_or_evaluator": "app crash, missing permission, network outage, or a suspected verifier false "
                                "negative (a hypothesis only; the verdict stands)",
    "unknown": "insufficient evidence",
}
SCORE_SCALE = "0 absent, 1 possible, 2 likely, 3 dominant"

_ALIASES: dict[str, str] = {
    "mixed": "mixed_planning_grounding", "planning_and_grounding": "mixed_planning_grounding",
    "planning_grounding": "mixed_planning_grounding", "tooling": "execution_tooling", "execution": "execution_tooling",
    "environment": "environment_or_evaluator", "evaluator": "environment_or_evaluator",
}


def normalize_mode(label: object) -> str:
    """Canonical mode for a label: aliases mapped, anything unrecognised is ``unknown``."""
    text = str(label or "").strip().lower().replace("-", "_").replace(" ", "_")
    if text in FAILURE_MODES:
        return text
    return _ALIASES.get(text, "unknown")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("primary_failure_mode", mode="before", check_fields=False)
    @classmethod
    def _mode(cls, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError("primary_failure_mode must be a string")
        return normalize_mode(value)

    @field_validator("evidence", mode="after", check_fields=False)
    @classmethod
    def _evidence(cls, value: list[str]) -> list[str]:
        return value[:5]


class Judgment(_Strict):
    """The single-call judge's answer: exactly these six fields."""

    primary_failure_mode: FailureMode
    planning_score: int = Field(ge=0, le=3, description=SCORE_SCALE)
    grounding_score: int = Field(ge=0, le=3, description=SCORE_SCALE)
    confidence: Confidence
    rationale: str = Field(min_length=1)
    evidence: list[str] = Field(default_factory=list, description="At most 5 items are kept.")


class TriageJudgment(_Strict):
    """Stage 1 of the two-stage judge (cheap model, few frames)."""

    verdict: Verdict
    agree_with_recorded_label: bool
    primary_failure_mode: FailureMode
    confidence: Confidence
    needs_escalation: bool
    rationale: str = Field(min_length=1)

    @property
    def escalate(self) -> bool:
        return self.needs_escalation or self.verdict == "uncertain" or self.confidence == "low"


class DeepJudgment(Judgment):
    """Stage 2 of the two-stage judge (all key frames)."""

    verdict: Verdict
    agree_with_recorded_label: bool
    recommended_next_debug: str = ""


class FinalJudgment(BaseModel):
    """What a judgment row stores. Scores are absent when triage resolved a case on its own."""

    primary_failure_mode: FailureMode
    planning_score: int | None = Field(None, ge=0, le=3)
    grounding_score: int | None = Field(None, ge=0, le=3)
    confidence: Confidence
    rationale: str
    evidence: list[str] = Field(default_factory=list)
    recommended_next_debug: str | None = None
    verdict: Verdict | None = None
    agree_with_recorded_label: bool | None = None
    stage_resolved: int | None = None


class JudgeOutputError(ValueError):
    """The judge answered, but not with the JSON the schema asks for."""


M = TypeVar("M", bound=BaseModel)


def parse_output(text: str, schema: type[M]) -> M:
    """Validate a judge's text against ``schema``; tolerant of a Markdown code fence only."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`")
        body = body.split("\n", 1)[1] if "\n" in body else ""
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise JudgeOutputError(f"not JSON: {exc.msg} at {exc.pos}: {text[:200]!r}") from None
    if not isinstance(data, dict):
        raise JudgeOutputError(f"not a JSON object: {text[:200]!r}")
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise JudgeOutputError(f"schema violation: {problems}") from None


def strict_json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """An OpenAI ``json_schema`` response format for ``schema`` (every field required, no extras)."""
    raw = schema.model_json_schema()
    props: dict[str, Any] = {}
    for name, spec in raw["properties"].items():
        spec = {k: v for k, v in spec.items() if k in ("type", "enum", "items", "minimum", "maximum")}
        if name == "evidence":
            spec = {"type": "array", "items": {"type": "string"}}
        if name == "primary_failure_mode":
            spec = {"type": "string", "enum": list(FAILURE_MODES)}
        props[name] = spec
    for name in ("confidence",):
        if name in props:
            props[name] = {"type": "string", "enum": list(get_args(Confidence))}
    if "verdict" in props:
        props["verdict"] = {"type": "string", "enum": list(get_args(Verdict))}
    return {"name": schema.__name__.lower(), "strict": True, "schema": {
        "type": "object", "properties": props, "required": list(props), "additionalProperties": False,
    }}
