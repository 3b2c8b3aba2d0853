"""Sleep timers that a player keeps only in its process's memory (SicMu Neo, MonsterMusic): nothing
durable and no alarm records them, so the outcome is read off the screen the app itself shows for a
running timer (``ui`` pairs, docs/music.md).

A process that is not running holds no timer. Seeding a running timer types it into the app
through the same UI (and checks it by reading it back).
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.base import StorageProfile
from verifiers.music.profiles import SleepProfile

if TYPE_CHECKING:
    from pytest_anyapp.agents.base import UIElement
    from pytest_anyapp.device.client import DeviceClient

NO_PROCESS = "process=none"


@dataclass(frozen=True)
class Step:
    """One user action: tap/long-press the element whose content-desc or text is ``label`` (``field``:
    the first text field), type ``value``, or scroll until ``label`` shows."""

    kind: Literal["tap", "long_press", "type", "scroll_to"]
    label: str = ""
    value: str = ""


def tap(label: str) -> Step:
    return Step("tap", label)


class _Ui:
    """Find-and-act on the current screen through adb (what a finger does)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def elements(self) -> list[UIElement]:
        return parse_ui_dump(self.device.ui_dump())

    def find(self, match: Callable[[UIElement], bool]) -> UIElement | None:
        return next((el for el in self.elements() if match(el)), None)

    @staticmethod
    def matcher(label: str) -> Callable[[UIElement], bool]:
        """``label``: a content-desc or text ("a|b" = either), or "field" = the first text field."""
        if label == "field":
            return lambda el: "EditText" in el.class_name
        labels = set(label.split("|"))
        return lambda el: el.content_desc in labels or el.text in labels

    def run(self, step: Step) -> bool:
        """Do ``step``; False when its element is not on screen (after scrolling, for scroll_to)."""
        match = self.matcher(step.label)

        if step.kind == "type":
            self.device.check(f"input text {shlex.quote(step.value)}")
            return True
        if step.kind == "scroll_to":
            for _ in range(6):
                if self.find(match) is not None:
                    return True
                self.device.check("input swipe 540 1700 540 700 300")
            return self.find(match) is not None
        el = self.find(match)
        if el is None:
            return False
        x, y = el.center
        self.device.check(f"input swipe {x} {y} {x} {y} 800" if step.kind == "long_press" else f"input tap {x} {y}")
        return True


@dataclass(frozen=True)
class ScreenSleep(SleepProfile):
    """A memory-only timer read off the screen the app shows for a running timer.

    The read runs after every agent step (early stop), so it never navigates the app: it reads the
    active window as it is (``uiautomator dump`` holds only the focused window). ``peek`` is the
    one exception: a control that opens the timer's own dialog, tapped only when it is on the
    active window (no dialog, menu or other app above it) and closed again with BACK once the
    dialog showed (MonsterMusic: the dialog is the only place its minutes appear). ``shown``
    recognises the line that states the timer (or that none runs); ``minutes`` turns it and the
    device's time of day into the running timer's minutes (None: none runs); ``start(minutes)``
    are the user's steps that start one from the app's main screen (seeding)."""

    profile: StorageProfile
    shown: Callable[[str], bool]
    minutes: Callable[[str, str], int | None]
    start: Callable[[int], tuple[Step, ...]]
    peek: str = ""

    def read(self, device: DeviceClient, package: str) -> list[str]:
        if not device.pidof(package):
            return [NO_PROCESS]
        ui = _Ui(device)
        now = device.check("date +%H:%M:%S").strip()
        elements = ui.elements()
        lines = [el.text for el in elements if el.package == package and self.shown(el.text)]
        if not lines and self.peek and any(el.package == package and el.content_desc == self.peek for el in elements):
            ui.run(tap(self.peek))
            lines = [el.text for el in ui.elements() if el.package == package and self.shown(el.text)]
            if lines:
                device.check("input keyevent 4")  # close the dialog the read opened
        return [f"now={now}", *(f"shown={line}" for line in lines)]

    def parse(self, lines: list[str]) -> int | None:
        if lines == [NO_PROCESS]:
            return None
        now = next((line[4:] for line in lines if line.startswith("now=")), None)
        if now is None:
            raise VerifierReadError(f"sleep-timer screen read is incomplete: {lines[:4]}")
        found = [m for line in lines if line.startswith("shown=") and (m := self.minutes(line[6:], now)) is not None]
        return found[0] if found else None

    def seed(self, device: DeviceClient, package: str, minutes: int | None) -> None:
        """Memory only: the adapter's force-stop already cleared any timer; a running one is typed in."""
        if minutes is None:
            return
        device.launch(package)
        ui = _Ui(device)
        for step in self.start(minutes):
            if not ui.run(step):
                raise DeviceError(f"seeding a sleep timer in {package}: no {step.label!r} on screen")
        if self.parse(self.read(device, package)) != minutes:
            raise DeviceError(f"seeding a {minutes}-minute sleep timer in {package} did not show it running")


def _clock_s(text: str) -> int | None:
    """Seconds since midnight of "20:15:00" or "8:15:00 PM" (DateFormat MEDIUM time, en-US)."""
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*", text.replace("\u202f", " "))
    if m is None:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if m.group(4):
        h = h % 12 + (12 if m.group(4).lower() == "pm" else 0)
    return h * 3600 + mi * 60 + s


def sicmu_minutes(text: str, now: str) -> int | None:
    """"Playback will pause at: <time>" → minutes from now, rounded up (the read follows the start)."""
    prefix = "Playback will pause at: "
    if not text.startswith(prefix):
        return None
    at, current = _clock_s(text[len(prefix):]), _clock_s(now)
    if at is None or current is None:
        raise VerifierReadError(f"unreadable time in {text!r} / now {now!r}")
    return math.ceil(((at - current) % 86_400) / 60)


def monster_minutes(text: str, _now: str) -> int | None:
    """"Running: mm:ss" or "Running: hh:mm:ss" (the remaining time) → minutes, rounded up."""
    m = re.fullmatch(r"Running: (?:(\d+):)?(\d+):(\d{2})", text.strip())
    if m is None:
        return None
    return math.ceil((int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + int(m.group(3))) / 60)


__all__ = ["ScreenSleep", "Step", "monster_minutes", "sicmu_minutes", "tap"]
