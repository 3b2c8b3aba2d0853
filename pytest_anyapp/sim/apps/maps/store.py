"""What the Maps app doubles read and write, in the real apps' formats (docs/maps.md, storage
profiles). Independent of the harness on purpose (its own place table and coordinate handling).

* :class:`KmlBookmarks` — Organic Maps / CoMaps: ``files/bookmarks/My Places.kml`` (KML 2.2,
  ``Document`` > ``Placemark`` with ``name`` and ``Point/coordinates`` as ``lon,lat,0``, each number with
  at most 6 digits after the comma, as ``kml::PointToLineString`` writes it); a saved route is a
  ``Placemark`` with a ``LineString`` in the same file; a track the list already holds (a recorded
  ``gx:Track``, a ``MultiGeometry`` of lines) is kept as it is when the list is saved again.
* :class:`GpxFavorites` — OsmAnd: ``Android/data/net.osmand.plus/files/favorites/favorites.gpx``
  (GPX 1.1 ``wpt lat lon`` with ``name``; lat/lon as ``GpxUtilities.formatLatLon``: 7 places at most,
  2 at least); tracks are GPX ``trk/trkseg/trkpt`` files in ``files/tracks``.
* :class:`MarkersDb` — OsmAnd: ``databases/map_markers_db``, table ``map_markers`` (schema of
  ``MapMarkersDbHelper``); removing a marker moves it to the history (``marker_active = 0``).
* Exports go to shared storage ``Download/`` as GPX (OsmAnd) or KML (Organic Maps, CoMaps).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

KML_NS = "http://www.opengis.net/kml/2.2"
GPX_NS = "http://www.topografix.com/GPX/1/1"

#: The offline map's places (Liechtenstein): name -> (lat, lon).
PLACES: dict[str, tuple[float, float]] = {
    "Balzers": (47.0688832, 9.5061564), "Bendern": (47.2122151, 9.5062101), "Malbun": (47.1026191, 9.6083057),
    "Nendeln": (47.1973857, 9.5430636), "Oberplanken": (47.1784977, 9.5450163), "Planken": (47.1858882, 9.5452201),
    "Rotenboden": (47.1275785, 9.5387131), "Ruggell": (47.23976, 9.5262837), "Schaan": (47.1663432, 9.5103085),
    "Schaanwald": (47.2165476, 9.5699984), "Schönberg": (47.1303814, 9.5930117), "Triesen": (47.106997, 9.5274854),
}
#: Search categories the offline map knows, with two POI names each (placed next to every place).
POI_KINDS: dict[str, tuple[str, tuple[str, str]]] = {
    "coffee": ("Café", ("Café Linde", "Kaffeebar Adler")),
    "restaurant": ("Restaurant", ("Gasthaus Sonne", "Restaurant Rössle")),
    "hotel": ("Hotel", ("Hotel Krone", "Pension Alpina")),
    "parking": ("Parking", ("Parkplatz Zentrum", "Parkhaus Post")),
}


@dataclass(frozen=True)
class Point:
    name: str
    lat: float
    lon: float
    kind: str = ""  # "" = a place of the map; else a POI category
    near: str = ""  # the place a POI lies next to

    @property
    def subtitle(self) -> str:
        return f"{POI_KINDS[self.kind][0]} · {self.near}" if self.kind else "Village · Liechtenstein"


def find_places(query: str) -> list[Point]:
    """Places whose name starts with the query's first word (case-insensitive), best first."""
    q = query.split(",", 1)[0].strip().lower()
    if not q:
        return []
    hits = [n for n in PLACES if n.lower().startswith(q)]
    hits.sort(key=lambda n: (n.lower() != q, n))
    return [Point(n, *PLACES[n]) for n in hits]


def find_pois(kind: str, around: str) -> list[Point]:
    """The category's POIs next to ``around`` (a few hundred metres off, deterministic)."""
    if kind not in POI_KINDS or around not in PLACES:
        return []
    lat, lon = PLACES[around]
    return [Point(name, lat + 0.002 * (i + 1), lon + 0.003, kind=kind, near=around)
            for i, name in enumerate(POI_KINDS[kind][1])]


def parse_coords(text: str) -> Point | None:
    """A typed ``"lat, lon"``."""
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*", text)
    if m is None:
        return None
    lat, lon = float(m.group(1)), float(m.group(2))
    name = next((n for n, (a, b) in PLACES.items() if abs(a - lat) < 1e-4 and abs(b - lon) < 1e-4), "")
    return Point(name or f"{lat:.5f}, {lon:.5f}", lat, lon)


