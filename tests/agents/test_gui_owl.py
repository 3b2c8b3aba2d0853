"""GUI-Owl-7B: request golden, every action form, resized-pixel coordinates, reference bugs."""

from __future__ import annotations

import json

import pytest

from pytest_anyapp.errors import ActionParseError, MalformedActionError
from pytest_anyapp.outcomes import Status, status_for_exception

from .conftest import C1_GOAL, C2_GOAL, observation, request_images, texts, tool_call

NAME = "GUI-Owl-7B"


def owl(arguments: dict, *, thinking: bool = True, conclusion: str | None = "Did it.") -> str:
    before = "<thinking>\nLook at the screen.\n</thinking>\n" if thinking else ""
    after = f"\n<conclusion>{conclusion}</conclusion>" if conclusion is not None else ""
    return tool_call(arguments, before, after)


def test_request_golden(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "wait"}))
    agent.step(observation())
    body = server.requests[0]
    assert body["model"] == "mPLUG/GUI-Owl-7B"
    assert body["max_tokens"] == 4096 and body["temperature"] == 0.0
    assert set(body) == {"model", "messages", "max_tokens", "temperature"}
    system, user = body["messages"]
    assert system["role"] == "system" and user["role"] == "user"
    system_text = texts(system)[0]
    assert system_text.startswith("You are a helpful assistant.")
    assert "<tools>" in system_text and "<tool_call>" in system_text
    assert "1092x2408" in system_text, "the tool states the resized resolution"
    declared = json.loads(system_text.split("<tools>\n", 1)[1].split("\n</tools>", 1)[0])
    assert declared["name"] == "mobile_use"
    assert declared["parameters"]["properties"]["action"]["enum"] == [
        "click", "long_press", "swipe", "type", "answer", "system_button", "wait", "terminate"]
    (text,) = texts(user)
    assert text.startswith(f"The user query: {C1_GOAL}\nTask progress")
    assert "<thinking></thinking>" in text and "<conclusion></conclusion>" in text
    assert user["content"][-1]["type"] == "image_url", "text first, then the one screenshot"
    assert request_images(body) == [("png", (1092, 2408))]


def test_history_is_the_previous_conclusions_without_images(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "wait"}, conclusion='Opened the "Messages" app\nsuccessfully'),
                  owl({"action": "wait"}, conclusion="Waited."), owl({"action": "wait"}))
    for _ in range(3):
        agent.step(observation())
    text = texts(server.requests[2]["messages"][1])[0]
    assert "Step 1: Opened the Messages app successfully; Step 2: Waited.; ." in text
    assert len(request_images(server.requests[2])) == 1


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"action": "click", "coordinate": [546, 1204]}, {"action": "click", "coordinate": (540, 1200)}),
    ({"action": "click", "coordinate": [0, 0, 1092, 2408]}, {"action": "click", "coordinate": (540, 1200)}),
    ({"action": "tap", "coordinate": [1092, 2408]}, {"action": "click", "coordinate": (1079, 2399)}),
    ({"action": "long_press", "coordinate": [273, 602]}, {"action": "long_press", "coordinate": (270, 600)}),
    ({"action": "swipe", "coordinate": [546, 1806], "coordinate2": [546, 602]},
     {"action": "swipe", "coordinate": (540, 1800), "coordinate2": (540, 600)}),
    ({"action": "type", "text": "See you at 6"}, {"action": "type", "text": "See you at 6"}),
    ({"action": "answer", "text": "42 messages"}, {"action": "answer", "text": "42 messages"}),
    ({"action": "system_button", "button": "Back"}, {"action": "system_button", "button": "back"}),
    ({"action": "system_button", "button": "home"}, {"action": "system_button", "button": "home"}),
    ({"action": "system_button", "button": "ENTER"}, {"action": "system_button", "button": "enter"}),
    ({"action": "wait", "time": 2}, {"action": "wait"}),
    ({"action": "open", "text": "Simple SMS Messenger"}, {"action": "open", "text": "Simple SMS Messenger"}),
    ({"action": "terminate", "status": "success"}, {"action": "terminate", "status": "success"}),
    ({"action": "terminate", "status": "failure"}, {"action": "terminate", "status": "failure"}),
])
def test_every_action_form_maps_to_device_pixels(make_agent, arguments: dict, expected: dict) -> None:
    agent, server = make_agent(NAME)
    server.script(owl(arguments))
    step = agent.step(observation())
    assert step.action.model_dump(exclude_none=True) == expected


