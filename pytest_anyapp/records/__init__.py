"""Episode records: what happened, with enough provenance to re-audit and re-score it."""

from pytest_anyapp.records.models import (
    AttemptRecord,
    EpisodeRecord,
    ExceptionInfo,
    PlanInfo,
    Provenance,
    StepRecord,
    VerifierRecord,
)

__all__ = [
    "AttemptRecord", "EpisodeRecord", "ExceptionInfo", "PlanInfo", "Provenance", "StepRecord", "VerifierRecord",
]