def route_summary(a: Point, b: Point) -> str:
    """``"<min> min · <km> km"`` for a drive at ~45 km/h over 1.3x the straight distance."""
    dlat = math.radians(b.lat - a.lat)
    dlon = math.radians(b.lon - a.lon) * math.cos(math.radians((a.lat + b.lat) / 2))
    km = 6371.0 * math.hypot(dlat, dlon) * 1.3
    return f"{max(1, round(km / 45 * 60))} min · {km:.1f} km"


# -- KML (Organic Maps, CoMaps) ------------------------------------------------------------------

def to_string_dac(d: float, dac: int = 6) -> str:
    """``strings::to_string_dac`` (Organic Maps ``base/string_utils.cpp``), as ``kml::PointToString``
    prints a coordinate: at most ``dac`` digits after the comma, trailing zeros dropped."""
    if -1 < d < 1:  # printed as d + 1 (or d - 1) with dac + 1 significant digits, then the 1 replaced
        text = f"{(d + 1 if d >= 0 else d - 1):.{dac + 1}g}"
        return "0" + text[1:] if d >= 0 else "-0" + text[2:]
    return f"{d:.{dac + len(str(int(abs(d))))}g}"


def kml_point(lat: float, lon: float) -> str:
    """``kml::PointToLineString``: ``lon,lat,alt``; a bookmark's and a route's point has the default
    altitude 0."""
    return f"{to_string_dac(lon)},{to_string_dac(lat)},0"


def _kml_doc(name: str) -> tuple[ET.Element, ET.Element]:
    root = ET.Element(f"{{{KML_NS}}}kml")
    doc = ET.SubElement(root, f"{{{KML_NS}}}Document")
    ET.SubElement(doc, f"{{{KML_NS}}}name").text = name
    return root, doc


def _write(path_host: object, root: ET.Element) -> None:
    from pathlib import Path

    assert isinstance(path_host, Path)
    ET.register_namespace("", root.tag[1:].split("}")[0])
    path_host.parent.mkdir(parents=True, exist_ok=True)
    path_host.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8"))


class KmlBookmarks:
    """The default bookmark list ``My Places`` of Organic Maps / CoMaps: its bookmarks (Point
    placemarks) and its tracks (LineString placemarks), in one file."""

    def __init__(self, app: SimApp) -> None:
        self.app = app
        self.dir = f"{app.data_dir}/files/bookmarks"

    def _placemarks(self) -> list[ET.Element]:
        host = self.app.device.fs.host(f"{self.dir}/My Places.kml")
        if not host.exists():
            return []
        return list(ET.parse(host).getroot().iter(f"{{{KML_NS}}}Placemark"))

    def points(self) -> list[Point]:
        out: list[Point] = []
        for pm in self._placemarks():
            coords = pm.findtext(f"{{{KML_NS}}}Point/{{{KML_NS}}}coordinates")
            if coords:
                lon, lat = (float(x) for x in coords.strip().split(",")[:2])
                out.append(Point(pm.findtext(f"{{{KML_NS}}}name") or "", lat, lon))
        return out

    def _tracks(self) -> list[ET.Element]:
        """Every track Placemark as the file holds it: a ``LineString`` or a ``gx:Track``, also inside
        ``MultiGeometry`` / ``gx:MultiTrack`` (the app's ``KmlParser`` reads all of them as tracks, and
        writes them back on the next save)."""
        return [pm for pm in self._placemarks()
                if pm.find(f"{{{KML_NS}}}Point") is None
                and any(el.tag.rsplit("}", 1)[-1] in ("LineString", "Track") for el in pm.iter())]

    def save(self, points: list[Point], tracks: list[ET.Element] | None = None) -> None:
        root, doc = _kml_doc("My Places")
        for p in points:
            pm = ET.SubElement(doc, f"{{{KML_NS}}}Placemark")
            ET.SubElement(pm, f"{{{KML_NS}}}name").text = p.name
            pt = ET.SubElement(pm, f"{{{KML_NS}}}Point")
            ET.SubElement(pt, f"{{{KML_NS}}}coordinates").text = kml_point(p.lat, p.lon)
        for track in self._tracks() if tracks is None else tracks:
            doc.append(track)
        _write(self.app.device.fs.host(f"{self.dir}/My Places.kml"), root)

    def add(self, p: Point) -> None:
        self.save([*self.points(), p])

    def remove(self, p: Point) -> None:
        self.save([q for q in self.points() if (q.name, q.lat, q.lon) != (p.name, p.lat, p.lon)])

    def save_track(self, name: str, points: list[Point]) -> None:
        """``RoutingManager::SaveRoute``: the routed polyline (``GetRoutePolyline``, equal sequential
        points dropped) as one track named "<from> - <to>" in the current list (``My Places``)."""
        pm = ET.Element(f"{{{KML_NS}}}Placemark")
        ET.SubElement(pm, f"{{{KML_NS}}}name").text = name
        line = ET.SubElement(pm, f"{{{KML_NS}}}LineString")
        ET.SubElement(line, f"{{{KML_NS}}}coordinates").text = " ".join(
            kml_point(lat, lon) for lat, lon in road_line(points))
        self.save(self.points(), [*self._tracks(), pm])


