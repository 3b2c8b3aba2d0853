"""MAI-UI-8B: multi-turn conversation, the last screenshots attached, 0-999 coordinates.

Messages: system (MAI's role, output format and action space - our wording), the prompt goal as
the first user text exactly as given (C2 plans land here and persist for the whole conversation),
then per past step the screenshot (only for the last ``history.images`` steps) and the assistant
turn re-serialised as ``<thinking>..</thinking><tool_call>..</tool_call>`` with 0-999 integers, and
finally the current screenshot. Screenshots are sent unresized (the server's processor resizes).

Fixes of the prior release (notes §9): ``terminate{status: fail}`` - the prompt's own value - is
a failure, not success; a direction-only swipe starts at the screen centre *in pixels* (it was
rescaled as if 0-999 and landed off-screen); ``answer`` ends the episode at once, with its text.
Decisions: ``drag`` is a finger drag, mapped to a swipe by points; ``menu`` has no equivalent in
the common schema, so it is not advertised (a model that still emits it gets a scored failure).
"""

from __future__ import annotations

import json
from typing import Any

from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.coords import NORMALISED_SCALE
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.tool_call import (
    call_to_action,
    find_tool_call,
    tag_text,
)
from pytest_anyapp.agents.models.transport import ModelReply

ACTION_SPACE = (
    '{"action": "click", "coordinate": [x, y]}\n'
    '{"action": "long_press", "coordinate": [x, y]}\n'
    '{"action": "type", "text": ""}\n'
    '{"action": "swipe", "direction": "up or down or left or right", "coordinate": [x, y]}'
    "  # coordinate is optional: a point on the element to swipe\n"
    '{"action": "open", "text": "app_name"}\n'
    '{"action": "drag", "start_coordinate": [x1, y1], "end_coordinate": [x2, y2]}\n'
    '{"action": "system_button", "button": "back or home or enter"}\n'
    '{"action": "wait"}\n'
    '{"action": "terminate", "status": "success or fail"}\n'
    '{"action": "answer", "text": "xxx"}  # escape quotes and newlines inside text'
)


def system_prompt(available_apps: list[str]) -> str:
    """MAI's system prompt in our words. Two notes keep upstream's meaning exactly (src/prompt.py):
    ``open`` is *always* tried first when an app is to be opened, other navigation only if it
    fails; and the available apps are listed (by default every app name of the benchmark, as the
    prior release did; ``options.available_apps`` replaces the list)."""
    apps = "- Available apps: " + ", ".join(available_apps) + ".\n" if available_apps else ""
    return (
        "You are a GUI agent. You get a task, the history of your actions and screenshots of the "
        "phone, and you choose the single next action that advances the task.\n\n"
        "## Output format\n"
        "<thinking>\nyour reasoning\n</thinking>\n"
        '<tool_call>\n{"name": "mobile_use", "arguments": <args-json-object>}\n</tool_call>\n\n'
        "## Action space\n"
        f"{ACTION_SPACE}\n\n"
        "## Notes\n"
        f"- Coordinates are relative: x and y run from 0 to {NORMALISED_SCALE} across the screen's "
        "width and height.\n"
        "- In the thinking, make a short plan, and end it with one sentence naming the next action "
        "and its target.\n"
        "- When an app has to be opened, always use the open action with the app's name first: it is "
        "the fastest way to launch an app. Navigate with click or swipe only if open fails.\n"
        f"{apps}"
        "- Follow the output format exactly: one thinking block and one tool call."
    )


def normalise_think_tags(text: str) -> str:
    """Models sometimes close with ``</think>``; read that as ``</thinking>``."""
    if "</thinking>" not in text and "</think>" in text:
        body = text.replace("<think>", "", 1).replace("</think>", "</thinking>", 1)
        return body if "<thinking>" in body else f"<thinking>{body}"
    return text


def _int_points(arguments: dict[str, Any]) -> dict[str, Any]:
    out = dict(arguments)
    for key in ("coordinate", "coordinate2", "start_coordinate", "end_coordinate"):
        value = out.get(key)
        if isinstance(value, list) and all(isinstance(v, (int, float)) for v in value):
            out[key] = [round(v) for v in value]
    return out


class MAIUIAgent(ModelAgent):
    adapter = "mai_ui"

    def on_reset(self) -> None:
        # (screenshot data URL - None once too old to be re-sent -, its size, assistant text)
        self._turns: list[tuple[str | None, tuple[int, int], str]] = []

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        history = "\n".join(text for _, _, text in self._turns)
        system = self.templated("system", system_prompt(self.app_list()), observation, history, shot.size)
        first = self.templated("user", self.goal(observation), observation, history, shot.size)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": [{"type": "text", "text": system}]},
            {"role": "user", "content": [{"type": "text", "text": first}]},
        ]
        sizes: list[tuple[int, int]] = []
        turns = self._turns
        keep = cfg.history.max_steps
        if keep is not None:
            turns = turns[max(0, len(turns) - keep):] if keep else []
        with_images = max(0, len(turns) - cfg.history.images)
        for i, (image_url, size, assistant) in enumerate(turns):
            if i >= with_images and image_url is not None:
                messages.append({"role": "user", "content": [{"type": "image_url", "image_url": {"url": image_url}}]})
                sizes.append(size)
            messages.append({"role": "assistant", "content": [{"type": "text", "text": assistant}]})
        messages.append({"role": "user", "content": [images.image_part(shot, cfg.image.format)]})
        sizes.append(shot.size)
        return Request(messages=messages, frame=self.frame(observation, shot.size), image_sizes=sizes)

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        text = normalise_think_tags(reply.text)
        call = find_tool_call(text)
        parsed = call_to_action(call["arguments"], request.frame, reply.text, swipe=self.config.executor.swipe)
        thought = tag_text(text, "thinking")
        extra = dict(parsed.extra)
        if thought is None:
            extra["missing_tags"] = ["thinking"]
        return Decision(action=parsed.action, thought=thought, extra=extra, native=call)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        arguments = _int_points(decision.native["arguments"]) if decision.native else {"action": "wait"}
        call = json.dumps({"name": "mobile_use", "arguments": arguments}, ensure_ascii=False, separators=(",", ":"))
        assistant = f"<thinking>\n{decision.thought or ''}\n</thinking>\n<tool_call>\n{call}\n</tool_call>"
        current = request.messages[-1]["content"][0]["image_url"]["url"]
        self._turns.append((current, request.image_sizes[-1], assistant))
        # Only the last ``history.images`` screenshots are ever sent again; drop older ones.
        limit = self.config.history.images
        for i in range(max(0, len(self._turns) - limit)):
            url, size, text = self._turns[i]
            if url is not None:
                self._turns[i] = (None, size, text)
