"""Prompt-goal composition and its exact inverse (property-tested)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_anyapp.plans.compose import (
    ORIGINAL_HEADER,
    PLAN_HEADER,
    compose_prompt_goal,
    decompose_prompt_goal,
    normalize_mode,
    original_goal_from_prompt_goal,
)

# Pieces of our own layout, so generated text is full of look-alike headers and separators.
_TRICKY = st.sampled_from([
    PLAN_HEADER, ORIGINAL_HEADER, "\n\n", "\n", "Use the 3-step plan above only as a rough outline.",
    "1. ", "[TARGET_APP]", " ", "Original instruction (authoritative):", "-step plan above", "12",
])
_TEXT = st.lists(st.one_of(st.text(max_size=20), _TRICKY), max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(goal=_TEXT, plan=_TEXT, mode=st.sampled_from(["prepend", "append"]))
def test_compose_then_invert_gives_back_goal_and_plan(goal: str, plan: str, mode: str) -> None:
    prompt = compose_prompt_goal(goal, plan, mode)
    assert original_goal_from_prompt_goal(prompt) == goal
    parsed = decompose_prompt_goal(prompt)
    assert parsed is not None
    assert (parsed.goal, parsed.plan_text, parsed.mode) == (goal, plan, mode)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200))
def test_plain_text_is_returned_unchanged(text: str) -> None:
    assert original_goal_from_prompt_goal(text) == text


def test_layouts() -> None:
    goal, plan = "Send hi to 555 using the [TARGET_APP] app.", "1. Open a conversation\n2. Send the text"
    pre = compose_prompt_goal(goal, plan, "prepend")
    assert pre.startswith(PLAN_HEADER + plan + "\n\n" + ORIGINAL_HEADER + goal + "\n\n")
    assert pre.endswith("Use the 2-step plan above only as a rough outline.")
    assert "live UI" in pre and "authoritative" in pre
    app = compose_prompt_goal(goal, plan, "append")
    assert app.startswith(ORIGINAL_HEADER + goal + "\n\n" + PLAN_HEADER + plan + "\n\n")
    assert "do not switch to another app" in app
    assert original_goal_from_prompt_goal(pre) == goal == original_goal_from_prompt_goal(app)


def test_edited_prompt_is_not_inverted_to_a_wrong_goal() -> None:
    goal, plan = "Send hi.", "1. Open\n2. Send"
    prompt = compose_prompt_goal(goal, plan)
    assert decompose_prompt_goal(prompt.replace("2-step", "3-step")) is None
    assert decompose_prompt_goal(prompt + " ") is None


def test_mode_aliases() -> None:
    assert normalize_mode("original-first") == "append"
    assert normalize_mode("PREPEND") == "prepend"
    with pytest.raises(ValueError):
        normalize_mode("off")
