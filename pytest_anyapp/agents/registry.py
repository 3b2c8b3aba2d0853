"""``create_agent(name, options)``: the one way the plugin turns ``--agent NAME`` into an Agent.

``null``, ``oracle`` and ``replay`` are built in (``pytest_anyapp.agents.builtin.<name>``); every
other name is looked up in the model config (built-in ``models.json`` plus the user's file).
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from pytest_anyapp.agents.base import Agent
from pytest_anyapp.errors import ConfigError

BUILTIN_AGENTS: tuple[str, ...] = ("null", "oracle", "replay")


class AgentOptions(BaseModel):
    """Run options an agent may need. Plain data, so it can be sent to xdist workers."""

    model_config = ConfigDict(frozen=True)

    config_path: Path | None = None
    parse_failure: str = "fail"
    replay_path: Path | None = None
    results_dir: Path | None = None
    worker_id: str = "master"
    seed: int | None = None
    extra: dict[str, Any] = {}

    @field_validator("parse_failure")
    @classmethod
    def _valid_policy(cls, value: str) -> str:
        from pytest_anyapp.agents.models.parse_policy import ParseFailurePolicy

        return str(ParseFailurePolicy.parse(value))


def known_agent_names(options: AgentOptions | None = None, env: Mapping[str, str] | None = None) -> list[str]:
    from pytest_anyapp.agents.config import load_model_configs

    configs = load_model_configs(options.config_path if options else None, env)
    return [*BUILTIN_AGENTS, *sorted(configs)]


def _builtin(name: str, options: AgentOptions) -> Agent:
    """Instantiate a built-in agent: the module's ``create(options)`` if it has one, else its
    single ``Agent`` subclass (constructed with ``options`` when it accepts an argument)."""
    module = importlib.import_module(f"pytest_anyapp.agents.builtin.{name}")
    factory = getattr(module, "create", None)
    if callable(factory):
        agent = factory(options)
        if not isinstance(agent, Agent):
            raise ConfigError(f"built-in agent {name!r}: create() returned {type(agent).__name__}")
        return agent
    classes = [
        obj for obj in vars(module).values()
        if inspect.isclass(obj) and issubclass(obj, Agent) and obj is not Agent
        and obj.__module__ == module.__name__ and not inspect.isabstract(obj)
    ]
    if len(classes) != 1:
        raise ConfigError(f"built-in agent module {module.__name__} must define create(options) or one Agent class")
    cls = classes[0]
    params = [p for p in inspect.signature(cls).parameters.values() if p.kind is not p.VAR_KEYWORD]
    return cls(options) if params else cls()


def create_agent(name: str, options: AgentOptions | None = None, env: Mapping[str, str] | None = None) -> Agent:
    """Build the agent called ``name``; unknown names raise ``ConfigError`` listing the known ones."""
    options = options or AgentOptions()
    if name in BUILTIN_AGENTS:
        return _builtin(name, options)
    from pytest_anyapp.agents.config import load_model_configs
    from pytest_anyapp.agents.models import ADAPTERS
    from pytest_anyapp.agents.models.parse_policy import ParseFailurePolicy

    env = os.environ if env is None else env
    configs = load_model_configs(options.config_path, env)
    if name not in configs:
        known = ", ".join([*BUILTIN_AGENTS, *sorted(configs)])
        raise ConfigError(f"unknown agent {name!r}; known agents: {known}")
    config = configs[name]
    target = ADAPTERS.get(config.adapter)
    if target is None:
        raise ConfigError(f"agent {name!r} uses unknown adapter {config.adapter!r}; known: {', '.join(sorted(ADAPTERS))}")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(name, config, policy=ParseFailurePolicy.parse(options.parse_failure), env=env)
