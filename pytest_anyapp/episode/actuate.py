"""Turn one common-schema action into device input, through adb like AndroidWorld does.

Differences from AndroidWorld on purpose: ``type`` does not press Enter afterwards (an agent
that wants Enter says so), non-ASCII text is not silently dropped (it is sent and the device
decides), and a direction-only swipe starts inside the screen.
"""

from __future__ import annotations

import re
import shlex
import time
from typing import TYPE_CHECKING

from pydantic import BaseModel

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.catalog import APPS

if TYPE_CHECKING:  # adbutils is imported when a pair runs, not when verifiers are collected
    from pytest_anyapp.device.client import DeviceClient

_KEYS = {"back": 4, "home": 3, "enter": 66}
_SWIPE_MS = 500
_LONG_PRESS_MS = 1000


class ActuationResult(BaseModel):
    """What actuation did; ``note`` explains a no-op (e.g. an app name nobody knows).

    ``output`` is what the device answered; ``refused`` says why it did not do what was asked (read
    from the output, since Android often prints an error and exits 0). A refusal is the agent's
    business, recorded on its step; it never makes the episode invalid.
    """

    commands: list[str]
    note: str = ""
    output: str = ""
    refused: str | None = None


#: What Android prints when it will not do what a command asked (``am start``, ``monkey``, ``input``).
_REFUSALS = re.compile(
    r"^(Error type \d+|Error: Activity class \{[^}]*\} does not exist\.?|"
    r"Error: Activity not started, unable to resolve Intent.*|Error: .*|"
    r"\*\* No activities found to run, monkey aborted\.?|\*\* Error: .*|"
    r"Exception occurred while executing .*|java\.lang\.\w+(Exception|Error).*)$",
    re.M,
)


def refusal_of(output: str, exit_code: int) -> str | None:
    """Why the device refused a command, from its output first and its exit status second."""
    found = [m.group(0).strip() for m in _REFUSALS.finditer(output)]
    if found:
        return "; ".join(dict.fromkeys(found))
    if exit_code != 0:
        return f"exit status {exit_code}" + (f": {output.strip()[:200]}" if output.strip() else "")
    return None


def escape_input_text(text: str) -> str:
    """``input text`` argument: spaces become ``%s`` (the input tool's own escape), then shell-quoted.

    As on a real device, a literal ``%s`` in the text cannot be typed this way."""
    return shlex.quote(text.replace(" ", "%s"))


def swipe_points(action: Action, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Finger path of a swipe. A direction moves the finger 40% of the screen from the start point
    (the given coordinate or the screen centre), clamped inside the screen."""
    w, h = size
    if action.coordinate is not None and action.coordinate2 is not None:
        (x1, y1), (x2, y2) = action.coordinate, action.coordinate2
        return x1, y1, x2, y2
    x1, y1 = action.coordinate if action.coordinate is not None else (w // 2, h // 2)
    dx = {"left": -1, "right": 1}.get(action.direction or "", 0) * int(w * 0.4)
    dy = {"up": -1, "down": 1}.get(action.direction or "", 0) * int(h * 0.4)

    def clamp(v: int, hi: int) -> int:
        return max(1, min(hi - 2, v))

    x1, y1 = clamp(x1, w), clamp(y1, h)
    return x1, y1, clamp(x1 + dx, w), clamp(y1 + dy, h)


def package_for_app_name(name: str) -> str | None:
    """Catalogued display name (case-insensitive) or a package name as given."""
    wanted = name.strip().lower()
    for app in APPS:
        if app.display_name.lower() == wanted or app.package == name.strip():
            return app.package
    if "." in name and " " not in name.strip():
        return name.strip()
    return None


def actuate(device: DeviceClient, action: Action, *, size: tuple[int, int], wait_s: float,
            enter_after_type: bool = False, swipe_ms: int = _SWIPE_MS) -> ActuationResult:
    """Run ``action``; ``enter_after_type`` and ``swipe_ms`` are the model's executor semantics."""
    a = action.action
    if a == "click":
        x, y = action.coordinate  # type: ignore[misc]
        cmds = [f"input tap {x} {y}"]
    elif a == "long_press":
        x, y = action.coordinate  # type: ignore[misc]
        cmds = [f"input swipe {x} {y} {x} {y} {_LONG_PRESS_MS}"]
    elif a == "swipe":
        x1, y1, x2, y2 = swipe_points(action, size)
        cmds = [f"input swipe {x1} {y1} {x2} {y2} {swipe_ms}"]
    elif a == "type":
        cmds = [f"input text {escape_input_text(action.text or '')}"] if action.text else []
        if action.coordinate is not None:  # type into a given field (M3A input_text{index}): focus it first
            cmds.insert(0, f"input tap {action.coordinate[0]} {action.coordinate[1]}")
        if action.text and enter_after_type:  # the model's executor presses Enter after typing
            cmds.append(f"input keyevent {_KEYS['enter']}")
    elif a == "system_button":
        cmds = [f"input keyevent {_KEYS[action.button or 'back']}"]
    elif a in ("open", "open_app"):
        package = package_for_app_name(action.text or "")
        if package is None:
            return ActuationResult(commands=[], note=f"unknown app {action.text!r}: nothing opened")
        cmds = [f"monkey -p {shlex.quote(package)} -c android.intent.category.LAUNCHER 1"]
    elif a == "wait":
        time.sleep(wait_s)
        return ActuationResult(commands=[], note=f"waited {wait_s}s")
    else:  # terminate, answer: no device input
        return ActuationResult(commands=[])
    outputs: list[str] = []
    refusals: list[str] = []
    for cmd in cmds:
        result = device.run(cmd)  # transport faults raise DeviceError (infrastructure)
        answer = (result.stdout + result.stderr).strip()
        if answer:
            outputs.append(answer)
        why = refusal_of(result.stdout + "\n" + result.stderr, result.exit_code)
        if why:
            refusals.append(f"{cmd.split(' ', 2)[0]}: {why}")
            break  # as a user would: after a refused step, nothing more of this action happens
    return ActuationResult(commands=cmds, output="\n".join(outputs)[:4000], refused="; ".join(refusals) or None)
