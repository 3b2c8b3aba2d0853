"""The SeekBar: a tap seeks to where it lands, a drag to where it lifts (AbsSeekBar.trackTouchEvent),
the readout follows; vertical swipes elsewhere still scroll nothing they should not."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_helpers import booted_with, nodes

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.ui.theme import dp
from pytest_anyapp.sim.ui.views import Column, SeekBar, TextView, View

PACKAGE = "org.anyapp.slider"


class SliderHome(Screen):
    activity = ".SliderActivity"
    stops: list[int]

    def build(self) -> View:
        value = self.widgets.progress.get("bar", 30)
        return Column(TextView(f"{value} min", id="readout"),
                      SeekBar("bar", initial=30, on_stop=lambda v: self.stops.append(v)))


class SliderApp(SimApp):
    package = PACKAGE
    label = "Slider"
    launch_activity = ".SliderActivity"
    home = SliderHome


@pytest.fixture
def slider(tmp_path: Path) -> Iterator[SimDevice]:
    with booted_with(SliderApp, tmp_path / "slider-dev") as device:
        device.ui.front.stack[0].stops = []
        yield device


def bar(device: SimDevice) -> tuple[dict[str, str], tuple[int, int, int, int]]:
    attrs = next(a for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/bar")
    left, top, right, bottom = map(int, re.findall(r"-?\d+", attrs["bounds"]))
    return attrs, (left, top, right, bottom)


def readout(device: SimDevice) -> str:
    return next(a["text"] for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/readout")


def at(bounds: tuple[int, int, int, int], fraction: float) -> int:
    """x of ``fraction`` of the track (inside the 16 dp side padding)."""
    left, right = bounds[0] + dp(16), bounds[2] - dp(16)
    return round(left + fraction * (right - left))


def test_dump_shows_a_seekbar_without_text(slider: SimDevice) -> None:
    attrs, _ = bar(slider)
    assert attrs["class"] == "android.widget.SeekBar" and attrs["text"] == "" and attrs["focusable"] == "true"
    assert readout(slider) == "30 min"


def test_drag_seeks_to_where_the_finger_lifts(slider: SimDevice) -> None:
    _, b = bar(slider)
    y = (b[1] + b[3]) // 2
    slider.ui.swipe(at(b, 0.30), y, at(b, 0.45), y, 300)
    assert readout(slider) == "45 min"
    slider.ui.swipe(at(b, 0.45), y, b[2] + 50, y + 30, 300)  # past the end, drifting down: clamped to max
    assert readout(slider) == "100 min"
    assert slider.ui.front.stack[0].stops == [45, 100]


def test_tap_seeks_too(slider: SimDevice) -> None:
    _, b = bar(slider)
    slider.ui.tap(b[0] + 1, (b[1] + b[3]) // 2)  # in the left padding: the minimum
    assert readout(slider) == "0 min"
    assert slider.ui.screenshot().size == (1080, 2400)  # a bar at its minimum has no filled track to paint
    slider.ui.tap(at(b, 0.6), (b[1] + b[3]) // 2)
    assert readout(slider) == "60 min"


def test_a_drag_within_the_touch_slop_still_lands_where_it_lifts(slider: SimDevice) -> None:
    _, b = bar(slider)
    y = (b[1] + b[3]) // 2
    slider.ui.swipe(at(b, 0.30), y, at(b, 0.30) + dp(3), y, 300)  # a nudge, not a tap at the start
    assert readout(slider) == "31 min"
