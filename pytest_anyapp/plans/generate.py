"""Plan generation: one text-only provider call per semantic instance, validated, retried, audited.

Two bounded loops per semantic instance:
- *validation attempts* (``max_attempts``): a refusal, an empty answer, unparsable JSON or a plan
  that fails validation costs one attempt and triggers a repair prompt; the first accepted plan is
  kept (no best-of-n);
- *transport retries* (``max_transport_retries``) inside each attempt: HTTP 429/5xx and transport
  errors are retried with exponential backoff; other HTTP errors are not.
Every HTTP request gets a ``request`` and a ``response`` audit record. The plan file is rewritten
atomically after each accepted plan, so an interrupted run leaves a valid (if incomplete) file that
preflight will refuse.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.plans.audit import AuditLog, display_path
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.keys import plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanEntry, PlanFile, PlanFileMetadata, save_plan_file
from pytest_anyapp.plans.prompt import (
    PROMPT_SHA256,
    ParseRejection,
    content_repair_prompt,
    format_repair_prompt,
    initial_prompt,
    parse_steps,
)
from pytest_anyapp.plans.providers import PlanProvider, ProviderCallError, ProviderReply
from pytest_anyapp.plans.validate import AppTerm, ValidationMode, validate_steps
from pytest_anyapp.seeding import sha256_text


class GenerationSettings(BaseModel):
    max_attempts: int = Field(3, ge=1, le=10, description="Validation attempts per semantic instance.")
    max_transport_retries: int = Field(3, ge=0, le=10, description="Extra tries on 429/5xx per attempt.")
    backoff_base_s: float = Field(1.0, ge=0)
    backoff_cap_s: float = Field(10.0, ge=0)
    validation_mode: ValidationMode = "strict"

    def backoff(self, retry: int) -> float:
        return float(min(self.backoff_base_s * 2 ** retry, self.backoff_cap_s))


class FailedInstance(BaseModel):
    plan_key: str
    reason: str


class GenerationResult(BaseModel):
    plans: list[PlanEntry] = Field(default_factory=list)
    failed: list[FailedInstance] = Field(default_factory=list)
    aborted: str | None = Field(None, description="Set when the provider stayed unreachable and the run stopped.")
    requests: int = 0


class ProviderUnavailable(RuntimeError):
    """Transport retries exhausted (or a non-retryable HTTP error): stop instead of burning the schedule."""


class _Caller:
    """One provider call with transport retries; audits each HTTP request and response."""

    def __init__(self, provider: PlanProvider, audit: AuditLog | None, settings: GenerationSettings,
                 sleep: Callable[[float], None]) -> None:
        self.provider, self.audit, self.settings, self.sleep = provider, audit, settings, sleep
        self.requests = 0

    def _log(self, kind: str, data: dict[str, Any]) -> None:
        if self.audit is not None:
            self.audit.append(kind, data)  # type: ignore[arg-type]

    def call(self, inst: SemanticInstance, prompt: str, prompt_kind: str, attempt: int) -> ProviderReply:
        base = {"plan_key": inst.plan_key, "attempt": attempt}
        for transport_try in range(self.settings.max_transport_retries + 1):
            self._log("request", {
                **base, "transport_attempt": transport_try, "semantic_id": inst.semantic_id,
                "instance": inst.instance, "semantic_goal": inst.semantic_goal,
                "semantic_goal_sha256": inst.semantic_goal_sha256,
                "semantic_parameter_sha256": inst.semantic_parameter_sha256, "provider": self.provider.name,
                "model": self.provider.model, "parameters": self.provider.parameters(),
                "endpoint": self.provider.endpoint(), "prompt_kind": prompt_kind,
                "prompt_template_sha256": PROMPT_SHA256, "prompt_sha256": sha256_text(prompt), "prompt": prompt,
            })
            self.requests += 1
            try:
                reply = self.provider.complete(prompt)
            except ProviderCallError as exc:
                will_retry = exc.retryable and transport_try < self.settings.max_transport_retries
                self._log("response", {
                    **base, "transport_attempt": transport_try, "outcome": "call_error", "http_status": exc.status,
                    "error": str(exc), "retryable": exc.retryable, "will_retry": will_retry, "raw_text": None,
                    "verdict": None,
                })
                if not will_retry:
                    raise ProviderUnavailable(str(exc)) from None
                self.sleep(self.settings.backoff(transport_try))
                continue
            return reply
        raise AssertionError("unreachable")  # pragma: no cover

    def verdict(self, inst: SemanticInstance, attempt: int, reply: ProviderReply, outcome: str,
                verdict: dict[str, Any]) -> None:
        self._log("response", {
            "plan_key": inst.plan_key, "attempt": attempt, "outcome": outcome, "raw_text": reply.text,
            "refusal": reply.refusal, "finish_reason": reply.finish_reason, "response_model": reply.response_model,
            "verdict": verdict,
        })


def generate_one(
    inst: SemanticInstance, caller: _Caller, *, settings: GenerationSettings, app_terms: Sequence[AppTerm] | None,
) -> PlanEntry | FailedInstance:
    prompt, kind = initial_prompt(inst.semantic_goal), "initial"
    last_reason = ""
    for attempt in range(1, settings.max_attempts + 1):
        will_retry = attempt < settings.max_attempts
        reply = caller.call(inst, prompt, kind, attempt)
        if reply.refusal or not (reply.text or "").strip():
            outcome = "refusal" if reply.refusal else "empty"
            last_reason = f"{outcome}: {reply.refusal or 'no text'}"
            caller.verdict(inst, attempt, reply, outcome, {"accepted": False, "reason": last_reason, "will_retry": will_retry})
            prompt, kind = initial_prompt(inst.semantic_goal), "retry_after_" + outcome
            continue
        try:
            steps = parse_steps(reply.text or "")
        except ParseRejection as exc:
            last_reason = f"unparsable: {exc}"
            caller.verdict(inst, attempt, reply, "parse_rejection", {"accepted": False, "reason": last_reason, "will_retry": will_retry})
            prompt, kind = format_repair_prompt(inst.semantic_goal, str(exc)), "format_repair"
            continue
        report = validate_steps(steps, inst.semantic_goal, mode=settings.validation_mode, app_terms=app_terms)
        findings = [f.model_dump() for f in report.findings]
        if not report.ok:
            last_reason = "validation: " + ", ".join(sorted({f.kind for f in report.errors}))
            caller.verdict(inst, attempt, reply, "validation_rejection", {
                "accepted": False, "reason": last_reason, "findings": findings, "steps": steps, "will_retry": will_retry,
            })
            prompt, kind = content_repair_prompt(inst.semantic_goal, steps, report.errors), "content_repair"
            continue
        text = plan_text_from_steps(steps)
        caller.verdict(inst, attempt, reply, "accepted", {
            "accepted": True, "findings": findings, "steps": steps, "plan_sha256": plan_sha256(text),
        })
        return PlanEntry(
            key=inst.plan_key, semantic_id=inst.semantic_id, instance=inst.instance, category=inst.category,
            semantic_goal=inst.semantic_goal, semantic_goal_sha256=inst.semantic_goal_sha256,
            semantic_parameter_sha256=inst.semantic_parameter_sha256, steps=steps, plan_text=text,
            plan_sha256=plan_sha256(text), provider=caller.provider.name,
            model=caller.provider.model, attempts=attempt, warnings=report.warnings,
        )
    return FailedInstance(plan_key=inst.plan_key, reason=f"no valid plan in {settings.max_attempts} attempts; last: {last_reason}")


def generate_plans(
    instances: Sequence[SemanticInstance], provider: PlanProvider, *, metadata: PlanFileMetadata, output: Path,
    settings: GenerationSettings, audit: AuditLog | None = None, app_terms: Sequence[AppTerm] | None = None,
    sleep: Callable[[float], None] = time.sleep, progress: Callable[[str], None] | None = None,
) -> GenerationResult:
    """Generate and write the plan file (rewritten after every accepted plan)."""
    caller = _Caller(provider, audit, settings, sleep)
    result = GenerationResult()
    plan_file = PlanFile(metadata=metadata, plans=[])

    def write() -> None:
        if audit is not None:
            plan_file.metadata.audit = audit.binding(display_path(audit.path, output))
        save_plan_file(output, plan_file)

    write()
    for inst in instances:
        try:
            outcome = generate_one(inst, caller, settings=settings, app_terms=app_terms)
        except ProviderUnavailable as exc:
            result.aborted = f"{inst.plan_key}: {exc}"
            break
        if isinstance(outcome, PlanEntry):
            plan_file.plans.append(outcome)
            result.plans.append(outcome)
            write()
        else:
            result.failed.append(outcome)
        if progress is not None:
            progress(f"{inst.plan_key}: {'ok' if isinstance(outcome, PlanEntry) else 'FAILED ' + outcome.reason}")
    write()
    result.requests = caller.requests
    return result

