"""The maps reader and the maps doubles against files written from the apps' own writers
(``tests/android_outputs/base64/files``: Organic Maps / CoMaps ``libs/kml/serdes.cpp``, OsmAnd
``GpxUtilities.kt``), and OsmAnd's marker names as ``PointDescription.deserializeFromString`` reads them."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.apps.maps.organic_maps import OrganicMaps
from pytest_anyapp.sim.apps.maps.osmand import OsmAnd
from pytest_anyapp.sim.apps.maps.store import GpxFavorites, KmlBookmarks, MarkersDb, Point, marker_name
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from verifiers.maps.adapters import FILE_MARK, MARKERS_MARK, OSMAND_FAVORITES, OsmAndAdapter
from verifiers.maps.files import parse_geo

APP_FILES = Path(__file__).resolve().parents[1] / "android_outputs" / "base64" / "files"


def test_a_placemark_of_several_lines_is_one_track() -> None:
    """``KmlParser::Pop(kPlacemark)`` makes one ``TrackData`` per Placemark: a ``MultiGeometry`` of two
    ``LineString`` s (as ``SaveLineStrings`` writes an imported two-segment track) is one track."""
    data = (APP_FILES / "organic_recorded_and_multigeometry.kml").read_bytes()
    _, tracks = parse_geo(data, "Recorded.kml")
    assert [(t.name, len(t.points)) for t in tracks] == [("Morning walk & run", 12), ("Imported: two segments", 9)]


def test_the_kml_double_keeps_the_tracks_a_list_already_holds(tmp_path: Path) -> None:
    """Saving a bookmark rewrites ``My Places.kml``; the app writes back every track it read, a
    recorded ``gx:Track`` and a ``MultiGeometry`` too (the double kept only bare ``LineString`` s)."""
    app = OrganicMaps(SimDevice(DeviceConfig(tmp_path / "dev")))
    store = KmlBookmarks(app)
    host = app.device.fs.host(f"{store.dir}/My Places.kml")
    host.parent.mkdir(parents=True, exist_ok=True)
    host.write_bytes((APP_FILES / "organic_recorded_and_multigeometry.kml").read_bytes())
    store.add(Point("Cafe", 47.15, 9.52))
    pins, tracks = parse_geo(host.read_bytes(), "My Places.kml")
    assert [p.name for p in pins] == ["Cafe"]
    assert [(t.name, len(t.points)) for t in tracks] == [("Morning walk & run", 12), ("Imported: two segments", 9)]


def test_the_kml_double_writes_points_as_point_to_line_string(tmp_path: Path) -> None:
    """``kml::PointToLineString``: ``lon,lat,0`` with at most 6 digits after the comma (the double
    wrote Python's repr, ``8.5401936,47.3781774``)."""
    app = OrganicMaps(SimDevice(DeviceConfig(tmp_path / "dev")))
    store = KmlBookmarks(app)
    store.add(Point("Zürich HB", 47.3781774, 8.5401936))
    store.add(Point("Greenwich", 51.477928, -0.001545))
    text = app.device.fs.host(f"{store.dir}/My Places.kml").read_text(encoding="utf-8")
    assert "<coordinates>8.540194,47.378177,0</coordinates>" in text
    assert "<coordinates>-0.001545,51.477928,0</coordinates>" in text


def test_the_gpx_double_writes_lat_lon_as_format_lat_lon(tmp_path: Path) -> None:
    """``GpxUtilities.formatLatLon`` ("0.00#####"): 7 places at most, 2 at least (``45.00``)."""
    app = OsmAnd(SimDevice(DeviceConfig(tmp_path / "dev")))
    favorites = GpxFavorites(app)
    favorites.save([Point("Torino", 45.0, 7.0), Point("Big Ben", 51.50072919, -0.12462539)])
    text = app.device.fs.host(favorites.path).read_text(encoding="utf-8")
    assert 'lat="45.00" lon="7.00"' in text
    assert 'lat="51.5007292" lon="-0.1246254"' in text


@pytest.mark.parametrize(("description", "name"), [
    ("map_marker#Big Ben", "Big Ben"),
    ("map_marker#  Big Ben ☕ #ic_action_flag", "Big Ben ☕"),
    ("favorite.Home#Eiffel # Tower", "Eiffel"),
    ("map_marker", ""),
    (None, ""),
])
def test_marker_names_stop_at_the_second_hash(description: str | None, name: str) -> None:
    assert marker_name(description) == name


def test_the_markers_double_reads_a_name_as_the_app_does(tmp_path: Path) -> None:
    """A description with an icon after a second ``#``: OsmAnd shows the name only (the double read
    everything after the first ``#``, ``Big Ben #ic_action_flag``)."""
    app = OsmAnd(SimDevice(DeviceConfig(tmp_path / "dev")))
    db = MarkersDb(app)
    db.create()
    app.execute(db.DB, "INSERT INTO map_markers VALUES ('m1', 51.5007, -0.1246, 'map_marker#Big Ben #ic_action_flag', "
                       "1, 1, 0, NULL, NULL, 0, 'tail_next', 0, 0, 'Big Ben')", ())
    assert [p.name for _, p in db.active()] == ["Big Ben"]


def test_the_osmand_read_parses_each_file_with_geo_file() -> None:
    """The adapter's read (``@@FILE <path>`` then ``base64 -w 0 <path>``) goes through the registered
    reader: the favourites written by OsmAnd's writer, and a read that is not base64 refused."""
    favorites = f"{OSMAND_FAVORITES}/favorites.gpx"
    b64 = base64.b64encode((APP_FILES / "osmand_favorites_awkward.gpx").read_bytes()).decode()
    state = OsmAndAdapter().parse_stores([f"{FILE_MARK}{favorites}", b64, MARKERS_MARK])
    assert [p.name for p in state.favorites] == [
        'Tom & Jerry\'s <Café> > "best"', "mail@example.org ☕ Big Ben", "東京駅\nline two", "Torino", "Opera House"]
    with pytest.raises(VerifierReadError, match="not base64"):
        OsmAndAdapter().parse_stores([f"{FILE_MARK}{favorites}", "not base64!", MARKERS_MARK])
