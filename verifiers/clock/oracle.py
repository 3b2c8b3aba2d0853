"""Gold UI solutions for the 10 Clock templates, written once against a per-app ``ClockUi``.

Each ``ClockUi`` says where an app keeps what the scripts need (its tab labels, the add buttons,
which picker it uses for alarm times and timer lengths, where Delete lives, how a city is
added), matching the real app at its pinned version; everything is found on screen by text,
content description or resource id.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Literal

from pytest_anyapp.agents.oracle import By, Drag, Intent, LongPress, Read, SwipeAside, Tap, TypeInto
from verifiers.bundle import Script, gold_from_body
from verifiers.time_pickers import chrono_time, material_time

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class ClockUi:
    app_id: str
    tabs: dict[str, str]  # tab name -> label (content description)
    add_alarm: By
    alarm_picker: Literal["text", "spinner", "scroll", "material", "chrono"]
    twelve: bool
    save_alarm: By
    alarm_time_res: str
    delete: Literal["editor", "select", "row", "swipe"]  # swipe: the row start-to-end, then confirm
    delete_label: str
    delete_confirm: str  # the confirm button ("" = no dialog)
    timer_flow: Literal["setup_start", "list_save"]
    timer_picker: Literal["text", "spinner", "scroll", "keypad"]
    add_timer: By | None
    save_timer: By | None
    start_timer: By
    stopwatch: dict[str, str]  # start / resume / pause / reset -> content description
    add_city: By
    city_flow: Literal["search", "checklist"]
    city_ok: str = "OK"
    #: ``material``: the editor's time that opens the picker, and whether the picker's OK saves (the
    #: AOSP DeskClock lineage, whose "Add alarm" opens the picker at once).
    editor_time_res: str = "edit_alarm_time"
    picker_saves: bool = False


FOSSIFY = ClockUi(
    app_id="clock_fossify_clock", tabs={"clock": "Clock", "alarm": "Alarm", "stopwatch": "Stopwatch", "timer": "Timer"},
    add_alarm=By(desc="Add alarm"), alarm_picker="material", twelve=False, save_alarm=By(text="OK"),
    alarm_time_res="alarm_time", delete="select", delete_label="Delete", delete_confirm="Delete",
    timer_flow="list_save", timer_picker="spinner", add_timer=By(desc="New Timer"), save_timer=By(text="Save"),
    start_timer=By(desc="Start"),
    stopwatch={"start": "Start", "resume": "Start", "pause": "Pause", "reset": "Reset"},
    add_city=By(desc="Add time zones"), city_flow="checklist",
)

SIMPLE = ClockUi(**{**FOSSIFY.__dict__, "app_id": "clock_simple_clock"})

DESK = ClockUi(
    app_id="clock_clock", tabs={"alarm": "Alarm", "clock": "Clock", "timer": "Timer", "stopwatch": "Stopwatch"},
    add_alarm=By(desc="Add alarm"), alarm_picker="material", twelve=True, save_alarm=By(text="OK"),
    alarm_time_res="digital_clock", delete="editor", delete_label="Delete", delete_confirm="",
    timer_flow="setup_start", timer_picker="keypad", add_timer=None, save_timer=None, start_timer=By(desc="Start"),
    stopwatch={"start": "Start", "resume": "Start", "pause": "Pause", "reset": "Reset"},
    add_city=By(desc="Cities"), city_flow="search", editor_time_res="digital_clock", picker_saves=True,
)

CHRONO = ClockUi(
    app_id="clock_chrono", tabs={"alarm": "Alarm", "clock": "Clock", "timer": "Timer", "stopwatch": "Stopwatch"},
    add_alarm=By(desc="Add"), alarm_picker="chrono", twelve=False, save_alarm=By(text="Save"),
    alarm_time_res="", delete="select", delete_label="Delete", delete_confirm="",
    timer_flow="setup_start", timer_picker="spinner", add_timer=None, save_timer=None, start_timer=By(desc="Start"),
    stopwatch={"start": "Start", "resume": "Resume", "pause": "Pause", "reset": "Reset"},
    add_city=By(desc="Add"), city_flow="search", picker_saves=True,
)

CLOCKYOU = ClockUi(
    app_id="clock_clockyou", tabs={"alarm": "Alarm", "clock": "Clock", "timer": "Timer", "stopwatch": "Stopwatch"},
    add_alarm=By(desc="New alarm"), alarm_picker="scroll", twelve=False, save_alarm=By(text="Save"),
    alarm_time_res="", delete="swipe", delete_label="Delete alarm", delete_confirm="OK",
    timer_flow="setup_start", timer_picker="scroll", add_timer=None, save_timer=None, start_timer=By(desc="Start"),
    stopwatch={"start": "Start", "resume": "Resume", "pause": "Pause", "reset": "Reset"},
    add_city=By(desc="Time zones"), city_flow="search",
)

GOOGLE = ClockUi(
    app_id="clock_google_clock", tabs={"alarm": "Alarm", "clock": "Clock", "timer": "Timer", "stopwatch": "Stopwatch"},
    add_alarm=By(desc="Add alarm"), alarm_picker="material", twelve=True, save_alarm=By(text="OK"),
    alarm_time_res="digital_clock", delete="row", delete_label="Delete", delete_confirm="",
    timer_flow="setup_start", timer_picker="keypad", add_timer=None, save_timer=None, start_timer=By(desc="Start"),
    stopwatch={"start": "Start", "resume": "Start", "pause": "Pause", "reset": "Reset"},
    add_city=By(desc="Add city"), city_flow="search", editor_time_res="digital_clock", picker_saves=True,
)

APPS: tuple[ClockUi, ...] = (FOSSIFY, SIMPLE, DESK, CHRONO, CLOCKYOU, GOOGLE)


# -- building blocks ---------------------------------------------------------------------------------

def alarm_label(ui: ClockUi, hour: int, minute: int) -> str:
    if not ui.twelve:
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def alarm_row(ui: ClockUi, hour: int, minute: int) -> By:
    """The alarm's time on the list (by id too where the app has view ids; Flutter has none)."""
    return By(text=alarm_label(ui, hour, minute), res=ui.alarm_time_res or None)


