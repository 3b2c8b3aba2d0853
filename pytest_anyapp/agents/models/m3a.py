"""M3A-style set-of-marks agent for API models: Gemini (google-genai) or OpenAI (openai SDK).

Each step sends one user turn: the prompt text (role, action list, the prompt goal - C2 plans land
on the goal line -, history, the numbered UI element list, guidance, the required
``Reason: ... Action: {...}`` form) and two images: the raw screenshot and the same screenshot with
numbered boxes. Actions name elements by ``index``; we act on the element's centre in device pixels.

With ``options.summarize`` (the M3A design) a second call after each action compares the before
and after screens and writes the one-line summary that becomes the history entry; it runs at the
start of the next step, when the "after" screen exists, and is counted in that step's usage.

Decisions: ``status{goal_status: infeasible}`` is ``terminate(failure)``; a Gemini safety block
(no text) is also ``terminate(failure)`` with the block reason recorded, as in M3A. Unlike the
prior release's M3A, parse failures follow the harness-wide ``--parse-failure`` policy.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

from PIL import Image

from pytest_anyapp.agents.actions import Action, action_from_arguments
from pytest_anyapp.agents.base import Observation, ObservationPart, UIElement
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.coords import Frame
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.transport import (
    GeminiTransport,
    ModelReply,
    OpenAIChatTransport,
)
from pytest_anyapp.errors import ActionParseError, MalformedActionError

ACTION_LIST = """\
- Finish the task: {"action_type": "status", "goal_status": "complete"}; \
if it cannot be done: {"action_type": "status", "goal_status": "infeasible"}
- Answer the user's question (this ends the task): {"action_type": "answer", "text": "<answer>"}
- Click an element: {"action_type": "click", "index": <element index>}
- Long-press an element: {"action_type": "long_press", "index": <element index>}
- Type into a text field (it is tapped first): {"action_type": "input_text", "text": "<text>", "index": <element index>}
- Press Enter: {"action_type": "keyboard_enter"}
- Go to the home screen: {"action_type": "navigate_home"}
- Go back: {"action_type": "navigate_back"}
- Scroll the screen, or one scrollable element: {"action_type": "scroll", "direction": "<up|down|left|right>", \
"index": <optional element index>} ("down" reveals what is further down)
- Open an app: {"action_type": "open_app", "app_name": "<name>"}
- Wait for the screen to update: {"action_type": "wait"}"""  # noqa: E501

GUIDANCE = """\
- Use the element list and the numbered screenshot to pick indexes; only listed indexes are valid.
- To type, use input_text on the text field directly; do not click it first.
- If something you need is not visible, scroll or open the right screen to find it.
- Check the screen before declaring the task complete; if an action had no effect, try another way."""

NO_HISTORY = "Nothing has been done yet; this is the first step."
_REASON_ACTION = re.compile(r"Reason:(.*?)Action:(.*)", re.DOTALL)


def _informative(el: UIElement) -> bool:
    """Worth a mark: it says something or can be acted on (bare layout containers are noise)."""
    return bool(el.text or el.content_desc or el.clickable or el.long_clickable or el.scrollable
                or el.checkable or el.editable)


def visible_elements(elements: list[UIElement], screen: tuple[int, int]) -> list[UIElement]:
    """Informative elements with a non-empty box on screen, in dump order (position = mark number)."""
    width, height = screen
    out = []
    for el in elements:
        left, top, right, bottom = el.bounds
        on_screen = right > left and bottom > top and right > 0 and bottom > 0 and left < width and top < height
        if on_screen and _informative(el):
            out.append(el)
    return out


def element_line(i: int, el: UIElement) -> str:
    info: dict[str, Any] = {"index": i}
    if el.text:
        info["text"] = el.text
    if el.content_desc:
        info["content_description"] = el.content_desc
    if el.resource_id:
        info["resource_id"] = el.resource_id.split("/")[-1]
    info["class_name"] = el.class_name.split(".")[-1]
    for key, value in (("is_clickable", el.clickable), ("is_long_clickable", el.long_clickable),
                       ("is_editable", el.editable), ("is_scrollable", el.scrollable),
                       ("is_checked", el.checked if el.checkable else None), ("is_selected", el.selected)):
        if value:
            info[key] = value
    return f"UI element {i}: {json.dumps(info, ensure_ascii=False)}"


def action_prompt(goal: str, history: list[str], elements: list[UIElement]) -> str:
    past = "\n".join(f"Step {i + 1}- {h}" for i, h in enumerate(history)) or NO_HISTORY
    listing = "\n".join(element_line(i, el) for i, el in enumerate(elements)) or "(no UI elements found)"
    return (
        "You are an agent that operates an Android phone for a user. At each step you see the "
        "current screenshot, the same screenshot with numbered boxes around UI elements, and the "
        "list of those elements; you choose one action.\n\n"
        f"Available actions (one JSON object per reply):\n{ACTION_LIST}\n\n"
        f"The user's goal: {goal}\n\n"
        f"What you have done so far:\n{past}\n\n"
        f"UI elements on the current screen:\n{listing}\n\n"
        f"Guidance:\n{GUIDANCE}\n\n"
        "Reply in exactly this form:\nReason: <why this action>\nAction: {\"action_type\": ...}"
    )


def summary_prompt(goal: str, action: str, reason: str, before: list[UIElement], after: list[UIElement]) -> str:
    def listing(els: list[UIElement]) -> str:
        return "\n".join(element_line(i, el) for i, el in enumerate(els)) or "(no UI elements found)"

    return (
        "You are an agent that operates an Android phone for a user.\n"
        f"The user's goal: {goal}\n\n"
        f"You chose this action: {action}\nYour reason: {reason}\n\n"
        "The first image is the screen before the action (numbered boxes), the second the screen "
        f"after it.\nElements before:\n{listing(before)}\n\nElements after:\n{listing(after)}\n\n"
        "In one or two sentences, say what the action did and whether it worked, noting anything "
        "useful for the next steps. Reply with the summary only."
    )


def _scroll_points(direction: str, region: tuple[int, int, int, int], frame: Frame) -> tuple[list[int], list[int]]:
    """Finger path for a content scroll: from the region centre toward the opposite edge.

    ``down`` reveals lower content, so the finger moves up (AndroidWorld's scroll semantics).
    """
    left, top, right, bottom = region
    cx, cy = (left + right) // 2, (top + bottom) // 2
    inset_x, inset_y = max(1, (right - left) // 20), max(1, (bottom - top) // 20)
    ends = {"down": (cx, top + inset_y), "up": (cx, bottom - inset_y),
            "right": (left + inset_x, cy), "left": (right - inset_x, cy)}
    end = ends[direction]
    return list(frame.clamp(cx, cy)), list(frame.clamp(*end))


def to_action(call: dict[str, Any], elements: list[UIElement], frame: Frame, raw: str) -> tuple[Action, dict[str, Any]]:
    kind = str(call.get("action_type", "")).strip().lower()
    extra: dict[str, Any] = {"native_action_type": kind}

    def element() -> UIElement:
        index = call.get("index")
        if isinstance(index, str) and index.strip().isdigit():
            index = int(index)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(elements):
            raise MalformedActionError(f"{kind}: index {call.get('index')!r} is not one of 0..{len(elements) - 1}", raw)
        extra["element_index"] = index
        return elements[index]

    if kind == "status":
        status = str(call.get("goal_status", "")).strip().lower()
        if status not in ("complete", "infeasible"):
            raise MalformedActionError(f"goal_status must be complete or infeasible, got {status!r}", raw)
        extra["raw_terminate_status"] = status
        args: dict[str, Any] = {"action": "terminate", "status": "success" if status == "complete" else "failure"}
    elif kind == "answer":
        args = {"action": "answer", "text": call.get("text")}
    elif kind in ("click", "long_press"):
        args = {"action": kind, "coordinate": list(frame.clamp(*element().center))}
    elif kind == "input_text":
        args = {"action": "type", "text": call.get("text")}
        if call.get("index") is not None:
            args["coordinate"] = list(frame.clamp(*element().center))
    elif kind in ("keyboard_enter", "navigate_home", "navigate_back"):
        args = {"action": "system_button", "button": {"keyboard_enter": "enter", "navigate_home": "home",
                                                      "navigate_back": "back"}[kind]}
    elif kind == "scroll":
        direction = str(call.get("direction", "")).strip().lower()
        if direction not in ("up", "down", "left", "right"):
            raise MalformedActionError(f"scroll direction must be up/down/left/right, got {direction!r}", raw)
        region = element().bounds if call.get("index") is not None else (0, 0, frame.screen_w, frame.screen_h)
        start, end = _scroll_points(direction, region, frame)
        args = {"action": "swipe", "coordinate": start, "coordinate2": end}
        extra["scroll_direction"] = direction
    elif kind == "open_app":
        args = {"action": "open_app", "text": call.get("app_name")}
    elif kind == "wait":
        args = {"action": "wait"}
    else:
        raise MalformedActionError(f"unsupported action_type {kind!r}", raw)
    return action_from_arguments(args, raw=raw), extra


def parse_reason_action(text: str) -> tuple[str, dict[str, Any]]:
    match = _REASON_ACTION.search(text)
    if match is None:
        raise ActionParseError("output is not in the 'Reason: ... Action: {...}' form", text)
    reason, rest = match.group(1).strip(), match.group(2)
    start = rest.find("{")
    if start < 0:
        raise ActionParseError("no JSON object after 'Action:'", text)
    try:
        call, _ = json.JSONDecoder().raw_decode(rest[start:])
    except json.JSONDecodeError as exc:
        raise ActionParseError(f"action is not valid JSON: {exc}", text) from exc
    if not isinstance(call, dict):
        raise ActionParseError("action must be a JSON object", text)
    return reason, call


class M3AAgent(ModelAgent):
    adapter = "m3a"
    supported_spaces = ("element_index",)
    template_parts = ()
    #: Set-of-marks over the screenshot, from the UI tree's elements.
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"screenshot", "ui_tree"})

    def on_reset(self) -> None:
        self._history: list[str] = []
        self._pending: dict[str, Any] | None = None  # the last action, waiting for its summary
        self._summary_raw: str | None = None

    # -- images ---------------------------------------------------------------------------------
    def _views(self, observation: Observation) -> tuple[Image.Image, Image.Image, list[UIElement]]:
        cfg = self.config
        shot = images.open_png(observation.screenshot_png)
        elements = visible_elements(observation.ui_elements, observation.screen_size)
        sx = shot.size[0] / observation.screen_size[0]
        sy = shot.size[1] / observation.screen_size[1]
        boxes = [(round(e.bounds[0] * sx), round(e.bounds[1] * sy), round(e.bounds[2] * sx), round(e.bounds[3] * sy))
                 for e in elements]
        marked = images.draw_marks(shot, boxes)
        limits = images.ImageLimits(cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels)
        return images.prepare(shot, limits), images.prepare(marked, limits), elements

    def _payload(self, text: str, pics: list[Image.Image]) -> tuple[list[dict[str, Any]], list[Any]]:
        fmt = self.config.image.format
        if self.config.provider == "gemini":
            mime = "image/jpeg" if fmt == "jpeg" else "image/png"
            return [], [text, *[(mime, images.encode(p, fmt)) for p in pics]]
        content = [{"type": "text", "text": text}, *[images.image_part(p, fmt) for p in pics]]
        return [{"role": "user", "content": content}], []

    def _call(self, messages: list[dict[str, Any]], parts: list[Any]) -> ModelReply:
        transport = self.transport
        if isinstance(transport, GeminiTransport):
            return transport.generate(parts, self.sampling())
        assert isinstance(transport, OpenAIChatTransport)
        return transport.chat(messages, self.sampling())

    def sampling(self) -> dict[str, Any]:
        params = dict(self.config.sampling)
        if self.config.provider == "openai" and "gpt-5" in self.model_id.lower():
            params.pop("temperature", None)  # gpt-5 models reject a temperature
        return params

    # -- the step ---------------------------------------------------------------------------------
    def before_request(self, observation: Observation) -> list[ModelReply]:
        """Summarise the previous action now that its "after" screen is here."""
        pending, self._pending = self._pending, None
        self._summary_raw = None
        if pending is None:
            return []
        if not self.config.options.get("summarize", True):
            self._history.append(f"Action selected: {pending['action']}. Reason: {pending['reason']}")
            return []
        _, after_marked, after_elements = self._views(observation)
        text = summary_prompt(self.goal(observation), pending["action"], pending["reason"],
                              pending["elements"], after_elements)
        messages, parts = self._payload(text, [pending["marked"], after_marked])
        reply = self._call(messages, parts)
        summary = " ".join(reply.text.split()) or "(the model gave no summary)"
        self._summary_raw = reply.text
        self._history.append(f"Action selected: {pending['action']}. {summary}")
        return [reply]

    def step_extra(self) -> dict[str, Any]:
        return {} if self._summary_raw is None else {"summary_raw_output": self._summary_raw}

    def build_request(self, observation: Observation) -> Request:
        raw, marked, elements = self._views(observation)
        keep = self.config.history.max_steps
        history = self._history if keep is None else self._history[max(0, len(self._history) - keep):] if keep else []
        text = action_prompt(self.goal(observation), history, elements)
        messages, parts = self._payload(text, [raw, marked])
        return Request(messages=messages, gemini_parts=parts, frame=Frame(*observation.screen_size, *observation.screen_size),
                       image_sizes=[raw.size, marked.size],
                       context={"elements": elements, "marked": marked})

    def query(self, request: Request) -> ModelReply:
        return self._call(request.messages, request.gemini_parts or [])

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        if reply.blocked_reason and not reply.text.strip():
            return Decision(action=Action(action="terminate", status="failure"), memo="blocked by the model's safety filter",
                            extra={"safety_block": reply.blocked_reason})
        reason, call = parse_reason_action(reply.text)
        action, extra = to_action(call, request.context["elements"], request.frame, reply.text)
        return Decision(action=action, thought=reason, memo=json.dumps(call, ensure_ascii=False), extra=extra, native=call)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        self._pending = {
            "action": decision.memo or decision.action.describe(),
            "reason": decision.thought or "",
            "elements": request.context["elements"],
            "marked": request.context["marked"],
        }
