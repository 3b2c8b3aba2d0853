"""The generation prompt: the app-neutral instruction plus generic rules, and nothing else.

The generator never sees a screenshot, a UI tree, an app name, a trajectory or feedback from a run;
the only input that varies is the instruction with the app name replaced by ``[TARGET_APP]``.
``PROMPT_SHA256`` hashes the template itself (with its placeholder), so a file's metadata says which
wording produced its plans.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pytest_anyapp.plans.validate import MAX_STEP_CHARS, MAX_STEPS, Finding, normalize_step
from pytest_anyapp.seeding import sha256_text

_PLACEHOLDER = "<<INSTRUCTION>>"

PROMPT_TEMPLATE = f"""You are writing a short, app-independent plan for a task that another agent will carry out on an \
Android phone. You receive only the user's instruction below. You do not see the phone, its screen, the app, its \
layout or any earlier attempt, and the app's name has been replaced by [TARGET_APP].

Write the high-level sub-goals a careful person would work through to complete the instruction in any app of \
this kind. The other agent will decide by itself how to reach each sub-goal on the real screen.

Rules:
- Use only the instruction and general knowledge about this kind of task.
- Keep every concrete value from the instruction exactly (names, phone numbers, message text, dates, times, \
file names, places). Geographic latitude/longitude given in the instruction are task values and may be repeated.
- Do not give screen positions, pixel values, x/y values, accessibility data, resource or view ids.
- Do not name any app, brand or Android package; say [TARGET_APP] or describe the kind of app.
- Do not name app-specific buttons, icons, tabs, menus or layouts.
- Do not describe gestures (tap, click, double-tap, long-press, swipe, scroll); say what to achieve, such as \
"open the conversation" or "enter the message".
- Between 1 and {MAX_STEPS} steps (usually 3 to 7), each one sentence of at most {MAX_STEP_CHARS} characters.
- Answer with one JSON object and nothing else: {{"steps": ["first sub-goal", "second sub-goal"]}}

Instruction:
{_PLACEHOLDER}"""

PROMPT_SHA256 = sha256_text(PROMPT_TEMPLATE)


def initial_prompt(semantic_goal: str) -> str:
    return PROMPT_TEMPLATE.replace(_PLACEHOLDER, semantic_goal)


def format_repair_prompt(semantic_goal: str, problem: str) -> str:
    """After an answer that was not the requested JSON object."""
    return (
        initial_prompt(semantic_goal)
        + f"\n\nYour previous answer could not be used: {problem}\n"
        + 'Answer again with only the JSON object {"steps": [...]}, without a code fence or any other text.'
    )


def content_repair_prompt(semantic_goal: str, steps: list[str], findings: list[Finding]) -> str:
    """After a plan that broke the rules: name what was wrong, show the draft, ask for a clean one."""
    listed = "\n".join(
        f"- step {f.step}: {f.kind} ({f.detail})" + (f": {f.match!r}" if f.match else "") if f.step else f"- {f.kind} ({f.detail})"
        for f in findings
    )
    return (
        initial_prompt(semantic_goal)
        + "\n\nYour previous plan broke these rules:\n" + listed
        + "\n\nPrevious plan:\n" + json.dumps({"steps": steps}, ensure_ascii=False)
        + "\n\nRewrite it so that none of these problems remain. Use generic nouns for the app and its parts "
        "(message, conversation, contact, file, folder, map, place, alarm, timer, note, task, event) and describe "
        "intentions instead of gestures. Answer with only the JSON object."
    )


class ParseRejection(ValueError):
    """The answer is not a JSON object with a non-empty list of step strings."""


_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n?|\n?\s*```\s*$")


def parse_steps(raw: str) -> list[str]:
    """Steps from the model's answer: strip a code fence, take the first JSON object, normalise the steps."""
    text = _FENCE.sub("", raw.strip())
    payload: Any
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        start = text.find("{")
        if start < 0:
            raise ParseRejection("no JSON object in the answer") from None
        try:
            payload, _ = json.JSONDecoder().raw_decode(text[start:])
        except json.JSONDecodeError as exc:
            raise ParseRejection(f"invalid JSON: {exc.msg}") from None
    if not isinstance(payload, dict):
        raise ParseRejection("the answer is not a JSON object")
    steps = payload.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ParseRejection('the object has no non-empty "steps" list')
    if not all(isinstance(s, str) for s in steps):
        raise ParseRejection('"steps" must contain only strings')
    normalized = [normalize_step(s) for s in steps]
    if not all(normalized):
        raise ParseRejection("a step is empty")
    return normalized
