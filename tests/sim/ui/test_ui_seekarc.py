"""The SeekArc (com.triggertrap.seekarc.SeekArc, as Phonograph Plus's sleep dialog configures it:
max 120, startAngle 30, sweep 300, rotation 180, counter-clockwise): a touch seeks by its angle
around the centre; the inner quarter of the radius and the sweep's gap are ignored."""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_helpers import booted_with, nodes

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.ui.views import Column, SeekArc, TextView, View

PACKAGE = "org.anyapp.arc"


class ArcHome(Screen):
    activity = ".ArcActivity"

    def build(self) -> View:
        value = self.widgets.progress.get("arc", 1)
        return Column(SeekArc("arc", max=120, initial=1, start_angle=30, sweep_angle=300, rotation=180,
                              clockwise=False, padding=(30, 30), width=264, height=264),
                      TextView(f"{value} min", id="readout"))


class ArcApp(SimApp):
    package = PACKAGE
    label = "Arc"
    launch_activity = ".ArcActivity"
    home = ArcHome


@pytest.fixture
def arc(tmp_path: Path) -> Iterator[SimDevice]:
    with booted_with(ArcApp, tmp_path / "arc-dev") as device:
        yield device


def _node(device: SimDevice, name: str) -> dict[str, str]:
    return next(a for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/{name}")


def _at(device: SimDevice, degrees_from_top_ccw: float, fraction: float = 0.4) -> tuple[float, float]:
    """A point ``degrees`` counter-clockwise from the top, ``fraction`` of the side from the centre."""
    left, top, right, bottom = map(int, re.findall(r"-?\d+", _node(device, "arc")["bounds"]))
    a = math.radians(degrees_from_top_ccw)
    side = min(right - left, bottom - top)
    return ((left + right) / 2 - fraction * side * math.sin(a), (top + bottom) / 2 - fraction * side * math.cos(a))


def test_a_touch_seeks_by_its_angle(arc: SimDevice) -> None:
    assert _node(arc, "arc")["class"] == "com.triggertrap.seekarc.SeekArc"
    arc.ui.tap(*_at(arc, 0))  # the top: the middle of the 300-degree sweep
    assert _node(arc, "readout")["text"] == "60 min"
    arc.ui.tap(*_at(arc, 90))  # the left: 90 degrees further counter-clockwise = 36 more minutes
    assert _node(arc, "readout")["text"] == "96 min"
    arc.ui.tap(*_at(arc, -90, 0.2))  # the right, nearer the ring's inside: 24 minutes
    assert _node(arc, "readout")["text"] == "24 min"


def test_the_centre_and_the_gap_are_ignored_and_a_drag_ends_where_it_lifts(arc: SimDevice) -> None:
    arc.ui.tap(*_at(arc, 0, 0.05))  # inside a quarter of the radius
    assert _node(arc, "readout")["text"] == "1 min"
    arc.ui.tap(*_at(arc, 180))  # the bottom: the gap between 120 and 0
    assert _node(arc, "readout")["text"] == "1 min"
    (x1, y1), (x2, y2) = _at(arc, -150), _at(arc, 30)
    arc.ui.swipe(x1, y1, x2, y2, 300)
    assert _node(arc, "readout")["text"] == "72 min"
