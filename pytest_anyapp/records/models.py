"""pydantic models of ``episode.json``. Bump ``SCHEMA_VERSION`` on any change of the written shape.

Version history (every earlier version still loads, see ``_upgrade_v1``, and re-scores):

1. flat ``Provenance``; ``attempts`` held only a step count, the steps of the last attempt were
   top-level ``steps``.
2. ``Provenance`` split into typed parts (run, agent, device, app, task, condition); every
   attempt keeps its own steps (top-level ``steps`` is the final attempt's, written for readers).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, computed_field, model_validator

from pytest_anyapp.agents.acting import ActingRecord
from pytest_anyapp.benchmark import UNVERSIONED
from pytest_anyapp.outcomes import Status

SCHEMA_VERSION = 2


class ExceptionInfo(BaseModel):
    phase: str
    type: str
    message: str
    cause: str
    retryable: bool = True
    traceback: str = ""


class StepRecord(BaseModel):
    index: int
    action: dict[str, Any]
    raw_output: str | None = None
    thought: str | None = None
    usage: dict[str, int] | None = None
    model_latency_s: float | None = None
    model_calls: int = 0
    observe_s: float = 0.0
    agent_s: float = 0.0
    actuate_s: float = 0.0
    verify_s: float = 0.0
    screenshot: str | None = Field(None, description="Path relative to the episode directory.")
    ui_dump: str | None = None
    early_stop_success: bool | None = None
    device_output: str | None = Field(None, description="What the device answered to this action (stdout+stderr), "
                                                        "kept when it refused it or said anything at all.")
    device_refused: str | None = Field(None, description="Why the device refused the action (read from its output).")
    device_commands: list[str] = Field(default_factory=list, description="The shell input the action became.")
    device_round_trips: int = Field(0, description="Device round trips from this step's observation to its "
                                                   "early-stop read (adb service requests and gRPC calls).")
    device_bytes: int = Field(0, description="Bytes sent and received on the device's adb and gRPC connections.")
    agent_extra: dict[str, Any] = Field(default_factory=dict, description="Adapter facts (AgentStep.extra).")


class VerifierRecord(BaseModel):
    """The final verifier read: verdict, evidence, and the raw snapshot it was computed from."""

    success: bool
    reasons: list[str] = Field(default_factory=list)
    evidence: dict[str, Any] = Field(default_factory=dict)
    snapshot: dict[str, list[str]] = Field(default_factory=dict, description="Raw rows/files read (re-scoring input).")
    initial_snapshot: dict[str, list[str]] = Field(default_factory=dict, description="Read right after seeding.")
    history_snapshots: list[dict[str, list[str]]] = Field(default_factory=list, description="Early-stop reads.")
    reads: int = 1
    validation_mode: str | None = Field(None, description="durable / ui / answer, as the verdict declared it.")


class PlanInfo(BaseModel):
    """C2 provenance: enough to re-audit the condition without the plan file."""

    plan_key: str
    plan_text: str
    plan_sha256: str
    plan_file: str
    plan_file_sha256: str
    plan_mode: str
    generator_provider: str | None = None
    generator_model: str | None = None


# -- provenance, in typed parts ------------------------------------------------------------------
class RunInfo(BaseModel):
    """The run and the code that made it."""

    run_id: str = ""
    worker_id: str = ""
    code_revision: str = ""
    code_dirty: bool | None = None
    harness_version: str = ""
    benchmark_version: str = Field(UNVERSIONED, description="What the score means (pytest_anyapp.benchmark, "
                                                            "CHANGELOG.md); records without it are version 1.")
    python_version: str = ""
    cohort_sha256: str = ""
    seed: int = 30
    n_instances: int = 3
    options: dict[str, Any] = Field(default_factory=dict, description="Run options that affect scoring.")
    analysis_eligible: bool = True
    ineligible_reasons: list[str] = Field(default_factory=list)
    env_preflight_skipped: bool = Field(False, description="CATBENCH_SKIP_AW_ENV_PREFLIGHT=1 was set.")
    schedule_sha256: str = Field("", description="sha256 of the frozen schedule manifest run (--schedule).")
    app_attestation_sha256: str = Field("", description="sha256 of the installed-app attestation (--app-attestation).")
    validity_report_sha256: str = Field("", description="sha256 of the lanes' validity report (--validity-report).")


class AgentIdentity(BaseModel):
    name: str = ""
    model_id: str | None = None
    model_revision: str | None = None
    model: dict[str, Any] = Field(default_factory=dict, description="Agent.describe(): config sha256, endpoint ...")
    privileged: bool = Field(False, description="Received the gold task (oracle, replay) through the privileged "
                                                "channel; model and custom agents never do.")


class DeviceInfo(BaseModel):
    kind: str = Field("", description="Measured from the device: sim (ro.anyapp.simulated=1) or emulator.")
    requested_kind: str = Field("", description="What --device / CATBENCH_EMULATORS asked for.")
    serial: str = ""
    build_fingerprint: str = Field("", description="ro.build.fingerprint of the lane.")
    screenshot_source: str = Field("", description="grpc, or screencap (with why gRPC was given up).")
    lane_preflight: dict[str, str] = Field(default_factory=dict, description="App checks of this lane at start.")


class AppIdentity(BaseModel):
    app_id: str = ""
    display_name: str = ""
    package: str = ""
    category: str = ""
    is_original: bool | None = None
    pinned_version_name: str | None = None
    pinned_version_code: int | None = None
    apk_sha256: str | None = Field(None, description="Pinned sha256 from the catalog, where known.")
    version_name: str | None = Field(None, description="Installed version name, as the device reports it.")
    version_code: int | None = None
    installed_apk_sha256: str | None = Field(None, description="sha256 of the installed base APK, if readable.")


class TaskIdentity(BaseModel):
    semantic_id: str = ""
    template_origin: str = ""
    instance: int = 0
    instance_seed: int = 0
    params: dict[str, Any] = Field(default_factory=dict)
    semantic_parameter_sha256: str = ""
    semantic_goal: str = ""
    semantic_goal_sha256: str = ""
    step_budget: int = 0
    validation_mode: str | None = Field(None, description="durable / ui / answer (the pair's, where declared).")


class ConditionInfo(BaseModel):
    name: str = "c1"
    valid: bool = True
    problems: list[str] = Field(default_factory=list)


#: Where each field of the flat version-1 ``Provenance`` lives now.
_V1_PROVENANCE: dict[str, tuple[str, str]] = {
    "code_revision": ("run", "code_revision"), "code_dirty": ("run", "code_dirty"),
    "harness_version": ("run", "harness_version"), "python_version": ("run", "python_version"),
    "run_id": ("run", "run_id"), "worker_id": ("run", "worker_id"), "cohort_sha256": ("run", "cohort_sha256"),
    "seed": ("run", "seed"), "n_instances": ("run", "n_instances"), "options": ("run", "options"),
    "device_kind": ("device", "kind"), "device_serial": ("device", "serial"),
    "screenshot_source": ("device", "screenshot_source"), "lane_preflight": ("device", "lane_preflight"),
    "agent_name": ("agent", "name"), "model": ("agent", "model"),
    "app_id": ("app", "app_id"), "app_display_name": ("app", "display_name"), "is_original": ("app", "is_original"),
    "package": ("app", "package"), "category": ("app", "category"),
    "app_version_name": ("app", "version_name"), "app_version_code": ("app", "version_code"),
    "pinned_version_name": ("app", "pinned_version_name"), "pinned_version_code": ("app", "pinned_version_code"),
    "apk_sha256": ("app", "apk_sha256"), "installed_apk_sha256": ("app", "installed_apk_sha256"),
    "semantic_id": ("task", "semantic_id"), "template_origin": ("task", "template_origin"),
    "instance": ("task", "instance"), "instance_seed": ("task", "instance_seed"), "params": ("task", "params"),
    "semantic_parameter_sha256": ("task", "semantic_parameter_sha256"), "semantic_goal": ("task", "semantic_goal"),
    "semantic_goal_sha256": ("task", "semantic_goal_sha256"), "step_budget": ("task", "step_budget"),
    "condition": ("condition", "name"), "condition_valid": ("condition", "valid"),
    "condition_problems": ("condition", "problems"),
    "early_stop": ("", ""),  # also in run.options
}


class Provenance(BaseModel):
    """Who ran what, where, under which condition: the typed parts of an episode's identity."""

    node_id: str = ""
    run: RunInfo = Field(default_factory=RunInfo)
    agent: AgentIdentity = Field(default_factory=AgentIdentity)
    device: DeviceInfo = Field(default_factory=DeviceInfo)
    app: AppIdentity = Field(default_factory=AppIdentity)
    task: TaskIdentity = Field(default_factory=TaskIdentity)
    condition: ConditionInfo = Field(default_factory=ConditionInfo)

    @model_validator(mode="before")
    @classmethod
    def _nest_flat(cls, data: Any) -> Any:
        """Accept the flat version-1 shape (old records, and flat keyword construction)."""
        def flat(key: str, value: Any) -> bool:
            return key in _V1_PROVENANCE and not (key == "condition" and not isinstance(value, str))

        if not isinstance(data, dict) or not any(flat(k, v) for k, v in data.items()):
            return data
        nested: dict[str, Any] = {}
        for key, value in data.items():
            where = _V1_PROVENANCE.get(key)
            if not flat(key, value) or where is None:
                if isinstance(value, dict) and isinstance(nested.get(key), dict):
                    nested[key] = {**value, **nested[key]}
                else:
                    nested[key] = value
            elif where[0]:
                part = nested.setdefault(where[0], {})
                if isinstance(part, dict):
                    part[where[1]] = value
        agent = nested.get("agent")
        if isinstance(agent, dict) and isinstance(agent.get("model"), dict):
            agent.setdefault("model_id", agent["model"].get("model_id"))
            agent.setdefault("model_revision", agent["model"].get("model_revision"))
        return nested


