"""``resolve_agent(name, options, hook)``: the one way ``--agent NAME`` becomes an Agent.

Order: a ``pytest_anyapp_make_agent`` hook implementation, ``module:factory``, the built-ins
``null``, ``oracle``, ``replay`` (``pytest_anyapp.agents.builtin.<name>``) and the probes
``probe-<name>`` (``pytest_anyapp.agents.builtin.probe``), then the model
config (built-in ``models.json`` plus the user's file). Only a built-in ``PrivilegedAgent`` gets
the gold task; an exception raised by a hook or a factory becomes ``AgentExceptionError``.
"""

from __future__ import annotations

import importlib
import inspect
import os
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator

from pytest_anyapp.agents.base import Agent, PrivilegedAgent
from pytest_anyapp.errors import (
    AgentExceptionError,
    AnyAppError,
    ConfigError,
    HookError,
    ModelEndpointError,
    did_you_mean,
)

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
    from pytest_anyapp.agents.builtin.probe import create_probe, is_probe

    if is_probe(name):
        return create_probe(name)
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
    cls: Any = classes[0]
    params = [p for p in inspect.signature(cls).parameters.values() if p.kind is not p.VAR_KEYWORD]
    return _checked(cls(options) if params else cls(), f"built-in agent {name!r}")


def create_agent(name: str, options: AgentOptions | None = None, env: Mapping[str, str] | None = None) -> Agent:
    """Build the agent called ``name``; unknown names raise ``ConfigError`` listing the known ones."""
    options = options or AgentOptions()
    if _is_builtin(name):
        return _builtin(name, options)
    from pytest_anyapp.agents.config import load_model_configs
    from pytest_anyapp.agents.models import ADAPTERS
    from pytest_anyapp.agents.models.parse_policy import ParseFailurePolicy

    env = os.environ if env is None else env
    configs = load_model_configs(options.config_path, env)
    if name not in configs:
        known = ", ".join([*BUILTIN_AGENTS, *sorted(configs)])
        hint = did_you_mean(name, [*BUILTIN_AGENTS, *configs])
        raise ConfigError(f"unknown agent {name!r}{hint} (known: {known}; or module:factory)")
    config = configs[name]
    target = ADAPTERS.get(config.adapter)
    if target is None:
        raise ConfigError(f"agent {name!r} uses unknown adapter {config.adapter!r}; known: {', '.join(sorted(ADAPTERS))}")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return _checked(cls(name, config, policy=ParseFailurePolicy.parse(options.parse_failure), env=env), name)


AgentSource = Literal["hook", "factory", "builtin", "model"]
#: ``pytest_anyapp_make_agent``: the plugin passes a callable that asks the hook for ``name``.
AgentHook = Callable[[str], "Agent | None"]


@dataclass(frozen=True)
class ResolvedAgent:
    agent: Agent
    source: AgentSource

    @property
    def user_agent(self) -> bool:
        """What this agent raises is its own failure: the user's code (a factory, a hook's agent)
        or a probe standing in for it. A built-in agent's or model adapter's exception is ours."""
        from pytest_anyapp.agents.builtin.probe import ProbeAgent

        return self.source in ("hook", "factory") or isinstance(self.agent, ProbeAgent)

    @property
    def privileged(self) -> bool:
        """Only built-in privileged agents (oracle, replay) get the gold task."""
        return self.source == "builtin" and isinstance(self.agent, PrivilegedAgent)

    def identity(self) -> dict[str, Any]:
        """``Agent.describe()``, never raising (a describe() bug must not lose an episode)."""
        try:
            return dict(self.agent.describe())
        except Exception as exc:  # noqa: BLE001 — identity is best effort, the failure is recorded
            return {"agent": getattr(self.agent, "name", "?"), "describe_error": f"{type(exc).__name__}: {exc}"}


def _user_code(what: str, call: Callable[[], Any], error: type[AnyAppError] = AgentExceptionError) -> Any:
    """Run a user factory (anything undeclared it raises becomes ``AgentExceptionError``, the
    agent's failure) or hook (``HookError``, invalid)."""
    try:
        return call()
    except AnyAppError:
        raise
    except Exception as exc:
        raise error(f"{what} raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}") from exc


def resolve_agent(name: str | None, options: AgentOptions, hook: AgentHook | None = None,
                  env: Mapping[str, str] | None = None) -> ResolvedAgent:
    """Build the agent for ``--agent NAME`` (see the module docstring for the order)."""
    if not name:
        raise ConfigError("choose an agent with --agent (null, oracle, replay, a model name, or module:factory)")
    if hook is not None:
        custom = _user_code(f"pytest_anyapp_make_agent(name={name!r})", lambda: hook(name), HookError)
        if custom is not None:
            return ResolvedAgent(_checked(custom, "pytest_anyapp_make_agent"), "hook")
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"--agent={name}: cannot import {attr} from {module_name}: {exc}") from None
        return ResolvedAgent(_checked(_user_code(f"{name}(options)", lambda: factory(options)), name), "factory")
    if _is_builtin(name):
        return ResolvedAgent(_builtin(name, options), "builtin")
    return ResolvedAgent(create_agent(name, options, env), "model")


def _is_builtin(name: str) -> bool:
    from pytest_anyapp.agents.builtin.probe import is_probe

    return name in BUILTIN_AGENTS or is_probe(name)


def _checked(agent: Any, what: str) -> Agent:
    if not isinstance(agent, Agent):
        raise AgentExceptionError(f"{what} returned {type(agent).__name__}, not an Agent")
    return agent


def endpoint_problem(resolved: ResolvedAgent, timeout_s: float = 10.0) -> str | None:
    """Why the model endpoint cannot serve this run (one quick call), or None.

    Only model agents have an endpoint; a config with ``attest: false`` is not probed."""
    from pytest_anyapp.agents.models.model_agent import ModelAgent, _public_url
    from pytest_anyapp.agents.models.transport import RetryPolicy

    agent = resolved.agent
    if not isinstance(agent, ModelAgent) or not agent.config.attest:
        return None
    try:
        agent.attest(retry=RetryPolicy(max_attempts=1), timeout_s=timeout_s)
    except ModelEndpointError as exc:
        cfg = agent.config
        where = f"set {cfg.base_url_env}" if cfg.base_url_env else "check the model config's base_url"
        url = _public_url(agent.base_url) or "(no URL)"
        return (f"model endpoint for --agent={agent.name} (model {agent.model_id!r}) is not usable at {url}: "
                f"{exc}. Start the server or {where} to its URL; no episode was run.")
    return None
