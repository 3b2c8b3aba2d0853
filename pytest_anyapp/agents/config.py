"""Model agent configuration: the checked-in ``models.json`` plus optional user entries.

A user file (``--agent-config PATH`` or ``CATBENCH_AGENT_CONFIG``) may add agents or override
fields of built-in ones without touching code. The resolved entry of the agent in use is hashed
(``resolved_config_sha256``) into every episode record, so two runs are comparable only when
their hashes match. Secrets never live here: only the *names* of environment variables do.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pytest_anyapp.agents.models.transport import RetryPolicy
from pytest_anyapp.errors import ConfigError

USER_CONFIG_ENV = "CATBENCH_AGENT_CONFIG"
LOCAL_BASE_URL = "http://127.0.0.1:8000/v1"
# vLLM accepts any key unless started with --api-key; the SDK insists on a non-empty one.
PLACEHOLDER_API_KEY = "EMPTY"


class ImageConfig(BaseModel):
    """How the screenshot is sized and encoded. ``factor`` 0 sends the screenshot unresized."""

    model_config = ConfigDict(extra="forbid")

    factor: int = Field(0, ge=0)
    min_pixels: int = Field(3136, ge=1)
    max_pixels: int = Field(10035200, ge=1)
    format: Literal["png", "jpeg"] = "png"


CoordinateSpace = Literal["image_pixels", "normalised_999", "normalised_1000", "element_index"]
"""What a model's coordinates mean: pixels of the image it was sent (Qwen2.5-VL family), 0-999 or
0-1000 relative to the screen (Qwen3-VL family; ``/999`` as the official mobile code), or indexes
into the listed UI elements (set-of-marks, M3A)."""


class SwipeConvention(BaseModel):
    """How the model's executor performs a swipe given only a direction (the finger moves that way).

    ``travel`` starts at the model's point (or the screen centre) and moves ``vertical`` /
    ``horizontal`` times the screen ``basis`` (``axis``: height for vertical, width for horizontal;
    ``width``: both measured in screen widths, as MobileWorld's controller does); ``wait`` means the
    executor does nothing for such a swipe (UI-Voyager's parser turns it into ``wait``)."""

    model_config = ConfigDict(extra="forbid")

    direction_only: Literal["travel", "wait"] = "travel"
    basis: Literal["axis", "width"] = "axis"
    vertical: float = Field(0.25, gt=0, le=1)
    horizontal: float = Field(0.25, gt=0, le=1)
    duration_ms: int = Field(500, ge=1)


class ExecutorConfig(BaseModel):
    """What the executor a model was evaluated with does around each action (docs/agents.md cites
    the upstream source of every default). The episode runner applies it and records it."""

    model_config = ConfigDict(extra="forbid")

    enter_after_type: bool = False
    swipe: SwipeConvention = Field(default_factory=SwipeConvention)
    wait_action_s: float = Field(1.0, ge=0, description="How long the model's `wait` action sleeps.")
    settle_s: float = Field(0.0, ge=0, description="Pause after an action before the next screenshot "
                                                   "on a real emulator (0 on the simulated device).")
    source: str = Field("", description="Where these values come from (upstream file and commit).")


class PromptTemplateConfig(BaseModel):
    """A user's own prompt text (e.g. a model's published template), read from files.

    Placeholders ``{goal}``, ``{history}``, ``{screen_width}``, ``{screen_height}`` and
    ``{app_list}`` are substituted; any other brace is left as written (tool blocks are JSON)."""

    model_config = ConfigDict(extra="forbid")

    system: Path | None = None
    user: Path | None = None


class HistoryConfig(BaseModel):
    """What of the past the prompt carries: text of the last ``max_steps`` steps (None = all),
    and screenshots of the last ``images`` steps (multi-turn adapters only)."""

    model_config = ConfigDict(extra="forbid")

    max_steps: int | None = Field(None, ge=0)
    images: int = Field(0, ge=0)


class ModelConfig(BaseModel):
    """One agent name's model, endpoint and decoding settings."""

    model_config = ConfigDict(extra="forbid", protected_namespaces=())

    adapter: str
    description: str = ""
    provider: Literal["openai", "gemini"] = "openai"
    model: str
    model_env: str | None = Field(None, description="If set and present in the environment, overrides `model`.")
    revision: str | None = None
    base_url_env: str | None = None
    default_base_url: str | None = None
    api_key_env: str | None = None
    api_key_required: bool = False
    sampling: dict[str, Any] = Field(default_factory=dict)
    image: ImageConfig = Field(default_factory=ImageConfig)
    history: HistoryConfig = Field(default_factory=HistoryConfig)
    prompt_style: str | None = None
    prompt_template: PromptTemplateConfig | None = None
    coordinate_space: CoordinateSpace | None = Field(
        None, description="Required unless the resolved model is listed in `coordinate_spaces_by_model`.")
    coordinate_spaces_by_model: dict[str, CoordinateSpace] = Field(
        default_factory=dict, description="Known spaces of models a generic entry may name via `model_env`.")
    executor: ExecutorConfig = Field(default_factory=ExecutorConfig)
    options: dict[str, Any] = Field(default_factory=dict, description="Adapter-specific switches.")
    timeout_s: float = Field(300.0, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    attest: bool = Field(True, description="Check /v1/models lists `model` before the first call.")
    min_context: int | None = Field(16384, description="Minimum max_model_len the endpoint must report.")
    serve: dict[str, Any] = Field(default_factory=dict, description="How to serve it (documentation only).")

    def resolved_model(self, env: Mapping[str, str] | None = None) -> str:
        env = os.environ if env is None else env
        if self.model_env and env.get(self.model_env):
            return env[self.model_env]
        return self.model

    def resolved_coordinate_space(self, env: Mapping[str, str] | None = None) -> CoordinateSpace:
        """The stated space, else the known space of the resolved model; never a guess."""
        if self.coordinate_space is not None:
            return self.coordinate_space
        model = self.resolved_model(env)
        space = self.coordinate_spaces_by_model.get(model)
        if space is None:
            hint = f" (set by {self.model_env})" if self.model_env else ""
            raise ConfigError(
                f"the coordinate space of model {model!r}{hint} is unknown: add \"coordinate_space\" "
                f"(one of image_pixels, normalised_999, normalised_1000) to this agent's entry in --agent-config"
            )
        return space

    def resolved_base_url(self, env: Mapping[str, str] | None = None) -> str | None:
        env = os.environ if env is None else env
        if self.base_url_env and env.get(self.base_url_env):
            return env[self.base_url_env]
        return self.default_base_url

    def resolved_api_key(self, env: Mapping[str, str] | None = None) -> str:
        """The key from the environment; never stored on the config, never logged."""
        env = os.environ if env is None else env
        key = env.get(self.api_key_env, "") if self.api_key_env else ""
        if key:
            return key
        if self.api_key_required:
            raise ConfigError(f"this agent needs an API key: set the environment variable {self.api_key_env}")
        return PLACEHOLDER_API_KEY


_NOT_HASHED = {"description", "serve", "base_url_env", "default_base_url", "api_key_env", "api_key_required",
               "model_env", "timeout_s", "retry"}


def resolved_config_sha256(config: ModelConfig, env: Mapping[str, str] | None = None) -> str:
    """Hash of what shapes the model's behaviour (model after env substitution, prompt, decoding,
    image and history settings). Where it is served from and documentation fields are left out,
    so moving a server to another port does not make two runs look incomparable."""
    payload = config.model_dump(mode="json", exclude=_NOT_HASHED)
    payload["resolved_model"] = config.resolved_model(env)
    payload["prompt_template_sha256"] = prompt_template_hashes(config.prompt_template)
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def file_sha256(path: Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as exc:
        raise ConfigError(f"cannot read prompt template {path}: {exc}") from exc


def prompt_template_hashes(template: PromptTemplateConfig | None) -> dict[str, str]:
    """sha256 of each template file: the text, not its path, decides comparability."""
    if template is None:
        return {}
    return {part: file_sha256(path) for part, path in (("system", template.system), ("user", template.user))
            if path is not None}


def _merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Deep merge; a ``null`` value in the override deletes the key (to drop a sampling param)."""
    out = dict(base)
    for key, value in override.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _entries(data: Any, source: str) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a JSON object")
    agents = data.get("agents", data if "agents" not in data else None)
    if not isinstance(agents, dict) or not all(isinstance(v, dict) for v in agents.values()):
        raise ConfigError(f"{source}: expected {{\"agents\": {{NAME: {{...}}}}}}")
    return {k: v for k, v in agents.items() if not k.startswith("$")}


def _relative_to(entry: dict[str, Any], base: Path) -> dict[str, Any]:
    """Template paths in a user file are relative to that file, not to the working directory."""
    template = entry.get("prompt_template")
    if isinstance(template, dict):
        entry["prompt_template"] = {
            part: str(base / value) if isinstance(value, str) and not Path(value).is_absolute() else value
            for part, value in template.items()
        }
    return entry


def builtin_entries() -> dict[str, dict[str, Any]]:
    text = resources.files("pytest_anyapp.agents").joinpath("models.json").read_text(encoding="utf-8")
    return _entries(json.loads(text), "built-in models.json")


def user_config_path(path: Path | None, env: Mapping[str, str] | None = None) -> Path | None:
    env = os.environ if env is None else env
    if path is not None:
        return path
    value = env.get(USER_CONFIG_ENV)
    return Path(value) if value else None


def load_model_configs(path: Path | None = None, env: Mapping[str, str] | None = None) -> dict[str, ModelConfig]:
    """Built-in entries, then the user file's: same name merges field by field, ``extends`` copies
    another entry first, a new name adds an agent."""
    raw = builtin_entries()
    user_path = user_config_path(path, env)
    if user_path is not None:
        try:
            user = _entries(json.loads(Path(user_path).read_text(encoding="utf-8")), str(user_path))
        except OSError as exc:
            raise ConfigError(f"cannot read agent config {user_path}: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise ConfigError(f"agent config {user_path} is not valid JSON: {exc}") from exc
        for name, entry in user.items():
            entry = _relative_to(dict(entry), Path(user_path).parent)
            parent = entry.pop("extends", None)
            if parent is not None:
                if parent not in raw:
                    raise ConfigError(f"{user_path}: {name!r} extends unknown agent {parent!r}")
                base = raw[parent]
            else:
                base = raw.get(name, {})
            raw[name] = _merge(base, entry)
    configs: dict[str, ModelConfig] = {}
    for name, entry in raw.items():
        try:
            configs[name] = ModelConfig.model_validate(entry)
        except ValidationError as exc:
            raise ConfigError(f"agent config entry {name!r} is invalid: {exc}") from exc
    return configs

