"""Chrono 0.6.0 (``com.vicolo.chrono``), a Flutter clock.

Bottom navigation Alarm / Clock / Timer / Stopwatch (``lib/navigation/data/tabs.dart``). Flutter
exposes no resource ids: everything is found by text and content description. A new alarm is
entered in the time picker's input mode (hour and minute fields) and saved; a long-pressed
alarm is deleted from the selection bar. The timer's "+" asks for a length and starts the timer
at once (``timer_screen.dart``: ``timer.start()`` then ``addItem``). The city search is "Search
for a city". All lists are JSON files in ``app_flutter/Clock/`` (``alarms``, ``timers``,
``stopwatches``, ``favorite_cities``); a first start preloads four cities.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.clock.kit import AlarmSkin, ClockApp, ClockSkin, Icon, StopwatchSkin, TimerSkin, WorldSkin

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "flux_alarm"), ("clock", "Clock", "flux_clock"), ("timer", "Timer", "flux_timer"),
          ("stopwatch", "Stopwatch", "flux_stopwatch")),  # FluxIcons
    alarm=AlarmSkin(list_id="", time_id="", switch_id="", add=Icon("add", "Add"), picker="text", delete="select",
                    delete_label="Delete", new_title="Select time", edit_title="Select time", save="Save",
                    cancel="Cancel", empty_text="No alarms created"),
    timer=TimerSkin(flow="setup_start", picker="spinner", start=Icon("play", "Start"), pause="Pause", resume="Resume",
                    reset="Reset", time_id="", list_id="", add=Icon("add", "Add"), new_title="Duration"),
    stopwatch=StopwatchSkin(time_id="", start="Start", pause="Pause", resume="Resume", reset="Reset", lap="Lap"),
    world=WorldSkin(add=Icon("add", "Add"), flow="search", list_id="", row_id="", title="Search for a city",
                    search_hint="Search for a city", empty_text="No cities added"),
    store="chrono", clock="24h",
)


class Chrono(ClockApp):
    package = "com.vicolo.chrono"
    label = "Chrono"
    version_name, version_code = "0.6.0", 283
    launch_activity = ".MainActivity"
    icon_color = "#5C6BC0"
    skin = SKIN