def test_coordinates_follow_the_actual_screen_size(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "click", "coordinate": [100, 200]}))
    step = agent.step(observation(size=(720, 1600)))
    (fmt, (w, h)), = request_images(server.requests[0])
    assert w % 28 == 0 and h % 28 == 0
    assert step.action.coordinate == (round(100 * 720 / w), round(200 * 1600 / h))


def test_bug1_terminate_keeps_its_status(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "terminate", "status": "failure"}))
    step = agent.step(observation())
    assert step.action.status == "failure"
    assert step.extra["raw_terminate_status"] == "failure"


@pytest.mark.parametrize("button", ["back", "Back", "BACK"])
def test_bug2_button_names_are_case_insensitive(make_agent, button: str) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "system_button", "button": button}))
    assert agent.step(observation()).action.button == "back"


def test_bug2_menu_is_a_scored_malformed_action(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "system_button", "button": "Menu"}))
    with pytest.raises(MalformedActionError):
        agent.step(observation())


@pytest.mark.parametrize(("thinking", "conclusion"), [(False, "ok"), (True, None), (False, None)])
def test_bug3_missing_tags_around_a_valid_call_keep_the_episode_scorable(make_agent, thinking: bool,
                                                                        conclusion: str | None) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "click", "coordinate": [546, 1204]}, thinking=thinking, conclusion=conclusion),
                  owl({"action": "wait"}))
    step = agent.step(observation())
    assert step.action.action == "click"
    assert step.extra["missing_tags"]
    agent.step(observation())
    assert "Step 1: " in texts(server.requests[1]["messages"][1])[0]


def test_bug3_missing_tool_call_is_a_parse_error_not_invalid(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script("<thinking>\nI should tap send\n</thinking>\n<conclusion>Tapped send</conclusion>")
    with pytest.raises(ActionParseError) as info:
        agent.step(observation())
    assert status_for_exception(info.value, "agent") is Status.VALID_FAILURE


def test_bug6_answer_ends_the_episode_in_the_same_call(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(owl({"action": "answer", "text": "Bob"}))
    step = agent.step(observation())
    assert step.action.action == "answer" and step.action.text == "Bob"
    assert step.action.ends_episode
    assert step.model_calls == 1 and server.remaining == 0


def test_think_close_tag_is_read_as_the_thought(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script("I need the send button.</think>" + owl({"action": "wait"}, thinking=False))
    assert agent.step(observation()).thought == "I need the send button."


@pytest.mark.parametrize("goal", [C1_GOAL, C2_GOAL])
def test_c2_hook_prompt_goal_goes_after_the_user_query_label_every_step(make_agent, goal: str) -> None:
    agent, server = make_agent(NAME, goal=goal)
    server.script(owl({"action": "wait"}), owl({"action": "wait"}))
    agent.step(observation("privileged goal that must not be used"))
    agent.step(observation("privileged goal that must not be used"))
    for body in server.requests:
        text = texts(body["messages"][1])[0]
        assert text.startswith(f"The user query: {goal}\nTask progress")
        assert "privileged" not in json.dumps(body)


def test_open_can_be_advertised_by_config(make_agent) -> None:
    agent, server = make_agent(NAME, overrides={NAME: {"options": {"advertise_open": True}}})
    server.script(owl({"action": "wait"}))
    agent.step(observation())
    system_text = texts(server.requests[0]["messages"][0])[0]
    declared = json.loads(system_text.split("<tools>\n", 1)[1].split("\n</tools>", 1)[0])
    assert "open" in declared["parameters"]["properties"]["action"]["enum"]
