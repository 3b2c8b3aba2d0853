"""Python-call action agents: UI-Venus-Navi-7B and any OpenAI-compatible VLM (``openai-python-action``).

Prompt (style ``ui_venus_navi``): one user turn, no system message: the template text - role line,
``### User Task`` (the prompt goal; C2 plans land here), ``### Previous Actions`` (numbered raw
calls), ``### Available Actions``, ``### Instruction`` - then the screenshot. The model answers
``<think>..</think><action>Name(args)</action><conclusion>..</conclusion>`` with absolute pixels of
the image it was sent; we scale by screen/sent.

Fixes and decisions (notes §5, §9):
- ``CallUser(content)`` is an ``answer`` carrying the text (the prior release read it as Finished
  and dropped the answer) and ends the episode.
- UI-Venus-7B's screenshot is smart-resized to factor 28 within 830000-937664 px (1080x2400 ->
  644x1428) and sent at exactly that size, so the server does not re-resize and skew coordinates.
- ``PressRecent`` has no equivalent in the common schema: it is not advertised, and emitting it is
  a malformed action.
- ``Scroll(direction=...)`` without points swipes from the screen centre, finger moving in
  ``direction``; travel is 2 (vertical) or 2.5 (horizontal) units of width/10 x distance factor
  (short 1, medium 2 - the default -, long 10), clamped to the screen *(inferred)*.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from pytest_anyapp.agents.actions import Action, action_from_arguments
from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.coords import Frame, is_point, point_to_device, swipe_end
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.tool_call import tag_text
from pytest_anyapp.agents.models.transport import ModelReply
from pytest_anyapp.errors import ActionParseError, ConfigError, DeclaredAgentOutputError, MalformedActionError

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

# name -> positional parameter names, for calls written without keywords.
SIGNATURES: dict[str, tuple[str, ...]] = {
    "Click": ("box",), "LongPress": ("box",), "Drag": ("start", "end"),
    "Scroll": ("start", "end", "direction"), "Type": ("content",), "Launch": ("app",), "Wait": (),
    "Finished": ("content",), "CallUser": ("content",), "PressBack": (), "PressHome": (),
    "PressEnter": (), "PressRecent": (),
}
_CANONICAL = {name.lower(): name for name in SIGNATURES}
_CALL_START = re.compile(r"\b(" + "|".join(SIGNATURES) + r")\s*\(", re.IGNORECASE)
_DISTANCE = {"short": 1.0, "medium": 2.0, "long": 10.0}
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


def _call_spans(text: str) -> list[str]:
    """Every complete ``Name(...)`` call of a known name in ``text``, in order (quote-aware)."""
    spans: list[str] = []
    for match in _CALL_START.finditer(text):
        depth, quote, i = 0, "", match.end() - 1
        while i < len(text):
            ch = text[i]
            if quote:
                if ch == "\\":
                    i += 1
                elif ch == quote:
                    quote = ""
            elif ch in "'\"":
                quote = ch
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    spans.append(text[match.start(): i + 1])
                    break
            i += 1
    return spans


def candidates(text: str) -> list[str]:
    """The last ``<action>`` (or ``<answer>``) block first, then every call found in the whole text."""
    found: list[str] = []
    for tag in ("action", "answer"):
        blocks = re.findall(rf"<{tag}>(.*?)</{tag}>", text, re.DOTALL)
        if blocks:
            found.extend(_call_spans(blocks[-1]) or [blocks[-1].strip()])
            break
    for span in _call_spans(text):
        if span not in found:
            found.append(span)
    return found


def parse_call(call: str) -> tuple[str, dict[str, Any]]:
    """``Name(k=v, ...)`` -> (canonical name, literal kwargs); raises ``ActionParseError``."""
    try:
        node = ast.parse(call.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ActionParseError(f"not a python call: {call!r}", call) from exc
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ActionParseError(f"not a python call: {call!r}", call)
    name = _CANONICAL.get(node.func.id.lower())
    if name is None:
        raise ActionParseError(f"unknown action {node.func.id!r}", call)
    params = SIGNATURES[name]
    if len(node.args) > len(params):
        raise ActionParseError(f"{name} takes at most {len(params)} positional arguments", call)
    try:
        kwargs = {params[i]: ast.literal_eval(arg) for i, arg in enumerate(node.args)}
        kwargs.update({kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg})
    except (ValueError, SyntaxError) as exc:
        raise ActionParseError(f"arguments of {name} are not literals: {call!r}", call) from exc
    return name, kwargs


def _as_point(value: Any) -> Any:
    """Accept ``(x, y)``, ``[x1, y1, x2, y2]``, ``((x1, y1), (x2, y2))`` or their string forms."""
    if isinstance(value, str):
        try:
            value = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            return value
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (list, tuple)) for v in value):
        value = [*value[0], *value[1]]
    return list(value) if isinstance(value, (list, tuple)) else value


def to_action(name: str, kwargs: dict[str, Any], frame: Frame, raw: str) -> tuple[Action, dict[str, Any]]:
    """Map one UI-Venus call onto the common schema (device pixels)."""
    extra: dict[str, Any] = {"native_call": name}

    def point(key: str) -> Any:
        return point_to_device(_as_point(kwargs.get(key)), frame)

    def text(key: str) -> Any:
        value = kwargs.get(key, "")
        return value if isinstance(value, str) else str(value)

    if name in ("Click", "LongPress"):
        args: dict[str, Any] = {"action": "click" if name == "Click" else "long_press", "coordinate": point("box")}
    elif name == "Drag" or (name == "Scroll" and kwargs.get("start") is not None and kwargs.get("end") is not None):
        args = {"action": "swipe", "coordinate": point("start"), "coordinate2": point("end")}
    elif name == "Scroll":
        direction = str(kwargs.get("direction", "")).strip().lower()
        if direction not in ("up", "down", "left", "right"):
            raise MalformedActionError(f"Scroll needs start and end, or a direction; got {kwargs!r}", raw)
        factor = _DISTANCE.get(str(kwargs.get("dist", "medium")).lower(), _DISTANCE["medium"])
        unit = frame.screen_w / 10 * factor
        start = point("start") if kwargs.get("start") is not None else list(frame.centre)
        if not is_point(start):
            raise MalformedActionError(f"Scroll start is not a point: {kwargs.get('start')!r}", raw)
        end = swipe_end((start[0], start[1]), direction, frame,
                        fraction_w=2.5 * unit / frame.screen_w, fraction_h=2 * unit / frame.screen_h)
        args = {"action": "swipe", "coordinate": start, "coordinate2": list(end)}
        extra["swipe_direction"] = direction
    elif name == "Type":
        args = {"action": "type", "text": text("content")}
    elif name == "Launch":
        args = {"action": "open_app", "text": text("app")}
    elif name == "Wait":
        args = {"action": "wait"}
    elif name == "Finished":
        args = {"action": "terminate", "status": "success"}
        if kwargs.get("content"):
            extra["finished_content"] = text("content")
    elif name == "CallUser":
        args = {"action": "answer", "text": text("content")}
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

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        keep = cfg.history.max_steps
        history = self._calls if keep is None else self._calls[max(0, len(self._calls) - keep):] if keep else []
        content = [{"type": "text", "text": venus_prompt(self.goal(observation), history)},
                   images.image_part(shot, cfg.image.format)]
        return Request(messages=[{"role": "user", "content": content}],
                       frame=Frame.pixels_of(observation.screen_size, shot.size), image_sizes=[shot.size])

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        text = reply.text
        if not text.strip():
            raise ActionParseError("empty model output", text)
        first_invalid: DeclaredAgentOutputError | None = None
        for call in candidates(text):
            try:
                name, kwargs = parse_call(call)
            except ActionParseError:
                continue
            try:
                action, extra = to_action(name, kwargs, request.frame, text)
            except MalformedActionError as exc:
                first_invalid = first_invalid or exc
                continue
            thought = tag_text(text, "think")
            conclusion = tag_text(text, "conclusion")
            if conclusion is not None:
                extra["conclusion"] = conclusion
            return Decision(action=action, thought=thought, memo=call, extra=extra, native={"call": call})
        if first_invalid is not None:
            raise first_invalid
        raise ActionParseError("no parsable action call in model output", text)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        self._calls.append(decision.memo or "Wait()")
