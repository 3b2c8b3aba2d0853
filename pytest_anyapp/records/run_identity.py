"""What makes a run one thing: the identity every episode of a run shares.

``--resume`` and ``--rerun-invalid`` attach to an existing run. Its episodes are only comparable if
they measure the same agent, model, condition, plan file, seed, instance count, cohort and code;
a difference would silently blend two experiments into one gap table. The run directory keeps its
identity in ``run.json`` (written when the run starts); runs written before that file existed are
read from their episode records. ``-k``/``-m``/``--instance`` only select pairs and may differ.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.records.models import EpisodeRecord

MANIFEST = "run.json"

#: Field → how a user names it (the flag that sets it, or where it comes from).
FIELD_NAMES: dict[str, str] = {
    "agent": "agent (--agent)",
    "model_id": "model id (agent config)",
    "model_revision": "model revision (agent config)",
    "condition": "condition (--condition)",
    "plan_file_sha256": "plan file sha256 (--plan-file)",
    "seed": "seed (--seed)",
    "n_instances": "instances (--instances)",
    "cohort_sha256": "cohort_sha256 (the scheduled pairs and their parameters)",
    "code_revision": "code revision (git HEAD; --allow-revision-change accepts another)",
}


class RunIdentity(BaseModel):
    agent: str
    model_id: str | None = None
    model_revision: str | None = None
    condition: str = "c1"
    plan_file_sha256: str | None = None
    seed: int
    n_instances: int
    cohort_sha256: str
    code_revision: str


class RevisionChange(BaseModel):
    """An attach under ``--allow-revision-change``: the run's later episodes ran on other code."""

    at: str
    from_revision: str
    to_revision: str


class RunManifest(BaseModel):
    identity: RunIdentity
    revision_changes: list[RevisionChange] = Field(default_factory=list)


def identity_of_record(record: EpisodeRecord) -> RunIdentity:
    p = record.provenance
    return RunIdentity(agent=p.agent.name, model_id=p.agent.model_id, model_revision=p.agent.model_revision,
                       condition=p.condition.name, plan_file_sha256=record.plan.plan_file_sha256 if record.plan else None,
                       seed=p.run.seed, n_instances=p.run.n_instances, cohort_sha256=p.run.cohort_sha256,
                       code_revision=p.run.code_revision)


def load_manifest(run_dir: Path) -> RunManifest | None:
    """The run's manifest; for a run without one, the identity its first episode record carries."""
    path = run_dir / MANIFEST
    if path.exists():
        return RunManifest.model_validate_json(path.read_text())
    for record_path in sorted(run_dir.glob("*/episode.json")):
        if not record_path.parent.name.startswith((".", "_")):
            record = EpisodeRecord.model_validate_json(record_path.read_text())
            identity = identity_of_record(record)
            if identity.plan_file_sha256 is None and identity.condition != "c1":
                continue  # an episode that never reached its plan does not name the plan file
            return RunManifest(identity=identity)
    return None


def save_manifest(run_dir: Path, manifest: RunManifest) -> None:
    atomic_write_text(run_dir / MANIFEST, manifest.model_dump_json(indent=1))


def differences(stored: RunIdentity, current: RunIdentity, *, allow_revision_change: bool = False) -> list[str]:
    """One line per field that differs (pure): what the run has and what this invocation would use."""
    lines = []
    for name, label in FIELD_NAMES.items():
        if name == "code_revision" and allow_revision_change:
            continue
        if name == "plan_file_sha256" and stored.plan_file_sha256 is None and stored.condition != "c1":
            continue  # the run's records do not name it (no episode reached its plan)
        old, new = getattr(stored, name), getattr(current, name)
        if old != new:
            lines.append(f"{label}: the run has {old!r}, this invocation {new!r}")
    return lines


def attach(run_dir: Path, current: RunIdentity, *, allow_revision_change: bool) -> list[str]:
    """Check ``current`` against the run in ``run_dir``; record an accepted revision change.
    Returns the differences that refuse the attach (empty: attached)."""
    manifest = load_manifest(run_dir)
    if manifest is None:
        save_manifest(run_dir, RunManifest(identity=current))
        return []
    problems = differences(manifest.identity, current, allow_revision_change=allow_revision_change)
    if problems:
        return problems
    last = manifest.revision_changes[-1].to_revision if manifest.revision_changes else manifest.identity.code_revision
    if current.code_revision != last:
        manifest.revision_changes.append(RevisionChange(at=datetime.now(UTC).isoformat(timespec="seconds"),
                                                        from_revision=last, to_revision=current.code_revision))
    save_manifest(run_dir, manifest)
    return []


def start(run_dir: Path, current: RunIdentity) -> None:
    """A new run: its identity is written before any episode."""
    run_dir.mkdir(parents=True, exist_ok=True)
    if not (run_dir / MANIFEST).exists():
        save_manifest(run_dir, RunManifest(identity=current))
