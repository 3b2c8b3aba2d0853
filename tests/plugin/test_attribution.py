"""The attribution table (README, "Who is to blame"), row by row, on simulated devices.

Each agent here is a tiny conftest agent; the device is the real simulated device reached over adb.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

AGENTS = '''
import os
from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep
from pytest_anyapp.errors import ActionParseError


class Scripted(Agent):
    """Plays a fixed list of actions, then gives up."""
    name = "scripted"

    def __init__(self, actions):
        self.actions = actions

    def reset(self, context):
        super().reset(context)
        self.i = 0

    def step(self, observation):
        hook = getattr(self, "before_step", None)
        if hook:
            hook(observation.step_index)
        action = self.actions[self.i] if self.i < len(self.actions) else Action(action="terminate", status="failure")
        self.i += 1
        return AgentStep(action=action)


def opens_disabled():
    # a sibling of the pair's app is disabled by category isolation: the device refuses to open it
    return Scripted([Action(action="open_app", text="Fossify Messages")])


def crash_after_acting():
    agent = Scripted([Action(action="wait"), Action(action="wait")])

    def before_step(index):
        if index == 1:  # after the first action reached the device, the app crashes
            from pytest_anyapp.sim.console_client import console_command
            console_command(int(os.environ["ANYAPP_TEST_CONSOLE"]),
                            "sim dialog crash com.simplemobiletools.smsmessenger")
    agent.before_step = before_step
    return agent


class Raises(Agent):
    name = "raises"

    def step(self, observation):
        raise RuntimeError("bug in a user agent")


class Garbles(Agent):
    name = "garbles"

    def step(self, observation):
        raise ActionParseError("not a tool call", raw_output="I think I will tap")


def pytest_anyapp_make_agent(name, options):
    if name == "hook-raises":
        raise ValueError("bug in a user hook")
    factories = {"opens-disabled": opens_disabled, "crash-after-acting": crash_after_acting,
                 "raises": Raises, "garbles": Garbles}
    return factories[name]() if name in factories else None
'''

FINISHED_RAISES = '''
def pytest_anyapp_episode_finished(record, item):
    raise KeyError("bug in a user hook after the episode")
'''

PAIR = ["-k", "SmsSend-simple_sms_messenger-i0"]


@pytest.fixture
def bench(pairs_dir: pytest.Pytester) -> pytest.Pytester:
    pairs_dir.makeconftest(AGENTS)
    return pairs_dir


def _record(root: Path, run: str = "r") -> dict:
    (path,) = (root / "res" / run).glob("*/episode.json")
    return json.loads(path.read_text())


def test_device_refusal_is_recorded_and_the_agent_fails(bench):
    """Opening an app the device has disabled is the agent's business: the step keeps the device's
    answer, the episode goes on, and an agent that then gives up has failed (not invalid)."""
    result = bench.runpytest("--agent=opens-disabled", *PAIR, "--results-dir=res", "--run-id=r")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*device refused: monkey: ** No activities found to run, monkey aborted*"])
    rec = _record(bench.path)
    assert rec["status"] == "valid_failure" and rec["exception"] is None and len(rec["attempts"]) == 1
    first, second = rec["steps"]
    assert first["action"]["action"] == "open_app"
    assert "No activities found to run" in first["device_output"]
    assert "monkey aborted" in first["device_refused"]
    assert second["action"]["action"] == "terminate" and second["device_refused"] is None


def test_app_fault_after_the_agent_acted_is_invalid_and_not_retried(bench, sim_device, monkeypatch):
    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    monkeypatch.setenv("ANYAPP_TEST_CONSOLE", str(sim_device.console_port))
    result = bench.runpytest("--agent=crash-after-acting", *PAIR, "--results-dir=res", "--run-id=r",
                             "--infra-retries=2", "--wait-seconds=0")
    result.stdout.fnmatch_lines(["*1 episode(s) invalid because the app crashed*", "*1 invalid*"])
    rec = _record(bench.path)
    assert rec["status"] == "invalid_infrastructure"
    assert rec["exception"]["cause"] == "app_fault" and rec["exception"]["retryable"] is False
    assert "Application Error" in rec["exception"]["message"] and len(rec["attempts"]) == 1
    assert len(rec["steps"]) == 2  # the steps of the attempt are kept
    summary = json.loads((bench.path / "res" / "r" / "summary.json").read_text())
    assert summary["run"]["app_faults"] == {"sms_simple_sms_messenger": 1}


def test_a_user_agents_exception_is_its_failure_with_traceback_not_retried(bench):
    """An exception raised by a user's agent counts against it: a scored failure, in every rate."""
    result = bench.runpytest("--agent=raises", *PAIR, "--results-dir=res", "--run-id=r", "--infra-retries=2")
    result.assert_outcomes(failed=1)
    rec = _record(bench.path)
    assert rec["status"] == "valid_failure" and rec["exception"]["cause"] == "agent_exception"
    assert "bug in a user agent" in rec["exception"]["message"] and "Traceback" in rec["exception"]["traceback"]
    assert len(rec["attempts"]) == 1 and rec["stop_reason"] == "agent_exception"


def test_a_user_hooks_exception_is_invalid_with_traceback_not_retried(bench):
    result = bench.runpytest("--agent=hook-raises", *PAIR, "--results-dir=res", "--run-id=r", "--infra-retries=2")
    result.stdout.fnmatch_lines(["*1 invalid*"])
    rec = _record(bench.path)
    assert rec["status"] == "invalid_infrastructure" and rec["exception"]["cause"] == "hook_error"
    assert "bug in a user hook" in rec["exception"]["message"] and "Traceback" in rec["exception"]["traceback"]
    assert len(rec["attempts"]) == 1


def test_episode_finished_hook_exception_cannot_break_the_run(bench):
    bench.makeconftest(AGENTS + FINISHED_RAISES)
    result = bench.runpytest("--agent=null", "-k", "SmsSend- and -i0 and (simple or fossify)", "--results-dir=res",
                             "--run-id=r")
    result.stdout.fnmatch_lines(["*2 invalid*"])
    records = [json.loads(p.read_text()) for p in (bench.path / "res" / "r").glob("*/episode.json")]
    assert len(records) == 2
    assert {r["exception"]["cause"] for r in records} == {"hook_error"}
    assert all(r["verifier"] is not None for r in records)  # what was measured is kept


def test_unusable_model_output_is_the_agents_failure(bench):
    bench.runpytest("--agent=garbles", *PAIR, "--results-dir=res", "--run-id=r").assert_outcomes(failed=1)
    rec = _record(bench.path)
    assert rec["status"] == "valid_failure" and rec["exception"]["cause"] == "action_parse_error"
    assert rec["steps"][-1]["raw_output"] == "I think I will tap"
