"""What the episode runner asks before an episode: which prompt goal does the agent see?

Conditions (our decision on the prior release's c2_o discrepancy, see docs/c2-plans.md):

- ``c1``: no plan. The agent sees the original instruction.
- ``c2_g``: a *generated* plan — the plan file's entries come from a model provider (``gemini`` or
  ``openai``) through ``anyapp plans generate``. The provider and model are recorded per episode.
- ``c2_o``: a *reference* plan written by people (``anyapp plans import``, provider ``human``).
  The prior release's README read "o" as OpenAI while its code enforced human-authored plans; we
  follow the code, so OpenAI-generated plans are C2-G like Gemini ones.

Under C2 a missing, unreadable or empty plan raises ``PlanUnavailableError`` (the episode becomes
``invalid_infrastructure``; it never silently runs as C1). A plan that exists but contradicts the
declared condition (wrong provider role, failing validation, wrong seed) is used, and the record's
condition is marked invalid with the reasons.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from pytest_anyapp.errors import ConfigError, PlanUnavailableError
from pytest_anyapp.plans.compose import compose_prompt_goal, normalize_mode, original_goal_from_prompt_goal
from pytest_anyapp.plans.keys import plan_key, plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import GENERATED_PROVIDERS, PlanEntry, PlanFile, PlanFileError, load_plan_file
from pytest_anyapp.plans.validate import validate_steps
from pytest_anyapp.records.models import PlanInfo
from pytest_anyapp.seeding import normalize_goal, params_sha256, sha256_text

if TYPE_CHECKING:
    from pytest_anyapp.registry import PairInstance

Condition = Literal["c1", "c2_g", "c2_o"]
CONDITIONS: tuple[Condition, ...] = ("c1", "c2_g", "c2_o")
CONDITION_MEANING: dict[str, str] = {
    "c1": "no plan: the agent sees the original instruction",
    "c2_g": "generated app-neutral plan (provider gemini or openai) composed into the prompt goal",
    "c2_o": "human-written app-neutral reference plan (provider human) composed into the prompt goal",
}
#: Which plan providers each C2 condition accepts.
CONDITION_PROVIDERS: dict[str, frozenset[str]] = {"c2_g": GENERATED_PROVIDERS, "c2_o": frozenset({"human"})}

#: Environment fallbacks of the plugin options (names from the prior release).
ENV_CONDITION = "CATBENCH_CONDITION"
ENV_PLAN_FILE = "CATBENCH_TASK_BREAKDOWN_FILE"
ENV_PLAN_MODE = "CATBENCH_TASK_BREAKDOWN_MODE"


class PromptResolution(BaseModel):
    prompt_goal: str
    plan: PlanInfo | None = None
    condition_valid: bool = True
    problems: list[str] = Field(default_factory=list)


@dataclass(frozen=True)
class LoadedPlans:
    path: Path
    sha256: str
    plan_file: PlanFile
    by_key: dict[str, tuple[PlanEntry, ...]]


_CACHE: OrderedDict[tuple[str, int, int], LoadedPlans] = OrderedDict()
_CACHE_SIZE = 8


def load_plans(path: Path) -> LoadedPlans:
    """Load (cached by path, mtime_ns and size, so a rewritten file is re-read)."""
    resolved = Path(path).resolve()
    try:
        info = resolved.stat()
    except OSError as exc:
        raise PlanUnavailableError(f"plan file {path} cannot be read: {exc}") from exc
    cache_key = (str(resolved), info.st_mtime_ns, info.st_size)
    cached = _CACHE.get(cache_key)
    if cached is not None:
        _CACHE.move_to_end(cache_key)
        return cached
    try:
        raw = resolved.read_bytes()
        plan_file = load_plan_file(resolved)
    except (OSError, PlanFileError) as exc:
        raise PlanUnavailableError(f"plan file {path} is unusable: {exc}") from exc
    by_key: dict[str, list[PlanEntry]] = {}
    for entry in plan_file.plans:
        by_key.setdefault(entry.key, []).append(entry)
    loaded = LoadedPlans(
        path=resolved, sha256=hashlib.sha256(raw).hexdigest(), plan_file=plan_file,
        by_key={k: tuple(v) for k, v in by_key.items()},
    )
    _CACHE[cache_key] = loaded
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return loaded


def clear_cache() -> None:
    _CACHE.clear()


def check_condition(condition: str) -> Condition:
    if condition not in CONDITIONS:
        raise ConfigError(f"unknown condition {condition!r}; use one of {', '.join(CONDITIONS)}")
    return condition  # type: ignore[return-value]


def plan_problems(entry: PlanEntry, *, condition: str, semantic_goal: str, params_sha: str | None) -> list[str]:
    """Reasons this (found, non-empty) plan contradicts the declared condition."""
    problems: list[str] = []
    allowed = CONDITION_PROVIDERS.get(condition, frozenset())
    if entry.provider not in allowed:
        problems.append(
            f"{condition} expects a plan from {'/'.join(sorted(allowed))}, but this plan's provider is {entry.provider}"
        )
    if entry.plan_text != plan_text_from_steps(entry.steps):
        problems.append("plan_text is not the numbered text of its steps")
    if entry.plan_sha256 != plan_sha256(entry.plan_text):
        problems.append("plan_sha256 does not match plan_text")
    if params_sha is not None and entry.semantic_parameter_sha256 != params_sha:
        problems.append("the plan was made for different parameters (semantic_parameter_sha256 differs)")
    report = validate_steps(entry.steps, semantic_goal, mode="strict")
    if not report.ok:
        problems.append("plan fails strict validation: " + ", ".join(sorted({f.kind for f in report.errors})))
    return problems


def resolve_prompt(
    pair_instance: PairInstance, condition: str, plan_file: str | Path | None, plan_mode: str = "prepend",
) -> PromptResolution:
    """The prompt goal for one episode, the plan provenance to record, and condition problems."""
    condition = check_condition(condition)
    goal = pair_instance.goal
    has_file = plan_file is not None and str(plan_file).strip() != ""
    if condition == "c1":
        if has_file:
            return PromptResolution(
                prompt_goal=goal, condition_valid=False,
                problems=[f"a plan file ({plan_file}) was given under c1; c1 runs without a plan"],
            )
        return PromptResolution(prompt_goal=goal)
    if not has_file:
        raise PlanUnavailableError(f"{condition} needs a plan file (--plan-file or {ENV_PLAN_FILE})")
    try:
        mode = normalize_mode(plan_mode)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    loaded = load_plans(Path(str(plan_file)))
    template = pair_instance.pair.template
    semantic_goal = pair_instance.semantic_goal
    key = plan_key(template.semantic_id, pair_instance.instance, semantic_goal)
    matches = loaded.by_key.get(key, ())
    if not matches:
        raise PlanUnavailableError(f"no plan for {key} in {plan_file}")
    if len(matches) > 1:
        raise PlanUnavailableError(f"{len(matches)} plans share the key {key} in {plan_file}")
    entry = matches[0]
    if (entry.semantic_id, entry.instance) != (template.semantic_id, pair_instance.instance) or normalize_goal(
        entry.semantic_goal
    ) != normalize_goal(semantic_goal):
        raise PlanUnavailableError(f"the entry stored under {key} describes another instance")
    if not entry.steps or not entry.plan_text.strip():
        raise PlanUnavailableError(f"the plan for {key} is empty")
    problems = plan_problems(entry, condition=condition, semantic_goal=semantic_goal, params_sha=params_sha256(pair_instance.params))
    meta = loaded.plan_file.metadata
    if meta.seed != pair_instance.seed:
        problems.append(f"plan file was made for seed {meta.seed}, this run uses seed {pair_instance.seed}")
    prompt_goal = compose_prompt_goal(goal, entry.plan_text, mode)
    if original_goal_from_prompt_goal(prompt_goal) != goal:  # cannot happen unless compose is broken
        problems.append("the composed prompt goal does not invert to the original goal")
    plan = PlanInfo(
        plan_key=key, plan_text=entry.plan_text, plan_sha256=sha256_text(entry.plan_text), plan_file=str(plan_file),
        plan_file_sha256=loaded.sha256, plan_mode=mode, generator_provider=entry.provider, generator_model=entry.model,
    )
    return PromptResolution(prompt_goal=prompt_goal, plan=plan, condition_valid=not problems, problems=problems)
