"""The one adapter from our episode records to what failure analysis needs.

Records are read through the records package's own loader (``RunStore``); every field this
package uses is picked in ``episode_facts`` alone, so a record-schema change is a one-function edit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord
from pytest_anyapp.records.store import RunStore


class StepFacts(BaseModel):
    index: int
    action: dict[str, Any]
    raw_output: str | None = None
    thought: str | None = None
    error: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    screenshot: str | None = Field(None, description="Path relative to the episode directory.")


class EpisodeFacts(BaseModel):
    """An episode as failure analysis sees it."""

    episode_id: str
    run_id: str
    test_id: str
    record_path: str = Field(description="<run-id>/<test-id>/episode.json (relative to the results directory).")
    episode_dir: str = Field(description="Absolute episode directory (screenshots live below it).")
    model_name: str
    condition: str
    category: str
    app_id: str
    app_name: str
    task_template: str
    instance: int
    goal: str
    status: str
    is_successful: bool
    skipped_uninstalled: bool = False
    exception_info: str | None = None
    verifier_reasons: list[str] = Field(default_factory=list)
    stop_reason: str = ""
    finish_dtime: str = ""
    steps: list[StepFacts] = Field(default_factory=list)


def episode_id(model_name: str, category: str, app_id: str, record_path: str, episode_index: int = 0) -> str:
    """sha1(``model|category|app_id|record path|episode index``)[:16], as the prior release keyed episodes."""
    key = f"{model_name}|{category}|{app_id}|{record_path}|{episode_index}"
    return hashlib.sha1(key.encode()).hexdigest()[:16]


def _step_error(step: Any) -> str | None:
    """What went wrong at a step: the device's refusal of the action, else the adapter's error."""
    refused = getattr(step, "device_refused", None)
    extra = step.agent_extra.get("error")
    parts = [p for p in (refused and f"device refused the action: {refused}", extra if isinstance(extra, str) else None)
             if p]
    return "; ".join(parts) or None


def episode_facts(record: EpisodeRecord, episode_dir: Path) -> EpisodeFacts:
    """Every record field failure analysis reads, in one place.

    Reads the typed provenance parts of schema version 2 (``run``, ``agent``, ``app``, ``task``,
    ``condition``) and, until every record in use is version 2, the flat version-1 fields.
    """
    prov: Any = record.provenance
    if hasattr(prov, "app"):  # schema version >= 2
        model = prov.agent.model
        model_name = prov.agent.model_id or model.get("model") or prov.agent.name
        run_id, condition = prov.run.run_id, prov.condition.name
        category, app_id, app_name = prov.app.category, prov.app.app_id, prov.app.display_name
        template, instance = prov.task.semantic_id, prov.task.instance
    else:
        model = prov.model
        model_name = model.get("model") or model.get("model_id") or prov.agent_name
        run_id, condition = prov.run_id, prov.condition
        category, app_id, app_name = prov.category, prov.app_id, prov.app_display_name
        template, instance = prov.semantic_id, prov.instance
    model_name = str(model_name or "unknown")
    run_id = run_id or episode_dir.parent.name
    record_path = f"{run_id}/{record.test_id}/episode.json"
    exc = record.exception
    steps = [
        StepFacts(
            index=s.index, action=s.action, raw_output=s.raw_output, thought=s.thought, error=_step_error(s),
            extra={k: v for k, v in s.agent_extra.items() if k != "error"}, screenshot=s.screenshot,
        )
        for s in record.steps
    ]
    return EpisodeFacts(
        episode_id=episode_id(model_name, category, app_id, record_path),
        run_id=run_id, test_id=record.test_id, record_path=record_path, episode_dir=str(episode_dir.resolve()),
        model_name=model_name, condition=condition, category=category, app_id=app_id,
        app_name=app_name, task_template=template, instance=int(instance), goal=record.goal,
        status=record.status.value, is_successful=record.status is Status.VALID_SUCCESS,
        skipped_uninstalled="skipped_uninstalled" in (exc.cause if exc else ""),
        exception_info=None if exc is None else f"{exc.phase}: {exc.type}: {exc.message} (cause {exc.cause})",
        verifier_reasons=list(record.verifier.reasons) if record.verifier else [],
        stop_reason=record.stop_reason, finish_dtime=record.finished_at, steps=steps,
    )


def judgeable(facts: EpisodeFacts, include_successes: bool = False) -> bool:
    """Verifier-failed episodes only (invalid ones are infrastructure, not the agent's failure)."""
    if facts.skipped_uninstalled:
        return False
    if facts.status == Status.VALID_FAILURE.value:
        return True
    return include_successes and facts.is_successful


def load_episodes(run_dirs: Sequence[Path]) -> Iterator[EpisodeFacts]:
    """All final records of the given ``results/<run-id>`` directories, in path order."""
    for run_dir in run_dirs:
        run_dir = Path(run_dir)
        if not run_dir.is_dir():
            raise ConfigError(f"{run_dir} is not a run directory")
        store = RunStore(run_dir.parent, run_dir.name)
        for record in store.records():
            if record.final:
                yield episode_facts(record, store.episode_dir(record.test_id))


def results_root(facts: EpisodeFacts) -> Path:
    """The results directory an episode's ``record_path`` is relative to."""
    return Path(facts.episode_dir).parent.parent
