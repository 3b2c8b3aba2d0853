"""Python-call action agents: UI-Venus-Navi-7B and any OpenAI-compatible VLM (``openai-python-action``).

Prompt (style ``ui_venus_navi``): one user turn, no system message: the template text - role line,
``### User Task`` (the prompt goal; C2 plans land here), ``### Previous Actions`` (numbered raw
calls), ``### Available Actions``, ``### Instruction`` - then the screenshot. The model answers
``<think>..</think><action>Name(args)</action><conclusion>..</conclusion>``; coordinates are read in
the entry's ``coordinate_space`` (pixels of the sent image for UI-Venus).

Parsing follows UI-Venus's own parser (inclusionAI/UI-Venus, ``models/navigation/utils.py``
``parse_answer``, and the agent that feeds it the first ``<action>`` block): the call must be the
whole block, ``Name(key=value, ...)`` with a known, case-sensitive name and keyword arguments;
string values are taken as written between their outer quotes, so ``Type(content='I'll be late')``
types ``I'll be late`` (a Python-literal parser would reject it); points are ``(x, y)`` with
non-negative numbers. It accepts what upstream accepts and rejects what upstream rejects, with
three documented differences: a comma inside a string does not cut the string short (upstream
splits ``'It's 3pm, ok'`` at the comma), double quotes are read as quotes, and output without an
``<action>`` tag (upstream crashes) is searched for a complete call.

Decisions (notes §5, §9): ``CallUser(content)`` is an ``answer`` with that text and ends the episode;
``PressRecent`` has no equivalent in the common schema (a scored failure; not advertised);
``Scroll(direction=...)`` without points swipes from the screen centre, the finger moving in
``direction``, as far as the entry's executor ``swipe`` convention says (UI-Venus: 0.4 screen widths
vertically, 0.5 horizontally, as the prior release executed it) - docs/agents.md explains why.
"""

from __future__ import annotations

import re
from typing import Any

from pytest_anyapp.agents.actions import Action, action_from_arguments
from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.coords import Frame, point_to_device, swipe_travel
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.tool_call import tag_text
from pytest_anyapp.agents.models.transport import ModelReply
from pytest_anyapp.errors import (
    ActionParseError,
    ConfigError,
    DeclaredAgentOutputError,
    MalformedActionError,
)

AVAILABLE_ACTIONS = (
    "Click(box=(x1, y1))",
    "Drag(start=(x1, y1), end=(x2, y2))",
    "Scroll(start=(x1, y1), end=(x2, y2), direction='down/up/right/left')",
    "Type(content='')",
    "Launch(app='')",
    "Wait()",
    "Finished(content='')",
    "CallUser(content='')",
    "LongPress(box=(x1, y1))",
    "PressBack()",
    "PressHome()",
    "PressEnter()",
)

#: Names UI-Venus's parser knows (case-sensitive), with the keywords each one reads.
SIGNATURES: dict[str, tuple[str, ...]] = {
    "Click": ("box",), "LongPress": ("box",), "Drag": ("start", "end"),
    "Scroll": ("start", "end", "direction"), "Type": ("content",), "Launch": ("app", "url"), "Wait": (),
    "Finished": ("content",), "CallUser": ("content",), "PressBack": (), "PressHome": (),
    "PressEnter": (), "PressRecent": (),
}
_CALL = re.compile(r"^(\w+)\((.*)\)$", re.DOTALL)
_CALL_START = re.compile(r"\b(" + "|".join(SIGNATURES) + r")\(")
_KEY = re.compile(r"(?:^|,)\s*([A-Za-z_]\w*)\s*=")
_POINT = re.compile(r"\(([\d.]+),([\d.]+)\)")
_DIRECTIONS = ("up", "down", "left", "right")
PROMPT_STYLES = ("ui_venus_navi",)


def venus_prompt(goal: str, history: list[str]) -> str:
    previous = "\n".join(f"{i + 1}. {call}" for i, call in enumerate(history)) or "None"
    actions = "\n".join(AVAILABLE_ACTIONS)
    return (
        "**You are a GUI agent operating an Android phone.** Given the user's task, the screenshot "
        "and what has been done so far, choose the next action.\n\n"
        f"### User Task\n{goal}\n\n"
        f"### Previous Actions\n{previous}\n\n"
        f"### Available Actions\n{actions}\n\n"
        "### Instruction\n"
        "- Make sure you understand what the task asks before acting.\n"
        "- Trust the screenshot: the list of previous actions may be incomplete or wrong.\n"
        "- If the task asks a question, reply with CallUser(content='<the answer>'); that ends the task. "
        "When the task is done otherwise, reply with Finished().\n"
        "- If what you need is not on screen, scroll to look for it.\n"
        "- To copy text, long-press it and use the selection menu; paste with a long press on the "
        "target field.\n"
        "- Coordinates are pixels of the screenshot you see.\n"
        "- Reason inside <think></think>, give exactly one action inside <action></action>, then "
        "summarise it in one sentence inside <conclusion></conclusion>."
    )


