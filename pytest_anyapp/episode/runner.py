"""The episode loop: reset, observe, agent step, actuate, health check, early stop, final read.

An episode is tried until it ends with a valid status or the infrastructure retry budget is
spent; every attempt starts from a fresh reset and keeps its own steps in the record. Genuine
failures are never retried. Who is to blame for an exception is ``outcomes.attribute``'s call;
what the device answers to an agent's action is recorded on its step and never an exception.

Device round trips are spent sparingly (docs/performance.md): a step fetches only what the agent
observes (``Agent.observes``) and what records keep; the health probe rides along with the
early-stop read (or the relaunch, or the final read) instead of a round trip of its own.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pytest_anyapp.agents.acting import resolve
from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import AgentStep, EpisodeContext, HistoryEntry, Observation, PrivilegedAgent, TaskInfo
from pytest_anyapp.agents.registry import ResolvedAgent
from pytest_anyapp.atomic import atomic_write_bytes
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
from pytest_anyapp.device.adb_link import WireMeter
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.device.screen import measure_screen, screenshot_size
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode import lifecycle
from pytest_anyapp.episode.actuate import actuate
from pytest_anyapp.errors import (
    EndpointCircuitOpenError,
    EpisodeTimeoutError,
    Phase,
    VerifierReadError,
)
from pytest_anyapp.options import RunOptions
from pytest_anyapp.outcomes import Status, attribute, should_retry
from pytest_anyapp.records.builder import AttemptOutcome, InstalledApp, LaneParts, build_record
from pytest_anyapp.records.models import ConditionInfo, EpisodeRecord, ExceptionInfo, PlanInfo, StepRecord, VerifierRecord
from pytest_anyapp.records.store import RunStore
from pytest_anyapp.registry import PairInstance
from pytest_anyapp.templates.base import Verdict
from verifiers.base import RawSnapshot

#: Causes a dead device produces: after one of these the lane's liveness is checked before a retry.
DEAD_LANE_CAUSES = frozenset({"device", "device_health", "verifier_read"})
#: The benchmark's frozen device time, 2023-10-15 15:34:00 UTC (as AndroidWorld).
FROZEN_EPOCH_S = FROZEN_DEVICE_TIME_S


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

    got = resolve(inst, options.condition, options.plan_file, options.plan_mode, required=options.plan_required)
    return PromptResolution(prompt_goal=got.prompt_goal, plan=got.plan, condition_valid=got.condition_valid,
                            problems=list(got.problems))


@dataclass
class EndpointBreaker:
    """Open once a model endpoint failed for good on this worker: later episodes do not call it."""

    tripped_by: str | None = None
    reason: str = ""

    def trip(self, test_id: str, reason: str) -> None:
        if self.tripped_by is None:
            self.tripped_by, self.reason = test_id, reason

    def check(self) -> None:
        if self.tripped_by is not None:
            raise EndpointCircuitOpenError(
                f"circuit breaker open: the model endpoint failed in {self.tripped_by} ({self.reason[:200]}); "
                "this episode was not run")


@dataclass
class _Attempt:
    """Mutable state of one attempt (the runner's scratch; ``outcome`` is what is kept)."""

    outcome: AttemptOutcome
    art_dir: Path
    phase: Phase = "initialize"
    history: list[HistoryEntry] = field(default_factory=list)
    snapshots: list[RawSnapshot] = field(default_factory=list)
    agent_acted: bool = False
    started: float = field(default_factory=time.monotonic)
    #: When the device last got input (relaunch, an action): the settle window counts from here.
    last_input: float = field(default_factory=time.monotonic)


class EpisodeRunner:
    """Runs pair instances on one device lane with one agent."""

    def __init__(self, device: DeviceClient, agent: ResolvedAgent, options: RunOptions, store: RunStore,
                 lane: LaneParts, *, installed: lifecycle.InstalledApps | None = None,
                 breaker: EndpointBreaker | None = None, recover_lane: Callable[[], None] | None = None) -> None:
        self.device = device
        self.resolved = agent
        self.agent = agent.agent
        #: Called before an infrastructure retry whose failure a dead device could explain: makes
        #: sure the lane answers (recovering it and calling ``rebind``), or raises ``LaneLostError``.
        self.recover_lane = recover_lane
        self.options = options
        self.store = store
        self.lane = lane
        self.installed = installed or lifecycle.InstalledApps(device)
        self.breaker = breaker or EndpointBreaker()
        self._screen: tuple[int, int] | None = None
        observes = agent.agent.observes
        #: What each step fetches: what the agent looks at, plus what the records keep.
        self.fetch_screenshot = "screenshot" in observes or options.save_screens
        self.fetch_ui_tree = "ui_tree" in observes or options.save_ui_tree

    @property
    def screen(self) -> tuple[int, int]:
        """The lane's screen, measured once (``wm size``); every screenshot is checked against it."""
        if self._screen is None:
            self._screen = measure_screen(self.device)
        return self._screen

    # -- public ------------------------------------------------------------------------------
    def run(self, inst: PairInstance, *, node_id: str = "") -> EpisodeRecord:
        started_at = _now_iso()
        t0 = time.monotonic()
        # a killed worker leaves this non-final record behind
        self.store.write(build_record(inst, self.lane, node_id=node_id, attempts=[], final=False,
                                      started_at=started_at))
        attempts: list[AttemptOutcome] = []
        for number in range(1, self.options.infra_retries + 2):
            outcome = self._attempt(inst, number)
            attempts.append(outcome)
            exc = outcome.exception
            if exc is not None and exc.cause == "model_endpoint":
                self.breaker.trip(inst.test_id, exc.message)
            if self.breaker.tripped_by is not None or not should_retry(outcome.status,
                                                                        exc.retryable if exc else True):
                break
            if self.recover_lane is not None and exc is not None and exc.cause in DEAD_LANE_CAUSES \
                    and number <= self.options.infra_retries:
                self.recover_lane()
        source = "screencap" if self.device.lane.grpc_port is None else "grpc"
        if self.device.grpc_failed:
            source = f"screencap (gRPC failed: {self.device.grpc_failed})"
        record = build_record(inst, self.lane, node_id=node_id, attempts=attempts, final=True,
                              started_at=started_at, finished_at=_now_iso(), duration_s=time.monotonic() - t0,
                              screenshot_source=source)
        self.store.write(record)
        return record

    def rebind(self, device: DeviceClient, installed: lifecycle.InstalledApps, lane: LaneParts) -> None:
        """Continue on a recovered lane (a fresh device, or the same one reconnected)."""
        self.device, self.installed, self.lane = device, installed, lane

    # -- one attempt ---------------------------------------------------------------------------
    def _attempt(self, inst: PairInstance, number: int) -> AttemptOutcome:
        att = _Attempt(outcome=AttemptOutcome(number=number, prompt_goal=inst.goal),
                       art_dir=self.store.episode_dir(inst.test_id) / f"attempt-{number}")
        out = att.outcome
        app, adapter, template = inst.pair.app, inst.pair.adapter, inst.pair.template
        if self.breaker.tripped_by is not None:  # no reset, no device work: the endpoint is known dead
            try:
                self.breaker.check()
            except EndpointCircuitOpenError as exc:
                self._record_exception(att, exc)
            return out
        isolated = False
        try:
            prompt = resolve_prompt(inst, self.options)
            out.prompt_goal, out.plan = prompt.prompt_goal, prompt.plan
            out.condition = ConditionInfo(name=self.options.condition, valid=prompt.condition_valid,
                                          problems=prompt.problems)
            version = self.installed.require(app)
            if self.options.validity_report is not None:
                from pytest_anyapp.lab.validate import require_valid_on_image

                require_valid_on_image(self.options.validity_report, inst.pair)
            out.installed = InstalledApp(version_name=version[0] if version else None,
                                         version_code=version[1] if version else None,
                                         apk_sha256=self.installed.apk_sha256(app.package))
            isolated = True  # before, not after: a half-done isolation must be undone too
            lifecycle.prepare_app(self.device, app, self.installed, clear=adapter.clear_on_init,
                                  permissions=adapter.runtime_permissions, app_ops=adapter.app_ops,
                                  epoch_s=FROZEN_EPOCH_S,
                                  timeout_s=self.options.pm_timeout_s)
            adapter.setup(self.device)
            adapter.seed(self.device, template.initial_state(inst.params))
            att.snapshots.append(self._read(adapter))
            self.device.defer_health()  # rides along with the relaunch
            if not adapter.seeds_live_app:  # else seed relaunched it and left in-memory state to keep
                lifecycle.relaunch(self.device, app.package)
            att.last_input = time.monotonic()
            self.device.settle_health()

            out.acting = resolve(self.agent.acting(), device_kind=self.lane.device.kind or self.options.device,
                                 screen_size=self.screen, settle_override_s=self.options.post_action_s,
                                 wait_default_s=self.options.wait_s)
            att.phase = "agent"
            self._reset_agent(inst, prompt.prompt_goal)
            self._loop(inst, att, prompt.prompt_goal)

            # The loop settled the health probe after the last input; the final read carries its own.
            att.phase = "verifier"
            verdict, raw, reads = self._settled_read(inst, att)
            out.verifier = VerifierRecord(
                success=verdict.success, reasons=verdict.reasons, evidence=verdict.evidence, snapshot=raw,
                initial_snapshot=att.snapshots[0], history_snapshots=att.snapshots[1:], reads=reads,
                validation_mode=_validation_mode(verdict),
            )
            done = out.agent_done or out.stop_reason == "early_stop"
            out.status = Status.VALID_SUCCESS if (verdict.success and done) else Status.VALID_FAILURE
            if verdict.success and not done:
                out.verifier.reasons.append("state is correct but the agent never ended the episode "
                                            "(budget exhausted without terminate/answer)")
        except Exception as exc:  # noqa: BLE001 — every error is attributed, none is swallowed
            self._record_exception(att, exc)
        finally:
            self._teardown(inst, att, isolated)
            out.duration_s = time.monotonic() - att.started
        return out

    def _record_exception(self, att: _Attempt, exc: BaseException) -> None:
        out = att.outcome
        verdict_of = attribute(exc, att.phase, agent_acted=att.agent_acted, user_agent=self.resolved.user_agent)
        out.status = verdict_of.status
        out.exception = ExceptionInfo(phase=att.phase, type=f"{type(exc).__module__}.{type(exc).__qualname__}",
                                      message=str(exc), cause=verdict_of.cause, retryable=verdict_of.retryable,
                                      traceback="".join(traceback.format_exception(exc)))
        if verdict_of.cause in ("plan_unavailable", "condition_mismatch"):  # declared condition not met
            out.condition = ConditionInfo(name=self.options.condition, valid=False, problems=[str(exc)])
        if out.status is Status.VALID_FAILURE:
            out.stop_reason = "agent_exception" if verdict_of.cause == "agent_exception" else "agent_output_error"
            out.steps.append(StepRecord(index=len(out.steps), action={"action": "invalid_output"},
                                        raw_output=getattr(exc, "raw_output", None),
                                        agent_extra={"raw_outputs": getattr(exc, "raw_outputs", None)}))

    def _reset_agent(self, inst: PairInstance, prompt_goal: str) -> None:
        """Model and custom agents get what a user would be told; only built-in privileged agents
        (oracle, replay) also get the gold task, through ``reset_privileged``."""
        template, app = inst.pair.template, inst.pair.app
        context = EpisodeContext(prompt_goal=prompt_goal, step_budget=template.step_budget,
                                 condition=self.options.condition)
        if self.resolved.privileged and isinstance(self.agent, PrivilegedAgent):
            self.agent.reset_privileged(context, TaskInfo(
                semantic_id=template.semantic_id, app_id=app.app_id, app_display_name=app.display_name,
                package=app.package, category=app.category.value, instance=inst.instance, params=inst.params,
                run_id=self.store.run_id))
        else:
            self.agent.reset(context)

    def _loop(self, inst: PairInstance, att: _Attempt, prompt_goal: str) -> None:
        """Steps until the agent ends the episode, the budget runs out, or early stop fires
        (never on a ``ui`` pair).

        The early-stop read only decides when to stop; the score is always the final settled read.
        """
        template = inst.pair.template
        out = att.outcome
        budget = template.step_budget
        # A `ui` pair's outcome is the screen: the agent must end the episode with it on screen,
        # or any transient passing screen (a lucky tap) would be credited. Durable pairs keep it.
        early_stop = self.options.early_stop and inst.pair.mode.mode != "ui"
        acting = out.acting
        assert acting is not None
        for index in range(budget):
            self._check_timeout(att)
            att.phase = "observe"
            wire0 = self.device.wire.snapshot()
            t = time.monotonic()
            png = self.device.screenshot_png() if self.fetch_screenshot else b""
            size = screenshot_size(png, self.screen) if png else self.screen  # rotation flows through
            xml = self.device.ui_dump() if self.fetch_ui_tree else None
            elements = parse_ui_dump(xml) if xml is not None and "ui_tree" in self.agent.observes else []
            observe_s = time.monotonic() - t
            step = StepRecord(index=index, action={}, observe_s=observe_s)
            if self.options.save_screens and png:
                step.screenshot = self._save_artifact(att, f"step-{index:03d}.png", png)
            if self.options.save_ui_tree and xml is not None:
                step.ui_dump = self._save_artifact(att, f"step-{index:03d}.xml", xml.encode("utf-8"))

            att.phase = "agent"
            t = time.monotonic()
            decision: AgentStep = self.agent.step(Observation(
                goal=prompt_goal, screenshot_png=png, screen_size=size, ui_elements=elements,
                history=list(att.history), step_index=index, step_budget=budget,
            ))
            step.agent_s = time.monotonic() - t
            action = decision.action
            step.action = action.model_dump(exclude_none=True)
            step.raw_output, step.thought = decision.raw_output, decision.thought
            step.usage = decision.usage.model_dump() if decision.usage else None
            step.model_latency_s, step.model_calls = decision.model_latency_s, decision.model_calls
            step.agent_extra = decision.extra
            out.steps.append(step)
            att.history.append(HistoryEntry(step_index=index, action=action, raw_output=decision.raw_output))

            att.phase = "actuate"
            t = time.monotonic()
            att.agent_acted = True
            result = actuate(self.device, action, size=size, wait_s=acting.wait_action_s,
                             enter_after_type=acting.enter_after_type, swipe_ms=acting.swipe_duration_ms)
            step.device_commands = result.commands
            if result.commands:
                att.last_input = time.monotonic()
            if result.note:
                step.action = step.action | {"actuation_note": result.note}
            step.device_output = result.output or None
            step.device_refused = result.refused
            if acting.settle_s and not action.ends_episode:
                time.sleep(acting.settle_s)
            if action.ends_episode:  # terminate/answer: no input; the final read carries the probe
                step.actuate_s = time.monotonic() - t
                self._meter(step, wire0)
                self._finish_by_agent(out, action)
                return
            self.device.defer_health()
            read_each_step = (early_stop or template.uses_latch) and not inst.pair.adapter.reads_by_navigating
            if not read_each_step:
                self.device.settle_health()
            step.actuate_s = time.monotonic() - t
            if read_each_step:
                att.phase = "verifier"
                t = time.monotonic()
                raw = self._read_healthy(inst.pair.adapter)
                verdict = self._check(inst, att, raw)
                att.snapshots.append(raw)
                step.verify_s = time.monotonic() - t
                step.early_stop_success = verdict.success
            self._meter(step, wire0)
            if step.early_stop_success and early_stop:
                out.stop_reason = "early_stop"
                return
        out.stop_reason = "step_budget"

    def _meter(self, step: StepRecord, start: WireMeter) -> None:
        used = self.device.wire.snapshot() - start
        step.device_round_trips, step.device_bytes = used.device_round_trips, used.bytes

    @staticmethod
    def _finish_by_agent(out: AttemptOutcome, action: Action) -> None:
        out.agent_done = True
        if action.action == "answer":
            out.answer = action.text
            out.stop_reason = "answer"
        else:
            out.terminate_status = action.status
            out.stop_reason = f"terminate:{action.status or 'unspecified'}"

    def _settled_read(self, inst: PairInstance, att: _Attempt) -> tuple[Verdict, RawSnapshot, int]:
        """Reads until the first success, over the settle window after the device's last input
        (apps may write a moment after it): read k is due ``(k-1) x --settle-interval`` after that
        input, at most ``--settle-attempts`` reads, and a read whose due time an earlier read
        already passed is skipped (it could not see a later state). An episode the agent did not
        end cannot succeed (budget exhausted), so it gets one read. Each read carries the health probe."""
        verdict: Verdict | None = None
        raw: RawSnapshot = {}
        attempts = self.options.settle_attempts if att.outcome.agent_done or att.outcome.stop_reason == "early_stop" else 1
        reads = 0
        last_read_at: float | None = None
        for k in range(1, attempts + 1):
            due = att.last_input + (k - 1) * self.options.settle_interval_s
            if last_read_at is not None and last_read_at >= due:
                continue
            time.sleep(max(0.0, due - time.monotonic()))
            last_read_at = time.monotonic()
            self.device.defer_health()
            raw = self._read_healthy(inst.pair.adapter)
            verdict = self._check(inst, att, raw)
            reads += 1
            if verdict.success:
                break
        assert verdict is not None
        return verdict, raw, reads

    def _read_healthy(self, adapter: Any) -> RawSnapshot:
        """A verifier read that also settles the deferred health probe. An unhealthy device
        explains a failed read better than the read's own error, so its error wins."""
        try:
            raw = self._read(adapter)
        except Exception:
            self.device.settle_health()
            raise
        self.device.settle_health()
        return raw

    def _read(self, adapter: Any) -> RawSnapshot:
        try:
            raw: RawSnapshot = adapter.read_raw(self.device)
            return raw
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
        return inst.pair.check(inst.params, state, history, att.outcome.answer)

    def _check_timeout(self, att: _Attempt) -> None:
        limit = self.options.task_timeout_s
        if limit and time.monotonic() - att.started > limit:
            raise EpisodeTimeoutError(f"episode exceeded --task-timeout={limit}s")

    @staticmethod
    def _save_artifact(att: _Attempt, name: str, data: bytes) -> str:
        path = att.art_dir / name
        atomic_write_bytes(path, data)
        return str(path.relative_to(att.art_dir.parent))

    def _teardown(self, inst: PairInstance, att: _Attempt, isolated: bool) -> None:
        """Always undo isolation. A teardown error invalidates a valid attempt, never hides a primary error."""
        app = inst.pair.app
        out = att.outcome
        try:
            inst.pair.adapter.teardown(self.device)
            if isolated:
                lifecycle.restore(self.device, app, self.installed.packages(), self.options.pm_timeout_s)
        except Exception as exc:  # noqa: BLE001
            if out.exception is None:
                verdict_of = attribute(exc, "teardown")
                out.status = Status.INVALID
                out.exception = ExceptionInfo(phase="teardown", type=type(exc).__qualname__, message=str(exc),
                                              cause=verdict_of.cause, retryable=verdict_of.retryable,
                                              traceback=traceback.format_exc())


def _validation_mode(verdict: Verdict) -> str | None:
    """``durable`` / ``ui`` / ``answer`` where the verdict declares it (read defensively)."""
    mode = getattr(verdict, "validation_mode", None)
    return str(getattr(mode, "value", mode)) if mode else None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