#: How far the simulated road runs beside a checkpoint (degrees): the router's projection of a
#: checkpoint onto its nearest road.
ROAD_OFFSET = 0.0004


def road_line(stops: list[Point]) -> list[tuple[float, float]]:
    """A routed line through ``stops`` as Organic Maps' router builds it: each leg leaves its
    checkpoint by a fake edge to the checkpoint's projection on a road, follows roads, and enters
    the next checkpoint from its projection (``FakeEnding``: ``m_originJunction`` -> projection,
    ``routing/index_graph_starter*.cpp``), so every checkpoint is itself a vertex of the line while
    most vertices are road geometry."""
    out: list[tuple[float, float]] = []
    for a, b in zip(stops, stops[1:], strict=False):
        leg = [(a.lat, a.lon), (a.lat + ROAD_OFFSET, a.lon), (a.lat + ROAD_OFFSET, (a.lon + b.lon) / 2),
               (b.lat + ROAD_OFFSET, (a.lon + b.lon) / 2), (b.lat + ROAD_OFFSET, b.lon), (b.lat, b.lon)]
        for vertex in leg:
            if not out or out[-1] != vertex:
                out.append(vertex)
    return out if out else [(p.lat, p.lon) for p in stops]


def export_kml(app: SimApp, p: Point) -> str:
    """One bookmark as a KML file in ``Download/`` (returns the device path)."""
    root, doc = _kml_doc(p.name)
    pm = ET.SubElement(doc, f"{{{KML_NS}}}Placemark")
    ET.SubElement(pm, f"{{{KML_NS}}}name").text = p.name
    ET.SubElement(ET.SubElement(pm, f"{{{KML_NS}}}Point"), f"{{{KML_NS}}}coordinates").text = kml_point(p.lat, p.lon)
    path = f"/sdcard/Download/{safe_name(p.name)}.kml"
    _write(app.device.fs.host(path), root)
    return path


def safe_name(name: str) -> str:
    return re.sub(r'[:/\\<>"|?*]', "_", name).strip() or "Untitled"


# -- GPX (OsmAnd) --------------------------------------------------------------------------------

def format_lat_lon(x: float) -> str:
    """``GpxUtilities.formatLatLon`` ("0.00#####"): rounded to 7 places, at least 2 after the point."""
    whole, _, fraction = f"{round(x * 10_000_000) / 10_000_000:.7f}".partition(".")
    return f"{whole}.{fraction.rstrip('0').ljust(2, '0')}"


def _gpx() -> ET.Element:
    return ET.Element(f"{{{GPX_NS}}}gpx", {"version": "1.1", "creator": "OsmAnd"})


class GpxFavorites:
    """OsmAnd's default favourites group: the external file ``favorites/favorites.gpx`` and the app's
    private copy ``files/favourites_bak.gpx`` (``FavouritesFileHelper.getInternalFile``), both
    written on every save. At start-up (:meth:`load`, ``FavouritesHelper.loadFavorites``) the
    external points are merged into the private copy as a union (``merge``: a point of the private
    copy missing outside is kept) and, when that changed anything, the union is written back."""

    def __init__(self, app: SimApp) -> None:
        self.app = app
        self.files = f"/sdcard/Android/data/{app.package}/files"
        self.path = f"{self.files}/favorites/favorites.gpx"
        self.internal = f"{app.data_dir}/files/favourites_bak.gpx"

    def _read(self, path: str) -> list[Point]:
        host = self.app.device.fs.host(path)
        if not host.exists():
            return []
        return [Point(w.findtext(f"{{{GPX_NS}}}name") or "", float(w.get("lat", "0")), float(w.get("lon", "0")))
                for w in ET.parse(host).getroot().iter(f"{{{GPX_NS}}}wpt")]

    def load(self) -> None:
        """``loadFavorites``: union of the private copy and the external file, by point key (name)."""
        kept = self._read(self.internal)
        names = {p.name for p in kept}
        union = kept + [p for p in self._read(self.path) if p.name not in names]
        external_dir = self.app.device.fs.host(f"{self.files}/favorites")
        if union != kept or not external_dir.exists():
            self.save(union)

    def points(self) -> list[Point]:
        return self._read(self.internal)

    def save(self, points: list[Point]) -> None:
        _write(self.app.device.fs.host(self.internal), gpx_waypoints(points))
        _write(self.app.device.fs.host(self.path), gpx_waypoints(points))

    def add(self, p: Point) -> None:
        self.save([*self.points(), p])

    def remove(self, p: Point) -> None:
        self.save([q for q in self.points() if (q.name, q.lat, q.lon) != (p.name, p.lat, p.lon)])

    def save_track(self, name: str, points: list[Point]) -> None:
        root = _gpx()
        trk = ET.SubElement(root, f"{{{GPX_NS}}}trk")
        ET.SubElement(trk, f"{{{GPX_NS}}}name").text = name
        seg = ET.SubElement(trk, f"{{{GPX_NS}}}trkseg")
        for p in points:
            ET.SubElement(seg, f"{{{GPX_NS}}}trkpt", {"lat": format_lat_lon(p.lat), "lon": format_lat_lon(p.lon)})
        _write(self.app.device.fs.host(f"{self.files}/tracks/{safe_name(name)}.gpx"), root)


