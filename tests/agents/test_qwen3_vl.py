"""Qwen3-VL (8B, 30B-A3B) and UI-Voyager: request goldens, 0-999 coordinates, history, bugs."""

from __future__ import annotations

import json

import pytest

from pytest_anyapp.agents.models.qwen3_vl import with_period
from pytest_anyapp.errors import ActionParseError

from .conftest import C1_GOAL, C2_GOAL, observation, request_images, texts, tool_call


def qwen(arguments: dict, action_line: str | None = "Tap the button.") -> str:
    before = "Thought: The button is visible.\n" + (f"Action: {action_line}\n" if action_line else "")
    return tool_call(arguments, before)


def declared_enum(system_text: str) -> list[str]:
    declared = json.loads(system_text.split("<tools>\n", 1)[1].split("\n</tools>", 1)[0])
    return declared["parameters"]["properties"]["action"]["enum"]


@pytest.mark.parametrize(("name", "model"), [("Qwen3-VL-8B", "Qwen/Qwen3-VL-8B-Instruct"),
                                             ("Qwen3-VL-30B-A3B", "Qwen/Qwen3-VL-30B-A3B-Instruct")])
def test_qwen3_request_golden(make_agent, name: str, model: str) -> None:
    agent, server = make_agent(name)
    server.script(qwen({"action": "wait"}))
    agent.step(observation())
    body = server.requests[0]
    assert body["model"] == model
    assert {k: body[k] for k in ("max_tokens", "temperature")} == {"max_tokens": 4096, "temperature": 0.0}
    system, user = body["messages"]
    system_text = texts(system)[0]
    assert "999x999" in system_text and "Thought:" in system_text and "Action:" in system_text
    assert "open" not in declared_enum(system_text), "decision §9.9: open is not advertised"
    (text,) = texts(user)
    assert text == (f"The user query: {C1_GOAL}.\n"
                    "Task progress (operations you have already performed on this device): .\n")
    assert request_images(body) == [("png", (1088, 2400))]


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"action": "click", "coordinate": [500, 500]}, {"action": "click", "coordinate": (541, 1201)}),
    ({"action": "click", "coordinate": [0, 0]}, {"action": "click", "coordinate": (0, 0)}),
    ({"action": "click", "coordinate": [999, 999]}, {"action": "click", "coordinate": (1079, 2399)}),
    ({"action": "click", "coordinate": [1000, 1000]}, {"action": "click", "coordinate": (1079, 2399)}),
    ({"action": "click", "coordinate": [400, 400, 600, 600]}, {"action": "click", "coordinate": (541, 1201)}),
    ({"action": "long_press", "coordinate": [250, 750]}, {"action": "long_press", "coordinate": (270, 1802)}),
    ({"action": "swipe", "coordinate": [500, 800], "coordinate2": [500, 200]},
     {"action": "swipe", "coordinate": (541, 1922), "coordinate2": (541, 480)}),
    ({"action": "swipe", "direction": "up"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 600)}),
    ({"action": "type", "text": "hello"}, {"action": "type", "text": "hello"}),
    ({"action": "answer", "text": "3"}, {"action": "answer", "text": "3"}),
    ({"action": "system_button", "button": "Home"}, {"action": "system_button", "button": "home"}),
    ({"action": "wait"}, {"action": "wait"}),
    ({"action": "open", "text": "Messages"}, {"action": "open", "text": "Messages"}),
    ({"action": "open_app", "text": "Messages"}, {"action": "open_app", "text": "Messages"}),
    ({"action": "terminate", "status": "success"}, {"action": "terminate", "status": "success"}),
    ({"action": "terminate", "status": "failure"}, {"action": "terminate", "status": "failure"}),
])
@pytest.mark.parametrize("name", ["Qwen3-VL-8B", "UI-Voyager"])
def test_every_action_form_maps_from_0_999_to_device_pixels(make_agent, name: str, arguments: dict,
                                                            expected: dict) -> None:
    agent, server = make_agent(name)
    server.script(qwen(arguments))
    if name == "UI-Voyager" and "direction" in arguments:
        expected = {"action": "wait"}  # UI-Voyager's executor: a swipe without both points is a wait
    assert agent.step(observation()).action.model_dump(exclude_none=True) == expected