# -- parsing ---------------------------------------------------------------------------------------
def action_block(text: str) -> str | None:
    """The first ``<action>`` block (to ``</action>`` or the end of the text), as UI-Venus reads it."""
    start = text.find("<action>")
    if start < 0:
        return None
    rest = text[start + len("<action>"):]
    end = rest.find("</action>")
    return (rest if end < 0 else rest[:end]).strip("\n")


def _closed(value: str) -> bool:
    """Whether ``value`` can end here: a quoted string has its closing quote, brackets balance."""
    v = value.strip()
    if v[:1] in ("'", '"'):
        return len(v) >= 2 and v.endswith(v[0])
    depth = 0
    for ch in v:
        depth += ch in "([{"
        depth -= ch in ")]}"
    return depth <= 0


def _unquote(value: str) -> str:
    """Drop the outer quotes (an unmatched one too, as upstream's ``strip("'")`` does) and spaces."""
    v = value.strip()
    quote = v[:1] if v[:1] in ("'", '"') else ""
    if quote:
        v = v[1:-1] if len(v) >= 2 and v.endswith(quote) else v[1:]
        v = v.replace("\\" + quote, quote)
    elif v[-1:] == "'":
        v = v[:-1]
    return v.strip()


def split_arguments(params: str) -> dict[str, str]:
    """``key=value`` pairs; a comma ends a value only where the value is complete, so commas,
    brackets and apostrophes inside strings survive. Text before the first key is ignored, as
    upstream ignores pairs without ``=``."""
    bounds: list[tuple[str, int, int]] = []  # (key, value start, key match start)
    for match in _KEY.finditer(params):
        if bounds and not _closed(params[bounds[-1][1]:match.start()]):
            continue
        bounds.append((match.group(1), match.end(), match.start()))
    values: dict[str, str] = {}
    for i, (key, start, _) in enumerate(bounds):
        end = bounds[i + 1][2] if i + 1 < len(bounds) else len(params)
        values[key] = _unquote(params[start:end])
    return values


def parse_point(value: str | None, what: str, call: str) -> tuple[float, float]:
    """``(x, y)`` with non-negative numbers (UI-Venus's ``parse_coordinates``)."""
    match = _POINT.match((value or "").replace(" ", ""))
    if match is None:
        raise ActionParseError(f"{what} is not a point (x, y): {value!r}", call)
    try:
        return float(match.group(1)), float(match.group(2))
    except ValueError as exc:
        raise ActionParseError(f"{what} is not a point (x, y): {value!r}", call) from exc


def parse_call(call: str) -> tuple[str, dict[str, Any]]:
    """``Name(key=value, ...)`` -> (name, arguments); raises ``ActionParseError`` where UI-Venus's
    parser raises (unknown name, a required argument missing or unreadable)."""
    match = _CALL.match(call.strip())
    if match is None:
        raise ActionParseError(f"not an action call: {call!r}", call)
    name, params = match.group(1), split_arguments(match.group(2).strip())
    if name not in SIGNATURES:
        raise ActionParseError(f"unknown action {name!r}", call)
    if name in ("Click", "LongPress"):
        return name, {"box": parse_point(params.get("box"), "box", call)}
    if name == "Drag":
        return name, {"start": parse_point(params.get("start"), "start", call),
                      "end": parse_point(params.get("end"), "end", call)}
    if name == "Scroll":
        if _POINT.match(params.get("start", "").replace(" ", "")) and _POINT.match(params.get("end", "").replace(" ", "")):
            return name, {"start": parse_point(params["start"], "start", call),
                          "end": parse_point(params["end"], "end", call)}
        if "direction" in params:
            return name, {"direction": params["direction"]}
        raise ActionParseError("Scroll needs start and end, or a direction", call)
    if name in ("Type", "CallUser"):
        if "content" not in params:
            raise ActionParseError(f"{name} needs content", call)
        return name, {"content": params["content"]}
    if name == "Launch":
        return name, {"app": params.get("app", ""), "url": params.get("url", "")}
    if name == "Finished":
        return name, {"content": params.get("content", "")}
    return name, {}


