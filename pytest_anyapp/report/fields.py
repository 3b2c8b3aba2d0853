"""The one place reports read episode records: ``EpisodeRecord`` / summary dict -> flat ``IndexRow``.

Everything else in ``report/`` works on ``IndexRow`` columns, so when the record schema changes
(typed provenance sub-models, a measured device kind, preflight flags) only this module adapts.
Reads are defensive (``_get`` walks attribute or key paths and tries alternatives in order) so
records of every schema version we have written stay readable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from pytest_anyapp.benchmark import UNVERSIONED
from pytest_anyapp.outcomes import Status

#: Fields that must be equal on both sides of a C1/C2 pair (notes §10.2, those our records carry).
#: ``(column, label)``; the label is the prior release's name where one exists.
PAIR_EQUALITY_FIELDS: tuple[tuple[str, str], ...] = (
    ("benchmark_version", "benchmark_version"),
    ("semantic_goal_sha256", "semantic_goal_sha256"),
    ("semantic_parameter_sha256", "semantic_parameter_sha256"),
    ("instance_seed", "instance_seed"),
    ("semantic_id", "semantic_task_id"),
    ("package", "package_name"),
    ("app_version_name", "app_version"),
    ("code_revision", "code_revision"),
    ("cohort_sha256", "cohort_sha256"),
    ("model_revision", "model_revision"),
    ("model_config_sha256", "model_config_sha256"),
    ("seed", "task_random_seed"),
    ("n_instances", "n_task_combinations"),
)
#: Compared only when both sides recorded them (notes: "if either recorded" -> here: if both).
PAIR_EQUALITY_IF_RECORDED: tuple[tuple[str, str], ...] = (
    ("app_version_code", "app_version_code"),
    ("installed_apk_sha256", "apk_sha256"),
)

SIMULATED_DEVICE_KINDS = frozenset({"sim", "simulated", "simulator"})


class IndexRow(BaseModel):
    """One episode as the report index stores it (a JSONL line, a DuckDB row)."""

    model_config = ConfigDict(extra="ignore")

    run_id: str = ""
    test_id: str
    mtime_ns: int = 0
    size: int = 0
    model: str = ""
    agent: str = ""
    condition: str = ""
    condition_valid: bool = True
    category: str = ""
    app_id: str = ""
    app_display_name: str = ""
    is_original: bool | None = None
    semantic_id: str = ""
    template_origin: str = ""
    instance: int = 0
    status: str = Status.INVALID.value
    final: bool = True
    success: int = -1  # 1 / 0 for a valid episode, -1 for invalid (never enters a rate)
    device_kind: str = ""
    device_measured: bool = False
    preflight_skipped: bool | None = None
    run_ineligible: str = ""  # the run's own ineligibility reasons (records v2: run.analysis_eligible false)
    max_invalid_share: float | None = None  # the run's --max-invalid-share (None: records before it)
    validation_mode: str = ""
    pin_ok: bool | None = None
    pin_problem: str = ""
    steps: int = 0
    duration_s: float = 0.0
    # cost, over every attempt's steps (a retried attempt cost too)
    tokens_in: int = 0
    tokens_out: int = 0
    model_calls: int = 0
    model_s: float = 0.0
    device_s: float = 0.0
    stop_reason: str = ""
    failure_cause: str = ""
    # provenance compared across a C1/C2 pair
    semantic_goal_sha256: str = ""
    semantic_parameter_sha256: str = ""
    instance_seed: int | None = None
    package: str = ""
    app_version_name: str = ""
    app_version_code: int | None = None
    installed_apk_sha256: str = ""
    code_revision: str = ""
    cohort_sha256: str = ""
    benchmark_version: str = UNVERSIONED
    # what the run referenced (not compared across a pair: a C2 run on another day has its own, equally pinned)
    schedule_sha256: str = ""
    app_attestation_sha256: str = ""
    validity_report_sha256: str = ""
    model_revision: str = ""
    model_config_sha256: str = ""
    seed: int | None = None
    n_instances: int | None = None
    plan_key: str = ""
    plan_sha256: str = ""


_MISSING = object()


def _get(obj: Any, *paths: str, default: Any = None) -> Any:
    """First present value among dotted ``paths`` (attributes or mapping keys)."""
    for path in paths:
        cur: Any = obj
        for part in path.split("."):
            if isinstance(cur, Mapping):
                cur = cur.get(part, _MISSING)
            else:
                cur = getattr(cur, part, _MISSING)
            if cur is _MISSING or cur is None:
                break
        if cur is not _MISSING and cur is not None:
            return cur
    return default


def _str(value: Any) -> str:
    return "" if value is None else str(value)


def _int_or_none(value: Any) -> int | None:
    try:
        return None if value is None or value == "" else int(value)
    except (TypeError, ValueError):
        return None


def _status_value(value: Any) -> str:
    return _str(getattr(value, "value", value))


def _pin_check(prov: Any) -> tuple[bool | None, str]:
    """Installed app vs its pins: None when nothing was pinned or read, else (ok, problem)."""
    problems: list[str] = []
    checked = False
    for got_path, want_path, label in (
        ("app.version_name", "app.pinned_version_name", "version name"),
        ("app_version_name", "pinned_version_name", "version name"),
        ("app.version_code", "app.pinned_version_code", "version code"),
        ("app_version_code", "pinned_version_code", "version code"),
        ("app.installed_apk_sha256", "app.apk_sha256", "apk sha256"),
        ("installed_apk_sha256", "apk_sha256", "apk sha256"),
    ):
        want = _get(prov, want_path)
        if want is None or want == "":
            continue
        got = _get(prov, got_path)
        checked = True
        if got is None or str(got) != str(want):
            problems.append(f"{label} {got!r} != pinned {want!r}")
    if not checked:
        return None, ""
    return (not problems), "; ".join(dict.fromkeys(problems))


def _model_label(model: Any, agent: str, model_id: Any = None) -> str:
    if model_id:
        return str(model_id)
    if isinstance(model, Mapping):
        for key in ("model_id", "model", "name"):
            if model.get(key):
                return str(model[key])
    return agent


def _cost(record: Any) -> dict[str, Any]:
    """Tokens, model calls, model-seconds and device-seconds summed over every attempt's steps."""
    attempts = _get(record, "attempts", default=[]) or []
    steps = [st for a in attempts for st in (_get(a, "steps", default=[]) or [])] or (_get(record, "steps", default=[]) or [])
    tokens_in = tokens_out = calls = 0
    model_s = device_s = 0.0
    for st in steps:
        usage = _get(st, "usage") or {}
        tokens_in += int(_get(usage, "prompt_tokens", default=0) or 0)
        tokens_out += int(_get(usage, "completion_tokens", default=0) or 0)
        calls += int(_get(st, "model_calls", default=0) or 0)
        model_s += float(_get(st, "model_latency_s", default=0.0) or 0.0)
        device_s += sum(float(_get(st, k, default=0.0) or 0.0) for k in ("observe_s", "actuate_s", "verify_s"))
    return {"tokens_in": tokens_in, "tokens_out": tokens_out, "model_calls": calls, "model_s": model_s,
            "device_s": device_s}


