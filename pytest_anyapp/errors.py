"""Exception taxonomy. Which status an exception leads to is decided in ``outcomes.py``.

Two families matter for scoring:
- ``DeclaredAgentOutputError``: the model produced output we cannot act on. That is the agent's
  fault, so the episode is a scored failure (``valid_failure``).
- ``InfrastructureError``: something we could not measure (device, endpoint, verifier read, plan
  lookup). The episode is ``invalid_infrastructure`` with a cause, never a silent pass or fail.
"""

from __future__ import annotations

from typing import Literal

Phase = Literal["preflight", "initialize", "observe", "agent", "actuate", "verifier", "teardown", "record"]


class AnyAppError(Exception):
    """Base of every error the harness raises on purpose."""


class ConfigError(AnyAppError):
    """Bad user input, detected before any episode runs."""


class DeclaredAgentOutputError(AnyAppError):
    """The agent's output could not be turned into a valid action (a scored failure)."""

    failure_code = "declared_agent_output_error"

    def __init__(self, message: str, raw_output: str | None = None) -> None:
        super().__init__(message)
        self.raw_output = raw_output


class ActionParseError(DeclaredAgentOutputError):
    failure_code = "action_parse_error"


class MalformedActionError(DeclaredAgentOutputError):
    failure_code = "malformed_action_error"


class InfrastructureError(AnyAppError):
    """Something outside the agent's control failed; the episode cannot be scored."""

    cause = "infrastructure"
    #: False when trying again cannot help (a missing app or plan): the episode is not retried.
    retryable = True

    def __init__(self, message: str, *, cause: str | None = None) -> None:
        super().__init__(message)
        if cause is not None:
            self.cause = cause


class DeviceError(InfrastructureError):
    """adb/gRPC transport failed, timed out, or the device answered nonsense."""

    cause = "device"


class DeviceHealthError(InfrastructureError):
    """Health guard tripped: not booted, root lost, or a crash/ANR dialog is up."""

    cause = "device_health"


class VerifierReadError(InfrastructureError):
    """The verifier could not read durable state reliably (never a semantic failure)."""

    cause = "verifier_read"


class AppNotInstalledError(InfrastructureError):
    cause = "app_not_installed"
    retryable = False


class AppVersionMismatchError(InfrastructureError):
    cause = "app_version_mismatch"
    retryable = False


class ModelEndpointError(InfrastructureError):
    """The model endpoint stayed unreachable or erroring after the retry budget."""

    cause = "model_endpoint"


class PlanUnavailableError(InfrastructureError):
    """C2 needs a plan for this instance and there is none (or it is empty)."""

    cause = "plan_unavailable"
    retryable = False


class EpisodeTimeoutError(InfrastructureError):
    cause = "task_timeout"


class FaultDialogError(DeviceHealthError):
    """A crash or ANR dialog is on screen. Before the agent's first action the environment is to
    blame (retried); after it the runner re-raises it as ``AppFaultError``."""

    cause = "fault_dialog"


class AppFaultError(InfrastructureError):
    """The app crashed or stopped responding after the agent acted: not measurable, and not retried
    (a retry would re-roll the dice); counted per app in the gap table."""

    cause = "app_fault"
    retryable = False


class AgentExceptionError(InfrastructureError):
    """A user's agent (``module:factory``) raised something undeclared: the agent's failure
    (``outcomes.attribute`` scores it ``valid_failure``), and a retry would only repeat the bug.
    An ``InfrastructureError`` only so that the run's checks let the run start."""

    cause = "agent_exception"
    retryable = False


class AdapterError(InfrastructureError):
    """A built-in agent or model adapter raised on output it should have handled: our bug, the
    episode is not measurable and the run is not analysis-eligible until it is fixed."""

    cause = "adapter_error"
    retryable = False


class HookError(InfrastructureError):
    """A user hook (``pytest_anyapp_make_agent``, ``pytest_anyapp_episode_finished``) raised: the
    user's setup, not the agent; invalid, and the run is not analysis-eligible until fixed."""

    cause = "hook_error"
    retryable = False


class InvalidOnImageError(InfrastructureError):
    """The run's validity report (``anyapp validate``) marks this pair invalid on the lanes' image:
    the episode is recorded invalid, never dropped, so every lab publishes over the same pairs."""

    cause = "invalid_on_image"
    retryable = False


class ConditionMismatchError(InfrastructureError):
    """This episode's plan contradicts the declared condition (e.g. an OpenAI plan under ``c2_g``)."""

    cause = "condition_mismatch"
    retryable = False


class EndpointCircuitOpenError(ModelEndpointError):
    """An earlier episode of this worker found the model endpoint dead; no further calls are made."""

    cause = "model_endpoint_circuit_open"
    retryable = False


def did_you_mean(name: str, known: list[str]) -> str:
    """``"; did you mean X?"`` for the known name closest to ``name`` (case-insensitively), else ""."""
    import difflib

    by_lower = {k.lower(): k for k in known}
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.6)
    return f"; did you mean {by_lower[close[0]]}?" if close else ""
