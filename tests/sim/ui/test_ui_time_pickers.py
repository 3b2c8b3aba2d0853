"""The shared time pickers (pytest_anyapp/sim/apps/time_pickers.py) as uiautomator and a finger see
them: MaterialTimePicker (material-components-android ``timepicker/``) opens in clock mode with the
hour numbers on the face, a tap on a number (or anywhere at its angle) picks the hour and moves on
to the minutes, a tap on the minutes snaps to 5, a drag sets any minute, and the keyboard toggle
offers the two ``material_timepicker_edit_text`` fields. Then the app doubles that open it."""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_helpers import booted_with, center_of, nodes

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.time_pickers import show_time_picker
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import Button, Column, TextView, View

PACKAGE = "org.anyapp.timepick"


class PickHome(Screen):
    activity = ".PickActivity"
    picked = "none"
    twelve = True

    def build(self) -> View:
        return Column(Button("Time", lambda: show_time_picker(self, "material", 9, 30, twelve=self.twelve,
                                                              on_set=self.done), id="time"),
                      TextView(self.picked, id="readout"))

    def done(self, hour: int, minute: int) -> None:
        self.picked = f"{hour:02d}:{minute:02d}"


class PickApp(SimApp):
    package = PACKAGE
    label = "Pick"
    launch_activity = ".PickActivity"
    home = PickHome


@pytest.fixture
def pick(tmp_path: Path) -> Iterator[SimDevice]:
    with booted_with(PickApp, tmp_path / "pick-dev") as device:
        yield device


def _ids(device: SimDevice) -> set[str]:
    return {a["resource-id"].rsplit("/", 1)[-1] for a in nodes(device.ui.dump_xml())}


def _tap(device: SimDevice, **match: str) -> None:
    device.ui.tap(*center_of(device.ui.dump_xml(), **match))


def _readout(device: SimDevice) -> str:
    return next(a["text"] for a in nodes(device.ui.dump_xml()) if a["resource-id"].endswith("/readout"))


def _face_point(device: SimDevice, degrees: float, radius_fraction: float) -> tuple[float, float]:
    face = next(a for a in nodes(device.ui.dump_xml()) if a["resource-id"].endswith("/material_clock_face"))
    left, top, right, bottom = map(int, re.findall(r"-?\d+", face["bounds"]))
    r = radius_fraction * (right - left) / 2
    a = math.radians(degrees)
    return ((left + right) / 2 + r * math.sin(a), (top + bottom) / 2 - r * math.cos(a))


def test_opens_in_clock_mode_with_the_material_ids(pick: SimDevice) -> None:
    _tap(pick, resource_id=f"{PACKAGE}:id/time")
    ids = _ids(pick)
    assert {"header_title", "material_clock_face", "material_hour_tv", "material_minute_tv",
            "material_clock_period_am_button", "material_clock_period_pm_button", "material_timepicker_mode_button",
            "material_timepicker_ok_button", "material_timepicker_cancel_button"} <= ids
    assert "material_timepicker_edit_text" not in ids
    face = [a for a in nodes(pick.ui.dump_xml()) if a["content-desc"].endswith(" o'clock") and a["class"] ==
            "android.widget.TextView"]
    assert [a["text"] for a in face] == ["12", *map(str, range(1, 12))]
    assert next(a for a in nodes(pick.ui.dump_xml()) if a["resource-id"].endswith("/material_clock_face"))[
        "class"] == "com.google.android.material.timepicker.ClockFaceView"


def test_hour_number_then_minute_number_sets_the_time(pick: SimDevice) -> None:
    _tap(pick, resource_id=f"{PACKAGE}:id/time")
    _tap(pick, content_desc="4 o'clock")
    assert any(a["content-desc"] == "45 minutes" for a in nodes(pick.ui.dump_xml()))  # on to the minutes
    _tap(pick, content_desc="45 minutes")
    _tap(pick, text="PM")
    _tap(pick, text="OK")
    assert _readout(pick) == "16:45"


