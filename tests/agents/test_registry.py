"""``create_agent``: built-in names import lazily; model names go through the config."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, Observation
from pytest_anyapp.agents.models.gui_owl import GUIOwlAgent
from pytest_anyapp.agents.models.m3a import M3AAgent
from pytest_anyapp.agents.models.mai_ui import MAIUIAgent
from pytest_anyapp.agents.models.python_action import PythonActionAgent
from pytest_anyapp.agents.models.qwen3_vl import Qwen3VLAgent
from pytest_anyapp.agents.models.ui_voyager import UIVoyagerAgent
from pytest_anyapp.agents.registry import AgentOptions, create_agent


@pytest.mark.parametrize(("name", "cls"), [
    ("GUI-Owl-7B", GUIOwlAgent), ("UI-Venus-7B", PythonActionAgent), ("MAI-UI-8B", MAIUIAgent),
    ("Qwen3-VL-8B", Qwen3VLAgent), ("Qwen3-VL-30B-A3B", Qwen3VLAgent), ("UI-Voyager", UIVoyagerAgent),
    ("openai-python-action", PythonActionAgent), ("m3a-openai", M3AAgent), ("m3a-gemini", M3AAgent),
])
def test_every_model_agent_is_created_without_touching_the_network(name: str, cls: type) -> None:
    agent = create_agent(name, AgentOptions(parse_failure="retry:2"),
                         env={"OPENAI_API_KEY": "k", "GEMINI_API_KEY": "k"})
    assert type(agent) is cls
    assert agent.name == name
    assert str(agent.policy) == "retry:2"  # type: ignore[attr-defined]


def test_qwen3_30b_uses_its_own_model_id() -> None:
    agent = create_agent("Qwen3-VL-30B-A3B", AgentOptions(), env={})
    assert agent.model_id == "Qwen/Qwen3-VL-30B-A3B-Instruct"  # type: ignore[attr-defined]


def test_builtin_names_import_their_module_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    class NullAgent(Agent):
        name = "null"

        def __init__(self, options: AgentOptions) -> None:
            self.options = options

        def step(self, observation: Observation) -> AgentStep:
            return AgentStep(action=Action(action="wait"))

    module = types.ModuleType("pytest_anyapp.agents.builtin.null")
    NullAgent.__module__ = module.__name__
    module.NullAgent = NullAgent  # type: ignore[attr-defined]
    package = types.ModuleType("pytest_anyapp.agents.builtin")
    package.__path__ = []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pytest_anyapp.agents.builtin", package)
    monkeypatch.setitem(sys.modules, "pytest_anyapp.agents.builtin.null", module)
    options = AgentOptions(replay_path=Path("/tmp/x"))
    agent = create_agent("null", options)
    assert isinstance(agent, NullAgent) and agent.options is options


def test_builtin_create_function_is_preferred(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[AgentOptions] = []

    class ReplayAgent(Agent):
        def step(self, observation: Observation) -> AgentStep:
            return AgentStep(action=Action(action="wait"))

    def create(options: AgentOptions) -> Agent:
        made.append(options)
        return ReplayAgent()

    module = types.ModuleType("pytest_anyapp.agents.builtin.replay")
    module.create = create  # type: ignore[attr-defined]
    package = types.ModuleType("pytest_anyapp.agents.builtin")
    package.__path__ = []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pytest_anyapp.agents.builtin", package)
    monkeypatch.setitem(sys.modules, "pytest_anyapp.agents.builtin.replay", module)
    assert isinstance(create_agent("replay", AgentOptions()), ReplayAgent) and len(made) == 1


def test_agent_options_survive_a_json_round_trip() -> None:
    options = AgentOptions(config_path=Path("a.json"), parse_failure="wait", results_dir=Path("out"))
    assert AgentOptions.model_validate_json(options.model_dump_json()) == options
