"""The judges' instructions. Their sha1 enters the judge config hash, so an edit re-judges."""

from __future__ import annotations

import hashlib
import json

from pydantic import BaseModel

from pytest_anyapp.failures.inputs import CasePayload
from pytest_anyapp.failures.taxonomy import MODE_DEFINITIONS, SCORE_SCALE, DeepJudgment, Judgment, TriageJudgment

_MODES = "\n".join(f"- {name}: {text}" for name, text in MODE_DEFINITIONS.items())
_COMMON = f"""You analyse why a mobile GUI agent failed an Android task. A deterministic verifier read the
device's durable state and decided the outcome; you never change that verdict, you explain it.
Failure modes:
{_MODES}
Scores planning_score and grounding_score: {SCORE_SCALE}. confidence: low, medium or high.
Use only the evidence given (goal, selected steps, screenshots, errors, verifier reasons).
Answer with one JSON object and nothing else."""

SINGLE_SYSTEM = _COMMON + """
Fields: primary_failure_mode, planning_score, grounding_score, confidence, rationale, evidence
(a list of at most 5 short strings citing steps or screenshots)."""

TRIAGE_SYSTEM = _COMMON + """
This is a quick triage with few screenshots. Fields: verdict (success|failure|uncertain: what the
evidence shows), agree_with_recorded_label (true if you agree with the verifier's outcome),
primary_failure_mode, confidence, needs_escalation, rationale. Set needs_escalation to true when the
evidence is thin, or the mode is mixed_planning_grounding or unknown."""

DEEP_SYSTEM = _COMMON + """
This is the deep pass with all key screenshots. Fields: verdict (success|failure|uncertain),
agree_with_recorded_label, primary_failure_mode, planning_score, grounding_score, confidence,
rationale, evidence (at most 5 short strings), recommended_next_debug."""

PROMPTS: dict[str, tuple[str, type[BaseModel]]] = {
    "single": (SINGLE_SYSTEM, Judgment), "triage": (TRIAGE_SYSTEM, TriageJudgment), "deep": (DEEP_SYSTEM, DeepJudgment),
}


def user_text(payload: CasePayload) -> str:
    return "Episode (JSON):\n" + json.dumps(payload.model_dump(mode="json"), indent=1, ensure_ascii=False)


def caption(step: int, field: str = "screenshot") -> str:
    return f"Above: step {step} ({field})."


def prompt_sha1() -> str:
    blob = json.dumps({k: v[0] for k, v in PROMPTS.items()}, sort_keys=True)
    return hashlib.sha1(blob.encode()).hexdigest()


def schema_sha1() -> str:
    blob = json.dumps({k: v[1].model_json_schema() for k, v in PROMPTS.items()}, sort_keys=True)
    return hashlib.sha1(blob.encode()).hexdigest()