def test_a_tap_at_an_angle_picks_and_snaps_and_a_drag_sets_any_minute(pick: SimDevice) -> None:
    _tap(pick, resource_id=f"{PACKAGE}:id/time")
    pick.ui.tap(*_face_point(pick, 90, 0.6))  # 3 o'clock, between the numbers and the centre
    pick.ui.tap(*_face_point(pick, 6 * 22, 0.6))  # 22 minutes' angle: a tap snaps to 20
    assert next(a for a in nodes(pick.ui.dump_xml()) if a["resource-id"].endswith("/material_minute_tv"))[
        "text"] == "20"
    x, y = _face_point(pick, 6 * 22, 0.6)
    pick.ui.swipe(x - 30, y - 30, x, y, 300)  # a drag ends on 22 minutes
    _tap(pick, text="OK")
    assert _readout(pick) == "03:22"


def test_keyboard_toggle_offers_hour_and_minute_fields(pick: SimDevice) -> None:
    _tap(pick, resource_id=f"{PACKAGE}:id/time")
    _tap(pick, content_desc="Switch to text input mode for the time input.")
    fields = [a for a in nodes(pick.ui.dump_xml()) if a["resource-id"].endswith("/material_timepicker_edit_text")]
    assert len(fields) == 2 and "material_clock_face" not in _ids(pick)
    assert any(a["content-desc"] == "Switch to clock mode for the time input." for a in nodes(pick.ui.dump_xml()))
    for field, text in zip(fields, ("7", "13"), strict=True):
        left, top, right, bottom = map(int, re.findall(r"-?\d+", field["bounds"]))
        pick.ui.tap((left + right) / 2, (top + bottom) / 2)
        pick.ui.type_text(text)
    _tap(pick, text="OK")
    assert _readout(pick) == "07:13"


def test_24_hour_face_has_an_inner_ring_for_12_to_23(pick: SimDevice) -> None:
    PickHome.twelve = False
    try:
        _tap(pick, resource_id=f"{PACKAGE}:id/time")
        assert {"material_clock_period_am_button", "material_clock_period_pm_button"}.isdisjoint(_ids(pick))
        pick.ui.tap(*_face_point(pick, 60, 0.5))  # the inner ring at 2 o'clock's angle: 14
        _tap(pick, content_desc="05 minutes")
        _tap(pick, text="OK")
        assert _readout(pick) == "14:05"
    finally:
        PickHome.twelve = True


