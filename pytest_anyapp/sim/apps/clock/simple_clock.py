"""Simple Clock 5.11.2 (``com.simplemobiletools.clock``), the app Fossify Clock was forked from.

Bottom tabs Clock / Alarm / Stopwatch / Timer; the alarm list (``alarms_list``) shows 24-hour
times (``alarm_time``) with a switch (``alarm_switch``) and an "Add alarm" FAB (no manual order: no drag handle); the alarm editor
shows the time, which opens MaterialTimePicker in clock mode (``EditAlarmDialog.kt``:
``config.isUsingSystemTheme``, Simple-Commons' default ``isSPlus()``); a long-pressed alarm shows Delete in the selection bar.
Timers: the "New Timer" FAB opens a "New Timer" page whose Save puts an idle timer into the list
(``timers_list``), started with its play button. Time zones are picked from a checklist. Alarms
in ``alarms.db`` (table ``contacts``, two disabled alarms on first start), timers in Room
``app.db``, zones in the preferences; the stopwatch only in memory (``helpers/Stopwatch.kt``).
"""

from __future__ import annotations

from dataclasses import replace

from pytest_anyapp.sim.apps.clock.fossify_clock import SKIN as FOSSIFY
from pytest_anyapp.sim.apps.clock.kit import ClockApp

#: Fossify's skin with what 5.11.2 does differently: no manual alarm order (no drag handle), its
#: own title and overflow entries.
SKIN = replace(
    FOSSIFY,
    alarm=replace(FOSSIFY.alarm, drag_handle=False),
    title="Simple Clock", menu=("Sort by", "Settings", "About", "More apps from us"),
)


class SimpleClock(ClockApp):
    package = "com.simplemobiletools.clock"
    label = "Simple Clock"
    version_name, version_code = "5.11.2", 42
    launch_activity = ".activities.MainActivity"
    icon_color = "#F57C00"
    skin = SKIN
