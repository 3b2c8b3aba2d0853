"""The ``mobile_use`` tool call shared by GUI-Owl, Qwen3-VL, UI-Voyager and MAI-UI.

Output looks like ``... <tool_call>\n{"name": "mobile_use", "arguments": {...}}\n</tool_call> ...``.
Locating the JSON with a decoder (not by cutting at ``}}``) tolerates nested objects and a
missing closing tag; a missing call is an ``ActionParseError`` (a scored failure), never a crash.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pytest_anyapp.agents.actions import Action, action_from_arguments
from pytest_anyapp.agents.config import SwipeConvention
from pytest_anyapp.agents.models.coords import (
    Frame,
    is_point,
    point_to_device,
    swipe_travel,
)
from pytest_anyapp.errors import ActionParseError, MalformedActionError

_TOOL_OPEN = "<tool_call>"
_DIRECTIONS = ("up", "down", "left", "right")


@dataclass
class ParsedCall:
    """The action plus what the adapter wants to remember or record about it."""

    action: Action
    arguments: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)


def tag_text(text: str, tag: str) -> str | None:
    """Content of the first ``<tag>...</tag>`` (stripped), or None when either tag is missing."""
    match = re.search(rf"<{tag}>(.*?)</{tag}>", text, re.DOTALL)
    return match.group(1).strip() if match else None


def find_tool_call(text: str) -> dict[str, Any]:
    """The first JSON object after ``<tool_call>`` (or the first ``{"name": ...`` object)."""
    if not isinstance(text, str) or not text.strip():
        raise ActionParseError("empty model output", text if isinstance(text, str) else None)
    start = text.find(_TOOL_OPEN)
    if start >= 0:
        start = text.find("{", start + len(_TOOL_OPEN))
    else:
        match = re.search(r'\{\s*"name"\s*:', text)
        start = match.start() if match else -1
    if start < 0:
        raise ActionParseError("no <tool_call> in model output", text)
    try:
        call, _ = json.JSONDecoder().raw_decode(text[start:])
    except json.JSONDecodeError as exc:
        raise ActionParseError(f"tool call is not valid JSON: {exc}", text) from exc
    if not isinstance(call, dict) or not isinstance(call.get("arguments"), dict):
        raise ActionParseError("tool call must be an object with an 'arguments' object", text)
    return call


def normalise_name(arguments: dict[str, Any]) -> str:
    name = arguments.get("action")
    return name.strip().lower().replace("tap", "click") if isinstance(name, str) else ""


def call_to_action(
    arguments: dict[str, Any],
    frame: Frame,
    raw: str,
    *,
    swipe: SwipeConvention | None = None,
) -> ParsedCall:
    """Convert the model's ``arguments`` to device pixels and validate them into an ``Action``.

    - ``drag{start_coordinate, end_coordinate}`` (MAI-UI) is a finger drag: a swipe by points.
    - A swipe given by direction (finger movement) gets explicit points *after* the conversion:
      from ``coordinate`` or the screen centre, as far as the model's executor ``swipe`` convention
      moves; under ``direction_only: wait`` (UI-Voyager) it is a ``wait``, as upstream.
    - ``terminate``'s raw status is kept in ``extra`` (the schema only has success/failure).
    """
    args = dict(arguments)
    extra: dict[str, Any] = {}
    name = normalise_name(args)
    if name == "drag":
        args = {"action": "swipe", "coordinate": args.get("start_coordinate"),
                "coordinate2": args.get("end_coordinate")}
        extra["native_action"] = "drag"
        name = "swipe"
    for key in ("coordinate", "coordinate2"):
        if key in args:
            args[key] = point_to_device(args[key], frame)
    if name == "swipe" and args.get("coordinate2") is None:
        direction = args.get("direction")
        if not isinstance(direction, str) or direction.strip().lower() not in _DIRECTIONS:
            raise MalformedActionError(
                "swipe needs coordinate and coordinate2, or a direction up/down/left/right", raw
            )
        direction = direction.strip().lower()
        convention = swipe or SwipeConvention()
        extra["swipe_direction"] = direction
        if convention.direction_only == "wait":
            extra["executed_as"] = "wait (the model's executor ignores a swipe without both points)"
            return ParsedCall(action=action_from_arguments({"action": "wait"}, raw=raw),
                              arguments=dict(arguments), extra=extra)
        start_value: Any = args.get("coordinate")
        start: tuple[int, int] = (start_value[0], start_value[1]) if is_point(start_value) else frame.centre
        args["coordinate"] = list(start)
        args["coordinate2"] = list(swipe_travel(start, direction, frame, convention))
        args.pop("direction", None)
    elif name == "swipe":
        args.pop("direction", None)
    if name == "terminate" and "status" in arguments:
        extra["raw_terminate_status"] = arguments.get("status")
    if name == "system_button" and isinstance(args.get("button"), str):
        extra["raw_button"] = args["button"]
    action = action_from_arguments(args, raw=raw)
    return ParsedCall(action=action, arguments=dict(arguments), extra=extra)
