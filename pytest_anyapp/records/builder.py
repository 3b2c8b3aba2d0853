"""Pure builders of episode records from typed parts (no I/O, no device, no clock).

The runner collects what happened into an ``AttemptOutcome`` per attempt; the worker knows the
lane's fixed parts (``LaneParts``); the pair instance gives the app and task identity. These
functions only combine them, so the shape of ``episode.json`` is decided in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pytest_anyapp.agents.acting import ActingRecord
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import (
    AgentIdentity,
    AppIdentity,
    AttemptRecord,
    ConditionInfo,
    DeviceInfo,
    EpisodeRecord,
    ExceptionInfo,
    PlanInfo,
    Provenance,
    RunInfo,
    StepRecord,
    TaskIdentity,
    VerifierRecord,
)

if TYPE_CHECKING:
    from pytest_anyapp.registry import PairInstance


@dataclass(frozen=True)
class LaneParts:
    """What is fixed for one worker's lane: the run, the agent, the device."""

    run: RunInfo
    agent: AgentIdentity
    device: DeviceInfo


@dataclass(frozen=True)
class InstalledApp:
    version_name: str | None = None
    version_code: int | None = None
    apk_sha256: str | None = None


@dataclass
class AttemptOutcome:
    """What one attempt produced; filled by the runner, turned into records here."""

    number: int
    status: Status = Status.INVALID
    exception: ExceptionInfo | None = None
    steps: list[StepRecord] = field(default_factory=list)
    stop_reason: str = ""
    duration_s: float = 0.0
    prompt_goal: str = ""
    plan: PlanInfo | None = None
    condition: ConditionInfo = field(default_factory=ConditionInfo)
    answer: str | None = None
    agent_done: bool = False
    terminate_status: str | None = None
    verifier: VerifierRecord | None = None
    installed: InstalledApp | None = None
    acting: ActingRecord | None = None


def app_identity(inst: PairInstance, installed: InstalledApp | None = None) -> AppIdentity:
    app = inst.pair.app
    got = installed or InstalledApp()
    return AppIdentity(
        app_id=app.app_id, display_name=app.display_name, package=app.package, category=app.category.value,
        is_original=app.is_original, pinned_version_name=app.version_name, pinned_version_code=app.version_code,
        apk_sha256=app.apk_sha256, version_name=got.version_name, version_code=got.version_code,
        installed_apk_sha256=got.apk_sha256,
    )


def task_identity(inst: PairInstance) -> TaskIdentity:
    ident = inst.identity()
    template = inst.pair.template
    mode = _pair_mode(inst)
    return TaskIdentity(
        semantic_id=template.semantic_id, template_origin=template.origin, instance=inst.instance,
        instance_seed=int(ident["instance_seed"]), params=inst.params,
        semantic_parameter_sha256=str(ident["semantic_parameter_sha256"]), semantic_goal=inst.semantic_goal,
        semantic_goal_sha256=str(ident["semantic_goal_sha256"]), step_budget=template.step_budget,
        validation_mode=str(mode) if mode else None,
    )


def _pair_mode(inst: PairInstance) -> str | None:
    """The pair's validation mode (``durable`` / ``ui`` / ``answer``), read defensively: the
    category bundle declares it as ``Pair.mode.mode``."""
    try:
        mode = getattr(inst.pair, "mode", None)
    except Exception:  # noqa: BLE001 — an adapter without a declared mode records none
        return None
    mode = getattr(mode, "mode", mode)
    return str(getattr(mode, "value", mode)) if mode else None


def build_attempt(outcome: AttemptOutcome) -> AttemptRecord:
    return AttemptRecord(attempt=outcome.number, status=outcome.status, exception=outcome.exception,
                         steps=list(outcome.steps), n_steps=len(outcome.steps), stop_reason=outcome.stop_reason,
                         duration_s=outcome.duration_s)


def build_record(
    inst: PairInstance, lane: LaneParts, *, node_id: str, attempts: list[AttemptOutcome], final: bool,
    started_at: str, finished_at: str = "", duration_s: float = 0.0, screenshot_source: str = "",
    condition: ConditionInfo | None = None,
) -> EpisodeRecord:
    """The record of an episode: the last attempt decides the outcome; every attempt is kept."""
    last = attempts[-1] if attempts else AttemptOutcome(number=0, prompt_goal=inst.goal, stop_reason="in_flight")
    installed = next((a.installed for a in reversed(attempts) if a.installed is not None), None)
    device = lane.device.model_copy(update={"screenshot_source": screenshot_source or lane.device.screenshot_source})
    provenance = Provenance(
        node_id=node_id, run=lane.run, agent=lane.agent, device=device, app=app_identity(inst, installed),
        task=task_identity(inst), condition=condition or last.condition,
    )
    return EpisodeRecord(
        test_id=inst.test_id, status=last.status, final=final, goal=inst.goal,
        prompt_goal=last.prompt_goal or inst.goal, plan=last.plan, answer=last.answer, agent_done=last.agent_done,
        terminate_status=last.terminate_status, stop_reason=last.stop_reason, verifier=last.verifier,
        exception=last.exception, attempts=[build_attempt(a) for a in attempts], provenance=provenance,
        started_at=started_at, finished_at=finished_at, duration_s=duration_s,
        acting=next((a.acting for a in reversed(attempts) if a.acting is not None), None),
    )
