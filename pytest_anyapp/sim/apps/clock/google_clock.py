"""Google Clock 7.4 (``com.google.android.deskclock``), the AndroidWorld original (closed source).

A bottom navigation bar Alarm / Clock / Timer / Stopwatch / Bedtime; an "Add alarm" FAB opens
Material's time picker in clock mode (assumed, as AOSP DeskClock's descendants do: the clock face,
AM/PM, a keyboard toggle), whose OK adds the alarm; an alarm's time opens it again and its OK
saves; 12-hour times; an expanded alarm row carries Delete. The timer tab opens on a keypad whose Start creates
and runs the timer. "Add city" opens a city search. What it stores is not published; Android's
AlarmManager holds its scheduled alarms (``dumpsys alarm``), which is what the harness reads.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.clock.kit import AlarmSkin, ClockApp, ClockSkin, Icon, StopwatchSkin, TimerSkin, WorldSkin

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "alarm"), ("clock", "Clock", "clock"), ("timer", "Timer", "hourglass"),
          ("stopwatch", "Stopwatch", "timer"), ("bedtime", "Bedtime", "bedtime")),
    alarm=AlarmSkin(list_id="alarm_recycler_view", time_id="digital_clock", switch_id="onoff",
                    add=Icon("add", "Add alarm", "fab"), picker="material", delete="row", delete_label="Delete",
                    editor_time_id="digital_clock", picker_saves=True,
                    new_title="Set alarm", edit_title="Set alarm", save="OK", cancel="Cancel"),
    timer=TimerSkin(flow="setup_start", picker="keypad", start=Icon("play", "Start", "fab"), pause="Pause",
                    resume="Resume", reset="Reset", time_id="timer_setup_time", list_id="timer_view_pager",
                    add=Icon("add", "Add timer", "left_button")),
    stopwatch=StopwatchSkin(time_id="stopwatch_time_text", start="Start", pause="Pause", resume="Start",
                            reset="Reset", lap="Lap"),
    world=WorldSkin(add=Icon("public", "Add city", "fab"), flow="search", list_id="cities", row_id="city_name",
                    title="Add city", search_hint="Search for a city"),
    store="private", clock="12h", set_alarm_intent=True, lineage="aosp-deskclock",
)


class GoogleClock(ClockApp):
    package = "com.google.android.deskclock"
    label = "Clock"
    version_name, version_code = "7.4 (504317960)", 74001498
    launch_activity = "com.android.deskclock.DeskClock"
    icon_color = "#1A73E8"
    skin = SKIN
