"""The common 10-action schema every agent's output is mapped onto.

Coordinates are device pixels. Model adapters convert from their model's space (resized-image
pixels, 0-999 normalised) before building an ``Action``; the episode loop only ever sees pixels.
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from pytest_anyapp.errors import ActionParseError, MalformedActionError

ActionName = Literal[
    "click", "long_press", "type", "swipe", "wait", "answer", "open", "open_app", "system_button", "terminate"
]
ACTION_NAMES: tuple[str, ...] = (
    "click", "long_press", "type", "swipe", "wait", "answer", "open", "open_app", "system_button", "terminate",
)
Direction = Literal["up", "down", "left", "right"]
Button = Literal["back", "home", "enter"]

_NEEDS_TEXT = {"type", "answer", "open", "open_app"}


class Action(BaseModel):
    """One validated action. Optional fields are those its ``action`` needs."""

    model_config = ConfigDict(frozen=True)

    action: ActionName
    coordinate: tuple[int, int] | None = None
    coordinate2: tuple[int, int] | None = None
    direction: Direction | None = None
    text: str | None = None
    button: Button | None = None
    status: Literal["success", "failure"] | None = None

    @model_validator(mode="after")
    def _required_fields(self) -> Action:
        a = self.action
        if a in ("click", "long_press") and self.coordinate is None:
            raise ValueError(f"{a} needs a coordinate")
        if a == "swipe" and self.direction is None and (self.coordinate is None or self.coordinate2 is None):
            raise ValueError("swipe needs coordinate+coordinate2 or a direction")
        if a in _NEEDS_TEXT and self.text is None:
            raise ValueError(f"{a} needs text")
        if a == "system_button" and self.button is None:
            raise ValueError("system_button needs a button (back, home, enter)")
        return self

    @property
    def ends_episode(self) -> bool:
        """``terminate`` and ``answer`` end the episode (the answer text is kept)."""
        return self.action in ("terminate", "answer")

    def describe(self) -> str:
        fields = self.model_dump(exclude_none=True)
        name = fields.pop("action")
        return f"{name}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"


def _point(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) not in (2, 4):
        raise MalformedActionError(f"{what} must be [x, y] or [x1, y1, x2, y2], got {value!r}")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        raise MalformedActionError(f"{what} must be numbers, got {value!r}")
    if not all(math.isfinite(v) for v in value):  # JSON's NaN/Infinity: round() would raise
        raise MalformedActionError(f"{what} must be finite numbers, got {value!r}")
    if len(value) == 4:
        return round((value[0] + value[2]) / 2), round((value[1] + value[3]) / 2)
    return round(value[0]), round(value[1])


def action_from_arguments(arguments: dict[str, Any], *, raw: str | None = None) -> Action:
    """Validate ``mobile_use`` arguments (coordinates already in device pixels) into an Action.

    The action name is trimmed, lower-cased and ``tap`` becomes ``click``; the button name is
    case-insensitive. Schema violations raise ``MalformedActionError`` (a scored agent failure).
    """
    name = arguments.get("action")
    if not isinstance(name, str) or not name.strip():
        raise MalformedActionError("arguments.action must be a non-empty string", raw)
    name = name.strip().lower().replace("tap", "click")
    if name not in ACTION_NAMES:
        raise MalformedActionError(f"unsupported action {name!r}", raw)
    fields: dict[str, Any] = {"action": name}
    try:
        if "coordinate" in arguments and arguments["coordinate"] is not None:
            fields["coordinate"] = _point(arguments["coordinate"], "coordinate")
        if "coordinate2" in arguments and arguments["coordinate2"] is not None:
            fields["coordinate2"] = _point(arguments["coordinate2"], "coordinate2")
        if isinstance(arguments.get("direction"), str):
            fields["direction"] = arguments["direction"].strip().lower()
        if "text" in arguments and arguments["text"] is not None:
            if not isinstance(arguments["text"], str):
                raise MalformedActionError(f"text must be a string, got {arguments['text']!r}", raw)
            fields["text"] = arguments["text"]
        if isinstance(arguments.get("button"), str):
            fields["button"] = arguments["button"].strip().lower()
        if name == "terminate":
            status = arguments.get("status")
            if status is not None and not isinstance(status, str):
                raise MalformedActionError("terminate status must be a string", raw)
            fields["status"] = _terminate_status(status)
        return Action(**fields)
    except MalformedActionError as exc:
        exc.raw_output = raw
        raise
    except ValidationError as exc:
        raise MalformedActionError(f"invalid {name} action: {exc.errors()[0]['msg']}", raw) from exc


def _terminate_status(status: str | None) -> Literal["success", "failure"] | None:
    if status is None:
        return None
    s = status.strip().lower()
    if s in ("success", "succeeded", "complete", "completed", "done", "task_complete"):
        return "success"
    if s in ("fail", "failure", "failed", "infeasible", "impossible"):
        return "failure"
    raise MalformedActionError(f"unknown terminate status {status!r}")


def action_from_tool_call(text: str) -> Action:
    """Parse ``{"name": "mobile_use", "arguments": {...}}`` JSON (coordinates in device pixels)."""
    if not isinstance(text, str) or not text.strip():
        raise ActionParseError("empty tool call", text)
    try:
        call = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ActionParseError(f"tool call is not JSON: {exc}", text) from exc
    if not isinstance(call, dict) or not isinstance(call.get("arguments"), dict):
        raise ActionParseError("tool call must be an object with an 'arguments' object", text)
    return action_from_arguments(call["arguments"], raw=text)