def row_from_record(record: Any, *, run_id: str = "", mtime_ns: int = 0, size: int = 0) -> IndexRow:
    """Flatten an ``EpisodeRecord`` (any schema version we wrote) into an ``IndexRow``."""
    prov = _get(record, "provenance", default={})
    status = _status_value(_get(record, "status", default=Status.INVALID.value))
    final = bool(_get(record, "final", default=True))
    condition_valid = bool(_get(prov, "condition.valid", "condition_valid", default=True))
    if not final:
        status = Status.INVALID.value
    valid = final and condition_valid and status in (Status.VALID_SUCCESS.value, Status.VALID_FAILURE.value)
    model = _get(prov, "agent.model", "model", default={})
    agent_obj = _get(prov, "agent")
    agent = _str(_get(prov, "agent.name", "agent_name") if not isinstance(agent_obj, str) else agent_obj)
    pin_ok, pin_problem = _pin_check(prov)
    device_kind = _get(prov, "device.kind", "device_kind")
    measured = isinstance(_get(prov, "device"), Mapping) or hasattr(_get(prov, "device"), "kind")  # v2: measured
    skipped = _get(prov, "run.env_preflight_skipped", "preflight.skipped", "preflight_skipped")
    eligible_flag = _get(prov, "run.analysis_eligible")
    run_reasons = _get(prov, "run.ineligible_reasons", default=[]) or []
    run_ineligible = "" if eligible_flag is None or bool(eligible_flag) else ("; ".join(map(str, run_reasons))
                                                                              or "run declared not analysis-eligible")
    steps = _get(record, "steps", default=[])
    exception = _get(record, "exception")
    verifier = _get(record, "verifier")
    if exception is not None:
        cause = _str(_get(exception, "cause"))
    elif verifier is not None and not bool(_get(verifier, "success", default=False)):
        reasons = _get(verifier, "reasons", default=[]) or []
        cause = _str(reasons[0]) if reasons else ""
    else:
        cause = ""
    condition_obj = _get(prov, "condition")
    condition = _str(_get(condition_obj, "name", "label") if not isinstance(condition_obj, str) else condition_obj)
    return IndexRow(
        run_id=run_id or _str(_get(prov, "run.run_id", "run_id")),
        test_id=_str(_get(record, "test_id")),
        mtime_ns=mtime_ns, size=size,
        model=_model_label(model, agent, _get(prov, "agent.model_id")), agent=agent,
        condition=condition or "c1", condition_valid=condition_valid,
        category=_str(_get(prov, "app.category", "task.category", "category")),
        app_id=_str(_get(prov, "app.app_id", "app_id")),
        app_display_name=_str(_get(prov, "app.display_name", "app_display_name")),
        is_original=_get(prov, "app.is_original", "is_original"),
        semantic_id=_str(_get(prov, "task.semantic_id", "semantic_id")),
        template_origin=_str(_get(prov, "task.template_origin", "template_origin")),
        instance=int(_get(prov, "task.instance", "instance", default=0)),
        status=status, final=final,
        success=(1 if status == Status.VALID_SUCCESS.value else 0) if valid else -1,
        device_kind=_str(device_kind), device_measured=measured,
        preflight_skipped=None if skipped is None else bool(skipped), run_ineligible=run_ineligible,
        max_invalid_share=_get(prov, "run.options.max_invalid_share"),
        validation_mode=_str(_get(prov, "task.validation_mode", "validation_mode")
                             or _get(record, "verifier.validation_mode")),
        pin_ok=pin_ok, pin_problem=pin_problem,
        steps=len(steps) if isinstance(steps, list) else 0,
        duration_s=float(_get(record, "duration_s", default=0.0)),
        **_cost(record),
        stop_reason=_str(_get(record, "stop_reason")), failure_cause=cause,
        semantic_goal_sha256=_str(_get(prov, "task.semantic_goal_sha256", "semantic_goal_sha256")),
        semantic_parameter_sha256=_str(_get(prov, "task.semantic_parameter_sha256", "semantic_parameter_sha256")),
        instance_seed=_int_or_none(_get(prov, "task.instance_seed", "instance_seed")),
        package=_str(_get(prov, "app.package", "package")),
        app_version_name=_str(_get(prov, "app.version_name", "app_version_name")),
        app_version_code=_int_or_none(_get(prov, "app.version_code", "app_version_code")),
        installed_apk_sha256=_str(_get(prov, "app.installed_apk_sha256", "installed_apk_sha256")),
        code_revision=_str(_get(prov, "run.code_revision", "code_revision")),
        benchmark_version=_str(_get(prov, "run.benchmark_version", default=UNVERSIONED)),
        cohort_sha256=_str(_get(prov, "run.cohort_sha256", "cohort_sha256")),
        schedule_sha256=_str(_get(prov, "run.schedule_sha256")),
        app_attestation_sha256=_str(_get(prov, "run.app_attestation_sha256")),
        validity_report_sha256=_str(_get(prov, "run.validity_report_sha256", "validity_report_sha256")),
        model_revision=_str(_get(prov, "agent.model_revision") or _get(model, "model_revision", "revision")),
        model_config_sha256=_str(_get(model, "config_sha256")),
        seed=_int_or_none(_get(prov, "run.seed", "seed")),
        n_instances=_int_or_none(_get(prov, "run.n_instances", "n_instances")),
        plan_key=_str(_get(record, "plan.plan_key")),
        plan_sha256=_str(_get(record, "plan.plan_sha256")),
    )


