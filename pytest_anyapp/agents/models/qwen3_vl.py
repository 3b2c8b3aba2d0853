"""Qwen3-VL (8B and 30B-A3B) as the cookbook mobile agent: one turn, one image, 0-999 coordinates.

Prompt: system = the ``mobile_use`` declaration stating ``999x999`` plus a response-format section
(``Thought:`` line, ``Action:`` line, one ``<tool_call>``); user = the prompt goal after the
"user query" label (C2 plans land here) with a trailing period, the "task progress" line built
from earlier ``Action:`` lines, then the screenshot smart-resized to factor 32 (1080x2400 ->
1088x2400). Coordinates map back as ``round(v / 999 * screen)``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.coords import NORMALISED_SCALE
from pytest_anyapp.agents.models.gui_owl import progress_text
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.qwen_tools import mobile_use_function, tools_block
from pytest_anyapp.agents.models.tool_call import call_to_action, find_tool_call
from pytest_anyapp.agents.models.transport import ModelReply

RESPONSE_FORMAT = (
    "# Response format\n\n"
    "Answer in exactly this order, with nothing before or after:\n"
    "Thought: one sentence of reasoning about the current screen and the next step.\n"
    "Action: one line in the imperative saying what you will do, e.g. \"Tap the Search field.\"\n"
    "Then exactly one <tool_call></tool_call> block with the function call.\n\n"
    "Rules:\n"
    "- Make exactly one function call per reply.\n"
    "- When the task is complete, or cannot be done, call terminate with the matching status."
)

_THOUGHT = re.compile(r"(?ms)^\s*Thought:\s*(.*?)(?=^\s*Action:|<tool_call>|\Z)")
_ACTION = re.compile(r"(?m)^\s*Action:\s*(.+?)\s*$")


def thought_and_action(text: str) -> tuple[str | None, str | None]:
    thought = _THOUGHT.search(text)
    action = _ACTION.search(text.split("<tool_call>", 1)[0])
    return (thought.group(1).strip() or None) if thought else None, (action.group(1).strip() or None) if action else None


def with_period(goal: str) -> str:
    goal = goal.rstrip()
    return goal if goal.endswith((".", "!", "?")) else f"{goal}."


class Qwen3VLAgent(ModelAgent):
    adapter = "qwen3_vl"

    def on_reset(self) -> None:
        self._memos: list[str] = []

    def system_text(self) -> str:
        side = 1000 if self.coordinate_space == "normalised_1000" else NORMALISED_SCALE
        function = mobile_use_function(side, side, advertise_open=bool(self.config.options.get("advertise_open")))
        return f"{tools_block(function)}\n\n{RESPONSE_FORMAT}"

    def history_text(self) -> str:
        return progress_text(self._memos, self.config.history.max_steps)

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        history = self.history_text()
        text = self.templated("user", (
            f"The user query: {with_period(self.goal(observation))}\n"
            "Task progress (operations you have already performed on this device): "
            f"{history}.\n"
        ), observation, history, shot.size)
        system = self.templated("system", self.system_text(), observation, history, shot.size)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": [{"type": "text", "text": system}]},
            {"role": "user", "content": [{"type": "text", "text": text}, images.image_part(shot, cfg.image.format)]},
        ]
        return Request(messages=messages, frame=self.frame(observation, shot.size), image_sizes=[shot.size])

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        text = reply.text
        call = find_tool_call(text)
        parsed = call_to_action(call["arguments"], request.frame, text, swipe=self.config.executor.swipe)
        thought, action_line = thought_and_action(text)
        memo = action_line if action_line is not None else json.dumps(call["arguments"], ensure_ascii=False)
        extra = dict(parsed.extra)
        if action_line is None:
            extra["missing_tags"] = ["Action:"]
        return Decision(action=parsed.action, thought=thought, memo=memo, extra=extra, native=call)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        self._memos.append((decision.memo or decision.action.describe()).replace("\n", " "))
