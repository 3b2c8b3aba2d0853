"""The pure parts of the attribution table: ``outcomes.attribute`` and ``actuate.refusal_of``."""

from __future__ import annotations

import pytest

from pytest_anyapp.episode.actuate import refusal_of
from pytest_anyapp.errors import (
    ActionParseError,
    AgentExceptionError,
    AppNotInstalledError,
    DeviceError,
    DeviceHealthError,
    FaultDialogError,
    HookError,
    ModelEndpointError,
    PlanUnavailableError,
    VerifierReadError,
)
from pytest_anyapp.outcomes import BLOCKING_CAUSES, Status, attribute
from pytest_anyapp.session import measure_device_kind

MISSING = "Error type 3\nError: Activity class {org.fossify.messages/org.fossify.messages.Nope} does not exist.\n"
UNRESOLVED = "Error: Activity not started, unable to resolve Intent { act=android.intent.action.SENDTO flg=0x10000000 }\n"
MONKEY = "  bash arg: -p\n** No activities found to run, monkey aborted.\n"


@pytest.mark.parametrize("exit_code", [0, 1, 252])
@pytest.mark.parametrize("output,why", [(MISSING, "does not exist"), (UNRESOLVED, "unable to resolve Intent"),
                                        (MONKEY, "monkey aborted")])
def test_refusal_is_read_from_the_output_whatever_the_exit_status(output, why, exit_code):
    got = refusal_of(output, exit_code)
    assert got is not None and why in got


def test_a_silent_success_is_no_refusal_and_a_bare_failure_is_one():
    assert refusal_of("Events injected: 1\n", 0) is None
    assert refusal_of("Starting: Intent { cmp=org.fossify.messages/.Main }\n", 0) is None
    assert refusal_of("", 3) == "exit status 3"


@pytest.mark.parametrize("exc,phase,acted,status,cause,retry", [
    (ActionParseError("x"), "agent", True, Status.VALID_FAILURE, "action_parse_error", False),
    (FaultDialogError("crash"), "initialize", False, Status.INVALID, "fault_dialog", True),
    (FaultDialogError("crash"), "actuate", True, Status.INVALID, "app_fault", False),
    (RuntimeError("bug"), "agent", True, Status.INVALID, "adapter_error", False),  # a built-in agent's
    (AgentExceptionError("factory bug"), "agent", False, Status.VALID_FAILURE, "agent_exception", False),
    (HookError("hook bug"), "agent", False, Status.INVALID, "hook_error", False),
    (DeviceError("lost"), "observe", True, Status.INVALID, "device", True),
    (DeviceHealthError("not root"), "actuate", True, Status.INVALID, "device_health", True),
    (ModelEndpointError("down"), "agent", True, Status.INVALID, "model_endpoint", True),
    (VerifierReadError("unreadable"), "verifier", True, Status.INVALID, "verifier_read", True),
    (PlanUnavailableError("none"), "initialize", False, Status.INVALID, "plan_unavailable", False),
    (AppNotInstalledError("gone"), "initialize", False, Status.INVALID, "app_not_installed", False),
    (KeyError("harness bug"), "verifier", True, Status.INVALID, "unexpected_error", True),
])
def test_attribution_rows(exc, phase, acted, status, cause, retry):
    got = attribute(exc, phase, agent_acted=acted)
    assert (got.status, got.cause, got.retryable) == (status, cause, retry)


def test_a_builtin_adapters_exception_is_ours_and_a_user_agents_is_its_own():
    """The same undeclared exception in the agent phase: a user's agent failed; a built-in adapter
    (model adapters, oracle) has a bug, which makes the episode invalid and the run ineligible."""
    user = attribute(ValueError("cannot convert float NaN to integer"), "agent", user_agent=True)
    ours = attribute(ValueError("cannot convert float NaN to integer"), "agent", user_agent=False)
    assert (user.status, user.cause) == (Status.VALID_FAILURE, "agent_exception")
    assert (ours.status, ours.cause, ours.retryable) == (Status.INVALID, "adapter_error", False)
    assert {"adapter_error", "hook_error"} <= BLOCKING_CAUSES


def test_device_kind_is_what_the_device_says():
    assert measure_device_kind("1\n") == "sim"
    assert measure_device_kind("\n") == "emulator" and measure_device_kind("") == "emulator"