def row_from_summary(summary: Mapping[str, Any], *, run_id: str = "") -> IndexRow:
    """A json-report summary (``EpisodeRecord.summary()``) carries fewer facts; eligibility then fails closed."""
    status = _status_value(summary.get("status") or Status.INVALID.value)
    condition_valid = bool(summary.get("condition_valid", True))
    valid = condition_valid and status in (Status.VALID_SUCCESS.value, Status.VALID_FAILURE.value)
    exception = summary.get("exception") or {}
    return IndexRow(
        run_id=run_id or _str(summary.get("run_id")), test_id=_str(summary.get("test_id")),
        model=_str(summary.get("model_id") or summary.get("model") or summary.get("agent")),
        model_revision=_str(summary.get("model_revision")), code_revision=_str(summary.get("code_revision")),
        benchmark_version=_str(summary.get("benchmark_version") or UNVERSIONED),
        semantic_goal_sha256=_str(summary.get("semantic_goal_sha256")),
        semantic_parameter_sha256=_str(summary.get("semantic_parameter_sha256")),
        instance_seed=_int_or_none(summary.get("instance_seed")),
        app_version_name=_str(summary.get("app_version_name")),
        app_version_code=_int_or_none(summary.get("app_version_code")),
        agent=_str(summary.get("agent")), condition=_str(summary.get("condition")) or "c1",
        condition_valid=condition_valid, category=_str(summary.get("category")), app_id=_str(summary.get("app_id")),
        is_original=summary.get("is_original"), semantic_id=_str(summary.get("semantic_id")),
        instance=int(summary.get("instance") or 0), status=status,
        success=(1 if status == Status.VALID_SUCCESS.value else 0) if valid else -1,
        device_kind=_str(summary.get("device_kind")), steps=int(summary.get("steps") or 0),
        duration_s=float(summary.get("duration_s") or 0.0), stop_reason=_str(summary.get("stop_reason")),
        failure_cause=_str(exception.get("cause")) if isinstance(exception, Mapping) else "",
    )


def is_simulated(device_kind: str) -> bool:
    return device_kind.strip().lower() in SIMULATED_DEVICE_KINDS
