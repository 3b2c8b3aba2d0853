"""UI-Venus-7B and openai-python-action: request golden, python-call grammar, pixels of the sent image."""

from __future__ import annotations

import json

import pytest

from pytest_anyapp.agents.models.python_action import candidates, parse_call
from pytest_anyapp.errors import ActionParseError, MalformedActionError

from .conftest import C1_GOAL, C2_GOAL, observation, request_images, texts

VENUS = "UI-Venus-7B"


def venus(call: str) -> str:
    return f"<think>I see the screen.</think>\n<action>{call}</action>\n<conclusion>Did {call}.</conclusion>"


def test_ui_venus_request_golden(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus("Wait()"))
    agent.step(observation())
    body = server.requests[0]
    assert body["model"] == "inclusionAI/UI-Venus-Navi-7B"
    sampling = {k: body[k] for k in ("max_tokens", "temperature", "top_p", "top_k", "repetition_penalty")}
    assert sampling == {"max_tokens": 2048, "temperature": 0.0, "top_p": 1.0, "top_k": -1, "repetition_penalty": 1.05}
    (user,) = body["messages"]
    assert user["role"] == "user", "no system message"
    assert [p["type"] for p in user["content"]] == ["text", "image_url"]
    text = texts(user)[0]
    for section in ("### User Task", "### Previous Actions", "### Available Actions", "### Instruction"):
        assert section in text
    assert "CallUser(content='')" in text and "PressRecent" not in text
    assert "\n### Previous Actions\nNone\n" in text


def test_bug7_ui_venus_image_is_smart_resized_to_factor_28(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus("Wait()"))
    agent.step(observation())
    ((fmt, (w, h)),) = request_images(server.requests[0])
    assert (w, h) == (644, 1428)
    assert w % 28 == 0 and h % 28 == 0 and 830000 <= w * h <= 937664


def test_generic_python_action_request(make_agent) -> None:
    agent, server = make_agent("openai-python-action")
    server.script(venus("Wait()"))
    agent.step(observation())
    body = server.requests[0]
    assert body["model"] == "Qwen/Qwen2.5-VL-72B-Instruct"
    assert {k: body[k] for k in ("max_tokens", "temperature")} == {"max_tokens": 2048, "temperature": 0.0}
    assert "top_k" not in body and "repetition_penalty" not in body


def test_history_is_a_numbered_list_of_raw_calls(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus("Launch(app='Messages')"), venus("Click(box=(100, 200))"), venus("Wait()"))
    for _ in range(3):
        agent.step(observation())
    text = texts(server.requests[2]["messages"][0])[0]
    assert "### Previous Actions\n1. Launch(app='Messages')\n2. Click(box=(100, 200))\n" in text


# 644x1428 sent for a 1080x2400 screen: x * 1080/644, y * 2400/1428.
@pytest.mark.parametrize(("call", "expected"), [
    ("Click(box=(322, 714))", {"action": "click", "coordinate": (540, 1200)}),
    ("Click(box='(322, 714)')", {"action": "click", "coordinate": (540, 1200)}),
    ("LongPress(box=(161, 357))", {"action": "long_press", "coordinate": (270, 600)}),
    ("Drag(start=(322, 1071), end=(322, 357))", {"action": "swipe", "coordinate": (540, 1800), "coordinate2": (540, 600)}),
    ("Scroll(start=(322, 1071), end=(322, 357), direction='up')",
     {"action": "swipe", "coordinate": (540, 1800), "coordinate2": (540, 600)}),
    ("Scroll(direction='up')", {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 768)}),
    ("Scroll(direction='down')", {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 1632)}),
    ("Scroll(direction='left')", {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (0, 1200)}),
    ("Scroll(direction='right')", {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (1079, 1200)}),
    ("Type(content='See you at 6')", {"action": "type", "text": "See you at 6"}),
    ("Launch(app='Simple SMS Messenger')", {"action": "open_app", "text": "Simple SMS Messenger"}),
    ("Wait()", {"action": "wait"}),
    ("Finished(content='')", {"action": "terminate", "status": "success"}),
    ("Finished()", {"action": "terminate", "status": "success"}),
    ("CallUser(content='The code is 4417')", {"action": "answer", "text": "The code is 4417"}),
    ("PressBack()", {"action": "system_button", "button": "back"}),
    ("PressHome()", {"action": "system_button", "button": "home"}),
    ("PressEnter()", {"action": "system_button", "button": "enter"}),
])
def test_every_call_form(make_agent, call: str, expected: dict) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus(call))
    assert agent.step(observation()).action.model_dump(exclude_none=True) == expected


def test_bug5_calluser_is_an_answer_with_its_text(make_agent) -> None:
    agent, server = make_agent("openai-python-action")
    server.script(venus("CallUser(content='Alice, Bob')"))
    step = agent.step(observation())
    assert step.action.action == "answer" and step.action.text == "Alice, Bob"
    assert step.action.ends_episode and step.model_calls == 1


def test_finished_content_is_recorded(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus("Finished(content='sent')"))
    step = agent.step(observation())
    assert step.action.status == "success" and step.extra["finished_content"] == "sent"


def test_press_recent_has_no_equivalent(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script(venus("PressRecent()"))
    with pytest.raises(MalformedActionError):
        agent.step(observation())


def test_no_call_is_a_parse_error(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script("<think>I am not sure what to do.</think><conclusion>nothing</conclusion>")
    with pytest.raises(ActionParseError):
        agent.step(observation())


def test_a_call_outside_the_action_tag_is_found(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script("<think>I will press back now: PressBack()</think>")
    assert agent.step(observation()).action.button == "back"


def test_the_first_action_block_is_the_action_as_upstream() -> None:
    text = "<action>Type(content='a)b')</action> later <action>Click(box=(1, 2))</action>"
    assert candidates(text) == ["Type(content='a)b')"]
    assert parse_call(candidates(text)[0]) == ("Type", {"content": "a)b"})


def test_an_unreadable_action_block_is_not_replaced_by_a_call_elsewhere(make_agent) -> None:
    agent, server = make_agent(VENUS)
    server.script("<action>Click(box=None)</action> fallback: Wait()")
    with pytest.raises(ActionParseError):
        agent.step(observation())


@pytest.mark.parametrize("goal", [C1_GOAL, C2_GOAL])
@pytest.mark.parametrize("name", [VENUS, "openai-python-action"])
def test_c2_hook_prompt_goal_in_the_user_task_section(make_agent, name: str, goal: str) -> None:
    agent, server = make_agent(name, goal=goal)
    server.script(venus("Wait()"))
    agent.step(observation("privileged"))
    text = texts(server.requests[0]["messages"][0])[0]
    assert f"### User Task\n{goal}\n\n### Previous Actions" in text
    assert "privileged" not in json.dumps(server.requests[0])
