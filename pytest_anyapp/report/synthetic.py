"""Synthetic run directories for tests and ``benchmarks/bench_report.py``.

Writes real ``episode.json`` records (``EpisodeRecord`` JSON) for a design of models x conditions x
replicate runs x categories x apps x templates x instances, with outcomes from a caller-supplied
function, so the report can be checked against independently computed numbers and timed at scale.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_anyapp.records import ledger
from pytest_anyapp.records.models import SCHEMA_VERSION

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
