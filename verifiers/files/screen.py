"""The screen part of the two screen templates (FilesViewFileInfo, FilesShareFile).

Read: ``uiautomator dump`` → :class:`ScreenText` (every element's text and content description,
system bars left out, and the system share sheet's file preview). Seeded (conformance cases
only): a case names what the screen shows (its folder list, the details page of a file, the share
sheet of a file); :func:`show` brings the app there through its own UI with the gold scripts'
building blocks, as a user would, so it holds on a real emulator as on the simulated one.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.agents.oracle import By, Intent, LongPress, Press, Tap, TypeInto, TypeText
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.files.oracle import FilesUi, act, open_folder
from verifiers.files.state import FilesState, ScreenText, is_info_screen, shows_name

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

CHOOSER_PACKAGES = frozenset({"com.android.intentresolver", "android"})
SYSTEM_UI = "com.android.systemui"


def screen_text(xml: str) -> ScreenText:
    texts: list[str] = []
    previews: list[str] = []
    for el in parse_ui_dump(xml):
        if el.package == SYSTEM_UI:
            continue
        texts += [t for t in (el.text, el.content_desc) if t]
        if el.package in CHOOSER_PACKAGES and el.resource_id.rsplit("/", 1)[-1] == "content_preview_filename":
            shown = el.text or el.content_desc
            if shown:
                previews.append(urllib.parse.unquote(shown))
    return ScreenText(texts=texts, previews=previews)


def wanted_view(state: FilesState) -> tuple[str, str] | None:
    """What a case's screen shows: ("share" | "details" | "list", file name), from its own text."""
    if state.screen is None:
        return None
    names = sorted({e.name for e in state.files() if e.path.startswith("Docs/")})
    for name in names:
        if any(shows_name(p, name) for p in state.screen.previews):
            return ("share", name)
    for name in names:
        if any(shows_name(t, name) for t in state.screen.texts):
            return ("details" if is_info_screen(state.screen) else "list", name)
    return ("list", "")


class _Finger:
    """Runs gold-script intents through adb input (what a user's finger does)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def find(self, by: By) -> UIElement:
        for _ in range(5):
            el = by.find(parse_ui_dump(self.device.ui_dump()))
            if el is not None:
                return el
            self.device.run("sleep 0.2")
        raise DeviceError(f"showing a file manager screen: {by} is not on screen")

    def run(self, steps: Iterator[Intent]) -> None:
        for step in steps:
            if isinstance(step, Tap):
                x, y = self.find(step.target).center
                self.device.check(f"input tap {x} {y}")
            elif isinstance(step, LongPress):
                x, y = self.find(step.target).center
                self.device.check(f"input swipe {x} {y} {x} {y} 800")
            elif isinstance(step, TypeInto):
                x, y = self.find(step.target).center
                self.device.check(f"input tap {x} {y}")
                self.device.check(f"input text {escape_input_text(step.text)}")
            elif isinstance(step, TypeText):
                self.device.check(f"input text {escape_input_text(step.text)}")
            elif isinstance(step, Press):
                self.device.check(f"input keyevent {dict(back=4, home=3, enter=66)[step.button]}")
            else:
                raise DeviceError(f"cannot seed a screen with {step!r}")


def show(device: DeviceClient, package: str, ui: FilesUi, view: tuple[str, str] | None) -> None:
    """Relaunch the app (it opens on the storage root) and walk to the wanted screen (none: stay)."""
    device.force_stop(package)
    device.launch(package)
    if view is None:
        return
    kind, name = view
    finger = _Finger(device)
    finger.run(open_folder(ui, "Docs"))
    if kind in ("details", "share"):
        finger.run(act(ui, [name], kind))
