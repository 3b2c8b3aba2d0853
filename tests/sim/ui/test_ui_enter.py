"""Enter and the IME action in a text field, as Android 13's TextView handles them (AOSP
``TextView.onKeyUp`` / ``onEditorAction`` / ``onCreateInputConnection``, ``FocusFinder``): a
single-line field without an editor action moves the focus down, a focused button clicks on Enter,
a multi-line field takes a new line, a declared Next moves forward, a declared Done stays."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from ui_helpers import booted_with, center_of, nodes

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.ui.views import Button, Column, EditText, Row, Toolbar, View

PACKAGE = "org.anyapp.form"
ENTER, NUMPAD_ENTER = 66, 160


class FormHome(Screen):
    activity = ".FormActivity"

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.saved: list[str] = []
        self.searched: list[str] = []

    def build(self) -> View:
        return Column(
            Toolbar("Form"),
            EditText("title", hint="Title"),
            Button("Save", lambda: self.saved.append(self.field("title")), id="save"),
            EditText("note", hint="Note", multiline=True),
            Row(EditText("left", hint="Left", weight=1.0, ime_action="next"),
                EditText("right", hint="Right", weight=1.0, ime_action="done")),
            EditText("query", hint="Search", on_submit=self.searched.append, ime_action="search"),
            EditText("last", hint="Last"),
        )


class FormApp(SimApp):
    package = PACKAGE
    label = "Form"
    launch_activity = ".FormActivity"
    home = FormHome


@pytest.fixture
def form(tmp_path: Path) -> Iterator[SimDevice]:
    with booted_with(FormApp, tmp_path / "form-dev") as device:
        yield device


def node(device: SimDevice, rid: str) -> dict[str, str]:
    return next(a for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/{rid}")


def focused_ids(device: SimDevice) -> list[str]:
    return [a["resource-id"].rsplit("/", 1)[-1] for a in nodes(device.ui.dump_xml()) if a.get("focused") == "true"]


def tap(device: SimDevice, rid: str) -> None:
    device.ui.tap(*center_of(device.ui.dump_xml(), resource_id=f"{PACKAGE}:id/{rid}"))


def home(device: SimDevice) -> FormHome:
    top = device.ui.front.stack[0]
    assert isinstance(top, FormHome)
    return top


@pytest.mark.parametrize("key", [ENTER, NUMPAD_ENTER])
def test_enter_in_a_single_line_field_moves_focus_down(form: SimDevice, key: int) -> None:
    """No editor action, single line: shouldAdvanceFocusOnEnter -> focusSearch(FOCUS_DOWN); the
    field keeps its text (no line break), nothing is saved, and typing goes to the next field."""
    tap(form, "left")
    form.ui.type_text("Milk")
    form.ui.key(key)
    assert focused_ids(form) == ["query"]
    assert node(form, "left")["text"] == "Milk"
    form.ui.type_text("two")
    assert node(form, "query")["text"] == "two"


def test_enter_then_enter_on_the_focused_button_clicks_it(form: SimDevice) -> None:
    """Focus reaches a Button (Enter leaves touch mode, so buttons are focusable); Enter on it is
    a confirm key: View.onKeyUp performs the click. A tap re-enters touch mode and drops it."""
    tap(form, "title")
    form.ui.type_text("Eggs")
    form.ui.key(ENTER)
    assert focused_ids(form) == ["save"]
    assert home(form).saved == []
    form.ui.type_text("lost")  # a focused button takes no text
    assert node(form, "title")["text"] == "Eggs"
    form.ui.key(ENTER)
    assert home(form).saved == ["Eggs"]
    form.ui.key(ENTER)
    tap(form, "note")
    assert focused_ids(form) == ["note"]
    form.ui.tap(*center_of(form.ui.dump_xml(), text="Form"))  # a tap on no field: the button's focus is gone
    assert home(form).saved == ["Eggs", "Eggs"]


def test_listener_consumes_enter_and_the_last_field_keeps_it(form: SimDevice) -> None:
    tap(form, "query")
    form.ui.type_text("park")
    form.ui.key(ENTER)  # the search listener consumes it: focus stays
    assert home(form).searched == ["park"]
    assert focused_ids(form) == ["query"]
    tap(form, "right")
    form.ui.key(ENTER)  # declared Done, no listener: a hardware Enter still moves down
    assert focused_ids(form) == ["query"]
    tap(form, "last")
    form.ui.key(ENTER)  # nothing below the last field: Enter does nothing
    assert focused_ids(form) == ["last"]


def test_enter_in_a_multi_line_field_adds_a_line(form: SimDevice) -> None:
    tap(form, "note")
    form.ui.type_text("a")
    form.ui.key(ENTER)
    form.ui.type_text("b")
    assert home(form).field("note") == "a\nb"
    assert focused_ids(form) == ["note"]


def test_enter_with_nothing_focused_focuses_the_first_view_down_without_clicking(form: SimDevice) -> None:
    """ViewRootImpl.leaveTouchMode: no focus -> focusSearch(null, FOCUS_DOWN) takes it, key consumed."""
    assert focused_ids(form) == []
    form.ui.key(ENTER)
    assert focused_ids(form) == ["title"]
    assert home(form).saved == []


def test_ime_action_default_next_and_done(form: SimDevice) -> None:
    """The soft keyboard's action: unspecified on a single-line field -> the Enter path (Next);
    declared Next -> FOCUS_FORWARD (the field to the right); declared Done -> focus stays."""
    tap(form, "title")
    form.ui.editor_action()
    assert focused_ids(form) == ["save"]
    tap(form, "note")
    form.ui.editor_action()  # multi-line, no declared action: the IME's Enter types a new line
    assert home(form).field("note") == "\n"
    tap(form, "left")
    form.ui.editor_action()
    assert focused_ids(form) == ["right"]
    form.ui.editor_action()
    assert focused_ids(form) == ["right"]
    tap(form, "query")
    form.ui.type_text("park")
    form.ui.editor_action()
    assert home(form).searched == ["park"]


class ToolkitHome(Screen):
    activity = ".ToolkitActivity"
    done: ClassVar[list[str]] = []
    clicked: ClassVar[list[str]] = []

    def build(self) -> View:
        return Column(
            Toolbar("Toolkits"),
            EditText("clicky", hint="Clicky", on_click=lambda: self.clicked.append("clicky")),
            EditText("compose_title", hint="Compose", toolkit="compose"),
            EditText("flutter_title", hint="Flutter", toolkit="flutter"),
            EditText("flutter_next", hint="Flutter next", toolkit="flutter", ime_action="next"),
            EditText("view_last", hint="View"),
            EditText("done_only", hint="Done only", multiline=True, ime_action="done", on_ime_action=self.done.append),
        )


class ToolkitApp(SimApp):
    package = "org.anyapp.toolkits"
    label = "Toolkits"
    launch_activity = ".ToolkitActivity"
    home = ToolkitHome


def test_compose_and_flutter_single_line_fields_on_enter(tmp_path: Path) -> None:
    """Compose (TextFieldValue BasicTextField): Enter unconsumed, the focus stays; Flutter: the
    editor action: done unfocuses, next moves to the next field."""
    with booted_with(ToolkitApp, tmp_path / "tk-dev") as device:
        def tap_tk(rid: str) -> None:
            device.ui.tap(*center_of(device.ui.dump_xml(), resource_id=f"org.anyapp.toolkits:id/{rid}"))

        tap_tk("compose_title")
        device.ui.key(ENTER)
        assert focused_ids(device) == ["compose_title"]
        tap_tk("flutter_next")
        device.ui.key(ENTER)
        assert focused_ids(device) == ["view_last"]
        tap_tk("flutter_title")
        device.ui.key(ENTER)
        assert focused_ids(device) == []


def test_a_listener_for_the_ime_action_only_ignores_a_hardware_enter(tmp_path: Path) -> None:
    """A listener testing actionId == IME_ACTION_DONE (Tasks.org's title): the hardware Enter's
    IME_NULL passes through (a new line in a multi-line field); the soft keyboard's Done runs it."""
    ToolkitHome.done.clear()
    with booted_with(ToolkitApp, tmp_path / "tk-dev") as device:
        device.ui.tap(*center_of(device.ui.dump_xml(), resource_id="org.anyapp.toolkits:id/done_only"))
        device.ui.type_text("Water")
        device.ui.key(ENTER)
        assert ToolkitHome.done == []
        device.ui.editor_action()
        assert ToolkitHome.done == ["Water\n"]


def test_a_single_line_field_with_a_click_listener_clicks_on_enter(tmp_path: Path) -> None:
    """TextView.onKeyUp: with hasOnClickListeners() Enter goes to View.onKeyUp, which performs the
    click; the focus stays (Organic Maps' search query)."""
    ToolkitHome.clicked.clear()
    with booted_with(ToolkitApp, tmp_path / "tk-dev") as device:
        device.ui.tap(*center_of(device.ui.dump_xml(), resource_id="org.anyapp.toolkits:id/clicky"))
        assert ToolkitHome.clicked == ["clicky"]  # the tap
        device.ui.key(ENTER)
        assert ToolkitHome.clicked == ["clicky", "clicky"]
        assert focused_ids(device) == ["clicky"]
