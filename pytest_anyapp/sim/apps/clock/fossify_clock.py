"""Fossify Clock 1.6.0 (``org.fossify.clock``), the community fork of Simple Clock.

Bottom tabs Clock / Alarm / Stopwatch / Timer; the alarm list (``alarms_list``) shows 24-hour
times (``alarm_time``) with a switch (``alarm_switch``), a drag handle (manual order) and an "Add alarm" FAB; the alarm editor
shows the time (``edit_alarm_time``), which opens MaterialTimePicker in clock mode
(``EditAlarmDialog.kt``: ``isDynamicTheme()``, true on Android 12+ by default; else the platform
TimePickerDialog); its OK sets the time, the editor's OK saves; a long-pressed alarm shows Delete in the selection bar.
Timers: the "New Timer" FAB opens a "New Timer" page whose Save puts an idle timer into the list
(``timers_list``), started with its play button. Time zones are picked from a checklist. Alarms
in ``alarms.db`` (table ``contacts``, two disabled alarms on first start), timers in Room
``app.db``, zones in the preferences; the stopwatch only in memory (``helpers/Stopwatch.kt``).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.clock.kit import AlarmSkin, ClockApp, ClockSkin, Icon, StopwatchSkin, TimerSkin, WorldSkin

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("clock", "Clock", "clock"), ("alarm", "Alarm", "alarm"), ("stopwatch", "Stopwatch", "stopwatch"),
          ("timer", "Timer", "timer")),
    alarm=AlarmSkin(list_id="alarms_list", time_id="alarm_time", switch_id="alarm_switch",
                    add=Icon("plus", "Add alarm", "alarm_fab"), picker="material", delete="select",
                    delete_confirm="Are you sure you want to delete 1 item?", drag_handle=True, new_title="Alarm",
                    edit_title="Alarm", save="OK", cancel="Cancel"),
    timer=TimerSkin(flow="list_save", picker="spinner", start=Icon("play", "Start", "timer_play_pause"),
                    pause="Pause", resume="Resume", reset="Reset", time_id="timer_time", list_id="timers_list",
                    add=Icon("plus", "New Timer", "timer_fab"), save="Save", new_title="New Timer"),
    stopwatch=StopwatchSkin(time_id="stopwatch_time", start="Start", pause="Pause", resume="Start", reset="Reset",
                            lap="Lap"),
    world=WorldSkin(add=Icon("plus", "Add time zones", "clock_fab"), flow="checklist", list_id="time_zones_list",
                    row_id="time_zone_title", title="Add time zones"),
    title="Fossify Clock", menu=("Sort by", "Settings", "About", "More Fossify apps"),
    store="simple", clock="24h", set_alarm_intent=True, lineage="simple-mobile-tools",
)


class FossifyClock(ClockApp):
    package = "org.fossify.clock"
    label = "Fossify Clock"
    version_name, version_code = "1.6.0", 10
    launch_activity = ".activities.MainActivity"
    icon_color = "#2F6FDE"
    skin = SKIN
