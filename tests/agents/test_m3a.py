"""M3A set-of-marks agent on OpenAI (openai SDK) and Gemini (google-genai) endpoints."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.agents.registry import AgentOptions, create_agent
from pytest_anyapp.errors import ActionParseError, MalformedActionError

from .conftest import C1_GOAL, C2_GOAL, context, observation, request_images, texts

KEY = {"OPENAI_API_KEY": "test-key"}
ELEMENTS = [
    UIElement(index=0, text="Messages", class_name="android.widget.TextView", bounds=(0, 0, 1080, 200)),
    UIElement(index=1, text="", content_desc="Start chat", class_name="android.widget.ImageButton",
              bounds=(900, 2100, 1060, 2260), clickable=True),
    UIElement(index=2, class_name="android.widget.EditText", bounds=(40, 2000, 840, 2100), clickable=True),
    UIElement(index=3, class_name="androidx.recyclerview.widget.RecyclerView", bounds=(0, 200, 1080, 2000),
              scrollable=True),
    UIElement(index=4, text="offscreen", bounds=(0, 2500, 100, 2600)),
    UIElement(index=5, class_name="android.widget.FrameLayout", bounds=(0, 0, 1080, 2400)),
]


def act(action: dict, reason: str = "Because.") -> str:
    return f"Reason: {reason}\nAction: {json.dumps(action)}"


def obs(goal: str = C1_GOAL):
    return observation(goal, elements=ELEMENTS)


def test_openai_request_golden(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script(act({"action_type": "wait"}))
    agent.step(obs())
    body = server.requests[0]
    assert body["model"] == "gpt-5.1"
    assert body["max_completion_tokens"] == 4096 and "temperature" not in body, "gpt-5 rejects temperature"
    (user,) = body["messages"]
    assert [p["type"] for p in user["content"]] == ["text", "image_url", "image_url"]
    assert request_images(body) == [("jpeg", (1080, 2400)), ("jpeg", (1080, 2400))]
    text = texts(user)[0]
    assert f"The user's goal: {C1_GOAL}\n" in text
    assert 'UI element 1: {"index": 1, "content_description": "Start chat"' in text
    assert "UI element 4" not in text, "off-screen elements and bare layout containers get no mark"
    assert "Reason:" in text and '"action_type"' in text


def test_marked_screenshot_differs_from_the_raw_one(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script(act({"action_type": "wait"}))
    agent.step(obs())
    raw, marked = (server.requests[0]["messages"][0]["content"][i]["image_url"]["url"] for i in (1, 2))
    def decode(url: str) -> Image.Image:
        return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")

    # The left edge of element 1's box is outlined in the marked copy only.
    assert decode(raw).getpixel((901, 2180)) != decode(marked).getpixel((901, 2180))


def test_temperature_is_sent_to_non_gpt5_models(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env={**KEY, "M3A_OPENAI_MODEL": "gpt-4o"},
                               overrides={"m3a-openai": {"model": "gpt-4o"}})
    server.script(act({"action_type": "wait"}))
    agent.step(obs())
    assert server.requests[0]["temperature"] == 0.0


@pytest.mark.parametrize(("action", "expected"), [
    ({"action_type": "click", "index": 1}, {"action": "click", "coordinate": (980, 2180)}),
    ({"action_type": "long_press", "index": "0"}, {"action": "long_press", "coordinate": (540, 100)}),
    ({"action_type": "input_text", "text": "hi", "index": 2}, {"action": "type", "text": "hi", "coordinate": (440, 2050)}),
    ({"action_type": "input_text", "text": "hi"}, {"action": "type", "text": "hi"}),
    ({"action_type": "keyboard_enter"}, {"action": "system_button", "button": "enter"}),
    ({"action_type": "navigate_home"}, {"action": "system_button", "button": "home"}),
    ({"action_type": "navigate_back"}, {"action": "system_button", "button": "back"}),
    ({"action_type": "scroll", "direction": "down"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 120)}),
    ({"action_type": "scroll", "direction": "up"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 2280)}),
    ({"action_type": "scroll", "direction": "right"}, {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (54, 1200)}),
    ({"action_type": "scroll", "direction": "down", "index": 3},
     {"action": "swipe", "coordinate": (540, 1100), "coordinate2": (540, 290)}),
    ({"action_type": "open_app", "app_name": "Simple SMS Messenger"}, {"action": "open_app", "text": "Simple SMS Messenger"}),
    ({"action_type": "wait"}, {"action": "wait"}),
    ({"action_type": "answer", "text": "3 unread"}, {"action": "answer", "text": "3 unread"}),
    ({"action_type": "status", "goal_status": "complete"}, {"action": "terminate", "status": "success"}),
    ({"action_type": "status", "goal_status": "infeasible"}, {"action": "terminate", "status": "failure"}),
])
def test_every_action_form(make_agent, action: dict, expected: dict) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script(act(action))
    assert agent.step(obs()).action.model_dump(exclude_none=True) == expected


@pytest.mark.parametrize("action", [{"action_type": "click", "index": 4}, {"action_type": "click", "index": 99},
                                    {"action_type": "click"}, {"action_type": "swipe_left"},
                                    {"action_type": "status", "goal_status": "done-ish"}])
def test_bad_actions_are_malformed(make_agent, action: dict) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script(act(action))
    with pytest.raises(MalformedActionError):
        agent.step(obs())


def test_output_without_reason_action_form_is_a_parse_error(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script("I would click the button.")
    with pytest.raises(ActionParseError):
        agent.step(obs())


def test_summary_call_builds_the_history(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY)
    server.script(act({"action_type": "click", "index": 1}, "Open a new chat."),
                  "Tapped Start chat; the new conversation screen opened.",
                  act({"action_type": "wait"}))
    agent.step(obs())
    step = agent.step(obs())
    assert step.model_calls == 2, "summary + action"
    assert step.extra["summary_raw_output"].startswith("Tapped Start chat")
    summary_body, action_body = server.requests[1], server.requests[2]
    assert len(request_images(summary_body)) == 2 and "Your reason: Open a new chat." in texts(summary_body["messages"][0])[0]
    history = texts(action_body["messages"][0])[0]
    assert 'Step 1- Action selected: {"action_type": "click", "index": 1}. Tapped Start chat;' in history


def test_history_without_summaries(make_agent) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY, overrides={"m3a-openai": {"options": {"summarize": False}}})
    server.script(act({"action_type": "wait"}, "Loading."), act({"action_type": "wait"}))
    agent.step(obs())
    step = agent.step(obs())
    assert step.model_calls == 1
    assert "Step 1- Action selected" in texts(server.requests[1]["messages"][0])[0]


@pytest.mark.parametrize("goal", [C1_GOAL, C2_GOAL])
def test_c2_hook_goal_line_of_action_and_summary_prompts(make_agent, goal: str) -> None:
    agent, server = make_agent("m3a-openai", extra_env=KEY, goal=goal)
    server.script(act({"action_type": "wait"}), "Waited.", act({"action_type": "wait"}))
    agent.step(obs("privileged"))
    agent.step(obs("privileged"))
    for body in server.requests:
        assert f"The user's goal: {goal}\n" in texts(body["messages"][0])[0]
        assert "privileged" not in json.dumps(body)


def gemini_agent(server, tmp_path):
    path = tmp_path / "gem.json"
    path.write_text(json.dumps({"agents": {"m3a-gemini": {"retry": {"backoff_s": 0.0, "max_attempts": 3}}}}))
    agent = create_agent("m3a-gemini", AgentOptions(config_path=path),
                         env={"GEMINI_API_KEY": "test-key", "GEMINI_BASE_URL": server.base_url})
    agent.reset(context())
    return agent


def test_gemini_request_golden_and_retry(gemini_server, tmp_path) -> None:
    from .fake_endpoints import Fail

    gemini_server.script(Fail(429), act({"action_type": "click", "index": 1}))
    agent = gemini_agent(gemini_server, tmp_path)
    step = agent.step(obs())
    assert step.action.coordinate == (980, 2180)
    assert step.extra["endpoint_attempts"] == 2
    body = gemini_server.requests[-1]
    assert body["generationConfig"] == {"temperature": 0.0, "topP": 0.95, "maxOutputTokens": 4096}
    (content,) = body["contents"]
    parts = content["parts"]
    assert "text" in parts[0] and f"The user's goal: {C1_GOAL}" in parts[0]["text"]
    inline = [p["inlineData"] for p in parts[1:]]
    assert [d["mime_type"] for d in inline] == ["image/png", "image/png"]
    data = inline[0]["data"]
    assert Image.open(io.BytesIO(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))).size == (1080, 2400)
    assert any("gemini-3.1-pro-preview:generateContent" in p for p in gemini_server.paths)
    info = agent.describe()
    assert info["endpoint_model"] == "models/gemini-3.1-pro-preview" and info["provider"] == "gemini"
    assert "test-key" not in json.dumps(info)
