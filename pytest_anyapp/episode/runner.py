"""The episode loop: reset, observe, agent step, actuate, health check, early stop, final read.

An episode is tried until it ends with a valid status or the infrastructure retry budget is
spent; every attempt starts from a fresh reset and is listed in the record. Genuine failures are
never retried. Which status an exception leads to is ``outcomes.status_for_exception``'s call.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, HistoryEntry, Observation, TaskInfo
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.device.health import check_health
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode import lifecycle
from pytest_anyapp.episode.actuate import actuate
from pytest_anyapp.errors import EpisodeTimeoutError, Phase, PlanUnavailableError, VerifierReadError
from pytest_anyapp.options import RunOptions
from pytest_anyapp.outcomes import Status, cause_for_exception, should_retry, status_for_exception
from pytest_anyapp.records.models import (
    AttemptRecord, EpisodeRecord, ExceptionInfo, PlanInfo, Provenance, StepRecord, VerifierRecord,
)
from pytest_anyapp.atomic import atomic_write_bytes, atomic_write_text
from pytest_anyapp.records.store import RunStore
from pytest_anyapp.registry import PairInstance
from pytest_anyapp.templates.base import Verdict
from verifiers.base import RawSnapshot

#: The benchmark's frozen device time, 2023-10-15 15:34:00 UTC (as AndroidWorld).
FROZEN_EPOCH_S = FROZEN_DEVICE_TIME_S
SCREEN_SIZE = (1080, 2400)


@dataclass
class PromptResolution:
    prompt_goal: str
    plan: PlanInfo | None = None
    condition_valid: bool = True
    problems: list[str] = field(default_factory=list)


def resolve_prompt(inst: PairInstance, options: RunOptions) -> PromptResolution:
    """C1 without a plan file needs no plan machinery; everything else goes through ``plans.runtime``."""
    if options.condition == "c1" and options.plan_file is None:
        return PromptResolution(prompt_goal=inst.goal)
    from pytest_anyapp.plans.runtime import resolve_prompt as resolve

    got = resolve(inst, options.condition, options.plan_file, options.plan_mode)
    return PromptResolution(prompt_goal=got.prompt_goal, plan=got.plan, condition_valid=got.condition_valid,
                            problems=list(got.problems))


@dataclass
class _Attempt:
    """Mutable state of one attempt."""

    number: int
    art_dir: Path
    phase: Phase = "initialize"
    steps: list[StepRecord] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)
    snapshots: list[RawSnapshot] = field(default_factory=list)
    answer: str | None = None
    agent_done: bool = False
    terminate_status: str | None = None
    stop_reason: str = ""
    verifier: VerifierRecord | None = None
    exception: ExceptionInfo | None = None
    status: Status = Status.INVALID
    started: float = field(default_factory=time.monotonic)


class EpisodeRunner:
    """Runs pair instances on one device lane with one agent."""

    def __init__(self, device: DeviceClient, agent: Agent, options: RunOptions, store: RunStore,
                 base_provenance: Provenance, *, installed: lifecycle.InstalledApps | None = None) -> None:
        self.device = device
        self.agent = agent
        self.options = options
        self.store = store
        self.base = base_provenance
        self.installed = installed or lifecycle.InstalledApps(device)

    # -- public ------------------------------------------------------------------------------
    def run(self, inst: PairInstance, *, node_id: str = "") -> EpisodeRecord:
        started_at = _now_iso()
        t0 = time.monotonic()
        provenance = self._provenance(inst, node_id)
        base = EpisodeRecord(test_id=inst.test_id, status=Status.INVALID, final=False, goal=inst.goal,
                             prompt_goal=inst.goal, provenance=provenance, started_at=started_at,
                             stop_reason="in_flight")
        self.store.write(base)  # a killed worker leaves this non-final record behind
        attempts: list[AttemptRecord] = []
        record = base
        for number in range(1, self.options.infra_retries + 2):
            record = self._attempt(inst, number, base)
            attempts.append(AttemptRecord(attempt=number, status=record.status, exception=record.exception,
                                          steps=len(record.steps), duration_s=record.duration_s))
            if not should_retry(record.status, record.exception.retryable if record.exception else True):
                break
        source = "screencap" if self.device.lane.grpc_port is None else "grpc"
        if self.device.grpc_failed:
            source = f"screencap (gRPC failed: {self.device.grpc_failed})"
        record = record.model_copy(update={
            "attempts": attempts, "final": True, "started_at": started_at, "finished_at": _now_iso(),
            "duration_s": time.monotonic() - t0,
            "provenance": record.provenance.model_copy(update={"screenshot_source": source}),
        })
        self.store.write(record)
        return record

    # -- one attempt ---------------------------------------------------------------------------
    def _attempt(self, inst: PairInstance, number: int, base: EpisodeRecord) -> EpisodeRecord:
        att = _Attempt(number=number, art_dir=self.store.episode_dir(inst.test_id) / f"attempt-{number}")
        prompt = PromptResolution(prompt_goal=inst.goal)
        provenance = base.provenance
        app, adapter, template = inst.pair.app, inst.pair.adapter, inst.pair.template
        isolated = False
        try:
            prompt = resolve_prompt(inst, self.options)
            provenance = provenance.model_copy(update={
                "condition_valid": prompt.condition_valid, "condition_problems": prompt.problems,
            })
            version = self.installed.require(app)
            provenance = provenance.model_copy(update={
                "app_version_name": version[0] if version else None,
                "app_version_code": version[1] if version else None,
                "installed_apk_sha256": self.installed.apk_sha256(app.package),
            })
            isolated = True  # before, not after: a half-done isolation must be undone too
            lifecycle.isolate(self.device, app, self.installed.packages(), self.options.pm_timeout_s)
            if adapter.clear_on_init:
                lifecycle.clear_data(self.device, app.package, self.options.pm_timeout_s)
            lifecycle.grant_permissions(self.device, app.package, adapter.runtime_permissions)
            adapter.setup(self.device)
            self.device.set_time(FROZEN_EPOCH_S)
            adapter.seed(self.device, template.initial_state(inst.params))
            att.snapshots.append(self._read(adapter))
            lifecycle.relaunch(self.device, app.package)
            check_health(self.device)

            self.agent.reset(EpisodeContext(
                prompt_goal=prompt.prompt_goal, step_budget=template.step_budget, condition=self.options.condition,
                task=TaskInfo(semantic_id=template.semantic_id, app_id=app.app_id, app_display_name=app.display_name,
                              package=app.package, category=app.category.value, instance=inst.instance,
                              params=inst.params),
            ))
            self._loop(inst, att, prompt.prompt_goal)

            att.phase = "verifier"
            check_health(self.device)
            verdict, raw, reads = self._settled_read(inst, att)
            check_health(self.device)
            att.verifier = VerifierRecord(
                success=verdict.success, reasons=verdict.reasons, evidence=verdict.evidence, snapshot=raw,
                initial_snapshot=att.snapshots[0], history_snapshots=att.snapshots[1:], reads=reads,
            )
            done = att.agent_done or att.stop_reason == "early_stop"
            att.status = Status.VALID_SUCCESS if (verdict.success and done) else Status.VALID_FAILURE
            if verdict.success and not done:
                att.verifier.reasons.append("state is correct but the agent never ended the episode "
                                            "(budget exhausted without terminate/answer)")
        except Exception as exc:  # noqa: BLE001 — every error is classified, none is swallowed
            att.status = status_for_exception(exc, att.phase)
            att.exception = ExceptionInfo(phase=att.phase, type=f"{type(exc).__module__}.{type(exc).__qualname__}",
                                          message=str(exc), cause=cause_for_exception(exc),
                                          retryable=getattr(exc, "retryable", True),
                                          traceback=traceback.format_exc())
            if isinstance(exc, PlanUnavailableError):  # declared C2 without a usable plan: condition not met
                provenance = provenance.model_copy(update={"condition_valid": False, "condition_problems": [str(exc)]})
            if att.status is Status.VALID_FAILURE:
                att.stop_reason = "agent_output_error"
                raw_output = getattr(exc, "raw_output", None)
                att.steps.append(StepRecord(index=len(att.steps), action={"action": "invalid_output"},
                                            raw_output=raw_output,
                                            agent_extra={"raw_outputs": getattr(exc, "raw_outputs", None)}))
        finally:
            self._teardown(inst, att, isolated)
        return EpisodeRecord(
            test_id=inst.test_id, status=att.status, goal=inst.goal, prompt_goal=prompt.prompt_goal,
            plan=prompt.plan, answer=att.answer, agent_done=att.agent_done, terminate_status=att.terminate_status,
            stop_reason=att.stop_reason, steps=att.steps, verifier=att.verifier, exception=att.exception,
            provenance=provenance, duration_s=time.monotonic() - att.started,
        )

    def _loop(self, inst: PairInstance, att: _Attempt, prompt_goal: str) -> None:
        """Steps until the agent ends the episode, the budget runs out, or early stop fires.

        The early-stop read only decides when to stop; the score is always the final settled read.
        """
        template = inst.pair.template
        budget = template.step_budget
        for index in range(budget):
            self._check_timeout(att)
            att.phase = "observe"
            t = time.monotonic()
            png = self.device.screenshot_png()
            xml = self.device.ui_dump()
            elements = parse_ui_dump(xml)
            observe_s = time.monotonic() - t
            step = StepRecord(index=index, action={}, observe_s=observe_s)
            if self.options.save_screens:
                step.screenshot, step.ui_dump = self._save_screen(att, index, png, xml)

            att.phase = "agent"
            t = time.monotonic()
            decision: AgentStep = self.agent.step(Observation(
                goal=prompt_goal, screenshot_png=png, screen_size=SCREEN_SIZE, ui_elements=elements,
                history=list(att.history), step_index=index, step_budget=budget,
            ))
            step.agent_s = time.monotonic() - t
            action = decision.action
            step.action = action.model_dump(exclude_none=True)
            step.raw_output, step.thought = decision.raw_output, decision.thought
            step.usage = decision.usage.model_dump() if decision.usage else None
            step.model_latency_s, step.model_calls = decision.model_latency_s, decision.model_calls
            step.agent_extra = decision.extra
            att.steps.append(step)
            att.history.append(HistoryEntry(step_index=index, action=action, raw_output=decision.raw_output))

            att.phase = "actuate"
            t = time.monotonic()
            result = actuate(self.device, action, size=SCREEN_SIZE, wait_s=self.options.wait_s)
            if result.note:
                step.action = step.action | {"actuation_note": result.note}
            if self.options.post_action_s:
                time.sleep(self.options.post_action_s)
            check_health(self.device)
            step.actuate_s = time.monotonic() - t

            if action.ends_episode:
                self._finish_by_agent(att, action)
                return
            if self.options.early_stop or template.uses_latch:
                att.phase = "verifier"
                t = time.monotonic()
                raw = self._read(inst.pair.adapter)
                verdict = self._check(inst, att, raw)
                att.snapshots.append(raw)
                step.verify_s = time.monotonic() - t
                step.early_stop_success = verdict.success
                if verdict.success and self.options.early_stop:
                    att.stop_reason = "early_stop"
                    return
        att.stop_reason = "step_budget"

    @staticmethod
    def _finish_by_agent(att: _Attempt, action: Action) -> None:
        att.agent_done = True
        if action.action == "answer":
            att.answer = action.text
            att.stop_reason = "answer"
        else:
            att.terminate_status = action.status
            att.stop_reason = f"terminate:{action.status or 'unspecified'}"

    def _settled_read(self, inst: PairInstance, att: _Attempt) -> tuple[Verdict, RawSnapshot, int]:
        """Up to N reads, stopping at the first success (apps may write a moment after the last input)."""
        verdict: Verdict | None = None
        raw: RawSnapshot = {}
        for read in range(1, self.options.settle_attempts + 1):
            raw = self._read(inst.pair.adapter)
            verdict = self._check(inst, att, raw)
            if verdict.success or read == self.options.settle_attempts:
                return verdict, raw, read
            time.sleep(self.options.settle_interval_s)
        raise AssertionError("unreachable")  # pragma: no cover

    def _read(self, adapter: Any) -> RawSnapshot:
        try:
            return adapter.read_raw(self.device)
        except VerifierReadError:
            raise
        except Exception as exc:
            raise VerifierReadError(f"state read failed: {exc}") from exc

    def _check(self, inst: PairInstance, att: _Attempt, raw: RawSnapshot) -> Verdict:
        adapter = inst.pair.adapter
        try:
            state = adapter.parse(raw)
            history = [adapter.parse(s) for s in att.snapshots]
        except Exception as exc:
            raise VerifierReadError(f"state snapshot could not be parsed: {exc}") from exc
        return inst.pair.check(inst.params, state, history, att.answer)

    def _check_timeout(self, att: _Attempt) -> None:
        limit = self.options.task_timeout_s
        if limit and time.monotonic() - att.started > limit:
            raise EpisodeTimeoutError(f"episode exceeded --task-timeout={limit}s")

    def _save_screen(self, att: _Attempt, index: int, png: bytes, xml: str) -> tuple[str, str]:
        png_path = att.art_dir / f"step-{index:03d}.png"
        xml_path = att.art_dir / f"step-{index:03d}.xml"
        atomic_write_bytes(png_path, png)
        atomic_write_text(xml_path, xml)
        root = att.art_dir.parent
        return str(png_path.relative_to(root)), str(xml_path.relative_to(root))

    def _teardown(self, inst: PairInstance, att: _Attempt, isolated: bool) -> None:
        """Always undo isolation. A teardown error invalidates a valid attempt, never hides a primary error."""
        app = inst.pair.app
        try:
            inst.pair.adapter.teardown(self.device)
            if isolated:
                lifecycle.restore(self.device, app, self.installed.packages(), self.options.pm_timeout_s)
        except Exception as exc:  # noqa: BLE001
            if att.exception is None:
                att.status = Status.INVALID
                att.exception = ExceptionInfo(phase="teardown", type=type(exc).__qualname__, message=str(exc),
                                              cause=cause_for_exception(exc), traceback=traceback.format_exc())

    # -- provenance ----------------------------------------------------------------------------
    def _provenance(self, inst: PairInstance, node_id: str) -> Provenance:
        ident = inst.identity()
        app, template = inst.pair.app, inst.pair.template
        return self.base.model_copy(update={
            "node_id": node_id, "device_serial": self.device.serial,
            "app_id": app.app_id, "app_display_name": app.display_name, "package": app.package,
            "is_original": app.is_original,
            "pinned_version_name": app.version_name, "pinned_version_code": app.version_code,
            "apk_sha256": app.apk_sha256, "category": app.category.value, "semantic_id": template.semantic_id,
            "template_origin": template.origin, "seed": inst.seed, "n_instances": self.options.n_instances,
            "instance": inst.instance, "instance_seed": ident["instance_seed"], "params": inst.params,
            "semantic_parameter_sha256": ident["semantic_parameter_sha256"], "semantic_goal": inst.semantic_goal,
            "semantic_goal_sha256": ident["semantic_goal_sha256"], "condition": self.options.condition,
            "step_budget": template.step_budget, "early_stop": self.options.early_stop,
        })


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
