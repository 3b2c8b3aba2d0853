"""The Clock screen readers (the `ui` pairs) on hand-written uiautomator dumps."""

from __future__ import annotations

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.clock.adapters import (
    CLOCKYOU_STARTED,
    alarm_list_rows,
    clockyou_timers,
    screen_alarms,
    screen_cities,
    screen_stopwatch,
    screen_timers,
)
from verifiers.clock.state import Timer


def dump(*nodes: str) -> list[str]:
    return ['<hierarchy rotation="0"><node bounds="[0,0][1080,2400]">' + "".join(nodes) + "</node></hierarchy>"]


def node(text: str = "", desc: str = "", res: str = "", inner: str = "") -> str:
    return (f'<node text="{text}" content-desc="{desc}" resource-id="{res}" class="android.widget.TextView" '
            f'bounds="[0,0][10,10]">{inner}</node>')


def test_stopwatch_running_paused_reset_and_elsewhere() -> None:
    running = screen_stopwatch(dump(node("00:03.27"), node(desc="Lap"), node(desc="Pause")))
    assert running is not None and running.state == "running"
    paused = screen_stopwatch(dump(node("01:02:03.40"), node(desc="Reset"), node(desc="Start")))
    assert paused is not None and (paused.state, paused.accumulated_ms) == ("paused", 3_723_400)
    reset = screen_stopwatch(dump(node("00:00.00"), node(desc="Start")))
    assert reset is not None and reset.state == "reset"
    assert screen_stopwatch(dump(node("07:00"), node(desc="Add alarm"))) is None


def test_timer_rows_and_the_keypad() -> None:
    row = node(inner=node("04:59") + node("05:15")) + node(desc="Reset") + node(desc="Pause")
    other = node(inner=node("01:00:00") + node("1:00:00")) + node(desc="Reset") + node(desc="Resume")
    timers = screen_timers(dump(node(inner=node(inner=row) + node(inner=other)), node(desc="Add timer")))
    assert [(t.seconds, t.state) for t in timers] == [(315, "running"), (3600, "paused")]
    assert screen_timers(dump(node("00h 05m 15s"), node(desc="Delete"), node(desc="Start"))) == []


def test_cities_only_from_the_clock_tab_list() -> None:
    tab = node(res="p:id/cities", inner=node("Madrid", res="p:id/city_name"))
    assert screen_cities(dump(node("9:41 AM", res="p:id/digital_clock"), tab)) == ["Madrid"]
    search = node(res="p:id/cities_list", inner=node("Madrid", res="p:id/city_name"))
    assert screen_cities(dump(node("Madrid", res="p:id/search_src_text"), search)) == []


def at(text: str, x: int, y: int, desc: str = "") -> str:
    """A node centred on (x, y)."""
    return (f'<node text="{text}" content-desc="{desc}" resource-id="" class="android.view.View" '
            f'bounds="[{x - 20},{y - 20}][{x + 20},{y + 20}]" />')


def wheels(h: tuple[str, str, str], m: tuple[str, str, str], s: tuple[str, str, str]) -> str:
    """Clock You's three timer wheels (pages at y 880, 1090, 1300) with ":" level with the middle."""
    pages = "".join(at(v, x, y) for x, col in ((180, h), (540, m), (900, s))
                    for v, y in zip(col, (880, 1090, 1300), strict=True))
    return pages + at(":", 360, 1090) + at(":", 720, 1090)


def test_clock_you_timer_setup_is_the_centred_wheel_values() -> None:
    """The values level with the ":" separators are the length (not the first or the highest);
    the sheet (a "Start" text button) also means a started timer; zero or no wheels = nothing."""
    tab = wheels(("00", "01", "02"), ("26", "27", "28"), ("10", "11", "12"))
    assert clockyou_timers(dump(tab, at("", 960, 2000, desc="Start"))) == [Timer(seconds=3600 + 27 * 60 + 11)]
    assert clockyou_timers(dump(tab, at("Start", 540, 2000))) == [Timer(seconds=5231), CLOCKYOU_STARTED]
    assert clockyou_timers(dump(wheels(("23", "00", "01"), ("59", "00", "01"), ("59", "00", "01")))) == []
    assert clockyou_timers(dump(at("0:05:00", 300, 400), at("10:30", 300, 480))) == []  # the timer list


def alarm_row(time: str, on: bool, bottom: int) -> str:
    return (f'<node bounds="[0,{bottom - 168}][1080,{bottom}]">'
            f'<node text="{time}" resource-id="p:id/digital_clock" bounds="[42,{bottom - 140}][702,{bottom - 28}]"/>'
            f'<node content-desc="Delete" resource-id="p:id/alarm_delete" bounds="[702,0][828,1]"/>'
            f'<node resource-id="p:id/onoff" checked="{str(on).lower()}" bounds="[828,0][1038,1]"/></node>')


def alarm_tab(*rows: str, selected: str = "Alarm") -> str:
    nav = "".join(f'<node content-desc="{t}" selected="{str(t == selected).lower()}" bounds="[0,2127][216,2337]"/>'
                  for t in ("Alarm", "Clock", "Timer", "Stopwatch"))
    listing = f'<node resource-id="p:id/alarm_recycler_view" bounds="[0,136][1080,2127]">{"".join(rows)}</node>'
    return dump(listing if rows else "", nav)[0]


def test_alarm_list_rows_read_time_and_switch() -> None:
    alarms, more = alarm_list_rows(alarm_tab(alarm_row("7:30 AM", True, 304), alarm_row("12:15 PM", False, 472),
                                             alarm_row("12:05 AM", True, 640)))
    assert [(a.hour, a.minute, a.enabled) for a in alarms] == [(7, 30, True), (12, 15, False), (0, 5, True)]
    assert not more
    assert alarm_list_rows(alarm_tab()) == ([], False)  # no alarms: no list


def test_alarm_list_says_when_rows_may_continue_below_and_merges_scrolls() -> None:
    first = alarm_tab(alarm_row("6:00 AM", True, 1960), alarm_row("7:00 AM", True, 2127))
    assert alarm_list_rows(first)[1]
    second = alarm_tab(alarm_row("7:00 AM", True, 1000), alarm_row("9:45 PM", False, 1168))
    assert [(a.hour, a.minute, a.enabled) for a in screen_alarms([first, second])] == [
        (6, 0, True), (7, 0, True), (21, 45, False)]


def test_alarm_list_off_the_alarm_tab_is_a_read_error() -> None:
    with pytest.raises(VerifierReadError):
        alarm_list_rows(alarm_tab(alarm_row("7:30 AM", True, 304), selected="Clock"))
    with pytest.raises(VerifierReadError):  # a row without its switch is not an alarm row as read here
        alarm_list_rows(alarm_tab('<node bounds="[0,136][1080,304]"><node text="7:30 AM" '
                                  'resource-id="p:id/digital_clock" bounds="[0,0][1,1]"/></node>'))
