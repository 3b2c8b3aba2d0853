"""Enter in the clock doubles' city search field, as each app's source builds it (docs/clock.md,
"Text fields and Enter"): Clock 2.29 and Google Clock an androidx SearchView (its editor listener
takes every action, IME_NULL included, and submits: nothing to see; Clock 2.29 clears its focus
after start), ClockYou v9.1 a Compose TextField left multi-line (Enter adds a line), Chrono v0.6.0
a Flutter single-line TextField (Enter is its done action: the field loses focus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.sim.apps.clock.chrono import Chrono
from pytest_anyapp.sim.apps.clock.clock import BestClock
from pytest_anyapp.sim.apps.clock.clock_you import ClockYou
from pytest_anyapp.sim.apps.clock.google_clock import GoogleClock
from pytest_anyapp.sim.apps.clock.kit import CityPicker, ClockApp
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import EditText


@pytest.mark.parametrize(("app", "toolkit", "multiline", "consumes", "focused"), [
    (BestClock, "view", False, True, False),
    (GoogleClock, "view", False, True, True),
    (ClockYou, "compose", True, False, True),
    (Chrono, "flutter", False, False, True),
])
def test_city_search_field(tmp_path: Path, app: type[ClockApp], toolkit: str, multiline: bool, consumes: bool,
                           focused: bool) -> None:
    screen = CityPicker(app(SimDevice(DeviceConfig(tmp_path / "dev"))))
    field = next(v for v in screen.build().walk() if isinstance(v, EditText))
    assert field.id == "search_src_text"
    assert (field.toolkit, field.multiline, field.on_submit is not None) == (toolkit, multiline, consumes)
    assert (screen.widgets.focus == "search_src_text") is focused
