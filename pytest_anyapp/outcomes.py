"""The error policy: map what happened in an episode to one of three statuses. Pure functions."""

from __future__ import annotations

from enum import StrEnum

from pytest_anyapp.errors import DeclaredAgentOutputError, InfrastructureError, Phase


class Status(StrEnum):
    VALID_SUCCESS = "valid_success"
    VALID_FAILURE = "valid_failure"
    INVALID = "invalid_infrastructure"


def status_for_exception(exc: BaseException, phase: Phase) -> Status:
    """A declared agent-output error during the agent phase is the agent's failure; all else is invalid.

    Unknown exceptions (a bug in an adapter, a KeyError in a reader) are invalid too: we cannot
    say the agent failed when we do not know what went wrong.
    """
    if isinstance(exc, DeclaredAgentOutputError) and phase == "agent":
        return Status.VALID_FAILURE
    return Status.INVALID


def cause_for_exception(exc: BaseException) -> str:
    if isinstance(exc, InfrastructureError):
        return exc.cause
    if isinstance(exc, DeclaredAgentOutputError):
        return exc.failure_code
    return "unexpected_error"


def should_retry(status: Status, retryable: bool) -> bool:
    """Only infrastructure problems are retried, and only those a retry can fix (not a missing app
    or plan); a genuine failure is never retried, so scores stay pass@1."""
    return status is Status.INVALID and retryable


def status_for_verdict(success: bool) -> Status:
    return Status.VALID_SUCCESS if success else Status.VALID_FAILURE
