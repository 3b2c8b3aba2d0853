"""MAI-UI-8B: multi-turn request golden, 0-999 coordinates, swipes, terminate status, bugs."""

from __future__ import annotations

import json

import pytest

from pytest_anyapp.errors import MalformedActionError

from .conftest import C1_GOAL, C2_GOAL, observation, request_images, texts, tool_call

NAME = "MAI-UI-8B"


def mai(arguments: dict, thought: str = "Plan. Next: tap Send.") -> str:
    return tool_call(arguments, f"<thinking>\n{thought}\n</thinking>\n")


def test_first_request_golden(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "wait"}))
    agent.step(observation())
    body = server.requests[0]
    assert body["model"] == "Tongyi-MAI/MAI-UI-8B"
    sampling = {k: body[k] for k in ("max_tokens", "temperature", "top_p", "frequency_penalty", "presence_penalty",
                                     "seed", "top_k", "repetition_penalty")}
    assert sampling == {"max_tokens": 2048, "temperature": 0.0, "top_p": 1.0, "frequency_penalty": 0.0,
                        "presence_penalty": 0.0, "seed": 42, "top_k": -1, "repetition_penalty": 1.0}
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["system", "user", "user"]
    system_text = texts(body["messages"][0])[0]
    assert "<thinking>" in system_text and '"terminate", "status": "success or fail"' in system_text
    assert "menu" not in system_text, "menu cannot be executed, so it is not offered"
    assert texts(body["messages"][1]) == [C1_GOAL]
    assert request_images(body) == [("png", (1080, 2400))], "no harness-side resize"


def test_history_keeps_assistant_turns_and_the_last_two_screenshots(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "click", "coordinate": [500.4, 250]}, "first"),
                  mai({"action": "swipe", "direction": "up"}, "second"),
                  mai({"action": "type", "text": "hi"}, "third"),
                  mai({"action": "wait"}))
    for _ in range(4):
        agent.step(observation())
    body = server.requests[3]
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user", "assistant", "user"]
    assert len(request_images(body)) == 3
    first_assistant = texts(body["messages"][2])[0]
    assert first_assistant == ('<thinking>\nfirst\n</thinking>\n<tool_call>\n'
                               '{"name":"mobile_use","arguments":{"action":"click","coordinate":[500,250]}}\n</tool_call>')
    assert '"direction":"up"' in texts(body["messages"][4])[0], "re-serialised in the model's own 0-999 space"


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"action": "click", "coordinate": [500, 500]}, {"action": "click", "coordinate": (541, 1201)}),
    ({"action": "long_press", "coordinate": [100, 900]}, {"action": "long_press", "coordinate": (108, 2162)}),
    ({"action": "type", "text": "See you at 6"}, {"action": "type", "text": "See you at 6"}),
    ({"action": "swipe", "direction": "up"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 768)}),
    ({"action": "swipe", "direction": "down"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 1632)}),
    ({"action": "swipe", "direction": "left"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (324, 1200)}),
    ({"action": "swipe", "direction": "right"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (756, 1200)}),
    ({"action": "swipe", "direction": "up", "coordinate": [500, 900]},
     {"action": "swipe", "coordinate": (541, 2162), "coordinate2": (541, 1730)}),
    ({"action": "swipe", "direction": "up", "coordinate": [500, 100]},
     {"action": "swipe", "coordinate": (541, 240), "coordinate2": (541, 0)}),
    ({"action": "open", "text": "Simple SMS Messenger"}, {"action": "open", "text": "Simple SMS Messenger"}),
    ({"action": "drag", "start_coordinate": [100, 100], "end_coordinate": [900, 100]},
     {"action": "swipe", "coordinate": (108, 240), "coordinate2": (973, 240)}),
    ({"action": "system_button", "button": "back"}, {"action": "system_button", "button": "back"}),
    ({"action": "system_button", "button": "Enter"}, {"action": "system_button", "button": "enter"}),
    ({"action": "wait"}, {"action": "wait"}),
    ({"action": "terminate", "status": "success"}, {"action": "terminate", "status": "success"}),
    ({"action": "terminate", "status": "fail"}, {"action": "terminate", "status": "failure"}),
    ({"action": "answer", "text": "He said \"yes\"\nthen left"}, {"action": "answer", "text": "He said \"yes\"\nthen left"}),
])
def test_every_action_form(make_agent, arguments: dict, expected: dict) -> None:
    agent, server = make_agent(NAME)
    server.script(mai(arguments))
    assert agent.step(observation()).action.model_dump(exclude_none=True) == expected


def test_bug1_fail_status_is_a_failure_and_the_raw_value_is_kept(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "terminate", "status": "fail"}))
    step = agent.step(observation())
    assert step.action.status == "failure"
    assert step.extra["raw_terminate_status"] == "fail"


@pytest.mark.parametrize("direction", ["up", "down", "left", "right"])
def test_bug4_direction_only_swipes_stay_on_screen(make_agent, direction: str) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "swipe", "direction": direction}))
    action = agent.step(observation()).action
    for x, y in (action.coordinate, action.coordinate2):
        assert 0 <= x < 1080 and 0 <= y < 2400
    assert action.coordinate == (540, 1200), "starts at the centre in device pixels"


def test_menu_is_a_scored_malformed_action(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "system_button", "button": "menu"}))
    with pytest.raises(MalformedActionError):
        agent.step(observation())


def test_think_close_tag_is_accepted(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script('I will wait.</think>\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "wait"}}\n</tool_call>')
    step = agent.step(observation())
    assert step.action.action == "wait" and step.thought == "I will wait."


def test_bug6_answer_ends_at_once(make_agent) -> None:
    agent, server = make_agent(NAME)
    server.script(mai({"action": "answer", "text": "Tuesday"}))
    step = agent.step(observation())
    assert step.action.ends_episode and step.action.text == "Tuesday" and step.model_calls == 1


@pytest.mark.parametrize("goal", [C1_GOAL, C2_GOAL])
def test_c2_hook_prompt_goal_is_the_first_user_message_every_turn(make_agent, goal: str) -> None:
    agent, server = make_agent(NAME, goal=goal)
    server.script(mai({"action": "wait"}), mai({"action": "wait"}))
    agent.step(observation("privileged"))
    agent.step(observation("privileged"))
    for body in server.requests:
        assert texts(body["messages"][1]) == [goal]
        assert "privileged" not in json.dumps(body)


def test_reset_starts_a_fresh_conversation(make_agent) -> None:
    from .conftest import context

    agent, server = make_agent(NAME)
    server.script(mai({"action": "wait"}), mai({"action": "wait"}))
    agent.step(observation())
    agent.reset(context())
    agent.step(observation())
    assert [m["role"] for m in server.requests[1]["messages"]] == ["system", "user", "user"]
