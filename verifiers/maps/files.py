"""GPX 1.1 and KML 2.2 as the Maps apps write them, read and written on the harness side (the
simulator has its own writer; a disagreement fails the round-trip test).

* KML (Organic Maps, CoMaps): ``Placemark`` > ``Point/coordinates`` ``"lon,lat[,alt]"`` is a bookmark;
  ``Placemark`` > ``LineString/coordinates`` (space-separated tuples) or ``gx:Track/gx:coord``
  (``"lon lat alt"``) is a track.
* GPX (OsmAnd): ``wpt lat lon`` + ``name`` is a favourite/waypoint; ``trk/trkseg/trkpt`` and
  ``rte/rtept`` are track points.
"""

from __future__ import annotations

import base64
import binascii
import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Sequence
from xml.sax.saxutils import escape

from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import VerifierReadError
from verifiers.maps.state import Pin, Track


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _child_text(el: ET.Element, name: str) -> str:
    for child in el:
        if _local(child.tag) == name:
            return (child.text or "").strip()
    return ""


def unpack_kmz(data: bytes, what: str) -> bytes:
    """The KML inside a ``.kmz`` (a zip whose first ``.kml`` member is the document, as Organic
    Maps exports a bookmark list); other files as they are."""
    if not what.lower().endswith(".kmz"):
        return data
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            name = next((n for n in z.namelist() if n.lower().endswith(".kml")), None)
            if name is None:
                raise VerifierReadError(f"{what}: no .kml inside the .kmz")
            return z.read(name)
    except zipfile.BadZipFile as exc:
        raise VerifierReadError(f"{what}: not a zip ({exc})") from exc


@parses("base64 -w 0", reads="text")
def geo_file(output: str, path: str) -> tuple[list[Pin], list[Track]]:
    """Points and tracks of one app file as the verifiers read it (``base64 -w 0 <path>``, so a KMZ
    crosses the shell intact): decoded, unpacked when a ``.kmz``, parsed by its root element."""
    try:
        data = base64.b64decode(output.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise VerifierReadError(f"{path}: the read is not base64") from None
    return parse_geo(unpack_kmz(data, path), path)


def parse_geo(data: bytes, what: str) -> tuple[list[Pin], list[Track]]:
    """Points and tracks of one GPX or KML file (by its root element)."""
    if not data.strip():
        return [], []
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise VerifierReadError(f"{what} is not well-formed XML: {exc}") from exc
    kind = _local(root.tag)
    if kind == "gpx":
        pins, tracks = _parse_gpx(root)
        stem = what.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        return pins, [t if t.name else t.model_copy(update={"name": stem}) for t in tracks]
    if kind == "kml":
        return _parse_kml(root)
    raise VerifierReadError(f"{what}: neither GPX nor KML (root <{kind}>)")


def _parse_gpx(root: ET.Element) -> tuple[list[Pin], list[Track]]:
    pins: list[Pin] = []
    tracks: list[Track] = []
    for el in root.iter():
        tag = _local(el.tag)
        if tag == "wpt":
            pins.append(Pin(name=_child_text(el, "name"), lat=float(el.get("lat", "nan")), lon=float(el.get("lon", "nan"))))
        elif tag in ("trk", "rte"):
            pt = "trkpt" if tag == "trk" else "rtept"
            pts = [(float(p.get("lat", "nan")), float(p.get("lon", "nan"))) for p in el.iter() if _local(p.tag) == pt]
            tracks.append(Track(name=_child_text(el, "name"), points=pts))
    return pins, tracks


def _parse_kml(root: ET.Element) -> tuple[list[Pin], list[Track]]:
    """As the apps' ``KmlParser`` reads a list: a Placemark's ``Point`` is a bookmark, and all its
    lines (one ``LineString`` / ``gx:Track``, or several inside ``MultiGeometry`` / ``gx:MultiTrack``)
    are ONE track (``Pop(kPlacemark)`` makes one ``TrackData`` per Placemark)."""
    pins: list[Pin] = []
    tracks: list[Track] = []
    for pm in root.iter():
        if _local(pm.tag) != "Placemark":
            continue
        name = _child_text(pm, "name")
        points: list[tuple[float, float]] = []
        lines = 0
        for geo in pm.iter():
            tag = _local(geo.tag)
            if tag == "Point":
                lon, lat = _lonlat(_child_text(geo, "coordinates"))
                pins.append(Pin(name=name, lat=lat, lon=lon))
            elif tag == "LineString":
                lines += 1
                points += [(lat, lon) for lon, lat in (_lonlat(t) for t in _child_text(geo, "coordinates").split())]
            elif tag == "Track":
                lines += 1
                points += [(lat, lon) for lon, lat in (_lonlat(c.text or "", sep=" ") for c in geo
                                                       if _local(c.tag) == "coord")]
        if lines:
            tracks.append(Track(name=name, points=points))
    return pins, tracks


def _lonlat(text: str, sep: str = ",") -> tuple[float, float]:
    parts = text.split(sep) if sep != " " else text.split()  # the apps' tokenizer skips empty fields
    parts = [part.strip() for part in parts]
    try:
        return float(parts[0]), float(parts[1])
    except (IndexError, ValueError):
        raise VerifierReadError(f"bad KML coordinates {text!r}") from None


# -- writers (seeding) ------------------------------------------------------------------------------

def kml(name: str, pins: Sequence[Pin] = (), tracks: Sequence[Track] = ()) -> bytes:
    marks = [f"<Placemark><name>{escape(p.name)}</name><Point><coordinates>{p.lon},{p.lat}</coordinates></Point>"
             "</Placemark>" for p in pins]
    marks += [f"<Placemark><name>{escape(t.name)}</name><LineString><coordinates>"
              + " ".join(f"{lon},{lat}" for lat, lon in t.points) + "</coordinates></LineString></Placemark>"
              for t in tracks]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
            f"<name>{escape(name)}</name>" + "".join(marks) + "</Document></kml>\n").encode()


def gpx(pins: Sequence[Pin] = (), tracks: Sequence[Track] = ()) -> bytes:
    body = [f'<wpt lat="{p.lat}" lon="{p.lon}"><name>{escape(p.name)}</name></wpt>' for p in pins]
    body += [f"<trk><name>{escape(t.name)}</name><trkseg>"
             + "".join(f'<trkpt lat="{lat}" lon="{lon}"/>' for lat, lon in t.points) + "</trkseg></trk>" for t in tracks]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="OsmAnd" '
            'xmlns="http://www.topografix.com/GPX/1/1">' + "".join(body) + "</gpx>\n").encode()


def kmz(name: str, pins: Sequence[Pin] = ()) -> bytes:
    """A ``.kmz``: a zip holding ``doc.kml``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("doc.kml", kml(name, pins))
    return buf.getvalue()
