"""Clock You 9.1 (``com.bnyro.clock``), a Jetpack Compose clock.

A bottom navigation bar Alarm / Clock / Timer / Stopwatch (``navigation/HomeRoutes.kt``); the
"New alarm" button opens the alarm picker, a scroll wheel of hours and minutes
(``AlarmTimePicker`` → ``ScrollTimePicker``) saved with "Save"; an alarm is deleted only by
swiping its row start-to-end (``AlarmItem.kt``: ``SwipeToDismissBox``), which asks "Delete alarm"
("Are you sure? This can't be undone!", OK / Cancel) and springs back.
The Timer tab (``TimerScreen.kt``) is the setup while no timer is scheduled: three pager wheels
(``TimePickerDial.kt``), the example presets (``PersistentTimer.kt``: 10, 15, 30, 60 min; a tap
starts one) and a Start button; once timers run it lists them, and "Add preset timer" opens the
setup again as a bottom sheet with a "Start" text button. Time zones are added from a searchable
dialog. Alarms and time zones live in the Room database
``com.bnyro.clock``; the running timer and the stopwatch only in their services' memory.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.clock.kit import AlarmSkin, ClockApp, ClockSkin, Icon, StopwatchSkin, TimerSkin, WorldSkin

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "alarm"), ("clock", "Clock", "schedule"), ("timer", "Timer", "av_timer"),
          ("stopwatch", "Stopwatch", "timer_outlined")),
    alarm=AlarmSkin(list_id="", time_id="", switch_id="", add=Icon("add", "New alarm"), picker="scroll",
                    delete="swipe", delete_label="Delete alarm", delete_confirm="Are you sure? This can't be undone!",
                    delete_ok="OK", new_title="New alarm", edit_title="Alarm", save="Save", cancel="Cancel"),
    timer=TimerSkin(flow="setup_start", picker="scroll", start=Icon("play", "Start"), pause="Pause",
                    resume="Resume", reset="Stop", time_id="", list_id="", add=Icon("add", "Add preset timer"),
                    presets=(600, 900, 1800, 3600), sheet=True),
    stopwatch=StopwatchSkin(time_id="", start="Start", pause="Pause", resume="Resume", reset="Reset", lap="Lap",
                            labels_as_desc=True),
    world=WorldSkin(add=Icon("add", "Time zones"), flow="search", list_id="", row_id="", title="Time zones",
                    search_hint="Search", ok="OK",
                    search_field="compose_multiline"),
    store="clockyou", clock="24h",
)


class ClockYou(ClockApp):
    package = "com.bnyro.clock"
    label = "Clock You"
    version_name, version_code = "9.1", 19
    launch_activity = ".ui.MainActivity"
    icon_color = "#7E57C2"
    skin = SKIN