def test_qwen3_history_is_the_previous_action_lines(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B")
    server.script(qwen({"action": "wait"}, "Wait for the app."), qwen({"action": "wait"}, None), qwen({"action": "wait"}))
    for _ in range(3):
        agent.step(observation())
    text = texts(server.requests[2]["messages"][1])[0]
    assert 'Step 1: Wait for the app.; Step 2: {"action": "wait"}; .' in text


def test_qwen3_missing_tool_call_is_a_parse_error(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B")
    server.script("Thought: done.\nAction: Stop.")
    with pytest.raises(ActionParseError):
        agent.step(observation())


def test_ui_voyager_request_golden(make_agent) -> None:
    agent, server = make_agent("UI-Voyager")
    server.script(qwen({"action": "wait"}, "Wait."), qwen({"action": "wait"}))
    agent.step(observation())
    agent.step(observation())
    first, second = server.requests
    assert first["model"] == "MarsXL/UI-Voyager"
    assert first["max_tokens"] == 16384, "bug §9.8: not capped at 512"
    assert first["temperature"] == 0.7 and first["top_p"] == 0.8
    system, user = first["messages"]
    assert "999x999" in texts(system)[0] and "answer" in texts(system)[0]
    assert [p["type"] for p in user["content"]] == ["text", "image_url", "text"]
    assert user["content"][1]["image_url"]["detail"] == "high"
    assert request_images(first) == [("jpeg", (1080, 2400))]
    assert user["content"][0]["text"] == f"The user query: {C1_GOAL}\nThis is the current screenshot: "
    assert "Task progress" in second["messages"][1]["content"][0]["text"]
    assert "\nStep1: Wait.\n" in second["messages"][1]["content"][0]["text"]


def test_ui_voyager_keeps_the_last_30_steps(make_agent) -> None:
    agent, server = make_agent("UI-Voyager")
    server.script(*[qwen({"action": "wait"}, f"Wait number {i + 1}.") for i in range(32)])
    for _ in range(32):
        agent.step(observation())
    text = server.requests[-1]["messages"][1]["content"][0]["text"]
    assert "Step1:" not in text and "Step2: Wait number 2." in text and "Step31: Wait number 31." in text


def test_ui_voyager_bug8_a_long_thought_still_fits(make_agent) -> None:
    agent, server = make_agent("UI-Voyager")
    long_thought = "Thought: " + "reasoning " * 600 + "\nAction: Tap.\n"
    server.script(tool_call({"action": "click", "coordinate": [10, 10]}, long_thought))
    assert agent.step(observation()).action.action == "click"
    assert server.requests[0]["max_tokens"] > 512 * 2


@pytest.mark.parametrize("name", ["Qwen3-VL-8B", "UI-Voyager"])
@pytest.mark.parametrize("goal", [C1_GOAL, C2_GOAL])
def test_c2_hook_prompt_goal_in_the_user_query_slot(make_agent, name: str, goal: str) -> None:
    agent, server = make_agent(name, goal=goal)
    server.script(qwen({"action": "wait"}))
    agent.step(observation("privileged"))
    text = server.requests[0]["messages"][1]["content"][0]["text"]
    shown = with_period(goal) if name == "Qwen3-VL-8B" else goal
    expected = f"The user query: {shown}\n"
    assert text.startswith(expected)
    assert "privileged" not in json.dumps(server.requests[0])


@pytest.mark.parametrize("name", ["Qwen3-VL-8B", "UI-Voyager"])
def test_bug6_answer_ends_at_once(make_agent, name: str) -> None:
    agent, server = make_agent(name)
    server.script(qwen({"action": "answer", "text": "Alice"}))
    step = agent.step(observation())
    assert step.action.ends_episode and step.action.text == "Alice" and step.model_calls == 1
