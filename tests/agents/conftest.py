"""Fixtures for adapter tests: loopback model endpoints, screenshots, agents wired to them."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pytest_anyapp.agents.base import (
    Agent,
    EpisodeContext,
    Observation,
    TaskInfo,
    UIElement,
)
from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.agents.registry import AgentOptions, create_agent

from .fake_endpoints import FakeGeminiServer, FakeOpenAIServer

SCREEN = (1080, 2400)
C1_GOAL = "Send a text message to Alice Smith saying: See you at 6"
C2_GOAL = (
    "Application-independent breakdown (made before seeing the screen):\n"
    "1. Open the messaging app.\n2. Start a conversation with the recipient.\n3. Type and send the message.\n\n"
    f"Original user instruction:\n{C1_GOAL}\n\n"
    "Use the breakdown only as high-level structure; ground every action in the live UI."
)


@cache
def png_of(width: int, height: int, colour: tuple[int, int, int] = (210, 220, 230)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buf, format="PNG")
    return buf.getvalue()


def task_info() -> TaskInfo:
    return TaskInfo(semantic_id="sms_send_message", app_id="sms_simple_sms_messenger",
                    app_display_name="Simple SMS Messenger", package="com.simplemobiletools.smsmessenger",
                    category="sms", instance=0, params={"secret": "privileged"})


def context(goal: str = C1_GOAL, condition: str = "c1") -> EpisodeContext:
    return EpisodeContext(prompt_goal=goal, step_budget=10, task=task_info(), condition=condition)


def observation(goal: str = C1_GOAL, *, size: tuple[int, int] = SCREEN, elements: list[UIElement] | None = None,
                step: int = 0) -> Observation:
    return Observation(goal=goal, screenshot_png=png_of(*size), screen_size=size,
                       ui_elements=elements or [], step_index=step, step_budget=10)


@pytest.fixture
def openai_server() -> Iterator[Callable[[str], FakeOpenAIServer]]:
    servers: list[FakeOpenAIServer] = []

    def start(model: str, max_model_len: int = 262144) -> FakeOpenAIServer:
        server = FakeOpenAIServer(model, max_model_len)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def gemini_server() -> Iterator[FakeGeminiServer]:
    server = FakeGeminiServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fast_config(tmp_path: Path) -> Callable[..., Path]:
    """A user config that keeps retries instant (and lets a test override more fields)."""

    def write(overrides: dict[str, dict[str, Any]] | None = None) -> Path:
        agents: dict[str, Any] = {name: {"retry": {"backoff_s": 0.0, "max_attempts": 3}}
                                  for name in load_model_configs(env={})}
        for name, fields in (overrides or {}).items():
            agents.setdefault(name, {}).update(fields)
        path = tmp_path / "agents.json"
        path.write_text(json.dumps({"agents": agents}), encoding="utf-8")
        return path

    return write


@pytest.fixture
def make_agent(openai_server: Callable[[str], FakeOpenAIServer], fast_config: Callable[..., Path]):
    """``make_agent(name) -> (agent, server)``: the named agent talking to a fresh loopback server."""

    def make(name: str, *, parse_failure: str = "fail", goal: str = C1_GOAL,
             overrides: dict[str, dict[str, Any]] | None = None,
             extra_env: dict[str, str] | None = None) -> tuple[Agent, FakeOpenAIServer]:
        path = fast_config(overrides)
        config = load_model_configs(path, env={})[name]
        server = openai_server(config.model)
        env = {config.base_url_env or "": server.base_url, **(extra_env or {})}
        agent = create_agent(name, AgentOptions(config_path=path, parse_failure=parse_failure), env=env)
        agent.reset(context(goal))
        return agent, server

    return make


def request_images(body: dict[str, Any]) -> list[tuple[str, tuple[int, int]]]:
    """(format, size) of every image in an OpenAI chat request body, in message order."""
    import base64

    found = []
    for message in body["messages"]:
        content = message["content"]
        if isinstance(content, str):
            continue
        for part in content:
            if part.get("type") == "image_url":
                url = part["image_url"]["url"]
                header, data = url.split(",", 1)
                image = Image.open(io.BytesIO(base64.b64decode(data)))
                found.append((image.format.lower(), image.size))
    return found


def texts(message: dict[str, Any]) -> list[str]:
    content = message["content"]
    if isinstance(content, str):
        return [content]
    return [p["text"] for p in content if p.get("type") == "text"]


def tool_call(arguments: dict[str, Any], before: str = "", after: str = "") -> str:
    call = json.dumps({"name": "mobile_use", "arguments": arguments})
    return f"{before}<tool_call>\n{call}\n</tool_call>{after}"
