"""Notesnook's notes, read off its screens and seeded by typing them in (docs/notes.md, "Notesnook").

Notesnook keeps everything in one always-encrypted database whose key the Android Keystore holds,
so the harness does what a user does on a real phone (``uiautomator dump``, ``input``): the home
lists every live note; opening one shows its title field and its text; the side menu's Notebooks
tab lists the notebooks, and a notebook lists its notes. Trashed notes are not listed (not live).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

Match = Callable[[UIElement], bool]


@dataclass(frozen=True)
class NotesnookUi:
    """The controls the harness uses (testIDs of the React Native views, ids of the editor's web view)."""

    package: str = "com.streetwriters.notesnook"
    new_note: str = "buttons.add"
    row_title: str = "note-title"
    title: str = "editor-title"
    title_hint: str = "Note title"
    body: str = "editor-body"
    body_hint: str = "Start writing your note..."
    side_menu: str = "Open navigation drawer"
    notebooks_tab: str = "Notebooks"
    notebook_row: str = "notebook-title"
    add_notebook: str = "sidebar-add-button"
    notebook_field: str = "title"
    notebook_ok: str = "Add"
    home: str = "Home"
    #: The first screens of a cleared app (``components/intro/index.tsx``, ``components/auth/header.tsx``).
    get_started: str = "Get started"
    use_offline: str = "Use offline"
    understand: str = "I understand"


UI = NotesnookUi()


def res(name: str) -> Match:
    return lambda e: e.resource_id == name or e.resource_id.endswith(f":id/{name}")


class Screen:
    """Find, tap and type on the app's current screen through adb (what a user's finger does)."""

    def __init__(self, device: DeviceClient, ui: NotesnookUi = UI) -> None:
        self.device, self.ui = device, ui

    def elements(self) -> list[UIElement]:
        return [e for e in parse_ui_dump(self.device.ui_dump()) if not e.package or e.package == self.ui.package]

    def find_all(self, match: Match) -> list[UIElement]:
        return [e for e in self.elements() if match(e)]

    def find(self, what: str, match: Match, wait_s: float = 5.0) -> UIElement:
        deadline = time.monotonic() + wait_s
        while True:
            found = self.find_all(match)
            if found:
                return found[0]
            if time.monotonic() > deadline:
                raise DeviceError(f"Notesnook: no {what} on screen")
            time.sleep(0.2)

    def tap(self, what: str, match: Match) -> None:
        x, y = self.find(what, match).center
        self.device.check(f"input tap {x} {y}")

    def type_lines(self, text: str) -> None:
        for i, line in enumerate(text.split("\n")):
            if i:
                self.device.check("input keyevent 66")
            if line:
                self.device.check(f"input text {escape_input_text(line)}")

    def back(self) -> None:
        self.device.check("input keyevent 4")

    def restart(self) -> None:
        """Force-stop and launch: the home list of every live note."""
        self.device.force_stop(self.ui.package)
        self.device.launch(self.ui.package)
        self.find("note list", lambda e: res(self.ui.new_note)(e))

    def pass_intro(self) -> None:
        """What a user of a fresh install does to reach the notes without an account: "Get started"
        (stores introCompleted), then the welcome sign-up's "Use offline" and "I understand"."""
        self.tap("Get started", lambda e: e.text == self.ui.get_started)
        self.tap("Use offline", lambda e: e.text == self.ui.use_offline)
        self.tap("I understand", lambda e: e.text == self.ui.understand)
        self.find("note list", res(self.ui.new_note))

    def open_notebooks(self) -> None:
        self.tap("side menu button", lambda e: e.content_desc == self.ui.side_menu)
        self.tap("Notebooks tab", lambda e: e.text == self.ui.notebooks_tab)

    def open_notebook(self, name: str) -> None:
        self.tap("side menu button", lambda e: e.content_desc == self.ui.side_menu)
        self.tap(f"notebook {name!r}", lambda e: e.text == name)

    def titles(self) -> list[str]:
        return [e.text for e in self.find_all(res(self.ui.row_title))]


def field_text(el: UIElement, hint: str) -> str:
    """An empty field reports its hint as text (Android's accessibility node does)."""
    return "" if el.text == hint else el.text


def read_screens(device: DeviceClient) -> dict[str, list[str]]:
    """Every live note (opened one by one: title and text as the editor shows them) and every
    notebook with the titles it lists. Raises DeviceError when a screen is not what it must be."""
    s, ui = Screen(device), UI
    s.restart()
    notes: list[str] = []
    for i in range(len(s.titles())):
        rows = s.find_all(res(ui.row_title))
        x, y = rows[i].center
        device.check(f"input tap {x} {y}")
        title = s.find("title field", res(ui.title))
        body = s.find("note text", res(ui.body))
        notes.append(json.dumps({"title": field_text(title, ui.title_hint), "text": field_text(body, ui.body_hint)}))
        s.back()
        s.find("note list", res(ui.new_note))
    s.open_notebooks()
    names = [e.text for e in s.find_all(res(ui.notebook_row))]
    books: list[str] = []
    for name in names:
        s.restart()
        s.open_notebook(name)
        s.find("note list", res(ui.new_note))
        books.append(json.dumps({"name": name, "titles": s.titles()}))
    return {"notes": notes, "notebooks": books}


def type_state(device: DeviceClient, notebooks: list[str], notes: list[tuple[str, str, str]]) -> None:
    """Create the notebooks (side menu, Notebooks, add, name, Add) and type each note
    ``(title, text, notebook)``: "+" in the notebook (or the home), title, text, BACK. Starts
    from a cleared app: seeding replaces the whole store, as the other adapters' seeds do."""
    s, ui = Screen(device), UI
    device.force_stop(ui.package)
    out = device.check(f"pm clear {ui.package}")
    if "Success" not in out:
        raise DeviceError(f"pm clear {ui.package}: {out.strip()}")
    device.launch(ui.package)
    s.pass_intro()
    for name in notebooks:
        s.open_notebooks()
        s.tap("add-notebook button", res(ui.add_notebook))
        s.tap("notebook title field", res(ui.notebook_field))
        s.type_lines(name)
        s.tap("Add", lambda e: e.text == ui.notebook_ok)
        s.find(f"notebook {name!r}", lambda e, n=name: e.text == n)  # type: ignore[misc]
    for title, text, notebook in notes:
        s.restart()
        if notebook:
            s.open_notebook(notebook)
        s.tap("new-note button", res(ui.new_note))
        s.tap("title field", res(ui.title))
        s.type_lines(title)
        s.tap("note text", res(ui.body))
        s.type_lines(text)
        s.back()
    s.restart()
    listed = sorted(s.titles())
    if listed != sorted(t for t, _, _ in notes):
        raise DeviceError(f"Notesnook: typed notes {sorted(t for t, _, _ in notes)} but the list shows {listed}")
