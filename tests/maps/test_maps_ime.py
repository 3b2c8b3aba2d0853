"""Enter in the maps doubles' search field (docs/maps.md, "IME actions of the doubles' text fields"):
Organic Maps' and CoMaps' query has an OnClickListener and acts on the Search action only
(SearchToolbarController.java), so a hardware Enter performs its click and the focus stays;
OsmAnd's field is not read and keeps Android's default."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.sim.apps.maps.comaps import CoMaps
from pytest_anyapp.sim.apps.maps.kit import MapsApp, Search
from pytest_anyapp.sim.apps.maps.organic_maps import OrganicMaps
from pytest_anyapp.sim.apps.maps.osmand import OsmAnd
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import EditText


@pytest.mark.parametrize(("app", "clicks"), [(OrganicMaps, True), (CoMaps, True), (OsmAnd, False)])
def test_search_field_click_listener(tmp_path: Path, app: type[MapsApp], clicks: bool) -> None:
    screen = Search(app(SimDevice(DeviceConfig(tmp_path / "dev"))))
    field = next(v for v in screen.build().walk() if isinstance(v, EditText))
    assert (field.on_click is not None, field.on_submit) == (clicks, None)
