"""The matrix config file: each model's agent and endpoint, each C2 condition's plan file.

```json
{"pytest_args": ["pairs", "-n", "8"],
 "lanes": "10.0.0.5:5554:8554,10.0.0.6:5554:8554",
 "schedule": "schedule.json",
 "models": {"GUI-Owl-7B": {"env": {"GUI_OWL_BASE_URL": "http://10.0.0.9:8000/v1"}},
            "m3a-openai": {"agent_config": "my-models.json"}},
 "conditions": {"c2_g": {"plan_file": "plans/c2_g.json"}, "c2_o": {"plan_file": "plans/c2_o.json"}}}
```

Endpoints go in as the environment variables the model's config names (``base_url_env``); API keys
never do: an ``env`` entry whose name looks like a secret is refused (keys come from the caller's
environment or a git-ignored 0600 env file, as everywhere else).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pytest_anyapp.errors import ConfigError

Condition = Literal["c1", "c2_g", "c2_o"]
_SECRET = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.I)


class ModelEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent: str | None = Field(None, description="--agent value (default: the entry's name)")
    agent_config: Path | None = None
    env: dict[str, str] = Field(default_factory=dict)

    @field_validator("env")
    @classmethod
    def _no_secrets(cls, env: dict[str, str]) -> dict[str, str]:
        bad = [k for k in env if _SECRET.search(k)]
        if bad:
            raise ValueError(f"secrets never go into the matrix config ({', '.join(bad)}): set them in the environment")
        return env


class ConditionEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    plan_file: Path | None = None
    plan_mode: Literal["prepend", "append"] = "prepend"


class MatrixConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pytest_args: list[str] = Field(default_factory=lambda: ["pairs"])
    lanes: str | None = Field(None, description="CATBENCH_EMULATORS for every cell (default: the environment's)")
    schedule: Path | None = Field(None, description="frozen schedule every cell runs (--schedule)")
    models: dict[str, ModelEntry] = Field(default_factory=dict)
    conditions: dict[Condition, ConditionEntry] = Field(default_factory=dict)

    def model_entry(self, name: str) -> ModelEntry:
        return self.models.get(name, ModelEntry())

    def condition_entry(self, condition: Condition) -> ConditionEntry:
        entry = self.conditions.get(condition, ConditionEntry())
        if condition != "c1" and entry.plan_file is None:
            raise ConfigError(f"condition {condition} needs a plan_file in the matrix config")
        return entry


def load_config(path: Path | None) -> tuple[MatrixConfig, str]:
    """The config and the sha256 of its bytes (recorded in the matrix manifest)."""
    if path is None:
        return MatrixConfig(), hashlib.sha256(b"{}").hexdigest()
    try:
        data = path.read_bytes()
        return MatrixConfig.model_validate_json(data), hashlib.sha256(data).hexdigest()
    except FileNotFoundError:
        raise ConfigError(f"matrix config {path} does not exist") from None
    except ValueError as exc:
        raise ConfigError(f"matrix config {path} is invalid: {exc}") from exc
