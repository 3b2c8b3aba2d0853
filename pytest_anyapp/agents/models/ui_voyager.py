"""UI-Voyager (Qwen3-VL-4B fine-tune): the Qwen3-VL tool and response format, its own user layout.

User message: the prompt goal after the "user query" label (C2 plans land here), then - when there
is history - a task-progress header and one ``Step<n>: <action line>`` per step (the last 30), a
line introducing the screenshot where the image is inserted (full resolution, JPEG, detail high),
and a closing request for the next step. Coordinates are 0-999.

Fix (notes §9.8): ``max_tokens`` is 16384 as upstream, not 512 - long thoughts were cut before the
``<tool_call>``. ``answer`` ends the episode with its text, as upstream.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.agents.base import Observation
from pytest_anyapp.agents.models import images
from pytest_anyapp.agents.models.model_agent import Request
from pytest_anyapp.agents.models.qwen3_vl import Qwen3VLAgent
from pytest_anyapp.errors import ConfigError

IMAGE_MARKER = "<image>"
# Upstream's rule (eval/prompts/qwen3vl_instruct.md): once the answer to a question has been found,
# given or confirmed, the task ends with terminate and status success. Our words, its meaning.
QUESTION_RULE = (
    "- If the user query asks a question and you have found, given or confirmed its answer, end the "
    "task with action=terminate and status=success in the tool call."
)


class UIVoyagerAgent(Qwen3VLAgent):
    adapter = "ui_voyager"

    def system_text(self) -> str:
        return f"{super().system_text()}\n{QUESTION_RULE}"

    def history_text(self) -> str:
        keep = self.config.history.max_steps
        start = 0 if keep is None else max(0, len(self._memos) - keep)
        return "\n".join(f"Step{i + 1}: {self._memos[i]}" for i in range(start, len(self._memos)))

    def user_text(self, goal: str) -> str:
        lines = [f"The user query: {goal}"]
        if self._memos:
            lines.append("Task progress (operations you have already performed on this device):")
            lines.append(self.history_text())
        lines.append(f"This is the current screenshot: {IMAGE_MARKER}")
        lines.append("Look at the screenshot and the progress so far, then give the next step.")
        return "\n".join(lines)

    def build_request(self, observation: Observation) -> Request:
        cfg = self.config
        shot = images.prepare(images.open_png(observation.screenshot_png), images.ImageLimits(
            cfg.image.factor, cfg.image.min_pixels, cfg.image.max_pixels))
        history = self.history_text()
        text = self.templated("user", self.user_text(self.goal(observation)), observation, history, shot.size)
        if IMAGE_MARKER not in text:
            raise ConfigError(f"{self.name}: the user prompt template must contain {IMAGE_MARKER} "
                              "where the screenshot goes")
        before, after = text.rsplit(IMAGE_MARKER, 1)
        content: list[dict[str, Any]] = [
            {"type": "text", "text": before},
            images.image_part(shot, cfg.image.format, detail="high"),
            {"type": "text", "text": after},
        ]
        messages = [
            {"role": "system", "content": [{"type": "text", "text": self.templated(
                "system", self.system_text(), observation, history, shot.size)}]},
            {"role": "user", "content": content},
        ]
        return Request(messages=messages, frame=self.frame(observation, shot.size), image_sizes=[shot.size])
