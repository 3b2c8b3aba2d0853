"""Append-only annotation storage: one JSON line per submission, whole-line writes under ``flock``
with ``fsync``, so concurrent submissions never interleave and a crash loses at most the line in
flight. The latest row per (annotator, pool, episode) wins when reading back."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from pytest_anyapp.failures.taxonomy import Confidence, FailureMode

ANNOTATIONS_FILE = "annotations.jsonl"
AUDIT_FLAGS_FILE = "audit_flags.jsonl"


class HumanLabel(BaseModel):
    primary_failure_mode: FailureMode
    planning_score: int = Field(ge=0, le=3)
    grounding_score: int = Field(ge=0, le=3)
    confidence: Confidence
    rationale: str = Field(min_length=1, max_length=20000)


class JudgePrior(BaseModel):
    primary_failure_mode: str | None = None
    confidence: str | None = None
    verdict: str | None = None
    rationale: str | None = None


class AnnotationRow(BaseModel):
    annotator: str
    sample_id: str
    pool: str
    episode_id: str
    model_name: str
    category: str
    app_id: str
    task_template: str
    goal: str
    is_successful: bool
    record_path: str
    sample_fingerprint: str
    blind: bool
    annotated_at: str
    created_at: str
    human_label: HumanLabel
    judge_prior: JudgePrior | None = Field(None, description="Only when the annotator saw the judge (unblinded).")
    suspect_validator: bool = False


def _append(path: Path, line: str) -> None:
    data = (line.rstrip("\n") + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


class AnnotationStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / ANNOTATIONS_FILE
        self.audit_path = directory / AUDIT_FLAGS_FILE

    def append(self, row: AnnotationRow) -> None:
        _append(self.path, row.model_dump_json())
        if row.suspect_validator:
            _append(self.audit_path, row.model_dump_json())

    def rows(self) -> list[AnnotationRow]:
        return read_annotations(self.path)

    def latest(self, annotator: str) -> dict[str, AnnotationRow]:
        """The annotator's latest row per sample id."""
        return {r.sample_id: r for r in self.rows() if r.annotator == annotator}


def read_annotations(path: Path) -> list[AnnotationRow]:
    if not path.exists():
        return []
    return [AnnotationRow.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def latest_by_episode(rows: Iterable[AnnotationRow], pool: str) -> dict[tuple[str, str], AnnotationRow]:
    """(annotator, episode_id) -> latest row of ``pool`` (file order is time order)."""
    return {(r.annotator, r.episode_id): r for r in rows if r.pool == pool}
