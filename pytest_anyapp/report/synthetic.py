"""Synthetic run directories for tests and ``benchmarks/bench_report.py`` / ``bench_site.py``.

Writes real ``episode.json`` records (``EpisodeRecord`` JSON) for a design of models x conditions x
replicate runs x categories x apps x templates x instances, with outcomes from a caller-supplied
function, so the report can be checked against independently computed numbers and timed at scale.
``write_runs`` writes plain record dicts (the report's golden tests); ``write_store_runs`` writes
typed records through the run store, so the runs verify and are analysis-eligible (the site).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_anyapp.benchmark import BENCHMARK_VERSION
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records import ledger
from pytest_anyapp.records.models import (
    SCHEMA_VERSION,
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
from pytest_anyapp.records.store import RunStore

#: outcome(model, condition, replicate, category, app, template, instance) -> "s", "f" or "i" (invalid);
#: None -> no record at all (missing cell).
Outcome = Callable[[str, str, int, str, str, str, int], str | None]


@dataclass
class Design:
    models: Sequence[str] = ("ModelA", "ModelB")
    conditions: Sequence[str] = ("c1", "c2_g")
    replicates: int = 1
    # category -> (original app, [new apps]); templates and instances per category
    categories: dict[str, tuple[str, list[str]]] = field(default_factory=lambda: {
        "sms": ("sms_orig", ["sms_new1", "sms_new2"]),
        "clock": ("clock_orig", ["clock_new1"]),
    })
    templates: Sequence[str] = ("TaskA", "TaskB")
    instances: Sequence[int] = (0, 1)
    device_kind: str = "emulator"
    steps: int = 2


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def record_dict(design: Design, model: str, condition: str, run_id: str, category: str, app: str, original: bool,
                template: str, instance: int, outcome: str) -> dict[str, Any]:
    status = {"s": "valid_success", "f": "valid_failure", "i": "invalid_infrastructure"}[outcome]
    test_id = f"{category}-{template}-{app.split('_', 1)[-1]}-i{instance}"
    goal = f"Do {template} #{instance}"
    plan = None
    if condition != "c1":
        text = f"plan for {template} {instance}"
        plan = {"plan_key": f"{template}:{instance}", "plan_text": text, "plan_sha256": _sha(text),
                "plan_file": "plans.json", "plan_file_sha256": _sha(condition), "plan_mode": "prepend"}
    steps = [{"index": k, "action": {"action": "click", "x": 100 + 10 * k, "y": 200}, "raw_output": f"step {k}",
              "model_latency_s": 0.1, "observe_s": 0.01, "agent_s": 0.1, "actuate_s": 0.01, "model_calls": 1,
              "usage": {"prompt_tokens": 1200, "completion_tokens": 40, "total_tokens": 1240}}
             for k in range(design.steps)]
    return {
        "schema_version": SCHEMA_VERSION, "test_id": test_id, "status": status, "final": True, "goal": goal,
        "prompt_goal": goal, "plan": plan, "steps": steps if outcome != "i" else [],
        "verifier": None if outcome == "i" else {"success": outcome == "s", "reasons": [] if outcome == "s" else ["not done"],
                                                 "evidence": {"rows": 1}},
        "exception": None if outcome != "i" else {"phase": "observe", "type": "DeviceError", "message": "device lost",
                                                  "cause": "device_lost"},
        "stop_reason": "agent_done" if outcome != "i" else "exception",
        "provenance": {
            "code_revision": "abc123", "run_id": run_id, "device_kind": design.device_kind, "agent_name": model,
            "model": {"agent": model, "model_id": model, "config_sha256": _sha(model), "model_revision": "r1"},
            "app_id": app, "app_display_name": app, "is_original": original, "package": f"org.example.{app}",
            "app_version_name": "1.0", "app_version_code": 1, "pinned_version_name": "1.0", "pinned_version_code": 1,
            "category": category, "semantic_id": template, "cohort_sha256": _sha("cohort"), "seed": 30,
            "n_instances": len(design.instances), "instance": instance, "instance_seed": 1000 + instance,
            "semantic_parameter_sha256": _sha(f"{template}{instance}"), "semantic_goal": goal,
            "semantic_goal_sha256": _sha(goal), "condition": condition, "condition_valid": True,
            "validity_report_sha256": _sha("validity"),
        },
        "duration_s": 1.5,
    }


def write_runs(root: Path, design: Design, outcome: Outcome) -> list[Path]:
    """One run directory per (model, condition, replicate): ``run-<rep>-<model>-<condition>``."""
    runs = []
    for model in design.models:
        for condition in design.conditions:
            for rep in range(design.replicates):
                run_id = f"run-{rep:02d}-{model}-{condition}"
                run_dir = Path(root) / run_id
                runs.append(run_dir)
                for category, (orig, new_apps) in design.categories.items():
                    for app in [orig, *new_apps]:
                        for template in design.templates:
                            for instance in design.instances:
                                out = outcome(model, condition, rep, category, app, template, instance)
                                if out is None:
                                    continue
                                data = record_dict(design, model, condition, run_id, category, app, app == orig,
                                                   template, instance, out)
                                ep_dir = run_dir / data["test_id"]
                                os.makedirs(ep_dir, exist_ok=True)
                                (ep_dir / "episode.json").write_text(json.dumps(data), encoding="utf-8")
                                ledger.append_record(run_dir, data["test_id"], 1, data["status"])
    return runs


# -- runs written by the project's own writers (the results-site benchmark and tests) ----------------

#: A 9 x 20 grey PNG (a phone's aspect): the screenshot a synthetic step keeps when ``screenshots`` is on.
_PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000090000001408000000007ab248890000001149444154789c636c"
                     "6080022686a1cc020073e800a85c337e790000000049454e44ae426082")


def _episode_record(design: Design, model: str, condition: str, run_id: str, category: str, app: str,
                    original: bool, template: str, instance: int, outcome: str, *, failure_reason: str,
                    screenshots: bool) -> EpisodeRecord:
    """A typed record of an eligible run: a real device kind, pins matched, a validity report named,
    the condition valid; the fixed parts are equal across a run (``anyapp verify`` checks that)."""
    status = {"s": Status.VALID_SUCCESS, "f": Status.VALID_FAILURE, "i": Status.INVALID}[outcome]
    goal = f"Do {template} #{instance}"
    params = {"template": template, "instance": instance}
    steps = [] if outcome == "i" else [
        StepRecord(index=k, action={"action": "click", "coordinate": [100 + 10 * k, 200]}, raw_output=f"step {k}",
                   usage={"prompt_tokens": 1200, "completion_tokens": 40, "total_tokens": 1240},
                   model_latency_s=0.1, model_calls=1, observe_s=0.01, agent_s=0.1, actuate_s=0.01,
                   screenshot=f"step-{k}.png" if screenshots else None)
        for k in range(design.steps)]
    exception = None if outcome != "i" else ExceptionInfo(phase="observe", type="DeviceError", message="device lost",
                                                          cause="device_lost")
    plan = None
    if condition != "c1":
        text = f"plan for {template} {instance}"
        plan = PlanInfo(plan_key=f"{template}:{instance}", plan_text=text, plan_sha256=_sha(text),
                        plan_file="plans.json", plan_file_sha256=_sha(condition), plan_mode="prepend")
    stop = "agent_done" if outcome != "i" else "exception"
    provenance = Provenance(
        node_id=f"pairs/test_pairs.py::test_pair[{category}-{template}-{app}-i{instance}]",
        run=RunInfo(run_id=run_id, code_revision=_sha("code")[:40], benchmark_version=BENCHMARK_VERSION,
                    cohort_sha256=_sha("cohort"), seed=30, n_instances=len(design.instances),
                    options={"max_invalid_share": 0.05}, schedule_sha256=_sha("schedule"),
                    app_attestation_sha256=_sha("attestation"), validity_report_sha256=_sha("validity")),
        agent=AgentIdentity(name=model, model_id=model, model_revision="r1", model={"config_sha256": _sha(model)}),
        device=DeviceInfo(kind=design.device_kind, requested_kind=design.device_kind, serial="emulator-5554",
                          build_fingerprint="google/sdk_gphone64_x86_64/emu64xa:13/TE1A.220922.034/10940250:user"),
        app=AppIdentity(app_id=app, display_name=app, package=f"org.example.{app}", category=category,
                        is_original=original, pinned_version_name="1.0", pinned_version_code=1, version_name="1.0",
                        version_code=1),
        task=TaskIdentity(semantic_id=template, template_origin="synthetic", instance=instance,
                          instance_seed=1000 + instance, params=params,
                          semantic_parameter_sha256=_sha(json.dumps(params, sort_keys=True)), semantic_goal=goal,
                          semantic_goal_sha256=_sha(goal), step_budget=20, validation_mode="durable"),
        condition=ConditionInfo(name=condition, valid=True),
    )
    verifier = None if outcome == "i" else VerifierRecord(
        success=outcome == "s", reasons=[] if outcome == "s" else [failure_reason], evidence={"rows": 1},
        validation_mode="durable")
    duration = 1.5
    return EpisodeRecord(
        test_id=f"{category}-{template}-{app}-i{instance}", status=status, goal=goal, prompt_goal=goal, plan=plan,
        agent_done=outcome != "i", stop_reason=stop, verifier=verifier, exception=exception,
        attempts=[AttemptRecord(attempt=1, status=status, exception=exception, steps=steps, n_steps=len(steps),
                                stop_reason=stop, duration_s=duration)],
        provenance=provenance, started_at="2026-01-01T00:00:00Z", finished_at="2026-01-01T00:00:01Z",
        duration_s=duration)


def write_store_runs(root: Path, design: Design, outcome: Outcome, *, failure_reason: str = "not done",
                     screenshots: bool = False) -> list[Path]:
    """One verified run per (model, condition, replicate), written as a run writes it: typed
    ``EpisodeRecord`` objects through ``RunStore.write``, which ledgers each record and its
    artifacts (``anyapp verify`` passes; the report's eligibility gate accepts the runs).

    ``failure_reason`` is every failed verdict's reason (tests put markup in it);
    ``screenshots`` keeps a tiny PNG per step next to the record (ledgered, linked by the viewer)."""
    runs = []
    for model in design.models:
        for condition in design.conditions:
            for rep in range(design.replicates):
                run_id = f"run-{rep:02d}-{model}-{condition}"
                store = RunStore(Path(root), run_id)
                runs.append(store.run_dir)
                for category, (orig, new_apps) in design.categories.items():
                    for app in [orig, *new_apps]:
                        for template in design.templates:
                            for instance in design.instances:
                                out = outcome(model, condition, rep, category, app, template, instance)
                                if out is None:
                                    continue
                                record = _episode_record(design, model, condition, run_id, category, app, app == orig,
                                                         template, instance, out, failure_reason=failure_reason,
                                                         screenshots=screenshots)
                                if screenshots:
                                    episode_dir = store.episode_dir(record.test_id)
                                    episode_dir.mkdir(parents=True, exist_ok=True)
                                    for step in record.steps:
                                        (episode_dir / str(step.screenshot)).write_bytes(_PNG)
                                store.write(record)
    return runs