def tab(ui: ClockUi, name: str) -> Steps:
    yield Tap(By(desc=ui.tabs[name]))


#: Clock You's wheels (``ScrollTimePicker.kt``): one page (64 dp + 16 dp) as a fraction of the
#: 224 dp wheel; the values each wheel goes round.
WHEEL_PAGE = 80 / 224
WHEEL_LIMITS = {"hour": 24, "minute": 60, "hours": 24, "minutes": 60, "seconds": 60}


def turn_wheel(name: str, value: int, max_pages: int) -> Steps:
    """Read the centred value (the middle of the three pages on screen), then drag the wheel the
    shorter way round, at most ``max_pages`` pages a drag (the finger stays on the screen)."""
    shown = yield Read(By(res=f"{name}_wheel_item", nth=1))
    limit = WHEEL_LIMITS[name]
    pages = (value - int(shown)) % limit
    if pages > limit // 2:
        pages -= limit
    while pages:
        step = max(-max_pages, min(max_pages, pages))
        start = 0.95 if step > 0 else 0.05
        yield Drag(By(res=f"{name}_wheel"), (0.5, start), (0.5, start - step * WHEEL_PAGE))
        pages -= step


def pick(kind: str, names: tuple[str, ...], values: tuple[int, ...], max_pages: int = 3) -> Steps:
    """Fill a picker: ``text`` fields (``<name>_input``), spinner centres (``<name>_picker``), or
    pager wheels (``<name>_wheel``, turned until the value is centred)."""
    for name, value in zip(names, values, strict=True):
        if kind == "scroll":
            yield from turn_wheel(name, value, max_pages)
        else:
            yield TypeInto(By(res=f"{name}_{'input' if kind == 'text' else 'picker'}"), f"{value:02d}")


def set_alarm_time(ui: ClockUi, hour: int, minute: int, *, new: bool = False,
                   old: tuple[int, int] | None = None) -> Steps:
    if ui.alarm_picker == "material":
        if not (new and ui.picker_saves):  # the editor's time opens the picker
            yield Tap(By(res=ui.editor_time_res))
        yield from material_time(hour, minute, twelve=ui.twelve)
        if not ui.picker_saves:
            yield Tap(ui.save_alarm)
        return
    if ui.alarm_picker == "chrono":  # "Add" opened the picker, whose Save adds the alarm
        if old is not None:  # the opened alarm's time (Flutter: found by its text) opens the picker
            yield Tap(By(text=alarm_label(ui, *old)))
        yield from chrono_time(hour, minute)
        return
    shown = (hour % 12) or 12 if ui.twelve else hour
    yield from pick(ui.alarm_picker, ("hour", "minute"), (shown, minute))
    if ui.twelve:
        yield Tap(By(text="AM" if hour < 12 else "PM"))
    yield Tap(ui.save_alarm)


