"""What a case shows: the step trace in the common action schema, reasoning text without model
markup, and frame selection. Pure functions; the app decides what blind mode may include."""

from __future__ import annotations

import re
from typing import Any

from pytest_anyapp.failures.episodes import EpisodeFacts

_BLOCKS = re.compile(r"<(tool_call|function_call|action|answer)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_SPECIAL_TOKENS = re.compile(r"<\|[^|>]{0,40}\|>")
_TAGS = re.compile(r"</?[A-Za-z_][\w:-]{0,40}\s*/?>")


def strip_markup(text: str | None) -> str:
    """Reasoning text with model-specific markup removed (tool-call blocks, special tokens, tags)."""
    if not text:
        return ""
    out = _BLOCKS.sub(" ", text)
    out = _SPECIAL_TOKENS.sub(" ", out)
    out = _TAGS.sub(" ", out)
    return "\n".join(" ".join(line.split()) for line in out.splitlines() if line.strip())


def describe_action(action: dict[str, Any]) -> str:
    """``click(coordinate=(540, 1200))`` - the common schema, whatever the model wrote."""
    fields = {k: v for k, v in action.items() if v is not None}
    name = str(fields.pop("action", "?"))
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in sorted(fields.items()))})"


def trace(facts: EpisodeFacts, *, blind: bool) -> list[dict[str, Any]]:
    rows = []
    for step in facts.steps:
        row: dict[str, Any] = {"step": step.index, "action": describe_action(step.action),
                               "reasoning": strip_markup(step.thought), "error": step.error or ""}
        if not blind:
            row["raw_output"] = step.raw_output or ""
        rows.append(row)
    return rows


def frame_steps(facts: EpisodeFacts, max_frames: int) -> list[int]:
    """Indices (into ``facts.steps``) of the steps with a screenshot; ``max_frames`` 0 = all,
    otherwise evenly spread, always keeping the first and the last."""
    have = [i for i, s in enumerate(facts.steps) if s.screenshot]
    if max_frames <= 0 or len(have) <= max_frames:
        return have
    if max_frames == 1:
        return [have[-1]]
    return sorted({have[round(k * (len(have) - 1) / (max_frames - 1))] for k in range(max_frames)})
