"""Clock 2.29 (``com.best.deskclock``, BlackyHawky's fork of AOSP DeskClock).

A bottom navigation bar Alarm / Clock / Timer / Stopwatch; 12-hour alarm times
(``digital_clock``) with a switch (``onoff``) and an "Add alarm" FAB; the time is entered in
Material's "Select time" keyboard mode (hour and minute fields, AM/PM) and the expanded alarm's
Delete button removes it. The timer tab opens on the AOSP keypad setup (digits typed right to
left) whose Start FAB creates and starts the timer at once. The stopwatch has Start/Pause with
Reset and Lap beside it. "Cities" opens a searchable city list. Everything lives in
device-protected storage: ``alarms.db`` (``alarm_templates``) and the default preferences
(stopwatch ``sw_*``, timers ``timer_*``, cities ``city_id_*``).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.clock.kit import AlarmSkin, ClockApp, ClockSkin, Icon, StopwatchSkin, TimerSkin, WorldSkin

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "alarm"), ("clock", "Clock", "clock"), ("timer", "Timer", "timer"),
          ("stopwatch", "Stopwatch", "stopwatch")),
    alarm=AlarmSkin(list_id="alarm_recycler_view", time_id="digital_clock", switch_id="onoff",
                    add=Icon("add", "Add alarm", "fab"), picker="text", delete="editor", delete_label="Delete",
                    new_title="Select time", edit_title="Select time", save="OK", cancel="Cancel",
                    empty_text="No alarms"),
    timer=TimerSkin(flow="setup_start", picker="keypad", start=Icon("play", "Start", "fab"), pause="Pause",
                    resume="Start", reset="Reset", time_id="timer_setup_time", list_id="recycler_view",
                    add=Icon("add", "Add timer", "fab"), new_title="Timer"),
    stopwatch=StopwatchSkin(time_id="stopwatch_time_text", start="Start", pause="Pause", resume="Start",
                            reset="Reset", lap="Lap"),
    world=WorldSkin(add=Icon("public", "Cities", "fab"), flow="search", list_id="cities", row_id="city_name",
                    title="Cities", search_hint="Search…"),
    store="deskclock", clock="12h", set_alarm_intent=True, device_protected=True, lineage="aosp-deskclock",
)


class BestClock(ClockApp):
    package = "com.best.deskclock"
    label = "Clock"
    version_name, version_code = "2.29", 2032
    launch_activity = ".DeskClock"
    icon_color = "#3B6EA5"
    skin = SKIN
