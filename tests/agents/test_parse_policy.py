"""The parse-failure policy: fail (default) | retry:N | wait; raw output always kept."""

from __future__ import annotations

import pytest

from pytest_anyapp.agents.models.parse_policy import ParseFailurePolicy
from pytest_anyapp.agents.registry import AgentOptions
from pytest_anyapp.errors import ActionParseError, ConfigError, MalformedActionError
from pytest_anyapp.outcomes import Status, status_for_exception

from .conftest import observation, tool_call

GOOD = tool_call({"action": "click", "coordinate": [500, 500]}, "Thought: t\nAction: Tap.\n")
NO_CALL = "Thought: I will tap the button.\nAction: Tap it."
BAD_JSON = "Thought: t\nAction: Tap.\n<tool_call>\n{\"name\": \"mobile_use\", \"arguments\": {\"action\": \n</tool_call>"


@pytest.mark.parametrize(("spec", "mode", "calls"), [(None, "fail", 1), ("fail", "fail", 1), ("wait", "wait", 1),
                                                      ("retry:3", "retry", 4), ("RETRY:0", "retry", 1)])
def test_policy_specs(spec: str | None, mode: str, calls: int) -> None:
    policy = ParseFailurePolicy.parse(spec)
    assert policy.mode == mode and policy.max_calls == calls


@pytest.mark.parametrize("spec", ["retry", "retry:-1", "skip", "retry:x"])
def test_bad_policy_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        ParseFailurePolicy.parse(spec)
    with pytest.raises(ConfigError):
        AgentOptions(parse_failure=spec)


def test_default_fail_is_a_scored_failure_with_the_raw_output(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B")
    server.script(NO_CALL)
    with pytest.raises(ActionParseError) as info:
        agent.step(observation())
    assert info.value.raw_output == NO_CALL
    assert status_for_exception(info.value, "agent") is Status.VALID_FAILURE
    assert len(server.requests) == 1


def test_retry_asks_again_and_keeps_every_raw_output(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B", parse_failure="retry:2")
    server.script(NO_CALL, BAD_JSON, GOOD)
    step = agent.step(observation())
    assert step.action.action == "click"
    assert step.model_calls == 3
    assert step.extra["raw_outputs"] == [NO_CALL, BAD_JSON, GOOD]
    assert len(step.extra["parse_errors"]) == 2
    assert step.raw_output == GOOD
    assert server.requests[0]["messages"] == server.requests[2]["messages"], "a retry re-sends the same prompt"


def test_retry_budget_exhausted_fails_with_all_outputs(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B", parse_failure="retry:1")
    server.script(NO_CALL, BAD_JSON)
    with pytest.raises(ActionParseError) as info:
        agent.step(observation())
    assert info.value.raw_outputs == [NO_CALL, BAD_JSON]  # type: ignore[attr-defined]
    assert server.remaining == 0


def test_wait_policy_turns_unusable_output_into_wait(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B", parse_failure="wait")
    menu = tool_call({"action": "system_button", "button": "Menu"}, "Thought: t\nAction: Menu.\n")
    server.script(menu, GOOD)
    step = agent.step(observation())
    assert step.action.action == "wait"
    assert step.raw_output == menu
    assert "MalformedActionError" in step.extra["parse_errors"][0]
    step2 = agent.step(observation())
    assert step2.action.action == "click"
    history_text = server.requests[1]["messages"][1]["content"][0]["text"]
    assert "Step 1: wait" in history_text


def test_malformed_action_is_a_scored_failure(make_agent) -> None:
    agent, server = make_agent("GUI-Owl-7B")
    server.script(tool_call({"action": "double_click", "coordinate": [1, 1]}))
    with pytest.raises(MalformedActionError) as info:
        agent.step(observation())
    assert status_for_exception(info.value, "agent") is Status.VALID_FAILURE
