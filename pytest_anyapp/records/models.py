"""pydantic models of ``episode.json``. Bump ``SCHEMA_VERSION`` on any incompatible change."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.outcomes import Status

SCHEMA_VERSION = 1


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


class Provenance(BaseModel):
    code_revision: str = ""
    code_dirty: bool | None = None
    harness_version: str = ""
    python_version: str = ""
    run_id: str = ""
    node_id: str = ""
    worker_id: str = ""
    device_kind: str = ""
    device_serial: str = ""
    agent_name: str = ""
    model: dict[str, Any] = Field(default_factory=dict, description="Model id, config sha256, endpoint model ...")
    app_id: str = ""
    app_display_name: str = ""
    is_original: bool | None = None
    package: str = ""
    app_version_name: str | None = None
    app_version_code: int | None = None
    pinned_version_name: str | None = None
    pinned_version_code: int | None = None
    apk_sha256: str | None = Field(None, description="Pinned sha256 from the catalog, where known.")
    installed_apk_sha256: str | None = Field(None, description="sha256 of the installed base APK, if readable.")
    category: str = ""
    semantic_id: str = ""
    template_origin: str = ""
    cohort_sha256: str = ""
    seed: int = 30
    n_instances: int = 3
    instance: int = 0
    instance_seed: int = 0
    params: dict[str, Any] = Field(default_factory=dict)
    semantic_parameter_sha256: str = ""
    semantic_goal: str = ""
    semantic_goal_sha256: str = ""
    condition: str = "c1"
    condition_valid: bool = True
    condition_problems: list[str] = Field(default_factory=list)
    step_budget: int = 0
    early_stop: bool = True
    options: dict[str, Any] = Field(default_factory=dict, description="Run options that affect scoring.")
    screenshot_source: str = Field("", description="grpc, or screencap (with why gRPC was given up).")
    lane_preflight: dict[str, str] = Field(default_factory=dict, description="App checks of this lane at start.")


class AttemptRecord(BaseModel):
    """One try of the episode; infrastructure failures are retried with a fresh reset."""

    attempt: int
    status: Status
    exception: ExceptionInfo | None = None
    steps: int = 0
    duration_s: float = 0.0


class EpisodeRecord(BaseModel):
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
    steps: list[StepRecord] = Field(default_factory=list)
    verifier: VerifierRecord | None = None
    exception: ExceptionInfo | None = None
    attempts: list[AttemptRecord] = Field(default_factory=list)
    provenance: Provenance
    started_at: str = ""
    finished_at: str = ""
    duration_s: float = 0.0

    def summary(self) -> dict[str, Any]:
        """The compact block attached to the pytest-json-report entry."""
        return {
            "test_id": self.test_id,
            "status": self.status.value,
            "category": self.provenance.category,
            "app_id": self.provenance.app_id,
            "is_original": self.provenance.is_original,
            "semantic_id": self.provenance.semantic_id,
            "instance": self.provenance.instance,
            "condition": self.provenance.condition,
            "condition_valid": self.provenance.condition_valid,
            "agent": self.provenance.agent_name,
            "steps": len(self.steps),
            "attempts": len(self.attempts),
            "stop_reason": self.stop_reason,
            "verifier": None if self.verifier is None else {
                "success": self.verifier.success, "reasons": self.verifier.reasons,
            },
            "exception": None if self.exception is None else self.exception.model_dump(exclude={"traceback"}),
            "duration_s": round(self.duration_s, 3),
        }