def candidates(text: str) -> list[str]:
    """What to parse: the first ``<action>`` block when there is one (only it, as upstream);
    otherwise an ``<answer>`` block, then every complete known call in the text, longest first."""
    block = action_block(text)
    if block is not None:
        return [block]
    found: list[str] = []
    answer = tag_text(text, "answer")
    if answer is not None:
        found.append(answer)
    for match in _CALL_START.finditer(text):
        line_end = min((i for i in (text.find("\n", match.start()), text.find("<", match.start())) if i >= 0),
                       default=len(text))
        closes = [i for i in range(match.end(), line_end) if text[i] == ")"]
        found.extend(text[match.start(): i + 1] for i in reversed(closes))
    return found


def to_action(name: str, kwargs: dict[str, Any], frame: Frame, raw: str, agent: ModelAgent) -> tuple[Action, dict[str, Any]]:
    """Map one UI-Venus call onto the common schema (device pixels)."""
    extra: dict[str, Any] = {"native_call": name}

    def point(key: str) -> Any:
        return point_to_device(list(kwargs[key]), frame)

    if name in ("Click", "LongPress"):
        args: dict[str, Any] = {"action": "click" if name == "Click" else "long_press", "coordinate": point("box")}
    elif name in ("Drag", "Scroll") and "start" in kwargs:
        args = {"action": "swipe", "coordinate": point("start"), "coordinate2": point("end")}
    elif name == "Scroll":
        direction = str(kwargs["direction"]).strip().lower()
        if direction not in _DIRECTIONS:
            raise MalformedActionError(f"Scroll direction must be up, down, left or right; got {direction!r}", raw)
        start = frame.centre
        end = swipe_travel(start, direction, frame, agent.config.executor.swipe)
        args = {"action": "swipe", "coordinate": list(start), "coordinate2": list(end)}
        extra["swipe_direction"] = direction
    elif name == "Type":
        args = {"action": "type", "text": kwargs["content"]}
    elif name == "Launch":
        args = {"action": "open_app", "text": kwargs["app"]}
    elif name == "Wait":
        args = {"action": "wait"}
    elif name == "Finished":
        args = {"action": "terminate", "status": "success"}
        if kwargs.get("content"):
            extra["finished_content"] = kwargs["content"]
    elif name == "CallUser":
        args = {"action": "answer", "text": kwargs["content"]}
    elif name in ("PressBack", "PressHome", "PressEnter"):
        args = {"action": "system_button", "button": name.removeprefix("Press").lower()}
    else:
        raise MalformedActionError(f"{name} has no equivalent in the common action schema", raw)
    return action_from_arguments(args, raw=raw), extra


class PythonActionAgent(ModelAgent):
    adapter = "python_action"

    def on_reset(self) -> None:
        style = self.config.prompt_style or "ui_venus_navi"
        if style not in PROMPT_STYLES:
            raise ConfigError(f"{self.name}: prompt_style {style!r} is not implemented; use one of {PROMPT_STYLES}")
        self._calls: list[str] = []

    def history_text(self) -> str:
        keep = self.config.history.max_steps
        calls = self._calls if keep is None else self._calls[max(0, len(self._calls) - keep):] if keep else []
        return "\n".join(f"{i + 1}. {call}" for i, call in enumerate(calls)) or "None"

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        keep = cfg.history.max_steps
        history = self._calls if keep is None else self._calls[max(0, len(self._calls) - keep):] if keep else []
        text = self.templated("user", venus_prompt(self.goal(observation), history), observation, self.history_text(), shot.size)
        messages: list[dict[str, Any]] = [
            {"role": "user", "content": [{"type": "text", "text": text}, images.image_part(shot, cfg.image.format)]},
        ]
        if "system" in self.templates:
            system = self.templated("system", "", observation, self.history_text(), shot.size)
            messages.insert(0, {"role": "system", "content": [{"type": "text", "text": system}]})
        return Request(messages=messages, frame=self.frame(observation, shot.size), image_sizes=[shot.size])

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        text = reply.text
        if not text.strip():
            raise ActionParseError("empty model output", text)
        first_error: DeclaredAgentOutputError | None = None
        for call in candidates(text):
            try:
                name, kwargs = parse_call(call)
                action, extra = to_action(name, kwargs, request.frame, text, self)
            except DeclaredAgentOutputError as exc:
                first_error = first_error or exc
                continue
            thought = tag_text(text, "think")
            conclusion = tag_text(text, "conclusion")
            if conclusion is not None:
                extra["conclusion"] = conclusion
            missing = [t for t, v in (("think", thought), ("action", action_block(text)),
                                      ("conclusion", conclusion)) if v is None]
            if missing:
                extra["missing_tags"] = missing
            return Decision(action=action, thought=thought, memo=call.strip(), extra=extra, native={"call": call})
        if first_error is not None:
            first_error.raw_output = text
            raise first_error
        raise ActionParseError("no action call in model output", text)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        self._calls.append(decision.memo or "Wait()")