def _open(package: str, *steps: tuple[str, str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    return package, tuple((k, f"{package}:id/{v}" if k == "resource_id" else v) for k, v in steps)


@pytest.mark.parametrize(("package", "open_steps"), [
    _open("ws.xsoh.etar", ("content_desc", "New event"), ("resource_id", "event_start_time")),
    _open("org.fossify.calendar", ("content_desc", "New event"), ("resource_id", "event_end_time")),
    _open("com.simplemobiletools.calendar.pro", ("content_desc", "New Event"), ("resource_id", "event_start_time")),
    _open("org.fossify.clock", ("content_desc", "Alarm"), ("content_desc", "Add alarm"),
          ("resource_id", "edit_alarm_time")),
    _open("com.simplemobiletools.clock", ("content_desc", "Alarm"), ("content_desc", "Add alarm"),
          ("resource_id", "edit_alarm_time")),
    _open("com.google.android.deskclock", ("content_desc", "Alarm"), ("content_desc", "Add alarm")),
    _open("com.best.deskclock", ("text", "Later"), ("content_desc", "Alarm"), ("content_desc", "Add alarm")),
])
def test_doubles_open_the_material_clock_face(tmp_path: Path, package: str,
                                              open_steps: tuple[tuple[str, str], ...]) -> None:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    assert device.ui.start_app(package)
    for key, value in open_steps:
        _tap(device, **{key: value})
    ids = _ids(device)
    assert {"material_clock_face", "material_timepicker_mode_button"} <= ids and "time_input" not in ids


def test_compose_kind_has_no_ids_and_no_keyboard_toggle(pick: SimDevice) -> None:
    """Compose Material 3 TimePicker (TimePicker.kt ClockText: text cleared, "%d o'clock" content
    descriptions of the bare numbers, no resource ids); a 24-hour face: 0-11 outside, 12-23 inside."""
    screen = pick.ui.front.top
    show_time_picker(screen, "compose", 9, 30, twelve=False, on_set=screen.done)
    dumped = nodes(pick.ui.dump_xml())
    face = [a for a in dumped if a["content-desc"].endswith(" hours") and a["class"] == "android.view.View"]
    assert [a["content-desc"] for a in face] == [f"{h} hours" for h in range(24)]
    assert all(a["text"] == "" and a["resource-id"] == "" for a in face)
    assert not any("material_" in a["resource-id"] for a in dumped)
    assert not any(a["content-desc"].startswith("Switch to") for a in dumped)
    _tap(pick, content_desc="13 hours", **{"class": "android.view.View"})
    _tap(pick, content_desc="45 minutes", **{"class": "android.view.View"})
    _tap(pick, text="OK")
    assert _readout(pick) == "13:45"


def test_vayun_calendar_opens_the_compose_time_picker(tmp_path: Path) -> None:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    package = "com.vayunmathur.calendar"
    assert device.ui.start_app(package)
    _tap(device, content_desc="Add event")
    _tap(device, resource_id=f"{package}:id/event_start_time")
    dumped = nodes(device.ui.dump_xml())
    assert any(a["content-desc"] == "12 hours" and a["class"] == "android.view.View" for a in dumped)
    assert "time_input" not in _ids(device)


def test_tasks_org_picks_the_due_time_in_its_date_sheet_with_its_compose_time_picker(tmp_path: Path) -> None:
    """Tasks.org 15.9: the due-date sheet's "Pick time" (DatePickerShortcuts.kt ``TimeShortcuts``) opens
    the app's TimePickerDialog.kt (Compose TimePicker, an unlabelled keyboard toggle, Cancel, OK), whose
    OK returns to the sheet; the sheet's OK sets day and time. No typed time dialog, no "Due time" row."""
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    package = "org.tasks"
    assert device.ui.start_app(package)
    _tap(device, text="Continue without sync")
    _tap(device, content_desc="Create new task")
    _tap(device, resource_id=f"{package}:id/due_date")
    _tap(device, text="Pick time")
    dumped = nodes(device.ui.dump_xml())
    assert any(a["content-desc"] == "2 o'clock" and a["class"] == "android.view.View" for a in dumped)
    assert "time_input" not in _ids(device) and not any(a["text"] == "Today" for a in dumped)
    _tap(device, content_desc="2 o'clock", **{"class": "android.view.View"})
    _tap(device, content_desc="45 minutes", **{"class": "android.view.View"})
    _tap(device, text="PM")
    _tap(device, text="OK")
    assert any(a["text"] == "2:45 PM" for a in nodes(device.ui.dump_xml()))  # back on the sheet
    _tap(device, text="OK")
    due = next(a["text"] for a in nodes(device.ui.dump_xml()) if a["resource-id"].endswith("/due_date"))
    assert due.endswith(" 14:45") and "due_time" not in _ids(device)


def test_chrono_add_opens_its_flutter_dial_and_mode_offers_the_input_fields(tmp_path: Path) -> None:
    """Chrono 0.6.0: "Add" opens its fork of Flutter's time picker (time_picker.dart) on the dial, the
    default of the "Time Picker" setting; the dial's numbers are painted without semantics (no nodes),
    "Mode" offers "Dial"/"Input"/"Spinner", and Save adds the alarm."""
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    assert device.ui.start_app("com.vicolo.chrono")
    _tap(device, text="Skip")
    _tap(device, content_desc="Add")
    dumped = nodes(device.ui.dump_xml())
    texts = {a["text"] for a in dumped}
    assert {"Select Time", "Mode", "Cancel", "Customize", "Save"} <= texts and "time_input" not in _ids(device)
    # the dial's numbers are no nodes; the header's hour and minute chips are (the current time, so they
    # may read "05" or "1": "Select hours 5")
    dial = [a for a in dumped if not a["content-desc"].startswith("Select ")]
    assert not any(a["text"] in {"1", "13", "05"} or a["content-desc"].endswith(" hours") for a in dial)
    assert not any(a["class"] == "android.widget.EditText" for a in dumped)  # the dial, not the fields
    _tap(device, text="Mode")
    _tap(device, text="Input")
    for label, value in (("Hour", "7"), ("Minute", "35")):
        _tap(device, text=label, **{"class": "android.widget.EditText"})
        device.ui.type_text(value)
    _tap(device, text="Save")
    assert any(a["text"] == "07:35" for a in nodes(device.ui.dump_xml()))


def _card(device: SimDevice, nth: int) -> str:
    """KashCal's editor: the value of the ``nth`` read-only field (0 the title, 1 Starts, 2 Ends)."""
    return [a["text"] for a in nodes(device.ui.dump_xml()) if a["class"] == "android.widget.EditText"][nth]


def _drag_wheel(device: SimDevice, items: int) -> None:
    """The hour wheel (3 items on screen) dragged ``items`` on (negative: back)."""
    wheel = next(a for a in nodes(device.ui.dump_xml()) if a["content-desc"] == "Wheel picker with 24 options")
    left, top, right, bottom = map(int, re.findall(r"-?\d+", wheel["bounds"]))
    item, x = (bottom - top) / 3, (left + right) / 2
    start = bottom - item / 2 if items > 0 else top + item / 2
    device.ui.swipe(x, start, x, start - items * item, 400)


def test_kashcal_start_opens_its_date_time_sheet_with_the_wheels(tmp_path: Path) -> None:
    """KashCal 22.5.15: the editor's "Starts" card (DateTimePickerCard, a read-only field "EEE, MMM d, yyyy   HH:mm"
    with a "Select Starts" icon) opens DateTimeSheet (pickers/DateTimePicker.kt): the month grid and, under it,
    WheelTimePicker's two circular wheels ("Wheel picker with 24 options" / "… 12 options", three items on screen,
    no ids); dragging a wheel by whole items selects the centred one; "Done"."""
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    package = "org.onekash.kashcal"
    assert device.ui.start_app(package)
    _tap(device, text="Not now")  # the onboarding sheet of a fresh install (OnboardingBanner.kt)
    _tap(device, content_desc="Create event")
    shown = _card(device, 1)
    hour, minute = map(int, shown[-5:].split(":"))
    _tap(device, content_desc="Select Starts")
    dumped = nodes(device.ui.dump_xml())
    assert "time_input" not in _ids(device) and any(a["text"] == "Done" for a in dumped)
    wheels = [a for a in dumped if a["content-desc"].startswith("Wheel picker with ")]
    assert [a["content-desc"] for a in wheels] == ["Wheel picker with 24 options", "Wheel picker with 12 options"]
    texts = [a["text"] for a in dumped]
    assert {f"{(hour - 1) % 24:02d}", f"{hour:02d}", f"{(hour + 1) % 24:02d}"} <= set(texts)  # the neighbours
    _drag_wheel(device, 2)
    _tap(device, text="Done")
    assert _card(device, 1).endswith(f"{(hour + 2) % 24:02d}:{minute:02d}")


def test_kashcal_editor_has_starts_and_ends_cards_and_starts_keeps_no_length(tmp_path: Path) -> None:
    """EventFormSheet.kt (v22.5.15): no date/start/end rows but the "Starts" and "Ends" cards, each opening the
    sheet on its own time; a new event starts at the next full hour and lasts defaultEventDuration (30 min,
    KashCalDataStore) with the default 15-minute reminder; a new start past the end moves the end to start + 30,
    one before it leaves the end where it was (no length kept)."""
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    package = "org.onekash.kashcal"
    assert device.ui.start_app(package)
    _tap(device, text="Not now")  # the onboarding sheet of a fresh install (OnboardingBanner.kt)
    _tap(device, content_desc="Create event")
    dumped = nodes(device.ui.dump_xml())
    assert {"Starts", "Ends"} <= {a["text"] for a in dumped}
    assert {"Select Starts", "Select Ends"} <= {a["content-desc"] for a in dumped}
    assert not {"event_date", "event_start_time", "event_end_time"} & _ids(device)
    assert {"Alerts", "15m"} <= {a["text"] for a in dumped}  # ReminderPickerCard's summary (formatReminderShort)
    start = _card(device, 1)
    assert re.fullmatch(r"[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}   \d{2}:00", start), start
    hour = int(start[-5:-3])
    assert _card(device, 2) == f"{start[:-5]}{hour:02d}:30"
    _tap(device, content_desc="Select Ends")  # the end to hour + 3:30
    _drag_wheel(device, 3)
    _tap(device, text="Done")
    assert _card(device, 2).endswith(f"{hour + 3:02d}:30")
    _tap(device, content_desc="Select Starts")  # a start before the end: the end stays
    _drag_wheel(device, 1)
    _tap(device, text="Done")
    assert _card(device, 1).endswith(f"{hour + 1:02d}:00") and _card(device, 2).endswith(f"{hour + 3:02d}:30")
    _tap(device, content_desc="Select Starts")  # a start past the end: the end is start + 30
    _drag_wheel(device, 3)
    _tap(device, text="Done")
    assert _card(device, 1).endswith(f"{hour + 4:02d}:00") and _card(device, 2).endswith(f"{hour + 4:02d}:30")

