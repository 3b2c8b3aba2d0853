"""Organic Maps / CoMaps save a route as one track named "<from> - <to>" holding the routed road
line, inside the current bookmark list ``My Places.kml`` (``RoutingManager::SaveRoute``), not as a
separate file of the stops; every checkpoint is a vertex of that line (the router's fake edges
start at the checkpoint itself), so the criterion's 0.001° check of each stop holds on the real line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.sim.apps.maps.comaps import CoMaps
from pytest_anyapp.sim.apps.maps.organic_maps import OrganicMaps
from pytest_anyapp.sim.apps.maps.store import KmlBookmarks, Point
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from verifiers.maps.files import parse_geo


@pytest.mark.parametrize("app_class", [OrganicMaps, CoMaps], ids=["organic_maps", "comaps"])
def test_a_saved_route_is_one_road_line_track_in_my_places(tmp_path: Path, app_class: type) -> None:
    app = app_class(SimDevice(DeviceConfig(tmp_path / "dev")))
    store = KmlBookmarks(app)
    store.add(Point("Cafe", 47.15, 9.52))
    stops = [Point("Vaduz", 47.141, 9.521), Point("Schaan", 47.165, 9.509), Point("Triesen", 47.106, 9.528)]
    store.save_track("Vaduz - Triesen", stops)
    folder = app.device.fs.host(f"{app.data_dir}/files/bookmarks")
    assert sorted(p.name for p in folder.iterdir()) == ["My Places.kml"]
    pins, tracks = parse_geo((folder / "My Places.kml").read_bytes(), "My Places.kml")
    assert [p.name for p in pins] == ["Cafe"], "the list keeps its bookmarks"
    assert [t.name for t in tracks] == ["Vaduz - Triesen"]
    line = tracks[0].points
    assert len(line) > len(stops), "the road line, not only the stops"
    at = [line.index((s.lat, s.lon)) for s in stops]
    assert at == sorted(at), "each checkpoint is a vertex of the line, in order"
    store.add(Point("Park", 47.2, 9.6))
    assert [t.name for t in parse_geo((folder / "My Places.kml").read_bytes(), "x.kml")[1]] == ["Vaduz - Triesen"]
