"""GUI-Owl-7B (single-agent path): one user turn, current screenshot only, absolute pixels.

Prompt: system = assistant line + ``mobile_use`` declaration stating the *resized* resolution;
user = the prompt goal after a "user query" label (C2 plans land here, re-sent every step), the
"task progress" line built from earlier ``<conclusion>`` texts, the output instructions, then the
screenshot smart-resized to factor 28 (1080x2400 -> 1092x2408).

Fixes of the prior release (notes §9): ``terminate`` keeps its status (it was always success);
button names are case-insensitive; a missing ``<thinking>``/``<conclusion>`` no longer crashes the
episode into "invalid" - the action is used when the ``<tool_call>`` is valid, and a missing tool
call is an ``ActionParseError`` (scored); ``answer`` ends the episode at once, with its text.
"""

from __future__ import annotations

import json
from typing import Any

from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.model_agent import Decision, ModelAgent, Request
from pytest_anyapp.agents.models.qwen_tools import (
    ASSISTANT_LINE,
    mobile_use_function,
    tools_block,
)
from pytest_anyapp.agents.models.tool_call import (
    call_to_action,
    find_tool_call,
    tag_text,
)
from pytest_anyapp.agents.models.transport import ModelReply

OUTPUT_INSTRUCTIONS = (
    "Work out the next step before acting: reason step by step inside <thinking></thinking>. "
    "Then make exactly one function call inside <tool_call></tool_call>. After the call, state in "
    "one sentence what that action does inside <conclusion></conclusion>."
)


def progress_text(memos: list[str], max_steps: int | None) -> str:
    """``Step 1: ...; Step 2: ...; `` over the kept steps (numbering stays absolute)."""
    start = 0 if max_steps is None else max(0, len(memos) - max_steps)
    return "".join(f"Step {i + 1}: {memos[i]}; " for i in range(start, len(memos)))


def thought_of(text: str) -> str | None:
    if "</think>" in text:
        return text.split("</think>", 1)[0].replace("<think>", "").strip() or None
    return tag_text(text, "thinking")


class GUIOwlAgent(ModelAgent):
    adapter = "gui_owl"

    def on_reset(self) -> None:
        self._memos: list[str] = []

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        width, height = shot.size
        function = mobile_use_function(width, height, advertise_open=bool(cfg.options.get("advertise_open")))
        history = progress_text(self._memos, cfg.history.max_steps)
        system = self.templated("system", f"{ASSISTANT_LINE}\n\n{tools_block(function)}", observation, history, shot.size)
        text = self.templated("user", (
            f"The user query: {self.goal(observation)}\n"
            "Task progress (operations you have already performed on this device): "
            f"{history}.\n"
            f"{OUTPUT_INSTRUCTIONS}"
        ), observation, history, shot.size)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": [{"type": "text", "text": system}]},
            {"role": "user", "content": [{"type": "text", "text": text}, images.image_part(shot, cfg.image.format)]},
        ]
        return Request(messages=messages, frame=self.frame(observation, shot.size), image_sizes=[shot.size])

    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        text = reply.text
        call = find_tool_call(text)
        parsed = call_to_action(call["arguments"], request.frame, text, swipe=self.config.executor.swipe)
        conclusion = tag_text(text, "conclusion")
        thought = thought_of(text)
        extra = dict(parsed.extra)
        missing = [t for t, v in (("thinking", thought), ("conclusion", conclusion)) if v is None]
        if missing:
            extra["missing_tags"] = missing
        memo = conclusion if conclusion is not None else json.dumps(call["arguments"], ensure_ascii=False)
        return Decision(action=parsed.action, thought=thought, memo=memo, extra=extra, native=call)

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        memo = (decision.memo or decision.action.describe()).replace("\n", " ").replace('"', "")
        self._memos.append(memo)