def new_alarm(ui: ClockUi, hour: int, minute: int) -> Steps:
    yield from tab(ui, "alarm")
    yield Tap(ui.add_alarm)
    yield from set_alarm_time(ui, hour, minute, new=True)


def set_timer(ui: ClockUi, hours: int, minutes: int, seconds: int) -> Steps:
    """Open the timer setup and enter the length (without starting it)."""
    yield from tab(ui, "timer")
    if ui.add_timer is not None:
        yield Tap(ui.add_timer)
    if ui.timer_picker == "keypad":
        digits = f"{hours:02d}{minutes:02d}{seconds:02d}".lstrip("0")
        for d in digits:
            yield Tap(By(text=d, class_contains="Button"))
    else:  # the timer's wheels sit mid-screen: room for five pages a drag either way
        yield from pick(ui.timer_picker, ("hours", "minutes", "seconds"), (hours, minutes, seconds), max_pages=5)


# -- one script per template ------------------------------------------------------------------------

def _create_alarm(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from new_alarm(ui, p["hour"], p["minute"])


def _edit_alarm(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "alarm")
    yield Tap(alarm_row(ui, p["old_hour"], p["old_minute"]))
    yield from set_alarm_time(ui, p["new_hour"], p["new_minute"], old=(p["old_hour"], p["old_minute"]))


def _delete_alarm(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "alarm")
    row = alarm_row(ui, p["hour"], p["minute"])
    if ui.delete == "select":
        yield LongPress(row)
        yield Tap(By(desc=ui.delete_label))
    elif ui.delete == "editor":
        yield Tap(row)
        yield Tap(By(text=ui.delete_label))
    elif ui.delete == "swipe":
        yield SwipeAside(row, "right")
    else:
        yield Tap(By(desc=ui.delete_label))
    if ui.delete_confirm:
        yield Tap(By(text=ui.delete_confirm))


def _create_timer(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from set_timer(ui, p["hours"], p["minutes"], p["seconds"])
    if ui.save_timer is not None:
        yield Tap(ui.save_timer)


def _start_timer(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from set_timer(ui, p["hours"], p["minutes"], p["seconds"])
    if ui.save_timer is not None:
        yield Tap(ui.save_timer)
    yield Tap(ui.start_timer)


def _stopwatch_running(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "stopwatch")
    yield Tap(By(desc=ui.stopwatch["resume" if p["paused_seconds"] else "start"]))


def _pause_stopwatch(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "stopwatch")
    yield Tap(By(desc=ui.stopwatch["pause"]))


def _reset_stopwatch(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "stopwatch")
    yield Tap(By(desc=ui.stopwatch["reset"]))


def _add_world_clock(ui: ClockUi, p: dict[str, Any]) -> Steps:
    yield from tab(ui, "clock")
    yield Tap(ui.add_city)
    if ui.city_flow == "search":
        yield TypeInto(By(res="search_src_text"), p["city"])
        yield Tap(By(text=p["city"], res="city_name"))
    else:
        yield Tap(By(text_contains=p["city"], res="zone_checkbox"))
        yield Tap(By(text=ui.city_ok))


BODIES: dict[str, Callable[[ClockUi, dict[str, Any]], Steps]] = {
    "ClockCreateAlarm": _create_alarm,
    "ClockEditAlarm": _edit_alarm,
    "ClockEnableAlarm": _create_alarm,  # a saved new alarm is on in every app; nothing else to switch
    "ClockDeleteAlarm": _delete_alarm,
    "ClockCreateTimer": _create_timer,
    "ClockStartTimer": _start_timer,
    "ClockStopwatchRunning": _stopwatch_running,
    "ClockPauseStopwatch": _pause_stopwatch,
    "ClockStopwatchReset": _reset_stopwatch,
    "ClockAddWorldClock": _add_world_clock,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    ui = next((u for u in APPS if u.app_id == app_id), None)
    return gold_from_body(BODIES.get(semantic_id), ui)
