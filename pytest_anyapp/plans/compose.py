"""Prompt-goal composition under C2, and its exact inverse.

The agent receives the *prompt goal*; the verifier keeps judging the original goal. Two layouts:

- ``prepend``: plan header, plan, original-instruction header, goal, trailer;
- ``append``: authoritative original-instruction header, goal, plan header, plan, trailer.

The trailer ends with the plan's line count ("the N-step plan above"). That number makes the layout
injective for *any* goal and plan text: the inverse reads N from the fixed end of the text, skips
exactly N plan lines from a fixed anchor, and never has to search for a header that the goal or
the plan might happen to contain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

PlanMode = Literal["prepend", "append"]
PLAN_MODES: tuple[PlanMode, ...] = ("prepend", "append")
#: Spellings accepted for ``append`` (the prior release called it original-first).
_MODE_ALIASES = {"prepend": "prepend", "append": "append", "original_first": "append", "original-first": "append"}

PLAN_HEADER = "App-independent plan (drafted from the instruction alone, before any screen was seen):\n"
ORIGINAL_HEADER = "Original instruction (authoritative):\n"
_TRAILER_HEAD = (
    "The original instruction is authoritative; where the plan and the instruction disagree, follow the "
    "instruction. Ground every action in the live UI you observe: the plan knows nothing about this app, so do "
    "not take screen positions, element ids or control labels from it. "
)
_APPEND_EXTRA = "Work in the app the instruction names and do not switch to another app. "
_TRAILER_TAIL_PREFIX = "Use the "
_TRAILER_TAIL_SUFFIX = "-step plan above only as a rough outline."
_SEP = "\n\n"


def normalize_mode(mode: str) -> PlanMode:
    resolved = _MODE_ALIASES.get(mode.strip().lower())
    if resolved is None:
        raise ValueError(f"unknown plan mode {mode!r}; use prepend or append")
    return resolved  # type: ignore[return-value]


def _line_count(text: str) -> int:
    return text.count("\n") + 1


def _trailer(mode: PlanMode, lines: int) -> str:
    extra = _APPEND_EXTRA if mode == "append" else ""
    return f"{_TRAILER_HEAD}{extra}{_TRAILER_TAIL_PREFIX}{lines}{_TRAILER_TAIL_SUFFIX}"


def compose_prompt_goal(goal: str, plan_text: str, mode: str = "prepend") -> str:
    """The text the agent sees in place of the goal."""
    layout = normalize_mode(mode)
    trailer = _trailer(layout, _line_count(plan_text))
    if layout == "prepend":
        return f"{PLAN_HEADER}{plan_text}{_SEP}{ORIGINAL_HEADER}{goal}{_SEP}{trailer}"
    return f"{ORIGINAL_HEADER}{goal}{_SEP}{PLAN_HEADER}{plan_text}{_SEP}{trailer}"


@dataclass(frozen=True)
class Decomposed:
    mode: PlanMode
    goal: str
    plan_text: str


_COUNT_AT_END = re.compile(rf"{re.escape(_TRAILER_TAIL_PREFIX)}([1-9][0-9]*){re.escape(_TRAILER_TAIL_SUFFIX)}\Z")


def _nth_newline(text: str, n: int) -> int:
    """Index of the n-th (1-based) newline, or -1."""
    index = -1
    for _ in range(n):
        index = text.find("\n", index + 1)
        if index < 0:
            return -1
    return index


def _nth_newline_from_end(text: str, n: int) -> int:
    index = len(text)
    for _ in range(n):
        index = text.rfind("\n", 0, index)
        if index < 0:
            return -1
    return index


def decompose_prompt_goal(prompt_goal: str) -> Decomposed | None:
    """Goal, plan and layout of a composed prompt goal; None if the text is not one."""
    if not isinstance(prompt_goal, str):
        return None
    m = _COUNT_AT_END.search(prompt_goal)
    if m is None:
        return None
    lines = int(m.group(1))
    for layout in PLAN_MODES:
        ending = _SEP + _trailer(layout, lines)
        if not prompt_goal.endswith(ending):
            continue
        body = prompt_goal[: len(prompt_goal) - len(ending)]
        if layout == "prepend":
            # body = PLAN_HEADER + plan (lines-1 newlines) + SEP + ORIGINAL_HEADER + goal
            if not body.startswith(PLAN_HEADER):
                continue
            rest = body[len(PLAN_HEADER):]
            cut = _nth_newline(rest, lines)
            if cut < 0 or not rest.startswith(_SEP + ORIGINAL_HEADER, cut):
                continue
            return Decomposed("prepend", rest[cut + len(_SEP + ORIGINAL_HEADER):], rest[:cut])
        # append: body = ORIGINAL_HEADER + goal + SEP + PLAN_HEADER + plan (lines-1 newlines)
        cut = _nth_newline_from_end(body, lines)  # the newline that ends PLAN_HEADER
        if cut < 0:
            continue
        head = body[: cut + 1]
        if not head.endswith(_SEP + PLAN_HEADER) or not head.startswith(ORIGINAL_HEADER):
            continue
        goal_end = len(head) - len(_SEP + PLAN_HEADER)
        if goal_end < len(ORIGINAL_HEADER):
            continue
        return Decomposed("append", head[len(ORIGINAL_HEADER):goal_end], body[cut + 1:])
    return None


def original_goal_from_prompt_goal(prompt_goal: str) -> str:
    """The original instruction inside a composed prompt goal; any other text is returned unchanged."""
    parsed = decompose_prompt_goal(prompt_goal)
    return prompt_goal if parsed is None else parsed.goal