class AttemptRecord(BaseModel):
    """One try of the episode with its own steps; infrastructure failures are retried from a fresh reset."""

    attempt: int
    status: Status
    exception: ExceptionInfo | None = None
    steps: list[StepRecord] = Field(default_factory=list)
    n_steps: int = 0
    stop_reason: str = ""
    duration_s: float = 0.0


def _upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: attempts held a step count; the last attempt's steps were top-level."""
    data = dict(data)
    top_steps = data.pop("steps", None) or []
    attempts = [dict(a) for a in data.get("attempts") or []]
    for a in attempts:
        count = a.get("steps")
        a["n_steps"] = count if isinstance(count, int) else 0
        a["steps"] = []  # v1 kept no steps of earlier attempts
    if attempts:
        attempts[-1]["steps"] = top_steps
        attempts[-1]["n_steps"] = len(top_steps)
        attempts[-1].setdefault("stop_reason", data.get("stop_reason", ""))
    elif top_steps:
        attempts = [{"attempt": 1, "status": data.get("status"), "exception": data.get("exception"),
                     "steps": top_steps, "n_steps": len(top_steps), "stop_reason": data.get("stop_reason", "")}]
    data["attempts"] = attempts
    data["schema_version"] = data.get("schema_version", 1)
    return data


class EpisodeRecord(BaseModel):
    """One episode: final outcome (status, verifier read, exception), every attempt, provenance.

    ``schema_version`` is the version the record was written with; loading upgrades older shapes.
    """

    schema_version: int = SCHEMA_VERSION
    test_id: str
    status: Status
    final: bool = Field(True, description="False only while the episode is being written.")
    goal: str
    prompt_goal: str
    plan: PlanInfo | None = None
    answer: str | None = None
    agent_done: bool = False
    terminate_status: str | None = None
    stop_reason: str = ""
    verifier: VerifierRecord | None = None
    exception: ExceptionInfo | None = None
    attempts: list[AttemptRecord] = Field(default_factory=list)
    provenance: Provenance
    acting: ActingRecord | None = Field(None, description="Executor semantics, settle time and screen size "
                                                          "this episode ran with (Agent.acting(), resolved).")
    started_at: str = ""
    finished_at: str = ""
    duration_s: float = 0.0

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        if isinstance(data, dict) and int(data.get("schema_version", SCHEMA_VERSION)) < 2:
            return _upgrade_v1(data)
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def steps(self) -> list[StepRecord]:
        """The final attempt's steps (written to the file for readers; ignored when loading)."""
        return self.attempts[-1].steps if self.attempts else []

    def summary(self) -> dict[str, Any]:
        """The compact block attached to the pytest-json-report entry: enough to pair apps and
        conditions from the JSON file alone."""
        p = self.provenance
        return {
            "test_id": self.test_id,
            "status": self.status.value,
            "category": p.app.category,
            "app_id": p.app.app_id,
            "is_original": p.app.is_original,
            "app_version_name": p.app.version_name,
            "app_version_code": p.app.version_code,
            "apk_sha256": p.app.installed_apk_sha256 or p.app.apk_sha256,
            "semantic_id": p.task.semantic_id,
            "instance": p.task.instance,
            "instance_seed": p.task.instance_seed,
            "semantic_parameter_sha256": p.task.semantic_parameter_sha256,
            "semantic_goal_sha256": p.task.semantic_goal_sha256,
            "validation_mode": (self.verifier.validation_mode if self.verifier and self.verifier.validation_mode
                                else p.task.validation_mode),
            "condition": p.condition.name,
            "condition_valid": p.condition.valid,
            "plan_sha256": self.plan.plan_sha256 if self.plan else None,
            "plan_provider": self.plan.generator_provider if self.plan else None,
            "agent": p.agent.name,
            "model_id": p.agent.model_id,
            "model_revision": p.agent.model_revision,
            "device_kind": p.device.kind,
            "run_id": p.run.run_id,
            "code_revision": p.run.code_revision,
            "benchmark_version": p.run.benchmark_version,
            "analysis_eligible": p.run.analysis_eligible,
            "steps": len(self.steps),
            "attempts": len(self.attempts),
            "stop_reason": self.stop_reason,
            "terminate_status": self.terminate_status,
            "max_invalid_share": p.run.options.get("max_invalid_share"),
            "verifier": None if self.verifier is None else {
                "success": self.verifier.success, "reasons": self.verifier.reasons,
            },
            "exception": None if self.exception is None else self.exception.model_dump(exclude={"traceback"}),
            "duration_s": round(self.duration_s, 3),
        }