def gpx_waypoints(points: list[Point]) -> ET.Element:
    root = _gpx()
    for p in points:
        wpt = ET.SubElement(root, f"{{{GPX_NS}}}wpt", {"lat": format_lat_lon(p.lat), "lon": format_lat_lon(p.lon)})
        ET.SubElement(wpt, f"{{{GPX_NS}}}name").text = p.name
    return root


def export_gpx(app: SimApp, p: Point) -> str:
    path = f"/sdcard/Download/{safe_name(p.name)}.gpx"
    _write(app.device.fs.host(path), gpx_waypoints([p]))
    return path


def marker_name(description: str | None) -> str:
    """The name ``PointDescription.deserializeFromString`` reads from ``type[.typeName]#name[#icon]``:
    from the first ``#`` to the second (or the end), trimmed; no ``#`` gives no name."""
    parts = (description or "").split("#")
    return parts[1].strip() if len(parts) > 1 else ""


class MarkersDb:
    """OsmAnd's ``map_markers_db`` (``MapMarkersDbHelper``, DB version 13)."""

    DB = "map_markers_db"
    CREATE = ("CREATE TABLE IF NOT EXISTS map_markers (marker_id TEXT PRIMARY KEY, marker_lat double, marker_lon double, "
              "marker_description TEXT, marker_active int, marker_added long, marker_visited long, group_name TEXT, "
              "group_key TEXT, marker_color int, marker_next_key TEXT, marker_disabled int, marker_selected int, "
              "marker_map_object_name TEXT); CREATE TABLE IF NOT EXISTS map_markers_groups (group_id TEXT PRIMARY KEY, "
              "group_name TEXT, group_type int, group_disabled int, group_categories TEXT); PRAGMA user_version = 13;")

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.DB, self.CREATE)

    def active(self) -> list[tuple[str, Point]]:
        self.create()
        rows = self.app.query(self.DB, "SELECT marker_id, marker_lat, marker_lon, marker_description FROM map_markers "
                                       "WHERE marker_active = 1 ORDER BY marker_added")
        return [(r["marker_id"], Point(marker_name(r["marker_description"]), r["marker_lat"], r["marker_lon"]))
                for r in rows]

    def add(self, p: Point) -> None:
        """What ``insertLast`` writes: id from the coordinates, description ``"map_marker#<name>"``, active,
        added now, next key ``tail_next`` (the previous tail now points to it)."""
        self.create()
        marker_id = f"{p.lat:.5f}_{p.lon:.5f}_{self.app.now_ms()}"
        self.app.execute(self.DB, "UPDATE map_markers SET marker_next_key = ? WHERE marker_next_key = 'tail_next'",
                         (marker_id,))
        self.app.execute(self.DB, "INSERT INTO map_markers VALUES (?, ?, ?, ?, 1, ?, 0, NULL, NULL, 0, 'tail_next', 0, "
                                  "0, ?)", (marker_id, p.lat, p.lon, f"map_marker#{p.name}", self.app.now_ms(), p.name))

    def to_history(self, marker_id: str) -> None:
        """``moveMarkerToHistory``: inactive, visited now, next key ``history_next``."""
        self.app.execute(self.DB, "UPDATE map_markers SET marker_active = 0, marker_visited = ?, "
                                  "marker_next_key = 'history_next' WHERE marker_id = ?", (self.app.now_ms(), marker_id))
