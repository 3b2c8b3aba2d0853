"""What to do when a model's output cannot be turned into an action.

One harness option, ``--parse-failure``, the same for every adapter (the prior release hard-wired a
different behaviour per adapter, which made results incomparable):

- ``fail`` (default): the episode ends as a scored failure (``valid_failure``) - unusable output is
  the agent's fault, exactly like a wrong action.
- ``retry:N``: ask the model again with the same prompt, up to N more times, then ``fail``.
- ``wait``: act as if the model said ``wait`` and go on (the step still counts toward the budget).

Whatever the policy, every raw output is kept in the step record.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.errors import ConfigError

DEFAULT_PARSE_FAILURE = "fail"
_SPEC = re.compile(r"^(fail|wait|retry:(\d+))$")


class ParseFailurePolicy(BaseModel):
    model_config = ConfigDict(frozen=True)

    mode: Literal["fail", "retry", "wait"] = "fail"
    retries: int = Field(0, ge=0)

    @classmethod
    def parse(cls, spec: str | None) -> ParseFailurePolicy:
        """``fail`` | ``retry:N`` | ``wait`` (``None`` means the default, ``fail``)."""
        text = (spec or DEFAULT_PARSE_FAILURE).strip().lower()
        match = _SPEC.match(text)
        if match is None:
            raise ConfigError(f"--parse-failure must be 'fail', 'retry:N' or 'wait', got {spec!r}")
        if match.group(2) is not None:
            return cls(mode="retry", retries=int(match.group(2)))
        return cls(mode=text)

    @property
    def max_calls(self) -> int:
        """Model calls allowed for one step."""
        return 1 + (self.retries if self.mode == "retry" else 0)

    def __str__(self) -> str:
        return f"retry:{self.retries}" if self.mode == "retry" else self.mode
