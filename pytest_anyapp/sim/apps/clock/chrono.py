"""Chrono 0.6.0 (``com.vicolo.chrono``), a Flutter clock.

Bottom navigation Alarm / Clock / Timer / Stopwatch (``lib/navigation/data/tabs.dart``). Flutter
exposes no resource ids: everything is found by text and content description. "Add" opens the
time picker at once (``alarm_screen.dart`` ``_selectTime``: ``showTimePickerDialog``, confirm text
"Save"), whose Save adds the alarm: the app's fork of Flutter's dial
(:data:`pytest_anyapp.sim.apps.time_pickers.CHRONO`; its "Mode" offers the input fields); a long-pressed
alarm is deleted from the selection bar. The timer's "+" asks for a length and starts the timer
at once (``timer_screen.dart``: ``timer.start()`` then ``addItem``). The city search is "Search
for a city". All lists are JSON files in ``app_flutter/Clock/`` (``alarms``, ``timers``,
``stopwatches``, ``favorite_cities``); a first start preloads four cities.

First screen (v0.6.0, ``lib/app.dart`` root route): while GetStorage (``app_flutter/GetStorage.gs``,
a JSON map) has no ``onboarded``, the app opens its OnBoardingScreen ("Skip" / "Done"), whose end
writes ``onboarded`` = true (``lib/onboarding/screens/onboarding_screen.dart``). Override:
``OnBoarding``.
"""

from __future__ import annotations

import json

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
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

SKIN = ClockSkin(
    nav="bottom",
    tabs=(("alarm", "Alarm", "flux_alarm"), ("clock", "Clock", "flux_clock"), ("timer", "Timer", "flux_timer"),
          ("stopwatch", "Stopwatch", "flux_stopwatch")),  # FluxIcons
    alarm=AlarmSkin(list_id="", time_id="", switch_id="", add=Icon("add", "Add"), picker="chrono", delete="select",
                    delete_label="Delete", new_title="Select time", edit_title="Select time", save="Save",
                    cancel="Cancel", empty_text="No alarms created",
                    picker_saves=True),
    timer=TimerSkin(flow="setup_start", picker="spinner", start=Icon("play", "Start"), pause="Pause", resume="Resume",
                    reset="Reset", time_id="", list_id="", add=Icon("add", "Add"), new_title="Duration"),
    stopwatch=StopwatchSkin(time_id="", start="Start", pause="Pause", resume="Resume", reset="Reset", lap="Lap"),
    world=WorldSkin(add=Icon("add", "Add"), flow="search", list_id="", row_id="", title="Search for a city",
                    search_hint="Search for a city", empty_text="No cities added",
                    search_field="flutter"),
    store="chrono", clock="24h",
)


def _storage(app: SimApp) -> dict[str, object]:
    path = app.host_path("app_flutter/GetStorage.gs")
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


class OnBoarding(Screen):
    """OnBoardingScreen (IntroductionScreen): "Skip" and "Done" both end it (``_onIntroEnd``)."""

    def build(self) -> View:
        return Scaffold(None, Column(TextView("Important", size=22, align="center"), spacing=16,
                                     padding=(32, 240, 32, 0)),
                        bottom=Row(Button("Skip", self.done, style="text"), Spacer(weight=1.0),
                                   Button("Done", self.done, style="text"), padding=(16, 8)))

    def done(self) -> None:
        values = _storage(self.app) | {"onboarded": True}
        path = self.app.host_path("app_flutter/GetStorage.gs")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
        self.replace(Main(self.app))


def launcher(app: SimApp) -> Screen:
    return Main(app) if _storage(app).get("onboarded") else OnBoarding(app)


class Chrono(ClockApp):
    package = "com.vicolo.chrono"
    label = "Chrono"
    version_name, version_code = "0.6.0", 283
    launch_activity = ".MainActivity"
    icon_color = "#5C6BC0"
    skin = SKIN
    home = launcher
