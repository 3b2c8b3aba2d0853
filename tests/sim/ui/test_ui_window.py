"""The window manager: tasks, hit-testing, scrolling, text input, keys, dialogs, faults."""
from __future__ import annotations

import re

import pytest
from toy_app import PACKAGE, ToyApp
from ui_helpers import center_of, nodes

from pytest_anyapp.sim.apps.base import Intent
from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.ui.window import LAUNCHER_PACKAGE

HOME, BACK, ENTER, DEL, CTRL, A = 3, 4, 66, 67, 113, 29


def screen(device: SimDevice):  # noqa: ANN201 - the toy's home screen object
    return device.ui.front.stack[0]


def by_id(device: SimDevice, rid: str) -> dict[str, str]:
    return next(a for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/{rid}")


def tap_id(device: SimDevice, rid: str) -> None:
    device.ui.tap(*center_of(device.ui.dump_xml(), resource_id=f"{PACKAGE}:id/{rid}"))


def test_boots_to_launcher_and_opens_apps_from_it(device: SimDevice) -> None:
    assert device.ui.focused()[0] == LAUNCHER_PACKAGE
    xml = device.ui.dump_xml()
    icon = next(a for a in nodes(xml) if a["text"] == "Demo Notes")
    assert icon["content-desc"] == "Demo Notes" and icon["clickable"] == "true"
    device.ui.tap(*center_of(xml, text="Demo Notes"))
    assert device.ui.focused() == ("com.anyappbench.demo", "com.anyappbench.demo.NotesActivity")
    assert "com.anyappbench.demo" in device.ui.running_packages()


def test_start_app_unknown_package_and_explicit_activity(toy: SimDevice) -> None:
    ui = toy.ui
    assert not ui.start_app("com.example.missing")
    assert not ui.start_app(PACKAGE, ".NoSuchActivity")
    assert ui.start_app(PACKAGE, f"{PACKAGE}.DetailActivity")
    assert ui.focused() == (PACKAGE, f"{PACKAGE}.DetailActivity")


def test_implicit_intent_opens_the_accepting_app(toy: SimDevice) -> None:
    ui = toy.ui
    assert ui.start_intent(Intent(action="android.intent.action.VIEW", data="toy:Ann"))
    assert ui.focused() == (PACKAGE, f"{PACKAGE}.DetailActivity")
    assert 'text="Hello Ann"' in ui.dump_xml()
    assert not ui.start_intent(Intent(action="android.intent.action.VIEW", data="nope:x"))


def test_type_enter_submit_and_navigation(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "name")
    assert by_id(toy, "name")["focused"] == "true"
    ui.type_text("Ann")
    ui.type_text(" Lee")
    assert by_id(toy, "name")["text"] == "Ann Lee"
    ui.key(ENTER)
    assert screen(toy).submitted == ["Ann Lee"]
    tap_id(toy, "go")
    assert ui.focused()[1] == f"{PACKAGE}.DetailActivity"
    assert 'text="Hello Ann Lee"' in ui.dump_xml()
    ui.tap(*center_of(ui.dump_xml(), content_desc="Navigate up"))
    assert ui.focused()[1] == f"{PACKAGE}.ToyActivity"
    assert by_id(toy, "name")["text"] == "Ann Lee"  # state survived the round trip


def test_select_all_and_delete_clears_a_field(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "name")
    ui.type_text("hello")
    ui.key(DEL)
    assert by_id(toy, "name")["text"] == "hell"
    ui.key_combination([CTRL, A])
    ui.key(DEL)
    assert by_id(toy, "name")["text"] == "Your name"  # empty again: hint shows
    ui.type_text("abc")
    ui.key(CTRL)
    ui.key(A)  # sequential ctrl then A also selects all
    ui.type_text("xyz")
    assert by_id(toy, "name")["text"] == "xyz"
    ui.key(A)  # without ctrl, KEYCODE_A types a letter
    assert by_id(toy, "name")["text"] == "xyza"


def test_text_goes_nowhere_without_focus(toy: SimDevice) -> None:
    toy.ui.type_text("lost")
    assert "lost" not in toy.ui.dump_xml()


def test_password_field_masks_text(toy: SimDevice) -> None:
    tap_id(toy, "pin")
    toy.ui.type_text("1234")
    assert by_id(toy, "pin")["text"] == "••••"
    assert screen(toy).field("pin") == "1234"


def test_checkbox_and_switch_toggle(toy: SimDevice) -> None:
    tap_id(toy, "star")
    assert by_id(toy, "star")["checked"] == "true"
    tap_id(toy, "star")
    assert by_id(toy, "star")["checked"] == "false"
    tap_id(toy, "wifi")  # uncontrolled: state kept by the screen
    assert by_id(toy, "wifi")["checked"] == "true"


def test_hit_testing_picks_the_clicked_row(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    toy.ui.tap(*center_of(xml, text="Row 2"))
    assert screen(toy).events == ["row2"]
    toy.ui.long_press(*center_of(xml, text="Row 1"), 1000)
    assert screen(toy).events == ["row2", "long1"]
    toy.ui.tap(5, 5)  # status bar: nothing
    assert screen(toy).events == ["row2", "long1"]


def test_swipe_scrolls_the_list_under_the_finger(toy: SimDevice) -> None:
    ui = toy.ui
    lst = by_id(toy, "rows")
    left, top, right, bottom = map(int, re.findall(r"\d+", lst["bounds"]))
    x = (left + right) // 2
    first_before = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"].endswith("row_title")][0]
    ui.swipe(x, bottom - 20, x, top + 20, 400)
    titles = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"].endswith("row_title")]
    assert first_before == "Row 0" and titles[0] != "Row 0"
    for _ in range(20):
        ui.swipe(x, bottom - 20, x, top + 20, 400)
    titles = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"].endswith("row_title")]
    assert titles[-1] == "Row 29"
    ui.swipe(x, top + 20, x, bottom - 20, 400)
    titles_up = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"].endswith("row_title")]
    assert titles_up[0] != titles[0]


def test_swipe_without_movement_is_a_tap_or_long_press(toy: SimDevice) -> None:
    x, y = center_of(toy.ui.dump_xml(), text="Row 0")
    toy.ui.swipe(x, y, x, y, 50)
    toy.ui.swipe(x, y, x, y, 1000)
    assert screen(toy).events == ["row0", "long0"]


def test_grpc_touch_sequences(toy: SimDevice) -> None:
    ui = toy.ui
    ui.touch(0, 0, 0, 0)  # AndroidEnv's no-op lift: nothing happens
    x, y = center_of(ui.dump_xml(), text="Row 3")
    ui.touch(x, y, 1, 7)
    assert screen(toy).events == []
    ui.touch(x, y, 0, 7)
    assert screen(toy).events == ["row3"]
    lst = by_id(toy, "rows")
    left, top, right, bottom = map(int, re.findall(r"\d+", lst["bounds"]))
    ui.touch(x, bottom - 10, 1, 1)
    ui.touch(x, top + 10, 1, 1)
    ui.touch(x, top + 10, 0, 1)
    titles = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"].endswith("row_title")]
    assert titles[0] != "Row 0"
    assert screen(toy).events == ["row3"]


def test_dialog_buttons_back_and_outside_tap(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "ask")
    assert toy.ui.window_lines()[-4].startswith("  mCurrentFocus=Window{")
    ui.tap(*center_of(ui.dump_xml(), resource_id=f"{PACKAGE}:id/new_name"))
    ui.type_text("Bo")
    ui.tap(*center_of(ui.dump_xml(), resource_id="android:id/button1"))
    assert screen(toy).events == ["ok:Bo"]
    assert "android:id/alertTitle" not in ui.dump_xml()
    tap_id(toy, "ask")
    ui.key(BACK)
    assert screen(toy).events == ["ok:Bo", "cancelled"]
    tap_id(toy, "ask")
    ui.tap(540, 2300)  # outside the dialog
    assert screen(toy).events == ["ok:Bo", "cancelled", "cancelled"]
    assert "android:id/alertTitle" not in ui.dump_xml()


def test_overflow_menu(toy: SimDevice) -> None:
    ui = toy.ui
    ui.tap(*center_of(ui.dump_xml(), content_desc="More options"))
    xml = ui.dump_xml()
    items = [a for a in nodes(xml) if a["resource-id"] == f"{PACKAGE}:id/title"]
    assert [a["text"] for a in items] == ["Settings", "Crash"]
    assert any(a["class"] == "android.widget.ListView" for a in nodes(xml))
    ui.tap(*center_of(xml, text="Settings"))
    assert screen(toy).events == ["settings"]
    ui.key(82)  # KEYCODE_MENU opens it too
    assert 'text="Settings"' in ui.dump_xml()
    ui.key(BACK)
    assert 'text="Settings"' not in ui.dump_xml()


def test_back_and_home_keep_the_task(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "go")
    ui.key(HOME)
    assert ui.focused()[0] == LAUNCHER_PACKAGE
    assert ui.start_app(PACKAGE)
    assert ui.focused()[1] == f"{PACKAGE}.DetailActivity"  # resumed where it was
    ui.key(BACK)
    ui.key(BACK)  # root activity: task goes to the background
    assert ui.focused()[0] == LAUNCHER_PACKAGE
    assert PACKAGE in ui.running_packages()


def test_gesture_navigation(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "go")
    ui.swipe(2, 1200, 500, 1200, 200)  # in from the left edge = BACK
    assert ui.focused()[1] == f"{PACKAGE}.ToyActivity"
    ui.swipe(540, 2390, 540, 1500, 200)  # up from the handle = HOME
    assert ui.focused()[0] == LAUNCHER_PACKAGE


def test_force_stop_kills_the_process_and_restarts_fresh(toy: SimDevice) -> None:
    ui = toy.ui
    created = ToyApp.created
    tap_id(toy, "go")
    ui.force_stop(PACKAGE)
    assert PACKAGE not in ui.running_packages()
    assert ui.focused()[0] == LAUNCHER_PACKAGE
    assert ui.start_app(PACKAGE)
    assert ui.focused()[1] == f"{PACKAGE}.ToyActivity"
    assert ToyApp.created == created + 1


def test_uncaught_exception_crashes_with_the_android_dialog(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "boom")
    xml = ui.dump_xml()
    assert 'text="Toy has stopped"' in xml and 'text="Close app"' in xml
    assert PACKAGE not in ui.running_packages()
    lines = ui.window_lines()
    assert any("Application Error: org.anyapp.toy" in line for line in lines)
    assert any(line.startswith("  mCurrentFocus=Window{") and "Application Error: org.anyapp.toy}" in line for line in lines)
    ui.tap(*center_of(xml, text="Close app"))
    assert "has stopped" not in ui.dump_xml()
    assert ui.focused()[0] == LAUNCHER_PACKAGE


def test_anr_dialog_wait_and_close(toy: SimDevice) -> None:
    ui = toy.ui
    tap_id(toy, "freeze")
    xml = ui.dump_xml()
    assert 'text="Toy isn\'t responding"' in xml and 'text="Wait"' in xml
    assert any("Application Not Responding: org.anyapp.toy" in line for line in ui.window_lines())
    ui.tap(*center_of(xml, text="Wait"))
    assert ui.focused() == (PACKAGE, f"{PACKAGE}.ToyActivity") and PACKAGE in ui.running_packages()
    ui.show_fault_dialog(PACKAGE, "anr")
    ui.tap(*center_of(ui.dump_xml(), text="Close app"))
    assert PACKAGE not in ui.running_packages()


def test_fault_property_crashes_the_next_launch(toy: SimDevice) -> None:
    toy.ui.force_stop(PACKAGE)
    toy.setprop(f"debug.anyapp.fault.{PACKAGE}", "crash")
    assert toy.ui.start_app(PACKAGE)
    assert 'text="Toy has stopped"' in toy.ui.dump_xml()


def test_window_lines_focus_of_resumed_activity(toy: SimDevice) -> None:
    lines = toy.ui.window_lines()
    focus = [line for line in lines if "mCurrentFocus=" in line]
    assert len(focus) == 1
    assert re.fullmatch(rf"  mCurrentFocus=Window\{{[0-9a-f]+ u0 {PACKAGE}/{PACKAGE}\.ToyActivity\}}", focus[0])
    assert "  mCurrentRotation=ROTATION_0" in lines


def test_show_fault_dialog_rejects_unknown_kinds(toy: SimDevice) -> None:
    with pytest.raises(ValueError):
        toy.ui.show_fault_dialog(PACKAGE, "boom")


def test_pause_and_resume_callbacks(toy: SimDevice) -> None:
    ui = toy.ui
    home = screen(toy)
    calls: list[str] = []
    home.on_pause = lambda: calls.append("pause")  # type: ignore[method-assign]
    home.on_resume = lambda: calls.append("resume")  # type: ignore[method-assign]
    tap_id(toy, "go")
    assert calls == ["pause"]
    ui.key(BACK)
    assert calls == ["pause", "resume"]
    ui.key(HOME)
    assert calls == ["pause", "resume", "pause"]
    ui.start_app(PACKAGE)
    assert calls == ["pause", "resume", "pause", "resume"]
    ui.force_stop(PACKAGE)  # a killed process gets no callback
    assert calls == ["pause", "resume", "pause", "resume"]
