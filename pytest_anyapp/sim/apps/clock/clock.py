"""Clock 2.29 (``com.best.deskclock``, BlackyHawky's fork of AOSP DeskClock).

A bottom navigation bar Alarm / Clock / Timer / Stopwatch; 12-hour alarm times
(``digital_clock``) with a switch (``onoff``) and an "Add alarm" FAB, which opens MaterialTimePicker
in clock mode whose OK adds the alarm (``AlarmFragment.startCreatingAlarm``,
``MaterialTimePickerDialogFragment``: ``INPUT_MODE_CLOCK`` for the default style "analog"); an
alarm's time opens it again and its OK saves (``AlarmTimeClickHandler.setAlarm``); the expanded
alarm's Delete button removes it. The timer tab opens on the AOSP keypad setup (digits typed right to
left) whose Start FAB creates and starts the timer at once. The stopwatch has Start/Pause with
Reset and Lap beside it. "Cities" opens a searchable city list. Everything lives in
device-protected storage: ``alarms.db`` (``alarm_templates``) and the default preferences
(stopwatch ``sw_*``, timers ``timer_*``, cities ``city_id_*``).

First screen (2.29, ``DeskClock.isFirstLaunch``, ``FirstLaunch.java``): while the default
preferences lack ``key_is_first_launch`` = false, the launcher opens the FirstLaunch activity
("100% FOSS Clock, based on AOSP", "Later" / "Now"); either button stores false and opens the
clock ("Now" also the permissions screen, not modelled). Override: ``FirstLaunch``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.clock.kit import (
    AlarmSkin,
    ClockApp,
    ClockSkin,
    Icon,
    Main,
    StopwatchSkin,
    TimerSkin,
    WorldSkin,
)
from pytest_anyapp.sim.apps.clock.store import DeskClockStore
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "alarm"), ("clock", "Clock", "clock"), ("timer", "Timer", "timer"),
          ("stopwatch", "Stopwatch", "stopwatch")),
    alarm=AlarmSkin(list_id="alarm_recycler_view", time_id="digital_clock", switch_id="onoff",
                    add=Icon("add", "Add alarm", "fab"), picker="material", delete="editor", delete_label="Delete",
                    editor_time_id="digital_clock", picker_saves=True,
                    new_title="Select time", edit_title="Select time", save="OK", cancel="Cancel",
                    empty_text="No alarms"),
    timer=TimerSkin(flow="setup_start", picker="keypad", start=Icon("play", "Start", "fab"), pause="Pause",
                    resume="Start", reset="Reset", time_id="timer_setup_time", list_id="recycler_view",
                    add=Icon("add", "Add timer", "fab"), new_title="Timer"),
    stopwatch=StopwatchSkin(time_id="stopwatch_time_text", start="Start", pause="Pause", resume="Start",
                            reset="Reset", lap="Lap"),
    world=WorldSkin(add=Icon("public", "Cities", "fab"), flow="search", list_id="cities", row_id="city_name",
                    title="Cities", search_hint="Search…",
                    search_autofocus=False),
    store="deskclock", clock="12h", set_alarm_intent=True, device_protected=True, lineage="aosp-deskclock",
)


class FirstLaunch(Screen):
    """``FirstLaunch``: the app's slogan and notes, "Later" and "Now" at the bottom."""

    activity = ".FirstLaunch"

    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Clock", size=28, align="center", id="first_launch_app_title"),
            TextView("100% FOSS Clock, based on AOSP", align="center"), spacing=16, padding=(32, 200, 32, 0)),
            bottom=Row(Button("Later", self.done, id="later_button", style="text"), Spacer(weight=1.0),
                       Button("Now", self.done, id="now_button"), padding=(16, 8)))

    def done(self) -> None:
        assert isinstance(self.app, ClockApp)
        store = self.app.store
        assert isinstance(store, DeskClockStore)
        store.prefs.put({"key_is_first_launch": False})
        self.replace(Main(self.app))


def launcher(app: SimApp) -> Screen:
    """DeskClock.onCreate: FirstLaunch until key_is_first_launch is false."""
    assert isinstance(app, ClockApp)
    store = app.store
    assert isinstance(store, DeskClockStore)
    return FirstLaunch(app) if store.prefs.load().get("key_is_first_launch", True) else Main(app)


class BestClock(ClockApp):
    package = "com.best.deskclock"
    label = "Clock"
    version_name, version_code = "2.29", 2032
    launch_activity = ".DeskClock"
    icon_color = "#3B6EA5"
    skin = SKIN
    home = launcher
    screens = (FirstLaunch,)
