"""Re-audit the condition of recorded episodes from their ``episode.json`` alone (no plan file).

For every C2 episode: the semantic goal's hash, the parameter hash, the plan key, the plan hash,
strict re-validation of the recorded plan text, the prompt goal being exactly the composition of
goal and plan (and inverting back to the goal), the provider fitting the condition, and the
record's own ``condition_valid`` agreeing with what we find. A C2 episode scored without a plan
is a C1 rollout in disguise and is reported. C1 episodes are checked for carrying no plan.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from pytest_anyapp.outcomes import Status
from pytest_anyapp.plans.compose import compose_prompt_goal, decompose_prompt_goal, normalize_mode
from pytest_anyapp.plans.keys import plan_key, plan_text_from_steps
from pytest_anyapp.plans.runtime import CONDITION_PROVIDERS, CONDITIONS
from pytest_anyapp.plans.validate import steps_from_plan_text, validate_steps
from pytest_anyapp.records.models import EpisodeRecord
from pytest_anyapp.seeding import goal_sha256, normalize_goal, params_sha256, sha256_text

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class EpisodeAudit(BaseModel):
    path: str
    test_id: str = ""
    condition: str = ""
    status: str = ""
    problems: list[str] = Field(default_factory=list)


class AuditRunReport(BaseModel):
    results: str
    episodes: int = 0
    c2_episodes: int = 0
    c2_with_plan: int = 0
    c2_invalid_without_plan: int = 0
    ok: bool = False
    audits: list[EpisodeAudit] = Field(default_factory=list)

    @property
    def failing(self) -> list[EpisodeAudit]:
        return [a for a in self.audits if a.problems]


def _neutral_from_goal(goal: str, display_name: str) -> str | None:
    """The goal with the first case-insensitive occurrence of the app name replaced, or None."""
    match = re.search(re.escape(display_name), goal, re.IGNORECASE)
    if match is None:
        return None
    return normalize_goal(goal[: match.start()] + "[TARGET_APP]" + goal[match.end():])


def audit_record(record: EpisodeRecord) -> list[str]:
    """Problems with one episode's condition, computed from the record alone."""
    prov = record.provenance
    problems: list[str] = []
    condition = prov.condition.name
    if condition not in CONDITIONS:
        return [f"unknown condition {condition!r}"]
    if prov.task.semantic_goal and goal_sha256(prov.task.semantic_goal) != prov.task.semantic_goal_sha256:
        problems.append("semantic_goal_sha256 does not hash semantic_goal")
    if prov.task.params and params_sha256(prov.task.params) != prov.task.semantic_parameter_sha256:
        problems.append("semantic_parameter_sha256 does not hash params")
    if prov.app.display_name and prov.task.semantic_goal:
        neutral = _neutral_from_goal(record.goal, prov.app.display_name)
        if neutral is None:
            problems.append("the goal does not name the app, so the semantic goal cannot be re-derived")
        elif neutral != normalize_goal(prov.task.semantic_goal):
            problems.append("semantic_goal is not the goal with the app name replaced by [TARGET_APP]")

    if condition == "c1":
        if record.plan is not None:
            problems.append("a c1 episode carries a plan")
        if record.prompt_goal != record.goal:
            problems.append("a c1 episode's prompt goal differs from its goal")
        return problems + _consistency(prov.condition.valid, problems)

    plan = record.plan
    if plan is None:
        if record.status is not Status.INVALID:
            problems.append(f"{condition} episode scored ({record.status.value}) without a plan: a C1 rollout in disguise")
        elif record.prompt_goal not in ("", record.goal):
            problems.append("no plan recorded, but the prompt goal is not the plain goal")
        return problems  # an invalid episode without a plan is the fail-closed outcome
    expected_key = plan_key(prov.task.semantic_id, prov.task.instance, prov.task.semantic_goal)
    if plan.plan_key != expected_key:
        problems.append(f"plan_key {plan.plan_key} is not {expected_key}")
    if plan.plan_sha256 != sha256_text(plan.plan_text):
        problems.append("plan_sha256 does not hash plan_text")
    if not _HEX64.match(plan.plan_file_sha256):
        problems.append("plan_file_sha256 is not a sha256")
    steps = steps_from_plan_text(plan.plan_text)
    if plan_text_from_steps(steps) != plan.plan_text:
        problems.append("plan_text is not canonical numbered text")
    report = validate_steps(steps, prov.task.semantic_goal, mode="strict")
    if not report.ok:
        problems.append("plan fails strict validation: " + ", ".join(sorted({f.kind for f in report.errors})))
    allowed = CONDITION_PROVIDERS[condition]
    if plan.generator_provider not in allowed:
        problems.append(f"{condition} needs a {'/'.join(sorted(allowed))} plan, the recorded provider is {plan.generator_provider}")
    try:
        mode = normalize_mode(plan.plan_mode)
    except ValueError:
        problems.append(f"unknown plan mode {plan.plan_mode!r}")
    else:
        if record.prompt_goal != compose_prompt_goal(record.goal, plan.plan_text, mode):
            problems.append("prompt_goal is not the composition of goal and plan")
        parsed = decompose_prompt_goal(record.prompt_goal)
        if parsed is None or parsed.goal != record.goal or parsed.plan_text != plan.plan_text:
            problems.append("prompt_goal does not invert to the recorded goal and plan")
    return problems + _consistency(prov.condition.valid, problems)


def _consistency(recorded_valid: bool, found: list[str]) -> list[str]:
    if recorded_valid and found:
        return ["the record says the condition was valid, but the re-audit disagrees"]
    if not recorded_valid and not found:
        return ["the record marks the condition invalid (see its condition_problems)"]
    return []


def audit_results(results: Path) -> AuditRunReport:
    report = AuditRunReport(results=str(results))
    for path in sorted(Path(results).rglob("episode.json")):
        entry = EpisodeAudit(path=str(path))
        try:
            record = EpisodeRecord.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, ValidationError) as exc:
            entry.problems.append(f"unreadable episode record: {type(exc).__name__}")
            report.audits.append(entry)
            report.episodes += 1
            continue
        if not record.final:
            continue
        report.episodes += 1
        entry.test_id, entry.condition, entry.status = record.test_id, record.provenance.condition.name, record.status.value
        entry.problems = audit_record(record)
        if record.provenance.condition.name in ("c2_g", "c2_o", "c2_h"):
            report.c2_episodes += 1
            if record.plan is not None:
                report.c2_with_plan += 1
            elif record.status is Status.INVALID:
                report.c2_invalid_without_plan += 1
        report.audits.append(entry)
    report.ok = report.episodes > 0 and not report.failing
    return report
