"""The ``mobile_use`` function declaration and the function-calling system block (Nous style).

GUI-Owl, Qwen3-VL and UI-Voyager were trained on a system message that declares one function,
``mobile_use``, inside ``<tools></tools>`` and asks for ``<tool_call>{...}</tool_call>``. The wording
here is ours; the structure, names and enums follow each model's own action space. Only the stated
screen resolution differs: resized-image pixels for GUI-Owl, ``999x999`` for the Qwen3-VL family.

Decision (notes §9.9): none of these three models' own tool declares ``open``, so by default we do
not advertise it either (the model opens apps through the launcher, as it was evaluated upstream).
The parser still accepts ``open``/``open_app``. ``options.advertise_open`` switches it on; it
changes task difficulty, so it is part of the config hash.
"""

from __future__ import annotations

import json
from typing import Any

_ACTION_HELP = {
    "click": "tap the point (x, y) given by `coordinate`",
    "long_press": "touch and hold the point given by `coordinate`",
    "swipe": "drag a finger from `coordinate` to `coordinate2`",
    "type": "enter `text` into the focused input box",
    "answer": "give the final answer to the user's question in `text`; this ends the task",
    "open": "launch the app whose name is `text`",
    "system_button": "press a system button given by `button`",
    "wait": "wait for the screen to change",
    "terminate": "end the task and report `status`",
}

_BASE_ACTIONS = ["click", "long_press", "swipe", "type", "answer", "system_button", "wait", "terminate"]


def mobile_use_function(width: int, height: int, *, advertise_open: bool) -> dict[str, Any]:
    """The function declaration, stating the coordinate space as ``width x height``."""
    actions = list(_BASE_ACTIONS)
    if advertise_open:
        actions.insert(actions.index("system_button"), "open")
    action_lines = "\n".join(f"* `{a}`: {_ACTION_HELP[a]}." for a in actions)
    description = (
        "Operate an Android phone through its touchscreen. You see the current screen as an image "
        f"whose resolution is {width}x{height}; all coordinates refer to that resolution, with x "
        "to the right and y downward. Aim at the centre of the element you mean to touch. Apps "
        "can take a moment to react after an action.\n"
        f"Available actions:\n{action_lines}"
    )
    return {
        "type": "function",
        "function": {
            "name": "mobile_use",
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": actions, "description": "The action to take."},
                    "coordinate": {"type": "array", "description": "(x, y) for click, long_press, and the start of swipe."},
                    "coordinate2": {"type": "array", "description": "(x, y) where a swipe ends."},
                    "text": {"type": "string", "description": "For type, answer and open."},
                    "time": {"type": "number", "description": "Seconds to wait, for wait."},
                    "button": {"type": "string", "enum": ["Back", "Home", "Enter"],
                               "description": "For system_button."},
                    "status": {"type": "string", "enum": ["success", "failure"],
                               "description": "For terminate: whether the task was accomplished."},
                },
                "required": ["action"],
            },
        },
    }


def tools_block(function: dict[str, Any]) -> str:
    """The ``# Tools`` section with the declaration inside ``<tools></tools>``."""
    return (
        "# Tools\n\n"
        "You can call the function below to act on the user's behalf.\n\n"
        "The function signature is inside <tools></tools> XML tags:\n"
        f"<tools>\n{json.dumps(function['function'], ensure_ascii=False)}\n</tools>\n\n"
        "To call it, write a JSON object with the function name and its arguments inside "
        "<tool_call></tool_call> XML tags:\n"
        '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
    )


ASSISTANT_LINE = "You are a helpful assistant."
