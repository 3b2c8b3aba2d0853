"""The error policy: who is to blame for what happened in an episode. Pure functions.

The attribution table in the README is this module, row by row:

* the device refused an agent's action (app disabled, intent unresolved): not an exception at all;
  the step records the device's answer and the episode goes on (``episode.actuate``);
* unusable model output during the agent phase (unparseable, non-finite or out-of-range
  coordinates, unknown action) → ``valid_failure``/``malformed_action_error`` (the agent's fault);
* an exception raised by a user's agent (``module:factory``, or a probe standing in for one)
  → ``valid_failure``/``agent_exception``, never left out of a rate, not retried;
* an exception raised by a built-in agent or model adapter → ``invalid``/``adapter_error``, and by
  a user hook → ``invalid``/``hook_error``: not retried, the run is not analysis-eligible;
* a crash/ANR dialog after the agent's first action → ``invalid``/``app_fault``, not retried;
* infrastructure (device, health, endpoint, verifier read, plan) → ``invalid`` with its cause,
  retried unless a retry cannot help;
* anything else (a harness bug) → ``invalid``/``unexpected_error``, retried.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pytest_anyapp.errors import (
    AdapterError,
    AgentExceptionError,
    AppFaultError,
    DeclaredAgentOutputError,
    FaultDialogError,
    InfrastructureError,
    Phase,
)


class Status(StrEnum):
    VALID_SUCCESS = "valid_success"
    VALID_FAILURE = "valid_failure"
    INVALID = "invalid_infrastructure"


@dataclass(frozen=True)
class Attribution:
    status: Status
    cause: str
    retryable: bool


#: Causes that are our bug or the user's setup: a run holding one is not analysis-eligible.
BLOCKING_CAUSES = frozenset({AdapterError.cause, "hook_error"})


def attribute(exc: BaseException, phase: Phase, *, agent_acted: bool = False,
              user_agent: bool = False) -> Attribution:
    """Status, cause and retry decision for an exception raised in ``phase``.

    ``agent_acted``: the agent's first action has reached the device in this attempt.
    ``user_agent``: the agent is the user's code (a factory, a hook's agent, a probe), so what it
    raises is its failure; False (the default: unknown code is not blamed on an agent) for built-in
    agents and model adapters, whose exceptions are ours.
    """
    if isinstance(exc, DeclaredAgentOutputError) and phase == "agent":
        return Attribution(Status.VALID_FAILURE, exc.failure_code, False)
    if isinstance(exc, AgentExceptionError):
        return Attribution(Status.VALID_FAILURE, exc.cause, False)
    if isinstance(exc, FaultDialogError) and agent_acted:
        return Attribution(Status.INVALID, AppFaultError.cause, AppFaultError.retryable)
    if isinstance(exc, InfrastructureError):
        return Attribution(Status.INVALID, exc.cause, exc.retryable)
    if phase == "agent":  # the agent raised something undeclared
        if user_agent:
            return Attribution(Status.VALID_FAILURE, AgentExceptionError.cause, False)
        return Attribution(Status.INVALID, AdapterError.cause, AdapterError.retryable)
    if isinstance(exc, DeclaredAgentOutputError):
        return Attribution(Status.INVALID, exc.failure_code, True)
    return Attribution(Status.INVALID, "unexpected_error", True)


def status_for_exception(exc: BaseException, phase: Phase) -> Status:
    """A declared agent-output error during the agent phase is the agent's failure; all else is invalid.

    Unknown exceptions (a bug in an adapter, a KeyError in a reader) are invalid too: we cannot
    say the agent failed when we do not know what went wrong.
    """
    return attribute(exc, phase).status


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
